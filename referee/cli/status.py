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
