"""Score and tie-breaks [RB], the shared-win ruling, scoring a `[final]` position, and the shared examples."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.builders import RULES, score_final
from referee.builders.scoring import rank
from referee.engine import Game
from referee.errors import NotationError, SetupError

EXAMPLES = Path(__file__).parents[2].parent / "shared/examples"

OPENING = {
    "players": ["Ann", "Bob"],
    "setup": {
        "apprentices": ["W01", "W02"],
        "buildings": ["B01", "B05", "M01", "B12", "B22"],
        "workers": ["W07", "W19", "W35", "W12", "W24"],
    },
    "actions": [
        "start B01",
        "reveal B02",
        "recruit W12",
        "reveal W20",
        "send W12 B01",
        "done",
        "start M01",
        "reveal B03",
        "send W02 M01",
        "coins 1",
        "buy",
        "recruit W07",
        "reveal W21",
        "done",
    ],
}
FINAL = {
    "players": ["Ann", "Bob"],
    "final": {
        "Ann": {"built": ["B34", "B27", "M05", "B18"], "coins": 27},
        "Bob": {"built": ["B33", "B32", "B11", "B06", "B01"], "coins": 41},
    },
}


def _example(name: str, fallback: dict) -> dict:
    path = EXAMPLES / name
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else fallback


def test_example_builders_opening_replays_to_the_commented_position():
    record = _example("builders-opening.toml", OPENING)
    game = Game(RULES, record["players"], record["setup"])
    game.replay(record["actions"])
    assert game.to_move == "Ann" and not game.over
    state = RULES.state_json(game.state)
    ann, bob = state["players"]["Ann"], state["players"]["Bob"]
    assert ann["coins"] == 15 and ann["built"] == ["B01"] and ann["vp"] == 0
    assert sorted(ann["idle"]) == ["W01", "W12"] and ann["sites"] == {}
    assert bob["coins"] == 4 and bob["sites"] == {"M01": ["W02"]} and bob["idle"] == ["W07"] and bob["built"] == []
    assert state["bank"] == 81
    assert state["row"] == {
        "buildings": ["B02", "B03", "B05", "B12", "B22"],
        "workers": ["W19", "W20", "W21", "W24", "W35"],
    }
    summary = game.summary()
    assert summary["scores"] == {"Ann": 1, "Bob": 0} and summary["winner"] is None
    assert game.actions == record["actions"]
    assert RULES.check_invariants(game.state) == []


def test_example_builders_final_ann_wins_the_tie_break_on_building_vp():
    position = _example("builders-final.toml", FINAL)
    outcome = score_final(position["players"], position["final"])
    assert outcome.scores == {"Ann": 20, "Bob": 20}
    assert outcome.breakdown["Ann"]["vp"] == 18 and outcome.breakdown["Bob"]["vp"] == 16
    assert outcome.winner == "Ann" and outcome.ranking == ["Ann", "Bob"]
    assert "18 > 16" in outcome.tie_break


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
