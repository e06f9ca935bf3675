"""Every value from a file or an option is bounded before use, and the history's failures are named for what they
are: one line and an exit status, never a traceback (issue: "nothing lost, round three")."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import referee_command
from tests.history.helpers import copy_of_history, entry, finished_record, history_at

pytestmark = pytest.mark.e2e


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*referee_command(), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
        timeout=120,
        check=False,
    )


def one_line_refusal(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


@pytest.fixture
def history(tmp_path: Path, one_game_history: Path) -> Path:
    """A history of one finished Coin Age game, the test's own."""
    return copy_of_history(one_game_history, tmp_path / "h.sqlite3")


@pytest.mark.parametrize(
    "args",
    [
        ["history", "list", "--since", "0001-01-01"],
        ["stats", "--since", "0001-01-01"],
        ["history", "list", "--since", "9999-12-31T23:59:59-05:00"],
        ["history", "show", "99999999999999999999"],
        ["history", "remove", "99999999999999999999"],
        ["stats", "--player", "Ann", "--vs", "ann"],
    ],
)
def test_out_of_range_options_are_one_line(history: Path, args: list[str]) -> None:
    one_line_refusal(run(*args, "--history", str(history)))


def test_a_limit_beyond_what_a_history_holds_is_refused_but_the_largest_lists_everything(history: Path) -> None:
    """Issue 34: ``--limit`` is bounded like a game id (one line beyond it), and its largest value is all games."""
    result = run("history", "list", "--limit", "99999999999999999999", "--json", "--history", str(history))
    one_line_refusal(result)
    assert "error" in json.loads(result.stdout)
    result = run("history", "list", "--limit", str(2**63 - 1), "--json", "--history", str(history))
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)) == 1


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"])
@pytest.mark.parametrize("command", ["add", "score"])
def test_a_record_finished_at_the_edge_of_time_is_refused_in_one_line(tmp_path: Path, stamp: str, command: str) -> None:
    text = finished_record("coin-age", 1)[0].decode().replace("format = 1\n", f'format = 1\nfinished = "{stamp}"\n')
    record = tmp_path / "edge.toml"
    record.write_text(text)
    history = tmp_path / "h.sqlite3"
    if command == "add":
        result = run("history", "add", str(record), "--history", str(history))
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert "1 refused" in result.stdout and "years 1900 to 9998" in result.stderr
    else:
        one_line_refusal(run("coin-age", "score", str(record), "--log", "--history", str(history)))


@pytest.mark.parametrize("played", ["0001-01-01T00:00:00-05:00", "9999-12-31T23:59:59-05:00", "garbage", 7])
def test_a_backup_game_played_at_the_edge_of_time_is_refused_in_one_line(tmp_path: Path, played: object) -> None:
    """Issue 34: never restored silently with the import's time; the other games come in."""
    record = finished_record("coin-age", 1)[0].decode()
    other = finished_record("coin-age", 2)[0].decode()
    backup = tmp_path / "backup.json"
    games = [
        {"record": record, "players": ["Ann", "Bob"], "played": played},
        {"record": other, "players": ["Ann", "Bob"], "played": "2025-01-01T10:00:00Z"},
    ]
    backup.write_text(json.dumps({"format": "referee-history", "version": 1, "games": games}))
    result = run("history", "import", str(backup), "--history", str(tmp_path / "h.sqlite3"))
    assert result.returncode == 0, result.stderr  # one game in, one refused: said in a line, counted
    assert result.stderr.count("\n") == 1 and "'played'" in result.stderr, result.stderr
    assert "1 game imported" in result.stdout and "1 refused" in result.stdout


def test_one_bad_cell_never_stops_list_show_or_export(history: Path) -> None:
    with sqlite3.connect(history) as db:
        db.execute("UPDATE games SET setup = '{not json', record = 'not = [toml'")
    assert run("history", "list", "--history", str(history)).returncode == 0
    for export_format in ("csv", "json", "bgstats", "bgstats-push", "bgg"):
        exported = run("history", "export", "--format", export_format, "--history", str(history))
        assert exported.returncode == 0, exported.stderr
    shown = run("history", "show", "1", "--history", str(history))  # issue 34: shown as far as it can be read
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    assert "damaged" in shown.stdout.lower() and "setup" in shown.stdout


