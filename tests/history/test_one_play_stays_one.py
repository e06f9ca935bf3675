"""Issue 47: one play stays one play through edits, backups, merges and other time zones.

Each test is named after a finding of the issue and fails on the code before it: the merge rule that held back
different plays, backups that did not restore what they held, days that moved with the importer's zone, the push
link's time, edits that never travelled, and the smaller points. These run in this process, on SQLite; the
restore on both engines and the synchronisation through a club's server are in ``test_one_play_on_both_engines``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from referee.history.entry import PlayerResult
from tests.history.helpers import entry, finished_record, history_at, on_engine
from tests.in_process import run

SAMPLES = Path(__file__).parent / "samples"


def cli(*args: str) -> tuple[int, str, str]:
    return run(*on_engine(args))


def ok(*args: str) -> str:
    code, out, err = cli(*args)
    assert code == 0, (args, out, err)
    return out + err


def listed(history: Path) -> list[dict[str, Any]]:
    code, out, err = cli("history", "list", "--json", "--history", str(history))
    assert code == 0 and "damaged" not in err, err
    return list(json.loads(out))


def bgg_file(path: Path, plays: str, owner: str = 'username="ann" userid="7"') -> Path:
    path.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<plays {owner} total="1" page="1">{plays}</plays>\n')
    return path


def bgg_play(play_id: str, date: str, players: list[tuple[str, str, str]], extra: str = "") -> str:
    rows = "".join(
        f'<player username="" userid="0" name="{name}" startposition="{seat}" color="" score="{score}" new="0"'
        f' rating="0" win="{win}"/>'
        for seat, (name, score, win) in enumerate(players, start=1)
    )
    return (
        f'<play id="{play_id}" date="{date}" quantity="1" length="30" incomplete="0" nowinstats="0" location=""{extra}>'
        f'<item name="Coin Age" objecttype="thing" objectid="146130"/><players>{rows}</players></play>'
    )


@pytest.fixture
def zone() -> Iterator[Any]:
    """Set the process's time zone (``TZ``) for a step of a test, restored after it."""
    before = os.environ.get("TZ")

    def set_zone(name: str) -> None:
        os.environ["TZ"] = name
        time.tzset()

    yield set_zone
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


# -- item 3: one merge rule that never drops a different play ------------------------------------------------------
def matchstick_evening(history: Path) -> None:
    """Seven Matchstick Tycoon plays of one evening, each with its own uuid, the same winner and players, and each
    its own finishing order after the winner; and the same order twice (two real games)."""
    orders = [
        ["Ann", "Bob", "Cy"],
        ["Ann", "Cy", "Bob"],
        ["Ann", "Bob", "Cy"],
        ["Ann", "Cy", "Bob"],
        ["Ann", "Bob", "Cy"],
        ["Ann", "Cy", "Bob"],
        ["Ann", "Bob", "Cy"],
    ]
    with history_at(history) as opened:
        for number, order in enumerate(orders):
            places = [order.index(name) + 1 for name in ("Ann", "Bob", "Cy")]
            play = entry("matchstick", ["Ann", "Bob", "Cy"], None, places, ["Ann"], f"2026-11-20T1{number}:00:00")
            play.uuid = f"7D1A1C52-6A0B-4D8E-9F43-0F3B2C1D9E{number:02d}"
            play.started = f"2026-11-20T1{number}:00:00+00:00"
            play.finished = f"2026-11-20T1{number}:20:00+00:00"
            assert opened.log(play)[1]


def two_identical_coin_age_games(tmp_path: Path, history: Path) -> None:
    """The same Coin Age game played twice, move for move, each logged by the referee with its own uuid."""
    record, _actions = finished_record("coin-age", 3)
    for number in (1, 2):
        text = record.decode().replace(
            "players =",
            f'uuid = "5E0C1C52-6A0B-4D8E-9F43-0F3B2C1D9E0{number}"\nfinished = "2026-11-20T20:0{number}:00+00:00"\n'
            "players =",
            1,
        )
        (tmp_path / f"coin{number}.toml").write_text(text)
        ok("history", "add", str(tmp_path / f"coin{number}.toml"), "--history", str(history))


