"""A Coin Age opponent: plays one seat, its coins tossed by the referee from the match's seed.

Level 5 (the default at the table) searches a Monte Carlo tree over single actions with a chance node for every
toss (:mod:`referee.coin_age.tree_search`), judging where it stops by the hint's judgement
(:func:`referee.coin_age.hint.judgement`: the chance of winning, the tie-break and each side's exposure to being
covered counted) mixed with a light play-out to the end of the game; levels 1 to 4 play the hint's expectimax over
whole-turn plans, so ``hint`` shows what they would play. Pure: given the state, it says which actions its seat
plays now (notation), or none when it is not its turn.
Its tosses are fair (each coin shows its side with probability 1/2) and fixed by the game: the toss of a turn is
drawn from the match's seed and the toss's number in the game (:mod:`referee.coin_age.computer_tosses`), so undo,
redo and resume never change it. Its turn ends within the time it is given: the search reads the clock every
descent and keeps a reserve for the referee's own work. Its strength is measured by ``benchmarks/strength.py``,
its time by ``benchmarks/coin_age_turn_time.py`` (see docs/strength.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from referee.coin_age.actions import Done, Slap
from referee.coin_age.computer_tosses import choice_bits, computer_toss, new_seed
from referee.coin_age.hint import search
from referee.coin_age.rules import RULES
from referee.coin_age.state import CoinAgeState
from referee.coin_age.tree_search import TreeSearch

RESERVE_SHARE = 0.04
RESERVE_SECONDS = 0.03
RESERVE_CPU = 0.05
"""The turn's time, measured from outside (``benchmarks/coin_age_turn_time.py``), holds the referee's own work
too: reading the opponent's last action and recording it, then announcing and recording each of the computer's
(about 0.05 s of CPU in all, and a wait for the disk). The tree search stops ``RESERVE_SHARE`` of the time given
plus ``RESERVE_SECONDS`` before the turn's time is up, and ``RESERVE_CPU`` more at the share of a core the process
gets (on a loaded machine that work takes longer: see :meth:`referee.coin_age.tree_search.TreeSearch.plan`)."""


KEPT_TO_SEARCH = 0.25
"""The share of its search time it always keeps, however long the table took to hand it the turn (its time is
counted from the handover: see :meth:`Computer.actions`), so that it never plays without looking."""


class Computer:
    """Plays ``seat``: tosses from ``seed``, then the best turn found in ``time_limit`` seconds (or ``max_depth``)."""

    def __init__(
        self,
        seat: int,
        seed: int | None = None,
        time_limit: float | None = 1.0,
        max_depth: int | None = None,
        *,
        typed_tosses: bool = False,
        level: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seat = seat
        self.clock = clock
        """Its clock (``time.monotonic``, the clock of :attr:`referee.engine.Game.pushed_at`; a test's own)."""
        self.level = level
        """1 a beginner (a plan at random among the five best of a one-turn look), 2 one turn ahead, 3 two turns,
        4 the search of ``hint`` for half the time given, 5 the tree search for the time given."""
        if level <= 3 and max_depth is None:
            max_depth = {1: 1, 2: 1, 3: 2}.get(level, 1)
        self.seed_given = seed is not None
        self.seed = new_seed() if seed is None else seed
        """The match's seed (``--seed``, or drawn when none is given): the record keeps it, so its tosses are the
        same after ``--resume``."""
        self.time_limit = time_limit
        """The time it is given a turn (``--computer-time``), as the record keeps it; see :meth:`thinking_time`."""
        self.max_depth = max_depth
        self.typed_tosses = typed_tosses
        """The computer's coins lie on the real table too: a person slaps them and types the result (``slap …``);
        the computer then plays its turn."""
        self.reserve_cpu = RESERVE_CPU
        """The CPU seconds the table's own work takes after its search (see :data:`RESERVE_CPU`); more where the
        table also draws itself after the turn (the full screen:
        :data:`referee.cli.table.full_screen.DRAWING_CPU`)."""

    @property
    def seats(self) -> list[int]:
        """The seats it plays (one: Coin Age has two)."""
        return [self.seat]

    def record_table(self) -> dict[str, Any]:
        """The record's ``[computer]`` table: ``seats`` (from 1), ``level``, ``time`` per turn, ``tosses`` (drawn by
        the computer or typed by a person) and ``seed`` (given, or drawn for the match)."""
        table: dict[str, Any] = {"seats": [self.seat + 1], "level": self.level}
        if self.time_limit is not None:
            table["time"] = self.time_limit
        table["tosses"] = "typed" if self.typed_tosses else "drawn"
        table["seed"] = self.seed
        return table

    def continue_match(self, table: dict[str, Any]) -> None:
        """A resumed game with a computer named again on the command line: without a ``--seed`` of its own, it
        keeps the record's, so the tosses to come are those of the match (undo after ``--resume`` sees the same)."""
        seed = table.get("seed")
        if not self.seed_given and type(seed) is int:
            self.seed = seed

    def thinking_time(self) -> float | None:
        """The seconds its search takes a turn: the time given, half of it at level 4."""
        if self.level == 4 and self.time_limit is not None:
            return self.time_limit / 2
        return self.time_limit

    def search_time(self) -> float:
        """The seconds the tree search may take of a turn's :meth:`thinking_time` (see :data:`RESERVE_SHARE`)."""
        given = self.thinking_time() or 1.0
        return max(given * 0.2, given * (1 - RESERVE_SHARE) - RESERVE_SECONDS)

    def toss(self, state: CoinAgeState) -> Slap:
        """Its toss for the next turn: fixed by the seed and the toss's number in the game (the tosses so far,
        plus one), whatever was undone or played differently before it."""
        return computer_toss(self.seed, state.turns + 1, state.banks[self.seat])

    def actions(self, state: CoinAgeState, started: float | None = None) -> list[str]:
        """The actions the computer plays now: its toss (when it tosses next) and its plan, or [] when the
        other player is to act. Its time is counted from ``started`` (on :attr:`clock`: when its turn began as the
        table sees it, the referee's work since then included), else from now; so its first turn, with whatever
        the referee did first for it, ends within its time like every other (a quarter of its search time is kept
        whatever the handover took: :data:`KEPT_TO_SEARCH`)."""
        now = self.clock()
        started = now if started is None else min(started, now)
        if state.over or not state.turn_known:
            return []
        played: list[str] = []
        if state.tosser() == self.seat and (not state.tossed or RULES.to_move(state) == self.seat):
            if self.typed_tosses:
                return []  # its toss is slapped at the table and typed by a person
            slap = self.toss(state)  # a new turn, or the opponent's turn has nothing left: the toss ends it
            played.append(RULES.format(slap, state))
            state = state.copy()
            RULES.apply(state, slap)
        if state.tossed and state.seat == self.seat and not state.over and self.level == 5:
            deadline = max(started + self.search_time(), now + self.search_time() * KEPT_TO_SEARCH)
            tree = TreeSearch(random.Random(choice_bits(self.seed, state.turns)), clock=self.clock)
            actions = [action for action in tree.plan_turn(state, deadline, reserve_cpu=self.reserve_cpu)]
            if actions and isinstance(actions[-1], Done):
                actions.pop()  # said only while something is left to it (see below)
            after = state.copy()
            for action in actions:
                played.append(RULES.format(action, after))
                RULES.apply(after, action)
            if not after.over and RULES.to_move(after) == self.seat:
                played.append("done")  # it stops with actions left: it ends its turn
            return played
        if state.tossed and state.seat == self.seat and not state.over:
            thinking = self.thinking_time()
            if thinking is not None:  # what the referee took since the turn began is taken from it (a quarter kept)
                thinking = max(thinking * KEPT_TO_SEARCH, thinking - (self.clock() - started))
            result = search(state, time_limit=thinking, max_depth=self.max_depth)
            chosen = result.plans[0] if result.plans else None
            if self.level <= 1 and result.plans:
                chosen = random.Random(choice_bits(self.seed, state.turns)).choice(result.plans[:5])
            plan = [text for text in (chosen.notation if chosen is not None else ()) if text != "done"]
            if self.still_to_move(state, plan):
                plan.append("done")  # it stops with actions left (or found no plan in time): it ends its turn
            played.extend(plan)  # no needless done: once nothing is left to it, to_move already says the opponent
        return played

    def still_to_move(self, state: CoinAgeState, plan: list[str]) -> bool:
        """Whether, after ``plan``, the turn is still the computer's (it must say ``done`` to end it)."""
        after = state.copy()
        for text in plan:
            RULES.apply(after, RULES.parse(text, after))
        return not after.over and RULES.to_move(after) == self.seat

    def __call__(self, game: Any) -> list[str]:
        """The hook of ``play --vs-computer`` (``game`` is a :class:`referee.engine.Game`): its turn timed from
        when the action that handed it over was pushed (:attr:`referee.engine.Game.pushed_at`)."""
        return self.actions(game.state, getattr(game, "pushed_at", None))
