"""The connection to a history: where it is, its errors in one line, transactions and savepoints."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Self

from referee.errors import InputError
from referee.history.schema import BUSY_TIMEOUT_SECONDS, FILE_NAME
from referee.i18n import _


class HistoryError(InputError):
    """The history cannot be read or written (exit 2); the message is one line naming the file."""


class GameRefused(InputError):
    """One game the history cannot take (two seats that are one player, a value out of range): reported and
    skipped; the history and the other games of a batch are untouched."""


def default_location(environ: Mapping[str, str] | None = None) -> Path | str:
    """Where the history is when no ``--history`` names it: ``$REFEREE_HISTORY`` (a file, or a club's
    ``postgresql://`` URL, kept as it is), else :func:`default_path`."""
    environ = os.environ if environ is None else environ
    named = environ.get("REFEREE_HISTORY") or ""
    if named.startswith(("postgresql://", "postgres://")):
        return named
    return default_path(environ)


def default_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$REFEREE_HISTORY``, else ``$XDG_DATA_HOME/referee/history.sqlite3``, else under ``~/.local/share``."""
    environ = os.environ if environ is None else environ
    if environ.get("REFEREE_HISTORY") and not environ["REFEREE_HISTORY"].startswith(("postgresql:", "postgres:")):
        return Path(environ["REFEREE_HISTORY"]).expanduser()
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "referee" / FILE_NAME


def _damaged(error: sqlite3.Error) -> bool:
    """Whether SQLite's error says the file is not (or no longer) a database, rather than that it cannot be used
    now (locked, read-only, a full disk)."""
    text = str(error)
    return "not a database" in text or "malformed" in text or "corrupt" in text or "encrypted" in text


def _describe(error: sqlite3.Error, path: Path | str) -> str:
    text = str(error)
    if text.startswith("the server cannot be reached"):
        return f"{path}: {text}"
    if text.startswith("not allowed"):
        return (
            f"{path}: this user may not do that ({text.removeprefix('not allowed: ')}); only an organiser may edit,"
            " remove, rename or import"
        )
    if "locked" in text or "busy" in text:
        return f"{path}: the history is locked by another referee; nothing was changed (try again)"
    if "unable to open" in text:
        return f"{path}: the history cannot be opened (is its folder read-only?)"
    if "full" in text:
        return f"{path}: the disk is full"
    if "readonly" in text or "read-only" in text:
        return f"{path}: the history is read-only"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"{path} is not a referee history (damaged: {text}); it was left as it is"
    return f"{path}: the history cannot be used ({text})"


# -- opening ---------------------------------------------------------------------------------------------------
def _not_a_history(path: Path | str, why: str = "") -> HistoryError:
    detail = f" ({why})" if why else ""
    return HistoryError(f"{path} is not a referee history{detail}; it was left as it is")


def _damage_message(path: Path | str, detail: str, *, written: bool) -> str:
    """A damaged history, and the ways to recover."""
    first = f"{path} is damaged ({detail}); it was left as it is" if not written else ""
    first = first or f"{path} is damaged ({detail}); it was not written"
    return (
        f"{first}. To recover: save what can be read with 'referee history export --format json --history {path}"
        f" backup.json', or rebuild it with 'sqlite3 {path} .recover | sqlite3 recovered.sqlite3', or move it away"
        " to start a new history"
    )


class Connection:
    """The connection to a history and its transactions: one ``BEGIN IMMEDIATE`` (or a server's advisory lock) per
    write, savepoints inside a batch, reading without a write lock.
    The base of :class:`referee.history.store.History`."""

    BATCH_SIZE = 200
    """Games per transaction in :meth:`batch` (``history add`` of a folder, ``history import``)."""

    def __init__(self, connection: sqlite3.Connection, path: Path | str) -> None:
        self.connection = connection
        self.path = path
        """The file, or the server's URL without its password (what messages name)."""
        self.server = getattr(connection, "engine", "sqlite") == "postgresql"
        """A club's history on a PostgreSQL server (:mod:`referee.history.server`), not a file."""
        self._batch: int | None = None
        """Games logged in the open batch transaction, or None outside :meth:`batch`."""
        self.patience: float = BUSY_TIMEOUT_SECONDS
        """How long a write waits for another referee's write to end (batch commands wait longer)."""
        self.on_wait: Callable[[], None] | None = None
        """Called once when a write has to wait for another referee (a batch says so in a line)."""
        self._pending: list[tuple[str, ...]] = []
        """For each game logged in the open batch transaction, whether it was added (else it was there already):
        counted as committed only when the transaction commits."""
        self._damaged_games: frozenset[int] | None = None
        self.indexless = False
        """Reads go without the indexes: one of them was found damaged (the command says so in one line)."""
        self.left_out: set[tuple[object, ...]] = set()
        """What reads of this connection left out of their counts as damaged (a game, a row of totals or
        ratings): the command says so in one line (:func:`referee.history.rows.describe`)."""
        self.location: str | None = None
        """Reads of games and counts keep to the games played here (``stats``/``history report --location``: one
        evening's tables); None: everywhere."""
        self.committed: dict[str, int] = {"added": 0, "present": 0, "probable": 0, "changed": 0, "conflicting": 0}
        """Games this connection logged and committed (``added``), found already logged as they are (``present``),
        changed to a newer version (``changed``), probably there (``probable``), or met in a conflict, reported
        (``conflicting``; each play in one count): what the database holds, whatever failed later."""

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transactions --------------------------------------------------------------------------------------
    @contextmanager
    def batch(self) -> Iterator[None]:
        """Log many games with one commit per :data:`BATCH_SIZE` games instead of one per game (each game is still
        whole or absent: it is a savepoint of the transaction, and a transaction is whole or absent)."""
        self._batch = 0
        try:
            yield
        finally:
            if self._batch:
                self._batch = None
                self._commit()
            self._batch = None
            self._pending.clear()

    def _commit(self) -> None:
        """Commit the open transaction and count its games as committed; on failure roll it all back."""
        try:
            self.connection.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback()
            raise HistoryError(_describe(error, self.path)) from None
        for counted in self._pending:
            for key in counted:
                self.committed[key] += 1
        self._pending.clear()

    def login(self, db: sqlite3.Connection) -> str:
        """Who changes the history through this connection, as a play's ``changed_by`` names them: the server's
        login on a club's server, else the login running the command."""
        if self._login is None:
            if self.server:
                row = db.execute("SELECT current_user").fetchone()
                self._login = str(row[0])[:80] if row else "?"
            else:
                from referee.history.versions import login_name

                self._login = login_name()
        return self._login

    _login: str | None = None

    @property
    def committed_plays(self) -> int:
        """The plays this connection's committed transactions hold: added, found there, changed, or met in conflict
        (a play probably there is not among them)."""
        return sum(self.committed[key] for key in ("added", "present", "changed", "conflicting"))

    @property
    def uncommitted(self) -> int:
        """Games logged in the open batch transaction and not committed yet."""
        return len(self._pending)

    @contextmanager
    def transaction(self, *, wait: bool = True) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; rolled back on any error (sqlite errors become HistoryError).

        Inside :meth:`batch`, a savepoint of the batch's transaction instead. Without ``wait``, a history another
        referee is writing is reported at once instead of waited for."""
        connection = self.connection
        if self._batch is not None:
            with self._savepoint() as db:
                yield db
            return
        self._begin(wait=wait)
        try:
            yield connection
            connection.execute("COMMIT")
        except sqlite3.IntegrityError as error:  # this game's data: nothing of it written
            self._rollback()
            raise GameRefused(_("the history cannot take this game ({reason})").format(reason=error)) from None
        except sqlite3.Error as error:
            self._rollback()
            raise HistoryError(_describe(error, self.path)) from None
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def _savepoint(self) -> Iterator[sqlite3.Connection]:
        connection = self.connection
        if self._batch == 0:
            self._begin()
        try:
            connection.execute("SAVEPOINT game")
        except sqlite3.Error as error:
            raise HistoryError(_describe(error, self.path)) from None
        self._batch = (self._batch or 0) + 1
        try:
            yield connection
            connection.execute("RELEASE game")
        except sqlite3.IntegrityError as error:  # this game's data, not the history: undo it alone, go on
            self._batch -= 1
            try:
                connection.execute("ROLLBACK TO game")
                connection.execute("RELEASE game")
            except sqlite3.Error:
                self._rollback()
                self._batch = 0
                raise HistoryError(_describe(error, self.path)) from None
            raise GameRefused(_("the history cannot take this game ({reason})").format(reason=error)) from None
        except sqlite3.Error as error:
            self._rollback()
            self._batch = 0
            raise HistoryError(_describe(error, self.path)) from None
        except BaseException:
            self._batch -= 1
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK TO game")
                connection.execute("RELEASE game")
            raise

    def _begin(self, *, wait: bool = True) -> None:
        """``BEGIN IMMEDIATE``: the write lock, waited for up to :attr:`patience` seconds (saying so through
        :attr:`on_wait` when the wait is longer than a moment); without ``wait``, taken now or not at all."""
        connection = self.connection
        if self.server:
            self._begin_on_server(wait=wait)
            return
        try:
            try:
                connection.execute(f"PRAGMA busy_timeout = {300 if wait else 0}")
                connection.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if ("locked" not in str(error) and "busy" not in str(error)) or not wait:
                    raise
            if self.on_wait is not None:
                self.on_wait()
            connection.execute(f"PRAGMA busy_timeout = {int(self.patience * 1000)}")
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise HistoryError(_describe(error, self.path)) from None
        finally:
            with suppress(sqlite3.Error):
                connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")

    def _begin_on_server(self, *, wait: bool) -> None:
        """A club's history: ``BEGIN`` and the writers' advisory lock (:data:`referee.history.server.WRITE_LOCK`),
        waited for up to :attr:`patience` seconds (saying so through :attr:`on_wait`), or taken now or not at all."""
        from referee.history.server import WRITE_LOCK

        db = self.connection
        try:
            db.execute("BEGIN")
            if db.execute("SELECT pg_try_advisory_xact_lock(?)", (WRITE_LOCK,)).fetchone()[0]:
                return
            if not wait:
                raise sqlite3.OperationalError("locked by another referee")
            if self.on_wait is not None:
                self.on_wait()
            db.execute(f"SET LOCAL lock_timeout = {int(self.patience * 1000)}")
            db.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
        except sqlite3.Error as error:
            self._rollback()
            raise HistoryError(_describe(error, self.path)) from None

    def _rollback(self) -> None:
        self._pending.clear()
        with suppress(sqlite3.Error):
            self.connection.execute("ROLLBACK")

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """Queries outside a write transaction, their sqlite errors reported as HistoryError (a file found damaged
        while read: the damage and the ways to recover, not "not a referee history": it is one)."""
        try:
            yield self.connection
        except sqlite3.Error as error:
            if _damaged(error):
                raise HistoryError(_damage_message(self.path, str(error), written=False)) from None
            raise HistoryError(_describe(error, self.path)) from None

    def _without_indexes(self, read: Callable[[], Any]) -> Any:
        """``read()``, and when SQLite finds the file damaged on the way, ``read()`` again with every index of
        the games and players left unused (:attr:`indexless`): a damaged index (which ``REINDEX`` rebuilds) never
        hides the games themselves, which are in the tables."""
        try:
            return read()
        except HistoryError:
            if self.indexless or self.server:
                raise
            self.indexless = True
            return read()

    def _from(self, table: str) -> str:
        """``FROM table``, ``NOT INDEXED`` when the indexes are not to be trusted (see :meth:`_without_indexes`)."""
        return f" FROM {table} NOT INDEXED" if self.indexless and not self.server else f" FROM {table}"
