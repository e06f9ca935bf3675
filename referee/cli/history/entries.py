"""History entries from records: a record's text replayed into the entry the history keeps (a finished game, a
position, or with ``--incomplete`` an abandoned game), and the files ``history add`` reads, in worker processes
when there are many.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment
from referee.cli.history.options import game_names, game_spec
from referee.cli.output import Output
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.history.entry import GameEntry


SCORE_ONLY_SOURCES = ("bgg", "bgstats", "csv")
"""Where score-only plays come from (kept as the entry's ``kind``; see :mod:`referee.history.plays`)."""


SOURCE_NAMES = {"bgg": "BoardGameGeek", "bgstats": "BG Stats", "csv": "CSV"}


class Unfinished(InputError):
    """A record of a game that is not over: reported and skipped by ``history add``."""


def entry_from_text(
    text: str, source: str, *, played_fallback: str | None = None, incomplete: bool = False
) -> GameEntry:
    """The history entry of a finished record, or of a position (scored as final), from its TOML text.

    Raises :class:`Unfinished` for a game not over (unless ``incomplete``: it is then an abandoned game, logged
    with the score as it stood), InputError for anything unreadable, and the replay's error (exit 1) for an
    illegal action."""
    import tomllib

    from referee.cli.shared_commands import game_record, replay_error_line, replay_record
    from referee.history.entry import entry_from_game

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(_("{file}: malformed TOML: {reason}").format(file=source, reason=error)) from None
    name = document.get("game")
    if name not in game_names():
        raise InputError(
            _("{file}: not a record of a game this referee knows ({games})").format(
                file=source, games=", ".join(game_names())
            )
        )
    spec = game_spec(name)
    if "actions" in document:
        record = game_record(spec, document, source)
        game, failure = replay_record(spec, record, source, undo=False)
        if failure is not None:
            from referee.errors import IllegalAction

            if isinstance(failure.cause, IllegalAction):
                raise IllegalAction(failure.cause.rule, replay_error_line(source, failure))
            raise InputError(replay_error_line(source, failure))
        if not game.over and not incomplete:
            played = len(game.actions)
            raise Unfinished(
                ngettext(
                    "{file}: the game is not over ({count} action); not logged",
                    "{file}: the game is not over ({count} actions); not logged",
                    played,
                ).format(file=source, count=played)
            )
        return entry_from_game(game, document, text, played_fallback=played_fallback, incomplete=incomplete)
    position = spec.load_position(document, source, Output(Environment()))
    if position is None:
        raise InputError(_("{file}: neither a record (no 'actions') nor a position").format(file=source))
    return entry_from_game(position, document, text, kind="position", played_fallback=played_fallback)


def record_files(paths: Sequence[str]) -> list[str]:
    """The files named, and the ``.toml`` files in the folders named (recursively, in name order)."""
    files: list[str] = []
    for path in paths:
        if path != "-" and Path(path).is_dir():
            files.extend(str(found) for found in sorted(Path(path).rglob("*.toml")) if found.is_file())
        else:
            files.append(path)
    return files


def entry_of_file(path: str, env: Any = None, incomplete: bool = False) -> tuple[str, GameEntry | RefereeError]:
    """The history entry of one record file, or the error that keeps it out (Unfinished for a game not over,
    unless ``incomplete``)."""
    from referee.cli.files import display_name, read_text

    source = display_name(path)
    try:
        text = read_text(path, env.stdin if env is not None else None)
        fallback = None
        if path != "-":
            fallback = datetime.fromtimestamp(os.path.getmtime(path)).astimezone().isoformat(timespec="seconds")
        return source, entry_from_text(text, source, played_fallback=fallback, incomplete=incomplete)
    except RefereeError as error:
        return source, error
    except OSError as error:
        return source, InputError(f"{source}: {error.strerror}")


PARALLEL_FROM = 64
"""``history add`` replays this many records or more in worker processes (one per core), logging in this one."""


def read_entries(
    files: Sequence[str], env: Any, incomplete: bool = False
) -> Iterator[tuple[str, GameEntry | RefereeError]]:
    """The entries of ``files`` in their order: replayed here, or for many files in worker processes."""
    from functools import partial

    from referee.cli.shared_commands import default_jobs

    jobs = min(default_jobs(), len(files))
    if jobs < 2 or len(files) < PARALLEL_FROM or "-" in files:
        for path in files:
            yield entry_of_file(path, env, incomplete)
        return
    import multiprocessing
    import signal

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # Ctrl-C while the workers are being made would reach a worker before it ignores it (a fork of this process,
    # which then ended the command with no word): held back until they are made, then delivered here, where the
    # batch stops and says what was committed
    masks = hasattr(signal, "pthread_sigmask")  # POSIX
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masks else set()
    try:
        pool = context.Pool(jobs, initializer=_ignore_interrupts)
    finally:
        if masks:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    with pool:
        read = partial(entry_of_file, env=None, incomplete=incomplete)
        yield from pool.imap(read, files, chunksize=max(1, min(64, len(files) // (jobs * 8))))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the process that logs: it stops the batch and says what was committed (a Ctrl-C
    held back while the worker was made is ignored too)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
