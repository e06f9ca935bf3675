"""One output-path rule for every file the referee writes (issue: "nothing lost, round four").

Every writing command (a picture from ``draw``, ``check --draw``, ``score --draw``, ``score --log --draw``, a
report, every export, a record of ``play``) is pointed, through a symbolic link and a hard link, at each file it
must never write: the record it reads, the history, and the history's ``-wal``, ``-shm`` and ``-journal`` files;
and with its standard output opened on each of them (a shell's ``1<>FILE``). Each is refused in one line, and
nothing changes."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, referee_command
from tests.in_process import run

RECORD = EXAMPLES / "coin-age-finished.toml"


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A record, a history holding its game (the user's: ``$REFEREE_HISTORY``), and a connection kept open so that
    the -wal and -shm files exist."""
    monkeypatch.setenv("REFEREE_HISTORY", str(tmp_path / "H"))
    record = tmp_path / "rec.toml"
    record.write_bytes(RECORD.read_bytes())
    history = tmp_path / "H"
    assert run("history", "add", str(record), "--history", str(history))[0] == 0
    keeper = sqlite3.connect(history)
    keeper.execute("PRAGMA journal_mode = WAL")
    keeper.execute("SELECT count(*) FROM games").fetchone()
    assert Path(str(history) + "-wal").exists() and Path(str(history) + "-shm").exists()
    yield record, history
    keeper.close()


def writers(record: Path, history: Path, target: str) -> dict[str, list[str]]:
    h = ["--history", str(history)]
    return {
        "draw": ["coin-age", "draw", str(record), "-o", target, "--force"],
        "check --draw": ["coin-age", "check", str(record), "done", "--draw", target],
        "score --draw": ["coin-age", "score", str(record), "--draw", target],
        "score --log --draw": ["coin-age", "score", str(record), "--log", "--draw", target, *h],
        "report": ["history", "report", "-o", target, "--force", *h],
        **{f"export {kind}": ["history", "export", "--format", kind, target, "--force", *h]
           for kind in ("json", "csv", "bgg", "bgstats", "bgstats-push")},
        "play --record": ["coin-age", "play", "--players", "A,B", "--record", target, "--log", *h],
    }  # fmt: skip


SUFFIX = {"draw": ".svg", "check --draw": ".svg", "score --draw": ".svg", "score --log --draw": ".svg"}


def snapshot(record: Path, history: Path) -> dict[str, bytes | None]:
    names = [record, history, *(Path(str(history) + side) for side in ("-wal", "-shm", "-journal"))]
    return {str(name): name.read_bytes() if name.exists() else None for name in names}


def unchanged(before: dict[str, bytes | None], after: dict[str, bytes | None]) -> bool:
    """The record and the history as they were; a side file as it was, or removed by SQLite (a reader that closes
    the history last checkpoints its write-ahead log and removes it: nothing of the history is lost)."""
    return all(after[name] == was or (after[name] is None and name.endswith(("-wal", "-shm")))
               for name, was in before.items())  # fmt: skip


# a hard link needs a file: SQLite keeps no rollback journal in WAL mode, so "-journal" is tried by name only
LINKS = [
    (link, protected)
    for link in ("symbolic", "hard")
    for protected in ("record", "history", "-wal", "-shm", "-journal")
    if (link, protected) != ("hard", "-journal")
]


@pytest.mark.parametrize(("link", "protected"), LINKS)
def test_no_writer_writes_through_a_link_to_what_it_must_keep(table, tmp_path: Path, link: str, protected: str):
    record, history = table
    aim = record if protected == "record" else history if protected == "history" else Path(str(history) + protected)
    assert link == "symbolic" or aim.exists(), aim
    for number, (name, _args) in enumerate(writers(record, history, "x").items()):
        if protected == "record" and name not in SUFFIX:
            continue  # the record is not one of its inputs: replacing that file with --force is what was asked
        target = tmp_path / f"out{number}{SUFFIX.get(name, '.html' if name == 'report' else '.json')}"
        if link == "symbolic":
            target.symlink_to(aim)
        else:
            os.link(aim, target)
        before = snapshot(record, history)
        code, _out, err = run(*writers(record, history, str(target))[name], stdin="slap QN\n")
        assert code == 2, (name, protected, link, err)
        assert err.count("\n") == 1 and "Traceback" not in err, (name, err)
        assert unchanged(before, snapshot(record, history)), (name, protected, link)


@pytest.mark.parametrize("protected", ["record", "history", "-wal"])
def test_standard_output_opened_on_what_it_must_keep_is_refused(table, protected: str) -> None:
    record, history = table
    aim = record if protected == "record" else history if protected == "history" else Path(str(history) + protected)
    command = " ".join(f"'{word}'" for word in referee_command())
    for args in (
        ["coin-age", "draw", str(record), "-o", "-"],
        ["history", "export", "--format", "json", "-", "--history", str(history)],
        ["history", "report", "-o", "-", "--history", str(history)],
    ):
        if protected == "record" and args[0] == "history":
            continue  # not an input of theirs
        before = snapshot(record, history)
        shell = f"{command} {' '.join(repr(word) for word in args)} 1<>'{aim}'"
        result = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 2, (args, protected, result.stderr)
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
        assert unchanged(before, snapshot(record, history)), (args, protected)
    code, out, _err = run("history", "list", "--history", str(history))
    assert code == 0 and "Iris" in out


def test_check_draw_onto_an_existing_file_offers_no_force(table, tmp_path: Path) -> None:
    record, _history = table
    existing = tmp_path / "there.svg"
    existing.write_text("keep")
    code, _out, err = run("coin-age", "check", str(record), "done", "--draw", str(existing))
    assert code == 2 and "already exists" in err and "--force" not in err, err
    assert existing.read_text() == "keep"
