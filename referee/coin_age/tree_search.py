"""The computer's tree search (level 5): Monte Carlo tree search over the turn's whole plans, then single actions,
judged by the hint's judgement and light play-outs.

Speed and play, not rules: it asks the rules only their public questions (``turn_actions``, ``to_move``,
``apply``, ``copy``) and judges positions by :func:`referee.coin_age.hint.judgement` (the score margin, the
tie-break and each side's exposure to being covered, read as a chance of winning).

* The root (:meth:`TreeSearch.plan_turn`): the turn's whole plans as the hint lists them (every distinct position
  the turn can leave), each with the judgement after it as its prior, counted as :data:`PRIOR_VISITS` descents.
* A *decision node* below is a position where the player in turn chooses; its edges are that player's actions
  (each placement, pay, move, capture, and ``done``), tried best first by the judgement after them (progressive
  widening: a node visited ``n`` times considers its ``WIDEN_BASE + √n`` best), chosen by UCB1 plus a progressive
  bias from that judgement.
* A *chance node* follows every toss (rule: toss; each kind matches with probability 1/2): each descent samples the
  outcome, and each outcome has its own child.
* A leaf is judged where the search stops: a game still going by the judgement (a position just tossed, by the
  judgement after the best action of the player in turn) mixed half and half with one light play-out from it to
  the end (:meth:`TreeSearch.playout`: each side plays the best of a few actions by a cheap guess of the points
  they gain); a finished game by its result mixed with its squashed margin (:func:`final_reward`). Measured on
  the same games in CPU seconds (``benchmarks/coin_age_settings.py``): against the greedy agent as strong as the
  judgement alone, against the reference tree search stronger (see docs/strength.md).
* :meth:`TreeSearch.plan` searches single actions from the root instead (when listing the plans would take too
  long), keeping the tree through the turn: it plays the most visited action and searches on from its child.

Time: the clock is read before every descent, and the search stops short of its deadline by the caller's reserve
for its own work, stretched by the share of a core the process gets (see :meth:`TreeSearch.plan`), so a turn ends
within the time given, measured from outside, on a loaded machine too. Pure: no I/O.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from referee.coin_age.actions import DONE, SLAPS, Action, Capture, Pay, Place, Slap
from referee.coin_age.hint import Plan, Searcher, Timeout, judgement, points_and_bank_value, win_chance
from referee.coin_age.odds import tossed_kinds
from referee.coin_age.rules import RULES
from referee.coin_age.state import CoinAgeState

EXPLORATION = 0.25
"""UCB1's exploration constant (rewards lie in 0 … 1)."""
BIAS_WEIGHT = 1.0
"""The progressive bias: ``BIAS_WEIGHT × (the judgement's change, as a reward) / (visits + 1)``."""
WIDEN_BASE = 2
WIDEN_RATE = 0.5
"""Progressive widening: a node visited ``n`` times considers its ``WIDEN_BASE + n ** WIDEN_RATE`` best actions."""
FIRST_SHARE = 0.7
LATER_SHARE = 0.5
"""The turn's first decision takes this share of its time, each later one this share of what is left (the tree
kept from the first has already looked at them)."""
LISTING_SHARE = 0.2
"""The share of a core the listing of the whole-turn plans assumes (it comes before any is measured): a listing
that would take longer (a turn of three placements) gives way to the search over single actions."""
PRIOR_VISITS = 3
"""A whole-turn plan's judgement counts as this many descents in its value: with little time (a loaded machine),
a few unlucky tosses sampled below a plan do not outweigh what the judgement reads of it."""
CHECK_SHARE_EVERY = 16
"""How often (in descents) the search measures its share of a core again (see :meth:`TreeSearch.end`)."""
MIN_WALL_FOR_SHARE = 0.02
MIN_SHARE = 0.1
"""The share is measured after this many seconds (1 before), and taken as at least this much."""
PLAYOUT_WEIGHT = 0.5
"""A new leaf's value: ``1 − PLAYOUT_WEIGHT`` of the judgement and ``PLAYOUT_WEIGHT`` of one light play-out to the
end of the game (see :meth:`TreeSearch.playout`); 0: the judgement alone."""
PLAYOUT_SAMPLE = 6
PLAYOUT_RANDOM = 0.1
"""In a play-out, the best of this many actions drawn at random by :func:`quick_gain` (``done`` when none gains),
and with this chance a random action instead."""
PLAYOUT_STEPS = 400
"""A play-out longer than this many steps stops, judged where it stands (two players who only end their turns)."""
RESULT_SHARE = 0.7
MARGIN_SCALE = 6.0
"""A finished play-out's reward: ``RESULT_SHARE`` of the result (win 1, draw 1/2, loss 0) and the rest of the score
margin squashed, ``(1 + tanh(margin / MARGIN_SCALE)) / 2``: a win by much is surer than a win by one."""


