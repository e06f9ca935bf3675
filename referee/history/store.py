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

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from referee.errors import InputError
from referee.history import rows as row_rules
from referee.history.entry import GameEntry, PlayerResult, name_key
from referee.i18n import _

APPLICATION_ID = 0x52656652  # "RefR"
SCHEMA_VERSION = 6
BUSY_TIMEOUT_SECONDS = 10.0
FILE_NAME = "history.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"

_SCHEMA_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    played TEXT NOT NULL,
    started TEXT,
    finished TEXT,
    actions INTEGER NOT NULL,
    setup TEXT NOT NULL,
    board TEXT,
    record TEXT NOT NULL
);
CREATE INDEX games_by_date ON games (played, id);
CREATE INDEX games_by_game ON games (game, played, id);
CREATE TABLE players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    played TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    score INTEGER,
    place INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    shared INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX players_by_key ON players (key, played, game_id);
"""

_SCHEMA_2 = """
CREATE TABLE ratings (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (game, key)
);
CREATE TABLE rating_steps (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE TABLE rating_state (
    game TEXT PRIMARY KEY,
    stale INTEGER NOT NULL,
    last_played TEXT,
    last_id INTEGER
);
CREATE TABLE totals (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    seat INTEGER NOT NULL,
    board TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    shared INTEGER NOT NULL,
    score_sum INTEGER NOT NULL,
    score_count INTEGER NOT NULL,
    best INTEGER,
    PRIMARY KEY (game, key, seat, board)
);
"""

_SCHEMA_3 = """
ALTER TABLE players ADD COLUMN draw INTEGER NOT NULL DEFAULT 0;
ALTER TABLE totals ADD COLUMN draws INTEGER NOT NULL DEFAULT 0
"""
"""Version 3: a draw is a draw. Before, a finished game with no single winner was stored as a win shared by the
players at the top, whatever the game's rules said; now the rules' ``tie_policy`` decides, and a drawn game
counts in nobody's wins (see :func:`_draws_from_shared_wins`)."""

_TOTALS_FROM_PLAYERS = """
INSERT INTO totals (game, key, seat, board, name, games, wins, shared, score_sum, score_count, best, draws)
SELECT p.game, p.key, p.seat, coalesce(g.board, ''), min(p.name), count(*), sum(p.winner), sum(p.shared),
       coalesce(sum(p.score), 0), count(p.score), max(p.score), sum(p.draw)
FROM players p JOIN games g ON g.id = p.game_id AND g.incomplete = 0 AND p.anonymous = 0{sound} {where}
GROUP BY p.game, p.key, p.seat, coalesce(g.board, '')
"""
"""The totals of ``stats`` rebuilt from the games (after a remove or a rename, and when migrating)."""

_SCHEMA_4 = """
ALTER TABLE games ADD COLUMN location TEXT;
ALTER TABLE games ADD COLUMN notes TEXT
"""
"""Version 4: what a play holds as scorekeeping apps hold it: where it was played and notes on it (``history edit``,
``score --location``). Where a play came from is its ``kind`` (``record``, ``position``, or the app it was imported
from, e.g. ``bgg``), whose identity is kept in its hash (importing a file again adds nothing)."""

_SCHEMA_5 = """
ALTER TABLE games ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN color TEXT;
ALTER TABLE players ADD COLUMN new INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN seats INTEGER NOT NULL DEFAULT 0;
UPDATE games SET seats = (SELECT count(*) FROM players WHERE players.game_id = games.id);
CREATE INDEX games_by_seats ON games (game, seats, incomplete)
"""
"""Version 5: an abandoned game (``history add --incomplete``, a BoardGameGeek play marked ``incomplete``) is kept
with its players and its score as it stood, and counted in no result: not in ``stats``, ratings, totals or
head to head. Each player's colour (Coin Age's heads or tails, an imported play's colour) and whether the app a
play came from marked them as new to the game. How many players each game had (``seats``: ``stats`` shows random
self-play by seat for the player counts a game was played with)."""
_SCHEMA_6 = """
ALTER TABLE games ADD COLUMN uuid TEXT;
ALTER TABLE games ADD COLUMN origin_app TEXT;
ALTER TABLE games ADD COLUMN origin_owner TEXT;
ALTER TABLE games ADD COLUMN origin_id TEXT;
ALTER TABLE games ADD COLUMN bgg_play TEXT;
ALTER TABLE games ADD COLUMN fingerprint TEXT;
ALTER TABLE players ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX games_by_uuid ON games (uuid) WHERE uuid IS NOT NULL;
CREATE UNIQUE INDEX games_by_origin ON games (origin_app, origin_owner, origin_id) WHERE origin_id IS NOT NULL;
CREATE INDEX games_by_bgg_play ON games (bgg_play) WHERE bgg_play IS NOT NULL;
CREATE INDEX games_by_fingerprint ON games (fingerprint)
"""
"""Version 6: one play, one identity (see :meth:`History.log`). A play's ``uuid`` (a record's, a BG Stats play's,
else derived from its content hash when migrated or logged); where an imported play came from (``origin_app``,
``origin_owner``, ``origin_id``: the app, its owner, the app's id), each unique; its BoardGameGeek play id
(``bgg_play``: a BoardGameGeek play with an owner, or a BG Stats play's ``bggId``: it joins the plays of the two apps,
not two owners' files, whose numbers may be their own); the ``fingerprint`` of what two
copies of a play share (:func:`referee.history.entry.fingerprint`); anonymous players (counted in no one's figures).
A play marked not to count in win statistics is stored with ``incomplete`` = 2 (a play, no result)."""
MIGRATIONS: dict[int, str] = {
    1: _SCHEMA_1,
    2: _SCHEMA_2,
    3: _SCHEMA_3,
    4: _SCHEMA_4,
    5: _SCHEMA_5,
    6: _SCHEMA_6,
}
"""The DDL that brings a database from version ``n - 1`` to ``n``. Version 2 added the ratings and the totals that
``stats`` reads: a version-1 file gets the tables, its totals are added up, and every game's ratings are recomputed
at the next read."""


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


class _Ratings(NamedTuple):
    """The ratings of one game, replayed: game ids in order, each player's current (mu, sigma), the steps after
    each game, the players' names and the last game ``(played, id)``."""

    order: list[int]
    current: dict[str, tuple[float, float]]
    steps: list[list[tuple[str, float, float]]]
    names: dict[str, str]
    last: tuple[str, int] | None


RatingStep = tuple[tuple[str, int], float, float]
"""A player's rating after one game: ``((played, game id), mu, sigma)``."""


class Merged(NamedTuple):
    """What :meth:`History.merge` did with a play: ``outcome`` ``added``, ``present`` (the same identity is there:
    ``why`` says which, ``uuid``, ``origin``, ``bgg`` or ``content``) or ``probable`` (another identity, the same
    content: not added); ``id`` the play added, or the one already there."""

    id: int
    outcome: str
    why: str

    @property
    def added(self) -> bool:
        return self.outcome == "added"


@dataclass
class LoggedGame:
    """A game as read back from the history."""

    id: int
    entry: GameEntry


GAME_COLUMNS = "id, game, hash, kind, played, started, finished, actions, setup, record, location, notes, incomplete"
"""What :meth:`History._with_players` reads of a game, in this order."""


class History:
    """An open history file. Use :func:`open_history`; every method raises :class:`HistoryError`, never
    ``sqlite3.Error``."""

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
        self._pending: list[str] = []
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
        self.committed: dict[str, int] = {"added": 0, "present": 0, "probable": 0}
        """Games this connection logged and committed (``added``), or found already logged (``present``): what the
        database holds, whatever failed later."""

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> History:
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
        for outcome in self._pending:
            self.committed[outcome] += 1
        self._pending.clear()

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

    # -- logging -------------------------------------------------------------------------------------------
    def find_hash(self, content_hash: str) -> int | None:
        with self.reading() as db:
            row = db.execute("SELECT id FROM games WHERE hash = ?", (content_hash,)).fetchone()
        return None if row is None else int(row[0])

    def log(self, entry: GameEntry, *, keep_duplicates: bool = True) -> tuple[int, bool]:
        """Log one game in one transaction: ``(id, True)``, or ``(id of the copy, False)`` when it is there (see
        :meth:`merge` for the rule; ``keep_duplicates``: a play that only looks like one there is added)."""
        found = self.merge(entry, keep_duplicates=keep_duplicates)
        return found.id, found.added

    def merge(self, entry: GameEntry, *, keep_duplicates: bool = False) -> Merged:
        """Log one game unless it is in the history already, by one rule for every way in (``play``, ``history
        add``, ``history import`` of any format):

        1. the same play: the same identity is there (its ``uuid``; the app, owner and app's id it came from; its
           BoardGameGeek play id, which a BG Stats play names as ``bggId``, for the same game from the other app;
           else its content hash): not added;
        2. probably the same play: another identity, but a play with the same content (game, day at the table,
           players, scores and wins: :func:`referee.history.entry.fingerprint`) is there, and one of the two has
           no actions (a play kept as a result only): not added unless ``keep_duplicates``, and said (never for
           the further copies of a play logged with a ``quantity``: they are that many plays);
        3. otherwise added.

        Raises :class:`GameRefused` for a game the history cannot take (nothing of it is written, and a batch goes
        on), :class:`HistoryError` when the history itself fails (a batch's open transaction is rolled back)."""
        from referee.history.entry import derived_uuid, fingerprint
        from referee.players import first_repeated

        repeated = first_repeated(entry.names)
        if repeated is not None:
            raise GameRefused(
                _("'{a}' and '{b}' are one player to the history (names are matched without regard to case)").format(
                    a=repeated[0], b=repeated[1]
                )
            )
        if entry.uuid is None:
            entry.uuid = derived_uuid("play", entry.content_hash)
        print_ = fingerprint(entry)
        try:
            merged = self._merge_once(entry, print_, keep_duplicates)
        except GameRefused as refused:
            # the database's own unique indexes on a play's identity refused a copy (a client that skipped the
            # look-up, or a race the look-up could not see): it is there, and found as such
            if "UNIQUE" not in refused.message or self._batch is not None:
                raise
            merged = self._merge_once(entry, print_, keep_duplicates)
        if self._batch is None:
            self.committed[merged.outcome] += 1
            return merged
        self._pending.append(merged.outcome)
        if self._batch >= self.BATCH_SIZE:
            try:
                self._commit()
            finally:
                self._batch = 0
        return merged

    def _merge_once(self, entry: GameEntry, print_: str, keep_duplicates: bool) -> Merged:
        """One attempt of :meth:`merge`'s transaction (or savepoint, in a batch)."""
        with self.transaction() as db:
            merged = self._same_play(db, entry, print_, keep_duplicates)
            if merged is None:
                game_id = self._insert(db, entry, print_)
                if entry.anonymous:
                    db.executemany(
                        "UPDATE players SET anonymous = 1 WHERE game_id = ? AND seat = ?",
                        [(game_id, seat) for seat in sorted(entry.anonymous)],
                    )
                if not entry.incomplete and not entry.unscored:  # no result: no rating moves
                    self._rate_new_game(db, entry, game_id)
                merged = Merged(game_id, "added", "")
        return merged

    @staticmethod
    def _same_play(db: sqlite3.Connection, entry: GameEntry, print_: str, keep_duplicates: bool) -> Merged | None:
        """The play already in the history that ``entry`` is (rule 1 of :meth:`merge`) or probably is (rule 2), or
        None."""
        row = db.execute(
            "SELECT id, why FROM ("
            " SELECT id, 1 AS step, 'origin' AS why FROM games"
            "  WHERE origin_app = ? AND origin_owner = ? AND origin_id = ?"
            " UNION ALL SELECT id, 2, 'uuid' FROM games WHERE uuid = ?"
            # the same play from the other app (never two owners' files of one app)
            " UNION ALL SELECT id, 3, 'bgg' FROM games WHERE bgg_play = ? AND game = ? AND kind != ?"
            " UNION ALL SELECT id, 4, 'content' FROM games WHERE hash = ?"
            ") AS found ORDER BY step LIMIT 1",
            (
                *(entry.origin or (None, None, None)),
                entry.uuid,
                entry.bgg_play,
                entry.game,
                entry.kind,
                entry.content_hash,
            ),
        ).fetchone()
        if row is not None:
            return Merged(int(row[0]), "present", str(row[1]))
        if keep_duplicates or entry.repeat:
            return None
        actions_clause = "" if entry.actions == 0 else " AND actions = 0"
        row = db.execute(
            f"SELECT id FROM games WHERE fingerprint = ?{actions_clause} ORDER BY id LIMIT 1", (print_,)
        ).fetchone()
        return None if row is None else Merged(int(row[0]), "probable", "content")

    def _insert(self, db: sqlite3.Connection, entry: GameEntry, print_: str | None = None) -> int:
        cursor = db.execute(
            "INSERT INTO games (game, hash, kind, played, started, finished, actions, setup, board, record, location,"
            " notes, incomplete, seats, uuid, origin_app, origin_owner, origin_id, bgg_play, fingerprint)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                entry.game,
                entry.content_hash,
                entry.kind,
                entry.played,
                entry.started,
                entry.finished,
                entry.actions,
                json.dumps(entry.setup, sort_keys=True, ensure_ascii=False),
                entry.setup.get("map"),
                entry.record,
                entry.location,
                entry.notes,
                2 if entry.unscored else int(entry.incomplete),  # 2: a play, not in win statistics
                len(entry.players),
                entry.uuid,
                *(entry.origin or (None, None, None)),
                entry.bgg_play,
                print_,
            ),
        )
        game_id = int(cursor.lastrowid or 0)
        shared = sum(player.winner for player in entry.players) > 1
        db.executemany(
            "INSERT INTO players (game_id, game, played, seat, name, key, score, place, rank, winner, shared, draw,"
            " color, new) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    entry.game,
                    entry.played,
                    player.seat,
                    player.name,
                    name_key(player.name),
                    player.score,
                    player.place,
                    player.rank,
                    int(player.winner),
                    int(player.winner and shared),
                    int(player.draw),
                    player.color,
                    int(player.new),
                )
                for player in entry.players
            ],
        )
        if entry.incomplete or entry.unscored:
            return game_id  # counted in no result
        board = entry.setup.get("map") or ""
        db.executemany(
            "INSERT INTO totals"
            " (game, key, seat, board, name, games, wins, shared, score_sum, score_count, best, draws)"
            " VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, key, seat, board) DO UPDATE SET"
            " name = excluded.name, games = totals.games + 1, wins = totals.wins + excluded.wins,"
            " shared = totals.shared + excluded.shared, draws = totals.draws + excluded.draws,"
            " score_sum = totals.score_sum + excluded.score_sum,"
            " score_count = totals.score_count + excluded.score_count,"
            " best = CASE WHEN excluded.best IS NULL THEN totals.best WHEN totals.best IS NULL THEN excluded.best"
            " WHEN excluded.best > totals.best THEN excluded.best ELSE totals.best END",
            [
                (
                    entry.game,
                    name_key(player.name),
                    player.seat,
                    board,
                    player.name,
                    int(player.winner),
                    int(player.winner and shared),
                    player.score or 0,
                    int(player.score is not None),
                    player.score,
                    int(player.draw),
                )
                for player in entry.players
                if player.seat not in entry.anonymous
            ],
        )
        return game_id

    def _rebuild_totals(self, db: sqlite3.Connection, game: str) -> None:
        db.execute("DELETE FROM totals WHERE game = ?", (game,))
        sound = self.counted_sql(fresh=True)
        db.execute(_TOTALS_FROM_PLAYERS.format(where="WHERE p.game = ?", sound=sound), (game,))

    def _rate_new_game(self, db: sqlite3.Connection, entry: GameEntry, game_id: int) -> None:
        """Update the ratings with a new game when it is the latest of its game; else mark them for recomputing."""
        from referee.history import ratings

        state = db.execute("SELECT stale, last_played FROM rating_state WHERE game = ?", (entry.game,)).fetchone()
        if state is not None and (
            state[0] != 0 or (state[1] is not None and (not isinstance(state[1], str) or entry.played < state[1]))
        ):
            db.execute("UPDATE rating_state SET stale = 1 WHERE game = ?", (entry.game,))
            return
        rated = [player for player in entry.players if player.seat not in entry.anonymous]
        if len(rated) < 2:
            return  # anonymous players are nobody's rating: one named player alone is not rated
        keys = [name_key(player.name) for player in rated]
        before = []
        for key in keys:
            row = db.execute("SELECT mu, sigma FROM ratings WHERE game = ? AND key = ?", (entry.game, key)).fetchone()
            if row is not None and not row_rules.sound_row("ratings", row, ("mu", "sigma")):  # damaged: start over
                db.execute("UPDATE rating_state SET stale = 1 WHERE game = ?", (entry.game,))
                return
            before.append((ratings.MU, ratings.SIGMA) if row is None else (float(row[0]), float(row[1])))
        after = ratings.update(before, [player.rank for player in rated])
        for player, key, (mu, sigma) in zip(rated, keys, after, strict=True):
            db.execute(
                "INSERT INTO ratings (game, key, name, mu, sigma) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game, key) DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma",
                (entry.game, key, player.name, mu, sigma),
            )
            db.execute(
                "INSERT INTO rating_steps (game_id, key, mu, sigma) VALUES (?, ?, ?, ?)", (game_id, key, mu, sigma)
            )
        db.execute(
            "INSERT INTO rating_state (game, stale, last_played, last_id) VALUES (?, 0, ?, ?)"
            " ON CONFLICT (game) DO UPDATE SET last_played = excluded.last_played, last_id = excluded.last_id",
            (entry.game, entry.played, game_id),
        )

    # -- ratings -------------------------------------------------------------------------------------------
    def recompute_ratings(self, game: str) -> None:
        """Ratings of one game from scratch, from its games in the order they were played (one transaction)."""
        with self.transaction() as db:
            self._recompute(db, game)

    def _recompute(self, db: sqlite3.Connection, game: str) -> None:
        self._store_ratings(db, game, self._compute_ratings(db, game))

    def _compute_ratings(self, db: sqlite3.Connection, game: str) -> _Ratings:
        """The ratings of one game replayed from its games in the order they were played (reads only)."""
        from referee.history import ratings

        rows = db.execute(
            "SELECT g.id, g.played, p.key, p.rank, p.name FROM games g JOIN players p ON p.game_id = g.id"
            " WHERE g.game = ? AND g.incomplete = 0 AND p.anonymous = 0"
            + self.counted_sql(fresh=True)
            + " ORDER BY g.played, g.id, p.seat",
            (game,),
        ).fetchall()
        order: list[int] = []
        players: dict[int, list[tuple[str, int]]] = {}
        names: dict[str, str] = {}
        last: tuple[str, int] | None = None
        unreadable = {row[0] for row in rows if not (isinstance(row[2], str) and isinstance(row[4], str))}
        for game_id, played, key, rank, name in rows:
            if game_id in unreadable:  # a name that is not UTF-8: the game is damaged, and counted nowhere
                continue
            if game_id not in players:
                order.append(game_id)
                players[game_id] = []
            players[game_id].append((key, rank))
            names[key] = name
            last = (played, game_id)
        order = [game_id for game_id in order if len(players[game_id]) >= 2]  # anonymous players are not rated
        current, steps = ratings.replay(players[game_id] for game_id in order)
        return _Ratings(order, current, list(steps), names, last)

    def _store_ratings(self, db: sqlite3.Connection, game: str, computed: _Ratings) -> None:
        order, current, steps, names, last = computed
        db.execute("DELETE FROM ratings WHERE game = ?", (game,))
        db.execute("DELETE FROM rating_steps WHERE game_id IN (SELECT id FROM games WHERE game = ?)", (game,))
        db.executemany(
            "INSERT INTO ratings (game, key, name, mu, sigma) VALUES (?, ?, ?, ?, ?)",
            [(game, key, names[key], mu, sigma) for key, (mu, sigma) in current.items()],
        )
        db.executemany(
            "INSERT INTO rating_steps (game_id, key, mu, sigma) VALUES (?, ?, ?, ?)",
            [(game_id, key, mu, sigma) for game_id, step in zip(order, steps, strict=True) for key, mu, sigma in step],
        )
        if last is None:
            db.execute("DELETE FROM rating_state WHERE game = ?", (game,))
        else:
            db.execute(
                "INSERT INTO rating_state (game, stale, last_played, last_id) VALUES (?, 0, ?, ?)"
                " ON CONFLICT (game) DO UPDATE SET stale = 0, last_played = excluded.last_played,"
                " last_id = excluded.last_id",
                (game, *last),
            )

    def _stale_ratings(self, game: str) -> _Ratings | None:
        """For a read: the ratings of ``game`` recomputed when they are stale (stored if the history can be
        written at once, else only returned: a read never waits for another referee's write), or None when the
        stored ones are current."""
        with self.reading() as db:
            row = db.execute("SELECT stale FROM rating_state WHERE game = ?", (game,)).fetchone()
            if row is None or row[0] == 0:  # anything but a clear "not stale" is recomputed
                return None
            computed = self._compute_ratings(db, game)
        try:
            with self.transaction(wait=False) as db:
                self._store_ratings(db, game, computed)
        except HistoryError:
            pass  # locked, read-only or full: the ratings are shown all the same, and stored another time
        return computed

    def refresh_stale_ratings(self) -> None:
        """Recompute the ratings of every game marked stale (games logged out of order, a migrated file)."""
        with self.reading() as db:
            stale = [row[0] for row in db.execute("SELECT game FROM rating_state WHERE stale = 1")]
        for game in stale:
            self.recompute_ratings(game)

    def ratings(self, game: str) -> dict[str, tuple[str, float, float]]:
        """Player key → (name, mu, sigma) for one game."""
        computed = self._stale_ratings(game)
        if computed is not None:
            return {key: (computed.names[key], mu, sigma) for key, (mu, sigma) in computed.current.items()}
        with self.reading() as db:
            rows = db.execute("SELECT key, name, mu, sigma FROM ratings WHERE game = ?", (game,)).fetchall()
        columns = ("key", "name", "mu", "sigma")
        if not all(row_rules.sound_row("ratings", row, columns) for row in rows):
            computed = self._repaired_ratings(game)  # derived from the games: computed again, nothing lost
            return {key: (computed.names[key], mu, sigma) for key, (mu, sigma) in computed.current.items()}
        return {row[0]: (row[1], float(row[2]), float(row[3])) for row in rows}

    def _repaired_ratings(self, game: str) -> _Ratings:
        """The ratings of ``game`` computed from its games, and stored if the history can be written at once
        (a damaged row of the ratings replaced; else only shown, and repaired another time)."""
        with self.reading() as db:
            computed = self._compute_ratings(db, game)
        with suppress(HistoryError), self.transaction(wait=False) as db:
            self._store_ratings(db, game, computed)
        return computed

    def repair_totals(self, game: str | None) -> None:
        """The totals of ``game`` (of every game: None) added up again from the games, if the history can be
        written at once (a damaged row of them replaced); else left for another time."""
        games = [game] if game is not None else self.game_kinds()
        with suppress(HistoryError), self.transaction(wait=False) as db:
            for kind in games:
                self._rebuild_totals(db, kind)

    def rating_course(self, game: str, keys: Iterable[str]) -> dict[str, list[RatingStep]]:
        """Player key → the ``((played, game id), mu, sigma)`` after each of their games, in order (the moment
        tells apart games logged at the same time, so a chart gives each game its own place)."""
        wanted = list(keys)
        computed = self._stale_ratings(game)
        result: dict[str, list[RatingStep]] = {key: [] for key in wanted}
        if computed is not None:
            with self.reading() as db:
                played = dict(db.execute("SELECT id, played FROM games WHERE game = ?", (game,)).fetchall())
            for game_id, step in zip(computed.order, computed.steps, strict=True):
                for key, mu, sigma in step:
                    if key in result:
                        result[key].append(((played[game_id], game_id), mu, sigma))
            return result
        with self.reading() as db:
            for key in wanted:
                rows = db.execute(
                    "SELECT g.played, g.id, s.mu, s.sigma FROM rating_steps s JOIN games g ON g.id = s.game_id"
                    " WHERE g.game = ? AND s.key = ? ORDER BY g.played, g.id",
                    (game, key),
                ).fetchall()
                result[key] = [
                    ((played, game_id), float(mu), float(sigma))
                    for played, game_id, mu, sigma in rows
                    if row_rules.sound_row("rating_steps", (mu, sigma), ("mu", "sigma")) and isinstance(played, str)
                ]
        return result

    # -- reading -------------------------------------------------------------------------------------------
    def games(
        self,
        *,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        limit: int | None = None,
        oldest_first: bool = False,
    ) -> list[LoggedGame]:
        """Logged games, newest first (``oldest_first`` for exports), filtered by game, player and date."""
        return self._without_indexes(  # type: ignore[no-any-return]
            lambda: self._games(game=game, player=player, since=since, limit=limit, oldest_first=oldest_first)
        )

    def _games(
        self, *, game: str | None, player: str | None, since: str | None, limit: int | None, oldest_first: bool
    ) -> list[LoggedGame]:
        order = "ASC" if oldest_first else "DESC"
        if player is not None:  # a player's games, from the players' index (key, date): no scan of all games
            return self._games_of(name_key(player), game, since, limit, order)
        where, params = self._filters(game, player, since)
        sql = "SELECT " + GAME_COLUMNS + self._from("games") + f"{where} ORDER BY played {order}, id {order}"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self.reading() as db:
            rows = db.execute(sql, params).fetchall()
            return self._with_players(db, rows)

    def each_game(self, *, game: str | None = None, chunk: int = 500) -> Iterator[LoggedGame]:
        """Every logged game (of ``game``), oldest first, read a chunk at a time from one statement (one snapshot
        of the history, and little memory whatever its size): what exports stream. A damaged index found on the
        way: the rest read again without indexes, from where it was."""
        given = 0
        while True:
            try:
                for logged in self._each_game(game, chunk, skip=given):
                    given += 1
                    yield logged
                return
            except HistoryError:
                if self.indexless or self.server:
                    raise
                self.indexless = True

    def _each_game(self, game: str | None, chunk: int, *, skip: int) -> Iterator[LoggedGame]:
        where, params = self._filters(game, None, None)
        with self.reading() as db:
            cursor = db.execute(
                "SELECT "
                + GAME_COLUMNS
                + self._from("games")
                + f"{where} ORDER BY played ASC, id ASC"
                + (" LIMIT -1 OFFSET ?" if skip else ""),
                [*params, skip] if skip else params,
            )
            while rows := cursor.fetchmany(chunk):
                yield from self._with_players(db, rows)

    def _games_of(self, key: str, game: str | None, since: str | None, limit: int | None, order: str) -> list[Any]:
        clauses: list[str] = ["key = ?"]
        params: list[Any] = [key]
        if game is not None:
            clauses.append("game = ?")
            params.append(game)
        if since is not None:
            clauses.append("played >= ?")
            params.append(since)
        sql = (
            "SELECT game_id" + self._from("players") + f" WHERE {' AND '.join(clauses)}"
            f" ORDER BY played {order}, game_id {order}"
        )
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self.reading() as db:
            ids = [row[0] for row in db.execute(sql, params)]
            rows: list[Any] = []
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                rows += db.execute(
                    "SELECT " + GAME_COLUMNS + self._from("games") + f" WHERE id IN ({','.join('?' * len(chunk))})",
                    chunk,
                ).fetchall()
            rows.sort(key=lambda row: (row_rules.text(row[4]) or "", row[0]), reverse=order == "DESC")
            return self._with_players(db, rows)

    def count(self, *, game: str | None = None, player: str | None = None, since: str | None = None) -> int:
        where, params = self._filters(game, player, since)

        def read() -> int:
            with self.reading() as db:
                return int(db.execute("SELECT count(*)" + self._from("games") + where, params).fetchone()[0])

        return self._without_indexes(read)  # type: ignore[no-any-return]

    def _filters(self, game: str | None, player: str | None, since: str | None) -> tuple[str, list[Any]]:
        return game_filters(game, player, since, location=self.location)

    def _with_players(self, db: sqlite3.Connection, rows: list[Any]) -> list[LoggedGame]:
        """The games of ``rows`` (of :data:`GAME_COLUMNS`) with their players, read by :func:`read_game`: a cell it
        cannot use makes that game damaged, never the read."""
        if not rows:
            return []
        players: dict[object, list[dict[str, Any]]] = {row[0]: [] for row in rows}
        ids = list(players)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            cursor = db.execute(
                f"SELECT {PLAYER_COLUMNS}" + self._from("players") + f" WHERE game_id IN ({marks})", chunk
            )
            names = [column[0] for column in cursor.description]
            for found in cursor:
                player = dict(zip(names, found, strict=True))
                players[player["game_id"]].append(player)
        columns = GAME_COLUMNS.split(", ")
        result = []
        for row in rows:
            cells = dict(zip(columns, row, strict=False))
            result.append(read_game(cells, players[row[0]]))
        self._attach_identities(db, result)
        return result

    @staticmethod
    def _attach_identities(db: sqlite3.Connection, games: list[LoggedGame]) -> None:
        """Each game's identity (``uuid``, where it came from, its BoardGameGeek play id), whether it is a play
        not counted in win statistics, and its anonymous players (see :meth:`merge`)."""
        from referee.history.entry import checked_uuid

        by_id = {logged.id: logged.entry for logged in games}
        ids = list(by_id)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for game_id, game_uuid, app, owner, app_id, bgg_play, incomplete in db.execute(
                "SELECT id, uuid, origin_app, origin_owner, origin_id, bgg_play, incomplete FROM games"
                f" WHERE id IN ({marks})",
                chunk,
            ):
                entry = by_id[game_id]
                entry.uuid = checked_uuid(game_uuid)
                damaged = [] if game_uuid is None or entry.uuid is not None else ["uuid"]
                origin = (app, owner, app_id)
                if all(isinstance(cell, str) and len(cell) <= 200 for cell in origin):
                    entry.origin = (str(app), str(owner), str(app_id))
                elif any(cell is not None for cell in origin):
                    damaged.append("origin")
                sound_play = isinstance(bgg_play, str) and bgg_play.isdigit() and len(bgg_play) < 16
                entry.bgg_play = bgg_play if sound_play else None
                if bgg_play is not None and not sound_play:
                    damaged.append("bgg_play")
                if damaged:  # a cell of the identity it cannot use: the game is damaged (rows.read_game's rule)
                    entry.damaged = (*entry.damaged, *damaged)
                if incomplete == 2:
                    entry.incomplete, entry.unscored = False, True
            anonymous: dict[int, set[int]] = {}
            for game_id, seat in db.execute(
                f"SELECT game_id, seat FROM players WHERE anonymous = 1 AND game_id IN ({marks})", chunk
            ):
                anonymous.setdefault(game_id, set()).add(seat)
            for game_id, seats in anonymous.items():
                by_id[game_id].anonymous = frozenset(seats)

    def get(self, game_id: int) -> LoggedGame | None:
        def read() -> list[LoggedGame]:
            with self.reading() as db:
                rows = db.execute("SELECT " + GAME_COLUMNS + self._from("games") + " WHERE id = ?", (game_id,))
                return self._with_players(db, rows.fetchall())

        found = self._without_indexes(read)
        return found[0] if found else None

    def player_counts(self, game: str, among: Iterable[int]) -> list[int]:
        """Which of the player counts ``among`` the results of ``game`` had (smallest first): one indexed look-up
        each, so ``stats`` stays as fast with a hundred thousand games."""
        with self.reading() as db:
            return [
                count
                for count in sorted(among)
                if db.execute(
                    "SELECT 1 FROM games WHERE game = ? AND seats = ? AND incomplete = 0 LIMIT 1", (game, count)
                ).fetchone()
            ]

    def damaged_games(self, *, fresh: bool = False) -> frozenset[int]:
        """The games every count leaves out (see :func:`referee.history.rows.damaged_games_sql`): found once per
        connection (a scan of the games and players), again when ``fresh`` (inside a write)."""
        if self.server:  # typed columns: a server's cell holds what its column says, or nothing
            return frozenset()
        if self._damaged_games is None or fresh:
            with self.reading() as db:
                found = {row[0] for row in db.execute(row_rules.damaged_games_sql())}
            self._damaged_games = frozenset(game_id for game_id in found if type(game_id) is int)
        return self._damaged_games

    def counted_sql(self, alias: str = "g.", *, fresh: bool = False) -> str:
        """`` AND g.id NOT IN (…)``: what a count adds to its ``WHERE`` to leave the damaged games out (nothing
        when there are none: the count runs as fast as ever)."""
        return _leaving_out(self.damaged_games(fresh=fresh), alias)

    def note_damaged(self, *, game: str | None = None, player: str | None = None, since: str | None = None) -> int:
        """Note in :attr:`left_out` the damaged games among those selected (what counts leave out); how many."""
        damaged = self.damaged_games()
        if not damaged:
            return 0
        where, params = game_filters(game, player, since, location=self.location)
        where = (where + " AND" if where else " WHERE") + f" id IN ({','.join(map(str, sorted(damaged)))})"
        with self.reading() as db:
            found = db.execute(f"SELECT id FROM games{where}", params).fetchall()
        self.left_out.update(("game", game_id) for (game_id,) in found)
        return len(found)

    def game_kinds(self) -> list[str]:
        with self.reading() as db:
            typed = "" if self.server else " WHERE typeof(game) = 'text'"
            kinds = db.execute(f"SELECT DISTINCT game FROM games{typed} ORDER BY game")
            return [row[0] for row in kinds if isinstance(row[0], str)]

    # -- changing ------------------------------------------------------------------------------------------
    def remove(self, game_id: int) -> bool:
        """Remove one game (and recompute its game's ratings); False when there is no such game."""
        with self.transaction() as db:
            row = db.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return False
            db.execute("DELETE FROM rating_steps WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self._recompute(db, row[0])
            self._rebuild_totals(db, row[0])
        return True

    def edit(self, game_id: int, *, location: str | None = None, notes: str | None = None) -> bool:
        """Set where a game was played and its notes (None leaves one as it is; "" clears it); False when there is
        no such game. Nothing of its result changes."""
        with self.transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                return False
            if location is not None:
                db.execute("UPDATE games SET location = ? WHERE id = ?", (location or None, game_id))
            if notes is not None:
                db.execute("UPDATE games SET notes = ? WHERE id = ?", (notes or None, game_id))
        return True

    def rename_player(self, old: str, new: str) -> int:
        """Rename a player in every game (merging two spellings of one person); the number of games changed.

        Refused when one game has both names (they are two people)."""
        old_key, new_key = name_key(old), name_key(new)
        with self.transaction() as db:
            both = db.execute(
                "SELECT count(*) FROM players a JOIN players b ON a.game_id = b.game_id AND a.seat != b.seat"
                " WHERE a.key = ? AND b.key = ?",
                (old_key, new_key),
            ).fetchone()[0]
            if both and old_key != new_key:
                raise HistoryError(
                    f"'{old.strip()}' and '{new.strip()}' played in the same game ({both} games): they are two people"
                )
            games = [row[0] for row in db.execute("SELECT DISTINCT game FROM players WHERE key = ?", (old_key,))]
            ids = [row[0] for row in db.execute("SELECT game_id FROM players WHERE key = ?", (old_key,))]
            changed = db.execute(
                "UPDATE players SET name = ?, key = ? WHERE key = ?", (new.strip(), new_key, old_key)
            ).rowcount
            _refresh_fingerprints(db, ids)  # the likeness of a play follows its players' names
            for game in games:
                self._recompute(db, game)
                self._rebuild_totals(db, game)
        return int(changed)

    def integrity(self) -> str:
        if self.server:
            return "ok"
        with self.reading() as db:
            return str(db.execute("PRAGMA integrity_check").fetchone()[0])


text_cell = row_rules.text
"""A text cell as far as it can be read (see :func:`referee.history.rows.text`)."""

PLAYER_COLUMNS = "game_id, seat, name, score, place, rank, winner, draw, color, new"
"""What :func:`read_game` reads of each player."""


def read_game(cells: Mapping[str, Any], players: list[dict[str, Any]]) -> LoggedGame:
    """THE reader of a game's row and its players' rows: each cell checked against its column
    (:data:`referee.history.rows.CELLS`); a cell it cannot use is noted in the entry's ``damaged`` and replaced by
    what can be read of it (text with undecodable bytes replaced), or by nothing."""
    damaged: list[str] = []
    game = row_rules.RowReader("games", dict(cells), damaged)
    setup_text = game.text("setup", "{}")
    setup = _setup_cell(setup_text)
    if setup is None:
        damaged.append("setup")
        setup = {}
    results = []
    ordered = sorted(players, key=lambda found: found["seat"] if type(found.get("seat")) is int else row_rules.SEATS)
    for index, found in enumerate(ordered):
        player = row_rules.RowReader("players", found, damaged)
        results.append(
            PlayerResult(
                player.text("name", "?") or "?",
                player.integer("seat", index),
                player.optional_integer("score"),
                player.integer("place", index + 1),
                player.integer("rank", index + 1),
                player.flag("winner"),
                player.flag("draw"),
                player.optional_text("color"),
                player.flag("new"),
            )
        )
    seats = [result.seat for result in results]
    if len(set(seats)) != len(seats):
        damaged.append("players.seat")
    entry = GameEntry(
        game=game.text("game", ""),
        players=results,
        setup=setup,
        record=game.text("record", ""),
        content_hash=game.text("hash", ""),
        kind=game.text("kind", "record"),
        actions=game.integer("actions", 0),
        started=game.optional_text("started"),
        finished=game.optional_text("finished"),
        played=game.text("played", ""),
        location=game.optional_text("location"),
        notes=game.optional_text("notes"),
        incomplete=game.flag("incomplete"),
    )
    for stamp in ("played", "started", "finished"):
        value = getattr(entry, stamp)
        if value and stamp not in damaged and not _readable_time(value):
            damaged.append(stamp)
    entry.damaged = tuple(dict.fromkeys(damaged))
    return LoggedGame(game.integer("id", 0), entry)


def _readable_time(value: str) -> bool:
    from datetime import datetime

    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _leaving_out(damaged: Iterable[int], alias: str = "g.") -> str:
    """`` AND g.id NOT IN (1, 5)`` for the damaged games (integers, written out), or nothing."""
    ids = sorted(damaged)
    return f" AND {alias}id NOT IN ({','.join(map(str, ids))})" if ids else ""


def _setup_cell(text: str) -> dict[str, Any] | None:
    """A game's setup as stored (JSON); None when it is not a JSON table."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


# -- opening ---------------------------------------------------------------------------------------------------
def _not_a_history(path: Path | str, why: str = "") -> HistoryError:
    detail = f" ({why})" if why else ""
    return HistoryError(f"{path} is not a referee history{detail}; it was left as it is")


def game_filters(
    game: str | None,
    player: str | None,
    since: str | None,
    *,
    table: str = "",
    results_only: bool = False,
    location: str | None = None,
) -> tuple[str, list[Any]]:
    """The ``WHERE`` clause (empty when nothing is selected) and its parameters that select games: of ``game``,
    with ``player``, played ``since`` a date; ``results_only`` leaves abandoned games out. ``table``: the games
    table's alias in the query (``"g."``)."""
    clauses: list[str] = [f"{table}incomplete = 0"] if results_only else []
    params: list[Any] = []
    if game is not None:
        clauses.append(f"{table}game = ?")
        params.append(game)
    if since is not None:
        clauses.append(f"{table}played >= ?")
        params.append(since)
    if player is not None:
        clauses.append(f"{table}id IN (SELECT game_id FROM players WHERE key = ?)")
        params.append(name_key(player))
    if location is not None:
        clauses.append(f"{table}location = ?")
        params.append(location)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


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
            raise _not_a_history(path, "a folder")
        if exists and not path.is_file():
            raise _not_a_history(path, "not a regular file: a FIFO, a device or a socket")
        if exists and path.stat().st_size > 0:
            with open(path, "rb") as handle:
                if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                    raise _not_a_history(path)
        if not exists:
            if not create:
                return None
            path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HistoryError(f"{path}: cannot be opened ({error.strerror})") from None
    try:
        connection = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        connection.text_factory = row_rules.lenient_text
    except sqlite3.Error as error:
        raise HistoryError(_describe(error, path)) from None
    history = History(connection, path)
    try:
        _prepare(history, check=create)
    except HistoryError:
        connection.close()
        raise
    except sqlite3.Error as error:
        connection.close()
        raise HistoryError(_describe(error, path)) from None
    return history


def open_server(url: str, *, create: bool = True) -> History | None:
    """Open the club's history at a PostgreSQL ``url`` (its schema created or migrated when ``create`` and it has
    none or an older one; None when it has none and ``create`` is off)."""
    from referee.history import server

    shown = server.display_url(url)
    try:
        connection = server.connect(url)
    except sqlite3.Error as error:
        raise HistoryError(_describe(error, shown)) from None
    history = History(connection, shown)  # type: ignore[arg-type]  # the same calls as sqlite3's
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
    except HistoryError:
        connection.close()
        raise
    except sqlite3.Error as error:
        connection.close()
        raise HistoryError(_describe(error, shown)) from None
    return history


def _server_version(history: History) -> int:
    """The schema version of a club's history (0: an empty database); raises for another program's database or a
    newer version."""
    from referee.history.server import META_TABLE

    db = history.connection
    with history.reading():
        # the catalogue read as a table (the statement's snapshot): to_regclass could answer from a catalogue
        # snapshot older than the advisory lock just taken, and two referees would both create the schema
        tables = {
            row[0]
            for row in db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                " AND table_name IN (?, 'games')",
                (META_TABLE,),
            ).fetchall()
        }
        if META_TABLE not in tables:
            if "games" in tables:
                raise _not_a_history(history.path, "another program's database")
            return 0
        rows = dict(db.execute(f"SELECT key, value FROM {META_TABLE}").fetchall())
    if rows.get("application") != "referee":
        raise _not_a_history(history.path, "another program's database")
    version = int(rows.get("version", "0"))
    if version > SCHEMA_VERSION:
        raise HistoryError(
            f"{history.path}: written by a newer referee (history version {version}); this one reads up to"
            f" version {SCHEMA_VERSION}"
        )
    return version


