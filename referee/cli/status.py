"""Exit statuses of the contract."""

from __future__ import annotations

from enum import IntEnum


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
