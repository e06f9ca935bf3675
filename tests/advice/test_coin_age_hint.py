"""Coin Age hints: every plan is legal, deeper (longer) searches never choose worse, the deadline is kept by the
clock read as the search goes, and what the command keeps back is stretched by the share of a core it gets."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from referee.coin_age.hint import Searcher, search
from referee.coin_age.rules import RULES
from referee.engine import Game
from tests.advice.helpers import random_turn
from tests.clock import SteppedClock


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
    """More time (here: more readings of a clock that moves a second a reading, so that the machine's load cannot
    change the answer) never reaches less deep, nor chooses a plan worse at the depth the longer search reached."""
    short = search(state, time_limit=4, clock=SteppedClock(1))
    long = search(state, time_limit=500, clock=SteppedClock(1))
    assert long.depth >= short.depth
    judge = Searcher()
    seat = state.seat
    assert judge.plan_value(long.plans[0], seat, long.depth) >= (
        judge.plan_value(short.plans[0], seat, long.depth) - 1e-9
    )


def test_the_search_stops_at_the_first_reading_of_the_clock_past_its_deadline() -> None:
    """The deadline is the start plus ``time_limit``, read every 8 positions of the deeper searches (depth 1 is
    always finished): with a clock that moves a second a reading and 10 s given, the search reads the start, stops at
    the 11th reading after it (the first past the deadline), and reads once more for its own length. (The wall time
    the command takes is measured by ``benchmarks/hint_search.py``, not asserted here.)"""
    state = fixed_positions(1)[0]
    clock = SteppedClock(1)
    result = search(state, time_limit=10, clock=clock)
    assert result.depth >= 1 and result.plans
    assert clock.reads == 1 + 11 + 1 and result.seconds == 12
    unhurried = search(state, max_depth=result.depth + 1, time_limit=None)
    assert unhurried.nodes > result.nodes, "the search ended before its deadline: the test would not show it"


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
    done = subprocess.run(
        [*referee, "coin-age", "hint", str(record), "--time", "3s", "--json", "--top", "3"],
        capture_output=True,
        text=True,
        timeout=300,  # a safety net, not a promise: that the whole command keeps its time is measured by a benchmark
    )
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
