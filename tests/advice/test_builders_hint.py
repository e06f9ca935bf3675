"""Builders hints: each way finishes its site, each best turn is legal and gains what it says."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from referee.builders import cards
from referee.builders.hint import best_turn, site_ways
from referee.builders.rules import RULES


def random_states(count: int, seed: int) -> list:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = RULES.new_state(["Ann", "Bob"], {"seed": rng.randrange(10**6)})
        for _step in range(rng.randrange(0, 120)):
            if state.over:
                break
            action = RULES.random_action(state, rng)
            if type(action).__name__ == "Done" and rng.random() < 0.7 and state.actions_left:
                continue
            RULES.apply(state, action)
        if not state.over and state.seats[state.current].sites:
            found.append(state)
    return found


def test_ways_cover_their_site() -> None:
    for state in random_states(30, 1):
        seat = state.seats[state.current]
        for site, ways in site_ways(state).items():
            costs = [(way.ecus, way.actions) for way in ways]
            assert costs == sorted(costs)
            for way in ways:
                assert set(way.idle) <= set(seat.idle)
                assert set(way.recruit) <= set(state.row_workers)
                made = [0, 0, 0, 0]
                for worker in [*seat.sites[site], *way.idle, *way.recruit]:
                    for i, amount in enumerate(cards.card(worker).produces):
                        made[i] += amount
                assert all(have >= need for have, need in zip(made, cards.card(site).requires, strict=True))


def test_best_turn_is_legal_and_gains_its_vp() -> None:
    plans = 0
    for state in random_states(40, 2):
        plan = best_turn(state)
        if plan is None:
            continue
        plans += 1
        current = state.copy()
        seat = current.seats[current.current]
        vp, coins = seat.vp, seat.coins
        for text in plan.notation:
            action = RULES.parse(text, current)
            assert RULES.judge(current, action).legal, text
            RULES.apply(current, action)
        assert seat.vp - vp == plan.vp
        assert coins - seat.coins == plan.ecus
        assert all(site in seat.built for site in plan.finished)
    assert plans > 3


@pytest.mark.e2e
def test_cli_builders_hint_json(referee: list[str], examples) -> None:
    done = subprocess.run(
        [*referee, "builders", "hint", str(examples / "builders-opening.toml"), "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["player"] == "Lea"
    assert document["plans"] == []  # nobody Lea has or can recruit finishes La cabane within her 3 actions
    assert list(document["sites"]) == ["B02"]
