"""Random positions for the advice tests."""

from __future__ import annotations

import random

from referee.coin_age.rules import RULES, CoinAgeState
from tests.coin_age.helpers import setup


def random_turn(rng: random.Random, max_actions: int = 40) -> CoinAgeState | None:
    """A Coin Age state in the middle of a turn (after the slap, maybe after some actions), or None when the random
    game ended first."""
    state = RULES.new_state(["Ann", "Bob"], setup())
    for _step in range(rng.randrange(0, max_actions)):
        if state.over:
            return None
        RULES.apply(state, RULES.random_action(state, rng))
    while not state.over and not state.tossed:
        RULES.apply(state, RULES.random_action(state, rng))
    return None if state.over else state
