"""Hand-made history entries and finished records for the history tests."""

from __future__ import annotations

from pathlib import Path

import tomli_w

from referee.history.entry import GameEntry, PlayerResult, content_hash
from referee.history.store import History, open_history
from tests.robustness.helpers import PLAYERS, random_game, record_text


def entry(
    game: str,
    names: list[str],
    scores: list[int] | None,
    places: list[int],
    winners: list[str],
    played: str,
    *,
    board: str | None = None,
) -> GameEntry:
    """A game as the history keeps it, made by hand (``places``: 1-based ranking position, seat by seat)."""
    results = []
    for seat, name in enumerate(names):
        rank = 1 if name in winners else places[seat]
        score = None if scores is None else scores[seat]
        results.append(PlayerResult(name, seat, score, places[seat], rank, name in winners))
    document = {"game": game, "players": names, "scores": scores, "places": places, "played": played}
    return GameEntry(
        game=game,
        players=results,
        setup={"map": board} if board else {},
        record=tomli_w.dumps({key: value for key, value in document.items() if value is not None}),
        content_hash=content_hash(document),
        played=played,
    )


ENGINE_URLS: dict[Path, str] = {}
"""For the tests run on the server (the ``engine`` fixture of tests/history/conftest.py): each file path a test
names stands for a database of its own on the server."""
SERVER: list[object] = []
FILES: set[Path] = set()
"""Histories that stay SQLite files on both engines (made once for a module, before any test's engine)."""


def history_at(path: Path) -> History:
    """The history a test names by a file: that file with SQLite, or a new database on the test server (the same
    one for the same path) when the test runs on PostgreSQL."""
    history = open_history(history_arg(path) if SERVER else path)
    assert history is not None
    return history


def history_arg(path: Path | str) -> str:
    """What a test passes as ``--history`` for the history it names by a file: that file with SQLite, or the
    server's database for that path (the one :func:`history_at` opens) when the test runs on PostgreSQL."""
    text = str(path)
    if not SERVER or text.startswith("postgresql://") or Path(text) in FILES:
        return text
    path = Path(text)
    if path not in ENGINE_URLS:
        ENGINE_URLS[path] = SERVER[0].new_database()  # type: ignore[attr-defined]
    return ENGINE_URLS[path]


def on_engine(args: tuple[str, ...]) -> list[str]:
    """A command line with the value of each ``--history`` as :func:`history_arg` gives it."""
    mapped = list(args)
    for index, word in enumerate(mapped[:-1]):
        if word == "--history":
            mapped[index + 1] = history_arg(mapped[index + 1])
    return mapped


def finished_record(game: str, seed: int) -> tuple[bytes, list[str]]:
    """A finished random game of ``game``: its record and its actions (seeds searched upward until one ends)."""
    while True:
        played = random_game(game, seed)
        if played.over:
            return record_text(game, played.actions), played.actions
        seed += 1000


__all__ = ["PLAYERS", "entry", "finished_record", "history_arg", "history_at", "on_engine"]


def copy_of_history(template: Path, path: Path) -> Path:
    """A whole copy of the SQLite history ``template`` at ``path`` (SQLite's backup, so nothing in its journal is
    left behind)."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(path)) as copy:
        source.backup(copy)
    return path
