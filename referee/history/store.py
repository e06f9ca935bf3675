"""The history database: one SQLite file (or a club's PostgreSQL database: :mod:`referee.history.server`), its
schema, migrations and queries, written once for both engines.

* The file is marked as a referee history (``PRAGMA application_id``) and versioned (``PRAGMA user_version``): a
  file written by a newer referee is refused, an older one migrated in one transaction, and anything else at the
  path (a damaged file, another program's database, a text file) is reported as "… is not a referee history" and
  never written to.
* WAL mode and a busy timeout: two referees finishing games at the same moment both get logged; a database locked
  for longer than the timeout is reported, never corrupted.
* One transaction per logged game (the game, its players and the rating update), so a process killed at any
  moment leaves the game wholly in the history or not at all.
* On a server: the same schema, migrations and queries through the thin layer of :mod:`referee.history.server`;
  every write takes one advisory lock for its transaction (as ``BEGIN IMMEDIATE`` takes the file's), and the unique
  indexes on a play's identity hold whatever a client does (see :meth:`History.merge`).
* A game is identified by the hash of its content (:func:`referee.history.entry.content_hash`): logging the same
  game twice keeps one copy.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.history import rows as row_rules
from referee.history.connection import Connection, default_location, default_path
from referee.history.database import FileDatabase, sqlite_fault
from referee.history.edits import Edits
from referee.history.errors import (
    GameRefused,
    HistoryCannotOpen,
    HistoryDamaged,
    HistoryError,
    HistoryTooNew,
    HistoryUnusable,
    NotAHistory,
    another_programs_database,
)
from referee.history.identity import Merged, PlayIdentity
from referee.history.queries import (
    GAME_COLUMNS,
    PLAYER_COLUMNS,
    LoggedGame,
    Queries,
    game_filters,
    read_game,
    text_cell,
)
from referee.history.rating_cache import RatingCache, RatingStep
from referee.history.schema import (
    APPLICATION_ID,
    BUSY_TIMEOUT_SECONDS,
    FILE_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    SQLITE_HEADER,
    migrate,
    schema_statements,
    use_wal,
)
from referee.i18n import _


class History(PlayIdentity, Edits):
    """An open history file. Use :func:`open_history`; every method raises :class:`HistoryError` (or
    :class:`GameRefused` for one game), never an engine's error. Its seams are modules:
    :mod:`~referee.history.connection` (transactions),
    :mod:`~referee.history.identity` (logging and merging plays), :mod:`~referee.history.rating_cache`,
    :mod:`~referee.history.queries` and :mod:`~referee.history.edits`; the schema and its migrations are
    :mod:`~referee.history.schema`."""


def open_history(path: Path | str, *, create: bool = True) -> History | None:
    """Open (creating with ``create``) the history at ``path``; None when it does not exist and ``create`` is off.
    A ``postgresql://`` URL opens a club's history on a server (:func:`open_server`).

    Raises :class:`HistoryError` for a file that is not a referee history, one from a newer referee, or one that
    cannot be opened."""
    if isinstance(path, str):
        from referee.history.server import is_server_url

        if is_server_url(path):
            return open_server(path, create=create)
        path = Path(path)
    try:
        exists = path.exists()
        if exists and path.is_dir():
            raise NotAHistory(path, _("a folder"))
        if exists and not path.is_file():
            raise NotAHistory(path, _("not a regular file: a FIFO, a device or a socket"))
        if exists and path.stat().st_size > 0:
            with open(path, "rb") as handle:
                if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                    raise NotAHistory(path)
        if not exists:
            if not create:
                return None
            path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HistoryCannotOpen(path, error.strerror or type(error).__name__) from None
    try:
        raw = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        raw.text_factory = row_rules.lenient_text
    except sqlite3.Error as error:
        raise sqlite_fault(error, path) from None
    history = History(FileDatabase(raw, path), path)
    try:
        _prepare(history, check=create)
    except BaseException:
        raw.close()
        raise
    return history


def open_server(url: str, *, create: bool = True) -> History | None:
    """Open the club's history at a PostgreSQL ``url`` (its schema created or migrated when ``create`` and it has
    none or an older one; None when it has none and ``create`` is off)."""
    from referee.history import server

    connection = server.connect(url)
    history = History(connection, connection.where)
    try:
        version = _server_version(history)
        if version == 0 and not create:
            connection.close()
            return None
        if version < SCHEMA_VERSION:
            with history.transaction():
                version = _server_version(history)  # another referee may have created it meanwhile
                if version < SCHEMA_VERSION:
                    _migrate_server(history, version)
    except BaseException:
        connection.close()
        raise
    return history


def _server_version(history: History) -> int:
    """The schema version of a club's history (0: an empty database); raises for another program's database or a
    newer version."""
    from referee.history.server import META_TABLE

    p = history.connection.dialect.p
    db = history.connection
    with history.reading():
        # the catalogue read as a table (the statement's snapshot): to_regclass could answer from a catalogue
        # snapshot older than the advisory lock just taken, and two referees would both create the schema
        tables = {
            row[0]
            for row in db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                f" AND table_name IN ({p}, 'games')",
                (META_TABLE,),
            ).fetchall()
        }
        if META_TABLE not in tables:
            if "games" in tables:
                raise NotAHistory(history.path, another_programs_database())
            _check_rights(history, META_TABLE)
            return 0
        rows = dict(db.execute(f"SELECT key, value FROM {META_TABLE}").fetchall())
    if rows.get("application") != "referee":
        raise NotAHistory(history.path, another_programs_database())
    version = _schema_version(history, rows.get("version", "0"))
    if version > SCHEMA_VERSION:
        raise HistoryTooNew(history.path, str(version), SCHEMA_VERSION)
    return version


def _check_rights(history: History, meta_table: str) -> None:
    """A club's history this login cannot see (its tables are there, in the catalogue every login reads, but none
    of them is granted to it: a login without a referee role) is one line naming the rights it lacks, never an
    empty history."""
    from referee.history.server import ORGANISER_ROLE, TABLE_ROLE

    p = history.connection.dialect.p
    # One statement, one snapshot: hidden is "in the catalogue, not among the tables this login may see" at one
    # moment (another referee may commit the schema between two statements: that is not a lack of rights).
    hidden = history.connection.execute(
        "SELECT current_user, EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        f" ON n.oid = c.relnamespace WHERE c.relname = {p} AND n.nspname = current_schema())"
        " AND NOT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()"
        f" AND table_name = {p})",
        (meta_table, meta_table),
    ).fetchone()
    if hidden is not None and hidden[1]:
        raise HistoryError(
            _(
                "{history}: the login {login} has no referee role, so it may not read the club's history: grant it"
                " {table} (to read and add its games) or {organiser} (also to edit, remove, rename and import)"
            ).format(history=history.path, login=hidden[0], table=TABLE_ROLE, organiser=ORGANISER_ROLE)
        )


def _schema_version(history: History, value: object) -> int:
    """The schema version a file (``PRAGMA user_version``) or a server (``referee_meta``) holds, as a number from 0;
    any other value (``x9``, ``-3``, a fraction) is one line: no referee wrote it, and nothing is written."""
    text = str(value).strip()
    if type(value) is int and value >= 0:
        return value
    if isinstance(value, str) and text.isdigit() and len(text) < 10:
        return int(text)
    raise HistoryError(
        _("{history}: its schema version '{version}' is none a referee writes (0 and up); it was left as it is").format(
            history=history.path, version=text[:20]
        )
    )


def _migrate_server(history: History, version: int) -> None:
    """The same migrations as a file's (:data:`MIGRATIONS`), in PostgreSQL's words, in the caller's transaction."""
    from referee.history.server import META_TABLE

    db = history.connection
    if version == 0:
        db.execute(f"CREATE TABLE IF NOT EXISTS {META_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    for statement in schema_statements(db.dialect, version):
        db.execute(statement)
    db.execute(
        f"INSERT INTO {META_TABLE} (key, value) VALUES ('application', 'referee'), ('version', {db.dialect.p})"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (str(SCHEMA_VERSION),),
    )


def _check_whole(history: History) -> None:
    """A history about to be written must pass SQLite's quick check: a damaged file is never written to (writing
    could spread the damage); the message says how to recover."""
    try:
        verdict = history.connection.execute("PRAGMA quick_check(1)").fetchone()[0]
    except (HistoryDamaged, NotAHistory, HistoryUnusable) as error:
        verdict = error.detail
    if verdict != "ok":
        raise HistoryDamaged(history.path, str(verdict), written=True)


def _prepare(history: History, *, check: bool) -> None:
    """Check the file is ours (and with ``check``, before anything is written, that it is whole), create or
    migrate the schema, and set WAL mode."""
    db = history.connection
    db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    version = _check_identity(history)
    if check and version > 0:
        _check_whole(history)
    if version < SCHEMA_VERSION:
        with history.transaction():
            version = _check_identity(history)  # another referee may have created or migrated it meanwhile
            if version < SCHEMA_VERSION:
                migrate(db, version)
    if check:  # only a referee about to write changes the journal (reading leaves the file as it is)
        use_wal(db)
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA cache_size = -16000")  # 16 MB: logging many games touches index pages all over the file


def _check_identity(history: History) -> int:
    """The schema version of a referee history; raises for a foreign file or a newer version."""
    db = history.connection
    # one statement, so one snapshot: another referee may be creating the file at this very moment
    application_id, version, tables = db.execute(
        "SELECT (SELECT application_id FROM pragma_application_id),"
        " (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
    ).fetchone()
    if application_id == 0 and version == 0:
        if tables:
            raise NotAHistory(history.path, another_programs_database())
        return 0
    if application_id != APPLICATION_ID:
        raise NotAHistory(history.path, another_programs_database())
    version = _schema_version(history, version)
    if version > SCHEMA_VERSION:
        raise HistoryTooNew(history.path, str(version), SCHEMA_VERSION)
    return int(version)


__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT_SECONDS",
    "FILE_NAME",
    "GAME_COLUMNS",
    "MIGRATIONS",
    "PLAYER_COLUMNS",
    "SCHEMA_VERSION",
    "SQLITE_HEADER",
    "Connection",
    "Edits",
    "GameRefused",
    "History",
    "HistoryError",
    "LoggedGame",
    "Merged",
    "PlayIdentity",
    "Queries",
    "RatingCache",
    "RatingStep",
    "default_location",
    "default_path",
    "game_filters",
    "open_history",
    "open_server",
    "read_game",
    "text_cell",
]