@pytest.mark.parametrize("file_format", ["csv", "bgstats"])
def test_restoring_your_own_export_keeps_every_play_with_its_own_uuid_and_order(
    tmp_path: Path, file_format: str
) -> None:
    history = tmp_path / "h.sqlite3"
    matchstick_evening(history)
    two_identical_coin_age_games(tmp_path, history)
    assert len(listed(history)) == 9
    export = tmp_path / f"plays.{file_format}"
    ok("history", "export", "--format", file_format, "-o", str(export), "--history", str(history))
    fresh = tmp_path / "fresh.sqlite3"
    said = ok("history", "import", str(export), "--history", str(fresh))  # no --keep-duplicates
    assert "probably already" not in said
    restored = listed(fresh)
    assert len(restored) == 9
    assert sorted(item["uuid"] for item in restored) == sorted(item["uuid"] for item in listed(history))
    assert "Plays: 0 added, 0 changed, 9 unchanged, 0 conflicting." in ok(
        "history", "import", str(export), "--history", str(fresh)
    )


def test_a_look_alike_with_another_finishing_order_is_not_probably_the_same() -> None:
    from referee.history.versions import same_result

    one = entry("matchstick", ["Ann", "Bob", "Cy"], None, [1, 2, 3], ["Ann"], "2026-11-20T20:00:00")
    other = entry("matchstick", ["Ann", "Bob", "Cy"], None, [1, 3, 2], ["Ann"], "2026-11-20T20:00:00")
    unordered = entry("matchstick", ["Ann", "Bob", "Cy"], None, [1, 2, 3], ["Ann"], "2026-11-20T20:00:00")
    for player in unordered.players[1:]:
        player.rank = 2  # BoardGameGeek carries the winner only: the others' order unknown
    assert not same_result(one, other)
    assert same_result(one, unordered) and same_result(other, unordered)
    swapped = entry("matchstick", ["Bob", "Ann", "Cy"], None, [2, 1, 3], ["Ann"], "2026-11-20T20:00:00")
    assert not same_result(one, swapped)  # the same players in other seats: another game


def friend_bgstats(tmp_path: Path) -> Path:
    """The sample BG Stats file: a Coin Age play naming BoardGameGeek play 81234501 (Iris 27, Jun 19)."""
    document = json.loads((SAMPLES / "app_written.bgsplay").read_text())
    path = tmp_path / "friend.bgsplay"
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize("order", [("bgg", "bgstats"), ("bgstats", "bgg")])
def test_a_bgstats_bggid_joins_only_the_same_play_whatever_the_import_order(
    tmp_path: Path, order: tuple[str, str]
) -> None:
    mine = bgg_file(
        tmp_path / "mine.xml",
        bgg_play("81234501", "2025-11-22", [("Ann", "30", "1"), ("Bob", "10", "0")]),  # another play, that id
    )
    files = {"bgg": mine, "bgstats": friend_bgstats(tmp_path)}
    history = tmp_path / "h.sqlite3"
    said = [ok("history", "import", str(files[name]), "--history", str(history)) for name in order]
    coin = [item for item in listed(history) if item["game"] == "coin-age"]
    assert sorted(tuple(item["players"]) for item in coin) == [("Ann", "Bob"), ("Iris", "Jun")]
    assert "conflict: another play holds its identity (bgg)" in said[1]
    assert "1 conflicting" in said[1]


