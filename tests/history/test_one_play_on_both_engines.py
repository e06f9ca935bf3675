"""Issue 47 on both engines: a history built by every way in restores whole from its JSON backup into a fresh
history (SQLite and PostgreSQL), and two histories edited apart converge through a club's server with the conflict
reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.history import pg_server
from tests.history.helpers import entry, finished_record, history_at
from tests.history.test_one_play_stays_one import SAMPLES, bgg_file, bgg_play, cli, listed, ok


def shown(history: Path) -> dict[str, str]:
    """``history show --json`` of every play, as it is written, by the play's uuid."""
    plays = {}
    for item in listed(history):
        code, out, err = cli("history", "show", str(item["id"]), "--json", "--history", str(history))
        assert code == 0, err
        plays[json.loads(out)["uuid"]] = out
    return plays


def every_way_in(tmp_path: Path, history: Path) -> None:
    """A history from a played record (its uuid and location), an abandoned record (``add --incomplete``), a
    BoardGameGeek log with an owner (a 20-20 draw, two copies of one play, an abandoned play, a play not in win
    statistics, an anonymous player, a day without a time), a BG Stats file (its owner, anonymous players, a
    ``bggId``), a play logged through the history's own call, then edits and a rename."""
    record, actions = finished_record("coin-age", 3)
    text = record.decode().replace(
        "players =",
        'uuid = "7D1A1C52-6A0B-4D8E-9F43-0F3B2C1D9E11"\nlocation = "Kitchen"\n'
        'started = "2025-11-24T21:40:00-08:00"\nfinished = "2025-11-24T22:28:00-08:00"\nplayers =',
        1,
    )
    (tmp_path / "coin.toml").write_text(text)
    ok("history", "add", str(tmp_path / "coin.toml"), "--history", str(history))
    unfinished = text.split("actions = [", 1)[0] + "actions = " + json.dumps(actions[:6]) + "\n"
    unfinished = unfinished.replace("7D1A1C52-6A0B-4D8E-9F43-0F3B2C1D9E11", "7D1A1C52-6A0B-4D8E-9F43-0F3B2C1D9E12")
    if "[setup]" in text and "[setup]" not in unfinished:
        unfinished += "[setup]" + text.split("[setup]", 1)[1]
    (tmp_path / "half.toml").write_text(unfinished)
    ok("history", "add", "--incomplete", str(tmp_path / "half.toml"), "--history", str(history))
    plays = (
        bgg_play("1", "2026-11-01", [("Alice", "20", "0"), ("Bob", "20", "0")])
        + bgg_play("2", "2026-11-02", [("Alice", "25", "1"), ("Bob", "12", "0")]).replace(
            'quantity="1"', 'quantity="2"'
        )
        + bgg_play("3", "2026-11-03", [("Alice", "5", "0"), ("Bob", "3", "0")]).replace(
            'incomplete="0"', 'incomplete="1"'
        )
        + bgg_play("4", "2026-11-04", [("Alice", "15", "1"), ("", "9", "0")]).replace(
            'nowinstats="0"', 'nowinstats="1"'
        )
    )
    ok("history", "import", str(bgg_file(tmp_path / "log.xml", plays)), "--history", str(history))
    ok("history", "import", str(SAMPLES / "app_written.bgsplay"), "--history", str(history))
    with history_at(history) as opened:
        match = entry("matchstick", ["Ann", "Bob", "Cy"], None, [2, 1, 3], ["Bob"], "2026-11-05T20:00:00")
        match.kind = "bgstats"  # a result without actions, logged through the history's own call
        opened.log(match)
    first = listed(history)[-1]["id"]
    ok("history", "edit", str(first), "--location", "Club", "--notes", "rematch", "--history", str(history))
    ok("history", "rename-player", "Bob", "Robert", "--history", str(history))


