"""The connection to a history: where it is, its errors in one line, transactions and savepoints."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Self

from referee.history.database import Database
from referee.history.errors import (
    EngineFault,
    HistoryDamaged,
    HistoryError,
    HistoryLocked,
    HistoryUnusable,
    NotAHistory,
    RowRefused,
)
from referee.history.schema import BUSY_TIMEOUT_SECONDS, FILE_NAME


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


class Connection:
    """The connection to a history and its transactions: one ``BEGIN IMMEDIATE`` (or a server's advisory lock) per
    write, savepoints inside a batch, reading without a write lock.
    The base of :class:`referee.history.store.History`."""

    BATCH_SIZE = 200
    """Games per transaction in :meth:`batch` (``history add`` of a folder, ``history import``)."""

    def __init__(self, connection: Database, path: Path | str) -> None:
        self.connection = connection
        self.path = path
        """The file, or the server's URL without its password (what messages name)."""
        self.server = connection.engine == "postgresql"
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
        except RowRefused as error:  # a constraint checked at the commit: the transaction is lost, not one game
            self._rollback()
            raise HistoryUnusable(self.path, error.detail) from None
        except EngineFault:
            self._rollback()
            raise
        for counted in self._pending:
            for key in counted:
                self.committed[key] += 1
        self._pending.clear()

    def login(self, db: Database) -> str:
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
    def transaction(self, *, wait: bool = True) -> Iterator[Database]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; rolled back on any error.

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
        except BaseException:  # a game refused (this game's data) or the history's error: nothing of it written
            self._rollback()
            raise

    @contextmanager
    def _savepoint(self) -> Iterator[Database]:
        connection = self.connection
        if self._batch == 0:
            self._begin()
        connection.execute("SAVEPOINT game")
        self._batch = (self._batch or 0) + 1
        try:
            yield connection
            connection.execute("RELEASE game")
        except RowRefused:  # this game's data, not the history: undo it alone, go on
            self._batch -= 1
            try:
                connection.execute("ROLLBACK TO game")
                connection.execute("RELEASE game")
            except EngineFault:
                self._rollback()
                self._batch = 0
                raise
            raise
        except EngineFault:  # the history's, not this game's: the whole transaction rolled back
            self._rollback()
            self._batch = 0
            raise
        except BaseException:
            self._batch -= 1
            with suppress(EngineFault):
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
            except HistoryLocked:
                if not wait:
                    raise
            if self.on_wait is not None:
                self.on_wait()
            connection.execute(f"PRAGMA busy_timeout = {int(self.patience * 1000)}")
            connection.execute("BEGIN IMMEDIATE")
        finally:
            with suppress(EngineFault):
                connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")

    def _begin_on_server(self, *, wait: bool) -> None:
        """A club's history: ``BEGIN`` and the writers' advisory lock (:data:`referee.history.server.WRITE_LOCK`),
        waited for up to :attr:`patience` seconds (saying so through :attr:`on_wait`), or taken now or not at all."""
        from referee.history.server import WRITE_LOCK

        p = self.connection.dialect.p
        db = self.connection
        try:
            db.execute("BEGIN")
            if db.execute(f"SELECT pg_try_advisory_xact_lock({p})", (WRITE_LOCK,)).fetchone()[0]:
                return
            if not wait:
                raise HistoryLocked(self.path)
            if self.on_wait is not None:
                self.on_wait()
            db.execute(f"SET LOCAL lock_timeout = {int(self.patience * 1000)}")
            db.execute(f"SELECT pg_advisory_xact_lock({p})", (WRITE_LOCK,))
        except EngineFault:
            self._rollback()
            raise

    def _rollback(self) -> None:
        self._pending.clear()
        with suppress(EngineFault):
            self.connection.execute("ROLLBACK")

    @contextmanager
    def reading(self) -> Iterator[Database]:
        """Queries outside a write transaction (a file found to be no database while read: the damage and the ways
        to recover, not "not a referee history": it is one)."""
        try:
            yield self.connection
        except NotAHistory as error:
            raise HistoryDamaged(self.path, error.detail) from None

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
