"""The actions of Coin Age: a toss (slap), and in a turn place, pay, move, capture and done.

Actions are values (frozen): two equal actions are the same action. :func:`map_actions` makes every action a map
allows once and shares it, so replaying a record or playing itself allocates no action objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from referee.coin_age.coins import RANKS
from referee.coin_age.maps import GameMap


@dataclass(frozen=True, slots=True)
class Slap:
    """The toss of the player whose turn starts: ``kinds`` are the kinds that matched (showed their side)."""

    kinds: frozenset[int]


@dataclass(frozen=True, slots=True)
class Place:
    """Place one matching coin of rank ``rank`` on the space numbered ``space``."""

    rank: int
    space: int


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay one matching coin of rank ``rank`` to the opponent's bank (4 matches: allows a third placement)."""

    rank: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move the whole stack on ``source`` to the empty adjacent space ``target``."""

    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Capture:
    """Take the top coin of the stack on ``space`` into the capturer's bank."""

    space: int


@dataclass(frozen=True, slots=True)
class Done:
    """End the turn."""


Action = Slap | Place | Pay | Move | Capture | Done

DONE = Done()

SLAPS: dict[frozenset[int], Slap] = {
    frozenset(kinds): Slap(frozenset(kinds)) for count in range(len(RANKS) + 1) for kinds in combinations(RANKS, count)
}
"""The sixteen tosses (which kinds matched), made once and shared."""


def slap(kinds: frozenset[int] | set[int] | list[int] | tuple[int, ...]) -> Slap:
    """The toss in which exactly ``kinds`` matched."""
    return SLAPS[frozenset(kinds)]


MAPS_KEPT = 64
"""How many maps' actions are kept (replaying an archive of records that each hold their own map stays flat)."""


@dataclass(frozen=True, slots=True)
class MapActions:
    """Every place, pay, move and capture a map allows, made once per map and shared.

    ``places[rank][space]``, ``pays[rank]``, ``captures[space]``; ``moves[source]`` holds the moves from a space
    to each of its neighbours, in the order of :attr:`GameMap.neighbours`.
    """

    places: dict[int, tuple[Place, ...]]
    pays: dict[int, Pay]
    moves: tuple[tuple[Move, ...], ...]
    captures: tuple[Capture, ...]


@lru_cache(maxsize=MAPS_KEPT)
def map_actions(game_map: GameMap) -> MapActions:
    """The :class:`MapActions` of a map, made at its first use and kept (equal maps share them)."""
    spaces = range(len(game_map.spaces))
    return MapActions(
        places={rank: tuple(Place(rank, space) for space in spaces) for rank in RANKS},
        pays={rank: Pay(rank) for rank in RANKS},
        moves=tuple(tuple(Move(source, target) for target in game_map.neighbours[source]) for source in spaces),
        captures=tuple(Capture(space) for space in spaces),
    )
