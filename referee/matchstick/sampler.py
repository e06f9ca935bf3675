"""The fast generator of legal plays: random self-play draws from it, ``legal_actions`` and the menus list from it.

This module is speed machinery, not rule text: the rules are written once, readably, in
:meth:`referee.matchstick.rules.MatchstickRules.judge`, and a property test checks this generator against them over
random positions. What it knows of the rules it keeps in tables built once at import:

* a **value** (``Value``) is what a play shows, a **card** (``Card``) a physical card type;
* a **way** (:data:`Way`) is one card type that can show a value: its matchstick cost and how many copies the
  game has; :data:`WAYS` lists them per expansion and value, **cheapest first**, which the searches below rely on;
* :data:`STRONGER` gives, per expansion and direction of the order, the values that beat each table value (every
  value on an empty table), in deck order — the order random self-play indexes them in;
* a **pair** is a (value, count) choice; random self-play draws pairs by index and remembers the ones found
  infeasible (**dead pairs**) in a bit set (:data:`PairSet`), so as not to test them twice;
* :func:`cheapest_fill` is the fewest matchsticks that fill ``count`` slots given the copies already played — the
  test every search prunes with.

Same seed, same games: :func:`random_action` draws from ``rng.random()`` in a fixed order, and
``tests/matchstick/test_matchstick_fingerprint.py`` holds the hash of 300 seeded games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from functools import cache, lru_cache
from typing import NamedTuple

from referee.matchstick.actions import MAX_CARDS_PER_PLAY, PASS, Action, Play
from referee.matchstick.segments import ALL_CARDS, ALL_VALUES, COST, EXPANSIONS, cards_for, copies_of, values_for
from referee.matchstick.state import MatchstickState, Table

Value = str
"""A value shown by a play: ``0``…``9``, ``A b C d E F``, ``G H`` (expansion)."""
Card = str
"""A physical card type: ``0``, ``3/E``, ``6/9``, … (see :data:`referee.matchstick.segments.ALL_CARDS`)."""
PairSet = int
"""A bit set of pair indices: bit ``i`` set when pair ``i`` is known dead (no cards can make it)."""
Random = Callable[[], float]
"""``rng.random``, looked up once per draw."""

ATTEMPTS = 12
"""Random draws of a pair before :func:`random_action` lists the feasible pairs instead."""


Way = tuple[Card, int, int]
"""One card type that can show a value: ``(card, cost, copies)`` — the matchsticks it takes and the copies the game
has. A plain tuple, not a named one: unpacking a tuple subclass is several times slower."""

Ways = tuple[Way, ...]
"""The ways to show one value, cheapest first."""


class PlayOption(NamedTuple):
    """What a value offers the player to move: the counts it can be played with, and the cheapest of them."""

    counts: tuple[int, ...]
    cheapest: int


def _ways(expansion: int) -> dict[Value, Ways]:
    result = {}
    for value in values_for(expansion):
        found = [
            (card, COST[card, value], copies_of(card, expansion))
            for card in cards_for(expansion)
            if (card, value) in COST
        ]
        result[value] = tuple(sorted(found, key=lambda way: way[1]))
    return result


WAYS: dict[int, dict[Value, Ways]] = {expansion: _ways(expansion) for expansion in EXPANSIONS}
"""``WAYS[expansion][value]``: the ways to show ``value``, cheapest first."""

_RANK = {value: rank for rank, value in enumerate(ALL_VALUES)}


def _stronger(value: Value | None, reversed_: bool, expansion: int) -> tuple[Value, ...]:
    values = values_for(expansion)
    if value is None:
        return values
    if reversed_:
        return tuple(v for v in values if _RANK[v] < _RANK[value])
    return tuple(v for v in values if _RANK[v] > _RANK[value])


STRONGER: dict[tuple[int, bool], dict[Value | None, tuple[Value, ...]]] = {
    (expansion, reversed_): {value: _stronger(value, reversed_, expansion) for value in (None, *ALL_VALUES)}
    for expansion in EXPANSIONS
    for reversed_ in (False, True)
}
"""``STRONGER[expansion, reversed][table value]``: the values that beat it, in deck order (``None``: all)."""

COUNTS_UP_TO: dict[int, tuple[int, ...]] = {k: tuple(range(1, k + 1)) for k in range(MAX_CARDS_PER_PLAY + 1)}
"""``COUNTS_UP_TO[k]``: the counts 1…k a leader holding ``k`` cards (at most 5) may play."""

DECK_ORDER = {card: index for index, card in enumerate(ALL_CARDS)}

shared_table = cache(Table)
"""``Table(value, count, by)``, each built once: tables are immutable and few (values × counts × seats), and every
play puts one on the table (the look-up costs a third of building a named tuple)."""

cached_play = lru_cache(maxsize=4096)(Play)
"""``Play(value, cards)``, built once while it is in use: plays are immutable, and random self-play makes the same
ones again and again (building one normalises its value and cards: 10 times the cost of the look-up)."""


# -- the pruning test --------------------------------------------------------------------------------------------


def cheapest_fill(played: Mapping[Card, int], ways: Ways, count: int, budget: int) -> int | None:
    """The fewest matchsticks ``count`` (at least 1) cards from ``ways`` can take, given the copies ``played``
    already, if that fits ``budget``; None when too few copies are left or it costs more."""
    need, total = count, 0
    for card, cost, copies in ways:
        if total + need * cost > budget:
            return None  # the cards still needed cost at least this much each (cheapest first)
        left = copies - played[card]
        if left > 0:
            if left >= need:
                return total + need * cost
            total += left * cost
            need -= left
    return None


def _counts(state: MatchstickState, seat: int) -> tuple[int, ...]:
    """The counts the player may play: 1 to 5 (as many as held) when leading, the table's count when following."""
    held, table = state.cards[seat], state.table
    if table is None:
        return COUNTS_UP_TO[held if held < MAX_CARDS_PER_PLAY else MAX_CARDS_PER_PLAY]
    return (table.count,) if table.count <= held else ()


