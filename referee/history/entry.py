"""What one finished game contributes to the history, read from the rules' public functions.

Players in seat order, scores (none for Matchstick Tycoon, where the result is the order of going out), the ranking
(best first), the winners (several for a shared win) and a short summary of the setup (the Coin Age map). Nothing
here decides a result: :meth:`referee.engine.Game.summary` and the rules' ``outcome`` do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from referee.players import name_key

if TYPE_CHECKING:
    from referee.engine import Game

__all__ = ["GameEntry", "PlayerResult", "name_key"]


def has_points(game: str) -> bool:
    """Whether a game's result is told in points (its registry facts' ``result_kind``); a game whose result is a ranking
    without points (Matchstick Tycoon's order of going out; BG Stats' ``noPoints``) keeps no scores. A game this
    referee does not know is taken as one of points."""
    from referee import registry

    return registry.facts(game).result_kind == "points"


def tie_policy(game: str) -> str:
    """What a finished game of ``game`` with no single winner is: ``draw`` or ``shared-win`` (its rules say)."""
    from referee import registry

    return registry.facts(game).tie_policy


def game_title(name: str, *, translated: bool = True) -> str:
    """A game's title in the current language (in English with ``translated=False``: exports are read by other
    apps), from the registry of games (its command word when it is not registered)."""
    from referee import registry
    from referee.i18n import _

    entry = registry.game(name)
    if entry is None:
        return name
    return _(entry.title) if translated else entry.title


@dataclass
class PlayerResult:
    """One player's line in a logged game."""

    name: str
    seat: int
    """0-based seat; seat 0 moved first."""
    score: int | None
    place: int
    """1-based position in the ranking (tie-breaks applied)."""
    rank: int
    """1-based rank for ratings: players who share a win, or draw, share rank 1."""
    winner: bool
    draw: bool = False
    """The game was drawn and this player was among those who drew (nobody won)."""
    color: str | None = None
    """What the player played as (their colour: Coin Age's heads or tails; an imported play's ``color``)."""
    new: bool = False
    """Marked as new to the game by the app a play was imported from (exports also mark a player's first logged
    play of a game as new)."""


@dataclass
class GameEntry:
    """A finished game as the history keeps it."""

    game: str
    players: list[PlayerResult]
    setup: dict[str, Any]
    record: str
    """The full record (or position) text, so the game replays and exports when its file is gone."""
    content_hash: str
    kind: str = "record"
    """Where the entry came from (its ``source`` in JSON): ``record`` (a game played action by action),
    ``position`` (a final position scored with ``score``), or the app a score-only play was imported from
    (``bgg``: no actions)."""
    actions: int = 0
    started: str | None = None
    finished: str | None = None
    played: str = field(default="")
    """When the game was played, as a UTC time for sorting: ``finished``, else ``started``, else the file's date."""
    location: str | None = None
    """Where it was played (``score --location``, ``history edit``; an imported play's own)."""
    notes: str | None = None
    """Notes on the play (``history edit --notes``; an imported play's comments)."""
    incomplete: bool = False
    """An abandoned game (``history add --incomplete``; an imported play so marked): kept with the score as it
    stood, counted in no result (no winner, no rating, not in ``stats``)."""
    uuid: str | None = None
    """The play's identity (upper-case UUID): a record's ``uuid``, a BG Stats play's own, else derived when it is
    logged (:func:`derived_uuid`)."""
    origin: tuple[str, str, str] | None = None
    """Where an imported play came from: ``(app, owner, the app's id of it)``; None for a play without an owner
    (a referee export) or logged here."""
    bgg_play: str | None = None
    """The play's id on BoardGameGeek (a BoardGameGeek play with an owner; a BG Stats play's ``bggId``): one play
    whichever app it comes from."""
    unscored: bool = False
    """Played, but not to count in win statistics (BoardGameGeek's ``nowinstats``, BG Stats' ``ignored``): a play
    that counts as a play and in no result (stored as ``incomplete`` = 2)."""
    anonymous: frozenset[int] = frozenset()
    """The seats (0-based) of anonymous players (BG Stats' ``isAnonymous``): each kept apart, none of them a
    person of ``stats`` or the ratings."""
    repeat: bool = False
    """A further copy of a play logged as several (BoardGameGeek's ``quantity``): never "probably" another."""
    notices: list[str] = field(default_factory=list)
    """What was cut from an imported play (text over 2,000 characters), said when it is logged; not stored."""
    changed: str | None = None
    """When the play was last changed (UTC, ``YYYY-MM-DDTHH:MM:SS.ffffffZ``), None when unknown (a play from another
    app's file, or logged before versions were kept): see :meth:`referee.history.identity.PlayIdentity.merge`."""
    changed_by: str | None = None
    """Who changed it last (the login that ran the command), or None."""
    met: str | None = None
    """The version (a ``changed``) the history holding it last took from another, or None."""
    minutes: int | None = None
    """The length of a play known only by its day (no ``started``/``finished``: BoardGameGeek's ``length``)."""
    backup_id: int | None = None
    """The id the play had in the history a JSON backup of it was made from: restored when that id is free, so a
    backup restored into a fresh history gives every play its number back."""
    whole: bool = False
    """The entry says everything the history keeps of the play (a play read from a history, or from its JSON
    backup): an empty location or notes means none. Another app's play says only what its format carries: a
    location or notes it does not give are left as they are when it corrects a play already there."""
    damaged: tuple[str, ...] = ()
    """The cells of this game the history could not use as they are (``location``, ``players.score``: see
    :mod:`referee.history.rows`): shown by ``history show``, left out of every count, exported as far as read."""

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    @property
    def ranking(self) -> list[str]:
        return [player.name for player in sorted(self.players, key=lambda player: player.place)]

    @property
    def winners(self) -> list[str]:
        return [player.name for player in sorted(self.players, key=lambda player: player.place) if player.winner]

    @property
    def drawn(self) -> bool:
        """Nobody won: the players at the top drew."""
        return any(player.draw for player in self.players)

    @property
    def scores(self) -> dict[str, int] | None:
        if not has_points(self.game):
            return None
        return {player.name: player.score for player in self.players if player.score is not None}


