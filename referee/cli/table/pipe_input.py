"""Reading ``play``'s actions from a pipe, a line at a time, knowing whether more is already waiting.

``play`` from a pipe writes the record before it reports the actions it accepted (so that every action reported as
accepted is in the record). Written after each action, a long piped game costs a rewrite and a sync per action,
more as the record grows; when lines are already waiting, the session instead accepts them all and writes the
record once (a group commit), then reports them. :meth:`LineSource.more_waiting` tells it whether a line is
waiting: in this reader's own buffer, or on the descriptor (``select`` with no timeout).
"""

from __future__ import annotations

import os
import select
from collections.abc import Iterator
from typing import IO, Any


class LineSource:
    """The lines of a byte stream read straight from its descriptor (no hidden buffer between), each at most
    ``limit`` bytes (a longer one is cut there, without its newline, for the caller to refuse)."""

    CHUNK = 65536

    def __init__(self, fd: int, limit: int) -> None:
        self.fd = fd
        self.limit = limit
        self.buffer = b""
        self.ended = False

    @classmethod
    def of(cls, stream: IO[Any], limit: int) -> LineSource | None:
        """The source of a stream with a descriptor that ``select`` can watch (a pipe, a file, a terminal); None
        for anything else (a test's text buffer: then each line is a batch of its own)."""
        try:
            fd = stream.fileno()
            select.select([fd], [], [], 0)
        except (OSError, ValueError, AttributeError):
            return None
        return cls(fd, limit)

    def more_waiting(self) -> bool:
        """Whether a line (or the end of the input) can be read now without waiting."""
        if b"\n" in self.buffer or len(self.buffer) > self.limit or self.ended:
            return True
        try:
            ready, _, _ = select.select([self.fd], [], [], 0)
        except (OSError, ValueError):
            return False
        return bool(ready)

    def __iter__(self) -> Iterator[bytes]:
        while True:
            newline = self.buffer.find(b"\n", 0, self.limit + 1)
            if newline >= 0:
                line, self.buffer = self.buffer[: newline + 1], self.buffer[newline + 1 :]
                yield line
                continue
            if len(self.buffer) > self.limit:
                line, self.buffer = self.buffer[: self.limit + 1], self.buffer[self.limit + 1 :]
                yield line
                continue
            if self.ended:
                if self.buffer:
                    line, self.buffer = self.buffer, b""
                    yield line
                return
            try:
                data = os.read(self.fd, self.CHUNK)
            except InterruptedError:
                continue
            if not data:
                self.ended = True
            else:
                self.buffer += data
