"""Speed, not rules: the board index and the fast generator of legal turn actions (self-play, menus, hints).

The rules (:mod:`referee.coin_age.rules`) state legality once, readably, in their ``judge_*`` methods. Self-play
asks for every legal action at every step, so this module answers the same question with sets of spaces held as
the bits of an integer, as chess programs hold their bitboards. A property test checks it against the judge.

The vocabulary:

* :data:`SpaceMask`: a set of spaces of the map, bit ``i`` for space ``i`` (:func:`bit`, :func:`every_space`);
* :data:`TopIndex`: the board by top coin, ``topped[rank]`` the spaces that rank tops, ``topped[EMPTY]`` the
  empty spaces (:func:`board_index` makes it, :func:`retop` keeps it when a space's top changes);
* a *run*: :data:`RUN` consecutive spaces, whose items are picked out by each of its ``2**RUN`` subsets
  (:func:`by_runs`, :func:`pick`), so picking the items of a mask costs one look-up per run, and the tables
  grow linearly with the map;
* :class:`LegalTables`: a map's runs of places and captures, its moves by source, and (small maps only) the moves
  by set of empty spaces; :func:`turn_actions` reads them.

Every table grows polynomially with the map (nothing is made per subset of a space's neighbours): a map of
forty neighbours around one space, or fifty spaces all adjacent, loads at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from referee.coin_age.actions import MAPS_KEPT, SLAPS, Action, Capture, MapActions, Move, Pay, Place, Slap, map_actions
from referee.coin_age.coins import RANKS, Coin
from referee.coin_age.maps import GameMap

if TYPE_CHECKING:
    import random

T = TypeVar("T")

SpaceMask = int
"""A set of spaces: bit ``i`` is space ``i`` of the map."""
TopIndex = list[SpaceMask]
"""The board by top coin: ``topped[rank]`` the spaces topped by that rank, ``topped[EMPTY]`` the empty spaces."""
Runs = tuple[tuple[tuple[T, ...], ...], ...]
"""Items of spaces cut in runs of :data:`RUN` spaces: ``runs[k][bits]`` the items of the spaces of run ``k`` in the
subset ``bits`` of it (see :func:`by_runs`)."""

NO_SPACES: SpaceMask = 0
EMPTY = 0
"""The rank of no coin: ``topped[EMPTY]`` is the mask of the empty spaces."""
INDEX_SIZE = max(RANKS) + 1
"""The length of a :data:`TopIndex`: an entry for each rank, and for no coin."""
RUN = 5
"""Spaces per run (a run has ``2**RUN`` subsets)."""
RUN_MASK: SpaceMask = (1 << RUN) - 1
MOVES_KEPT_UP_TO = 12
"""On maps of at most this many spaces, the moves of each set of empty spaces are kept once picked out (at most
``2**12`` sets of a few moves each); larger maps pick them out each time."""


def bit(space: int) -> SpaceMask:
    """The set holding only ``space``."""
    return 1 << space


def every_space(count: int) -> SpaceMask:
    """The set of all the spaces of a map of ``count`` spaces."""
    return (1 << count) - 1


def spaces_in(mask: SpaceMask) -> list[int]:
    """The spaces of a set, in order."""
    found = []
    space = 0
    while mask:
        if mask & 1:
            found.append(space)
        mask >>= 1
        space += 1
    return found


def board_index(board: Sequence[Sequence[Coin]]) -> TopIndex:
    """The :data:`TopIndex` of a board (bottom coin first on each space)."""
    topped = [NO_SPACES] * INDEX_SIZE
    for space, stack in enumerate(board):
        topped[stack[-1].rank if stack else EMPTY] |= 1 << space
    return topped


def retop(topped: TopIndex, space: int, was: int, now: int) -> None:
    """Keep the index when the top of ``space`` changes from rank ``was`` to rank ``now`` (:data:`EMPTY`: none)."""
    mask = 1 << space
    topped[was] ^= mask
    topped[now] |= mask


def by_runs(items: Sequence[T | None]) -> Runs[T]:
    """``items[i]`` (the item of space ``i``, or None for none) cut in runs of :data:`RUN` spaces, each with its
    items picked out by each subset of its spaces, in order."""
    runs = []
    for start in range(0, len(items), RUN):
        run = items[start : start + RUN]
        runs.append(
            tuple(
                tuple(item for i, item in enumerate(run) if bits >> i & 1 and item is not None)
                for bits in range(1 << RUN)
            )
        )
    return tuple(runs)


def pick(found: list[T], runs: Runs[T], spaces: SpaceMask) -> None:
    """Append to ``found`` the items of the spaces in ``spaces`` (see :func:`by_runs`), in order of space."""
    for subsets in runs:
        found += subsets[spaces & RUN_MASK]
        spaces >>= RUN


@dataclass(slots=True)
class LegalTables:
    """A map's turn actions picked out by sets of spaces (made once per map, shared by its states).

    ``actions`` are the map's shared action objects; ``place_runs[rank]`` and ``capture_runs`` those actions by
    runs of spaces; ``move_sources``, for each space, its bit, the set of its neighbours, and its moves with the
    bit of each target; ``moves_by_empty`` keeps :meth:`moves_into` on small maps."""

    actions: MapActions
    pays: dict[int, Pay]
    place_runs: dict[int, Runs[Place]]
    capture_runs: Runs[Capture]
    move_sources: tuple[tuple[SpaceMask, SpaceMask, tuple[tuple[Move, SpaceMask], ...]], ...]
    all_spaces: SpaceMask
    keep_moves: bool
    moves_by_empty: dict[SpaceMask, tuple[Move, ...]] = field(default_factory=dict)

    def moves_into(self, empty: SpaceMask) -> tuple[Move, ...]:
        """The moves of a stack to an empty adjacent space when ``empty`` is the set of empty spaces, by source,
        then target."""
        found = self.moves_by_empty.get(empty)
        if found is None:
            moves: list[Move] = []
            for source, around, targets in self.move_sources:
                if not empty & source and empty & around:
                    for move, target in targets:
                        if empty & target:
                            moves.append(move)
            found = tuple(moves)
            if self.keep_moves:
                self.moves_by_empty[empty] = found
        return found


def legal_tables(game_map: GameMap) -> LegalTables:
    """The :class:`LegalTables` of a map, made at its first use and kept (equal maps share them)."""
    last_map, last_tables = _last_used
    if last_map is game_map:  # self-play and replay make many states on one map: no hashing of the map for them
        kept: LegalTables = last_tables
        return kept
    tables = _made_tables(game_map)
    _last_used[:] = [game_map, tables]
    return tables


@lru_cache(maxsize=MAPS_KEPT)
def _made_tables(game_map: GameMap) -> LegalTables:
    actions = map_actions(game_map)
    count = len(game_map.spaces)
    move_sources = []
    for source, moves in enumerate(actions.moves):
        around = NO_SPACES
        for move in moves:
            around |= 1 << move.target
        move_sources.append((bit(source), around, tuple((move, bit(move.target)) for move in moves)))
    return LegalTables(
        actions=actions,
        pays=actions.pays,
        place_runs={rank: by_runs(actions.places[rank]) for rank in RANKS},
        capture_runs=by_runs(actions.captures),
        move_sources=tuple(move_sources),
        all_spaces=every_space(count),
        keep_moves=count <= MOVES_KEPT_UP_TO,
    )


_last_used: list[Any] = [None, None]
"""The map :func:`legal_tables` was last asked for, and its tables."""


class TurnPosition(Protocol):
    """What :func:`turn_actions` reads of a position: the toss's allowances and the board by top coin (a
    :class:`referee.coin_age.state.CoinAgeState` is one; the state sits above this index and imports it, not the
    other way round)."""

    @property
    def over(self) -> bool: ...
    @property
    def tossed(self) -> bool: ...
    @property
    def tables(self) -> LegalTables: ...
    @property
    def topped(self) -> TopIndex: ...
    @property
    def unused(self) -> frozenset[int]: ...
    @property
    def placements_left(self) -> int: ...
    @property
    def may_pay(self) -> bool: ...
    @property
    def may_move(self) -> bool: ...
    @property
    def may_capture(self) -> bool: ...


def turn_actions(state: TurnPosition) -> list[Action]:
    """The legal place, pay, move and capture actions of the player in turn (none before the toss), from the
    shared action objects: places highest coin first, then pays, moves and captures, each by space."""
    found: list[Action] = []
    if state.over or not state.tossed:
        return found
    tables = state.tables
    topped = state.topped
    unused = state.unused
    if state.placements_left > 0:
        allowed = topped[EMPTY]  # a coin goes on an empty space, or on a strictly higher coin:
        for rank in RANKS:  # highest first, so each rank may also go where the rank above is on top
            if rank in unused:
                spaces = allowed  # pick() written out (self-play asks this on every action)
                for subsets in tables.place_runs[rank]:
                    found += subsets[spaces & RUN_MASK]
                    spaces >>= RUN
            allowed |= topped[rank]
    if state.may_pay:
        for rank in RANKS:
            if rank in unused:
                found.append(tables.pays[rank])
    if state.may_move:  # the whole stack, to an empty adjacent space
        found += tables.moves_into(topped[EMPTY])
    if state.may_capture:  # the top coin of any stack
        pick(found, tables.capture_runs, tables.all_spaces ^ topped[EMPTY])
    return found


def fair_toss(bank: dict[int, int], rng: random.Random) -> Slap:
    """A toss of one coin of each kind in ``bank``, each matching with probability 1/2 (drawn highest kind
    first)."""
    random = rng.random
    matched = []
    for rank in RANKS:  # (a plain loop: on four kinds, a comprehension's own call costs more)
        if bank[rank] and random() < 0.5:
            matched.append(rank)
    return SLAPS[frozenset(matched)]
