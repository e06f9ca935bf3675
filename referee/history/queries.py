"""Reading a history: games, counts, filters and the rows read back as :class:`LoggedGame`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from referee.history import rows as row_rules
from referee.history.connection import Connection
from referee.history.database import Database
from referee.history.entry import GameEntry, PlayerResult, name_key
from referee.history.errors import HistoryError
from referee.history.schema import leaving_out


@dataclass
class LoggedGame:
    """A game as read back from the history."""

    id: int
    entry: GameEntry


GAME_COLUMNS = (
    "id, game, hash, kind, played, started, finished, actions, setup, record, location, notes, incomplete, seats"
)
"""What :meth:`History._with_players` reads of a game, in this order."""


class Queries(Connection):
    """The queries of a history."""

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
        p = self.connection.dialect.p
        order = "ASC" if oldest_first else "DESC"
        if player is not None:  # a player's games, from the players' index (key, date): no scan of all games
            return self._games_of(name_key(player), game, since, limit, order)
        where, params = self._filters(game, player, since)
        sql = "SELECT " + GAME_COLUMNS + self._from("games") + f"{where} ORDER BY played {order}, id {order}"
        if limit is not None:
            sql += f" LIMIT {p}"
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
                + (f" LIMIT {db.dialect.no_limit} OFFSET {db.dialect.p}" if skip else ""),
                [*params, skip] if skip else params,
            )
            while rows := cursor.fetchmany(chunk):
                yield from self._with_players(db, rows)

    def _games_of(self, key: str, game: str | None, since: str | None, limit: int | None, order: str) -> list[Any]:
        p = self.connection.dialect.p
        clauses: list[str] = [f"key = {p}"]
        params: list[Any] = [key]
        if game is not None:
            clauses.append(f"game = {p}")
            params.append(game)
        if since is not None:
            clauses.append(f"played >= {p}")
            params.append(since)
        sql = (
            "SELECT game_id" + self._from("players") + f" WHERE {' AND '.join(clauses)}"
            f" ORDER BY played {order}, game_id {order}"
        )
        if limit is not None:
            sql += f" LIMIT {p}"
            params.append(limit)
        with self.reading() as db:
            ids = [row[0] for row in db.execute(sql, params)]
            rows: list[Any] = []
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                rows += db.execute(
                    "SELECT " + GAME_COLUMNS + self._from("games") + f" WHERE id IN ({db.dialect.marks(len(chunk))})",
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
        return game_filters(game, player, since, location=self.location, p=self.connection.dialect.p)

    def _with_players(self, db: Database, rows: list[Any]) -> list[LoggedGame]:
        """The games of ``rows`` (of :data:`GAME_COLUMNS`) with their players, read by :func:`read_game`: a cell it
        cannot use makes that game damaged, never the read."""
        if not rows:
            return []
        players: dict[object, list[dict[str, Any]]] = {row[0]: [] for row in rows}
        ids = list(players)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = db.dialect.marks(len(chunk))
            cursor = db.execute(
                f"SELECT {PLAYER_COLUMNS}" + self._from("players") + f" WHERE game_id IN ({marks})", chunk
            )
            names = PLAYER_COLUMNS.split(", ")
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
    def _attach_identities(db: Database, games: list[LoggedGame]) -> None:
        """Each game's identity (``uuid``, where it came from, its BoardGameGeek play id), its version (when it was
        last changed, by whom, the version last met) and length when known only by its day, and its anonymous
        players (see :meth:`merge`)."""
        from referee.history.entry import checked_uuid

        by_id = {logged.id: logged.entry for logged in games}
        ids = list(by_id)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = db.dialect.marks(len(chunk))
            for game_id, game_uuid, app, owner, app_id, bgg_play, changed, changed_by, met, minutes in db.execute(
                "SELECT id, uuid, origin_app, origin_owner, origin_id, bgg_play, changed, changed_by, met, minutes"
                f" FROM games WHERE id IN ({marks})",
                chunk,
            ):
                entry = by_id[game_id]
                entry.whole = True
                versions = (changed, changed_by, met)
                if all(cell is None or (isinstance(cell, str) and len(cell) <= 80) for cell in versions):
                    entry.changed, entry.changed_by, entry.met = versions
                else:
                    entry.damaged = (*entry.damaged, "changed")
                if type(minutes) is int and 0 < minutes < 100_000:
                    entry.minutes = minutes
                elif minutes is not None:
                    entry.damaged = (*entry.damaged, "minutes")
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
            anonymous: dict[int, set[int]] = {}
            for game_id, seat in db.execute(
                f"SELECT game_id, seat FROM players WHERE anonymous = 1 AND game_id IN ({marks})", chunk
            ):
                anonymous.setdefault(game_id, set()).add(seat)
            for game_id, seats in anonymous.items():
                by_id[game_id].anonymous = frozenset(seats)

    def get(self, game_id: int) -> LoggedGame | None:
        def read() -> list[LoggedGame]:
            p = self.connection.dialect.p
            with self.reading() as db:
                rows = db.execute("SELECT " + GAME_COLUMNS + self._from("games") + f" WHERE id = {p}", (game_id,))
                return self._with_players(db, rows.fetchall())

        found = self._without_indexes(read)
        return found[0] if found else None

    def player_counts(self, game: str, among: Iterable[int]) -> list[int]:
        """Which of the player counts ``among`` the results of ``game`` had (smallest first): one indexed look-up
        each, so ``stats`` stays as fast with a hundred thousand games."""
        p = self.connection.dialect.p
        with self.reading() as db:
            return [
                count
                for count in sorted(among)
                if db.execute(
                    f"SELECT 1 FROM games WHERE game = {p} AND seats = {p} AND incomplete = 0 LIMIT 1", (game, count)
                ).fetchone()
            ]

    def damaged_games(self, *, fresh: bool = False) -> frozenset[int]:
        """The games every count leaves out (see :func:`referee.history.rows.damaged_games_sql`): found once per
        connection (a scan of the games and players), again when ``fresh`` (inside a write)."""
        if self._damaged_games is None or fresh:
            # a server's typed columns hold what their column says, or nothing: only wrong content is looked for
            sql = row_rules.wrong_content_sql() if self.server else row_rules.damaged_games_sql()
            with self.reading() as db:
                found = {row[0] for row in db.execute(sql)}
            self._damaged_games = frozenset(game_id for game_id in found if type(game_id) is int)
        return self._damaged_games

    def counted_sql(self, alias: str = "g.", *, fresh: bool = False) -> str:
        """`` AND g.id NOT IN (…)``: what a count adds to its ``WHERE`` to leave the damaged games out (nothing
        when there are none: the count runs as fast as ever)."""
        return leaving_out(self.damaged_games(fresh=fresh), alias)

    def note_damaged(self, *, game: str | None = None, player: str | None = None, since: str | None = None) -> int:
        """Note in :attr:`left_out` the damaged games among those selected (what counts leave out); how many."""
        damaged = self.damaged_games()
        if not damaged:
            return 0
        where, params = game_filters(game, player, since, location=self.location, p=self.connection.dialect.p)
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


text_cell = row_rules.text
"""A text cell as far as it can be read (see :func:`referee.history.rows.text`)."""

PLAYER_COLUMNS = "game_id, seat, name, score, place, rank, winner, draw, color, new, game"
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
    if game.integer("seats", len(results)) != len(results):  # a player's row lost to a damaged game_id
        damaged.append("players.game_id")
    ended = game.integer("incomplete", 0)  # a finished game, or rows.ABANDONED or rows.UNSCORED_PLAY
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
        incomplete=ended == row_rules.ABANDONED,
        unscored=ended == row_rules.UNSCORED_PLAY,
    )
    if entry.game not in row_rules.known_games() or any(found.get("game") != entry.game for found in players):
        damaged.append("game")  # no game of the referee's, or not the one its players' rows say
    if entry.kind not in row_rules.KINDS:
        damaged.append("kind")
    elif entry.kind in row_rules.RECORDED_KINDS:
        named = row_rules.record_game(entry.record)
        if named is None or (named != entry.game and "game" not in damaged):
            damaged.append("record")  # no record (or position) at all, or one of another game than its own
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


def _setup_cell(text: str) -> dict[str, Any] | None:
    """A game's setup as stored (JSON); None when it is not a JSON table."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def game_filters(
    game: str | None,
    player: str | None,
    since: str | None,
    *,
    table: str = "",
    results_only: bool = False,
    location: str | None = None,
    p: str,
) -> tuple[str, list[Any]]:
    """The ``WHERE`` clause (empty when nothing is selected) and its parameters that select games: of ``game``,
    with ``player``, played ``since`` a date; ``results_only`` leaves abandoned games out. ``table``: the games
    table's alias in the query (``"g."``); ``p``: the engine's placeholder (:attr:`Dialect.p`)."""
    clauses: list[str] = [f"{table}incomplete = 0"] if results_only else []
    params: list[Any] = []
    if game is not None:
        clauses.append(f"{table}game = {p}")
        params.append(game)
    if since is not None:
        clauses.append(f"{table}played >= {p}")
        params.append(since)
    if player is not None:
        clauses.append(f"{table}id IN (SELECT game_id FROM players WHERE key = {p})")
        params.append(name_key(player))
    if location is not None:
        clauses.append(f"{table}location = {p}")
        params.append(location)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params
