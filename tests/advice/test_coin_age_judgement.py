"""The judgement the Coin Age hint and computer play by: a finished game is a win, a draw or a loss (the tie-break on
bank value included); a game still going leans with the margin, less surely the more placements are left."""

from __future__ import annotations

import random

import pytest

from referee.coin_age.coins import Coin
from referee.coin_age.hint import judgement, placements_left, win_chance
from referee.coin_age.rules import RULES
from tests.advice.helpers import random_turn
from tests.coin_age.helpers import setup


def position(board: dict[int, list[Coin]], banks: list[dict[int, int]], *, over: bool):
    state = RULES.new_state(["Ann", "Bob"], setup())
    for space, coins in board.items():
        for coin in coins:
            state.put(space, coin)
    state.banks = banks
    state.over = over
    return state


def test_tie_break_a_finished_tie_on_points_goes_to_the_higher_bank_value() -> None:
    # Ann: a nickel alone in its region (3, doubled) and two dimes in the bank; Bob: a quarter alone in its region
    # (4, doubled), an empty bank: 8-8 on points, and Ann's bank value 2 beats Bob's 0 (the rule's tie-break).
    state = position(
        {0: [Coin(3, 0)], 9: [Coin(4, 1)]}, [{4: 0, 3: 0, 2: 0, 1: 2}, {4: 0, 3: 0, 2: 0, 1: 0}], over=True
    )
    outcome = RULES.outcome(state)
    assert outcome.scores["Ann"] == outcome.scores["Bob"], outcome.scores
    assert outcome.winner == "Ann"
    assert judgement(state, 0) == pytest.approx(1.0)
    assert judgement(state, 1) == pytest.approx(-1.0)
    assert win_chance(judgement(state, 1)) == 0.0


def test_tie_break_a_finished_game_still_tied_is_a_draw_worth_nothing() -> None:
    state = position(
        {0: [Coin(3, 0)], 9: [Coin(3, 1)]}, [{4: 0, 3: 0, 2: 0, 1: 1}, {4: 0, 3: 0, 2: 0, 1: 1}], over=True
    )
    assert RULES.outcome(state).winner is None
    assert judgement(state, 0) == pytest.approx(0.0) and win_chance(judgement(state, 0)) == pytest.approx(0.5)


def test_a_won_game_is_worth_more_than_any_lead_in_a_game_still_going() -> None:
    rng = random.Random(11)
    print("seed 11")
    for _game in range(200):
        state = random_turn(rng)
        if state is None:
            continue
        for seat in (0, 1):
            value = judgement(state, seat)
            assert -1.0 < value < 1.0, value  # never sure while the game goes on


def test_the_same_lead_counts_for_less_the_more_placements_are_left() -> None:
    banks_full = [{4: 1, 3: 2, 2: 3, 1: 3}, {4: 1, 3: 2, 2: 3, 1: 3}]
    banks_low = [{4: 0, 3: 0, 2: 0, 1: 1}, {4: 0, 3: 0, 2: 0, 1: 1}]
    early = position({0: [Coin(1, 0)]}, banks_full, over=False)
    late = position({0: [Coin(1, 0)]}, banks_low, over=False)
    assert placements_left(early) > placements_left(late)
    assert RULES.outcome(early).scores["Ann"] - RULES.outcome(early).scores["Bob"] == 2
    assert 0 < judgement(early, 0) < judgement(late, 0) < 1


def test_scoring_the_search_counts_points_and_bank_values_as_the_rules_score_them() -> None:
    """points_and_bank_value is speed machinery for the search: over thousands of random positions, finished ones
    included, it gives the same points and bank values as the rules' score."""
    from referee.coin_age.hint import points_and_bank_value

    rng = random.Random(5)
    print("seed 5")
    checked = 0
    for _game in range(300):
        state = RULES.new_state(["Ann", "Bob"], setup())
        while True:
            outcome = RULES.outcome(state)
            first, second, first_value, second_value = points_and_bank_value(state)
            assert (first, second) == (outcome.scores["Ann"], outcome.scores["Bob"])
            assert outcome.breakdown is not None
            assert (first_value, second_value) == (
                outcome.breakdown["Ann"]["bank_value"],
                outcome.breakdown["Bob"]["bank_value"],
            )
            if state.over:
                expected = 0.0 if outcome.winner is None else 1.0 if outcome.winner == "Ann" else -1.0
                assert round(judgement(state, 0)) == expected
                break
            RULES.apply(state, RULES.random_action(state, rng))
            checked += 1
    assert checked > 5000
