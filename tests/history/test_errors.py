"""The history's errors are types, raised at each engine's edge from the engine's own codes (SQLite's result codes,
PostgreSQL's SQLSTATE), never sorted by the words of a message, and each is told in one line in the reader's
language (issue 46: a server message holding the word "full" read as "the disk is full"; `--lang ko` printed "is
not a referee history" in English)."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest

from referee.history.database import FileDatabase
from referee.history.errors import (
    HistoryDamaged,
    HistoryDiskFull,
    HistoryLocked,
    HistoryNoRights,
    HistoryUnreachable,
    HistoryUnusable,
    NotAHistory,
    RowRefused,
)
from referee.history.store import open_history
from tests.conftest import referee_command
from tests.history.pg_server import Server

SHOWN = "postgresql://ann@db.example:5432/club"
URL = "postgresql://ann:Secret-Pw@db.example:5432/club"


def test_a_server_message_with_the_word_full_is_not_read_as_a_full_disk() -> None:
    """The server's words are the detail, never the kind: a refusal that says "full" is not a full disk, and a full
    disk (SQLSTATE 53100) is one whatever it says."""
    import psycopg

    from referee.history.server import fault

    raised = fault(psycopg.errors.RaiseException("the box is full"), URL, SHOWN)
    assert isinstance(raised, HistoryUnusable) and not isinstance(raised, HistoryDiskFull)
    assert raised.message == f"{SHOWN}: the history cannot be used (the box is full)"
    assert isinstance(fault(psycopg.errors.DiskFull("no room left on device"), URL, SHOWN), HistoryDiskFull)
    assert isinstance(fault(psycopg.errors.LockNotAvailable("could not obtain lock"), URL, SHOWN), HistoryLocked)
    assert isinstance(fault(psycopg.errors.InsufficientPrivilege("permission denied"), URL, SHOWN), HistoryNoRights)
    assert isinstance(fault(psycopg.errors.UniqueViolation("duplicate key value"), URL, SHOWN), RowRefused)
    assert isinstance(fault(psycopg.OperationalError("connection refused"), URL, SHOWN), HistoryUnreachable)
    said = fault(psycopg.errors.AdminShutdown(f"terminating: {URL}"), URL, SHOWN)
    assert isinstance(said, HistoryUnreachable) and "Secret-Pw" not in said.message


def test_a_server_refusal_that_says_full_is_told_as_what_it_is_on_a_real_server(pg: Server) -> None:
    history = open_history(pg.new_database())
    assert history is not None
    with history, pytest.raises(HistoryUnusable) as raised, history.reading() as db:
        db.execute("DO $$ BEGIN RAISE EXCEPTION 'the tray is full'; END $$")
    assert not isinstance(raised.value, HistoryDiskFull)
    assert "the disk is full" not in raised.value.message and "the tray is full" in raised.value.message


def test_sqlites_errors_are_told_by_their_result_codes(tmp_path: Path) -> None:
    """SQLite's result codes, not its words: a full file, a lock, a constraint, a damaged or a foreign file."""
    path = tmp_path / "h.sqlite3"
    raw = sqlite3.connect(path, isolation_level=None)
    db = FileDatabase(raw, path)
    db.execute("CREATE TABLE t (x TEXT UNIQUE)")
    db.execute("INSERT INTO t VALUES ('a')")
    with pytest.raises(RowRefused):
        db.execute("INSERT INTO t VALUES ('a')")
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(HistoryDiskFull, match="the disk is full"):
        db.execute("INSERT INTO t VALUES (?)", ("x" * 100_000,))
    with pytest.raises(HistoryUnusable, match="the history cannot be used"):
        db.execute("SELECT * FROM no_such_table_is_full")  # "full" in the words: not a full disk
    raw.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    waiting = FileDatabase(sqlite3.connect(path, timeout=0, isolation_level=None), path)
    with pytest.raises(HistoryLocked, match="locked by another referee"):
        waiting.execute("SELECT * FROM t")
    holder.execute("ROLLBACK")
    holder.close()
    foreign = tmp_path / "foreign.sqlite3"
    foreign.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    with pytest.raises(NotAHistory):
        FileDatabase(sqlite3.connect(foreign), foreign).execute("SELECT * FROM sqlite_master")


def test_a_damaged_file_found_while_read_is_told_with_the_ways_to_recover(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("PRAGMA page_size = 512")
    raw.execute("CREATE TABLE t (x TEXT)")
    raw.executemany("INSERT INTO t VALUES (?)", [("x" * 400,) for _ in range(50)])
    raw.close()
    data = bytearray(path.read_bytes())
    data[512 * 3 : 512 * 3 + 16] = b"\xff" * 16  # a page of the table's b-tree overwritten
    path.write_bytes(bytes(data))
    with pytest.raises(HistoryDamaged, match="To recover"):
        FileDatabase(sqlite3.connect(path), path).execute("SELECT count(*), max(x) FROM t").fetchall()


def korean(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*referee_command(), "--lang", "ko", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_a_file_that_is_not_a_history_is_told_in_korean(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    listed = korean("history", "list", "--history", str(text))
    assert listed.returncode == 2 and "Traceback" not in listed.stderr
    assert f"{text}은(는) referee 기록이 아닙니다" in listed.stderr, listed.stderr
    assert "is not a referee history" not in listed.stderr
    folder = korean("history", "list", "--history", str(tmp_path))
    assert folder.returncode == 2 and "(폴더)" in folder.stderr, folder.stderr
