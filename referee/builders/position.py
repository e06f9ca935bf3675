"""A final tally typed from the table (a ``[final]`` table per player), as a state of the game: for scoring a game
nobody recorded, beside Coin Age's positions.

Only each player's finished cards and écus are known: the state has no rows, decks, open sites or idle workers,
its game is over, and it is marked ``tally`` so that a table drawing leaves out what is not known.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.builders import cards
from referee.builders.scoring import score_final
from referee.builders.state import TOTAL_ECUS, BuildersState, Seat, check_players


def state_from_final(players: list[str], final: Mapping[str, Any]) -> BuildersState:
    """The state of a final tally: each player's finished cards (ids or French names) and écus; the bank holds the
    rest of the game's 100 écus. Raises NotationError or SetupError as :func:`~.scoring.score_final` does."""
    names = check_players(players)
    score_final(list(names), final)  # checks everything: unknown cards, duplicates, purses
    seats = []
    for name in names:
        entry = final[name]
        built = [
            next(c for c in cards.candidates(text) if cards.card(c).is_construction) for text in entry.get("built", [])
        ]
        seats.append(Seat(coins=entry["coins"], built=built, vp=sum(cards.card(c).vp for c in built)))
    return BuildersState(
        players=names,
        seats=seats,
        bank=TOTAL_ECUS - sum(seat.coins for seat in seats),
        row_buildings=[],
        row_workers=[],
        deck_buildings=[],
        deck_workers=[],
        seeded=True,
        current=len(names) - 1,
        actions_left=0,
        over=True,
        tally=True,
    )
