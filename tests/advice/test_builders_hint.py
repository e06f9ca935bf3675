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


def _record_with_a_gaining_turn(seed: int) -> str | None:
    """A record of a random game whose player to move has a best turn that ends with more écus than it began."""
    import tomli_w

    rng = random.Random(seed)
    for _attempt in range(400):
        setup_seed = rng.randrange(10**6)
        state = RULES.new_state(["Ann", "Bob"], {"seed": setup_seed})
        actions: list[str] = []
        for _step in range(rng.randrange(10, 160)):
            if state.over:
                break
            action = RULES.random_action(state, rng)
            if type(action).__name__ == "Done" and rng.random() < 0.7 and state.actions_left:
                continue
            actions.append(RULES.format(action, state))
            RULES.apply(state, action)
        if state.over:
            continue
        plan = best_turn(state)
        if plan is not None and plan.ecus < 0:
            record = {"game": "builders", "players": ["Ann", "Bob"], "setup": {"seed": setup_seed}, "actions": actions}
            return tomli_w.dumps(record)
    return None


@pytest.mark.e2e
def test_hint_names_the_ecus_a_turn_gains_with_a_plus(referee: list[str], tmp_path) -> None:
    text = _record_with_a_gaining_turn(5)
    assert text is not None, "seed 5: no random position whose best turn gains écus"
    record = tmp_path / "gaining.toml"
    record.write_text(text)
    done = subprocess.run([*referee, "builders", "hint", str(record)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    plan = json.loads(
        subprocess.run([*referee, "builders", "hint", str(record), "--json"], capture_output=True, text=True).stdout
    )["plans"][0]
    assert plan["ecus"] < 0
    assert f"and +{-plan['ecus']} écus" in done.stdout, done.stdout
    assert "for -" not in done.stdout


def told(apprentices: list[str], buildings: list[str], workers: list[str]) -> dict[str, list[str]]:
    return {"apprentices": apprentices, "buildings": buildings, "workers": workers}


def test_the_hint_starts_a_site_and_finishes_it_in_the_same_turn() -> None:
    """Issue 45: with no open site, Ann's idle W02 (1 wood 1 knowledge) finishes the face-up machine M04 (1 wood 1
    knowledge): ``start M04`` then ``send W02 M04``, two actions, +1 VP. The hint once said "No site can be finished
    this turn"."""
    state = RULES.new_state(["Ann", "Bob"], told(["W02", "W01"], ["B01", "B05", "M04", "B12", "B22"], WORKERS))
    plan = best_turn(state)
    assert plan is not None
    assert plan.notation == ["start M04", "send W02 M04"] and plan.finished == ["M04"]
    assert plan.vp == cards.card("M04").vp and plan.needs_reveal  # the row refills: the table says what came up
    after = state.copy()
    for text in plan.notation:
        after.pending = None  # (the card that came up, told at the table)
        RULES.apply(after, RULES.parse(text, after))
    assert "M04" in after.seats[0].built


def test_the_hint_starts_a_site_recruits_and_sends() -> None:
    """No idle worker makes wood, the face-up W07 does: ``start M01``, ``recruit W07``, ``send W07 M01``."""
    state = RULES.new_state(["Ann", "Bob"], told(["W01", "W02"], ["B05", "B12", "M01", "B22", "B30"], WORKERS))
    plan = best_turn(state)
    assert plan is not None and plan.finished == ["M01"], plan
    assert plan.notation == ["start M01", "recruit W07", "send W07 M01"]


def test_the_hint_command_shows_the_start_and_send(tmp_path) -> None:
    from tests.in_process import run

    record = tmp_path / "g.toml"
    record.write_text(
        'game = "builders"\nformat = 1\nplayers = ["Ann", "Bob"]\nactions = []\n[setup]\n'
        'apprentices = ["W02", "W01"]\nbuildings = ["B01", "B05", "M04", "B12", "B22"]\n'
        f"workers = {json.dumps(WORKERS)}\n"
    )
    code, out, err = run("builders", "hint", str(record))
    assert code == 0, err
    assert "No open site." in out and "No site can be finished" not in out, out
    assert "start M04, send W02 M04" in out, out


WORKERS = ["W07", "W19", "W35", "W12", "W24"]