NOT_THE_GAME = ("started", "finished", "format", "location", "computer")
"""A record's keys that are not the game itself: left out of its identity (:func:`content_hash`)."""


def content_hash(document: dict[str, Any]) -> str:
    """The identity of a game by its content: game, players, setup and actions (or the position), canonical JSON.

    Times, the format number, where it was played and the computer's table are left out (none of them is the
    game), so one game added from two copies of its file, or logged by ``play`` and added from its record, is
    logged once."""
    import hashlib
    import json

    content = {key: value for key, value in document.items() if key not in NOT_THE_GAME}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def utc_sort_key(stamp: str | None) -> str | None:
    """An ISO 8601 time as UTC ``YYYY-MM-DDTHH:MM:SS`` (sortable); None when it cannot be read or is out of the
    years a history keeps (see :mod:`referee.moments`)."""
    from referee.moments import utc_key

    return utc_key(stamp)


def time_text(value: object) -> str | None:
    """A record's ``started``/``finished`` as ISO 8601 text: a quoted string as it is, a native TOML date-time
    (``started = 2025-01-01T10:00:00+00:00``, read as a ``datetime``) or date written out the same way; anything
    else None."""
    from datetime import date

    if isinstance(value, str):
        return value
    if isinstance(value, date):  # a datetime is a date too
        return value.isoformat()
    return None


