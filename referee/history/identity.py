"""A play's identity: its content hash, uuid, origin or BGG id; merging a play into a history keeps one copy."""

from __future__ import annotations

import json
from typing import NamedTuple

from referee.history.database import Database
from referee.history.entry import GameEntry, name_key
from referee.history.errors import GameRefused
from referee.history.rating_cache import RatingCache
from referee.history.rows import ABANDONED, UNSCORED_PLAY
from referee.history.schema import TOTALS_FROM_PLAYERS
from referee.i18n import _


class Merged(NamedTuple):
    """What :meth:`History.merge` did with a play: ``outcome`` ``added``, ``present`` (the same play is there as
    it is: ``why`` says how it was told, ``uuid``, ``origin``, ``bgg`` or ``content``), ``changed`` (the play there
    took this newer version) or ``probable`` (another identity, the same content: not added); ``id`` the play
    added, or the one already there. ``conflict``: reported as a conflict (:mod:`referee.history.versions`):
    ``both`` (changed on both sides since they last met: the newest kept), ``kept`` (a version that could not be
    taken: the play here kept as it is), ``unknown`` (the play here logged before versions were kept, with another
    content: the version that has a date taken, else the play here kept), ``rights`` (a newer version this login
    may not write: kept as it is), ``apart`` (an identity shared by a different play: added apart)."""

    id: int
    outcome: str
    why: str
    conflict: str = ""

    @property
    def added(self) -> bool:
        return self.outcome == "added"


