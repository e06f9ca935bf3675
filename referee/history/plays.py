"""Score-only plays: games logged elsewhere (BoardGameGeek's play log, a backup of them) with their players, scores
and winners but no actions. They count in ``stats``, ratings, seat and head-to-head figures like any other result.

A play's result is read as those apps record it: who won (their ``win`` flags), else the best score when one
player has it alone; several at the top with no single winner are, as the game's rules say (``tie_policy``), a draw
or a shared win. The ranking: winners first, then by score (best first), then by seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.history.entry import GameEntry, PlayerResult, content_hash, has_points, tie_policy


@dataclass(frozen=True)
class PlayedSeat:
    """One player of a play as another app keeps it."""

    name: str
    score: int | None
    won: bool
    color: str | None = None
    new: bool = False


def label(value: object, limit: int = 40) -> str | None:
    """A short label from another app's file (a player's colour): text without control characters, its blanks
    trimmed, at most ``limit`` characters; None when there is none."""
    import unicodedata

    if not isinstance(value, str):
        return None
    text = "".join(char for char in value if unicodedata.category(char)[0] != "C").strip()[:limit]
    return text or None


def score_only_results(game: str, seats: list[PlayedSeat], ranking: list[str] | None = None) -> list[PlayerResult]:
    """Each player's result (see the module's rule); ``ranking``, when the play gives it whole (a backup of this
    program's), orders the players instead of the scores."""
    points = has_points(game)
    winners = {seat.name for seat in seats if seat.won}
    if not winners and points:
        scored = [seat for seat in seats if seat.score is not None]
        if scored:
            best = max(seat.score for seat in scored if seat.score is not None)
            winners = {seat.name for seat in scored if seat.score == best}
    if ranking is not None and sorted(ranking) == sorted(seat.name for seat in seats):
        place = {name: index + 1 for index, name in enumerate(ranking)}
    else:
        order = sorted(
            range(len(seats)),
            key=lambda i: (seats[i].name not in winners, -(seats[i].score or 0) if points else 0, i),
        )
        place = {seats[i].name: position + 1 for position, i in enumerate(order)}
    drawn = len(winners) > 1 and tie_policy(game) == "draw"
    results = []
    for number, seat in enumerate(seats):
        at_top = seat.name in winners
        results.append(
            PlayerResult(
                seat.name,
                number,
                seat.score if points else None,
                place[seat.name],
                1 if at_top else place[seat.name],
                at_top and not drawn,
                at_top and drawn,
                seat.color,
                seat.new,
            )
        )
    return results


def score_only_entry(
    game: str,
    seats: list[PlayedSeat],
    *,
    source: str,
    identity: dict[str, Any],
    played: str,
    original: str,
    ranking: list[str] | None = None,
    location: str | None = None,
    notes: str | None = None,
    started: str | None = None,
    finished: str | None = None,
    incomplete: bool = False,
) -> GameEntry:
    """The history entry of a score-only play. ``identity`` is what makes it the same play when imported again
    (its id in the app it came from, else its content); ``original`` is the play as read, kept as its record."""
    return GameEntry(
        game=game,
        players=score_only_results(game, seats, ranking),
        setup={},
        record=original,
        content_hash=content_hash({"source": source, **identity}),
        kind=source,
        actions=0,
        started=started,
        finished=finished,
        played=played,
        location=location,
        notes=notes,
        incomplete=incomplete,
    )
