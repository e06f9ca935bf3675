"""Coin Age hints: every plan is legal, deeper (longer) searches never choose worse, the CLI keeps its time."""

from __future__ import annotations

import json
import random
import subprocess
import time

import pytest

from referee.coin_age.hint import Searcher, search
from referee.coin_age.rules import RULES
from referee.engine import Game
from tests.advice.helpers import random_turn


def play_plan(state, notation: tuple[str, ...]) -> None:
    """Push each action of a plan through the rules (judge first): raises on an illegal one."""
    game = Game.from_state(RULES, list(state.players), {"map": state.map}, state.copy())
    for text in notation:
        action = game.parse(text)
        verdict = game.judge(action)
        assert verdict.legal, f"{text}: {verdict.reason}"
        game.push(action)
    assert game.over or not game.state.tossed, "a plan ends the turn (done) or the game"


def test_hint_never_proposes_an_illegal_plan_on_thousands_of_positions() -> None:
    rng = random.Random(20240607)
    checked = 0
    while checked < 2000:
        state = random_turn(rng)
        if state is None:
            continue
        result = search(state, max_depth=1)
        assert result.plans
        for plan in result.plans[:3]:
            play_plan(state, plan.notation)
        checked += 1


def test_deeper_hints_are_legal_too() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 25:
        state = random_turn(rng)
        if state is None:
            continue
        result = search(state, max_depth=2, node_limit=4000, time_limit=None)
        for plan in result.plans[:3]:
            play_plan(state, plan.notation)
        checked += 1


def test_every_plan_is_distinct_and_reaches_its_state() -> None:
    rng = random.Random(3)
    for _attempt in range(30):
        state = random_turn(rng)
        if state is None:
            continue
        plans = Searcher().plans(state)
        assert len({plan.notation for plan in plans}) == len(plans)
        for plan in plans[:20]:
            game = Game.from_state(RULES, list(state.players), {"map": state.map}, state.copy())
            for text in plan.notation:
                game.push_text(text)
            assert game.state == plan.result


def fixed_positions(count: int, max_plans: int = 80) -> list:
    """Mid-game turns with few plans (so that depth 2 stays quick), the same every run."""
    rng = random.Random(99)
    found = []
    while len(found) < count:
        state = random_turn(rng, max_actions=30)
        if state is not None and len(Searcher().plans(state)) <= max_plans:
            found.append(state)
    return found


@pytest.mark.parametrize("state", fixed_positions(6))
def test_more_depth_never_returns_a_worse_plan(state) -> None:
    shallow = search(state, max_depth=1, time_limit=None)
    deep = search(state, max_depth=2, time_limit=None)
    again = search(state, max_depth=2, time_limit=None)
    assert [p.notation for p in deep.plans[:3]] == [p.notation for p in again.plans[:3]]  # deterministic
    judge = Searcher()
    seat = state.seat
    assert judge.plan_value(deep.plans[0], seat, 2) >= judge.plan_value(shallow.plans[0], seat, 2) - 1e-9
    assert deep.plans[0].value == pytest.approx(judge.plan_value(deep.plans[0], seat, 2))


@pytest.mark.parametrize("state", fixed_positions(3))
def test_more_time_never_returns_a_worse_plan(state) -> None:
    short = search(state, time_limit=0.02)
    long = search(state, time_limit=0.6)
    assert long.depth >= short.depth
    judge = Searcher()
    seat = state.seat
    assert judge.plan_value(long.plans[0], seat, long.depth) >= (
        judge.plan_value(short.plans[0], seat, long.depth) - 1e-9
    )


def test_search_keeps_its_time() -> None:
    state = fixed_positions(1)[0]
    started = time.perf_counter()
    result = search(state, time_limit=0.3)
    assert time.perf_counter() - started < 0.3 + 0.3  # slack for a busy CI machine
    assert result.depth >= 1


def test_a_plan_that_ends_the_game_has_no_done() -> None:
    from tests.coin_age.helpers import game

    played = game("slap QNPD", "place Q A1", "place N A2", "done", "slap QNPD", "place Q A3", "place N B1", "done")
    for text in ["slap PD", "place P B2", "place D B3", "done", "slap PD", "place P B4", "place D C1", "done"]:
        played.push_text(text)
    played.push_text("slap PD")
    result = search(played.state, max_depth=2, time_limit=None)
    best = result.plans[0]
    play_plan(played.state, best.notation)
    if best.result.over:
        assert best.notation[-1] != "done"


