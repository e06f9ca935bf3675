"""``history add`` and ``history import`` log many games: every count they print is what the database holds
afterwards, a game that fails is skipped while the others go on, and a failure of the history itself stops the
batch with an exact account (issue: "counts that lie")."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from referee.cli.env import Environment
from referee.cli.history.batch import BatchLog
from referee.cli.output import Output
from referee.history.export import BACKUP_FORMAT
from referee.history.store import History
from tests.conftest import referee_command
from tests.history import helpers
from tests.history.helpers import entry, finished_record, history_arg, history_at, on_engine
from tests.robustness.helpers import record_text


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*referee_command(), *on_engine(args)],
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=300,
        check=False,
    )


def games_in(path: Path) -> int:
    """The games in the history a test names by ``path`` (read by the engine's own driver, not the store)."""
    if helpers.SERVER:
        import psycopg

        with psycopg.connect(history_arg(path)) as server:
            return int(server.execute("SELECT count(*) FROM games").fetchone()[0])  # type: ignore[index]
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])


def coin_age_records(count: int) -> list[bytes]:
    """``count`` different finished Coin Age records."""
    found: list[bytes] = []
    seen: set[bytes] = set()
    seed = 1
    while len(found) < count:
        record, _actions = finished_record("coin-age", seed)
        seed += 1
        if record not in seen:
            seen.add(record)
            found.append(record)
    return found


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL: the name rule at the door
def test_a_record_whose_players_are_one_person_is_refused_and_the_others_are_logged(tmp_path: Path) -> None:
    records = coin_age_records(4)
    for number, record in enumerate(records):
        text = record.decode()
        if number == 2:
            text = text.replace('"Ann",\n    "Bob",', '"Iris",\n    "iris",')
            assert "Iris" in text
        (tmp_path / f"game{number}.toml").write_text(text)
    history = tmp_path / "h.sqlite3"
    result = run("history", "add", *sorted(str(path) for path in tmp_path.glob("*.toml")), "--history", str(history))
    assert result.returncode == 2, result.stderr
    assert b"3 games added" in result.stdout
    assert b"1 refused" in result.stdout
    assert b"one player to the history" in result.stderr
    assert games_in(history) == 3


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL: a refused game past a commit
def test_an_import_whose_player_list_repeats_a_name_skips_that_game_only(tmp_path: Path) -> None:
    """Past the first commit of the batch (200 games), so a rolled-back transaction could not hide."""
    records = coin_age_records(230)
    games = [{"record": record.decode(), "players": ["Ann", "Bob"]} for record in records]
    games[210]["players"] = ["Iris", "iris"]
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps({"format": BACKUP_FORMAT, "version": 1, "games": games}))
    history = tmp_path / "h.sqlite3"
    result = run("history", "import", str(backup), "--history", str(history))
    assert b"229 games imported" in result.stdout, (result.stdout, result.stderr)
    assert b"1 refused" in result.stdout
    assert games_in(history) == 229


def quiet_output() -> tuple[Output, io.StringIO]:
    errors = io.StringIO()
    env = Environment(io.StringIO(), io.StringIO(), errors, False, False, True, False)
    return Output(env), errors


