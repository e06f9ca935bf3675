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


class CommandExit(SystemExit):
    """The end of a command with an exit status.

    A ``SystemExit``, so it ends the process the same way whether Typer called the command or the fast path of
    :mod:`referee.cli.fast` did, and raising it needs no Typer import (about 50 ms of start-up)."""

    def __init__(self, status: int) -> None:
        super().__init__(int(status))

    @property
    def exit_code(self) -> int:
        """The status, under the name ``CommandExit`` gives it."""
        return int(self.code)  # type: ignore[arg-type]


def ended_by(error: RefereeError, env: Any = None) -> CommandExit:
    """Report an error nobody reported yet, in one line on standard error, and return the exit to raise: what
    becomes of a :class:`~referee.errors.RefereeError` that leaves a command (Typer's and the fast path's alike)."""
    from referee.cli.env import Environment
    from referee.cli.output import Output

    Output(env if isinstance(env, Environment) else Environment()).error(error.message)
    return CommandExit(exit_status(error))


def exit_status(error: RefereeError) -> ExitStatus:
    """The exit status of an error: a broken rule is 1, anything that could not be read (or written) is 2; a
    record's failing action counts as its cause."""
    if isinstance(error, ReplayError):
        error = error.cause
    return ExitStatus.ILLEGAL if isinstance(error, IllegalAction) else ExitStatus.BAD_INPUT


def fail(out: Any, error: RefereeError | str, status: int | None = None) -> CommandExit:
    """The one way a command fails: the error in one line on standard error, and under ``--json`` the error
    document ``{"error": {"message": …}}`` on standard output when the command has not written its document yet
    (``--json`` always gives one JSON document); returns the exit to raise (``status``, else the error's)."""
    message = error.message if isinstance(error, RefereeError) else error
    out.error(message)
    if out.json_mode and not out.json_written:
        out.json({"error": {"message": message}})
    code = status if status is not None else (exit_status(error) if isinstance(error, RefereeError) else 2)
    return CommandExit(code)