@pytest.mark.usefixtures("engine")
def test_a_backup_of_a_history_built_by_every_way_in_restores_every_play(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    every_way_in(tmp_path, history)
    original = shown(history)
    assert len(original) == 10, list(original)
    backup = tmp_path / "backup.json"
    ok("history", "export", "--format", "json", "-o", str(backup), "--history", str(history))
    fresh = tmp_path / "fresh.sqlite3"
    said = ok("history", "import", str(backup), "--history", str(fresh))  # no --keep-duplicates
    assert "Plays: 10 added, 0 changed, 0 unchanged, 0 conflicting." in said
    assert shown(fresh) == original  # byte for byte, each play's number included
    with history_at(fresh) as opened:  # the next play logged gets the next number, on either engine
        later = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-12-01T20:00:00")
        later.kind = "bgstats"
        assert opened.log(later) == (11, True)
    assert "Plays: 0 added, 0 changed, 10 unchanged, 0 conflicting." in ok(
        "history", "import", str(backup), "--history", str(history)
    )


def test_two_histories_edited_apart_converge_through_the_club_server(tmp_path: Path, pg: pg_server.Server) -> None:
    club = pg.new_database()
    ann, bob = tmp_path / "ann.sqlite3", tmp_path / "bob.sqlite3"
    with history_at(ann) as opened:
        play = entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00")
        play.kind = "bgstats"
        opened.log(play)
    assert "Plays: 1 added" in ok("history", "push", "--to", club, "--history", str(ann))
    assert "Plays: 1 added" in ok("history", "pull", "--from", club, "--history", str(bob))
    ok("history", "edit", "1", "--location", "Club", "--history", str(ann))  # an edit travels
    assert "0 added, 1 changed, 0 unchanged" in ok("history", "push", "--to", club, "--history", str(ann))
    assert "0 added, 1 changed, 0 unchanged" in ok("history", "pull", "--from", club, "--history", str(bob))
    assert listed(bob)[0]["location"] == "Club"
    ok("history", "edit", "1", "--notes", "Ann's note", "--history", str(ann))  # both edit apart
    ok("history", "edit", "1", "--notes", "Bob's note", "--history", str(bob))  # Bob's is the newer change
    assert "1 changed" in ok("history", "push", "--to", club, "--history", str(ann))
    said = ok("history", "pull", "--from", club, "--history", str(bob))
    assert "changed on both sides since they last met" in said and "1 conflicting" in said
    for step in (("push", "--to"), ("pull", "--from"), ("push", "--to"), ("pull", "--from")):
        for history in (bob, ann):
            ok("history", step[0], step[1], club, "--history", str(history))
    notes = {str(history): listed(history)[0]["notes"] for history in (ann, bob)}
    assert notes == {str(ann): "Bob's note", str(bob): "Bob's note"}
    code, out, _err = cli("history", "list", "--json", "--history", club)
    assert code == 0 and json.loads(out)[0]["notes"] == "Bob's note"
    ok("history", "edit", "1", "--notes", "the club's", "--history", club)  # by the server's login
    code, out, _err = cli("history", "list", "--json", "--history", club)
    assert json.loads(out)[0]["changed_by"] == "postgres"
    assert "1 changed" in ok("history", "pull", "--from", club, "--history", str(ann))
    assert listed(ann)[0]["changed_by"] == "postgres"  # who changed it travels with the version


@pytest.mark.parametrize("version", [-3, -2147483648])
def test_any_schema_version_a_file_holds_gives_one_line(tmp_path: Path, version: int) -> None:
    import sqlite3

    history = tmp_path / "h.sqlite3"
    with history_at(history) as opened:
        opened.log(entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00"))
    db = sqlite3.connect(history)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
    for args in (("history", "list"), ("history", "add", str(tmp_path / "none.toml")), ("stats",)):
        code, out, err = cli(*args, "--history", str(history))
        assert code == 2 and len(err.strip().splitlines()) == 1 and f"'{version}'" in err, (args, out, err)


@pytest.mark.parametrize("version", ["x9", "-3", "1.5", "", "99999999999999999999"])
def test_any_schema_version_a_server_holds_gives_one_line(pg: pg_server.Server, version: str) -> None:
    import psycopg

    club = pg.new_database()
    ok("history", "init", "--server", club)
    with psycopg.connect(club, autocommit=True) as db:
        db.execute("UPDATE referee_meta SET value = %s WHERE key = 'version'", (version,))
    for args in (("history", "list", "--history", club), ("stats", "--history", club)):
        code, out, err = cli(*args)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "schema version" in err, (args, out, err)


def test_a_login_without_rights_is_told_so_in_one_line(pg: pg_server.Server, tmp_path: Path) -> None:
    import os

    club = pg.new_database()
    ok("history", "init", "--server", club)
    with _opened(club) as opened:
        opened.log(entry("coin-age", ["Ann", "Bob"], [21, 18], [1, 2], ["Ann"], "2026-11-02T04:10:00"))
    pg.admin("DROP ROLE IF EXISTS nobody47")
    pg.admin("CREATE ROLE nobody47 LOGIN PASSWORD 'pw'")
    login = club.replace("postgresql://postgres@", "postgresql://nobody47@")
    record, _actions = finished_record("coin-age", 3)
    (tmp_path / "coin.toml").write_bytes(record)
    os.environ["PGPASSWORD"] = "pw"
    try:
        for args in (("history", "list"), ("stats",), ("history", "add", str(tmp_path / "coin.toml"))):
            code, out, err = cli(*args, "--history", login)
            assert code == 2 and len(err.strip().splitlines()) == 1, (args, out, err)
            assert "no referee role" in err and "referee_table" in err and "referee_organiser" in err
    finally:
        del os.environ["PGPASSWORD"]


def _opened(url: str) -> Any:
    from referee.history.store import open_history

    return open_history(url)