def test_a_full_disk_stops_the_batch_and_the_counts_are_what_the_database_holds(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history: History = history_at(path)
    history.BATCH_SIZE = 5
    big = "x" * 3000  # records of this size fill the few pages allowed quickly
    entries = []
    for number in range(60):
        made = entry("coin-age", ["Ann", "Bob"], [10, number], [2, 1], ["Bob"], f"2025-01-01T00:{number:02d}:00")
        made.record = big + str(number)
        made.content_hash = f"hash-{number}"
        entries.append(made)
    pages = history.connection.execute("PRAGMA page_count").fetchone()[0]
    history.connection.execute(f"PRAGMA max_page_count = {pages + 30}")
    out, errors = quiet_output()
    batch = BatchLog(out, history, len(entries))
    batch.run((f"game {number}", made) for number, made in enumerate(entries))
    counts = batch.counts()
    history.close()
    assert batch.worst == 2
    assert "full" in errors.getvalue() and "stopped:" in errors.getvalue()
    assert 0 < counts["added"] < len(entries)
    assert counts["added"] == games_in(path), errors.getvalue()
    assert counts["not_read"] == len(entries) - batch.seen > 0
    assert "not logged (log them again)" in errors.getvalue()


@pytest.mark.parametrize("interrupt_at", [3, 7])
def test_ctrl_c_in_a_batch_keeps_what_was_logged_and_says_so(tmp_path: Path, interrupt_at: int) -> None:
    path = tmp_path / "h.sqlite3"
    history = history_at(path)
    history.BATCH_SIZE = 5
    out, errors = quiet_output()

    def entries():  # type: ignore[no-untyped-def]
        for number in range(10):
            if number == interrupt_at:
                raise KeyboardInterrupt
            made = entry("coin-age", ["Ann", "Bob"], [10, number], [2, 1], ["Bob"], f"2025-01-01T00:{number:02d}:00")
            yield f"game {number}", made

    batch = BatchLog(out, history, 10)
    batch.run(entries())
    history.close()
    assert batch.worst == 130
    assert batch.counts()["added"] == interrupt_at == games_in(path)
    assert f"stopped: {interrupt_at} games are in the history" in errors.getvalue()


@pytest.mark.parametrize("moment", ["before the game is written", "after the game is written"])
@pytest.mark.parametrize("interrupt_at", [2, 4, 5])
def test_ctrl_c_while_a_game_is_logged_leaves_no_game_out_of_the_account(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moment: str, interrupt_at: int
) -> None:
    """Issue 34: Ctrl-C inside the logging of a game (read, not yet counted): the account's parts (in the
    history, not logged, not read) still add up to the games given, and what it says is what the file holds."""
    from referee.history.store import History

    path = tmp_path / "h.sqlite3"
    history = history_at(path)
    history.BATCH_SIZE = 3
    real_merge = History.merge
    calls = [0]

    def merge(self: History, made, **options):  # type: ignore[no-untyped-def]
        calls[0] += 1
        if calls[0] == interrupt_at + 1 and moment == "before the game is written":
            raise KeyboardInterrupt
        result = real_merge(self, made, **options)
        if calls[0] == interrupt_at + 1:
            self._pending.pop() if self._pending else None  # written, and Ctrl-C before it was counted
            raise KeyboardInterrupt
        return result

    monkeypatch.setattr(History, "merge", merge)
    out, errors = quiet_output()
    made = [
        entry("coin-age", ["Ann", "Bob"], [10, number], [2, 1], ["Bob"], f"2025-01-01T00:{number:02d}:00")
        for number in range(10)
    ]
    batch = BatchLog(out, history, 10)
    batch.run((f"game {number}", game) for number, game in enumerate(made))
    counts = batch.counts()
    history.close()
    text = errors.getvalue()
    lost = 1 if moment == "before the game is written" else 0
    assert batch.worst == 130
    assert counts["added"] == games_in(path)
    assert counts["added"] + lost + counts["not_read"] == 10, text
    assert (f"not logged (log them again): game {interrupt_at}" in text) == bool(lost), text


def test_record_text_helper_still_names_ann_and_bob() -> None:
    assert b'"Ann",\n    "Bob",' in record_text("coin-age", [])


def test_a_backup_larger_than_a_record_may_be_restores(tmp_path: Path) -> None:
    """The program's own JSON export is read a game at a time: over 4 MB (the bound of a record) it restores."""
    records = coin_age_records(700)
    padding = "\n# " + "x" * 6000 + "\n"
    folder = tmp_path / "records"
    folder.mkdir()
    for number, record in enumerate(records):
        (folder / f"{number:04d}.toml").write_text(record.decode() + padding)
    first = tmp_path / "first.sqlite3"
    assert run("history", "add", str(folder), "--history", str(first)).returncode == 0
    backup = tmp_path / "backup.json"
    exported = run("history", "export", "--format", "json", "--history", str(first), str(backup))
    assert exported.returncode == 0, exported.stderr
    assert backup.stat().st_size > 4 * 1024 * 1024
    second = tmp_path / "second.sqlite3"
    restored = run("history", "import", str(backup), "--history", str(second))
    assert restored.returncode == 0, restored.stderr
    assert b"700 games imported" in restored.stdout
    assert games_in(second) == games_in(first) == 700
    again = run("history", "import", str(backup), "--history", str(second))
    assert b"0 games imported, 700 already" in again.stdout


def test_a_backup_from_a_newer_referee_is_refused_in_one_line(tmp_path: Path) -> None:
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps({"format": BACKUP_FORMAT, "version": 99, "games": []}))
    result = run("history", "import", str(backup), "--history", str(tmp_path / "h.sqlite3"))
    assert result.returncode == 2
    assert result.stderr.decode().count("\n") == 1 and "version 99" in result.stderr.decode()


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL: what a stopped batch has committed
def test_a_backup_cut_short_keeps_the_games_before_the_cut(tmp_path: Path) -> None:
    records = coin_age_records(5)
    games = [{"record": record.decode(), "players": ["Ann", "Bob"]} for record in records]
    text = json.dumps({"format": BACKUP_FORMAT, "version": 1, "games": games}, indent=2)
    fourth = [index for index in range(len(text)) if text.startswith('"record"', index)][3]
    cut = text[: fourth + 30]
    backup = tmp_path / "backup.json"
    backup.write_text(cut)
    history = tmp_path / "h.sqlite3"
    result = run("history", "import", str(backup), "--history", str(history))
    assert result.returncode == 2
    assert b"3 games imported" in result.stdout
    assert b"nothing after game 3" in result.stderr
    assert games_in(history) == 3


def test_ctrl_c_during_a_parallel_history_add_says_what_was_committed(tmp_path: Path) -> None:
    """64 records and more are replayed in worker processes: Ctrl-C reaches them too, and must end in one account
    of what the history holds, no worker's traceback."""
    import signal
    import time

    folder = tmp_path / "records"
    folder.mkdir()
    for number, record in enumerate(coin_age_records(400)):
        (folder / f"{number:04d}.toml").write_bytes(record)
    history = tmp_path / "h.sqlite3"
    process = subprocess.Popen(
        [*referee_command(), "history", "add", str(folder), "--history", str(history)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
        start_new_session=True,
    )
    deadline = time.monotonic() + 60  # Ctrl-C once the first games are in (an event, not a guess of how long)
    while process.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(sqlite3.Error):  # the history is being made
            if history.exists() and games_in(history):
                break
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    out, err = process.communicate(timeout=120)
    text = err.decode()
    assert "Traceback" not in text, text
    if process.returncode == 0:  # finished before the interrupt on a fast machine
        assert b"400 games added" in out
        return
    assert process.returncode == 130, text
    assert "stopped:" in text
    stated = int(text.split("stopped: ")[1].split(" games")[0])
    assert stated == games_in(history)