@pytest.mark.parametrize("command", [["history", "list"], ["history", "show", "1"], ["stats"], ["history", "add", "x"]])
def test_json_errors_are_one_document(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result = run(*command, "--json", "--history", str(fifo))
    assert result.returncode == 2
    document = json.loads(result.stdout)
    assert "not a regular file" in document["error"]["message"]


def test_a_fifo_or_a_device_as_the_history_is_named_for_what_it_is(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/null"):
        result = run("history", "list", "--history", path)
        one_line_refusal(result)
        assert "a folder" not in result.stderr and "not a regular file" in result.stderr


def damage(path: Path) -> None:
    """Make two pages of the history claim the same child page (``PRAGMA quick_check`` finds it; reads go on)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = DELETE")
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'players_by_key'").fetchone()[0]
    data = bytearray(path.read_bytes())
    offset = (root - 1) * 4096
    assert data[offset] == 2, "the index must have grown an interior page"
    data[offset + 8 : offset + 12] = (1).to_bytes(4, "big")
    path.write_bytes(data)


def test_a_damaged_history_is_never_written_and_says_how_to_recover(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = history_at(path)
    for number in range(300):
        made = entry("coin-age", [f"P{number}", "Q"], [1, 2], [2, 1], ["Q"], f"2025-01-01T00:00:{number % 60:02d}")
        made.content_hash = f"game-{number}"
        history.log(made)
    history.close()
    damage(path)
    before = path.read_bytes()
    removed = run("history", "remove", "3", "--history", str(path))
    one_line_refusal(removed)
    assert "damaged" in removed.stderr and ".recover" in removed.stderr and "export --format json" in removed.stderr
    assert path.read_bytes() == before
    assert run("history", "list", "--history", str(path)).returncode == 0  # what can be read is read


def test_a_batch_waits_for_another_referees_write_instead_of_giving_up(history: Path, tmp_path: Path) -> None:
    """The lock is held until the batch says it waits (an event, however long a loaded machine takes to get there),
    then longer than a referee's usual patience (``BUSY_TIMEOUT_SECONDS``): the batch waits on, and goes on."""
    from referee.history.schema import BUSY_TIMEOUT_SECONDS

    record = tmp_path / "second.toml"
    record.write_bytes(finished_record("coin-age", 2)[0])
    holder = sqlite3.connect(history, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    env = {**os.environ, "NO_COLOR": "1"}
    batch = subprocess.Popen(
        [*referee_command(), "history", "add", str(record), "--history", str(history)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert batch.stderr is not None
    try:
        said = batch.stderr.readline()  # blocks until the batch says something, or ends
        if "waiting" in said:
            time.sleep(BUSY_TIMEOUT_SECONDS + 1)  # what is tested: the lock held past the usual patience (not a wait)
    finally:
        holder.execute("COMMIT")
        holder.close()
    out, err = batch.communicate(timeout=600)
    assert "waiting" in said, said + err
    assert batch.returncode == 0, err
    assert "1 game added" in out


def test_stats_read_stale_ratings_without_waiting_for_the_write_lock(history: Path, tmp_path: Path) -> None:
    """Another referee holds the write lock all along: the stale ratings are computed and shown, never waited for
    (a wait longer than a moment would call the history's ``on_wait``; the lock is never let go while it runs)."""
    with sqlite3.connect(history) as db:
        db.execute("UPDATE rating_state SET stale = 1")
    holder = sqlite3.connect(history, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    waited: list[str] = []
    try:
        with history_at(history) as opened:
            opened.on_wait = lambda: waited.append("waited for the write lock")
            ratings = opened.ratings("coin-age")
        result = run("stats", "--game", "coin-age", "--json", "--history", str(history))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert waited == []
    assert set(ratings) and result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["players"]["Ann"]["rating"] is not None


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE games SET finished = x'00ff', started = 12345",
        "UPDATE games SET notes = x'41', location = x'80'",
        "UPDATE games SET played = x'00'",
        "UPDATE players SET name = x'ff41', color = x'ff' WHERE seat = 0",
        "UPDATE players SET key = x'ff' WHERE seat = 0",
    ],
    ids=["times", "notes-and-place", "played", "name-and-colour", "key"],
)
def test_a_cell_of_the_wrong_type_never_stops_a_command(history: Path, damage: str) -> None:
    """SQLite keeps any type in any column: a hand-edited or damaged history may hold bytes where text belongs."""
    with sqlite3.connect(history) as db:
        db.execute(damage)
    for command in (
        ["stats", "--json"],
        ["stats", "--highlights"],
        ["stats", "--highlights", "--json"],
        ["history", "list", "--json"],
        ["history", "show", "1"],
        ["history", "export", "--format", "bgg"],
        ["history", "export", "--format", "bgstats"],
        ["history", "export", "--format", "csv"],
        ["history", "export", "--format", "json"],
        ["history", "report", "-o", "-"],
    ):
        result = run(*command, "--history", str(history))
        assert "Traceback" not in result.stderr, (command, result.stderr)
        assert result.returncode == 0, (command, result.stderr)


def test_a_new_games_uuid_is_a_random_version_4_uuid_upper_case() -> None:
    """``new_uuid`` makes a version-4 UUID (RFC 9562, section 5.4) from random bytes without :mod:`uuid`: each is one
    as :mod:`uuid` reads it, upper-case, as a record keeps it, and no two are alike."""
    import uuid

    from referee.history.entry import checked_uuid, new_uuid

    made = [new_uuid() for _ in range(200)]
    for text in made:
        read = uuid.UUID(text)
        assert (read.version, read.variant) == (4, uuid.RFC_4122), text
        assert text == str(read).upper() == checked_uuid(text)
    assert len(set(made)) == len(made)
