"""Changing what a history holds: removing and editing games, renaming players, the integrity check."""

from __future__ import annotations

from referee.history.database import Database
from referee.history.entry import name_key
from referee.history.errors import HistoryError
from referee.history.rating_cache import RatingCache
from referee.history.schema import refresh_fingerprints
from referee.i18n import ngettext


class Edits(RatingCache):
    """The edits of a history."""

    # -- changing ------------------------------------------------------------------------------------------
    def remove(self, game_id: int) -> bool:
        """Remove one game (and recompute its game's ratings); False when there is no such game."""
        p = self.connection.dialect.p
        with self.transaction() as db:
            row = db.execute(f"SELECT game FROM games WHERE id = {p}", (game_id,)).fetchone()
            if row is None:
                return False
            db.execute(f"DELETE FROM rating_steps WHERE game_id = {p}", (game_id,))
            db.execute(f"DELETE FROM players WHERE game_id = {p}", (game_id,))
            db.execute(f"DELETE FROM games WHERE id = {p}", (game_id,))
            self._recompute(db, row[0])
            self._rebuild_totals(db, row[0])
        return True

    def edit(self, game_id: int, *, location: str | None = None, notes: str | None = None) -> bool:
        """Set where a game was played and its notes (None leaves one as it is; "" clears it); False when there is
        no such game. Nothing of its result changes; the play's version does (changed now, by this login)."""
        p = self.connection.dialect.p
        with self.transaction() as db:
            if db.execute(f"SELECT 1 FROM games WHERE id = {p}", (game_id,)).fetchone() is None:
                return False
            if location is not None:
                db.execute(f"UPDATE games SET location = {p} WHERE id = {p}", (location or None, game_id))
            if notes is not None:
                db.execute(f"UPDATE games SET notes = {p} WHERE id = {p}", (notes or None, game_id))
            if location is not None or notes is not None:
                _changed_now(db, [game_id], self.login(db))
        return True

    def rename_player(self, old: str, new: str) -> int:
        """Rename a player in every game (merging two spellings of one person); the number of games changed (each
        a new version: changed now, by this login).

        Refused when one game has both names (they are two people)."""
        p = self.connection.dialect.p
        old_key, new_key = name_key(old), name_key(new)
        with self.transaction() as db:
            both = db.execute(
                "SELECT count(*) FROM players a JOIN players b ON a.game_id = b.game_id AND a.seat != b.seat"
                f" WHERE a.key = {p} AND b.key = {p}",
                (old_key, new_key),
            ).fetchone()[0]
            if both and old_key != new_key:
                raise HistoryError(
                    ngettext(
                        "'{old}' and '{new}' played in the same game ({n} game): they are two people",
                        "'{old}' and '{new}' played in the same game ({n} games): they are two people",
                        both,
                    ).format(old=old.strip(), new=new.strip(), n=both)
                )
            games = [row[0] for row in db.execute(f"SELECT DISTINCT game FROM players WHERE key = {p}", (old_key,))]
            ids = [row[0] for row in db.execute(f"SELECT game_id FROM players WHERE key = {p}", (old_key,))]
            changed = db.execute(
                f"UPDATE players SET name = {p}, key = {p} WHERE key = {p}", (new.strip(), new_key, old_key)
            ).rowcount
            refresh_fingerprints(db, ids)  # the likeness of a play follows its players' names
            _changed_now(db, ids, self.login(db))
            for game in games:
                self._recompute(db, game)
                self._rebuild_totals(db, game)
        return int(changed)

    def integrity(self) -> str:
        if self.server:
            return "ok"
        with self.reading() as db:
            return str(db.execute("PRAGMA integrity_check").fetchone()[0])


def _changed_now(db: Database, ids: list[int], who: str) -> None:
    """These plays were changed here, now, by ``who`` (their new version)."""
    from referee.history.versions import now_stamp

    p = db.dialect.p
    stamp = now_stamp()
    db.executemany(f"UPDATE games SET changed = {p}, changed_by = {p} WHERE id = {p}", [(stamp, who, i) for i in ids])