class Edge:
    """An action from a decision node: its visits, the total reward of the player who chose it, its prior (the
    judgement after it, as a reward) and what follows it (a decision node of the same turn, or the chance node of
    the next toss: a child per outcome)."""

    __slots__ = ("after", "prior", "total", "visits")

    def __init__(self, prior: float) -> None:
        self.visits = 0
        self.total = 0.0
        self.prior = prior
        self.after: Node | dict[Slap, Node] | None = None


class Node:
    """A position where the player in turn chooses."""

    __slots__ = ("candidates", "edges", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.candidates: list[tuple[Any, float]] | None = None
        """The choices (actions; at the root of :meth:`TreeSearch.plan_turn`, plans by number), best prior first."""
        self.edges: dict[Any, Edge] = {}


def deciding(state: CoinAgeState) -> bool:
    """Whether the player in turn has a choice now (tossed, something left); otherwise a toss comes next."""
    return state.tossed and not state.over and RULES.to_move(state) == state.seat


def reward(state: CoinAgeState, seat: int) -> float:
    """The position for ``seat`` as a reward from 0 (a loss) to 1 (a win)."""
    return min(1.0, max(0.0, (judgement(state, seat) + 1) / 2))


def ucb(edge: Edge, log_visits: float) -> float:
    """An edge's worth to the chooser: its mean reward, UCB1's exploration term (``log_visits``: the log of its
    node's visits) and the progressive bias from its prior, fading as it is visited."""
    return (
        edge.total / edge.visits
        + EXPLORATION * math.sqrt(log_visits / edge.visits)
        + BIAS_WEIGHT * edge.prior / (edge.visits + 1)
    )


def quick_gain(state: CoinAgeState, action: Action, seat: int) -> float:
    """A cheap guess at the points an action gains ``seat`` (regions left out): the coin it tops, the coin it
    covers or uncovers, the coin it brings back to the bank."""
    board = state.board
    if isinstance(action, Place):
        stack = board[action.space]
        gain = action.rank - 0.5
        if stack:
            under = stack[-1]
            gain += under.rank if under.side != seat else -under.rank
        return gain
    if isinstance(action, Capture):
        stack = board[action.space]
        coin = stack[-1]
        gain = 1.0 + (coin.rank if coin.side != seat else -coin.rank)
        if len(stack) > 1:
            below = stack[-2]
            gain += below.rank if below.side == seat else -below.rank
        return gain
    if isinstance(action, Pay):
        return 0.2
    return 0.0


def final_reward(state: CoinAgeState) -> float:
    """A finished game for the first seat (0 … 1): the result mixed with the squashed margin (see
    :data:`RESULT_SHARE`). Rule (scoring): most points wins; tied, the higher bank value; still tied, a draw."""
    first, second, first_value, second_value = points_and_bank_value(state)
    points = first - second
    ahead = points if points else first_value - second_value
    result = 1.0 if ahead > 0 else 0.0 if ahead < 0 else 0.5
    return RESULT_SHARE * result + (1 - RESULT_SHARE) * (1 + math.tanh(points / MARGIN_SCALE)) / 2


class TreeSearch:
    """One turn's search for the player in turn (see the module docstring). ``rng`` samples the tosses."""

    def __init__(
        self,
        rng: random.Random,
        clock: Callable[[], float] = time.perf_counter,
        cpu_clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.rng = rng
        self.clock = clock
        self.cpu_clock = cpu_clock
        self.iterations = 0
        self.started = self.cpu_started = self.deadline = self.reserve_cpu = 0.0

    def plan(self, state: CoinAgeState, deadline: float, *, minimum: int = 4, reserve_cpu: float = 0.0) -> list[Action]:
        """The actions of the turn of the player in turn (who has tossed), ending with ``done`` when it stops with
        something left, searched until ``deadline`` (at least ``minimum`` descents a decision).

        ``reserve_cpu``: the CPU seconds the caller still needs after the search (announcing and recording the
        actions). On a loaded machine a process gets only a share of a core, so that work takes longer than its CPU
        time: the search stops ``reserve_cpu / share`` before ``deadline``, the share measured as it goes (the
        process's CPU time over the wall time since the search began)."""
        seat = state.seat
        state = state.copy()
        root = Node()
        played: list[Action] = []
        self.started, self.cpu_started = self.clock(), self.cpu_clock()
        self.deadline, self.reserve_cpu = deadline, reserve_cpu
        first = True
        while deciding(state):
            now = self.clock()
            end = self.end(now)
            share = now + (end - now) * (FIRST_SHARE if first else LATER_SHARE)
            first = False
            count = 0
            while count < minimum or now < share:
                self.descend(root, state.copy())
                count += 1
                now = self.clock()
                if reserve_cpu and count % CHECK_SHARE_EVERY == 0:
                    end = min(end, self.end(now))
                    share = min(share, end)
            self.iterations += count
            action, edge = max(root.edges.items(), key=lambda item: (item[1].visits, item[1].total))
            played.append(action)
            RULES.apply(state, action)
            if action is DONE or not deciding(state) or state.seat != seat:
                break
            root = edge.after if isinstance(edge.after, Node) else Node()
        return played

    def end(self, now: float) -> float:
        """When the search must stop: the deadline, less the caller's CPU reserve at the share of a core this
        process has had since the search began (see :meth:`plan`)."""
        if not self.reserve_cpu:
            return self.deadline
        wall = now - self.started
        share = 1.0 if wall < MIN_WALL_FOR_SHARE else (self.cpu_clock() - self.cpu_started) / wall
        return self.deadline - self.reserve_cpu / min(1.0, max(MIN_SHARE, share))

    def candidates(self, state: CoinAgeState) -> list[tuple[Action, float]]:
        """The player in turn's actions, each with the judgement after it (as their reward), best first."""
        seat = state.seat
        found: list[tuple[Action, float]] = []
        for action in [*RULES.turn_actions(state), DONE]:
            after = state.copy()
            RULES.apply(after, action)
            found.append((action, reward(after, seat)))
        found.sort(key=lambda item: -item[1])
        return found

    def descend(self, root: Node, state: CoinAgeState, path: list[tuple[Edge, int]] | None = None) -> None:
        """One descent: choose by UCB1 with progressive bias and widening, sample each toss, open one new action,
        judge where it stops, and back the reward up (along ``path`` too: the edges that led to ``root``)."""
        path = [] if path is None else path
        node = root
        while True:
            if node.candidates is None:
                node.candidates = self.candidates(state)
            node.visits += 1
            allowed = min(len(node.candidates), WIDEN_BASE + int(node.visits**WIDEN_RATE))
            log_visits = math.log(node.visits)
            chosen: Action | None = None
            chosen_edge: Edge | None = None
            best = -math.inf
            opened = False
            for action, prior in node.candidates[:allowed]:
                edge = node.edges.get(action)
                if edge is None:
                    chosen, chosen_edge = action, Edge(prior)
                    node.edges[action] = chosen_edge
                    opened = True
                    break
                value = ucb(edge, log_visits)
                if value > best:
                    best, chosen, chosen_edge = value, action, edge
            assert chosen is not None and chosen_edge is not None
            mover = state.seat
            RULES.apply(state, chosen)
            path.append((chosen_edge, mover))
            if opened:
                leaf = self.leaf(chosen_edge.prior if mover == 0 else 1 - chosen_edge.prior, state)
                break
            if state.over:
                leaf = self.finished(state)
                break
            if deciding(state):
                if not isinstance(chosen_edge.after, Node):
                    chosen_edge.after = Node()
                node = chosen_edge.after
                continue
            outcomes = chosen_edge.after
            if not isinstance(outcomes, dict):
                outcomes = chosen_edge.after = {}
            toss = self.toss(state)
            RULES.apply(state, toss)
            child = outcomes.get(toss)
            if child is None or not deciding(state):
                if child is None:
                    child = outcomes[toss] = Node()
                leaf = self.leaf(self.first_look(child, state), state)
                break
            node = child
        for edge, mover in path:
            edge.visits += 1
            edge.total += leaf if mover == 0 else 1 - leaf

    def first_look(self, node: Node, state: CoinAgeState) -> float:
        """A position just tossed, reached for the first time, for the first seat (0 … 1): the player in turn's
        best action by the judgement after it (their actions' priors are kept in ``node``)."""
        if not deciding(state):
            return reward(state, 0)
        node.candidates = self.candidates(state)
        best = node.candidates[0][1]
        return best if state.seat == 0 else 1 - best

    def leaf(self, judged: float, state: CoinAgeState) -> float:
        """A new leaf's value for the first seat: the judgement ``judged``, mixed with a play-out from ``state``
        (which it plays on) when :data:`PLAYOUT_WEIGHT` says so."""
        if not PLAYOUT_WEIGHT or state.over:
            return judged
        return (1 - PLAYOUT_WEIGHT) * judged + PLAYOUT_WEIGHT * self.playout(state)

    @staticmethod
    def finished(state: CoinAgeState) -> float:
        """A finished game for the first seat: as a play-out's end counts it when play-outs are on."""
        return final_reward(state) if PLAYOUT_WEIGHT else reward(state, 0)

    def playout(self, state: CoinAgeState) -> float:
        """A light play-out to the end (each toss fair; each decision the best of a few actions by
        :func:`quick_gain`, ``done`` when none gains, sometimes a random one), its :func:`final_reward`."""
        rng = self.rng
        draw = rng.random
        apply = RULES.apply
        steps = 0
        while not state.over:
            steps += 1
            if steps > PLAYOUT_STEPS:
                return reward(state, 0)
            actions = RULES.turn_actions(state) if state.tossed else []
            if not actions:
                apply(state, self.toss(state))
                continue
            if draw() < PLAYOUT_RANDOM:
                actions.append(DONE)
                apply(state, rng.choice(actions))
                continue
            seat = state.seat
            chosen: Action = DONE
            best = 0.0
            picked = actions if len(actions) <= PLAYOUT_SAMPLE else rng.sample(actions, PLAYOUT_SAMPLE)
            for action in picked:
                gain = quick_gain(state, action, seat) + draw() * 0.5
                if gain > best:
                    best, chosen = gain, action
            apply(state, chosen)
        return final_reward(state)

    # -- whole-turn plans at the root ------------------------------------------------------------------------
    def plan_turn(self, state: CoinAgeState, deadline: float, *, reserve_cpu: float = 0.0) -> list[Action]:
        """The turn of the player in turn, chosen among its whole-turn plans (every distinct position the turn can
        leave, as the hint lists them, each with the judgement after it as its prior): a tree search whose root
        actions are those plans, with a chance node for the opponent's toss after each and single actions below.
        When listing the plans would take past the deadline (a turn of three placements in a crowded position),
        the search over single actions (:meth:`plan`) plays instead."""
        self.started, self.cpu_started = self.clock(), self.cpu_clock()
        self.deadline, self.reserve_cpu = deadline, reserve_cpu
        seat = state.seat
        try:  # before any share is measured, the listing is given the time a loaded machine would leave it
            listing_deadline = deadline - reserve_cpu / LISTING_SHARE if reserve_cpu else deadline
            plans = Searcher(deadline=listing_deadline).plans(state)
        except Timeout:
            return self.plan(state, deadline, minimum=1, reserve_cpu=reserve_cpu)
        if len(plans) == 1:
            return list(plans[0].actions)
        root = Node()
        root.candidates = [(index, win_chance(plan.value)) for index, plan in enumerate(plans)]
        end = self.end(self.clock())
        count = 0
        while count < 4 or self.clock() < end:
            self.descend_plan(root, plans, seat)
            count += 1
            if reserve_cpu and count % CHECK_SHARE_EVERY == 0:
                end = min(end, self.end(self.clock()))
        self.iterations += count
        best = max(root.edges.items(), key=lambda item: (item[1].visits, item[1].total))[0]
        return list(plans[best].actions)

    def descend_plan(self, root: Node, plans: list[Plan], seat: int) -> None:
        """One descent from the root of whole-turn plans (see :meth:`plan_turn`)."""
        root.visits += 1
        assert root.candidates is not None
        allowed = min(len(root.candidates), WIDEN_BASE + int(root.visits**WIDEN_RATE))
        log_visits = math.log(root.visits)
        chosen: Any = None
        chosen_edge: Edge | None = None
        best = -math.inf
        for index, prior in root.candidates[:allowed]:
            edge = root.edges.get(index)
            if edge is None:
                edge = root.edges[index] = Edge(prior)
                edge.visits, edge.total = PRIOR_VISITS, PRIOR_VISITS * prior
                return  # a plan opened: its value so far is its prior
            value = ucb(edge, log_visits)
            if value > best:
                best, chosen, chosen_edge = value, index, edge
        assert chosen_edge is not None
        state = plans[chosen].result.copy()
        path = [(chosen_edge, seat)]
        if not state.over:
            outcomes = chosen_edge.after
            if not isinstance(outcomes, dict):
                outcomes = chosen_edge.after = {}
            toss = self.toss(state)
            RULES.apply(state, toss)
            child = outcomes.get(toss)
            if child is not None and deciding(state):
                self.descend(child, state, path)
                return
            if child is None:
                child = outcomes[toss] = Node()
            leaf = self.leaf(self.first_look(child, state), state)
        else:
            leaf = self.finished(state)
        chosen_edge.visits += 1
        chosen_edge.total += leaf if seat == 0 else 1 - leaf

    def toss(self, state: CoinAgeState) -> Slap:
        """A fair toss of the tosser's bank (each kind in it matches with probability 1/2)."""
        random_draw = self.rng.random
        kinds = tossed_kinds(state.banks[state.tosser()])
        return SLAPS[frozenset(rank for rank in kinds if random_draw() < 0.5)]