class PlayIdentity(RatingCache):
    """Logging and merging plays by their identity."""

    def find_hash(self, content_hash: str) -> int | None:
        p = self.connection.dialect.p
        with self.reading() as db:
            row = db.execute(f"SELECT id FROM games WHERE hash = {p}", (content_hash,)).fetchone()
        return None if row is None else int(row[0])

    def log(self, entry: GameEntry, *, keep_duplicates: bool = True) -> tuple[int, bool]:
        """Log one game in one transaction: ``(id, True)``, or ``(id of the copy, False)`` when it is there (see
        :meth:`merge` for the rule; ``keep_duplicates``: a play that only looks like one there is added)."""
        found = self.merge(entry, keep_duplicates=keep_duplicates)
        return found.id, found.added

    def merge(self, entry: GameEntry, *, keep_duplicates: bool = False) -> Merged:
        """Log one game unless it is in the history already, by one rule for every way in (``play``, ``history
        add``, ``history import`` of any format, ``push``, ``pull``; docs/formats.md, "One play, one identity"):

        1. the same play: the same identity is there (the app, owner and app's id it came from; its ``uuid``; its
           content hash). When its content differs (:func:`referee.history.versions.same_content`), the two are
           versions of one play, and the newest change wins (:func:`referee.history.versions.decide`: ``changed``,
           or a conflict, reported). A different game under a known identity is a different play: added apart,
           reported. A BoardGameGeek play id (a BG Stats play's ``bggId``) joins two apps' plays only when their
           content is the same; else the play is added apart, reported;
        2. probably the same play: another identity, but a play with the same result (game, day at the table,
           players in their seats, scores, wins, finishing orders that agree:
           :func:`referee.history.versions.same_result`) is there, one of the two has no actions, and not both
           carry a uuid of their own (two plays the referee or BG Stats gave each its uuid are two plays): not
           added unless ``keep_duplicates``, and said (never for the further copies of a play logged with a
           ``quantity``: they are that many plays);
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
        own_uuid = entry.uuid is not None and entry.uuid != derived_uuid("play", entry.content_hash)
        if entry.uuid is None:
            entry.uuid = derived_uuid("play", entry.content_hash)
        print_ = fingerprint(entry)
        try:
            merged = self._merge_once(entry, print_, keep_duplicates, own_uuid)
        except GameRefused as refused:
            # the database's own unique indexes on a play's identity refused a copy (a client that skipped the
            # look-up, or a race the look-up could not see): it is there, and found as such
            if "UNIQUE" not in refused.message or self._batch is not None:
                raise
            merged = self._merge_once(entry, print_, keep_duplicates, own_uuid)
        counted = ("conflicting",) if merged.conflict else (merged.outcome,)  # each play in one count
        if self._batch is None:
            for key in counted:
                self.committed[key] += 1
            return merged
        self._pending.append(counted)
        if self._batch >= self.BATCH_SIZE:
            try:
                self._commit()
            finally:
                self._batch = 0
        return merged

    def _merge_once(self, entry: GameEntry, print_: str, keep_duplicates: bool, own_uuid: bool) -> Merged:
        """One attempt of :meth:`merge`'s transaction (or savepoint, in a batch)."""
        with self.transaction() as db:
            merged, apart = self._same_play(db, entry, print_, keep_duplicates, own_uuid)
            if merged is None:
                game_id = self._insert(db, entry, print_)
                if not entry.incomplete and not entry.unscored:  # no result: no rating moves
                    self._rate_new_game(db, entry, game_id)
                merged = Merged(game_id, "added", apart, "apart" if apart else "")
        return merged

    def _stored(self, db: Database, game_id: int) -> GameEntry | None:
        from referee.history.queries import GAME_COLUMNS

        p = db.dialect.p
        rows = db.execute("SELECT " + GAME_COLUMNS + f" FROM games WHERE id = {p}", (game_id,)).fetchall()
        found = self._with_players(db, rows)
        return found[0].entry if found else None

    def _same_play(
        self, db: Database, entry: GameEntry, print_: str, keep_duplicates: bool, own_uuid: bool
    ) -> tuple[Merged | None, str]:
        """The play already in the history that ``entry`` is (rule 1 of :meth:`merge`, merged into it) or probably
        is (rule 2), or None; and why ``entry`` is to be added apart from a play that shares its identity (its
        ``uuid``, ``origin`` or ``bgg`` play id), or ""."""
        from referee.history import versions

        p = db.dialect.p
        apart = ""
        for _attempt in range(2):
            row = db.execute(
                "SELECT id, why, changed, met FROM ("
                " SELECT id, 1 AS step, 'origin' AS why, changed, met FROM games"
                f"  WHERE origin_app = {p} AND origin_owner = {p} AND origin_id = {p}"
                f" UNION ALL SELECT id, 2, 'uuid', changed, met FROM games WHERE uuid = {p}"
                f" UNION ALL SELECT id, 3, 'content', changed, met FROM games WHERE hash = {p}"
                ") AS found ORDER BY step LIMIT 1",
                (*(entry.origin or (None, None, None)), entry.uuid, entry.content_hash),
            ).fetchone()
            if row is None:
                break
            game_id, why = int(row[0]), str(row[1])
            if entry.changed is not None and row[2] == entry.changed:  # one version: the same play as it is
                if row[3] != entry.changed and self._may_change(db):
                    db.execute(f"UPDATE games SET met = {p} WHERE id = {p}", (entry.changed, game_id))
                return Merged(game_id, "present", why), apart
            stored = self._stored(db, game_id)
            if stored is None or stored.damaged or why == "content":
                return Merged(game_id, "present", why), apart
            if stored.game != entry.game:  # a different game under a known identity: a different play
                self._set_apart(entry)
                apart = why
                continue
            return self._meet(db, game_id, stored, entry, why), apart
        if entry.bgg_play is not None:  # the same BoardGameGeek play from the other app, when it is the same play
            candidates = db.execute(
                f"SELECT id FROM games WHERE bgg_play = {p} AND game = {p} AND kind != {p} ORDER BY id",
                (entry.bgg_play, entry.game, entry.kind),
            ).fetchall()
            for (game_id,) in candidates:
                stored = self._stored(db, int(game_id))
                if stored is not None and versions.same_result(stored, entry):
                    return Merged(int(game_id), "present", "bgg"), apart
            apart = apart or ("bgg" if candidates else "")
        if keep_duplicates or entry.repeat:
            return None, apart
        actions_clause = "" if entry.actions == 0 else " AND actions = 0"
        for (game_id,) in db.execute(
            f"SELECT id FROM games WHERE fingerprint = {p}{actions_clause} ORDER BY id LIMIT 20", (print_,)
        ).fetchall():
            stored = self._stored(db, int(game_id))
            if stored is None or not versions.same_result(stored, entry):
                continue
            if own_uuid and stored.uuid is not None and stored.uuid != derived_uuid_of(stored):
                continue  # each given its own uuid where it was logged: two plays
            if entry.origin and stored.origin and entry.origin[:2] == stored.origin[:2]:
                continue  # one app and owner numbered them apart: two plays
            if not entry.actions and not stored.actions and (entry.kind, entry.record) == (stored.kind, stored.record):
                continue  # two copies of one play logged with a quantity (the same play read, another hash)
            return Merged(int(game_id), "probable", "content"), apart
        return None, apart

    @staticmethod
    def _set_apart(entry: GameEntry) -> None:
        """A play whose identity a different play holds here: kept apart under an identity derived from both (the
        same file imported again finds it)."""
        import hashlib

        from referee.history.entry import derived_uuid

        entry.uuid = derived_uuid("apart", f"{entry.uuid}:{entry.content_hash}")
        entry.content_hash = hashlib.sha256(f"apart:{entry.content_hash}".encode()).hexdigest()
        entry.origin = None

    def _meet(self, db: Database, game_id: int, stored: GameEntry, entry: GameEntry, why: str) -> Merged:
        """Two versions of one play meet (:mod:`referee.history.versions`): the same content is ``present`` (their
        meeting noted); else the newest change wins (``changed``), a conflict reported."""
        from referee.history import versions

        p = db.dialect.p
        may_change = self._may_change(db)
        if versions.same_content(stored, entry):
            if (
                may_change
                and entry.changed is not None
                and entry.changed >= (stored.changed or "")
                and stored.met != entry.changed
            ):
                db.execute(
                    f"UPDATE games SET changed = {p}, changed_by = {p}, met = {p} WHERE id = {p}",
                    (entry.changed, entry.changed_by, entry.changed, game_id),
                )
            return Merged(game_id, "present", why)
        decision = versions.decide(stored, entry)
        if decision.take and not may_change:
            return Merged(game_id, "present", why, "rights")
        unknown = stored.changed is None  # logged before versions were kept
        if not decision.take:
            kind = (
                "" if not decision.conflict else "unknown" if unknown else "kept" if entry.changed is None else "both"
            )
            return Merged(game_id, "present", why, kind)
        self._replace(db, game_id, stored, entry)
        return Merged(game_id, "changed", why, "" if not decision.conflict else "unknown" if unknown else "both")

    def _may_change(self, db: Database) -> bool:
        """Whether this connection may change a play already there (a file: yes; a club's server: an organiser's
        login, not a table's, which only adds the games it recorded: see docs/club.md)."""
        if not self.server:
            return True
        if self._changes_allowed is None:
            row = db.execute("SELECT has_table_privilege(current_user, 'games', 'UPDATE')").fetchone()
            self._changes_allowed = bool(row[0]) if row else False
        return self._changes_allowed

    _changes_allowed: bool | None = None

    def _replace(self, db: Database, game_id: int, stored: GameEntry, entry: GameEntry) -> None:
        """The play ``game_id`` takes ``entry``'s version: its result, times, marks, location and notes (those
        ``entry`` gives), and its version (``entry``'s, or now for a file that keeps none); its identity stays."""
        from referee.history import versions
        from referee.history.entry import fingerprint

        p = db.dialect.p
        changed = entry.changed or versions.now_stamp()
        changed_by = entry.changed_by if entry.changed is not None else self.login(db)
        location = entry.location if entry.location is not None or entry.whole else stored.location
        notes = entry.notes if entry.notes is not None or entry.whole else stored.notes
        keep_record = stored.actions > 0 and entry.actions == 0  # a record's actions outlive a result's copy
        db.execute(
            f"UPDATE games SET played = {p}, started = {p}, finished = {p}, location = {p}, notes = {p},"
            f" incomplete = {p}, seats = {p}, fingerprint = {p}, changed = {p}, changed_by = {p}, met = {p},"
            f" minutes = {p}, setup = {p}, board = {p}, record = {p} WHERE id = {p}",
            (
                entry.played,
                entry.started,
                entry.finished,
                location,
                notes,
                UNSCORED_PLAY if entry.unscored else ABANDONED if entry.incomplete else 0,
                len(entry.players),
                fingerprint(entry),
                changed,
                changed_by,
                changed,
                entry.minutes,
                json.dumps(entry.setup if entry.setup or keep_record else stored.setup, sort_keys=True,
                           ensure_ascii=False),
                (entry.setup or stored.setup).get("map"),
                stored.record if keep_record else entry.record,
                game_id,
            ),
        )  # fmt: skip
        db.execute(f"DELETE FROM rating_steps WHERE game_id = {p}", (game_id,))
        db.execute(f"DELETE FROM players WHERE game_id = {p}", (game_id,))
        self._insert_players(db, game_id, entry)
        keys = sorted({name_key(player.name) for player in (*stored.players, *entry.players)})
        marks = db.dialect.marks(len(keys))
        for game in sorted({stored.game, entry.game}):
            db.execute(
                f"INSERT INTO rating_state (game, stale) VALUES ({p}, 1) ON CONFLICT (game) DO UPDATE SET stale = 1",
                (game,),
            )
            # the totals of its players alone added up again (the games found damaged as this connection found
            # them: its own writes damage none), not the whole game's: a push of many changed plays stays quick
            db.execute(f"DELETE FROM totals WHERE game = {p} AND key IN ({marks})", (game, *keys))
            db.execute(
                TOTALS_FROM_PLAYERS.format(
                    where=f"WHERE p.game = {p} AND p.key IN ({marks})", sound=self.counted_sql()
                ),
                (game, *keys),
            )

    def _insert(self, db: Database, entry: GameEntry, print_: str | None = None) -> int:
        """A new play's rows. Its version: the one it came with (a backup's, a pull's: the version this history
        met), else now, by the login running the command."""
        from referee.history import versions

        p = db.dialect.p
        changed = entry.changed or versions.now_stamp()
        changed_by = entry.changed_by if entry.changed is not None else self.login(db)
        number = entry.backup_id
        if number is not None and db.execute(f"SELECT 1 FROM games WHERE id = {p}", (number,)).fetchone():
            number = None  # its number is another play's here: it gets the next one
        game_id = db.insert(
            "INSERT INTO games (game, hash, kind, played, started, finished, actions, setup, board, record, location,"
            " notes, incomplete, seats, uuid, origin_app, origin_owner, origin_id, bgg_play, fingerprint, changed,"
            " changed_by, met, minutes" + (", id" if number is not None else "") + ")"
            f" VALUES ({db.dialect.marks(24 if number is None else 25)})",
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
                changed,
                changed_by,
                changed,
                entry.minutes,
                *([number] if number is not None else []),
            ),
        )
        if number is not None and self.server:
            from referee.history.server import ADVANCE_GAME_IDS

            db.execute(ADVANCE_GAME_IDS)  # the next play logged gets a number after it
        self._insert_players(db, game_id, entry)
        if entry.incomplete or entry.unscored:
            return game_id  # counted in no result
        board = entry.setup.get("map") or ""
        shared = sum(player.winner for player in entry.players) > 1
        db.executemany(
            "INSERT INTO totals"
            " (game, key, seat, board, name, games, wins, shared, score_sum, score_count, best, draws)"
            f" VALUES ({db.dialect.marks(5)}, 1, {db.dialect.marks(6)})"
            " ON CONFLICT (game, key, seat, board) DO UPDATE SET"
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

    @staticmethod
    def _insert_players(db: Database, game_id: int, entry: GameEntry) -> None:
        """The players' rows of a play (and which of them are anonymous)."""
        p = db.dialect.p
        shared = sum(player.winner for player in entry.players) > 1
        db.executemany(
            "INSERT INTO players (game_id, game, played, seat, name, key, score, place, rank, winner, shared, draw,"
            f" color, new) VALUES ({db.dialect.marks(14)})",
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
        if entry.anonymous:
            db.executemany(
                f"UPDATE players SET anonymous = 1 WHERE game_id = {p} AND seat = {p}",
                [(game_id, seat) for seat in sorted(entry.anonymous)],
            )


def derived_uuid_of(entry: GameEntry) -> str:
    """The uuid a play without one of its own is given (from its content hash)."""
    from referee.history.entry import derived_uuid

    return derived_uuid("play", entry.content_hash)
