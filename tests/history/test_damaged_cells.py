"""One damaged cell damages one game, never the history (issue: "nothing lost, round four").

Every column of every table, read from the database itself (so a column added later is covered), gets NULL, a
value of the wrong type, invalid UTF-8 and an oversized value, each column in a game (or row) of its own; then every
read command runs on that history: it must answer in full or in one line, never with a traceback, and the games
nobody damaged must still be served."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests import in_process
from tests.history.helpers import entry, history_at

DAMAGES = ("null", "wrong-type", "not-utf8", "oversized")
TABLES = ("games", "players", "totals", "ratings", "rating_steps", "rating_state")
UNDAMAGED = "Zelda"
"""A player of the games nobody damages: every read command must still show her."""


def run(*args: str) -> tuple[int, str, str]:
    try:
        return in_process.run(*args)
    except Exception as error:  # a traceback is exactly what the test forbids: show it
        raise AssertionError(f"{args}: {type(error).__name__}: {error}") from error


def bad_value(kind: str, declared: str) -> object:
    if kind == "null":
        return None
    if kind == "not-utf8":
        return "not-utf8"  # written with SQL below
    if kind == "wrong-type":
        return b"\xff\x00" if declared == "TEXT" else "abc"
    return "x" * ((1 << 22) + 1) if declared == "TEXT" else (2**62 if declared == "INTEGER" else 1e300)


def build(path: Path, games: int) -> None:
    history = history_at(path)
    with history, history.batch():
        for number in range(games):
            names = [f"P{number % 7}", f"Q{number % 5}", f"R{number}"]
            history.log(
                entry(
                    "coin-age",
                    names,
                    [3, 2, 1],
                    [1, 2, 3],
                    [names[0]],
                    f"2025-01-{1 + number % 28:02d}T10:00:00",
                    board="original",
                )
            )
        for number in range(3):
            history.log(
                entry(
                    "coin-age",
                    [UNDAMAGED, "Yann"],
                    [9, 1],
                    [1, 2],
                    [UNDAMAGED],
                    f"2024-06-0{number + 1}T10:00:00",
                    board="original",
                )
            )
            history.log(
                entry("matchstick", [UNDAMAGED, "Yann"], None, [1, 2], [UNDAMAGED], f"2024-06-0{number + 1}T11:00:00")
            )
    with history_at(path) as history:
        history.ratings("coin-age")


def damage(path: Path, table: str, kind: str) -> list[int]:
    """Each column of ``table`` damaged in a row of its own (rows whose game is not one of the undamaged ones);
    the ids of the games touched."""
    db = sqlite3.connect(path, isolation_level=None)
    columns = [(row[1], row[2].upper()) for row in db.execute(f"PRAGMA table_info({table})")]
    schema = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall()
    db.execute("PRAGMA writable_schema = ON")  # NOT NULL off while NULLs go in, as a flipped bit would put them
    for name, sql in schema:
        db.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?", (sql.replace("NOT NULL", ""), name))
    db.close()
    db = sqlite3.connect(path, isolation_level=None)
    kept = "(SELECT game_id FROM players WHERE name IN ('Zelda', 'Yann'))"
    where = {
        "games": f"id NOT IN {kept}",
        "players": f"game_id NOT IN {kept}",
        "rating_steps": f"game_id NOT IN {kept}",
        "totals": "name NOT IN ('Zelda', 'Yann')",
        "ratings": "name NOT IN ('Zelda', 'Yann')",
        "rating_state": "1",
    }[table]
    game_of = "id" if table == "games" else "game_id" if table in ("players", "rating_steps") else "NULL"
    found = db.execute(f"SELECT rowid, {game_of} FROM {table} WHERE {where} ORDER BY rowid").fetchall()
    rowids = [row[0] for row in found]
    games = dict(found)
    touched = []
    for (column, declared), rowid in zip(columns, rowids, strict=False):
        value = bad_value(kind, declared)
        try:
            if value == "not-utf8":
                db.execute(f"UPDATE {table} SET \"{column}\" = CAST(x'41ff42' AS TEXT) WHERE rowid = ?", (rowid,))
            else:
                db.execute(f'UPDATE {table} SET "{column}" = ? WHERE rowid = ?', (value, rowid))
        except sqlite3.Error:  # an INTEGER PRIMARY KEY holds integers only
            continue
        if games[rowid] is not None:
            touched.append(games[rowid])
    db.execute("PRAGMA writable_schema = ON")
    for name, sql in schema:
        db.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?", (sql, name))
    db.close()
    return touched


READS = [
    ["history", "list"],
    ["history", "list", "--limit", "0"],
    ["history", "list", "--json"],
    ["history", "list", "--player", UNDAMAGED],
    *[["history", "export", "--format", kind, "-"] for kind in ("bgg", "bgstats", "bgstats-push", "csv", "json")],
    ["stats"],
    ["stats", "--json"],
    ["stats", "--game", "coin-age"],
    ["stats", "--game", "coin-age", "--json"],
    ["stats", "--highlights"],
    ["stats", "--player", UNDAMAGED, "--vs", "Yann"],
    ["stats", "--player", UNDAMAGED, "--vs", "Yann", "--since", "2000-01-01", "--game", "coin-age"],
    ["history", "report", "-o", "-"],
]


def one_line_at_most(args: list[str], code: int, err: str) -> None:
    assert "Traceback" not in err, (args, err)
    assert err.count("\n") <= 1, (args, err)
    assert code in (0, 2), (args, code, err)


@pytest.mark.parametrize("kind", DAMAGES)
@pytest.mark.parametrize("table", TABLES)
def test_every_read_command_survives_a_damaged_cell_in_every_column(tmp_path: Path, table: str, kind: str) -> None:
    path = tmp_path / "h.sqlite3"
    build(path, 20)
    touched = damage(path, table, kind)
    history = ["--history", str(path)]
    for args in READS:
        code, out, err = run(*args, *history)
        one_line_at_most(args, code, err)
        assert code == 0, (args, err)
        assert UNDAMAGED in out, (args, out[:500], err)
    for number, game_id in enumerate(touched):
        if number % 4 == 0:
            code, out, err = run("history", "show", str(game_id), *history)
            one_line_at_most(["show", str(game_id)], code, err)
        code, out, err = run("history", "show", str(game_id), "--json", *history)
        one_line_at_most(["show", "--json", str(game_id)], code, err)
        if code == 0:
            json.loads(out)
    code, out, err = run("history", "rename-player", "P1", "Pat", *history)
    one_line_at_most(["rename-player"], code, err)
    for game_id in touched[:3]:
        code, out, err = run("history", "remove", str(game_id), *history)
        one_line_at_most(["remove", str(game_id)], code, err)
    code, out, err = run("history", "list", "--player", UNDAMAGED, *history)
    assert code == 0 and UNDAMAGED in out, err


def test_a_damaged_game_is_shown_as_such_and_left_out_of_counts(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    build(path, 2)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE games SET location = CAST(x'41ff42' AS TEXT) WHERE id = 1")
    db.execute("UPDATE players SET score = 'abc' WHERE game_id = 2 AND seat = 0")
    db.close()
    history = ["--history", str(path)]
    code, out, err = run("history", "show", "1", *history)
    assert code == 0, err
    assert "damaged" in out.lower() and "location" in out
    code, out, err = run("history", "list", "--json", *history)
    listed = {game["id"]: game for game in json.loads(out)}
    assert listed[1]["damaged"] == ["location"] and listed[2]["damaged"] == ["players.score"]
    assert "damaged" not in listed[3]
    code, out, err = run("stats", "--player", "P1", "--vs", "Q1", "--json", *history)
    assert code == 0 and err.count("\n") == 1 and "damaged" in err, err
    assert json.loads(out)["head_to_head"]["games"] == 0  # its only game together is damaged: counted nowhere
    code, out, err = run("stats", "--game", "coin-age", "--since", "2000-01-01", "--json", *history)
    assert code == 0 and err.count("\n") == 1, err
    assert "P1" not in json.loads(out)["players"]  # added up from the games: the damaged one left out
    code, out, err = run("stats", "--game", "coin-age", "--json", *history)
    assert code == 0 and err == "", err
    assert json.loads(out)["players"]["P1"]["games"] == 1  # the totals kept when it was logged, before the damage
    code, out, err = run("history", "export", "--format", "json", "-", *history)
    assert code == 0 and err.count("\n") == 1, err
    assert "A\ufffdB" in out  # kept as far as it can be read
