"""A play's identity: its content hash, uuid, origin or BGG id; merging a play into a history keeps one copy."""

from __future__ import annotations

import json
import sqlite3
from typing import NamedTuple

from referee.history.connection import GameRefused
from referee.history.entry import GameEntry, name_key
from referee.history.rating_cache import RatingCache
from referee.history.rows import ABANDONED, UNSCORED_PLAY
from referee.i18n import _


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


class PlayIdentity(RatingCache):
    """Logging and merging plays by their identity."""

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
                UNSCORED_PLAY if entry.unscored else ABANDONED if entry.incomplete else 0,
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