def now_iso() -> str:
    """The present moment, ISO 8601 with the local UTC offset (what records hold as ``started``/``finished``)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def seat_colour(game: str, seat: int) -> str | None:
    """The colour a seat plays as, when the game gives seats one (its registry facts)."""
    from referee import registry

    colours = registry.facts(game).seat_colours
    return colours[seat] if seat < len(colours) else None


def results_from_outcome(
    game_name: str, players: list[str], scores: dict[str, int], ranking: list[str], winner: str | None, over: bool
) -> list[PlayerResult]:
    """Each player's result from the rules' outcome.

    A game over with no winner is, as the game's rules say (``tie_policy``), a draw (nobody wins; the players at
    the top of the ranking with the best score drew) or a shared win (they all win). Either way they share rank 1
    for ratings. A game whose result is a ranking without points (``result_kind``) keeps no scores."""
    place = {name: index + 1 for index, name in enumerate(ranking)}
    top = scores.get(ranking[0]) if ranking else None
    tied: set[str] = set()
    if winner is None and over and top is not None:
        tied = {name for name in ranking if scores.get(name) == top}
    drawn = bool(tied) and tie_policy(game_name) == "draw"
    points = has_points(game_name)
    results = []
    for seat, name in enumerate(players):
        rank = 1 if name in tied or name == winner else place[name]
        won = name == winner or (name in tied and not drawn)
        score = scores.get(name) if points else None
        results.append(
            PlayerResult(
                name, seat, score, place[name], rank, won, drawn and name in tied, seat_colour(game_name, seat)
            )
        )
    return results


def entry_from_game(
    game: Game[Any, Any],
    document: dict[str, Any],
    record_text: str,
    *,
    kind: str = "record",
    played_fallback: str | None = None,
    times: tuple[str | None, str | None] | None = None,
    incomplete: bool = False,
) -> GameEntry:
    """The history entry of a finished game (a :class:`referee.engine.Game`) read from ``document`` (its TOML).

    For a record the result is the summary of the replayed game; for a position (``kind="position"``) the score
    of the position as it stands (a position is scored as final). ``times`` gives ``(started, finished)`` when
    ``document`` does not hold them. ``incomplete``: a game abandoned before its end, logged with the score as it
    stood and no winner."""
    summary = game.summary()
    outcome = game.rules.outcome(game.state)
    over = bool(summary["over"]) or kind == "position"
    winner = outcome.winner if over else None
    results = results_from_outcome(
        game.rules.name, list(game.players), dict(outcome.scores), list(outcome.ranking), winner, over
    )
    location = document.get("location") if isinstance(document.get("location"), str) else None
    started = time_text(document.get("started"))
    finished = time_text(document.get("finished"))
    if times is not None:
        started, finished = times
    for key, stamp in (("started", started), ("finished", finished)):
        if stamp is not None and utc_sort_key(stamp) is None:
            from referee.errors import InputError
            from referee.i18n import _
            from referee.moments import EARLIEST_YEAR, LATEST_YEAR

            raise InputError(
                _("'{key}' must be a date and time of the years {first} to {last}").format(
                    key=key, first=EARLIEST_YEAR, last=LATEST_YEAR
                )
            )
    identity = document.get("uuid")
    game_uuid = checked_uuid(identity)
    if identity is not None and game_uuid is None:
        from referee.errors import InputError
        from referee.i18n import _

        raise InputError(_("'uuid' must be a UUID (as play writes it)"))
    played = utc_sort_key(finished) or utc_sort_key(started) or utc_sort_key(played_fallback) or utc_sort_key(now_iso())
    return GameEntry(
        uuid=game_uuid,
        game=game.rules.name,
        players=results,
        setup=game.rules.setup_summary(dict(game.setup), summary.get("state") or {}),
        record=record_text,
        content_hash=content_hash(document),
        kind=kind,
        actions=int(summary["actions"]),
        started=started,
        finished=finished,
        played=played or "",
        incomplete=incomplete and not over,
        location=location,
    )


UUID_NAMESPACE = "6f1d3c1e-4a39-5b3e-9a57-8f0c2b7d1e42"
"""The namespace of the UUIDs this program derives (uuid5 of what each names)."""


def derived_uuid(kind: str, text: str) -> str:
    """A UUID derived from what it names (upper-case, as BG Stats writes them): the same thing, the same UUID."""
    import uuid

    return str(uuid.uuid5(uuid.UUID(UUID_NAMESPACE), f"{kind}:{text}")).upper()


def new_uuid() -> str:
    """A new game's identity, given at its first action (kept by its record): a random UUID (version 4, RFC 9562
    section 5.4), made here from 16 random bytes as :func:`uuid.uuid4` makes it, without importing :mod:`uuid`
    (which loads :mod:`platform` and :mod:`ctypes`: start-up time of ``play``)."""
    import os

    raw = bytearray(os.urandom(16))
    raw[6] = raw[6] & 0x0F | 0x40  # the version, 4
    raw[8] = raw[8] & 0x3F | 0x80  # the variant, RFC 9562's
    digits = raw.hex().upper()
    return f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"


def checked_uuid(value: object) -> str | None:
    """A UUID as a file writes it (any case, with or without braces), upper-case; None when it is not one."""
    import uuid

    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return str(uuid.UUID(value.strip())).upper()
    except ValueError:
        return None


def local_day(entry: GameEntry) -> str:
    """The day at the table (``YYYY-MM-DD``): the recorded ``finished``, else ``started`` time with its own offset,
    else the UTC day it was logged under. BoardGameGeek's ``date`` and the likeness of two plays use it."""
    import re

    for stamp in (entry.finished, entry.started):
        if stamp and re.match(r"\d{4}-\d{2}-\d{2}", stamp):
            return stamp[:10]
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", entry.played):  # UTC: the day here
        moment = datetime.fromisoformat(entry.played + "+00:00").astimezone()
        return moment.strftime("%Y-%m-%d")
    return entry.played[:10]


def fingerprint(entry: GameEntry) -> str:
    """What two copies of one play share whatever format carried them: the game, the day at the table, the
    players and each one's score and win (not the finishing order: BoardGameGeek keeps only the winner of a game
    without points). Two plays with another identity and this fingerprint are "probably" one."""
    import hashlib
    import json

    results = sorted(
        (
            "" if player.seat in entry.anonymous else name_key(player.name),
            player.score is not None,
            player.score or 0,
            player.winner or player.draw,
        )
        for player in entry.players
    )
    text = json.dumps([entry.game, local_day(entry), results], ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
