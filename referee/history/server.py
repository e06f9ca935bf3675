"""A club's history on a PostgreSQL server: the one thin layer that lets :mod:`referee.history.store` speak to
PostgreSQL (through psycopg 3) with the same schema and the same queries it speaks to SQLite with.

Why a thin layer and not SQLAlchemy Core: the store's queries are plain SQL, written once with the few things the
two engines write differently declared as each engine's fragments (:class:`referee.history.database.Dialect`: the
placeholder, ``LIMIT`` with no limit, three column types of the DDL) and a new game's id read back each engine's way
(:meth:`ServerDatabase.insert`: ``RETURNING id``). SQLAlchemy would add a large import to every start-up of the
embedded path and a second way of writing every query; this layer is imported only when a server is named.

* Connections: the URL is handed to libpq as it is, so every libpq parameter works (``sslmode``, ``service``,
  ``PGPASSWORD``, ``~/.pgpass``, a service file); a ``connect_timeout`` of 10 seconds is added when none is given,
  and every statement has a time limit (``statement_timeout``, ``lock_timeout``), so nothing waits forever.
* A password is never shown: the history is named by its URL without the password
  (:func:`display_url`), and any text the server or libpq returns is scrubbed of it (:func:`scrub`).
* Writers take one transaction-level advisory lock (:data:`WRITE_LOCK`), as SQLite's ``BEGIN IMMEDIATE`` takes the
  file's write lock: the merge rule's look-up, the insert and the update of ratings and totals run one writer at a
  time, each in one transaction; the unique indexes on a play's identity hold whatever a client does.
* psycopg's errors become the history's own (:mod:`referee.history.errors`) here, by their SQLSTATE code
  (:func:`fault`), so the store never reads an engine's words.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from referee.history.database import POSTGRESQL, Dialect, Engine
from referee.history.errors import (
    EngineFault,
    GameRefused,
    HistoryDiskFull,
    HistoryLocked,
    HistoryNoRights,
    HistoryReadOnly,
    HistoryUnreachable,
    HistoryUnusable,
    RowRefused,
)
from referee.i18n import _

if TYPE_CHECKING:
    import psycopg

SCHEMES = ("postgresql://", "postgres://")
WRITE_LOCK = 0x52656652
"""The advisory lock key every writer of a club's history holds for its transaction ("RefR")."""
CONNECT_TIMEOUT = 10
STATEMENT_TIMEOUT_MS = 120_000
META_TABLE = "referee_meta"
TABLE_ROLE = "referee_table"
ORGANISER_ROLE = "referee_organiser"


def is_server_url(text: object) -> bool:
    """Whether a ``--history`` value names a PostgreSQL server rather than a file."""
    return isinstance(text, str) and text.startswith(SCHEMES)


def display_url(url: str) -> str:
    """The URL as the referee shows it: without a password (``postgresql://ann@host:5432/club``)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "postgresql://…"
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        user = user.split(":", 1)[0]
        netloc = f"{user}@{host}"
    query = "&".join(
        f"{key}={value}" for key, value in parse_qsl(parts.query, keep_blank_values=True) if key != "password"
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


_USERINFO_PASSWORD = re.compile(r"(?i)([a-z][a-z0-9+.-]*://[^/?#@\s:]*):[^@\s]*@")
"""The password of a URL's user part (``scheme://user:PASSWORD@``), found even in a URL too malformed to split."""
_QUERY_PASSWORD = re.compile(r"(?i)([?&]password=)[^&\s\"']*")


def _password(url: str) -> str | None:
    """The password a URL carries (its user part's, or ``password=`` in its query), however malformed the URL."""
    found: str | None = None
    try:
        parts = urlsplit(url)
        found = parts.password
        for key, value in parse_qsl(parts.query, keep_blank_values=True):
            if key == "password":
                found = value
    except ValueError:
        match = re.match(r"(?i)[a-z][a-z0-9+.-]*://[^/?#@\s:]*:([^@\s]*)@", url)
        found = match.group(1) if match else None
        query = _QUERY_PASSWORD.search(url)
        if query:
            found = url[query.end(1) : query.end()]
    return found or None


