"""Coin Age hints: the best plan for the current turn by expectimax, deepening as far as the time allows.

A *plan* is the sequence of actions of the player in turn after the slap, ending with ``done`` unless the game
ends during it. Its value is the player's expected result, from +1 (a win) through 0 (a draw) to -1 (a loss),
where each position at the search's horizon is judged by :func:`judgement` (a finished game by its result, the
tie-break included; a game still going by the score margin as it stands, less sure the more is left to play),
after:

* depth 1 — the plan alone (the position it leaves);
* depth 2 — the plan, then the opponent's toss (every outcome, each kind matching with probability 1/2) and the
  opponent's best reply to it;
* depth n — n plans in all, alternating, with a chance node before each reply.

The search uses only the public rules (``RULES.legal_actions``, ``apply``, ``outcome``, ``state.copy``), is
deterministic for a given depth, and stops at the deadline, returning the deepest depth it finished. Below the
root, each reply's own follow-ups are searched only for its ``BEAM`` best plans by the shallower value; at the
root, each new depth searches the ``ROOT_BEAM`` best plans of the depth before plus the best plan of every earlier
depth, so a deeper (longer) search never returns a plan it values below the shorter search's choice.
Pure: no I/O.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.coin_age.actions import DONE, Done, Slap
from referee.coin_age.coins import RANKS
from referee.coin_age.index import EMPTY
from referee.coin_age.odds import outcomes, tossed_kinds
from referee.coin_age.rules import RULES
from referee.coin_age.state import CoinAgeState

ROOT_BEAM = 12
"""Root plans searched at each new depth (plus every earlier depth's best)."""
BEAM = 3
"""Replies whose follow-ups are searched below the root (the others are valued by the shallower search)."""
MAX_DEPTH = 12
UNSEARCHED = 0.0001
"""How far below the searched plans a plan left out of a depth is ranked (its value is from a shallower depth)."""

SPREAD_BASE = 1.5
SPREAD_PER_PLACEMENT = 0.6
"""How uncertain a margin is while the game goes on: the margin is read through a logistic curve whose spread is
``SPREAD_BASE + SPREAD_PER_PLACEMENT × placements that can still be made`` (the fewer of the empty spaces and the
coins in the shorter bank). Tuned by self-play (``benchmarks/strength.py``)."""
EXPOSURE_WEIGHT = 2.0
DELAYED = 0.5
"""A top coin can be covered by any smaller coin its opponent matches (rule: place), which takes its points. A game
still going counts, against each side, ``EXPOSURE_WEIGHT`` × the points its opponent can expect to cover on their
next toss (:func:`exposure`); ``DELAYED`` of that for the side whose opponent tosses after next. Tuned by self-play
against the greedy agent of ``benchmarks/strength.py`` (0 → 51 %, 1.5 → 60 %, 2.0 → 66 %, 2.5 → 63 % of 400 games
at one turn's look)."""
MARGIN_WEIGHT = 0.001
"""Of two finished games with the same result, the wider margin is (just) better."""
TIE_BREAK_POINTS = 0.25
"""A tie on points goes to the higher bank value: a game still going counts it as a quarter point."""


class Timeout(Exception):
    """The deadline passed in the middle of a depth."""


@dataclass(slots=True)
class Plan:
    """One plan for the turn: its actions (objects and notation), the state after it, its value."""

    actions: tuple[Any, ...]
    notation: tuple[str, ...]
    result: CoinAgeState
    value: float = 0.0
    """The expected result for the player (see :func:`judgement`), at the depth searched."""
    margin: int = 0
    """The score margin as it stands after the plan."""


@dataclass(slots=True)
class SearchResult:
    """Plans best first (with values from ``depth``), how deep the search got, and how much work it did."""

    plans: list[Plan]
    depth: int
    nodes: int
    seconds: float
    complete: bool = False
    """True when the whole game tree was searched (nothing deeper can change a value)."""
    values_by_depth: list[dict[tuple[str, ...], float]] = field(default_factory=list)


def state_key(state: CoinAgeState) -> tuple[Any, ...]:
    """What makes two states the same for the rest of the turn (and the game)."""
    return (
        tuple(tuple(stack) for stack in state.board),
        tuple(tuple(bank.get(rank, 0) for rank in RANKS) for bank in state.banks),
        state.seat,
        state.tossed,
        state.unused,
        state.placements_left,
        state.may_pay,
        state.may_move,
        state.may_capture,
        state.over,
    )


def margin(state: CoinAgeState, seat: int) -> int:
    """The score margin for ``seat`` if the game ended now."""
    scores = RULES.outcome(state).scores
    me, other = state.players[seat], state.players[1 - seat]
    return scores[me] - scores[other]


def points_and_bank_value(state: CoinAgeState) -> tuple[int, int, int, int]:
    """Each seat's points and bank value as :func:`referee.coin_age.rules.score` counts them (spaces, region bonus,
    one per coin in the bank; the bank's total rank), without building its :class:`Outcome`: the search asks this
    of every position it judges. A property test holds it to ``score``."""
    board = state.board
    points = [0, 0]
    for members in state.map.region_members:
        held = [0, 0]
        ranks = [0, 0]
        for space in members:
            stack = board[space]
            if stack:
                top = stack[-1]
                held[top.side] += 1
                ranks[top.side] += top.rank
        if held[0] > held[1]:
            ranks[0] *= 2
        elif held[1] > held[0]:
            ranks[1] *= 2
        points[0] += ranks[0]
        points[1] += ranks[1]
    values = [0, 0]
    for seat, bank in enumerate(state.banks):
        for rank, count in bank.items():
            points[seat] += count
            values[seat] += rank * count
    return points[0], points[1], values[0], values[1]


def exposure(state: CoinAgeState, seat: int) -> float:
    """The points of ``seat``'s top coins its opponent can expect to cover on their next toss: a top coin of rank
    ``r`` can be covered by any smaller kind the opponent holds, each of which matches with probability 1/2 (rule:
    toss, place)."""
    bank = state.banks[1 - seat]
    chance_by_rank = [0.0] * 5
    smaller = 0
    for rank in range(1, 5):
        chance_by_rank[rank] = 1 - 0.5**smaller
        if bank.get(rank, 0):
            smaller += 1
    expected = 0.0
    for stack in state.board:
        if stack:
            top = stack[-1]
            if top.side == seat:
                expected += top.rank * chance_by_rank[top.rank]
    return expected


def placements_left(state: CoinAgeState) -> int:
    """At most how many more coins can be placed: the game ends when the last empty space is filled or a bank is
    emptied by a placement (rule: end of the game)."""
    return min(state.topped[EMPTY].bit_count(), min(sum(bank.values()) for bank in state.banks))


def judgement(state: CoinAgeState, seat: int) -> float:
    """The expected result for ``seat`` from this position, from -1 (a loss) to +1 (a win), as the search judges
    it at its horizon.

    A finished game: its result (rule: scoring, the tie-break on bank value included), plus
    :data:`MARGIN_WEIGHT` per point of margin. A game still going: the margin (plus :data:`TIE_BREAK_POINTS`
    toward the higher bank value, less each side's :func:`exposure` weighted by :data:`EXPOSURE_WEIGHT`) read
    through a logistic curve, flatter the more placements are still to come.
    """
    first, second, first_value, second_value = points_and_bank_value(state)
    points = first - second if seat == 0 else second - first
    banked = first_value - second_value if seat == 0 else second_value - first_value
    if state.over:  # rule (scoring): most points wins; tied, the higher bank value; still tied, a draw
        ahead = points if points else banked
        result = 1.0 if ahead > 0 else -1.0 if ahead < 0 else 0.0
        return result + MARGIN_WEIGHT * points
    leaning = points + (TIE_BREAK_POINTS if banked > 0 else -TIE_BREAK_POINTS if banked < 0 else 0.0)
    mine_next = state.tosser() == seat  # who tosses next covers first
    leaning -= EXPOSURE_WEIGHT * exposure(state, seat) * (DELAYED if mine_next else 1.0)
    leaning += EXPOSURE_WEIGHT * exposure(state, 1 - seat) * (1.0 if mine_next else DELAYED)
    spread = SPREAD_BASE + SPREAD_PER_PLACEMENT * placements_left(state)
    return math.tanh(leaning / (2 * spread))


def win_chance(value: float) -> float:
    """A plan's value as the chance of winning, a draw counted as half a win (0 … 1)."""
    return min(1.0, max(0.0, (value + 1) / 2))


class Searcher:
    """Expectimax over tosses and plans, with memoised plan lists and values."""

    def __init__(
        self,
        deadline: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0
        self._plans: dict[tuple[Any, ...], list[Plan]] = {}
        self._values: dict[tuple[tuple[Any, ...], int], float] = {}

    # -- budget ----------------------------------------------------------------------------------------------
    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise Timeout
        if self.deadline is not None and self.nodes & 7 == 0 and self.clock() > self.deadline:
            raise Timeout

    # -- plans -----------------------------------------------------------------------------------------------
    def plans(self, state: CoinAgeState) -> list[Plan]:
        """Every distinct plan of the player in turn (after the slap), one per distinct resulting state, ordered
        by their static value (the score margin after the plan) best first, then by notation."""
        key = state_key(state)
        found = self._plans.get(key)
        if found is not None:
            return found
        seat = state.seat
        results: dict[tuple[Any, ...], Plan] = {}
        self._walk(state, (), results, set())
        plans = list(results.values())
        for plan in plans:
            self.tick()
            plan.notation = tuple(RULES.format(action, state) for action in plan.actions)
            plan.value = judgement(plan.result, seat)
        plans.sort(key=lambda plan: (-plan.value, plan.notation))
        self._plans[key] = plans
        return plans

    def _walk(
        self,
        current: CoinAgeState,
        actions: tuple[Any, ...],
        results: dict[tuple[Any, ...], Plan],
        seen: set[tuple[Any, ...]],
    ) -> None:
        """Depth-first over the turn's actions; each distinct state after ``done`` (or at the end) is a plan."""
        self.tick()
        if current.over:
            end_key = state_key(current)
            if end_key not in results:
                results[end_key] = Plan(actions, (), current)
            return
        done = current.copy()
        RULES.apply(done, DONE)
        done_key = state_key(done)
        if done_key not in results:
            results[done_key] = Plan((*actions, DONE), (), done)
        for action in RULES.legal_actions(current):
            if isinstance(action, Done | Slap):
                break
            after = current.copy()
            RULES.apply(after, action)
            after_key = state_key(after)
            if after_key in seen:
                continue
            seen.add(after_key)
            self._walk(after, (*actions, action), results, seen)

    # -- values ----------------------------------------------------------------------------------------------
    def plan_value(self, plan: Plan, seat: int, depth: int) -> float:
        """The value of a plan for ``seat`` searched to ``depth`` plies (1 = the plan alone)."""
        result = plan.result
        if result.over or depth <= 1:
            return judgement(result, seat)
        value = self.expect(result, depth - 1)
        return value if result.tosser() == seat else -value

    def expect(self, state: CoinAgeState, depth: int) -> float:
        """The expected margin for the player who tosses next, over the toss and their best ``depth``-ply reply."""
        key = (state_key(state), depth)
        cached = self._values.get(key)
        if cached is not None:
            return cached
        tosser = state.tosser()
        total = 0.0
        for matched, probability in outcomes(tossed_kinds(state.banks[tosser])):
            tossed = state.copy()
            RULES.apply(tossed, Slap(matched))
            total += float(probability) * self.best(tossed, depth)
        self._values[key] = total
        return total

    def best(self, state: CoinAgeState, depth: int) -> float:
        """The best value of the player in turn (just tossed), searched to ``depth`` plies."""
        plans = self.plans(state)
        seat = state.seat
        if depth <= 1:
            return plans[0].value  # sorted by static value
        if not any(not plan.result.over for plan in plans):
            return plans[0].value
        best = max(plan.value for plan in plans[BEAM:]) if len(plans) > BEAM else float("-inf")
        for plan in plans[:BEAM]:
            value = self.plan_value(plan, seat, depth)
            if value > best:
                best = value
        return best


def search(
    state: CoinAgeState,
    *,
    time_limit: float | None = 2.0,
    max_depth: int | None = None,
    node_limit: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """Rank the plans of the player in turn (who has tossed), deepening until ``time_limit`` seconds,
    ``max_depth`` or ``node_limit`` nodes. Depth 1 is always finished, whatever the budget."""
    if state.over or not state.tossed:
        raise ValueError("a hint needs a turn in progress: the player in turn has tossed")
    started = clock()
    root = Searcher()
    plans = root.plans(state)
    seat = state.seat
    values_by_depth = [{plan.notation: float(plan.value) for plan in plans}]
    depth = 1
    deadline = None if time_limit is None else started + time_limit
    limit = max_depth if max_depth is not None else MAX_DEPTH
    bests = [plans[0]]
    while depth < limit:
        if all(plan.result.over for plan in plans):
            break
        next_depth = depth + 1
        previous = values_by_depth[-1]
        ordered = sorted(plans, key=lambda plan: (-previous[plan.notation], plan.notation))
        chosen = ordered[:ROOT_BEAM]
        picked = {plan.notation for plan in chosen}
        for plan in bests:
            if plan.notation not in picked:
                picked.add(plan.notation)
                chosen.append(plan)
        searcher = Searcher(deadline, None if node_limit is None else max(0, node_limit - root.nodes), clock)
        searcher._plans = root._plans  # plan lists do not depend on depth
        try:
            values = {plan.notation: searcher.plan_value(plan, seat, next_depth) for plan in chosen}
        except Timeout:
            root.nodes += searcher.nodes
            break
        root.nodes += searcher.nodes
        depth = next_depth
        floor = min(values.values()) if values else 0.0
        current = {
            plan.notation: values.get(plan.notation, min(previous[plan.notation], floor) - UNSEARCHED) for plan in plans
        }
        values_by_depth.append(current)
        best = max(chosen, key=lambda plan: (values[plan.notation], _neg(plan.notation)))
        bests.append(best)
    final = values_by_depth[-1]
    ranked = sorted(plans, key=lambda plan: (-final[plan.notation], plan.notation))
    for plan in ranked:
        plan.value = final[plan.notation]
        plan.margin = margin(plan.result, seat)
    return SearchResult(
        plans=ranked,
        depth=depth,
        nodes=root.nodes,
        seconds=clock() - started,
        complete=all(plan.result.over for plan in plans),
        values_by_depth=values_by_depth,
    )


def _neg(notation: tuple[str, ...]) -> tuple[int, ...]:
    """A key that prefers the alphabetically first notation among equal values in ``max``."""
    return tuple(-ord(char) for char in " ".join(notation))
