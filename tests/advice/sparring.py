"""Simulated games: the computer opponent against a random player."""

from __future__ import annotations

import random

from referee.coin_age.computer import Computer
from referee.coin_age.rules import RULES
from tests.coin_age.helpers import setup


def play_one(seed: int, computer_seat: int, max_depth: int = 1) -> tuple[bool, bool]:
    """One game; returns (the computer won, every action was legal)."""
    rng = random.Random(seed)
    computer = Computer(computer_seat, seed=seed + 1, time_limit=None, max_depth=max_depth)
    state = RULES.new_state(["Heads", "Tails"], setup())
    legal = True
    while not state.over:
        texts = computer.actions(state)
        if texts:
            for text in texts:
                action = RULES.parse(text, state)
                legal = legal and RULES.judge(state, action).legal
                RULES.apply(state, action)
                if state.over:
                    break
            continue
        RULES.apply(state, RULES.random_action(state, rng))
    outcome = RULES.outcome(state)
    return outcome.winner == state.players[computer_seat], legal


def win_rate(games: int, max_depth: int = 1) -> tuple[float, bool]:
    wins = 0
    all_legal = True
    for number in range(games):
        won, legal = play_one(number, number % 2, max_depth)
        wins += won
        all_legal = all_legal and legal
    return wins / games, all_legal