# -- listing: legal_actions, the menus ----------------------------------------------------------------------------


def legal_actions(state: MatchstickState) -> Iterator[Action]:
    """Every legal action: pass (when following), then each (value, multiset of card types) that the copies not yet
    played, the player's card count and matchsticks allow; values in deck order."""
    seat = state.turn
    if seat is None:
        return
    table = state.table
    if table is not None:
        yield PASS
    left = {card: state.copies_left(card) for card in state.copies_played}
    for value in STRONGER[state.expansion, state.reversed][table.value if table else None]:
        for count in _counts(state, seat):
            yield from _plays(state, seat, value, count, left)


def plays_of(state: MatchstickState, value: Value, count: int) -> list[Play]:
    """The legal plays of ``count`` cards showing ``value`` for the player to move (none when that count may not be
    played), as :func:`legal_actions` lists them: the menus ask only what these leave open."""
    seat = state.turn
    if seat is None or count not in _counts(state, seat) or value not in WAYS[state.expansion]:
        return []
    table = state.table
    if value not in STRONGER[state.expansion, state.reversed][table.value if table else None]:
        return []
    return list(_plays(state, seat, value, count, {card: state.copies_left(card) for card in state.copies_played}))


def _plays(state: MatchstickState, seat: int, value: Value, count: int, left: Mapping[Card, int]) -> Iterator[Play]:
    """Each multiset of ``count`` card types that can show ``value`` with the copies ``left`` and the player's
    matchsticks (the value and count already allowed)."""
    ways = [(card, cost) for card, cost, _copies in WAYS[state.expansion][value] if left[card] > 0]
    for cards in _multisets(ways, 0, count, state.matchsticks[seat], left):
        yield Play(value, cards)


def _multisets(
    ways: list[tuple[Card, int]], start: int, count: int, budget: int, left: Mapping[Card, int]
) -> Iterator[tuple[Card, ...]]:
    """Multisets of ``count`` card types from ``ways[start:]`` (cheapest first) within ``budget``."""
    if count == 0:
        yield ()
        return
    for index in range(start, len(ways)):
        card, cost = ways[index]
        if cost > budget:
            break
        for n in range(1, min(left[card], count) + 1):
            if n * cost > budget:
                break
            for rest in _multisets(ways, index + 1, count - n, budget - n * cost, left):
                yield (card,) * n + rest


def play_options(state: MatchstickState) -> dict[Value, PlayOption]:
    """For the player to move, each value they can play now, weakest first as the order stands: the counts it can
    be played with and the cheapest cost among them. Empty once the game is over."""
    seat = state.turn
    if seat is None:
        return {}
    table = state.table
    budget = state.matchsticks[seat]
    counts = _counts(state, seat)
    ways_of = WAYS[state.expansion]
    values = STRONGER[state.expansion, state.reversed][table.value if table else None]
    result: dict[Value, PlayOption] = {}
    for value in values[::-1] if state.reversed else values:
        costs = {
            count: cost
            for count in counts
            if (cost := cheapest_fill(state.copies_played, ways_of[value], count, budget)) is not None
        }
        if costs:
            result[value] = PlayOption(tuple(costs), min(costs.values()))
    return result


