"""The fast generator of legal actions (``referee.coin_age.index``) against the readable judge of the rules.

Over random positions of random games, on the original map and on maps of more than two runs of spaces: every
action the generator gives is judged legal, and every candidate action the judge accepts (each coin on each space,
each pay, each pair of spaces as a move, each capture, done, each toss) is generated. Hypothesis prints the seed of
a failing game; the maps are fixed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.coin_age import RULES
from referee.coin_age.actions import DONE, SLAPS, Action, Capture, Move, Pay, Place
from referee.coin_age.coins import RANKS
from referee.coin_age.index import NO_SPACES, RUN, bit, board_index, every_space, spaces_in
from referee.coin_age.state import CoinAgeState

from .helpers import setup

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def grid_map(rows: int, columns: int, name: str) -> dict[str, Any]:
    """A map table of ``rows`` × ``columns`` spaces, each adjacent to its right, lower and lower-right neighbours."""
    ids = [f"{chr(ord('A') + row)}{column}" for row in range(rows) for column in range(1, columns + 1)]
    edges = []
    for row in range(rows):
        for column in range(1, columns + 1):
            here = f"{chr(ord('A') + row)}{column}"
            if column < columns:
                edges.append([here, f"{chr(ord('A') + row)}{column + 1}"])
            if row + 1 < rows:
                edges.append([here, f"{chr(ord('A') + row + 1)}{column}"])
                if column < columns:
                    edges.append([here, f"{chr(ord('A') + row + 1)}{column + 1}"])
    return {
        "name": name,
        "edges": edges,
        "regions": {"r1": {"name": "One"}, "r2": {"name": "Two"}, "r3": {"name": "Three"}},
        "spaces": {sid: {"name": sid, "region": f"r{1 + i % 3}"} for i, sid in enumerate(ids)},
    }


MAPS = {
    "original": "original",
    "a 3×4 grid": grid_map(3, 4, "Grid 12"),
    "a 4×5 grid (four runs)": grid_map(4, 5, "Grid 20"),
}


def candidates(state: CoinAgeState) -> list[Action]:
    """Every action that could be written on this map, legal or not."""
    spaces = range(len(state.map.spaces))
    found: list[Action] = [Place(rank, space) for rank in RANKS for space in spaces]
    found += [Pay(rank) for rank in RANKS]
    found += [Move(source, target) for source in spaces for target in spaces if source != target]
    found += [Capture(space) for space in spaces]
    found += [DONE, *SLAPS.values()]
    return found


def check_position(state: CoinAgeState) -> None:
    generated = list(RULES.legal_actions(state))
    assert len(generated) == len(set(generated)), "an action generated twice"
    for action in generated:
        assert RULES.judge(state, action).legal, RULES.format(action, state)
    accepted = {action for action in candidates(state) if RULES.judge(state, action).legal}
    assert accepted == set(generated), sorted(RULES.format(action, state) for action in accepted ^ set(generated))
    turn = RULES.turn_actions(state)
    assert set(turn) == {action for action in accepted if isinstance(action, Place | Pay | Move | Capture)}
    assert RULES.has_turn_action(state) == bool(turn)


@pytest.mark.parametrize("map_name", list(MAPS))
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_the_generated_actions_are_exactly_those_the_judge_accepts(map_name: str, seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.new_state(["Ann", "Bob"], setup(MAPS[map_name]))
    steps = 0
    while not state.over and steps < 150:
        if steps % 3 == 0:
            check_position(state)
        RULES.apply(state, RULES.random_action(state, rng))
        steps += 1
        assert state.topped == board_index(state.board)
    check_position(state)


def test_the_index_vocabulary() -> None:
    assert bit(0) == 1 and bit(5) == 32
    assert every_space(3) == 0b111 and every_space(0) == NO_SPACES
    assert spaces_in(0b101001) == [0, 3, 5] and spaces_in(NO_SPACES) == []
    assert RUN >= 1
