"""Two more Coin Age yardsticks for ``benchmarks/strength.py`` (issue 49's pool), written from their description
alone, before any comparison with the computer and apart from its code: like ``coin_age_agents.py`` they use only
the rules' public questions (``turn_actions``, ``to_move``, ``apply``, ``outcome``, ``copy``) and the state as it
lies.

``ismcts`` — an information-set (open-loop) Monte Carlo tree search over single actions. The tree has no chance
nodes: each iteration samples the outcome of every toss it meets and walks the tree by actions alone, so one node
stands for every position its sequence of actions can lead to. Selection is UCT with availability counts (a child
is scored against the number of iterations in which it was legal, not its parent's visits, since a toss decides
what is legal); one new action is added per iteration; a light play-out runs to the end of the game (most of the
time the best of a few actions drawn at random by what they put on top or take off, sometimes any action); the
reward mixes the result (win 1, draw 1/2, loss 0) with the squashed score margin. It thinks at a turn's first
decision with most of the turn's time and plays the turn's most visited line while its nodes were visited enough;
a later decision of the same turn reuses the subtree with half of what is left.

``expectimax`` — an expectimax over whole turns at a fixed depth of two turns, evaluated by the score margin as
it would stand (greedy's evaluation): the plans for the rest of its turn (the distinct positions the turn can end
in, found by a beam search over its decisions that keeps the 24 best by margin at each), then the opponent's toss
as a chance node with every outcome enumerated at its probability (each kind in the bank matches with probability
1/2), then the opponent's best reply over its whole turn (the plan that leaves it the best margin, a beam of 3),
its margin counted. Its plans are looked at in the order of their margin as they would stand (greedy's order), so
when time runs out the best of those looked at is played; a finished game counts its result before its margin.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import benchmarks.coin_age_agents as clock_owner
from referee.coin_age.actions import DONE, Capture, Move, Pay, Place, slap
from referee.coin_age.rules import RULES as COIN_AGE

KINDS = (4, 3, 2, 1)
WIN = 1_000
"""What a won game is worth over any margin (the expectimax's evaluation of a finished game)."""


def now() -> float:
    """The agents' clock, as ``coin_age_agents.CLOCK`` is set (wall, or CPU with ``--cpu-clock``)."""
    return clock_owner.CLOCK()


def deciding(state: Any) -> bool:
    """Whether the player in turn has a decision (tossed, something legal left); otherwise a toss comes next."""
    return bool(state.tossed and not state.over and COIN_AGE.to_move(state) == state.seat)


def margin(state: Any, seat: int) -> int:
    """``seat``'s score less its opponent's as the table stands: each space its top coin's rank, doubled in a
    region held by strictly more spaces, plus one a coin in the bank (rule: scoring; the tie-break left out)."""
    board = state.board
    points = [0, 0]
    for members in state.map.region_members:
        held = [0, 0]
        ranks = [0, 0]
        for space in members:
            stack = board[space]
            if stack:
                rank, side = stack[-1]
                held[side] += 1
                ranks[side] += rank
        if held[0] > held[1]:
            ranks[0] *= 2
        elif held[1] > held[0]:
            ranks[1] *= 2
        points[0] += ranks[0]
        points[1] += ranks[1]
    for side in (0, 1):
        points[side] += sum(state.banks[side].values())
    return points[seat] - points[1 - seat]


def result(state: Any, seat: int) -> float:
    """A finished game's result for ``seat``: 1 a win, 1/2 a draw, 0 a loss (the rules' own outcome)."""
    winner = COIN_AGE.outcome(state).winner
    return 0.5 if winner is None else 1.0 if winner == state.players[seat] else 0.0


def sample_toss(state: Any, rng: random.Random) -> Any:
    """A fair toss for whoever tosses next: each kind in the bank matches with probability 1/2."""
    bank = state.banks[state.tosser()]
    return slap([rank for rank in KINDS if bank[rank] and rng.random() < 0.5])


def toss_outcomes(state: Any) -> list[tuple[Any, float]]:
    """Every toss the next tosser can make, with its probability (each kind in the bank matches with 1/2)."""
    bank = state.banks[state.tosser()]
    kinds = [rank for rank in KINDS if bank[rank]]
    chance = 0.5 ** len(kinds)
    return [(slap([kinds[i] for i in range(len(kinds)) if mask >> i & 1]), chance) for mask in range(1 << len(kinds))]


def position_key(state: Any) -> tuple[Any, ...]:
    """What makes two end-of-turn positions the same: the stacks and both banks."""
    return (
        tuple(tuple(stack) for stack in state.board),
        tuple(state.banks[0].values()),
        tuple(state.banks[1].values()),
        state.over,
    )


def turn_ends(state: Any, width: int, value: Callable[[Any], float]) -> list[tuple[float, Any, list[Any]]]:
    """The positions the rest of the turn can end in (stopping is always allowed: ``done``), best ``value`` (for
    the player in turn) first, each with the actions that reach it: a beam search over the turn's decisions that
    keeps the ``width`` best new positions at each depth (every position of a small turn)."""
    start: tuple[float, Any, list[Any]] = (value(state), state, [])
    found = {position_key(state): start}
    level = [start]
    while level:
        fresh: list[tuple[float, Any, list[Any]]] = []
        for _value, current, plan in level:
            if not deciding(current):
                continue
            for action in COIN_AGE.turn_actions(current):
                after = current.copy()
                COIN_AGE.apply(after, action)
                key = position_key(after)
                if key not in found:
                    found[key] = (value(after), after, [*plan, action])
                    fresh.append(found[key])
        fresh.sort(key=lambda item: -item[0])
        level = fresh[:width]
    return sorted(found.values(), key=lambda item: -item[0])


# -- ismcts --------------------------------------------------------------------------------------------------------


class OpenNode:
    """A node of the open-loop tree: reached by a sequence of actions, whatever the tosses were. ``total`` is the
    reward of the player who chose the action into it; ``available`` counts the iterations in which that action
    was legal at its parent."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Any, OpenNode] = {}


class CoinAgeIsmcts:
    """The open-loop (information-set) tree search (see the module docstring)."""

    C = 0.5
    """UCT's exploration constant (rewards lie in 0 … 1)."""
    MARGIN_SHARE = 0.3
    MARGIN_SCALE = 8.0
    """Reward: ``(1 − MARGIN_SHARE) × result + MARGIN_SHARE × (1 + tanh(margin / MARGIN_SCALE)) / 2``."""
    FIRST_SHARE = 0.85
    """The share of a turn's time its first decision takes."""
    FOLLOW_VISITS = 40
    """The turn's most visited line is played on while its next node was visited at least this often."""
    PLAYOUT_RANDOM = 0.15
    PLAYOUT_SAMPLE = 5

    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.seat = seat
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.turn: tuple[int, int] | None = None
        self.left = seconds
        self.root: OpenNode | None = None

    def choose(self, state: Any) -> list[Any]:
        turn = (state.turns, state.seat)
        first = turn != self.turn
        if first:
            self.turn, self.left, self.root = turn, self.seconds, OpenNode()
        share = self.left * (self.FIRST_SHARE if first else 0.5)
        self.left -= share
        deadline = now() + share
        root = self.root
        assert root is not None
        iterations = 0
        while iterations < 16 or now() < deadline:
            self.iterate(root, state.copy())
            iterations += 1
        legal = [*COIN_AGE.turn_actions(state), DONE]
        plan: list[Any] = []
        node = root
        after = state.copy()
        while True:
            options = [(action, node.children[action]) for action in legal if action in node.children]
            if not options:
                break
            action, child = max(options, key=lambda item: (item[1].visits, item[1].total))
            if plan and child.visits < self.FOLLOW_VISITS:
                break
            plan.append(action)
            COIN_AGE.apply(after, action)
            node = child
            if action is DONE or not deciding(after):
                break
            legal = [*COIN_AGE.turn_actions(after), DONE]
        self.root = node  # the rest of this turn starts from here
        return plan or [DONE]

    def iterate(self, root: OpenNode, state: Any) -> None:
        """One descent: sample each toss met, select by UCT with availability counts, add one action, play out,
        back up."""
        rng = self.rng
        path: list[tuple[OpenNode, int]] = []
        node = root
        while not state.over:
            if not deciding(state):
                COIN_AGE.apply(state, sample_toss(state, rng))  # no chance node: the same tree node goes on
                continue
            legal = [*COIN_AGE.turn_actions(state), DONE]
            children = node.children
            untried = [action for action in legal if action not in children]
            for action in legal:
                child = children.get(action)
                if child is not None:
                    child.available += 1
            mover = state.seat
            if untried:
                action = rng.choice(untried)
                child = children[action] = OpenNode()
                child.available = 1
                COIN_AGE.apply(state, action)
                path.append((child, mover))
                break
            best_value = -math.inf
            chosen: tuple[Any, OpenNode] | None = None
            c = self.C
            for action in legal:
                child = children[action]
                value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best_value, chosen = value, (action, child)
            assert chosen is not None
            action, node = chosen
            COIN_AGE.apply(state, action)
            path.append((node, mover))
        self.playout(state)
        first = self.reward(state)
        for visited, mover in path:
            visited.visits += 1
            visited.total += first if mover == 0 else 1 - first

    def reward(self, state: Any) -> float:
        """The first seat's reward for a finished game (the second's is 1 less it)."""
        squashed = (1 + math.tanh(margin(state, 0) / self.MARGIN_SCALE)) / 2
        return (1 - self.MARGIN_SHARE) * result(state, 0) + self.MARGIN_SHARE * squashed

    def playout(self, state: Any) -> None:
        """A light play-out to the end: at each decision, mostly the best of a few actions drawn at random by what
        it puts on top or takes off (``done`` when none gains), sometimes any action or ``done``."""
        rng = self.rng
        draw = rng.random
        apply = COIN_AGE.apply
        while not state.over:
            if not state.tossed:
                apply(state, sample_toss(state, rng))
                continue
            actions = COIN_AGE.turn_actions(state)
            if not actions:
                apply(state, sample_toss(state, rng))  # the turn is over: the opponent tosses
                continue
            if draw() < self.PLAYOUT_RANDOM:
                actions.append(DONE)
                apply(state, rng.choice(actions))
                continue
            picked = actions if len(actions) <= self.PLAYOUT_SAMPLE else rng.sample(actions, self.PLAYOUT_SAMPLE)
            best: Any = DONE
            best_gain = 0.0
            for action in picked:
                gain = self.gain(state, action) + draw()
                if gain > best_gain:
                    best_gain, best = gain, action
            apply(state, best)

    @staticmethod
    def gain(state: Any, action: Any) -> float:
        """What an action puts on top or takes off, for the mover, regions left out."""
        seat = state.seat
        match action:
            case Place(rank, space):
                stack = state.board[space]
                value = float(rank - 1)
                if stack:
                    rank_under, side_under = stack[-1]
                    value += rank_under if side_under != seat else -rank_under
                return value
            case Capture(space):
                stack = state.board[space]
                rank_top, side_top = stack[-1]
                value = 1.0 + (rank_top if side_top != seat else -rank_top)
                if len(stack) > 1:
                    rank_under, side_under = stack[-2]
                    value += rank_under if side_under == seat else -rank_under
                return value
            case Pay():
                return 0.5
            case Move():
                return 0.0
        return 0.0


# -- expectimax ----------------------------------------------------------------------------------------------------


class CoinAgeExpectimax:
    """The two-turn expectimax with greedy's evaluation (see the module docstring)."""

    RESERVE = 0.02
    """Seconds of the turn kept back for returning the plan."""
    WIDTH = 24
    """The beam of its own turn's search: the best positions kept at each decision."""
    REPLY_WIDTH = 3
    """The beam of the opponent's reply."""

    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.seat = seat
        self.seconds = seconds
        self.replies: dict[tuple[Any, ...], float] = {}

    def value(self, state: Any) -> float:
        """The evaluation of a position for this agent: a finished game's result first, then the margin."""
        score = margin(state, self.seat)
        if state.over:
            won = result(state, self.seat)
            return score + (WIN if won == 1.0 else -WIN if won == 0.0 else 0)
        return score

    def choose(self, state: Any) -> list[Any]:
        deadline = now() + max(0.0, self.seconds - self.RESERVE)
        self.replies = {}
        plans = turn_ends(state, self.WIDTH, self.value)
        _value, best_after, best_plan = plans[0]
        best_value = -math.inf
        for _value, after, plan in plans:
            if now() >= deadline and best_value > -math.inf:
                break
            value = self.expected(after)
            if value > best_value:
                best_plan, best_value, best_after = plan, value, after
        if deciding(best_after):
            return [*best_plan, DONE]  # it stops with actions left: the turn ends (its time was the turn's)
        return best_plan

    def expected(self, after: Any) -> float:
        """The value of the position at the end of this agent's turn: over the opponent's tosses, each at its
        probability, the opponent's best reply (a finished game is its own value)."""
        if after.over:
            return self.value(after)
        total = 0.0
        for toss, chance in toss_outcomes(after):
            tossed = after.copy()
            COIN_AGE.apply(tossed, toss)
            total += chance * self.reply(tossed)
        return total

    def reply(self, tossed: Any) -> float:
        """The value left by the opponent's best turn (the worst for this agent), remembered by position and
        toss."""
        key = (position_key(tossed), tossed.matches)
        known = self.replies.get(key)
        if known is None:
            worst = turn_ends(tossed, self.REPLY_WIDTH, lambda end: -self.value(end))[0]
            known = self.replies[key] = -worst[0]
        return known
