"""BG Stats' own play file (``.bgsplay``), out and in: the export checked against a schema written from the format
as the public programs that read and write it use it (docs/formats.md), field by field against the history; a
file in that shape imported as score-only plays (other games and ignored plays skipped in a line each, the same
file twice adding nothing); hostile files refused in one line; the round trip keeping the statistics."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.history.helpers import entry, finished_record, history_at
from tests.history.test_history_e2e import run

pytestmark = pytest.mark.e2e

TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")
UUID = re.compile(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")

SCHEMA: dict[str, dict[str, Any]] = {
    "games": {"id": int, "uuid": UUID, "name": str, "highestWins": bool, "noPoints": bool, "cooperative": bool,
              "usesTeams": bool, "modificationDate": TIME},
    "players": {"id": int, "uuid": UUID, "name": str, "isAnonymous": bool, "modificationDate": TIME},
    "locations": {"id": int, "uuid": UUID, "name": str, "modificationDate": TIME},
    "plays": {"uuid": UUID, "gameRefId": int, "playDate": TIME, "entryDate": TIME, "modificationDate": TIME,
              "durationMin": int, "ignored": bool, "manualWinner": bool, "rounds": int, "usesTeams": bool,
              "board": str, "comments": str, "scoringSetting": int, "playerScores": list},
    "playerScores": {"playerRefId": int, "score": str, "winner": bool, "newPlayer": bool, "startPlayer": bool,
                     "seatOrder": int, "rank": int, "role": str},
}  # fmt: skip
"""The keys and types each row of the file has, as the programs cited in docs/formats.md read and write them."""


def check_row(kind: str, row: dict[str, Any]) -> None:
    for key, expected in SCHEMA[kind].items():
        assert key in row, (kind, key)
        value = row[key]
        if isinstance(expected, re.Pattern):
            assert isinstance(value, str) and expected.fullmatch(value), (kind, key, value)
        elif expected is int:
            assert isinstance(value, int) and not isinstance(value, bool), (kind, key, value)
        else:
            assert isinstance(value, expected), (kind, key, value)


def check_file(document: dict[str, Any]) -> None:
    """The whole file against :data:`SCHEMA`, every reference resolving to a row of its table."""
    ids = {}
    for table in ("games", "players", "locations"):
        for row in document[table]:
            check_row(table, row)
        ids[table] = {row["id"] for row in document[table]}
        assert len(ids[table]) == len(document[table]), table
    for play in document["plays"]:
        check_row("plays", play)
        assert play["gameRefId"] in ids["games"]
        assert "locationRefId" not in play or play["locationRefId"] in ids["locations"]
        for score in play["playerScores"]:
            check_row("playerScores", score)
            assert score["playerRefId"] in ids["players"]


BG_STATS_FILE = {
    "games": [
        {"id": 3, "uuid": "A1", "name": "Coin Age", "bggId": 146130, "highestWins": True, "noPoints": False},
        {"id": 4, "uuid": "A2", "name": "Catan", "bggId": 13},
        {"id": 5, "uuid": "A3", "name": "The Builders: Middle Ages", "bggId": 0},
        {"id": 6, "uuid": "A4", "name": "Matchstick Tycoon", "noPoints": True},
    ],
    "players": [
        {"id": 1, "uuid": "P1", "name": "Iris"},
        {"id": 2, "uuid": "P2", "name": "Olaf"},
        {"id": 7, "uuid": "P3", "name": "Ugo"},
    ],
    "locations": [{"id": 1, "uuid": "L1", "name": "Club"}],
    "plays": [
        {"uuid": "9B5F-1", "gameRefId": 3, "locationRefId": 1, "playDate": "2025-03-01 20:00:00", "durationMin": 30,
         "comments": "close one", "playerScores": [
             {"playerRefId": 1, "score": "18", "winner": False, "seatOrder": 2},
             {"playerRefId": 2, "score": "21", "winner": True, "seatOrder": 1, "startPlayer": True}]},
        {"uuid": "9B5F-2", "gameRefId": 4, "playDate": "2025-03-02 20:00:00", "playerScores": [
            {"playerRefId": 1, "score": "10", "winner": True}, {"playerRefId": 2, "score": "8"}]},
        {"uuid": "9B5F-3", "gameRefId": 5, "playDate": "2025-03-03 20:00:00", "playerScores": [
            {"playerRefId": 1, "score": "20"}, {"playerRefId": 2, "score": "20"}, {"playerRefId": 7, "score": "12"}]},
        {"uuid": "9B5F-4", "gameRefId": 6, "playDate": "2025-03-04 20:00:00", "playerScores": [
            {"playerRefId": 7, "score": ""}, {"playerRefId": 1, "score": "", "winner": 1},
            {"playerRefId": 2, "score": ""}]},
        {"uuid": "9B5F-5", "gameRefId": 3, "playDate": "2025-03-05 20:00:00", "playerScores": [
            {"playerRefId": 1, "score": "49-46ish", "winner": True}, {"playerRefId": 2, "score": "3"}]},
        {"uuid": "9B5F-6", "gameRefId": 3, "playDate": "2025-03-06 20:00:00", "ignored": True, "playerScores": [
            {"playerRefId": 1, "score": "5", "winner": True}, {"playerRefId": 2, "score": "3"}]},
    ],
    "userInfo": {"meRefId": 1},
}  # fmt: skip
"""A BG Stats file in the shape the app shares (written for these tests): Coin Age by BoardGameGeek id, The Builders
tied (a draw by its rules) by name, Matchstick Tycoon without points (a winner flag written as 1), Catan, a score
that is not a number, and a play marked to be ignored."""


def stats(history: Path, game: str) -> dict:
    result = run("stats", "--game", game, "--json", "--history", str(history))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def listed(history: Path) -> list[dict[str, Any]]:
    return json.loads(run("history", "list", "--json", "--history", str(history)).stdout)


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL: imported plays written, then merged by identity
def test_a_bg_stats_file_comes_in_as_results_without_actions(tmp_path: Path) -> None:
    file = tmp_path / "plays.bgsplay"
    file.write_text(json.dumps(BG_STATS_FILE))
    history = tmp_path / "h.sqlite3"
    done = run("history", "import", str(file), "--history", str(history))
    assert done.returncode == 0, done.stderr  # the malformed play is said and counted; the others are in
    err = done.stderr.decode()
    assert "'Catan' is not a game this referee keeps" in err
    assert "Iris's score '49-46ish' is not a whole number" in err
    assert "4 plays imported, 0 already in the history, 1 of other games skipped, 1 refused." in " ".join(
        done.stdout.decode().split()
    )  # (a sentence broken at the width, 80 piped)
    ignored = [item for item in listed(history) if item["nowinstats"]]  # a play, counted in no result
    assert len(ignored) == 1 and ignored[0]["players"] == ["Iris", "Olaf"]
    shown_ignored = run("history", "show", str(ignored[0]["id"]), "--history", str(history)).stdout.decode()
    assert "(not counted in win statistics)" in shown_ignored, shown_ignored
    assert "damaged" not in ignored[0] and "Damaged" not in shown_ignored  # stored as incomplete = 2: sound
    by_game = {item["game"]: item for item in listed(history) if not item["nowinstats"]}
    coin = by_game["coin-age"]
    assert coin["source"] == "bgstats" and coin["actions"] == 0
    assert coin["players"] == ["Olaf", "Iris"]  # the start player first, then by seat order
    assert coin["scores"] == {"Olaf": 21, "Iris": 18} and coin["winner"] == "Olaf"
    assert (coin["location"], coin["notes"]) == ("Club", "close one")
    started, finished = coin["started"], coin["finished"]
    assert finished.startswith("2025-03-01T20:00:00") and started.startswith("2025-03-01T19:30:00")
    assert by_game["builders"]["drawn"] is True and by_game["builders"]["winner"] is None
    match = by_game["matchstick"]
    assert match["scores"] is None and match["winner"] == "Iris"
    shown = run("history", "show", str(coin["id"]), "--history", str(history)).stdout.decode()
    assert "Imported from BG Stats: a result without actions." in shown and "Where: Club" in shown
    listed_text = run("history", "list", "--history", str(history)).stdout.decode()
    assert "coin-age*" in listed_text and "* imported from BG Stats: a result without actions" in listed_text
    assert stats(history, "coin-age")["players"]["Olaf"]["wins"] == 1
    again = run("history", "import", str(file), "--history", str(history))
    assert "0 plays imported, 4 already in the history" in again.stdout.decode()
    assert len(listed(history)) == 4


def test_the_export_reads_back_field_by_field(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        game = entry("coin-age", ["Ann", 'Bob "&" <Co>'], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00")
        game.started, game.finished = "2025-01-01T23:10:00+01:00", "2025-01-01T23:52:00+01:00"
        game.location, game.notes = "Caf\u00e9", "rematch soon"
        opened.log(game)
        opened.log(entry("matchstick", ["Ann", "Cy", "Di"], None, [2, 1, 3], ["Cy"], "2025-01-02T10:00:00"))
    out = tmp_path / "plays.bgsplay"
    done = run("history", "export", "--format", "bgstats", str(out), "--history", str(history))
    assert done.returncode == 0, done.stderr
    document = json.loads(out.read_text(encoding="utf-8"))
    check_file(document)
    games = {row["id"]: row for row in document["games"]}
    players = {row["id"]: row["name"] for row in document["players"]}
    coin, match = document["plays"]
    assert games[coin["gameRefId"]]["name"] == "Coin Age" and games[coin["gameRefId"]]["bggId"] == 146130
    assert games[match["gameRefId"]]["noPoints"] is True and games[match["gameRefId"]]["bggId"] == 0  # none known
    assert (coin["playDate"], coin["durationMin"], coin["comments"]) == ("2025-01-01 23:52:00", 42, "rematch soon")
    assert document["locations"][0]["name"] == "Caf\u00e9" and coin["locationRefId"] == document["locations"][0]["id"]
    assert [
        (players[s["playerRefId"]], s["score"], s["winner"], s["seatOrder"], s["startPlayer"], s["rank"])
        for s in coin["playerScores"]
    ] == [("Ann", "20", True, 1, True, 1), ('Bob "&" <Co>', "10", False, 2, False, 2)]
    assert [(players[s["playerRefId"]], s["score"], s["winner"]) for s in match["playerScores"]] == [
        ("Ann", "", False),
        ("Cy", "", True),
        ("Di", "", False),
    ]
    assert "locationRefId" not in match
    again = tmp_path / "again.bgsplay"
    run("history", "export", "--format", "bgstats", str(again), "--history", str(history))
    assert json.loads(again.read_text())["plays"][0]["uuid"] == coin["uuid"]  # the same game, the same play


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL: exported from the engine, imported into it
def test_export_then_import_keeps_the_statistics(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    records = []
    for number, game in enumerate(["coin-age", "builders", "coin-age", "builders", "coin-age"]):
        path = tmp_path / f"r{number}.toml"
        path.write_bytes(finished_record(game, number + 11)[0])
        records.append(str(path))
    assert run("history", "add", *records, "--history", str(history)).returncode == 0
    out = tmp_path / "plays.bgsplay"
    assert run("history", "export", "--format", "bgstats", str(out), "--history", str(history)).returncode == 0
    check_file(json.loads(out.read_text()))
    copy = tmp_path / "copy.sqlite3"
    done = run("history", "import", str(out), "--history", str(copy))
    assert done.returncode == 0, done.stderr
    for game in ("coin-age", "builders"):
        before, after = stats(history, game), stats(copy, game)
        assert before["players"].keys() == after["players"].keys()
        for name, figures in before["players"].items():
            mine = after["players"][name]
            for key in ("games", "wins", "draws", "win_rate", "average_score", "best_score", "by_seat", "rating"):
                assert mine[key] == figures[key], (game, name, key)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"plays": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"plays": "many"}', "not a BG Stats file"),
        ('{"plays": [1, {"gameRefId": "3"}], "games": "x"}', "not a play"),
        ('{"plays": [', "not JSON"),
        ('{"games": [], "plays": [{"gameRefId": 3, "playDate": "2025-01-01 10:00:00"}]}', "not in the file's games"),
    ],
    ids=["deep-nesting", "plays-not-a-list", "wrong-types", "truncated", "dangling-reference"],
)
def test_hostile_bg_stats_files_are_refused_in_one_line(tmp_path: Path, content: str, words: str) -> None:
    file = tmp_path / "hostile.bgsplay"
    file.write_text(content)
    done = run("history", "import", str(file), "--history", str(tmp_path / "h.sqlite3"))
    text = done.stdout.decode() + done.stderr.decode()
    assert words in text, text
    assert "Traceback" not in text
    assert done.returncode == 2


@pytest.mark.parametrize(
    ("scores", "words"),
    [
        ('[{"playerRefId": 1, "score": "5", "winner": true}, {"playerRefId": 1, "score": "3"}]', "one player twice"),
        ('[{"playerRefId": 1, "score": 99999999999999, "winner": true}, {"playerRefId": 2}]', "not a whole number"),
        ('[{"playerRefId": 1, "score": "5", "winner": true}]', "fewer than two players"),
        ('[{"playerRefId": 1}, {"playerRefId": 2}]', "no scores and no winner"),
        ('[{"playerRefId": 1, "score": "5"}, {"playerRefId": 9, "score": "3"}]', "not in the file's players"),
        ('[{"playerRefId": 3, "score": "5"}, {"playerRefId": 2, "score": "3"}]', "non-empty string"),
    ],
)
def test_a_malformed_play_is_one_line_and_the_rest_comes_in(tmp_path: Path, scores: str, words: str) -> None:
    file = tmp_path / "plays.bgsplay"
    players = '[{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}, {"id": 3, "name": 7}, {"id": 4, "name": "Cy"}]'
    good = (
        '{"gameRefId": 1, "playDate": "2025-01-02 10:00:00",'
        ' "playerScores": [{"playerRefId": 4, "score": "9"}, {"playerRefId": 2, "score": "1"}]}'
    )
    bad = f'{{"gameRefId": 1, "playDate": "2025-01-01 10:00:00", "playerScores": {scores}}}'
    file.write_text(f'{{"games": [{{"id": 1, "name": "Coin Age"}}], "players": {players}, "plays": [{bad}, {good}]}}')
    history = tmp_path / "h.sqlite3"
    done = run("history", "import", str(file), "--history", str(history))
    assert words in done.stderr.decode(), done.stderr
    assert "1 play imported" in done.stdout.decode()
    assert [item["players"] for item in listed(history)] == [["Cy", "Bob"]]


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    file = tmp_path / "plays.bgsplay"
    file.write_text("\ufeff" + json.dumps(BG_STATS_FILE), encoding="utf-8")
    done = run("history", "import", str(file), "--history", str(tmp_path / "h.sqlite3"))
    assert "4 plays imported" in done.stdout.decode(), done.stderr
