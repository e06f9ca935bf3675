"""The history's schema: its versions, the DDL that brings a database from one to the next, and the
migrations of old rows (SQLite; a server runs the same DDL, see :mod:`referee.history.store`)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import suppress

from referee.history import rows as row_rules
from referee.history.database import Database, Dialect
from referee.history.entry import GameEntry, PlayerResult
from referee.history.errors import HistoryLocked

APPLICATION_ID = 0x52656652  # "RefR"
SCHEMA_VERSION = 7
BUSY_TIMEOUT_SECONDS = 10.0
FILE_NAME = "history.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"

_SCHEMA_1 = """
CREATE TABLE games (
    id {key},
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
    game_id {big} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
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
    mu {real} NOT NULL,
    sigma {real} NOT NULL,
    PRIMARY KEY (game, key)
);
CREATE TABLE rating_steps (
    game_id {big} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    mu {real} NOT NULL,
    sigma {real} NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE TABLE rating_state (
    game TEXT PRIMARY KEY,
    stale INTEGER NOT NULL,
    last_played TEXT,
    last_id {big}
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

TOTALS_FROM_PLAYERS = """
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
_SCHEMA_7 = """
ALTER TABLE games ADD COLUMN changed TEXT;
ALTER TABLE games ADD COLUMN changed_by TEXT;
ALTER TABLE games ADD COLUMN met TEXT;
ALTER TABLE games ADD COLUMN minutes INTEGER
"""
"""Version 7: a play's versions (see docs/formats.md, "A play's versions"). ``changed``: when the play was last
changed (UTC, ``YYYY-MM-DDTHH:MM:SS.ffffffZ``: logged, edited, renamed, or corrected by an import or a pull);
``changed_by``: who changed it (the login that ran the command); ``met``: the version (a ``changed``) this history
last took from another (an import, a push or a pull), the base from which "changed on both sides" is told. A play
older than version 7 has none of them: its version is unknown, and older than any. ``minutes``: the length of a
play known only by its day (a BoardGameGeek play: a day and a length, no time of day)."""
MIGRATIONS: dict[int, str] = {
    1: _SCHEMA_1,
    2: _SCHEMA_2,
    3: _SCHEMA_3,
    4: _SCHEMA_4,
    5: _SCHEMA_5,
    6: _SCHEMA_6,
    7: _SCHEMA_7,
}
"""The DDL that brings a database from version ``n - 1`` to ``n``. Version 2 added the ratings and the totals that
``stats`` reads: a version-1 file gets the tables, its totals are added up, and every game's ratings are recomputed
at the next read."""


def use_wal(db: Database) -> None:
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
        except HistoryLocked:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def schema_statements(dialect: Dialect, version: int) -> Iterator[str]:
    """The DDL statements that bring a database of ``version`` (0: a new one) to :data:`SCHEMA_VERSION`, in the
    engine's words (its column types: :meth:`Dialect.ddl`)."""
    for step in range(version + 1, SCHEMA_VERSION + 1):
        for statement in dialect.ddl(MIGRATIONS[step]).split(";"):
            if statement.strip():
                yield statement


def migrate(db: Database, version: int) -> None:
    """Bring a history file from ``version`` (0: a new file) to :data:`SCHEMA_VERSION` (inside the caller's
    transaction): its schema, and the rows an older version kept otherwise."""
    for statement in schema_statements(db.dialect, version):
        db.execute(statement)
    if version >= 1:  # a migrated file: its totals added up, its ratings recomputed at the next read
        if version < 3:
            _draws_from_shared_wins(db)
        if version < 6:
            _identities_of_old_plays(db)
        db.execute("INSERT OR REPLACE INTO rating_state (game, stale) SELECT DISTINCT game, 1 FROM games")
        db.execute("DELETE FROM totals")
        damaged = [row[0] for row in db.execute(row_rules.damaged_games_sql())]
        db.execute(TOTALS_FROM_PLAYERS.format(where="", sound=leaving_out(damaged)))
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def refresh_fingerprints(db: Database, ids: Iterable[int]) -> None:
    """The ``fingerprint`` of these games again, from what the history holds of them (after a rename)."""
    from referee.history.entry import fingerprint

    p = db.dialect.p
    for game_id in ids:
        row = db.execute(
            f"SELECT game, hash, played, started, finished FROM games WHERE id = {p}", (game_id,)
        ).fetchone()
        if row is None:
            continue
        game, content_hash, played, started, finished = row
        players, anonymous = [], set()
        for seat, name, score, winner, draw, hidden in db.execute(
            f"SELECT seat, name, score, winner, draw, anonymous FROM players WHERE game_id = {p} ORDER BY seat",
            (game_id,),
        ):
            players.append(PlayerResult(str(name), seat, score, 0, 0, bool(winner), bool(draw)))
            if hidden:
                anonymous.add(seat)
        entry = GameEntry(str(game), players, {}, "", str(content_hash), started=started, finished=finished)
        entry.played, entry.anonymous = str(played), frozenset(anonymous)
        db.execute(f"UPDATE games SET fingerprint = {p} WHERE id = {p}", (fingerprint(entry), game_id))


def _identities_of_old_plays(db: Database) -> None:
    """Migration to version 6: each play's ``uuid`` (a BG Stats play's own, from the play kept as its record; else
    derived from its content hash, as the BG Stats export derived it before) and its ``fingerprint``."""
    from referee.history.entry import checked_uuid, derived_uuid, fingerprint

    p = db.dialect.p
    games = db.execute("SELECT id, game, hash, kind, played, started, finished, record FROM games").fetchall()
    for game_id, game, content_hash, kind, played, started, finished, record in games:
        identity = None
        if kind == "bgstats":
            with suppress(ValueError, TypeError, AttributeError):
                identity = checked_uuid(json.loads(record).get("uuid"))
        players = [
            PlayerResult(str(name), seat, score, 0, 0, bool(winner), bool(draw))
            for seat, name, score, winner, draw in db.execute(
                f"SELECT seat, name, score, winner, draw FROM players WHERE game_id = {p} ORDER BY seat", (game_id,)
            )
        ]
        entry = GameEntry(str(game), players, {}, "", str(content_hash), started=started, finished=finished)
        entry.played = str(played)
        db.execute(
            f"UPDATE games SET uuid = {p}, fingerprint = {p} WHERE id = {p}",
            (identity or derived_uuid("play", str(content_hash)), fingerprint(entry), game_id),
        )


def _draws_from_shared_wins(db: Database) -> None:
    """Migration to version 3: the shared wins stored for games whose rules call such a game a draw become draws
    (nobody won; the players who drew keep rank 1 for ratings)."""
    from referee.history.entry import tie_policy

    p = db.dialect.p
    games = [row[0] for row in db.execute("SELECT DISTINCT game FROM players WHERE shared = 1")]
    for game in games:
        if tie_policy(game) == "draw":
            db.execute(f"UPDATE players SET draw = 1, winner = 0, shared = 0 WHERE game = {p} AND shared = 1", (game,))


def leaving_out(damaged: Iterable[int], alias: str = "g.") -> str:
    """`` AND g.id NOT IN (1, 5)`` for the damaged games (integers, written out), or nothing."""
    ids = sorted(damaged)
    return f" AND {alias}id NOT IN ({','.join(map(str, ids))})" if ids else ""
