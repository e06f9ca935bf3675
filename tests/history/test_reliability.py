"""Killed at any moment, the history holds each game wholly or not at all; two referees logging at once are both
logged."""

from __future__ import annotations

import random
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.clock import wait_until
from tests.conftest import ROOT
from tests.history.helpers import history_at


def logger(path: Path, first: int, count: int, *kind: str) -> subprocess.Popen:
    """``tests/history/logger_loop.py`` logging ``count`` games from number ``first`` (``"unique"``: games no other
    number gives, so that each one logged adds one to the count)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.history.logger_loop", str(path), str(first), str(count), *kind],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def check_whole(path: Path) -> int:
    """Integrity, and every logged game complete (all its players, a rating step each when rated); the count."""
    with history_at(path) as history:
        assert history.integrity() == "ok"
        db = history.connection
        for game_id, record in db.execute("SELECT id, record FROM games"):
            players = db.execute(f"SELECT count(*) FROM players WHERE game_id = {db.dialect.p}", (game_id,)).fetchone()[
                0
            ]
            steps = db.execute(
                f"SELECT count(*) FROM rating_steps WHERE game_id = {db.dialect.p}", (game_id,)
            ).fetchone()[0]
            assert players == len(tomllib.loads(record)["players"]), f"game {game_id} is not whole"
            assert steps in (0, players)
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])


def games_logged(path: Path) -> int:
    """How many games the history holds now, read beside the logger (0 before its first game is committed)."""
    import sqlite3
    from contextlib import closing

    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.1)) as db:
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.Error:  # not made yet, its tables not yet, or busy: look again
        return 0


def test_sigkill_while_logging_leaves_every_game_whole_or_absent(tmp_path: Path) -> None:
    """Each round kills the logger once some more games are in (a random number of them, 1 to 20: read from the
    history itself, so the kill never lands before the first game, however slowly the logger starts), at whatever
    point of the next game it has reached."""
    seed = random.randrange(2**32)
    print(f"seed={seed}")
    rng = random.Random(seed)
    path = tmp_path / "h.sqlite3"
    logged = 0
    for round_number in range(12):
        process = logger(path, round_number * 1000, 1000, "unique")
        count = logged + rng.randint(1, 20)
        in_there, alive = (lambda n=count: games_logged(path) >= n), (lambda p=process: p.poll() is None)
        wait_until(in_there, f"{count} games logged", alive=alive)
        process.kill()
        process.wait()
        after = check_whole(path)
        assert after > logged
        logged = after


def test_two_referees_logging_at_once_are_both_logged(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    first, second = logger(path, 0, 60), logger(path, 10_000, 60)
    for process in (first, second):
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err.decode()
        assert out.strip() == b"done"
    assert check_whole(path) == 120


def test_referees_opening_a_new_history_at_the_same_moment_all_succeed(tmp_path: Path) -> None:
    """Six referees (each its own connection) open the same new history at once, 100 times over: none may find it
    "another program's database" (the identity is read in one snapshot) or "locked" (the switch to WAL mode,
    which SQLite refuses at once while another connection reads, is tried again)."""
    import threading

    from referee.history.store import HistoryError, open_history

    for attempt in range(100):
        path = tmp_path / f"h{attempt}.sqlite3"
        start = threading.Barrier(6)
        errors: list[str] = []

        def open_it(path: Path = path, start: threading.Barrier = start, errors: list[str] = errors) -> None:
            start.wait()
            try:
                with open_history(path):
                    pass
            except HistoryError as error:
                errors.append(error.message)

        threads = [threading.Thread(target=open_it) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, f"attempt {attempt}: {errors}"
    assert check_whole(tmp_path / "h0.sqlite3") == 0
