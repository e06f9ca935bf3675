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


MAX_SCORE = 10**9
"""Scores beyond this are refused as not a score."""


def read_score(text: str, points: bool, name: str, where: str) -> int | None:
    """A player's score as another app's file writes it (text): a whole number, or None when the game has no points
    or none is given; InputError for anything else (``49-46ish``, or beyond :data:`MAX_SCORE`)."""
    import re

    from referee.errors import InputError
    from referee.i18n import _

    text = text.strip()
    if not points or not text:
        return None
    if not re.fullmatch(r"[+-]?\d{1,12}", text) or abs(int(text)) > MAX_SCORE:
        raise InputError(
            _("{where}: {name}'s score '{score}' is not a whole number").format(where=where, name=name, score=text[:20])
        )
    return int(text)


def seats_in_order(
    seats: list[tuple[int, int, PlayedSeat]], points: bool, where: str, *, incomplete: bool = False
) -> list[PlayedSeat]:
    """A play's players in seat order (by their order in the file's own terms, then as listed), refused in one
    InputError when it is not a result: fewer than two players, one player twice, or (unless ``incomplete``) no
    winner and no scores."""
    from referee.errors import InputError
    from referee.i18n import _
    from referee.players import first_repeated

    if len(seats) < 2:
        raise InputError(_("{where}: fewer than two players: not a result").format(where=where))
    ordered = [seat for _order, _index, seat in sorted(seats, key=lambda seat: (seat[0], seat[1]))]
    repeated = first_repeated([seat.name for seat in ordered])
    if repeated is not None:
        raise InputError(
            _("{where}: '{a}' and '{b}' are one player twice").format(where=where, a=repeated[0], b=repeated[1])
        )
    no_result = not any(seat.won for seat in ordered) and (not points or all(s.score is None for s in ordered))
    if no_result and not incomplete:
        raise InputError(
            _("{where}: no scores and no winner: not a result").format(where=where)
            if points
            else _("{where}: no winner: not a result").format(where=where)
        )
    return ordered


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