def test_a_different_game_reusing_a_known_uuid_is_kept_apart_and_said(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    shared = "0A0B0C0D-1111-4222-8333-444455556666"
    with history_at(history) as opened:
        coin = entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2026-11-20T20:00:00")
        coin.uuid = shared
        opened.log(coin)
        builders = entry("builders", ["Cy", "Dee"], [30, 12], [1, 2], ["Cy"], "2026-11-21T20:00:00")
        builders.uuid = shared
        merged = opened.merge(builders)
        assert (merged.outcome, merged.conflict, merged.why) == ("added", "apart", "uuid")
        again = entry("builders", ["Cy", "Dee"], [30, 12], [1, 2], ["Cy"], "2026-11-21T20:00:00")
        again.uuid = shared
        assert opened.merge(again).outcome == "present"  # the same file again adds nothing
    assert len(listed(history)) == 2


# -- item 2: backups that restore ---------------------------------------------------------------------------------
def test_the_backup_restores_edits_draws_and_copies(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    log = bgg_file(
        tmp_path / "log.xml",
        bgg_play("1", "2026-11-01", [("Alice", "20", "0"), ("Bob", "20", "0")])  # a 20-20 draw
        + bgg_play("2", "2026-11-02", [("Alice", "25", "1"), ("Bob", "12", "0")]).replace(
            'quantity="1"', 'quantity="2"'
        ),
    )
    ok("history", "import", str(log), "--history", str(history))
    before = listed(history)
    assert len(before) == 3
    first = str(before[-1]["id"])
    ok("history", "edit", first, "--location", "Club", "--notes", "the first", "--history", str(history))
    backup = tmp_path / "backup.json"
    ok("history", "export", "--format", "json", "-o", str(backup), "--history", str(history))
    fresh = tmp_path / "fresh.sqlite3"
    ok("history", "import", str(backup), "--history", str(fresh), "--keep-duplicates")
    ok("history", "import", str(backup), "--history", str(tmp_path / "plain.sqlite3"))
    for copy in (fresh, tmp_path / "plain.sqlite3"):
        restored = {item["uuid"]: {k: v for k, v in item.items() if k != "id"} for item in listed(copy)}
        original = {item["uuid"]: {k: v for k, v in item.items() if k != "id"} for item in listed(history)}
        assert restored == original
    draw = next(item for item in listed(fresh) if item["played"] == "2026-11-01")
    assert draw["drawn"] and draw["winner"] is None and draw["location"] == "Club" and draw["notes"] == "the first"


# -- item 4: days that do not move --------------------------------------------------------------------------------
def test_a_bgg_play_known_only_by_its_day_stays_that_day_in_every_zone(tmp_path: Path, zone: Any) -> None:
    history = tmp_path / "h.sqlite3"
    log = bgg_file(tmp_path / "log.xml", bgg_play("3", "2026-11-24", [("Ann", "21", "1"), ("Bob", "18", "0")]), "")
    zone("Pacific/Kiritimati")
    ok("history", "import", str(log), "--history", str(history))
    (item,) = listed(history)
    assert item["played"] == "2026-11-24" and item["started"] is None and item["finished"] is None
    zone("America/Los_Angeles")
    export = tmp_path / "out.xml"
    ok("history", "export", "--format", "bgg", "-o", str(export), "--history", str(history))
    assert 'date="2026-11-24"' in export.read_text() and 'length="30"' in export.read_text()
    said = ok("history", "import", str(export), "--history", str(history))
    assert len(listed(history)) == 1, said
    code, out, _err = cli("stats", "--highlights", "--json", "--history", str(history))
    assert code == 0 and json.loads(out)["highlights"]["minutes_played"] == 30  # its length, kept beside its day


def test_the_push_link_sends_the_time_at_the_table_whatever_the_exporting_zone(tmp_path: Path, zone: Any) -> None:
    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        imported = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00")
        imported.kind = "bgstats"
        imported.started, imported.finished = "2026-11-01 19:40:00", "2026-11-01 20:10:00"  # no offset: BG Stats'
        opened.log(imported)
    dates = []
    for name in ("America/Los_Angeles", "Pacific/Kiritimati"):
        zone(name)
        link = ok("history", "export", "--format", "bgstats-push", "--history", str(history)).split()[0]
        dates.append(json.loads(unquote(link.split("?data=", 1)[1]))["playDate"])
    assert dates == ["2026-11-01 20:10:00", "2026-11-01 20:10:00"]


# -- item 1: a play's versions ------------------------------------------------------------------------------------
def test_edit_and_rename_record_when_and_by_whom(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        opened.log(entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00"))
    (item,) = listed(history)
    assert item["changed"] and item["changed_by"]
    ok("history", "edit", str(item["id"]), "--notes", "rematch", "--history", str(history))
    (edited,) = listed(history)
    assert edited["changed"] > item["changed"]
    ok("history", "rename-player", "Bob", "Robert", "--history", str(history))
    (renamed,) = listed(history)
    assert renamed["changed"] > edited["changed"] and renamed["players"] == ["Ann", "Robert"]


def test_reimporting_a_play_corrected_at_its_source_changes_it(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    first = bgg_file(tmp_path / "a.xml", bgg_play("9", "2026-11-03", [("Ann", "21", "1"), ("Bob", "18", "0")]))
    ok("history", "import", str(first), "--history", str(history))
    corrected = bgg_file(tmp_path / "b.xml", bgg_play("9", "2026-11-03", [("Ann", "21", "1"), ("Bob", "19", "0")]))
    said = ok("history", "import", str(corrected), "--history", str(history))
    assert "Plays: 0 added, 1 changed, 0 unchanged, 0 conflicting." in said
    (item,) = listed(history)
    assert item["scores"] == {"Ann": 21, "Bob": 19}
    kept = json.loads(ok("stats", "--game", "coin-age", "--json", "--history", str(history)))  # the totals kept
    added_up = json.loads(
        ok("stats", "--game", "coin-age", "--since", "2000-01-01", "--json", "--history", str(history))
    )
    assert kept["players"]["Bob"]["best_score"] == 19 and kept == added_up
    ok("history", "edit", str(item["id"]), "--location", "Club", "--history", str(history))  # changed here since
    again = bgg_file(tmp_path / "c.xml", bgg_play("9", "2026-11-03", [("Ann", "22", "1"), ("Bob", "19", "0")]))
    said = ok("history", "import", str(again), "--history", str(history))
    assert "conflict: differs from #1" in said and "0 changed, 0 unchanged, 1 conflicting" in said
    assert listed(history)[0]["scores"] == {"Ann": 21, "Bob": 19}


def test_versions_newest_change_wins_and_both_sides_changed_is_a_conflict() -> None:
    from referee.history.versions import Decision, decide

    def version(changed: str | None, met: str | None) -> Any:
        play = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00")
        play.changed, play.met = changed, met
        return play

    a, b, c = "2026-11-01T10:00:00.000000Z", "2026-11-02T10:00:00.000000Z", "2026-11-03T10:00:00.000000Z"
    assert decide(version(a, a), version(b, b)) == Decision(take=True, conflict=False)  # untouched here: newer wins
    assert decide(version(b, a), version(a, a)) == Decision(take=False, conflict=False)  # ours is made from theirs
    assert decide(version(b, a), version(c, b)) == Decision(take=True, conflict=False)  # theirs is made from ours
    assert decide(version(b, a), version(c, c)) == Decision(take=True, conflict=True)  # both since a: newest, said
    assert decide(version(c, a), version(b, b)) == Decision(take=False, conflict=True)
    assert decide(version(a, a), version(None, None)) == Decision(take=True, conflict=False)  # a file's correction
    assert decide(version(b, a), version(None, None)) == Decision(take=False, conflict=True)


def test_a_play_logged_before_versions_changed_on_both_sides_is_reported_as_a_conflict(tmp_path: Path) -> None:
    """Issue 47: a play logged before schema version 7 has no ``changed`` stamp; changed on both sides, the two
    versions met and one silently replaced the other. Its version is unknown: any other content is a conflict,
    said; a known version wins over it, and of two unknown ones the play here is kept."""
    import shutil
    import sqlite3
    from contextlib import closing

    from referee.history.versions import Decision, decide

    def version(changed: str | None, notes: str | None) -> Any:
        play = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00")
        play.changed, play.met, play.notes = changed, changed, notes
        return play

    stamp = "2026-11-03T10:00:00.000000Z"
    assert decide(version(None, "ours"), version(None, "theirs")) == Decision(take=False, conflict=True)
    assert decide(version(None, "ours"), version(stamp, "theirs")) == Decision(take=True, conflict=True)

    ours, theirs = tmp_path / "ours.sqlite3", tmp_path / "theirs.sqlite3"
    record = tmp_path / "game.toml"
    record.write_bytes(finished_record("coin-age", 3)[0])
    ok("history", "add", str(record), "--history", str(ours))
    with closing(sqlite3.connect(ours)) as db:  # as version 6 kept it: no version
        db.execute("UPDATE games SET changed = NULL, changed_by = NULL, met = NULL")
        db.commit()
    shutil.copy(ours, theirs)  # (the last connection closed: the write-ahead log is in the file)
    for path, notes in ((ours, "ours"), (theirs, "theirs")):  # edited on both sides before the upgrade
        with closing(sqlite3.connect(path)) as db:
            db.execute("UPDATE games SET notes = ?", (notes,))
            db.commit()
    backup = tmp_path / "theirs.json"
    ok("history", "export", "--format", "json", "-o", str(backup), "--history", str(theirs))
    said = ok("history", "import", str(backup), "--history", str(ours))
    assert "conflict: differs from #1, logged before plays kept versions" in said, said
    assert "0 added, 0 changed, 0 unchanged, 1 conflicting" in said and "#1 kept as it is" in said, said
    assert listed(ours)[0]["notes"] == "ours"


# -- item 6: the smaller points -----------------------------------------------------------------------------------
def test_an_abandoned_bgg_play_gets_no_winner(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    play = bgg_play("4", "2026-11-05", [("Ann", "12", "0"), ("Bob", "8", "0")]).replace(
        'incomplete="0"', 'incomplete="1"'
    )
    ok("history", "import", str(bgg_file(tmp_path / "log.xml", play)), "--history", str(history))
    (item,) = listed(history)
    assert item["incomplete"] and item["winners"] == []
    out = tmp_path / "out.xml"
    ok("history", "export", "--format", "bgg", "-o", str(out), "--history", str(out.parent / "h.sqlite3"))
    assert 'win="1"' not in out.read_text()


def test_exports_never_derive_new_players(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        play = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00")
        play.players[1] = PlayerResult("Bob", 1, 18, 2, 2, False, new=True)
        opened.log(play)
    out = tmp_path / "out.xml"
    ok("history", "export", "--format", "bgg", "-o", str(out), "--history", str(history))
    text = out.read_text()
    assert 'name="Ann" startposition="1" color="" score="21" new="0"' in text
    assert 'name="Bob" startposition="2" color="" score="18" new="1"' in text


def test_the_push_export_counts_the_links_it_wrote(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        opened.log(entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00"))
        abandoned = entry("coin-age", ["Ann", "Bob"], [5, 3], [1, 2], [], "2026-11-03T04:10:00")
        abandoned.incomplete = True
        opened.log(abandoned)
    code, out, err = cli("history", "export", "--format", "bgstats-push", "-o", str(tmp_path / "l.txt"), "--history",
                         str(history), "--json")  # fmt: skip
    assert code == 0 and json.loads(out)["games"] == 1
    assert len((tmp_path / "l.txt").read_text().split()) == 1
    assert "1 abandoned or uncounted play left out" in err


REFUSED_WHOLE = {
    "bad.xml": b"<plays><play id='1' date='2025-01-01'>",
    "bad.bgsplay": b'{"plays": "many"}',
    "bad.json": b'{"format": "referee-history", "version": 99, "games": []}',
    "bad.txt": b"hello",
    "bad.bin": b"\xff\xfe\x00",
}


@pytest.mark.parametrize("name", list(REFUSED_WHOLE))
def test_import_json_of_a_file_refused_whole_says_why(tmp_path: Path, name: str) -> None:
    """Issue 47: ``import --json`` of a file refused whole printed the all-zero summary with no ``error``. Every way a
    file is refused whole (broken XML, not a BG Stats file, a backup from a newer referee, not a play file, not
    UTF-8): exit 2 and an ``error`` with its message (docs/json.md)."""
    bad = tmp_path / name
    bad.write_bytes(REFUSED_WHOLE[name])
    code, out, _err = cli("history", "import", str(bad), "--history", str(tmp_path / "h.sqlite3"), "--json")
    document = json.loads(out)
    assert code == 2 and document.get("added", 0) == 0 and name in document["error"]["message"], document


# -- item 5: the server's edges -----------------------------------------------------------------------------------
SECRET = "Pw0rd-S3cret"
MALFORMED_URLS = [
    f"postgresql://org1:{SECRET}@[::1:55431/club",  # an IPv6 host left open: too malformed to split
    f"postgresql://org1:{SECRET}@[::1]:99999/club",
    f"postgresql://org1:{SECRET}@127.0.0.1:x/club",
    f"postgresql://org1:{SECRET}@127.0.0.1:1/club",
    f"postgresql://org1:{SECRET}@127.0.0.1:1/club?sslmode=bogus",
    f"postgresql://org1:{SECRET}@h%zz/club",
    f"postgresql://org1@127.0.0.1:1/club?password={SECRET}&connect_timeout=x",
    f"postgresql://org1@[::1:1/club?password={SECRET}",
    f"postgresql://org1:{SECRET}@127.0.0.1:1/club?options=%zz",
    "postgresql://org1:Pw0rd%2DS3cret@127.0.0.1:1/club",
    f"postgresql://org1:{SECRET}@@127.0.0.1:1/club",
    f"postgresql://org1:{SECRET}@127.0.0.1:1/club#fragment",
    f"postgresql://:{SECRET}@127.0.0.1:1/club",
    f"postgresql://org1:{SECRET}@127.0.0.1:1",
    f"postgresql://org1:{SECRET}@127.0.0.1:1/club?host=/nonexistent",
    f"postgresql://org1:{SECRET}@/club?host=%zz",
    f"postgresql://org1:{SECRET}@127.0.0.1:1/club?port=0,1,2&host=a,b",
]


@pytest.mark.parametrize("url", MALFORMED_URLS)
def test_no_password_in_any_message_whatever_the_url(tmp_path: Path, url: str) -> None:
    mine = str(tmp_path / "mine.sqlite3")
    for args in (
        ("history", "list", "--history", url),
        ("history", "list", "--json", "--history", url),
        ("history", "push", "--to", url, "--history", mine),
        ("history", "pull", "--from", url, "--history", mine),
        ("history", "init", "--server", url),
        ("stats", "--history", url),
    ):
        code, out, err = cli(*args)
        said = out + err
        assert code == 2, (args, said)
        assert SECRET not in said and "Pw0rd" not in said, (args, said)
        assert "Traceback" not in said and len(err.strip().splitlines()) == 1, (args, said)


@pytest.mark.parametrize(
    ("sql", "cell"),
    [
        ("UPDATE players SET game_id = 'x' WHERE game_id = 1 AND seat = 1", "players.game_id"),
        ("UPDATE players SET game_id = 2, seat = 5 WHERE game_id = 1 AND seat = 1", "players.game_id"),
        ("UPDATE games SET game = 'chess' WHERE id = 1", "game"),
        ("UPDATE games SET kind = 'scribble' WHERE id = 1", "kind"),
    ],
)
def test_a_damaged_cell_in_players_or_games_marks_its_game_damaged_everywhere(
    tmp_path: Path, sql: str, cell: str
) -> None:
    import sqlite3

    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        for day in ("01", "02"):
            play = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], f"2026-11-{day}T20:00:00")
            play.kind = "bgstats"
            opened.log(play)
    db = sqlite3.connect(history)
    db.execute("PRAGMA foreign_keys = OFF")
    db.execute(sql)
    db.commit()
    db.close()
    code, out, err = cli("history", "list", "--json", "--history", str(history))
    assert code == 0 and "damaged" in err
    first = next(item for item in json.loads(out) if item["id"] == 1)
    assert cell in first["damaged"]
    code, out, err = cli("history", "show", "1", "--json", "--history", str(history))
    assert code == 0 and cell in json.loads(out)["damaged"], err
    code, out, err = cli("stats", "--game", "coin-age", "--json", "--history", str(history))
    players = json.loads(out)["players"]
    assert code == 0 and players["Ann"]["games"] == players["Bob"]["games"], out  # never one player's only
    code, out, err = cli("stats", "--game", "coin-age", "--since", "2000-01-01", "--json", "--history", str(history))
    players = json.loads(out)["players"]  # added up from the games: the damaged ones left out
    expected = 0 if "game_id = 2" in sql else 1
    assert code == 0 and players.get("Ann", {"games": 0})["games"] == expected, out
    assert players.get("Bob", {"games": 0})["games"] == expected, out


WRONG_TEXTS = {
    "record-not-toml": ("UPDATE games SET record = 'not [toml' WHERE id = 1", ["record"]),
    "record-not-a-record": ("UPDATE games SET record = 'x = 1' WHERE id = 1", ["record"]),
    "record-empty": ("UPDATE games SET record = '' WHERE id = 1", ["record"]),
    "record-of-another-game": (
        "UPDATE games SET record = replace(record, 'coin-age', 'builders') WHERE id = 1",
        ["record"],
    ),
    "game-another-known-game": ("UPDATE games SET game = 'builders' WHERE id = 1", ["game"]),
    "game-unknown": ("UPDATE games SET game = 'chess' WHERE id = 1", ["game"]),
    "kind-unknown": ("UPDATE games SET kind = 'scribble' WHERE id = 1", ["kind"]),
}


@pytest.mark.parametrize("case", list(WRONG_TEXTS))
def test_a_wrong_text_in_games_game_kind_or_record_is_marked_damaged_and_show_exits_0(
    tmp_path: Path, case: str
) -> None:
    """Issue 47: a wrong text in ``games.game``, ``kind`` or ``record`` of a recorded game was listed unmarked and
    ``history show`` exited 2. Now it is damaged as every other cell: marked in ``list``, ``show`` (what can be read,
    exit 0) and the export, and a count that reads its game leaves it out."""
    import sqlite3

    sql, cells = WRONG_TEXTS[case]
    history = tmp_path / "h.sqlite3"
    record = tmp_path / "game.toml"
    for seed in (3, 4):
        record.write_bytes(finished_record("coin-age", seed)[0])
        assert cli("history", "add", str(record), "--history", str(history))[0] == 0
    db = sqlite3.connect(history)
    db.execute(sql)
    db.commit()
    db.close()
    code, out, err = cli("history", "list", "--json", "--history", str(history))
    assert code == 0 and "1 damaged game" in err, err
    assert next(item for item in json.loads(out) if item["id"] == 1)["damaged"] == cells
    code, out, err = cli("history", "show", "1", "--json", "--history", str(history))
    assert code == 0 and json.loads(out)["damaged"] == cells, err
    code, out, err = cli("history", "show", "1", "--history", str(history))
    assert code == 0 and "damaged" in out.lower(), (out, err)
    code, out, err = cli("history", "export", "--format", "json", "--history", str(history))
    assert code == 0 and "1 damaged game" in err, err
    if "game" in cells:  # a counted cell: the game is counted nowhere
        code, out, err = cli("stats", "--since", "2000-01-01", "--json", "--history", str(history))
        assert code == 0 and "damaged" in err, err


def test_a_record_that_names_its_game_but_does_not_replay_is_shown_damaged_with_exit_0(tmp_path: Path) -> None:
    """What a list cannot see without replaying every record (an action no rule takes, in a record that names its
    own game) ``show`` finds when it replays it: the record marked damaged, what can be read shown, exit 0 (as for
    every damaged cell), never the exit 2 of a file refused."""
    import sqlite3

    history = tmp_path / "h.sqlite3"
    record = tmp_path / "game.toml"
    record.write_bytes(finished_record("coin-age", 3)[0])
    assert cli("history", "add", str(record), "--history", str(history))[0] == 0
    db = sqlite3.connect(history)
    db.execute("UPDATE games SET record = replace(record, 'actions = [', 'actions = [\"fly away\", ')")
    db.commit()
    db.close()
    code, out, err = cli("history", "show", "1", "--json", "--history", str(history))
    assert code == 0 and json.loads(out)["damaged"] == ["record"], err


def test_a_100_mb_comment_is_cut_without_copying_it_whole() -> None:
    import tracemalloc

    from referee.history.plays import bounded_text

    comment = "a rematch next week. " * 5_000_000  # 105 MB
    notices: list[str] = []
    tracemalloc.start()
    try:
        kept = bounded_text(comment, "the comments", "log.xml: play 1", notices)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert kept is not None and len(kept) <= 2000 and "105,000,000" in notices[0]
    assert peak < 5_000_000, peak  # the head looked at, not the 105 MB (it took 1 GB: a list of every character)


def test_ctrl_c_before_history_add_reads_a_record_still_gives_the_account(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.cli.history import batch

    def interrupted(paths: Any) -> Any:
        raise KeyboardInterrupt  # as Ctrl-C while the folder is still being listed

    monkeypatch.setattr(batch, "record_files", interrupted)
    code, _out, err = cli("history", "add", str(tmp_path), "--history", str(tmp_path / "h.sqlite3"))
    assert code == 130 and "interrupted" in err and "stopped: 0 games are in the history" in err, err


@pytest.mark.parametrize("where", ["make_context", "invoke"])
def test_ctrl_c_while_the_command_line_is_read_is_said_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    from typer.core import TyperGroup

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt  # Typer would end the command at 130 saying nothing

    monkeypatch.setattr(TyperGroup, where, interrupted)
    code, _out, err = cli("history", "add", str(tmp_path), "--history", str(tmp_path / "h.sqlite3"))
    assert code == 130 and err.strip() == "referee: interrupted", err
