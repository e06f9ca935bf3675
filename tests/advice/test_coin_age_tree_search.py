"""The Coin Age computer's tree search (level 5) and its tosses: legal whole turns, a deadline kept descent by
descent, and tosses fixed by the match (issue 35: undo, redo and resume never change the computer's toss)."""

from __future__ import annotations

import random

import pytest

from referee.coin_age.actions import DONE, Action
from referee.coin_age.computer import Computer
from referee.coin_age.computer_tosses import computer_toss
from referee.coin_age.rules import RULES
from referee.coin_age.state import CoinAgeState
from referee.coin_age.tree_search import RESULT_SHARE, TreeSearch, deciding, final_reward
from tests.coin_age.helpers import game, setup


class StepClock:
    """A clock that moves on a millisecond each time it is read: a search that reads it once a descent stops after
    about as many descents as its time holds milliseconds."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.now += 0.001
        self.reads += 1
        return self.now


def random_position(seed: int) -> CoinAgeState:
    """A game played at random for a while, then the player in turn's toss: a turn in progress."""
    rng = random.Random(seed)
    state = RULES.new_state(["Ann", "Bob"], setup())
    for _step in range(rng.randrange(0, 30)):
        action = RULES.random_action(state, rng)
        RULES.apply(state, action)
        if state.over:
            return random_position(seed + 1000)
    while not deciding(state):
        RULES.apply(state, RULES.random_action(state, rng))
        if state.over:
            return random_position(seed + 1000)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_tree_search_plays_a_legal_whole_turn(seed: int) -> None:
    state = random_position(seed)
    seat = state.seat
    clock = StepClock()
    plan = TreeSearch(random.Random(seed), clock).plan(state, deadline=0.2)
    assert plan, f"seed {seed}: no action"
    after = state.copy()
    for action in plan:
        assert RULES.judge(after, action).legal, f"seed {seed}: {action} illegal"
        RULES.apply(after, action)
    assert after.over or after.seat != seat or not deciding(after) or plan[-1] is DONE, f"seed {seed}: {plan}"


def test_tree_search_keeps_its_deadline_descent_by_descent() -> None:
    """The deadline is read before every descent: with 200 ms on a clock that moves a millisecond a read, the
    whole turn's search stops after at most about 200 descents (not after a whole deepening, as before)."""
    state = random_position(3)
    clock = StepClock()
    search = TreeSearch(random.Random(1), clock)
    search.plan(state, deadline=0.2)
    assert 0 < search.iterations <= 200 + 4 * 4, search.iterations


def test_the_reserve_is_stretched_by_the_share_of_a_core_the_search_has_had() -> None:
    """What the caller still has to do after the search (``reserve_cpu``, in CPU seconds) takes longer on a loaded
    machine: the search stops ``reserve_cpu / share`` before the deadline, the share being its CPU time over its
    wall time since it began (taken as 1 in its first moments, never under ``MIN_SHARE``). Both clocks are the
    test's, so the load of the machine running it changes nothing."""
    from referee.coin_age.tree_search import MIN_SHARE, MIN_WALL_FOR_SHARE

    wall, cpu = [0.0], [0.0]
    search = TreeSearch(random.Random(1), clock=lambda: wall[0], cpu_clock=lambda: cpu[0])
    search.started = search.cpu_started = 0.0
    search.deadline, search.reserve_cpu = 10.0, 0.5
    assert search.end(MIN_WALL_FOR_SHARE / 2) == 10.0 - 0.5  # too soon to measure: a whole core
    cpu[0] = 1.0
    assert search.end(1.0) == pytest.approx(10.0 - 0.5)  # a whole core so far
    assert search.end(2.0) == pytest.approx(10.0 - 0.5 / 0.5)  # half a core: twice the reserve
    assert search.end(100.0) == pytest.approx(10.0 - 0.5 / MIN_SHARE)  # a hundredth of a core: stretched no further
    search.reserve_cpu = 0.0
    assert search.end(2.0) == 10.0  # nothing to keep back


def test_a_search_on_half_a_core_stops_before_one_on_a_whole_core() -> None:
    """The share is measured again as the search goes (every ``CHECK_SHARE_EVERY`` descents): with a CPU clock that
    runs at half the wall clock's pace the search keeps back twice its reserve, so it makes fewer descents than with
    one that keeps pace, the same position, seed and deadline."""
    state = random_position(3)
    counts = []
    for pace in (1.0, 0.5):
        clock = StepClock()
        search = TreeSearch(random.Random(1), clock, cpu_clock=lambda clock=clock, pace=pace: clock.now * pace)
        search.plan(state, deadline=0.4, reserve_cpu=0.1)
        counts.append(search.iterations)
    whole, half = counts
    assert 0 < half < whole, counts


