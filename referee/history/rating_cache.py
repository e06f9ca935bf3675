"""The ratings kept beside the games: each game's OpenSkill ratings and totals, updated as a game is logged
and recomputed when a game is removed or a cache is stale."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from typing import NamedTuple

from referee.history import rows as row_rules
from referee.history.database import Database
from referee.history.entry import GameEntry, name_key
from referee.history.errors import HistoryError
from referee.history.queries import Queries
from referee.history.schema import TOTALS_FROM_PLAYERS


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


class RatingCache(Queries):
    """The rating cache of a history: totals and ratings, their updates and recompute."""

    def _rebuild_totals(self, db: Database, game: str) -> None:
        p = db.dialect.p
        db.execute(f"DELETE FROM totals WHERE game = {p}", (game,))
        sound = self.counted_sql(fresh=True)
        db.execute(TOTALS_FROM_PLAYERS.format(where=f"WHERE p.game = {p}", sound=sound), (game,))

    def _rate_new_game(self, db: Database, entry: GameEntry, game_id: int) -> None:
        """Update the ratings with a new game when it is the latest of its game; else mark them for recomputing."""
        from referee.history import ratings

        p = db.dialect.p
        state = db.execute(f"SELECT stale, last_played FROM rating_state WHERE game = {p}", (entry.game,)).fetchone()
        if state is not None and (
            state[0] != 0 or (state[1] is not None and (not isinstance(state[1], str) or entry.played < state[1]))
        ):
            db.execute(f"UPDATE rating_state SET stale = 1 WHERE game = {p}", (entry.game,))
            return
        rated = [player for player in entry.players if player.seat not in entry.anonymous]
        if len(rated) < 2:
            return  # anonymous players are nobody's rating: one named player alone is not rated
        keys = [name_key(player.name) for player in rated]
        before = []
        for key in keys:
            row = db.execute(
                f"SELECT mu, sigma FROM ratings WHERE game = {p} AND key = {p}", (entry.game, key)
            ).fetchone()
            if row is not None and not row_rules.sound_row("ratings", row, ("mu", "sigma")):  # damaged: start over
                db.execute(f"UPDATE rating_state SET stale = 1 WHERE game = {p}", (entry.game,))
                return
            before.append((ratings.MU, ratings.SIGMA) if row is None else (float(row[0]), float(row[1])))
        after = ratings.update(before, [player.rank for player in rated])
        for player, key, (mu, sigma) in zip(rated, keys, after, strict=True):
            db.execute(
                f"INSERT INTO ratings (game, key, name, mu, sigma) VALUES ({p}, {p}, {p}, {p}, {p})"
                " ON CONFLICT (game, key) DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma",
                (entry.game, key, player.name, mu, sigma),
            )
            db.execute(
                f"INSERT INTO rating_steps (game_id, key, mu, sigma) VALUES ({p}, {p}, {p}, {p})",
                (game_id, key, mu, sigma),
            )
        db.execute(
            f"INSERT INTO rating_state (game, stale, last_played, last_id) VALUES ({p}, 0, {p}, {p})"
            " ON CONFLICT (game) DO UPDATE SET last_played = excluded.last_played, last_id = excluded.last_id",
            (entry.game, entry.played, game_id),
        )

    # -- ratings -------------------------------------------------------------------------------------------
    def recompute_ratings(self, game: str) -> None:
        """Ratings of one game from scratch, from its games in the order they were played (one transaction)."""
        with self.transaction() as db:
            self._recompute(db, game)

    def _recompute(self, db: Database, game: str) -> None:
        self._store_ratings(db, game, self._compute_ratings(db, game))

    def _compute_ratings(self, db: Database, game: str) -> _Ratings:
        """The ratings of one game replayed from its games in the order they were played (reads only)."""
        from referee.history import ratings

        p = db.dialect.p
        rows = db.execute(
            "SELECT g.id, g.played, p.key, p.rank, p.name FROM games g JOIN players p ON p.game_id = g.id"
            f" WHERE g.game = {p} AND g.incomplete = 0 AND p.anonymous = 0"
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

    def _store_ratings(self, db: Database, game: str, computed: _Ratings) -> None:
        p = db.dialect.p
        order, current, steps, names, last = computed
        db.execute(f"DELETE FROM ratings WHERE game = {p}", (game,))
        db.execute(f"DELETE FROM rating_steps WHERE game_id IN (SELECT id FROM games WHERE game = {p})", (game,))
        db.executemany(
            f"INSERT INTO ratings (game, key, name, mu, sigma) VALUES ({p}, {p}, {p}, {p}, {p})",
            [(game, key, names[key], mu, sigma) for key, (mu, sigma) in current.items()],
        )
        db.executemany(
            f"INSERT INTO rating_steps (game_id, key, mu, sigma) VALUES ({p}, {p}, {p}, {p})",
            [(game_id, key, mu, sigma) for game_id, step in zip(order, steps, strict=True) for key, mu, sigma in step],
        )
        if last is None:
            db.execute(f"DELETE FROM rating_state WHERE game = {p}", (game,))
        else:
            db.execute(
                f"INSERT INTO rating_state (game, stale, last_played, last_id) VALUES ({p}, 0, {p}, {p})"
                " ON CONFLICT (game) DO UPDATE SET stale = 0, last_played = excluded.last_played,"
                " last_id = excluded.last_id",
                (game, *last),
            )

    def _stale_ratings(self, game: str) -> _Ratings | None:
        """For a read: the ratings of ``game`` recomputed when they are stale (stored if the history can be
        written at once, else only returned: a read never waits for another referee's write), or None when the
        stored ones are current."""
        p = self.connection.dialect.p
        with self.reading() as db:
            row = db.execute(f"SELECT stale FROM rating_state WHERE game = {p}", (game,)).fetchone()
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
        p = self.connection.dialect.p
        computed = self._stale_ratings(game)
        if computed is not None:
            return {key: (computed.names[key], mu, sigma) for key, (mu, sigma) in computed.current.items()}
        with self.reading() as db:
            rows = db.execute(f"SELECT key, name, mu, sigma FROM ratings WHERE game = {p}", (game,)).fetchall()
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
        p = self.connection.dialect.p
        wanted = list(keys)
        computed = self._stale_ratings(game)
        result: dict[str, list[RatingStep]] = {key: [] for key in wanted}
        if computed is not None:
            with self.reading() as db:
                played = dict(db.execute(f"SELECT id, played FROM games WHERE game = {p}", (game,)).fetchall())
            for game_id, step in zip(computed.order, computed.steps, strict=True):
                for key, mu, sigma in step:
                    if key in result:
                        result[key].append(((played[game_id], game_id), mu, sigma))
            return result
        if not wanted:
            return result
        with self.reading() as db:
            # one query for every player (one a player scanned all the steps of a server's table each time)
            rows = db.execute(
                "SELECT s.key, g.played, g.id, s.mu, s.sigma FROM rating_steps s JOIN games g ON g.id = s.game_id"
                f" WHERE g.game = {p} AND s.key IN ({db.dialect.marks(len(wanted))}) ORDER BY g.played, g.id",
                (game, *wanted),
            ).fetchall()
        for key, played, game_id, mu, sigma in rows:
            sound = row_rules.sound_row("rating_steps", (mu, sigma), ("mu", "sigma")) and isinstance(played, str)
            if key in result and sound:
                result[key].append(((played, game_id), float(mu), float(sigma)))
        return result
