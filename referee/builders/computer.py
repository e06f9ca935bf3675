"""A computer seat for The Builders: Middle Ages (speed machinery beside the rules; pure, no I/O).

It knows only what a player at the table can see: the face-up rows, every player's cards, workers and écus, and
how many cards each deck holds. The order of the decks is hidden (the physical decks show nothing on top); when
the referee deals (``seed``), the computer never reads that order: before it plans, it shuffles the cards not yet
seen (determinisation), so changing the hidden order beyond what a player sees never changes its choice.

Levels (``--level``):

1. a beginner: a sensible action at random (the self-play policy of ``simulate``);
2. the best turn of the hint (:func:`referee.builders.hint.best_turn`: the most VP this turn), else sensible;
3. to 5. a planner: the rest of its turn (buying actions included) searched action by action, keeping the
   :data:`BEAMS` best partial turns by its judgement of the position (:func:`worth`: VP, open sites by how far
   their workers cover them, écus, the workforce), and the first action of the best whole turn played. Higher
   levels keep more partial turns; each stops at the time given.

Measured against reference agents in ``benchmarks/strength.py`` (see the README). An earlier flat Monte Carlo
(each action tried in games played out with the sensible policy) lost to a greedy agent: the play-outs were too
noisy in the time a person waits.

It decides one action at a time; the session asks again until its turn is over. A row awaiting a ``reveal`` (cards
dealt at the table) is answered by the people at the table, never by the computer.
"""

from __future__ import annotations

import random
import time
from typing import Any

from referee.builders.cards import card
from referee.builders.rules import RULES
from referee.builders.sites import still_needed
from referee.builders.state import BuildersState

LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 4
BEAMS = {3: 3, 4: 16, 5: 48}
"""Partial turns the planner keeps at each step, by level."""
LONGEST_TURN = 12
"""Actions at most in a planned turn (three free ones and those bought: more than écus ever pay for)."""
SITE_BASE = 0.1
SITE_PROGRESS = 0.6
ECU_WORTH = 0.15
WORKER_WORTH = 0.12
"""How the planner judges a seat's position (:func:`worth`): VP, plus each open site's VP and écus reward at
``SITE_BASE + SITE_PROGRESS × (share of its needs covered)``, plus ``ECU_WORTH`` per écu, plus ``WORKER_WORTH`` per
resource an idle worker makes (the workforce to finish the next sites). Set by hand and checked by
``benchmarks/strength.py``."""


def hidden_order_shuffled(state: BuildersState, rng: random.Random) -> BuildersState:
    """A copy of ``state`` whose decks are in a random order: the cards not yet seen, as a player knows them."""
    guess = state.copy()
    guess.deck_buildings = sorted(guess.deck_buildings)  # the set of unseen cards, whatever order it lies in
    guess.deck_workers = sorted(guess.deck_workers)
    rng.shuffle(guess.deck_buildings)
    rng.shuffle(guess.deck_workers)
    return guess


def worth(state: BuildersState, seat: int) -> float:
    """How good a position is for ``seat``: the planner's own judgement, not a rule (see :data:`SITE_BASE`)."""
    player = state.seats[seat]
    total = player.vp + ECU_WORTH * player.coins
    for site, workers in player.sites.items():
        building = card(site)
        need = sum(building.requires)
        left = sum(still_needed(site, workers))
        reward = building.vp + ECU_WORTH * building.coins
        total += reward * (SITE_BASE + SITE_PROGRESS * (need - left) / need if need else 1.0)
    for worker in player.idle:
        total += WORKER_WORTH * sum(card(worker).produces)
    return total


def plan_turn(state: BuildersState, seat: int, beam_width: int, deadline: float | None = None) -> list[Any]:
    """The rest of ``seat``'s turn that leaves it the best :func:`worth`, by beam search over the legal actions
    (``beam_width`` partial turns kept at each step, stopping at ``deadline``); ``state`` is a guess with its decks
    shuffled (:func:`hidden_order_shuffled`). A turn ends when the seat passes it on, or the game ends, or a row
    waits for the card that came up."""
    beam: list[tuple[float, list[Any], BuildersState]] = [(worth(state, seat), [], state)]
    best: tuple[float, list[Any]] | None = None
    for _step in range(LONGEST_TURN):
        grown: list[tuple[float, list[Any], BuildersState]] = []
        for _value, actions, current in beam:
            for action in RULES.legal_actions(current):
                after = current.copy()
                RULES.apply(after, action)
                value = worth(after, seat)
                plan = [*actions, action]
                if after.over or after.current != seat or after.pending is not None:
                    if best is None or value > best[0]:
                        best = (value, plan)
                else:
                    grown.append((value, plan, after))
        if not grown or (deadline is not None and time.monotonic() > deadline and best is not None):
            break
        grown.sort(key=lambda item: -item[0])
        beam = grown[:beam_width]
    if best is not None:
        return best[1]
    return beam[0][1] or list(RULES.legal_actions(state))[:1]


class BuildersComputer:
    """Plays the ``seats`` (0-based) at ``level`` with ``seconds`` per decision, from ``seed``."""

    def __init__(self, seats: list[int], level: int = DEFAULT_LEVEL, seconds: float = 0.5, seed: int | None = None):
        self.seats = list(seats)
        self.level = level
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)

    def record_table(self) -> dict[str, Any]:
        """The record's ``[computer]`` table: ``seats`` (from 1), ``level`` and ``time`` per action."""
        table: dict[str, Any] = {"seats": [seat + 1 for seat in self.seats], "level": self.level, "time": self.seconds}
        if self.seed is not None:
            table["seed"] = self.seed
        return table

    def choose(self, state: BuildersState) -> Any:
        """The action the computer plays now (it is one of its seats' turn, no reveal awaited)."""
        seat = state.current
        if self.level <= 1:
            return RULES.self_play_action(state, self.rng)
        if self.level == 2:
            from referee.builders.hint import best_turn

            plan = best_turn(state)
            if plan is not None and plan.actions and not plan.needs_reveal:
                return plan.actions[0]
            return RULES.self_play_action(state, self.rng)
        guess = hidden_order_shuffled(state, self.rng)
        return plan_turn(guess, seat, BEAMS.get(self.level, BEAMS[DEFAULT_LEVEL]), time.monotonic() + self.seconds)[0]

    def __call__(self, game: Any) -> list[str]:
        """The session's hook: the action a computer seat plays now (notation), or none when a person is to act
        (another seat's turn, or a row awaiting the card that came up)."""
        state: BuildersState = game.state
        if state.over or state.pending is not None or state.current not in self.seats:
            return []
        action = self.choose(state)
        return [RULES.format(action, state)]
