"""Score-only plays: games logged elsewhere (BoardGameGeek's play log, a backup of them) with their players, scores
and winners but no actions. They count in ``stats``, ratings, seat and head-to-head figures like any other result.

A play's result is read as those apps record it: who won (their ``win`` flags), else the best score when one
player has it alone; several at the top with no single winner are, as the game's rules say (``tie_policy``), a draw
or a shared win. The ranking: winners first, then by score (best first), then by seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError
from referee.history.entry import GameEntry, PlayerResult, content_hash, has_points, tie_policy


@dataclass(frozen=True)
class PlayedSeat:
    """One player of a play as another app keeps it."""

    name: str
    score: int | None
    won: bool
    color: str | None = None
    new: bool = False
    rank: int | None = None
    """The finishing place the app gives (BG Stats' ``rank``; 1 = first), or None."""
    anonymous: bool = False
    """An anonymous player (BG Stats' ``isAnonymous``): kept apart, in nobody's figures."""
    role: str | None = None
    """What the player played as (BG Stats' ``role``; Coin Age's heads or tails)."""


MAX_SCORE = 10**9
"""Scores beyond this are refused as not a score."""
MAX_TEXT = 2000
"""The longest notes or location kept (as ``history edit``); longer text is cut, and the import says so."""
ANONYMOUS = "Anonymous player"
"""The name an anonymous player is shown under (numbered when a play has several)."""


class OtherGame(InputError):
    """A play of a game this referee does not keep: reported and skipped, as normal as any other play of a log."""


def game_of_play(game_of: Callable[[str, str], str | None], bgg_id: str, titles: Sequence[str], where: str) -> str:
    """The registered game another app's play is of: ``game_of(bgg_id, title)`` with its BoardGameGeek id (``""``
    for none) and first title, then each further title alone (BG Stats keeps a game's own name and BoardGameGeek's);
    :class:`OtherGame` when none is one of this referee's games."""
    from referee.i18n import _

    shown = next((title for title in titles if title), "")
    game = game_of(bgg_id, titles[0] if titles else "")
    for title in titles[1:]:
        if game is None and title:
            game = game_of("", title)
    if game is None:
        raise OtherGame(
            _("{where}: '{name}' is not a game this referee keeps: skipped").format(where=where, name=shown[:60])
        )
    return game


class NoPlayers(InputError):
    """A play logged without its players (common in real BoardGameGeek logs): no result to keep; skipped in one
    line, and the import still succeeds."""


def read_score(value: object, points: bool, name: str, where: str) -> int | None:
    """A player's score as another app's file writes it (text, or a JSON number): the one rule of every format.

    None when the game has no points or none is given; a whole number (``21``, ``21.0``) within :data:`MAX_SCORE`;
    anything else (``12.5``, ``49-46ish``, ``1e300``) refuses the play, in one line naming the player (the history
    keeps whole points, as the games it keeps score them)."""
    import re

    from referee.i18n import _

    if isinstance(value, bool) or value is None:
        text = ""
    elif isinstance(value, int | float):
        text = repr(value)
    elif isinstance(value, str):
        text = value.strip()
    else:
        text = "?"
    if not points or not text:
        return None
    whole = re.fullmatch(r"([+-]?\d{1,12})(?:\.0*)?", text)
    if whole is None or abs(int(whole.group(1))) > MAX_SCORE:
        raise InputError(
            _("{where}: {name}'s score '{score}' is not a whole number (at most {most}): skipped").format(
                where=where, name=name, score=text[:20], most=MAX_SCORE
            )
        )
    return int(whole.group(1))


def bounded_text(value: object, what: str, where: str, notices: list[str], limit: int = MAX_TEXT) -> str | None:
    """Free text of another app's file (notes, a location): control characters but line breaks dropped, blanks
    trimmed, at most ``limit`` characters; what was cut is said in ``notices`` (one line)."""
    import unicodedata

    from referee.i18n import _

    if not isinstance(value, str):
        return None
    huge = len(value) > 4 * limit  # a huge text (a 100 MB comment): only its head is looked at, never copied whole
    text = "".join(char for char in value[: 4 * limit] if char == "\n" or unicodedata.category(char) != "Cc").strip()
    if len(text) > limit or huge:
        length = len(value) if huge else len(text)
        notices.append(
            _("{where}: {what} cut to {limit} characters (of {length})").format(
                where=where, what=what, limit=f"{limit:,}", length=f"{length:,}"
            )
        )
        text = text[:limit].rstrip()
    return text or None


def anonymous_names(seats: list[tuple[int, int, PlayedSeat]]) -> list[tuple[int, int, PlayedSeat]]:
    """Anonymous players named apart ("Anonymous player", "Anonymous player 2", …): two are never one person."""
    from dataclasses import replace

    count = sum(seat.anonymous for _order, _index, seat in seats)
    number = 0
    named = []
    for order, index, seat in seats:
        if seat.anonymous:
            number += 1
            seat = replace(seat, name=ANONYMOUS if count == 1 or number == 1 else f"{ANONYMOUS} {number}")
        named.append((order, index, seat))
    return named


def seats_in_order(
    seats: list[tuple[int, int, PlayedSeat]],
    points: bool,
    where: str,
    *,
    incomplete: bool = False,
    game: str | None = None,
) -> list[PlayedSeat]:
    """A play's players in seat order (by their order in the file's own terms, then as listed), refused in one
    InputError when it is not a result: no players (:class:`NoPlayers`), fewer than two, more or fewer than the
    game is played with, one player twice, or (unless ``incomplete``) no winner, no ranks and no scores."""
    from referee.i18n import _, ngettext
    from referee.players import first_repeated

    if not seats:
        raise NoPlayers(_("{where}: no players: skipped").format(where=where))
    if len(seats) < 2:
        raise InputError(_("{where}: fewer than two players: not a result").format(where=where))
    if game is not None:
        from referee import registry

        low, high = registry.facts(game).seats
        if not low <= len(seats) <= high:
            from referee.history.entry import game_title

            raise InputError(
                ngettext(
                    "{where}: {count} player, but {game} is played by {low} to {high}: skipped",
                    "{where}: {count} players, but {game} is played by {low} to {high}: skipped",
                    len(seats),
                ).format(where=where, count=len(seats), game=game_title(game), low=low, high=high)
            )
    ordered = [seat for _order, _index, seat in sorted(anonymous_names(seats), key=lambda seat: (seat[0], seat[1]))]
    repeated = first_repeated([seat.name for seat in ordered])
    if repeated is not None:
        raise InputError(
            _("{where}: '{a}' and '{b}' are one player twice").format(where=where, a=repeated[0], b=repeated[1])
        )
    no_result = (
        not any(seat.won for seat in ordered)
        and not any(seat.rank is not None for seat in ordered)
        and (not points or all(s.score is None for s in ordered))
    )
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


def score_only_results(
    game: str, seats: list[PlayedSeat], ranking: list[str] | None = None, *, incomplete: bool = False
) -> list[PlayerResult]:
    """Each player's result (see the module's rule); ``ranking``, when the play gives it whole (a backup of this
    program's), orders the players instead of the scores; so do the ranks a play gives (BG Stats' ``rank``).

    A play that gives only its winner(s) and no points (BoardGameGeek keeps no rank: a Matchstick Tycoon play)
    leaves the rest unordered: they share the place after the winners for the ratings, shown in seat order."""
    points = has_points(game)
    winners = {seat.name for seat in seats if seat.won}
    ranked = all(seat.rank is not None and 0 < seat.rank < 1000 for seat in seats)
    if incomplete:
        pass  # an abandoned play has no winner: none is derived from its scores as they stood
    elif not winners and ranked:
        winners = {seat.name for seat in seats if seat.rank == 1}
    if not winners and points and not incomplete:
        scored = [seat for seat in seats if seat.score is not None]
        if scored:
            best = max(seat.score for seat in scored if seat.score is not None)
            winners = {seat.name for seat in scored if seat.score == best}
    unordered = False
    if ranking is not None and sorted(ranking) == sorted(seat.name for seat in seats):
        place = {name: index + 1 for index, name in enumerate(ranking)}
    elif ranked:
        order = sorted(range(len(seats)), key=lambda i: (seats[i].name not in winners, seats[i].rank or 0, i))
        place = {seats[i].name: position + 1 for position, i in enumerate(order)}
    else:
        unordered = not points or all(seat.score is None for seat in seats)
        order = sorted(
            range(len(seats)),
            key=lambda i: (seats[i].name not in winners, -(seats[i].score or 0) if points else 0, i),
        )
        place = {seats[i].name: position + 1 for position, i in enumerate(order)}
    drawn = len(winners) > 1 and tie_policy(game) == "draw"
    results = []
    for number, seat in enumerate(seats):
        at_top = seat.name in winners
        if at_top:
            rank = 1
        elif ranked and ranking is None:
            rank = max(2, seat.rank or 2)
        elif unordered and ranking is None:
            rank = len(winners) + 1
        else:
            rank = place[seat.name]
        results.append(
            PlayerResult(
                seat.name,
                number,
                seat.score if points else None,
                place[seat.name],
                rank,
                at_top and not drawn,
                at_top and drawn,
                seat.color or seat.role,
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
    unscored: bool = False,
    board: str | None = None,
    uuid: str | None = None,
    origin: tuple[str, str, str] | None = None,
    bgg_play: str | None = None,
    notices: list[str] | None = None,
    minutes: int | None = None,
) -> GameEntry:
    """The history entry of a score-only play. ``identity`` is what makes its content hash (its id in the app it
    came from, else its content); ``uuid``, ``origin`` and ``bgg_play`` its identity (see
    :meth:`referee.history.store.History.merge`); ``original`` is the play as read, kept as its record;
    ``board`` the map it was played on (Coin Age's, BG Stats' ``board``); ``unscored`` a play not to count in win
    statistics; ``notices`` what was cut from it, said when it is logged."""
    entry = GameEntry(
        game=game,
        players=score_only_results(game, seats, ranking, incomplete=incomplete),
        setup={"map": board} if board else {},
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
        uuid=uuid,
        origin=origin,
        bgg_play=bgg_play,
        unscored=unscored and not incomplete,
        anonymous=frozenset(number for number, seat in enumerate(seats) if seat.anonymous),
        minutes=minutes,
    )
    entry.notices = list(notices or [])
    return entry
