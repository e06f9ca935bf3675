"""A club's history on a PostgreSQL server: the one thin layer that lets :mod:`referee.history.store` speak to
PostgreSQL (through psycopg 3) with the same schema and the same queries it speaks to SQLite with.

Why a thin layer and not SQLAlchemy Core: the store's queries are plain SQL that both engines read alike once
three things are translated (``?`` placeholders become ``%s``; ``LIMIT -1`` becomes ``LIMIT ALL``; a new game's id
is read back with ``RETURNING id``), and its DDL once two column types are (``INTEGER PRIMARY KEY`` becomes an
identity column, ``REAL`` double precision). SQLAlchemy would add a large import to every start-up of the embedded
path and a second way of writing every query; this layer is imported only when a server is named.

* Connections: the URL is handed to libpq as it is, so every libpq parameter works (``sslmode``, ``service``,
  ``PGPASSWORD``, ``~/.pgpass``, a service file); a ``connect_timeout`` of 10 seconds is added when none is given,
  and every statement has a time limit (``statement_timeout``, ``lock_timeout``), so nothing waits forever.
* A password is never shown: the history is named by its URL without the password
  (:func:`display_url`), and any text the server or libpq returns is scrubbed of it (:func:`scrub`).
* Writers take one transaction-level advisory lock (:data:`WRITE_LOCK`), as SQLite's ``BEGIN IMMEDIATE`` takes the
  file's write lock: the merge rule's look-up, the insert and the update of ratings and totals run one writer at a
  time, each in one transaction; the unique indexes on a play's identity hold whatever a client does.
* psycopg's errors are turned into :mod:`sqlite3`'s (``IntegrityError`` for a constraint, ``OperationalError``
  otherwise) so the store reports both engines' errors in one place.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

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

_PLACEHOLDER = re.compile(r"\?")


def translate(sql: str) -> str:
    """One of the store's SQLite statements as PostgreSQL reads it."""
    sql = sql.replace("%", "%%")
    sql = _PLACEHOLDER.sub("%s", sql)
    sql = sql.replace("LIMIT -1 OFFSET", "LIMIT ALL OFFSET")
    if sql.lstrip().upper().startswith("INSERT INTO GAMES ") and "RETURNING" not in sql.upper():
        sql += " RETURNING id"
    return sql


def translate_ddl(sql: str) -> str:
    """One of the store's migrations (written for SQLite) as PostgreSQL's DDL."""
    sql = sql.replace("id INTEGER PRIMARY KEY", "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    sql = sql.replace("game_id INTEGER", "game_id BIGINT")
    sql = sql.replace(" REAL", " DOUBLE PRECISION")
    sql = sql.replace("last_id INTEGER", "last_id BIGINT")
    return sql


class ServerCursor:
    """What the store reads of a cursor: rows, ``lastrowid`` of an insert, ``rowcount``, ``description``."""

    def __init__(self, cursor: Any, url: str, returning: bool) -> None:
        self._cursor = cursor
        self._url = url
        self.lastrowid: int | None = None
        self.rowcount: int = cursor.rowcount
        if returning:
            row = self._call(cursor.fetchone)
            self.lastrowid = None if row is None else int(row[0])

    @property
    def description(self) -> Any:
        return self._cursor.description

    def _call(self, method: Any, *args: Any) -> Any:
        import psycopg

        try:
            return method(*args)
        except psycopg.Error as error:
            raise as_sqlite_error(error, self._url) from None

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


def as_sqlite_error(error: Exception, url: str) -> sqlite3.Error:
    """A psycopg error as the store handles errors (its message scrubbed of any password)."""
    import psycopg

    text = scrub(str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__, url)
    if isinstance(error, psycopg.errors.IntegrityError):
        return sqlite3.IntegrityError(f"UNIQUE constraint failed: {text}" if _unique(error) else text)
    if isinstance(error, psycopg.errors.InsufficientPrivilege):
        return sqlite3.OperationalError(f"not allowed: {text}")
    if isinstance(error, psycopg.errors.LockNotAvailable | psycopg.errors.QueryCanceled):
        return sqlite3.OperationalError(f"busy: {text}")
    if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError):
        return sqlite3.OperationalError(f"the server cannot be reached ({text})")
    return sqlite3.OperationalError(text)


def _unique(error: Exception) -> bool:
    import psycopg

    return isinstance(error, psycopg.errors.UniqueViolation)


class ServerConnection:
    """A psycopg connection that takes the store's SQLite statements (see :func:`translate`)."""

    engine = "postgresql"

    def __init__(self, connection: Any, url: str) -> None:
        self.raw = connection
        self.url = url

    def execute(self, sql: str, params: Sequence[Any] = ()) -> ServerCursor:
        import psycopg

        statement = translate(sql)
        try:
            cursor = self.raw.cursor()
            cursor.execute(statement, tuple(params) if params else None)
        except psycopg.Error as error:
            raise as_sqlite_error(error, self.url) from None
        return ServerCursor(cursor, self.url, statement.endswith(" RETURNING id"))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]] | Iterator[Sequence[Any]]) -> None:
        import psycopg

        rows = list(rows)
        if not rows:
            return
        try:
            self.raw.cursor().executemany(translate(sql), rows)
        except psycopg.Error as error:
            raise as_sqlite_error(error, self.url) from None

    def close(self) -> None:
        import contextlib

        with contextlib.suppress(Exception):
            self.raw.close()

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return bool(self.raw.info.transaction_status != TransactionStatus.IDLE)


def connect(url: str) -> ServerConnection:
    """Connect to the server named by ``url`` (autocommit: the store says where each transaction begins); every
    libpq parameter of the URL and the environment passes through; time limits added when none is given."""
    try:
        import psycopg
    except ImportError:
        raise sqlite3.OperationalError(
            "psycopg is not installed: pip install 'psycopg[binary]' to use a club's history"
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
        raise as_sqlite_error(error, url) from None
    return ServerConnection(connection, url)


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
