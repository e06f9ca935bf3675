"""Coin Age reference agents for ``benchmarks/strength.py``, written from their description, apart from the
computer's code (they use only the rules' public questions: ``turn_actions``, ``to_move``, ``apply``,
``outcome``, ``copy``, and the state as it lies).

``mcts`` — the strong tree search of issue 35, as described there: closed-loop Monte Carlo tree search over single
actions, a chance node for every toss (each outcome sampled at its probability, a child per outcome), UCB1 with a
small exploration constant, progressive bias from the immediate change of the score margin an action makes,
progressive widening (a decision node considers more of its actions, best bias first, the more it is visited), the
tree kept through a turn (each decision of the turn starts from the subtree of the action played before it), light
heuristic play-outs to the end of the game, and a reward mixing the result (win 1, draw 1/2, loss 0) with the
squashed score margin.

Equal time per turn: a turn's seconds are shared among its decisions, each taking half of what is left (the
first the half, the next a quarter, …), as ``strength.TurnClock`` does for the other agents.
"""

from __future__ import annotations

import math
import os
import random
import time
from typing import Any

from referee.coin_age.actions import DONE, Capture, Move, Pay, Place, Slap, slap
from referee.coin_age.rules import RULES as COIN_AGE

RANK_KINDS = (4, 3, 2, 1)

CLOCK = time.process_time if os.environ.get("COIN_AGE_AGENT_CLOCK") == "cpu" else time.perf_counter
"""The agents' clock: the wall clock, or (``COIN_AGE_AGENT_CLOCK=cpu``, ``strength.py --cpu-clock``) the CPU time
of the process, so that a series against an agent that takes no time (greedy) measures the same search however
loaded the machine is."""


def tops(state: Any) -> list[tuple[int, int] | None]:
    """Each space's top coin as (rank, side), or None when it is empty."""
    return [(stack[-1].rank, stack[-1].side) if stack else None for stack in state.board]


def points(state: Any, top: list[tuple[int, int] | None]) -> list[int]:
    """Each seat's points if the game ended with these tops: spaces, doubled in a region held by strictly more,
    plus one per coin in the bank (rule: scoring)."""
    total = [0, 0]
    for members in state.map.region_members:
        held = [0, 0]
        ranks = [0, 0]
        for space in members:
            coin = top[space]
            if coin is not None:
                held[coin[1]] += 1
                ranks[coin[1]] += coin[0]
        if held[0] > held[1]:
            ranks[0] *= 2
        elif held[1] > held[0]:
            ranks[1] *= 2
        total[0] += ranks[0]
        total[1] += ranks[1]
    for seat in (0, 1):
        total[seat] += sum(state.banks[seat].values())
    return total


def margin_change(state: Any, action: Any, top: list[tuple[int, int] | None], before: int) -> int:
    """The immediate change of the mover's score margin the action makes (``before``: the margin now)."""
    seat = state.seat
    changed = list(top)
    bank_change = [0, 0]
    match action:
        case Place(rank, space):
            changed[space] = (rank, seat)
            bank_change[seat] -= 1
        case Capture(space):
            stack = state.board[space]
            changed[space] = (stack[-2].rank, stack[-2].side) if len(stack) > 1 else None
            bank_change[seat] += 1
        case Move(source, target):
            changed[target], changed[source] = changed[source], None
        case Pay():
            bank_change[seat] -= 1
            bank_change[1 - seat] += 1
        case _:
            return 0
    after = points(state, changed)
    return (after[seat] + bank_change[seat]) - (after[1 - seat] + bank_change[1 - seat]) - before


def margin_of(state: Any, seat: int, top: list[tuple[int, int] | None]) -> int:
    score = points(state, top)
    return score[seat] - score[1 - seat]


def deciding(state: Any) -> bool:
    """Whether the player in turn has a decision (tossed, something legal left); otherwise a toss comes next."""
    return bool(state.tossed and not state.over and COIN_AGE.to_move(state) == state.seat)


