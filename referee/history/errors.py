"""The history's errors: each a type that says what happened, raised where an engine reports it (from the engine's
own error class or code, :mod:`referee.history.database` for SQLite, :mod:`referee.history.server` for PostgreSQL:
never sorted by the words of a message), and told in one translated line, here and nowhere else
(:func:`fault_message`)."""

from __future__ import annotations

from pathlib import Path

from referee.errors import InputError
from referee.i18n import _


class HistoryError(InputError):
    """The history cannot be read or written (exit 2); the message is one line naming the file."""


class GameRefused(InputError):
    """One game the history cannot take (two seats that are one player, a value out of range): reported and
    skipped; the history and the other games of a batch are untouched."""


class EngineFault(HistoryError):
    """What an engine reported about a history (``where``: the file, or the server's URL without its password),
    with the engine's own words (``detail``: scrubbed of any password) where they help."""

    def __init__(self, where: Path | str, detail: str = "") -> None:
        self.where = where
        self.detail = " ".join(detail.split())
        super().__init__(fault_message(self))


class HistoryUnreachable(EngineFault):
    """The club's server cannot be reached (no answer, the connection lost, the server shutting down)."""


class HistoryLocked(EngineFault):
    """Another referee holds the history's write lock for longer than this one waits."""


class HistoryDiskFull(EngineFault):
    """The disk (or the server's) has no room for what was written."""


class HistoryReadOnly(EngineFault):
    """The history may be read but not written (a read-only file, a server in read-only mode)."""


class HistoryCannotOpen(EngineFault):
    """The file cannot be opened or made (its folder read-only or missing)."""


class HistoryNoRights(EngineFault):
    """The server's login lacks a right the command needs."""


class HistoryDamaged(EngineFault):
    """A history whose file is damaged (SQLite found it malformed): never written to; the message says how to
    recover. ``written``: found before a write (so nothing was written), else while reading."""

    def __init__(self, where: Path | str, detail: str = "", *, written: bool = False) -> None:
        self.written = written
        super().__init__(where, detail)


class NotAHistory(EngineFault):
    """Something at the path that is no referee history (a folder, a text file, another program's database, a
    file SQLite does not read as a database); ``detail`` says what it is."""


class HistoryTooNew(EngineFault):
    """A history written by a newer referee (``detail``: its version; ``newest``: the newest this one reads)."""

    def __init__(self, where: Path | str, detail: str, newest: int) -> None:
        self.newest = newest
        super().__init__(where, detail)


class HistoryUnusable(EngineFault):
    """Any other error an engine reports (its words in ``detail``)."""


class RowRefused(GameRefused):
    """A row the history's constraints refuse (a unique index, a value out of range): this game is refused, not
    the history."""

    def __init__(self, detail: str) -> None:
        self.detail = " ".join(detail.split())
        super().__init__(_("the history cannot take this game ({reason})").format(reason=self.detail))


def fault_message(fault: EngineFault) -> str:
    """The one line that tells ``fault``, in the reader's language (the engine's own words kept as they are)."""
    where, detail = fault.where, fault.detail
    if isinstance(fault, HistoryUnreachable):
        return _("{history}: the server cannot be reached ({reason})").format(history=where, reason=detail)
    if isinstance(fault, HistoryLocked):
        return _("{history}: the history is locked by another referee; nothing was changed (try again)").format(
            history=where
        )
    if isinstance(fault, HistoryDiskFull):
        return _("{history}: the disk is full").format(history=where)
    if isinstance(fault, HistoryReadOnly):
        return _("{history}: the history is read-only").format(history=where)
    if isinstance(fault, HistoryCannotOpen):
        if detail:
            return _("{history}: cannot be opened ({reason})").format(history=where, reason=detail)
        return _("{history}: the history cannot be opened (is its folder read-only?)").format(history=where)
    if isinstance(fault, HistoryNoRights):
        return _(
            "{history}: this user may not do that ({reason}); only an organiser may edit, remove, rename or import"
        ).format(history=where, reason=detail)
    if isinstance(fault, HistoryDamaged):
        first = (
            _("{history} is damaged ({reason}); it was not written")
            if fault.written
            else _("{history} is damaged ({reason}); it was left as it is")
        ).format(history=where, reason=detail)
        return _(
            "{damaged}. To recover: save what can be read with 'referee history export --format json --history"
            " {history} backup.json', or rebuild it with 'sqlite3 {history} .recover | sqlite3 recovered.sqlite3',"
            " or move it away to start a new history"
        ).format(damaged=first, history=where)
    if isinstance(fault, NotAHistory):
        if detail:
            return _("{history} is not a referee history ({reason}); it was left as it is").format(
                history=where, reason=detail
            )
        return _("{history} is not a referee history; it was left as it is").format(history=where)
    if isinstance(fault, HistoryTooNew):
        return _(
            "{history}: written by a newer referee (history version {version}); this one reads up to version {newest}"
        ).format(history=where, version=detail, newest=fault.newest)
    return _("{history}: the history cannot be used ({reason})").format(history=where, reason=detail)


def another_programs_database() -> str:
    """What a database with tables of its own (and no referee's mark) is, as :class:`NotAHistory` says it."""
    return _("another program's database")


__all__ = [
    "EngineFault",
    "GameRefused",
    "HistoryCannotOpen",
    "HistoryDamaged",
    "HistoryDiskFull",
    "HistoryError",
    "HistoryLocked",
    "HistoryNoRights",
    "HistoryReadOnly",
    "HistoryTooNew",
    "HistoryUnreachable",
    "HistoryUnusable",
    "NotAHistory",
    "RowRefused",
    "another_programs_database",
    "fault_message",
]
