"""One play, one identity: plays that travel between histories and apps come back without loss or doubling.

Every export read back by an independent reader (xml.etree, json, csv, urllib: not the program's own readers),
imported into the same history (nothing added) and into an empty one (the same statistics, finishing orders and
per-map lines where the format carries them); two owners' BoardGameGeek files with the same local ids add up; one
play from BoardGameGeek and from BG Stats is one play; the table's local day; anonymous players; plays without
players; oversized text; absurd player counts and scores; a file as BoardGameGeek's API returns it and a .bgsplay as
the app writes it (``samples/``)."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ElementTree  # the independent reader of what we write (our own files only)
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from referee.history import bgg as bgg_format
from referee.history import play_facts
from tests.history import helpers
from tests.history.helpers import entry, finished_record, history_at, on_engine
from tests.history.test_history_e2e import run

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("engine")]

SAMPLES = Path(__file__).parent / "samples"
UUID_OF_COIN = "7D1A1C52-6A0B-4D8E-9F43-0F3B2C1D9E11"
FORMATS = {"bgg": "plays.xml", "bgstats": "plays.bgsplay", "csv": "plays.csv", "json": "backup.json"}


def ok(*args: str) -> str:
    done = run(*args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout.decode() + done.stderr.decode()


def listed(history: Path) -> list[dict[str, Any]]:
    return json.loads(run("history", "list", "--json", "--history", str(history)).stdout)


def stats(history: Path, game: str) -> dict[str, Any]:
    return json.loads(run("stats", "--game", game, "--json", "--history", str(history)).stdout)


def a_history(tmp_path: Path) -> Path:
    """A Coin Age game from its record (its uuid, its map, 22:28 in Los Angeles) and a 4-player Matchstick Tycoon
    play out in the order Bob, Dee, Cid, Ann (not "the winner, then seats")."""
    history = tmp_path / "h.sqlite3"
    record, _actions = finished_record("coin-age", 3)
    text = record.decode().replace(
        "players =",
        f'uuid = "{UUID_OF_COIN}"\nstarted = "2025-11-24T21:40:00-08:00"\n'
        'finished = "2025-11-24T22:28:00-08:00"\nplayers =',
        1,
    )
    (tmp_path / "coin.toml").write_text(text)
    ok("history", "add", str(tmp_path / "coin.toml"), "--history", str(history))
    with history_at(history) as opened:
        match = entry("matchstick", ["Ann", "Bob", "Cid", "Dee"], None, [4, 1, 3, 2], ["Bob"], "2025-11-24T22:00:00")
        match.started, match.finished = "2025-11-25T06:40:00+09:00", "2025-11-25T07:00:00+09:00"  # Tokyo, 07:00
        match.kind = "bgstats"  # a play imported from BG Stats: its result, no actions
        opened.log(match)
    return history


def export_all(history: Path, folder: Path) -> dict[str, Path]:
    files = {}
    for name, file in FORMATS.items():
        ok("history", "export", "--format", name, "-o", str(folder / file), "--history", str(history))
        files[name] = folder / file
    return files


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    """The history of :func:`a_history` and its exports in every format, made once for the module (a SQLite file on
    both engines: the fixture is made before a test's engine; the tests import its exports on their engine)."""
    folder = tmp_path_factory.mktemp("exported")
    history = a_history(folder)
    helpers.FILES.add(history)
    return history, export_all(history, folder)


def test_every_export_comes_back_into_the_same_history_as_the_same_plays(
    tmp_path: Path, exported: tuple[Path, dict[str, Path]]
) -> None:
    history = a_history(tmp_path)  # the same history again, on the test's engine
    before = listed(history)
    assert next(item["uuid"] for item in before if item["game"] == "coin-age") == UUID_OF_COIN  # history add keeps it
    for name, file in exported[1].items():
        said = ok("history", "import", str(file), "--history", str(history))
        assert "Merged with the history" in said, (name, said)
        assert listed(history) == before, name  # nothing added, nothing changed
    said = ok("history", "add", str(exported[0].parent / "coin.toml"), "--history", str(history))
    assert "0 games added, 1 already in the history" in said and len(listed(history)) == 2


@pytest.mark.parametrize("name", ["bgstats", "csv", "json", "bgg"])
def test_every_export_into_an_empty_history_keeps_the_results(
    tmp_path: Path, name: str, exported: tuple[Path, dict[str, Path]]
) -> None:
    history, file = exported[0], exported[1][name]
    copy = tmp_path / "copy.sqlite3"
    ok("history", "import", str(file), "--history", str(copy))
    original = {item["game"]: item for item in listed(history)}
    restored = {item["game"]: item for item in listed(copy)}
    coin_stats, copied_coin_stats = stats(history, "coin-age"), stats(copy, "coin-age")
    if name == "bgg":  # no map in BoardGameGeek's format: the per-map lines stay behind (docs/formats.md)
        for numbers in (*coin_stats["players"].values(), *copied_coin_stats["players"].values()):
            numbers.pop("by_map", None)
    assert copied_coin_stats == coin_stats
    assert restored["coin-age"]["ranking"] == original["coin-age"]["ranking"]
    if name == "bgg":  # a game without points: BoardGameGeek carries its winner only; the rest share second place
        assert restored["matchstick"]["winner"] == "Bob"
        ranks = {n: v["rating"]["mu"] for n, v in stats(copy, "matchstick")["players"].items()}
        assert ranks["Ann"] == ranks["Cid"] == ranks["Dee"] < ranks["Bob"]
    else:
        assert restored["matchstick"]["ranking"] == ["Bob", "Dee", "Cid", "Ann"]
        assert stats(copy, "matchstick") == stats(history, "matchstick")
    if name in ("bgstats", "csv", "json"):
        assert restored["coin-age"]["uuid"] == UUID_OF_COIN


def test_the_exports_read_back_by_independent_readers(exported: tuple[Path, dict[str, Path]]) -> None:
    files = exported[1]
    plays = ElementTree.parse(files["bgg"]).getroot().findall("play")
    assert [play.get("date") for play in plays] == ["2025-11-25", "2025-11-24"]  # Tokyo's morning, LA's evening
    coin = plays[1]
    assert coin.get("length") == "48" and coin.find("item").get("objectid") == "146130"
    document = json.loads(files["bgstats"].read_text(encoding="utf-8"))
    assert document["userInfo"] == {"meRefId": 0}
    first = document["plays"][1]
    assert first["uuid"] == UUID_OF_COIN and first["playDate"] == "2025-11-24 22:28:00" and first["board"]
    assert first["expansionPlays"] == [] and first["durationMin"] == 48
    match = document["plays"][0]
    names = {row["id"]: row["name"] for row in document["players"]}
    assert sorted((s["rank"], names[s["playerRefId"]]) for s in match["playerScores"]) == [
        (1, "Bob"), (2, "Dee"), (3, "Cid"), (4, "Ann"),
    ]  # fmt: skip
    game_keys = {"bggYear", "designers", "minPlayerCount", "maxPlayerCount", "isExpansion", "urlImage"}
    assert all(game_keys <= set(row) for row in document["games"])
    rows = list(csv.DictReader(io.StringIO(files["csv"].read_text(encoding="utf-8"))))
    assert {row["uuid"] for row in rows if row["game"] == "coin-age"} == {UUID_OF_COIN}
    backup = json.loads(files["json"].read_text(encoding="utf-8"))
    assert [game["uuid"] for game in backup["games"]][1] == UUID_OF_COIN


def test_push_links_and_the_page_of_qr_codes(tmp_path: Path, exported: tuple[Path, dict[str, Path]]) -> None:
    history = exported[0]
    links = ok("history", "export", "--format", "bgstats-push", "--history", str(history)).split()
    assert len(links) == 2 and all(
        link.startswith("https://app.bgstatsapp.com/createPlay.html?data=") for link in links
    )
    pushed = json.loads(unquote(links[1].split("?data=", 1)[1]))
    assert pushed["sourcePlayId"] == UUID_OF_COIN
    assert pushed["playDate"] == "2025-11-24 22:28:00"  # the time at the table: ended 22:28 in Los Angeles
    assert all({"name", "winner", "startPlayer", "rank"} <= set(player) for player in pushed["players"])
    page = tmp_path / "plays.html"
    ok("history", "export", "--format", "bgstats-push", "-o", str(page), "--history", str(history))

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.links: list[str] = []
            self.codes: list[dict[str, str | None]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "a":
                self.links.append(dict(attrs)["href"] or "")
            if tag == "svg":
                self.codes.append(dict(attrs))

    reader = Reader()
    text = page.read_text(encoding="utf-8")
    reader.feed(text)
    assert reader.links == links and len(reader.codes) == 2
    assert all(code.get("viewbox") for code in reader.codes)
    assert "http" not in text.replace("https://app.bgstatsapp.com/createPlay.html?data=", "").split("<svg")[0].lower()


def bgg_file(username: str, userid: str, plays: list[tuple[str, str, list[tuple[str, str, str]]]]) -> str:
    """A plays file of an owner: each play (id, date, players as (name, score, win))."""
    body = []
    for play_id, date, seats in plays:
        players = "".join(
            f'<player username="" userid="0" name="{name}" startposition="{n}" score="{score}" win="{win}"/>'
            for n, (name, score, win) in enumerate(seats, start=1)
        )
        body.append(
            f'<play id="{play_id}" date="{date}" quantity="1" length="30" incomplete="0" nowinstats="0">'
            '<item name="Coin Age" objecttype="thing" objectid="146130"/>'
            f"<players>{players}</players></play>"
        )
    return f'<plays username="{username}" userid="{userid}" total="{len(plays)}" page="1">' + "".join(body) + "</plays>"


def test_two_owners_files_with_the_same_local_ids_add_up(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    mine = bgg_file("ann_b", "11", [("1", "2025-05-01", [("Ann", "20", "1"), ("Bob", "10", "0")]),
                                    ("2", "2025-05-02", [("Ann", "12", "0"), ("Bob", "14", "1")])])  # fmt: skip
    theirs = bgg_file("cid_d", "12", [("1", "2025-06-01", [("Cid", "20", "1"), ("Dee", "10", "0")]),
                                      ("2", "2025-06-02", [("Cid", "12", "0"), ("Dee", "14", "1")])])  # fmt: skip
    (tmp_path / "mine.xml").write_text(mine)
    (tmp_path / "theirs.xml").write_text(theirs)
    said = ok("history", "import", str(tmp_path / "mine.xml"), str(tmp_path / "theirs.xml"), "--history", str(history))
    assert said.count("2 plays imported, 0 already") == 2 and len(listed(history)) == 4
    said = ok("history", "import", str(tmp_path / "theirs.xml"), "--history", str(history))
    assert "0 plays imported, 2 already in the history" in said and "2 by the app, owner and id" in said
    exported = tmp_path / "out.xml"  # a referee export: no owner, its ids are local numbers
    ok("history", "export", "--format", "bgg", "-o", str(exported), "--history", str(history))
    other = tmp_path / "other.sqlite3"
    (tmp_path / "other.xml").write_text(
        bgg_file("", "0", [("1", "2025-07-01", [("Eve", "9", "1"), ("Fay", "3", "0")])])
    )
    ok("history", "import", str(tmp_path / "other.xml"), "--history", str(other))
    said = ok("history", "import", str(exported), "--history", str(other))
    assert "4 plays imported" in said and len(listed(other)) == 5  # local id 1 twice: two plays


def test_the_same_play_from_boardgamegeek_and_bg_stats_is_one(tmp_path: Path) -> None:
    for order in (("plays.xml", "plays.bgsplay"), ("plays.bgsplay", "plays.xml")):
        history = tmp_path / f"{order[0]}.sqlite3"
        (tmp_path / "plays.xml").write_text((SAMPLES / "bgg_api_plays.xml").read_text(encoding="utf-8"))
        (tmp_path / "plays.bgsplay").write_text((SAMPLES / "app_written.bgsplay").read_text(encoding="utf-8"))
        ok("history", "import", str(tmp_path / order[0]), "--history", str(history))
        said = ok("history", "import", str(tmp_path / order[1]), "--history", str(history))
        coin = [item for item in listed(history) if item["game"] == "coin-age"]
        assert len(coin) == 1, order  # BoardGameGeek play 81234501, named by the BG Stats play's bggId
        assert "by their BoardGameGeek play id" in said


def test_a_file_as_the_api_returns_it(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    said = ok("history", "import", str(SAMPLES / "bgg_api_plays.xml"), "--history", str(history))
    assert "5 plays imported" in said and "1 of other games skipped" in said
    assert "1 play without players skipped." in said  # one line, exit 0
    plays = listed(history)
    match = next(item for item in plays if item["game"] == "matchstick")  # by its Japanese primary name
    assert match["winner"] == "Jun"
    unscored = next(item for item in plays if item["nowinstats"])
    assert unscored["anonymous"] == ["Anonymous player"] and unscored["winner"] == "Jun"  # kept, not counted
    builders = stats(history, "builders")["players"]
    assert builders["Iris"]["games"] == 2 and "Jun" not in builders  # quantity 2; the nowinstats play no result
    coin = next(item for item in plays if item["game"] == "coin-age")
    assert coin["origin"] == {"app": "bgg", "owner": "user 1234567", "id": "81234501"}
    assert coin["bgg_play"] == "81234501"
    assert coin["started"] is None and coin["finished"] is None  # a day and a length: no time of day invented
    assert coin["played"] == "2025-11-22"
    said = ok("history", "import", str(SAMPLES / "bgg_api_plays.xml"), "--history", str(history))
    assert "0 plays imported, 5 already in the history" in said


def test_a_play_file_as_the_app_writes_it_with_anonymous_players(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    said = ok("history", "import", str(SAMPLES / "app_written.bgsplay"), "--history", str(history))
    assert "2 plays imported" in said
    builders = next(item for item in listed(history) if item["game"] == "builders")
    assert builders["ranking"] == ["Jun", "Iris", "Anonymous player 2", "Anonymous player"]  # by BG Stats' rank
    assert builders["anonymous"] == ["Anonymous player", "Anonymous player 2"]
    figures = stats(history, "builders")["players"]
    assert sorted(figures) == ["Iris", "Jun"]  # anonymous players: nobody's figures, nobody's rating
    shown = json.loads(run("stats", "--highlights", "--json", "--history", str(history)).stdout)
    assert sorted(shown["highlights"]["players"]) == ["Iris", "Jun"]
    coin = next(item for item in listed(history) if item["game"] == "coin-age")
    assert coin["setup"] == {"map": "Original"} and coin["colors"] == {"Iris": "heads", "Jun": "tails"}
    assert stats(history, "coin-age")["players"]["Iris"]["by_map"] == {"Original": {"games": 1, "wins": 1}}
    out = tmp_path / "out.bgsplay"
    ok("history", "export", "--format", "bgstats", "--me", "Iris", "-o", str(out), "--history", str(history))
    document = json.loads(out.read_text(encoding="utf-8"))
    me = next(row for row in document["players"] if row["id"] == document["userInfo"]["meRefId"])
    assert me["name"] == "Iris"
    assert sum(row["isAnonymous"] for row in document["players"]) == 2


def test_the_bgg_export_writes_the_tables_own_day(tmp_path: Path) -> None:
    with history_at(tmp_path / "h.sqlite3") as history:
        late = entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-11-25T06:28:00")
        late.started, late.finished = "2025-11-24T21:40:00-08:00", "2025-11-24T22:28:00-08:00"
        early = entry("coin-age", ["Ann", "Bob"], [9, 12], [2, 1], ["Bob"], "2025-11-24T22:00:00")
        early.started, early.finished = "2025-11-25T06:30:00+09:00", "2025-11-25T07:00:00+09:00"
        history.log(late)
        history.log(early)
        text = "".join(bgg_format.bgg_chunks(history.each_game(), 2, play_facts.bgg_id_of))
    days = [play.get("date") for play in ElementTree.fromstring(text).findall("play")]
    assert days == ["2025-11-25", "2025-11-24"]  # Tokyo's morning, Los Angeles' evening: not the UTC days


@pytest.mark.parametrize(
    ("item", "players", "words"),
    [
        ("Coin Age", 8, "8 players, but Coin Age is played by 2 to 2"),
        ("The Builders: Middle Ages", 5, "5 players, but The Builders: Middle Ages is played by 2 to 4"),
    ],
)
def test_absurd_player_counts_are_refused_in_a_line(tmp_path: Path, item: str, players: int, words: str) -> None:
    seats = "".join(f'<player name="P{n}" startposition="{n}" score="{n}" win="0"/>' for n in range(1, players + 1))
    (tmp_path / "p.xml").write_text(
        f'<plays username="x" userid="5"><play id="9" date="2025-01-01" quantity="1"><item name="{item}"'
        f' objectid="0"/><players>{seats}</players></play></plays>'
    )
    done = run("history", "import", str(tmp_path / "p.xml"), "--history", str(tmp_path / "h.sqlite3"))
    assert words in done.stderr.decode() and done.returncode == 2 and b"Traceback" not in done.stderr


def test_fractional_scores_one_rule_in_both_formats(tmp_path: Path) -> None:
    (tmp_path / "p.xml").write_text(
        bgg_file("x", "5", [("9", "2025-01-01", [("Ann", "12.5", "1"), ("Bob", "21.0", "0")])])
    )
    bgs = json.loads((SAMPLES / "app_written.bgsplay").read_text(encoding="utf-8"))
    bgs["plays"][0]["playerScores"][0]["score"] = 12.5
    (tmp_path / "p.bgsplay").write_text(json.dumps(bgs))
    for file in ("p.xml", "p.bgsplay"):
        done = run("history", "import", str(tmp_path / file), "--history", str(tmp_path / "h.sqlite3"))
        assert "score '12.5' is not a whole number" in done.stderr.decode(), file


def test_oversized_comments_are_cut_and_said(tmp_path: Path) -> None:
    comments = "x" * 300_000
    text = bgg_file("x", "5", [("9", "2025-01-01", [("Ann", "12", "1"), ("Bob", "2", "0")])])
    (tmp_path / "p.xml").write_text(text.replace("<players>", f"<comments>{comments}</comments><players>"))
    history = tmp_path / "h.sqlite3"
    said = ok("history", "import", str(tmp_path / "p.xml"), "--history", str(history))
    assert "the comments cut to 2,000 characters (of 300,000)" in said
    assert len(listed(history)[0]["notes"]) == 2000
    backup = tmp_path / "b.json"
    ok("history", "export", "--format", "json", "-o", str(backup), "--history", str(history))
    ok("history", "import", str(backup), "--history", str(tmp_path / "copy.sqlite3"))


def test_a_play_that_only_looks_like_one_there_is_said_and_kept_on_request(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    first = bgg_file("x", "5", [("9", "2025-01-01", [("Ann", "12", "1"), ("Bob", "2", "0")])])
    second = bgg_file("y", "6", [("4", "2025-01-01", [("Ann", "12", "1"), ("Bob", "2", "0")])])
    (tmp_path / "a.xml").write_text(first)
    (tmp_path / "b.xml").write_text(second)
    ok("history", "import", str(tmp_path / "a.xml"), "--history", str(history))
    said = ok("history", "import", str(tmp_path / "b.xml"), "--history", str(history))
    assert "probably already in the history: #1" in said and len(listed(history)) == 1
    said = ok("history", "import", str(tmp_path / "b.xml"), "--keep-duplicates", "--history", str(history))
    assert "1 play imported" in said and len(listed(history)) == 2


def test_a_new_game_has_its_uuid_from_the_first_action_kept_by_resume(tmp_path: Path) -> None:
    _record, actions = finished_record("coin-age", 3)
    record = tmp_path / "g.toml"
    history = tmp_path / "h.sqlite3"
    half = "\n".join(actions[:3]) + "\n"
    run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), "--no-history", stdin=half.encode())
    first = next(line for line in record.read_text().splitlines() if line.startswith("uuid"))
    rest = "\n".join(actions[3:]) + "\n"
    run("coin-age", "play", "--resume", str(record), "--log", "--history", str(history), stdin=rest.encode())
    assert first in record.read_text()
    assert f'uuid = "{listed(history)[0]["uuid"]}"' == first


def test_import_of_several_files_with_json_writes_one_document(tmp_path: Path) -> None:
    """`history import A B --json`: exactly one JSON document on standard output, an array of each file's account."""
    import json
    import subprocess

    from tests.conftest import referee_command

    first = tmp_path / "first.xml"
    first.write_text(
        '<plays username="ann" userid="1"><play id="1" date="2025-03-01" quantity="1">'
        '<item name="Coin Age" objecttype="thing" objectid="146130"/><players>'
        '<player name="Ann" score="12" win="1"/><player name="Bob" score="9" win="0"/></players></play></plays>'
    )
    second = tmp_path / "second.xml"
    second.write_text(first.read_text().replace('username="ann" userid="1"', 'username="bob" userid="2"'))
    history = tmp_path / "h.sqlite3"
    words = ("history", "import", str(first), str(second), "--json", "--history", str(history))
    done = subprocess.run(
        [*referee_command(), *on_engine(words)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    documents = json.loads(done.stdout)
    assert [document["file"] for document in documents] == [str(first), str(second)]
    assert documents[0]["added"] == 1


def test_import_of_several_files_with_json_names_an_unreadable_file_in_its_one_document(tmp_path: Path) -> None:
    """`history import A B C --json` where B is not a play file: one JSON document still, A's account, then B's
    error; C is not imported (the command stops at the file it cannot read), and the exit status says so."""
    import json
    import subprocess

    from tests.conftest import referee_command

    first = tmp_path / "first.xml"
    first.write_text(
        '<plays username="ann" userid="1"><play id="1" date="2025-03-01" quantity="1">'
        '<item name="Coin Age" objecttype="thing" objectid="146130"/><players>'
        '<player name="Ann" score="12" win="1"/><player name="Bob" score="9" win="0"/></players></play></plays>'
    )
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"format": "referee-history", \xff\xfe')
    third = tmp_path / "third.xml"
    third.write_text(first.read_text().replace('username="ann" userid="1"', 'username="bob" userid="2"'))
    history = tmp_path / "h.sqlite3"
    words = ("history", "import", str(first), str(broken), str(third), "--json", "--history", str(history))
    done = subprocess.run(
        [*referee_command(), *on_engine(words)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stderr
    documents = json.loads(done.stdout)
    assert [document["file"] for document in documents] == [str(first), str(broken)]
    assert documents[0]["added"] == 1
    assert set(documents[1]) == {"file", "error"}
    assert "broken.json" in documents[1]["error"]["message"]
