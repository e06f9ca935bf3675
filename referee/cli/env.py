"""The environment a command runs in (HTTPie's pattern): streams, terminal flags, colour, what a closed output means.

Commands are handed an :class:`Environment` instead of reaching for ``sys``: the Typer app makes one in its root
callback and passes it down as the context object (``ctx.obj``), the fast path makes its own, and tests pass
theirs (``app(args, obj=Environment(...))``) to run commands with fake streams and claim or deny a terminal.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import IO, Any


def _isatty(stream: IO[Any]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass
class Environment:
    stdin: IO[str] = field(default_factory=lambda: sys.stdin)
    stdout: IO[str] = field(default_factory=lambda: sys.stdout)
    stderr: IO[str] = field(default_factory=lambda: sys.stderr)
    stdin_isatty: bool | None = None
    stdout_isatty: bool | None = None
    no_color: bool | None = None
    stderr_isatty: bool | None = None
    """Unless told, True exactly when standard output is a terminal and standard error is one too."""

    def __post_init__(self) -> None:
        if self.stdin_isatty is None:
            self.stdin_isatty = _isatty(self.stdin)
        if self.stdout_isatty is None:
            self.stdout_isatty = _isatty(self.stdout)
        if self.no_color is None:
            self.no_color = "NO_COLOR" in os.environ
        if self.stderr_isatty is None:
            self.stderr_isatty = _isatty(self.stderr) if self.stderr is sys.stderr else bool(self.stdout_isatty)

    @property
    def interactive(self) -> bool:
        """Prompts when standard input is a terminal and the player can see them: on standard output, or on
        standard error when standard output is piped (``referee … play | tee game.log``)."""
        return bool(self.stdin_isatty and (self.stdout_isatty or self.stderr_isatty))

    def screen(self) -> Environment:
        """Where the table and the prompts go at a terminal: standard output, or standard error when standard
        output is piped (it then carries only the game's data)."""
        if self.stdout_isatty or not self.stderr_isatty:
            return self
        return Environment(self.stdin, self.stderr, self.stderr, True, True, self.no_color, True)

    def keep_going_without_reader(self) -> None:
        """From now on a closed standard output does not end the command: ``play`` from a pipe, whose input is the
        game, refereed and recorded whatever happens to its output. (Said to the console script's guard of standard
        output, :class:`referee.cli.streams.GuardedStdout`, when this environment writes to it.)"""
        from referee.cli.streams import GuardedStdout

        if isinstance(self.stdout, GuardedStdout):
            self.stdout.keep_going = True

    @property
    def color(self) -> bool:
        """Colour only on a terminal, and never under NO_COLOR."""
        return bool(self.stdout_isatty) and not self.no_color
