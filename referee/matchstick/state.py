"""The state of a game of Matchstick Tycoon as the referee sees it: hands are hidden, only counts are known.

Rule ("What a referee can check"): the referee cannot see hands, but it knows how many cards each player holds,
how many matchsticks each has, how many copies of each physical card have been played, the value and count to
beat, the strength order and whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.matchstick.segments import cards_for, copies_of


@dataclass(frozen=True, slots=True)
class Table:
    """The last play on the table: the value shown, how many cards, and the seat that played them."""

    value: str
    count: int
    by: int


@dataclass(slots=True)
class MatchstickState:
    """Everything the referee tracks. Mutable; :meth:`copy` gives an independent copy; ``==`` compares all fields.

    ``passed`` is a bit mask of the seats that have passed (or discarded) since the last play; ``out`` lists the
    seats that went out, in order; ``turn`` is None once the game is over.
    """

    players: tuple[str, ...]
    expansion: int
    dealt: tuple[int, ...]
    cards: list[int]
    matchsticks: list[int]
    out: list[int]
    turn: int | None
    table: Table | None
    passed: int
    reversed: bool
    copies_played: dict[str, int]

    def copy(self) -> MatchstickState:
        return MatchstickState(
            self.players,
            self.expansion,
            self.dealt,
            self.cards[:],
            self.matchsticks[:],
            self.out[:],
            self.turn,
            self.table,
            self.passed,
            self.reversed,
            self.copies_played.copy(),
        )

    # -- questions ---------------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game ends when one player is left."""
        return self.turn is None

    def in_game(self, seat: int) -> bool:
        """Not gone out yet (the last player left stays in)."""
        return seat not in self.out

    def active(self) -> list[int]:
        """The seats still in, in seat order."""
        return [seat for seat in range(len(self.players)) if seat not in self.out]

    def next_in_game(self, seat: int) -> int:
        """The next seat still in after ``seat``, clockwise (seat order)."""
        n, out = len(self.players), self.out
        if len(out) >= n:  # pragma: no cover - the game ends with one player left
            raise ValueError("nobody is left")
        seat = seat + 1 if seat + 1 < n else 0
        while seat in out:
            seat = seat + 1 if seat + 1 < n else 0
        return seat

    def copies_left(self, card: str) -> int:
        """Copies of a card type not played yet (in hands or set aside)."""
        return copies_of(card, self.expansion) - self.copies_played[card]

    def ranking(self) -> list[int]:
        """Seats best first: the order of going out, then the players still in.

        Players still in (all but one once the game is over) are ordered by fewest cards, then fewest matchsticks,
        then seat order: the score if the game ended now.
        """
        still_in = sorted(self.active(), key=lambda s: (self.cards[s], self.matchsticks[s], s))
        return self.out + still_in


def empty_copies(expansion: int) -> dict[str, int]:
    """No copy of any card played yet."""
    return {card: 0 for card in cards_for(expansion)}