def card_choices(state: MatchstickState, value: Value, count: int, chosen: tuple[Card, ...]) -> list[Way]:
    """The cards that can fill the next slot of a play of ``count`` cards showing ``value`` once ``chosen`` are
    picked, such that the rest can still be filled with the matchsticks left; cheapest first, then deck order.

    Picking slot after slot from these lists makes exactly the legal plays of (value, count)."""
    seat = state.turn
    if seat is None or value not in WAYS[state.expansion]:
        return []
    taken = dict(state.copies_played)
    for card in chosen:
        taken[card] += 1
    ways = WAYS[state.expansion][value]
    budget = state.matchsticks[seat] - sum(COST[card, value] for card in chosen)
    rest = count - len(chosen) - 1
    if rest < 0:
        return []
    found = []
    for way in ways:
        card, cost, copies = way
        if cost > budget or taken[card] >= copies:
            continue
        taken[card] += 1
        floor = cheapest_fill(taken, ways, rest, budget - cost) if rest else 0
        taken[card] -= 1
        if floor is not None:
            found.append(way)
    return sorted(found, key=lambda way: (way[1], DECK_ORDER[way[0]]))


# -- drawing: random self-play -------------------------------------------------------------------------------------


def random_action(state: MatchstickState, rng: random.Random) -> Action:
    """A random legal action, without listing them all.

    Uniform over "pass" (when allowed) and the feasible pairs (value, count), then a random feasible multiset of
    cards for the pair (:func:`random_cards`). Pairs are drawn by index, at most :data:`ATTEMPTS` times, the dead
    ones remembered; then the feasible pairs are listed and one drawn. Raises ValueError once the game is over.
    """
    seat = state.turn
    if seat is None:
        raise ValueError("the game is over")
    table = state.table
    held, budget = state.cards[seat], state.matchsticks[seat]
    stronger = STRONGER[state.expansion, state.reversed]
    if table is None:
        values = stronger[None]
        counts = COUNTS_UP_TO[held if held < MAX_CARDS_PER_PLAY else MAX_CARDS_PER_PLAY]
        can_pass = False
    else:
        values = stronger[table.value]
        counts = (table.count,) if table.count <= held else ()
        can_pass = True
    per_value = len(counts)
    pairs = len(values) * per_value  # pair i is (values[i // per_value], counts[i % per_value]); then "pass"
    options = pairs + can_pass
    played = state.copies_played
    ways_of = WAYS[state.expansion]
    random_ = rng.random
    dead: PairSet = 0
    if options:
        for _attempt in range(ATTEMPTS):
            index = int(random_() * options)
            if index == pairs:
                return PASS
            if dead >> index & 1:
                continue
            value, count = values[index // per_value], counts[index % per_value]
            if cheapest_fill(played, ways_of[value], count, budget) is not None:
                return cached_play(value, random_cards(played, ways_of[value], count, budget, random_))
            dead |= 1 << index
    feasible = []
    for index in range(pairs):
        if not dead >> index & 1:
            value, count = values[index // per_value], counts[index % per_value]
            if cheapest_fill(played, ways_of[value], count, budget) is not None:
                feasible.append((value, count))
    if can_pass:
        index = int(random_() * (len(feasible) + 1))
        if index >= len(feasible):
            return PASS
        value, count = feasible[index]
    else:
        value, count = feasible[int(random_() * len(feasible))]
    return cached_play(value, random_cards(played, ways_of[value], count, budget, random_))


def random_cards(played: dict[Card, int], ways: Ways, count: int, budget: int, random_: Random) -> tuple[Card, ...]:
    """A random multiset of ``count`` cards from ``ways`` within ``budget``, in deck order; the pair (value, count)
    is known feasible.

    Invariant: the cheapest way to fill the remaining slots fits the budget. A card keeps it iff its cost plus the
    cheapest fill of the other slots (copies as they stand) fits. Each slot picks uniformly among the cards that
    keep it.
    """
    taken = played.copy() if count > 1 else played  # the copies played, with the cards chosen so far
    chosen: list[Card] = []
    for slot in range(count):
        rest = count - slot - 1
        limit = budget - (cheapest_fill(taken, ways, rest, budget) or 0) if rest else budget
        options = []
        for way in ways:
            card, cost, copies = way
            if cost > limit:
                break  # cheapest first
            if taken[card] < copies:
                options.append(way)
        card, cost, _copies = options[int(random_() * len(options))]
        if rest:
            taken[card] += 1
        budget -= cost
        chosen.append(card)
    if count > 1:
        chosen.sort(key=DECK_ORDER.__getitem__)
    return tuple(chosen)