@pytest.mark.e2e
def test_cli_hint_json_plans_check_and_time(referee: list[str], tmp_path) -> None:
    record = tmp_path / "game.toml"
    actions = ["slap QN", "place Q B2", "place N A1", "done", "slap QNPD"]
    record.write_text(f'game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = {json.dumps(actions)}\n')
    started = time.perf_counter()
    done = subprocess.run(
        [*referee, "coin-age", "hint", str(record), "--time", "3s", "--json", "--top", "3"],
        capture_output=True,
        text=True,
    )
    assert time.perf_counter() - started < 3.0  # the whole process, start-up included, within the time given
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert 1 <= len(document["plans"]) <= 3
    values = [plan["value"] for plan in document["plans"]]
    assert values == sorted(values, reverse=True)
    for plan in document["plans"]:  # the chance of winning is the value read from -1..+1 onto 0..1
        assert plan["win_chance"] == pytest.approx(min(1, max(0, (plan["value"] + 1) / 2)), abs=1e-3)
        assert isinstance(plan["margin"], int)
    so_far = list(actions)
    for text in document["plans"][0]["actions"]:
        record.write_text(f'game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = {json.dumps(so_far)}\n')
        checked = subprocess.run([*referee, "coin-age", "check", str(record), text], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        so_far.append(text)


def test_hint_time_counts_the_start_up_and_keeps_back_more_on_a_loaded_machine() -> None:
    """``--time`` is for the whole process: the start-up is counted as it was (the process's wall time so far), and
    what is kept back for printing and exiting (15 % and 0.1 s) is work done at the share of a core the process
    gets (its CPU time over its wall time): with half a core twice as much is kept back; a share too small is taken
    as 0.2. Where the process's times cannot be read, the start-up is guessed (0.25 s) and 15 % kept back."""
    from referee.cli.advice import budget

    assert budget(3.0, 0.1, (0.4, 0.4)) == pytest.approx(3.0 - 0.4 - 0.55)
    assert budget(3.0, 0.1, (0.4, 0.2)) == pytest.approx(3.0 - 0.4 - 2 * 0.55)
    assert budget(10.0, 0.1, (0.4, 0.0)) == pytest.approx(10.0 - 0.4 - 5 * 1.6)
    assert budget(3.0, 0.1, None) == pytest.approx(3.0 * 0.85 - 0.25 - 0.1)
    assert budget(1.0, 2.0, (2.1, 2.1)) == 0.0  # nothing left: the search gets no time


def test_hint_reads_the_time_and_the_share_of_a_core_since_the_process_started() -> None:
    """A new process that mostly sleeps has had well under half a core, whatever the load; one that only computes
    has had some, and never more than one core (it has one thread); both have lived at least as long as they ran."""
    import sys

    program = (
        "import time\nfrom referee.cli.advice import process_times\n"
        "until = time.process_time() + {busy}\nwhile time.process_time() < until: pass\n"
        "time.sleep({idle})\nprint(*process_times())"
    )
    times = []
    for busy, idle in ((0.0, 1.0), (0.4, 0.0)):
        done = subprocess.run(
            [sys.executable, "-c", program.format(busy=busy, idle=idle)], capture_output=True, text=True, check=True
        )
        wall, cpu = map(float, done.stdout.split())
        times.append((wall, cpu))
    (sleeper_wall, sleeper_cpu), (worker_wall, worker_cpu) = times
    assert sleeper_wall >= 1.0 and sleeper_cpu / sleeper_wall < 0.4, times
    assert worker_cpu >= 0.4 and 0.0 < worker_cpu / worker_wall <= 1.05, times


@pytest.mark.e2e
def test_cli_hint_before_the_slap_is_refused(referee: list[str], tmp_path) -> None:
    record = tmp_path / "game.toml"
    record.write_text('game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = []\n')
    done = subprocess.run([*referee, "coin-age", "hint", str(record)], capture_output=True, text=True)
    assert done.returncode == 2
    assert "slap" in done.stderr