def fair_toss(state: Any, rng: random.Random) -> Slap:
    """Each kind in the tosser's bank matches with probability 1/2."""
    bank = state.banks[state.tosser()]
    return slap([rank for rank in RANK_KINDS if bank[rank] and rng.random() < 0.5])


class DecisionNode:
    """A node where the player in turn chooses; its children by action, each with visits and total reward (for the
    player who chose it), and the candidate actions best bias first."""

    __slots__ = ("candidates", "children", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.candidates: list[tuple[Any, float]] | None = None
        self.children: dict[Any, Edge] = {}


class Edge:
    __slots__ = ("bias", "child", "total", "visits")

    def __init__(self, bias: float) -> None:
        self.visits = 0
        self.total = 0.0
        self.bias = bias
        self.child: dict[Any, DecisionNode] | DecisionNode | None = None


class CoinAgeMcts:
    """The reference tree search (see the module docstring)."""

    C = 0.35
    """UCB1's exploration constant (rewards lie in 0 … 1)."""
    BIAS_WEIGHT = 0.5
    """Progressive bias: ``BIAS_WEIGHT × squash(margin change) / (visits + 1)``."""
    BIAS_SCALE = 4.0
    WIDEN_BASE = 3
    WIDEN_RATE = 0.5
    """Progressive widening: a node visited ``n`` times considers its ``WIDEN_BASE + n ** WIDEN_RATE`` best-biased
    actions."""
    MARGIN_SHARE = 0.3
    MARGIN_SCALE = 6.0
    """Reward: ``(1 − MARGIN_SHARE) × result + MARGIN_SHARE × (1 + tanh(margin / MARGIN_SCALE)) / 2``."""
    PLAYOUT_RANDOM = 0.1
    """In a play-out, the chance of a random action instead of the heuristic's."""
    PLAYOUT_SAMPLE = 6
    """In a play-out, how many of the legal actions the heuristic compares (drawn at random)."""

    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.seat = seat
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.turn: tuple[int, int] | None = None
        self.left = seconds
        self.root: DecisionNode | None = None
        self.expected: Any = None
        self.iterations = 0

    # -- time --------------------------------------------------------------------------------------------------
    def deadline(self, state: Any) -> float:
        turn = (state.turns, state.seat)
        if turn != self.turn:
            self.turn, self.left = turn, self.seconds
            self.root = None
        share = self.left / 2
        self.left -= share
        return CLOCK() + share

    # -- choosing ----------------------------------------------------------------------------------------------
    def choose(self, state: Any) -> list[Any]:
        deadline = self.deadline(state)
        root = self.root if self.root is not None and self.expected == state else DecisionNode()
        iterations = 0
        while iterations < 16 or CLOCK() < deadline:
            self.iterate(root, state.copy())
            iterations += 1
        self.iterations += iterations
        action, edge = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
        after = state.copy()
        COIN_AGE.apply(after, action)
        if action is not DONE and deciding(after) and isinstance(edge.child, DecisionNode):
            self.root, self.expected = edge.child, after
        else:
            self.root = None
        return [action]

    def candidates(self, state: Any) -> list[tuple[Any, float]]:
        top = tops(state)
        before = margin_of(state, state.seat, top)
        found = [(action, margin_change(state, action, top, before)) for action in COIN_AGE.turn_actions(state)]
        found.append((DONE, 0.0))
        self.rng.shuffle(found)
        found.sort(key=lambda item: -item[1])
        return [(action, math.tanh(change / self.BIAS_SCALE)) for action, change in found]

    def iterate(self, root: DecisionNode, state: Any) -> None:
        """One descent: select (UCB1 + progressive bias, widening), sample each toss, expand one action, play out,
        back up."""
        path: list[tuple[Edge, int]] = []
        node = root
        rng = self.rng
        while True:
            if not deciding(state):
                if state.over:
                    break
                toss = fair_toss(state, rng)  # a chance node: one child per outcome
                COIN_AGE.apply(state, toss)
                if not path:
                    break
                edge = path[-1][0]
                if not isinstance(edge.child, dict):
                    edge.child = {}
                chance = edge.child
                found = chance.get(toss)
                if found is None or not deciding(state):
                    if found is None:
                        chance[toss] = DecisionNode()
                    break  # a new position (or one with nothing to decide): play out from it
                node = found
                continue
            if node.candidates is None:
                node.candidates = self.candidates(state)
            node.visits += 1
            allowed = min(len(node.candidates), self.WIDEN_BASE + int(node.visits**self.WIDEN_RATE))
            log_n = math.log(node.visits)
            best: tuple[Any, Edge] | None = None
            best_value = -math.inf
            fresh = False
            for action, bias in node.candidates[:allowed]:
                edge = node.children.get(action)
                if edge is None:
                    edge = node.children[action] = Edge(bias)
                    best = (action, edge)
                    fresh = True
                    break
                value = (
                    edge.total / edge.visits
                    + self.C * math.sqrt(log_n / edge.visits)
                    + self.BIAS_WEIGHT * edge.bias / (edge.visits + 1)
                )
                if value > best_value:
                    best_value, best = value, (action, edge)
            assert best is not None
            action, edge = best
            mover = state.seat
            COIN_AGE.apply(state, action)
            path.append((edge, mover))
            if fresh:
                break
            if deciding(state) and not state.over:
                if not isinstance(edge.child, DecisionNode):
                    edge.child = DecisionNode()
                node = edge.child
            # otherwise a toss follows: handled at the top of the loop
        self.playout(state)
        rewards = self.rewards(state)
        for edge, mover in path:
            edge.visits += 1
            edge.total += rewards[mover]

    def playout(self, state: Any) -> None:
        """Light heuristic play-out to the end: at each decision, the best of ``PLAYOUT_SAMPLE`` actions drawn at
        random by a cheap estimate of the margin they gain (``done`` when none gains), sometimes a random one."""
        rng = self.rng
        random_draw = rng.random
        sample = self.PLAYOUT_SAMPLE
        apply = COIN_AGE.apply
        while not state.over:
            actions = COIN_AGE.turn_actions(state) if state.tossed else []
            if not actions:
                apply(state, fair_toss(state, rng))
                continue
            if random_draw() < self.PLAYOUT_RANDOM:
                actions.append(DONE)
                apply(state, rng.choice(actions))
                continue
            top = tops(state)
            seat = state.seat
            best_action: Any = DONE
            best_gain = 0.0
            picked = actions if len(actions) <= sample else rng.sample(actions, sample)
            for action in picked:
                gain = self.quick_gain(state, action, top, seat) + random_draw() * 0.5
                if gain > best_gain:
                    best_gain, best_action = gain, action
            apply(state, best_action)

    @staticmethod
    def quick_gain(state: Any, action: Any, top: list[tuple[int, int] | None], seat: int) -> float:
        """A cheap estimate of the margin an action gains (regions left out): what it tops or uncovers."""
        match action:
            case Place(rank, space):
                under = top[space]
                gain = rank - 1 + 0.5
                if under is not None:
                    gain += under[0] if under[1] != seat else -under[0]
                return gain
            case Capture(space):
                stack = state.board[space]
                coin = stack[-1]
                gain = 1.0 + (coin.rank if coin.side != seat else -coin.rank)
                if len(stack) > 1:
                    below = stack[-2]
                    gain += below.rank if below.side == seat else -below.rank
                return gain
            case Pay():
                return 0.2
        return 0.0

    def rewards(self, state: Any) -> tuple[float, float]:
        """Each seat's reward for a finished game: the result mixed with the squashed margin."""
        outcome = COIN_AGE.outcome(state)
        names = state.players
        margin = outcome.scores[names[0]] - outcome.scores[names[1]]
        result = 0.5 if outcome.winner is None else 1.0 if outcome.winner == names[0] else 0.0
        share = self.MARGIN_SHARE
        squashed = (1 + math.tanh(margin / self.MARGIN_SCALE)) / 2
        first = (1 - share) * result + share * squashed
        return first, 1 - first