def scrub(text: str, url: str) -> str:
    """``text`` with every password it might carry (the URL's, ``PGPASSWORD``, any URL's user part or
    ``password=`` in it) replaced by ``***``."""
    from urllib.parse import unquote

    for secret in (_password(url), os.environ.get("PGPASSWORD")):
        if secret:
            text = text.replace(secret, "***").replace(unquote(secret), "***")
    text = _USERINFO_PASSWORD.sub(r"\1:***@", text)
    text = _QUERY_PASSWORD.sub(r"\1***", text)
    return " ".join(text.split())


ADVANCE_GAME_IDS = "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))"
"""After a play is inserted with its own id (a backup restored: its number kept), the server's identity column is
moved past it (SQLite's next rowid is always past the largest by itself): one of the engines' declared
differences."""


def fault(error: psycopg.Error, url: str, where: str) -> EngineFault | GameRefused:
    """A psycopg error as the history's own, by its SQLSTATE code, else by psycopg's class of it (an error of the
    connection itself has no code), its words scrubbed of any password."""
    import psycopg

    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    text = scrub(first, url)
    state = error.sqlstate or ""
    if state.startswith("23"):  # integrity_constraint_violation: this row, not the history
        return RowRefused(text)
    if state == "42501":  # insufficient_privilege
        return HistoryNoRights(where, text)
    if state in ("55P03", "57014"):  # lock_not_available, query_canceled (the lock or statement time limit)
        return HistoryLocked(where, text)
    if state == "53100":  # disk_full
        return HistoryDiskFull(where, text)
    if state == "25006":  # read_only_sql_transaction
        return HistoryReadOnly(where, text)
    if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError):
        # no answer, the connection lost, the server shutting down or out of resources (classes 08, 53, 57, 58):
        # libpq's own error, or the server's about its connection
        return HistoryUnreachable(where, text)
    return HistoryUnusable(where, text)


class ServerRows:
    """A psycopg cursor's rows (:class:`referee.history.database.Rows`), its errors the history's own."""

    def __init__(self, cursor: Any, url: str, where: str) -> None:
        self._cursor = cursor
        self._url = url
        self._where = where

    @property
    def rowcount(self) -> int:
        return int(self._cursor.rowcount)

    def _call(self, method: Any, *args: Any) -> Any:
        import psycopg

        try:
            return method(*args)
        except psycopg.Error as error:
            raise fault(error, self._url, self._where) from None

    def fetchone(self) -> Any:
        if self._cursor.description is None:
            return None
        return self._call(self._cursor.fetchone)

    def fetchall(self) -> list[Any]:
        if self._cursor.description is None:
            return []
        return list(self._call(self._cursor.fetchall))

    def fetchmany(self, size: int) -> list[Any]:
        if self._cursor.description is None:
            return []
        return list(self._call(self._cursor.fetchmany, size))

    def __iter__(self) -> Iterator[Any]:
        while rows := self.fetchmany(500):
            yield from rows


class ServerDatabase:
    """A club's history on a PostgreSQL server (:class:`referee.history.database.Database`), through psycopg."""

    def __init__(self, connection: Any, url: str) -> None:
        self.raw = connection
        self.url = url
        self.where = display_url(url)

    @property
    def engine(self) -> Engine:
        return "postgresql"

    @property
    def dialect(self) -> Dialect:
        return POSTGRESQL

    def execute(self, sql: str, params: Sequence[object] = ()) -> ServerRows:
        import psycopg

        try:
            cursor = self.raw.cursor()
            cursor.execute(sql, tuple(params) if params else None)
        except psycopg.Error as error:
            raise fault(error, self.url, self.where) from None
        return ServerRows(cursor, self.url, self.where)

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        import psycopg

        rows = list(rows)
        if not rows:
            return
        try:
            self.raw.cursor().executemany(sql, rows)
        except psycopg.Error as error:
            raise fault(error, self.url, self.where) from None

    def insert(self, sql: str, params: Sequence[object]) -> int:
        """The row's key, given back by the statement (``RETURNING id``: PostgreSQL has no last row id)."""
        row = self.execute(sql + " RETURNING id", params).fetchone()
        return 0 if row is None else int(row[0])

    def close(self) -> None:
        import contextlib

        with contextlib.suppress(Exception):
            self.raw.close()

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return bool(self.raw.info.transaction_status != TransactionStatus.IDLE)


