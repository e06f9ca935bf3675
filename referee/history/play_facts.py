"""What every export writes of a play, the same in each format: when it was played and for how long, its UUID, who
is marked new to the game, and the game's BoardGameGeek id.

Below :mod:`referee.history.export` (BG Stats' push links, CSV, the backup), :mod:`referee.history.bgg` and
:mod:`referee.history.bgstats` (their files): each of them imports this module and none imports another, so the
three formats agree on a play without knowing each other.
"""

from __future__ import annotations

from datetime import datetime

from referee.history.entry import GameEntry, derived_uuid


def _moment(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp)
    except ValueError:
        return None


def play_date(entry: GameEntry) -> str:
    """When the game was played, as BG Stats writes it (its file and its push link): the time at the table as
    recorded, no offset. A play known only by its day (a BoardGameGeek play) is written at 12:00 of that day (the
    app takes a time of day; noon keeps the day whatever zone reads it); a game logged without times, at the UTC
    time it was logged. The zone of the machine exporting never enters."""
    moment = _moment(entry.finished) or _moment(entry.started)
    if moment is not None:
        return moment.strftime("%Y-%m-%d %H:%M:%S")
    if is_day(entry.played):
        return entry.played + " 12:00:00"
    moment = _moment(entry.played) if entry.played else None
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment is not None else ""


def is_day(played: str) -> bool:
    """A play known only by its day: its ``played`` is ``YYYY-MM-DD`` (no time of day was ever known)."""
    import re

    return re.fullmatch(r"\d{4}-\d{2}-\d{2}", played) is not None


def duration_minutes(entry: GameEntry) -> int | None:
    """How long the game took, in whole minutes, from its recorded start and end, else the length a play known
    only by its day was logged with (None when unknown)."""
    start, end = _moment(entry.started), _moment(entry.finished)
    if start is None or end is None:
        return entry.minutes
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


def marked_new(entry: GameEntry) -> frozenset[str]:
    """The players of a play new to its game, as exports mark them (BoardGameGeek's ``new``, BG Stats'
    ``newPlayer``): those the play was logged with as new (by the app it came from), and no others. A mark is
    never derived from what an export happens to hold: a history's export, read back, says what it said."""
    return frozenset(player.name for player in entry.players if player.new)
