"""A computer seat for The Builders: Middle Ages (speed machinery beside the rules; pure, no I/O).

It knows only what a player at the table can see: the face-up rows, every player's cards, workers and écus, and
how many cards each deck holds. The order of the decks is hidden (the physical decks show nothing on top); when
the referee deals (``seed``), the computer never reads that order: before each imagined game it shuffles the cards
not yet seen (determinisation), so changing the hidden order beyond what a player sees never changes its choice.

Levels (``--level``):

1. a beginner: a sensible action at random (the self-play policy of ``simulate``);
2. the best turn of the hint (:func:`referee.builders.hint.best_turn`: the most VP this turn), else sensible;
3. to 5. flat Monte Carlo: each legal action now is tried in games played out to the end with the sensible policy,
   on decks shuffled from the cards not seen, and the action that wins most (a draw half a win, the score margin
   breaking ties) is played; higher levels play out more games within the time given.

It decides one action at a time; the session asks again until its turn is over. A row awaiting a ``reveal`` (cards
dealt at the table) is answered by the people at the table, never by the computer.
"""

from __future__ import annotations

import random
import time
from typing import Any

from referee.builders.rules import RULES
from referee.builders.state import BuildersState

LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 4
PLAYOUT_LIMIT = 3000
"""Actions at most in one imagined game (a locked game is cut there and scored as it stands)."""
ROLLOUT_SHARE = {3: 0.25, 4: 0.6, 5: 1.0}
"""The share of its time a Monte Carlo level spends (level 5: all of it)."""


def hidden_order_shuffled(state: BuildersState, rng: random.Random) -> BuildersState:
    """A copy of ``state`` whose decks are in a random order: the cards not yet seen, as a player knows them."""
    guess = state.copy()
    guess.deck_buildings = sorted(guess.deck_buildings)  # the set of unseen cards, whatever order it lies in
    guess.deck_workers = sorted(guess.deck_workers)
    rng.shuffle(guess.deck_buildings)
    rng.shuffle(guess.deck_workers)
    return guess


def value(state: BuildersState, seat: int) -> float:
    """How good an ended (or cut) game is for ``seat``: 1 a win, 0.5 a draw, 0 a loss, plus a hundredth of the
    score margin over the best other player (so among equal chances the larger lead is preferred)."""
    outcome = RULES.outcome(state)
    name = state.players[seat]
    mine = outcome.scores[name]
    best_other = max(points for other, points in outcome.scores.items() if other != name)
    if outcome.winner is not None:
        result = 1.0 if outcome.winner == name else 0.0
    else:
        result = 0.5 if mine == max(outcome.scores.values()) else 0.0
    return result + (mine - best_other) / 100


def play_out(state: BuildersState, rng: random.Random) -> BuildersState:
    """Play ``state`` (a copy) to its end with the sensible self-play policy."""
    for _step in range(PLAYOUT_LIMIT):
        if state.over or RULES.stalled(state):
            break
        RULES.apply(state, RULES.self_play_action(state, rng))
    return state


def monte_carlo(state: BuildersState, seat: int, seconds: float, rng: random.Random) -> Any:
    """The legal action now whose imagined games score best for ``seat`` within ``seconds`` (two rounds at least:
    every legal action tried in one imagined game per round)."""
    return _monte_carlo(state, seat, rng, deadline=time.monotonic() + seconds, most=None)


def monte_carlo_rounds(state: BuildersState, seat: int, rounds: int, rng: random.Random) -> Any:
    """:func:`monte_carlo` for exactly ``rounds`` rounds (tests: the same games whatever the clock)."""
    return _monte_carlo(state, seat, rng, deadline=None, most=rounds)


def _monte_carlo(
    state: BuildersState, seat: int, rng: random.Random, *, deadline: float | None, most: int | None
) -> Any:
    candidates = list(RULES.legal_actions(state))
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    rounds = 0
    while True:
        for index, action in enumerate(candidates):
            guess = hidden_order_shuffled(state, rng)
            RULES.apply(guess, action)
            totals[index] += value(play_out(guess, rng), seat)
        rounds += 1
        if most is not None and rounds >= most:
            break
        if deadline is not None and time.monotonic() >= deadline and rounds >= 2:
            break
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


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
        return monte_carlo(state, seat, self.seconds * ROLLOUT_SHARE.get(self.level, 1.0), self.rng)

    def __call__(self, game: Any) -> list[str]:
        """The session's hook: the action a computer seat plays now (notation), or none when a person is to act
        (another seat's turn, or a row awaiting the card that came up)."""
        state: BuildersState = game.state
        if state.over or state.pending is not None or state.current not in self.seats:
            return []
        action = self.choose(state)
        return [RULES.format(action, state)]