def connect(url: str) -> ServerDatabase:
    """Connect to the server named by ``url`` (autocommit: the store says where each transaction begins); every
    libpq parameter of the URL and the environment passes through; time limits added when none is given."""
    where = display_url(url)
    try:
        import psycopg
    except ImportError:
        raise HistoryUnusable(
            where, _("psycopg is not installed: pip install 'psycopg[binary]' to use a club's history")
        ) from None
    import logging

    # psycopg reports a connection it could not close (the server killed mid-run) through its logger: the command
    # says what happened in its own line, never psycopg's internal one ("error ignored terminating <Pipeline …>")
    logging.getLogger("psycopg").addHandler(logging.NullHandler())
    logging.getLogger("psycopg").propagate = False
    extra: dict[str, Any] = {}
    try:
        query = dict(parse_qsl(urlsplit(url).query)) if "?" in url else {}
    except ValueError:  # too malformed to split (an IPv6 host left open): libpq says why, in one line
        query = {}
    if "connect_timeout" not in query and not os.environ.get("PGCONNECT_TIMEOUT"):
        extra["connect_timeout"] = CONNECT_TIMEOUT
    if "application_name" not in query and not os.environ.get("PGAPPNAME"):
        extra["application_name"] = "referee"
    try:
        connection = psycopg.connect(url, autocommit=True, **extra)
        connection.execute(
            f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}; SET lock_timeout = {STATEMENT_TIMEOUT_MS};"
            " SET idle_in_transaction_session_timeout = 600000"
        )
    except psycopg.Error as error:
        raise fault(error, url, where) from None
    return ServerDatabase(connection, url)


def role_sql(database: str) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements of ``history init --server``: the two roles and what each may do (names quoted by psycopg's
    ``sql.Identifier``, never pasted)."""
    from psycopg import sql

    table, organiser = sql.Identifier(TABLE_ROLE), sql.Identifier(ORGANISER_ROLE)
    statements: list[Any] = []
    for role in (table, organiser):
        statements.append(
            sql.SQL("DO $$ BEGIN CREATE ROLE {} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$").format(
                role
            )
        )
    statements.append(
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}, {}").format(sql.Identifier(database), table, organiser)
    )
    statements.append(sql.SQL("GRANT USAGE ON SCHEMA public TO {}, {}").format(table, organiser))
    every = "games, players, ratings, rating_steps, rating_state, totals, " + META_TABLE
    statements.append(sql.SQL("GRANT SELECT ON " + every + " TO {}, {}").format(table, organiser))
    # a table's referee adds games (and keeps the ratings and totals they move); never edits, removes or renames
    statements.append(sql.SQL("GRANT INSERT ON games, players TO {}").format(table))
    statements.append(
        sql.SQL("GRANT INSERT, UPDATE, DELETE ON ratings, rating_steps, rating_state, totals TO {}").format(table)
    )
    statements.append(
        sql.SQL(
            "GRANT INSERT, UPDATE, DELETE ON games, players, ratings, rating_steps, rating_state, totals TO {}"
        ).format(organiser)
    )
    statements.append(sql.SQL("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {}, {}").format(table, organiser))
    # importing is the organiser's: a table's referee inserts only plays the referee recorded
    statements.append(sql.SQL("ALTER TABLE games ENABLE ROW LEVEL SECURITY"))
    statements.append(sql.SQL("DROP POLICY IF EXISTS referee_reads ON games"))
    statements.append(sql.SQL("DROP POLICY IF EXISTS referee_adds_played_games ON games"))
    statements.append(sql.SQL("DROP POLICY IF EXISTS organiser_all ON games"))
    statements.append(sql.SQL("CREATE POLICY referee_reads ON games FOR SELECT TO {} USING (true)").format(table))
    statements.append(
        sql.SQL(
            "CREATE POLICY referee_adds_played_games ON games FOR INSERT TO {}"
            " WITH CHECK (kind IN ('record', 'position'))"
        ).format(table)
    )
    statements.append(
        sql.SQL("CREATE POLICY organiser_all ON games FOR ALL TO {} USING (true) WITH CHECK (true)").format(organiser)
    )
    return [(statement, ()) for statement in statements]