def test_computer_tosses_are_fixed_by_the_seed_and_the_toss_number() -> None:
    """The computer's toss reads only its seed and the toss's number: two positions reached by different play, with
    as many tosses before them, get the same toss from the same bank; another computer of the same match agrees."""
    first = game("slap QN", "place Q A2", "place N B3").state
    other = game("slap QN", "place N A1", "done").state
    assert first.turns == other.turns and first.banks[1] == other.banks[1]
    assert Computer(1, seed=9).toss(first) == Computer(1, seed=9).toss(other)
    assert Computer(1, seed=9).toss(first) == Computer(1, seed=9).toss(first)


def test_computer_tosses_are_fair() -> None:
    """Each kind matches about half the time, independently of the others (5,000 tosses: each share within 0.47 to
    0.53, and all four kinds together about 1/16 of the time)."""
    bank = {4: 1, 3: 2, 2: 3, 1: 4}
    tosses = [computer_toss(77, number, bank) for number in range(1, 5001)]
    for rank in (1, 2, 3, 4):
        share = sum(rank in toss.kinds for toss in tosses) / len(tosses)
        assert 0.47 <= share <= 0.53, (rank, share)
    every = sum(len(toss.kinds) == 4 for toss in tosses) / len(tosses)
    assert 0.05 <= every <= 0.075, every


def test_computer_tosses_only_kinds_in_its_bank() -> None:
    bank = {4: 0, 3: 1, 2: 0, 1: 2}
    assert all(computer_toss(5, number, bank).kinds <= {3, 1} for number in range(1, 200))


def test_a_match_without_a_seed_draws_one_and_keeps_it_in_its_record() -> None:
    computer = Computer(1, seed=None)
    table = computer.record_table()
    assert type(table["seed"]) is int
    resumed = Computer(1, seed=None)
    resumed.continue_match(table)
    assert resumed.seed == computer.seed
    named = Computer(1, seed=4)
    named.continue_match(table)
    assert named.seed == 4  # a --seed given on the command line is the player's choice


@pytest.mark.parametrize("seed", range(8))
def test_whole_turn_plans_at_the_root_give_a_legal_turn(seed: int) -> None:
    """Level 5's search over whole-turn plans: a legal turn, within a generous deadline."""
    import time

    state = random_position(seed)
    search = TreeSearch(random.Random(seed))
    plan = search.plan_turn(state, time.perf_counter() + 0.1)
    assert plan, f"seed {seed}: no action"
    after = state.copy()
    for action in plan:
        assert RULES.judge(after, action).legal, f"seed {seed}: {action} illegal"
        RULES.apply(after, action)


def test_the_computer_says_done_only_while_something_is_left() -> None:
    """Level 5 ends its turn with 'done' only when it stops with actions left (a needless done once confused the
    turn's end)."""
    for seed in range(6):
        state = random_position(seed)
        computer = Computer(state.seat, seed=seed, time_limit=0.1, level=5)
        played = computer.actions(state)
        after = state.copy()
        for text in played[:-1]:
            RULES.apply(after, RULES.parse(text, after))
        if played and played[-1] == "done":
            assert RULES.has_turn_action(after), f"seed {seed}: {played}"


def test_the_turn_time_benchmark_runs_in_quick_mode() -> None:
    """``benchmarks/coin_age_turn_time.py --quick``: one short game through the pipe, its turns timed from outside,
    and one first turn at the full screen (no threshold here: the figures are for docs/strength.md)."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "coin_age_turn_time.py"
    done = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "coin-age computer, 0.1 s a turn" in done.stdout and "p99" in done.stdout, done.stdout
    assert "first turns at the full-screen table (a new process each): 1 turns" in done.stdout, done.stdout


def finished_game(seed: int) -> CoinAgeState:
    """A game played at random to its end."""
    rng = random.Random(seed)
    state = RULES.new_state(["Ann", "Bob"], setup())
    while not state.over:
        RULES.apply(state, RULES.random_action(state, rng))
    return state


@pytest.mark.parametrize("seed", range(20))
def test_a_finished_game_is_rewarded_by_its_result_then_its_margin(seed: int) -> None:
    state = finished_game(seed)
    outcome = RULES.outcome(state)
    first = final_reward(state)
    assert 0.0 <= first <= 1.0
    if outcome.winner is None:
        assert first == pytest.approx(0.5), f"seed {seed}: a draw"
    elif outcome.winner == "Ann":
        assert first >= (1 + RESULT_SHARE) / 2, f"seed {seed}: a win for the first seat (a tie on points: 1/2 margin)"
    else:
        assert first <= (1 - RESULT_SHARE) / 2, f"seed {seed}: a loss for the first seat"


@pytest.mark.parametrize("seed", range(8))
def test_a_play_out_plays_legal_actions_to_the_end(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = random_position(seed)
    checked = 0
    apply = RULES.apply

    def judged_apply(current: CoinAgeState, action: Action) -> None:
        nonlocal checked
        assert RULES.judge(current, action).legal, f"seed {seed}: {action} illegal in the play-out"
        checked += 1
        apply(current, action)

    monkeypatch.setattr(RULES, "apply", judged_apply)
    value = TreeSearch(random.Random(seed)).playout(state)
    assert state.over, f"seed {seed}: the play-out stopped before the end"
    assert checked > 0 and 0.0 <= value <= 1.0
