"""Coin Age scoring, each rule with a position worked out by hand (Ann heads h, Bob tails t)."""

from __future__ import annotations

import tomllib

import pytest

from referee.cli.games.coin_age.room import SPEC
from referee.coin_age import RULES
from referee.coin_age.position import state_from_position
from referee.errors import InputError

from .helpers import position, setup


def test_scoring_each_space_scores_its_top_coins_rank_for_its_owner():
    # B2: Bob's penny on Ann's quarter -> Bob 2. A1: Ann's nickel -> Ann 3. Peaks: Ann 1 space, Bob 0 -> Ann
    # doubles: +3. Forests: Bob 1, Ann 0 -> Bob +2.
    outcome = RULES.outcome(position({"B2": "Qh Pt", "A1": "Nh"}, {"Ann": "", "Bob": ""}))
    assert outcome.breakdown["Ann"]["spaces"] == 3
    assert outcome.breakdown["Bob"]["spaces"] == 2


def test_scoring_region_bonus_needs_a_strict_majority():
    # Peaks (A1 A2 A3 B1): Ann holds A1 (Q) and A2 (D), Bob holds A3 (N): Ann 2 > 1 -> Ann doubles 4+1.
    outcome = RULES.outcome(position({"A1": "Qh", "A2": "Dh", "A3": "Nt"}, {"Ann": "", "Bob": ""}))
    assert outcome.breakdown["Ann"]["region_bonus"] == 5
    assert outcome.breakdown["Bob"]["region_bonus"] == 0
    assert outcome.scores == {"Ann": 10, "Bob": 3}


def test_scoring_region_tie_doubles_nothing():
    # Peaks: Ann A1 (Q), Bob A2 (N): 1-1.
    outcome = RULES.outcome(position({"A1": "Qh", "A2": "Nt"}, {"Ann": "", "Bob": ""}))
    assert outcome.breakdown["Ann"]["region_bonus"] == 0 and outcome.breakdown["Bob"]["region_bonus"] == 0
    assert outcome.scores == {"Ann": 4, "Bob": 3}


def test_scoring_region_zero_zero_doubles_nothing():
    outcome = RULES.outcome(position({}, {"Ann": "D", "Bob": "D"}))
    assert outcome.breakdown["Ann"]["region_bonus"] == 0 and outcome.breakdown["Bob"]["region_bonus"] == 0


def test_scoring_one_space_region_is_always_doubled_for_its_holder():
    # C2 (The Silver City) alone: Bob's nickel there scores 3 + 3.
    outcome = RULES.outcome(position({"C2": "Nt"}, {"Ann": "", "Bob": ""}))
    assert outcome.breakdown["Bob"] == {"spaces": 3, "region_bonus": 3, "bank": 0, "bank_value": 0}


def test_scoring_bank_one_point_per_coin():
    outcome = RULES.outcome(position({}, {"Ann": "QNPD", "Bob": "DD"}))
    assert outcome.breakdown["Ann"]["bank"] == 4 and outcome.breakdown["Bob"]["bank"] == 2


def test_tie_break_on_bank_rank_value_not_face_value():
    # Both banks hold two coins (2 points each). Ann's two pennies: rank 2 + 2 = 4, face 2 cents. Bob's two
    # dimes: rank 1 + 1 = 2, face 20 cents. By rank value Ann wins, though her coins are worth less in cents.
    outcome = RULES.outcome(position({}, {"Ann": "PP", "Bob": "DD"}))
    assert outcome.scores == {"Ann": 2, "Bob": 2}
    assert outcome.winner == "Ann"
    assert outcome.tie_break and "bank value" in outcome.tie_break


def test_ruling_still_tied_is_a_draw():
    outcome = RULES.outcome(position({"A1": "Nh", "C2": "Nt"}, {"Ann": "PD", "Bob": "PD"}))
    # Ann: A1 3 + peaks bonus 3 = 6 + bank 2 = 8. Bob: C2 3 + 3 + 2 = 8. Bank values 3 and 3.
    assert outcome.scores == {"Ann": 8, "Bob": 8}
    assert outcome.winner is None and "draw" in outcome.tie_break


def test_scoring_example_position(examples):
    document = tomllib.loads((examples / "coin-age-position.toml").read_text())
    state, warnings = state_from_position(
        document["players"], SPEC.prepare_setup(document["setup"], "test"), document["board"], document["banks"]
    )
    outcome = RULES.outcome(state)
    assert warnings == []
    assert state.over
    assert outcome.scores == {"Iris": 19, "Jun": 10}
    assert outcome.breakdown["Iris"] == {"spaces": 11, "region_bonus": 5, "bank": 3, "bank_value": 4}
    assert outcome.breakdown["Jun"] == {"spaces": 7, "region_bonus": 1, "bank": 2, "bank_value": 2}
    assert outcome.winner == "Iris"


def test_position_refuses_a_stack_that_is_not_strictly_decreasing():
    with pytest.raises(InputError):
        position({"A1": "Ph Nt"}, {"Ann": "", "Bob": ""})


def test_position_refuses_more_coins_than_the_sets_hold():
    with pytest.raises(InputError):
        position({"A1": "Qh", "A2": "Qt", "A3": "Qh"}, {"Ann": "", "Bob": ""})


def test_position_warns_of_missing_coins():
    _state, warnings = state_from_position(["Ann", "Bob"], setup(), {"A1": "Qh"}, {"Ann": "", "Bob": ""})
    assert warnings and "missing" in warnings[0]
