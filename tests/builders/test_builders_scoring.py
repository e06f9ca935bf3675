"""Score and tie-breaks [RB], the shared-win ruling, scoring a `[final]` position, and the examples of `examples/`."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.builders import RULES, score_final
from referee.builders.scoring import rank
from referee.engine import Game
from referee.errors import NotationError, SetupError

# A tally where two players tie on points and the first tie-break (VP from buildings, machines included) decides:
# Ann: L'abbaye (5) + Le relais postal (4) + Une scie circulaire M06 (2) = 11 VP, 45 écus -> +4 = 15.
# Bob: La ferme (4) + L'hôtel (4) + La maison urbaine (2) = 10 VP, 51 écus -> +5 = 15.
TIED_ON_POINTS = {
    "Ann": {"built": ["B29", "B23", "M06"], "coins": 45},
    "Bob": {"built": ["B26", "B24", "B08"], "coins": 51},
}


def _example(examples: Path, name: str) -> dict:
    return tomllib.loads((examples / name).read_text(encoding="utf-8"))


def test_example_builders_opening_replays_to_the_commented_position(examples):
    record = _example(examples, "builders-opening.toml")
    game = Game(RULES, record["players"], record["setup"])
    game.replay(record["actions"])
    assert game.to_move == "Lea" and not game.over
    state = RULES.state_json(game.state)
    lea, max_ = state["players"]["Lea"], state["players"]["Max"]
    assert lea["coins"] == 8 and lea["built"] == ["B07"] and lea["vp"] == 1
    assert sorted(lea["idle"]) == ["W03", "W13"] and lea["sites"] == {"B02": []}
    assert max_["coins"] == 9 and max_["sites"] == {"M04": ["W05"]} and max_["idle"] == [] and max_["built"] == []
    assert state["bank"] == 83
    assert state["row"] == {
        "buildings": ["B09", "B11", "B15", "B20", "B26"],
        "workers": ["W10", "W22", "W28", "W31", "W40"],
    }
    summary = game.summary()
    assert summary["scores"] == {"Lea": 1, "Max": 0} and summary["winner"] is None
    assert game.actions == record["actions"]
    assert RULES.check_invariants(game.state) == []


def test_example_builders_final_lea_wins_the_second_tie_break_on_ecus(examples):
    position = _example(examples, "builders-final.toml")
    outcome = score_final(position["players"], position["final"])
    assert outcome.scores == {"Lea": 17, "Max": 17, "Noor": 13}
    assert outcome.breakdown["Lea"]["vp"] == 14 and outcome.breakdown["Max"]["vp"] == 14
    assert outcome.winner == "Lea" and outcome.ranking == ["Lea", "Max", "Noor"]
    assert "38 > 34" in outcome.tie_break


def test_final_tally_ann_wins_the_tie_break_on_building_vp():
    outcome = score_final(["Ann", "Bob"], TIED_ON_POINTS)
    assert outcome.scores == {"Ann": 15, "Bob": 15}
    assert outcome.breakdown["Ann"]["vp"] == 11 and outcome.breakdown["Bob"]["vp"] == 10
    assert outcome.winner == "Ann" and outcome.ranking == ["Ann", "Bob"]
    assert "11 > 10" in outcome.tie_break


def test_score_is_vp_plus_one_per_full_10_ecus():
    outcome = rank(["Ann", "Bob"], [10, 3], [19, 20])
    assert outcome.scores == {"Ann": 11, "Bob": 5} and outcome.winner == "Ann" and outcome.tie_break is None


def test_tie_break_then_most_ecus():
    outcome = rank(["Ann", "Bob", "Cid"], [10, 10, 3], [24, 27, 99])
    assert outcome.scores == {"Ann": 12, "Bob": 12, "Cid": 12}
    assert outcome.ranking == ["Bob", "Ann", "Cid"] and outcome.winner == "Bob"
    assert "27 > 24" in outcome.tie_break


def test_ruling_still_tied_is_a_shared_win_with_no_single_winner():
    outcome = rank(["Ann", "Bob", "Cid"], [5, 10, 10], [0, 20, 20])
    assert outcome.winner is None
    assert outcome.ranking == ["Bob", "Cid", "Ann"]
    assert "Bob, Cid share the win" in outcome.tie_break


def test_score_final_accepts_french_names():
    outcome = score_final(["Ann", "Bob"], {"Ann": {"built": ["La cathédrale"], "coins": 0}, "Bob": {"coins": 5}})
    assert outcome.scores == {"Ann": 8, "Bob": 0}


@pytest.mark.parametrize(
    ("final", "error"),
    [
        ({"Ann": {"built": ["B99"], "coins": 0}, "Bob": {"coins": 0}}, NotationError),
        ({"Ann": {"built": ["B01"], "coins": 0}, "Bob": {"built": ["B01"], "coins": 0}}, SetupError),
        ({"Ann": {"built": ["B01", "B01"], "coins": 0}, "Bob": {"coins": 0}}, SetupError),
        ({"Ann": {"built": ["W07"], "coins": 0}, "Bob": {"coins": 0}}, SetupError),
        ({"Ann": {"coins": 60}, "Bob": {"coins": 41}}, SetupError),
        ({"Ann": {"coins": -1}, "Bob": {"coins": 0}}, SetupError),
        ({"Ann": {"coins": 1}}, SetupError),
        ({"Ann": {"coins": 1}, "Bob": {"coins": 1}, "Eve": {"coins": 1}}, SetupError),
        ({"Ann": {"built": "B01", "coins": 1}, "Bob": {"coins": 1}}, SetupError),
    ],
)
def test_score_final_refuses_positions_no_game_reaches(final, error):
    with pytest.raises(error):
        score_final(["Ann", "Bob"], final)
