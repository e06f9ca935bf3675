"""Standard output whose reader may go away (``referee … | head -1``).

The console script (:func:`referee.cli.main.run`) wraps standard output in a :class:`GuardedStdout` once, when the
process starts; a command that must go on without a reader says so through its environment
(:meth:`referee.cli.env.Environment.keep_going_without_reader`), never by reaching for the console script. Imports
almost nothing: every TAB starts here.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any


class ReaderGone(SystemExit):
    """The reader of standard output went away (``referee … | head -1``): the command ends there, exit 0. A
    ``SystemExit``, so that Click, which would turn the broken pipe into exit 1, lets it through."""

    def __init__(self) -> None:
        super().__init__(0)


class GuardedStdout:
    """Standard output, whose broken pipe ends the command (:class:`ReaderGone`) wherever it is met; or, once told
    to :attr:`keep_going` (a game read from a pipe), is said once and the game goes on: what was piped in is the
    game, refereed and recorded whatever happens to the output."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        """The stream it guards."""
        self.keep_going = False
        """A closed output no longer ends the command (set through the command's environment)."""
        self.reader_gone = False

    def write(self, text: str) -> int:
        try:
            return int(self.stream.write(text))
        except BrokenPipeError:
            self._reader_left()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._reader_left()

    def _reader_left(self) -> None:
        if not self.keep_going:
            raise ReaderGone from None
        if not self.reader_gone:
            self.reader_gone = True
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stderr.write(
                    "referee: standard output was closed; the game goes on and every action is still recorded\n"
                )
                sys.stderr.flush()
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        with contextlib.suppress(OSError, ValueError):
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
