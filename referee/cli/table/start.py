"""Starting ``play``: a new game and its record, or a record resumed (replayed, and its computer seat taken up
again), then the session (:class:`~referee.cli.table.session.PlaySession`).

The record is locked before it is read, so no other referee can read it and then write it in turn; its real file
is locked and written when its name is a symbolic link.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from referee.cli.env import Environment
from referee.cli.files import RecordLock, RecordWriter, Stamp
from referee.cli.history.play_log import PlayLogging, log_finished_game
from referee.cli.output import Output
from referee.cli.records import Record
from referee.cli.shared_commands import AnyGameSpec, ComputerPlayer, OptionValues
from referee.cli.status import CommandFailed, exit_status, fail
from referee.cli.table.session import PlayIdentity, PlaySession
from referee.engine import Game
from referee.errors import RefereeError
from referee.i18n import _, ngettext


def play_from_values(
    env: Environment,
    spec: AnyGameSpec,
    values: OptionValues,
    read_setup: Callable[[str, OptionValues, Output], tuple[list[str], dict[str, Any]]] | None = None,
) -> int:
    """``GAME play`` from the values of its options by parameter name, as Typer or the fast path
    (:mod:`referee.cli.fast`) read them: the room's start (:attr:`GameSpec.play_start`), else ``read_setup`` (the
    players and the setup from ``--players`` and the setup options, when given and not resuming), then
    :func:`play_command`."""
    json_mode = bool(values["json_mode"])
    out = Output(env, json_mode)
    try:
        if spec.play_start is not None:
            names, setup, computer = spec.play_start(env, values, out)
        elif values["resume"] is None and values["players"] and read_setup is not None:
            names, setup = read_setup(values["players"], values, out)
            computer = None
        else:
            names, setup, computer = None, None, None
    except RefereeError as error:
        raise fail(out, error) from None
    logging = PlayLogging(values["log"], values["history"], values["location"])
    return play_command(
        env,
        spec,
        names,
        setup,
        values["record"],
        values["resume"],
        json_mode,
        computer,
        logging,
        serve=values["serve"],
    )


def play_command(
    env: Environment,
    spec: AnyGameSpec,
    players: list[str] | None,
    setup: dict[str, Any] | None,
    record: str | None,
    resume: str | None,
    json_mode: bool,
    computer: ComputerPlayer | None = None,
    logging: PlayLogging | None = None,
    *,
    serve: str | None = None,
) -> int:
    """Start (or with ``resume``, continue) a game and referee it (``computer`` plays a seat, see PlaySession;
    ``logging``: what to do with the history when it ends; ``serve``: ``[HOST:]PORT`` where the table's pages are
    served too, see :mod:`referee.cli.serve`).

    The record is locked first and read after, so no other referee can write it in between."""
    from referee.errors import InputError

    out = Output(env, json_mode)
    path: Path | None
    lock: RecordLock | None
    writer: RecordWriter | None
    try:
        if env.stdin is None:
            raise InputError(_("standard input is closed; play reads its actions there"))
        _check_record_target(record if resume is None else resume, logging)
        if resume is not None:
            game, path, lock, writer, loaded = _resume(spec, resume, record, env, out)
        else:
            if players is None:
                raise InputError(_("--players is required to start a game (or --resume a record)"))
            game = Game(spec.rules, players, setup or {})
            path, lock, writer = _new_record(spec, record, env)
            loaded = None
    except RefereeError as error:  # (_resume and _new_record let go of the lock they took when they fail)
        raise fail(out, error) from None
    if computer is None and loaded is not None and loaded.computer and spec.computer_from_record is not None:
        try:
            computer = spec.computer_from_record(loaded.computer, len(game.players))
        except RefereeError as error:
            if lock is not None:
                lock.release()
            raise fail(out, error) from None
        out.note(_resumed_computer(loaded.computer))
    elif computer is not None and loaded is not None and loaded.computer:
        continue_match = getattr(computer, "continue_match", None)  # the same match goes on (its tosses, say)
        if continue_match is not None:
            continue_match(loaded.computer)
    logging = logging or PlayLogging()
    location = logging.location or (loaded.location if loaded is not None else None)
    identity = (
        PlayIdentity(loaded.uuid, loaded.started, loaded.finished, location)
        if loaded is not None
        else PlayIdentity.new(location)
    )
    session = PlaySession(
        spec,
        env,
        game,
        path,
        json_mode,
        computer,
        lock=lock,
        writer=writer,
        identity=identity,
        on_finished=partial(log_finished_game, logging=logging),
    )
    referee = _referee_at_a_terminal if env.interactive else _referee_from_a_pipe
    if serve is None:
        return session.run(referee)
    from referee.cli.serve import served

    try:
        with served(session, serve, resumed=loaded is not None):
            return session.run(referee)
    except RefereeError as error:  # the address cannot be served: nothing was played
        if lock is not None:
            lock.release()
        raise fail(out, error) from None


def _referee_at_a_terminal(session: PlaySession) -> int:
    """The full screen (:mod:`referee.cli.table.full_screen`) where the terminal can hold it; the line mode
    (:mod:`referee.cli.table.terminal`) with ``--json`` (its prompts on standard error), when standard output is
    piped, and on a dumb terminal (``TERM=dumb``)."""
    if full_screen_fits(session):
        from referee.cli.table.full_screen import FullScreenMode

        return FullScreenMode(session).run()
    from referee.cli.table.terminal import TerminalMode

    return TerminalMode(session).run()


def full_screen_fits(session: PlaySession) -> bool:
    import os

    env = session.env
    return bool(
        not session.json_mode
        and env.stdout_isatty
        and env.stdin_isatty
        and env.stdout is sys.stdout
        and os.environ.get("TERM", "") not in ("", "dumb")
    )


def _referee_from_a_pipe(session: PlaySession) -> int:
    from referee.cli.table.pipe import PipeMode

    return PipeMode(session).run()


def _check_record_target(record: str | None, logging: PlayLogging | None) -> None:
    """A record is a file the referee writes: never the history or one of its side files (the output-path rule of
    :func:`referee.cli.files.check_output_path`)."""
    if record is None or record == "-":
        return
    import os

    from referee.cli.files import check_output_path
    from referee.cli.history.opening import history_path

    try:
        status: os.stat_result | None = os.stat(record)
    except (OSError, ValueError):
        status = None
    check_output_path(
        record, status, what=_("the record"), protect=[history_path(logging.history if logging else None)]
    )


def _resumed_computer(table: dict[str, Any]) -> str:
    """The line that says the computer of a resumed game plays on as the record says."""
    seats = ", ".join(str(seat) for seat in table.get("seats", []))
    return _("The computer plays seat {seats} again, at level {level}, {time} s a move (as the record says).").format(
        seats=seats, level=table.get("level"), time=table.get("time")
    )


def _is_standard_input(path: str, env: Environment) -> bool:
    """Whether ``path`` names the very file standard input reads (``/dev/stdin`` with a file redirected to it)."""
    import os

    try:
        return os.path.samestat(os.stat(path), os.fstat(env.stdin.fileno()))
    except (OSError, ValueError, AttributeError):
        return False


def _locked(path: Path) -> RecordLock:
    lock = RecordLock(path)
    lock.acquire()
    return lock


def _new_record(
    spec: AnyGameSpec, record: str | None, env: Environment
) -> tuple[Path | None, RecordLock | None, RecordWriter | None]:
    """Where a new game is recorded, locked; the record must not exist (checked again once locked)."""
    from referee.cli.files import path_exists
    from referee.cli.records import default_record_path
    from referee.errors import InputError

    if record is not None:
        path = Path(record)
    elif env.interactive:
        path = default_record_path(spec.name)
    else:
        return None, None, None
    exists = _("{file} already exists: continue it with --resume {file}, or choose another file")
    if path_exists(path):
        raise InputError(exists.format(file=path))
    lock = _locked(path)
    if path_exists(path):  # another referee made it and let go in between
        lock.release()
        raise InputError(exists.format(file=path))
    return path, lock, RecordWriter(path, None)


def _warn_of_other_names(path: Path, out: Output) -> None:
    """A record with other names (hard links) is one file under each: the game goes on under this name alone (the
    first write puts a new file there), and the other names keep the game as it was. Said, so nobody is surprised."""
    import os

    try:
        links = os.stat(path).st_nlink
    except OSError:
        return
    if links > 1:
        out.warn(
            ngettext(
                "{file} has {count} other name (a hard link): the game goes on under {file} alone, and the other "
                "name keeps the game as it is now",
                "{file} has {count} other names (hard links): the game goes on under {file} alone, and the other "
                "names keep the game as it is now",
                links - 1,
            ).format(file=path, count=links - 1)
        )


def _resume(
    spec: AnyGameSpec, resume: str, record: str | None, env: Environment, out: Output
) -> tuple[Game[Any, Any], Path, RecordLock, RecordWriter, Record]:
    """The resumed game, where it goes on (its real file, or a new ``record``), that file's lock and writer, and the
    record it was read from."""
    from referee.cli.files import check_regular_file, path_exists, real_record_path, refuse_read_only
    from referee.cli.shared_commands import load_record, replay_error_line, replay_record
    from referee.errors import InputError

    if resume == "-":
        raise InputError(_("--resume needs a record file, not standard input"))
    check_regular_file(resume)
    if _is_standard_input(resume, env):
        raise InputError(_("{file}: is this command's standard input, not a record file").format(file=resume))
    source = real_record_path(Path(resume))
    if record and path_exists(record) and Path(record).resolve() != source.resolve():
        raise InputError(_("{file} already exists; choose another --record").format(file=record))
    target = source if not record or Path(record).resolve() == source.resolve() else Path(record)
    if target == source:
        refuse_read_only(source)
        _warn_of_other_names(source, out)
    lock = _locked(target)
    try:
        stamp = Stamp.of(source)
        loaded = load_record(spec, resume, env)
        game, error = replay_record(spec, loaded, resume)
        if error is not None:
            out.error(replay_error_line(resume, error))
            out.note(_("{file} was not changed.").format(file=resume))
            raise CommandFailed(exit_status(error))
        if target != source and path_exists(target):
            raise InputError(_("{file} already exists; choose another --record").format(file=record))
    except BaseException:
        lock.release()
        raise
    return game, target, lock, RecordWriter(target, stamp if target == source else None), loaded
