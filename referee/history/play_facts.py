"""What every export writes of a play, the same in each format: when it was played and for how long, its UUID, who
is new to the game, and the game's BoardGameGeek id.

Below :mod:`referee.history.export` (BG Stats' push links, CSV, the backup), :mod:`referee.history.bgg` and
:mod:`referee.history.bgstats` (their files): each of them imports this module and none imports another, so the
three formats agree on a play without knowing each other.
"""

from __future__ import annotations

from datetime import UTC, datetime

from referee.history.entry import GameEntry, derived_uuid
from referee.players import name_key


def _moment(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp)
    except ValueError:
        return None


def play_date(entry: GameEntry) -> str:
    """When the game was played, as BG Stats writes it: the time at the table (as recorded), no offset."""
    moment = _moment(entry.finished) or _moment(entry.started)
    if moment is None:
        moment = _moment(entry.played + "+00:00") if entry.played else None
        if moment is not None:
            moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment is not None else ""


def utc_play_date(entry: GameEntry) -> str:
    """When the game ended (else started), in UTC, as ``YYYY-MM-DD HH:MM:SS``: what the push links carry (see
    ``docs/formats.md``: implementers of the link send UTC; BG Stats shows it in the phone's time zone)."""
    moment = _moment(entry.finished) or _moment(entry.started)
    if moment is not None and moment.tzinfo is None:
        moment = moment.astimezone()  # a time without offset (an imported play): taken as this machine's
    if moment is None:
        moment = _moment(entry.played + "+00:00") if entry.played else None
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") if moment is not None else ""


def duration_minutes(entry: GameEntry) -> int | None:
    """How long the game took, in whole minutes, from its recorded start and end (None when either is unknown)."""
    start, end = _moment(entry.started), _moment(entry.finished)
    if start is None or end is None:
        return None
    try:
        seconds = (end - start).total_seconds()
    except TypeError:  # one with an offset, one without
        return None
    return max(0, round(seconds / 60)) if seconds >= 0 else None


def play_uuid(entry: GameEntry) -> str:
    """The play's UUID: its identity in the history, else derived from its content (as exports always did)."""
    return entry.uuid or derived_uuid("play", entry.content_hash)


def bgg_id_of(game: str) -> int | None:
    """A registered game's BoardGameGeek id, as its registry line gives it (None: unknown, or not registered)."""
    from referee import registry

    return registry.facts(game).bgg_id


class FirstPlays:
    """Which players of each game, read oldest first, are new to it: marked so by the app the play came from, or
    playing that game for the first time in what was read (exports mark them as BoardGameGeek's ``new`` and BG
    Stats' ``newPlayer``)."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()

    def new(self, entry: GameEntry) -> frozenset[str]:
        names = set()
        for player in entry.players:
            key = (entry.game, name_key(player.name))
            if player.new or key not in self.seen:
                names.add(player.name)
            self.seen.add(key)
        return frozenset(names)
