"""Exit statuses of the contract, and the one place where the referee's errors meet them."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from referee.errors import IllegalAction, RefereeError, ReplayError


class ExitStatus(IntEnum):
    SUCCESS = 0
    ILLEGAL = 1
    """A rule was broken: an illegal action (replay, play in pipe mode, check)."""
    BAD_INPUT = 2
    """The input could not be read: bad notation, unknown card or space, malformed TOML, bad map or options."""
    INTERRUPTED = 130
    """Ctrl-C; the record is safe on disk."""


class CommandFailed(Exception):
    """A command that failed and has said why: it ends with ``status``.

    Commands return their exit status when they end; a failure deep inside one is raised as this (never a
    ``SystemExit``), and the boundaries, :class:`referee.cli.app.RefereeGroup` for Typer and
    :func:`referee.cli.main.run` for the fast path, turn it into the exit status: the one place errors meet exit
    statuses (HTTPie's pattern). Raising it needs no Typer import (about 50 ms of start-up)."""

    def __init__(self, status: int) -> None:
        super().__init__(int(status))
        self.status = int(status)


def report(error: RefereeError, env: Any = None) -> ExitStatus:
    """Report an error nobody reported yet, in one line on standard error, and return its exit status: what becomes
    of a :class:`~referee.errors.RefereeError` that leaves a command (Typer's and the fast path's alike)."""
    from referee.cli.env import Environment
    from referee.cli.output import Output

    Output(env if isinstance(env, Environment) else Environment()).error(error.message)
    return exit_status(error)


def exit_status(error: RefereeError) -> ExitStatus:
    """The exit status of an error: a broken rule is 1, anything that could not be read (or written) is 2; a
    record's failing action counts as its cause."""
    if isinstance(error, ReplayError):
        error = error.cause
    return ExitStatus.ILLEGAL if isinstance(error, IllegalAction) else ExitStatus.BAD_INPUT


def fail(out: Any, error: RefereeError | str, status: int | None = None) -> CommandFailed:
    """The one way a command fails: the error in one line on standard error, and under ``--json`` the error
    document ``{"error": {"message": …}}`` on standard output when the command has not written its document yet
    (``--json`` always gives one JSON document); returns the failure to raise (``status``, else the error's)."""
    message = error.message if isinstance(error, RefereeError) else error
    out.error(message)
    if out.json_mode and not out.json_written:
        out.json({"error": {"message": message}})
    code = status if status is not None else (exit_status(error) if isinstance(error, RefereeError) else 2)
    return CommandFailed(code)
