"""The environment a command runs in (HTTPie's pattern): streams, terminal flags, colour.

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

    def __post_init__(self) -> None:
        if self.stdin_isatty is None:
            self.stdin_isatty = _isatty(self.stdin)
        if self.stdout_isatty is None:
            self.stdout_isatty = _isatty(self.stdout)
        if self.no_color is None:
            self.no_color = "NO_COLOR" in os.environ

    @property
    def interactive(self) -> bool:
        """Prompts only when both standard input and standard output are terminals."""
        return bool(self.stdin_isatty and self.stdout_isatty)

    @property
    def color(self) -> bool:
        """Colour only on a terminal, and never under NO_COLOR."""
        return bool(self.stdout_isatty) and not self.no_color