def _migrate_server(history: History, version: int) -> None:
    """The same migrations as a file's (:data:`MIGRATIONS`), in PostgreSQL's words, in the caller's transaction."""
    from referee.history.server import META_TABLE, translate_ddl

    db = history.connection
    if version == 0:
        db.execute(f"CREATE TABLE IF NOT EXISTS {META_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    for step in range(version + 1, SCHEMA_VERSION + 1):
        for statement in translate_ddl(MIGRATIONS[step]).split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute(
        f"INSERT INTO {META_TABLE} (key, value) VALUES ('application', 'referee'), ('version', ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (str(SCHEMA_VERSION),),
    )


def _check_whole(history: History) -> None:
    """A history about to be written must pass SQLite's quick check: a damaged file is never written to (writing
    could spread the damage); the message says how to recover."""
    try:
        verdict = history.connection.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.DatabaseError as error:
        verdict = str(error)
    if verdict != "ok":
        raise HistoryError(_damage_message(history.path, " ".join(verdict.split()), written=True))


def _damage_message(path: Path | str, detail: str, *, written: bool) -> str:
    """A damaged history, and the ways to recover."""
    first = f"{path} is damaged ({detail}); it was left as it is" if not written else ""
    first = first or f"{path} is damaged ({detail}); it was not written"
    return (
        f"{first}. To recover: save what can be read with 'referee history export --format json --history {path}"
        f" backup.json', or rebuild it with 'sqlite3 {path} .recover | sqlite3 recovered.sqlite3', or move it away"
        " to start a new history"
    )


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
                _migrate(db, version)
    if check:  # only a referee about to write changes the journal (reading leaves the file as it is)
        _use_wal(db)
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA cache_size = -16000")  # 16 MB: logging many games touches index pages all over the file


def _use_wal(db: sqlite3.Connection) -> None:
    """Put the file in WAL mode (once, by whichever referee gets there first). Switching needs the file to itself,
    and SQLite answers "locked" at once instead of waiting while another referee is reading it (opening the same
    new history): tried again until the busy timeout."""
    import time

    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a database from ``version`` (0: a new file) to :data:`SCHEMA_VERSION` (inside the caller's transaction)."""
    for step in range(version + 1, SCHEMA_VERSION + 1):
        for statement in MIGRATIONS[step].split(";"):
            if statement.strip():
                db.execute(statement)
    if version >= 1:  # a migrated file: its totals added up, its ratings recomputed at the next read
        if version < 3:
            _draws_from_shared_wins(db)
        if version < 6:
            _identities_of_old_plays(db)
        db.execute("INSERT OR REPLACE INTO rating_state (game, stale) SELECT DISTINCT game, 1 FROM games")
        db.execute("DELETE FROM totals")
        damaged = [row[0] for row in db.execute(row_rules.damaged_games_sql())]
        db.execute(_TOTALS_FROM_PLAYERS.format(where="", sound=_leaving_out(damaged)))
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _refresh_fingerprints(db: sqlite3.Connection, ids: Iterable[int]) -> None:
    """The ``fingerprint`` of these games again, from what the history holds of them (after a rename)."""
    from referee.history.entry import GameEntry, PlayerResult, fingerprint

    for game_id in ids:
        row = db.execute("SELECT game, hash, played, started, finished FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            continue
        game, content_hash, played, started, finished = row
        players, anonymous = [], set()
        for seat, name, score, winner, draw, hidden in db.execute(
            "SELECT seat, name, score, winner, draw, anonymous FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
        ):
            players.append(PlayerResult(str(name), seat, score, 0, 0, bool(winner), bool(draw)))
            if hidden:
                anonymous.add(seat)
        entry = GameEntry(str(game), players, {}, "", str(content_hash), started=started, finished=finished)
        entry.played, entry.anonymous = str(played), frozenset(anonymous)
        db.execute("UPDATE games SET fingerprint = ? WHERE id = ?", (fingerprint(entry), game_id))


def _identities_of_old_plays(db: sqlite3.Connection) -> None:
    """Migration to version 6: each play's ``uuid`` (a BG Stats play's own, from the play kept as its record; else
    derived from its content hash, as the BG Stats export derived it before) and its ``fingerprint``."""
    from referee.history.entry import GameEntry, PlayerResult, checked_uuid, derived_uuid, fingerprint

    games = db.execute("SELECT id, game, hash, kind, played, started, finished, record FROM games").fetchall()
    for game_id, game, content_hash, kind, played, started, finished, record in games:
        identity = None
        if kind == "bgstats":
            with suppress(ValueError, TypeError, AttributeError):
                identity = checked_uuid(json.loads(record).get("uuid"))
        players = [
            PlayerResult(str(name), seat, score, 0, 0, bool(winner), bool(draw))
            for seat, name, score, winner, draw in db.execute(
                "SELECT seat, name, score, winner, draw FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        ]
        entry = GameEntry(str(game), players, {}, "", str(content_hash), started=started, finished=finished)
        entry.played = str(played)
        db.execute(
            "UPDATE games SET uuid = ?, fingerprint = ? WHERE id = ?",
            (identity or derived_uuid("play", str(content_hash)), fingerprint(entry), game_id),
        )


def _draws_from_shared_wins(db: sqlite3.Connection) -> None:
    """Migration to version 3: the shared wins stored for games whose rules call such a game a draw become draws
    (nobody won; the players who drew keep rank 1 for ratings)."""
    from referee.history.entry import tie_policy

    games = [row[0] for row in db.execute("SELECT DISTINCT game FROM players WHERE shared = 1")]
    for game in games:
        if tie_policy(game) == "draw":
            db.execute("UPDATE players SET draw = 1, winner = 0, shared = 0 WHERE game = ? AND shared = 1", (game,))


def _check_identity(history: History) -> int:
    """The schema version of a referee history; raises for a foreign file or a newer version."""
    db = history.connection
    try:  # one statement, so one snapshot: another referee may be creating the file at this very moment
        application_id, version, tables = db.execute(
            "SELECT (SELECT application_id FROM pragma_application_id),"
            " (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
        ).fetchone()
    except sqlite3.DatabaseError as error:
        if "malformed" in str(error) or "corrupt" in str(error):
            raise HistoryError(_damage_message(history.path, str(error), written=False)) from None
        if _damaged(error):
            raise _not_a_history(history.path, str(error)) from None
        raise HistoryError(_describe(error, history.path)) from None
    if application_id == 0 and version == 0:
        if tables:
            raise _not_a_history(history.path, "another program's database")
        return 0
    if application_id != APPLICATION_ID:
        raise _not_a_history(history.path, "another program's database")
    if version > SCHEMA_VERSION:
        raise HistoryError(
            f"{history.path}: written by a newer referee (history version {version}); this one reads up to"
            f" version {SCHEMA_VERSION}"
        )
    return int(version)
