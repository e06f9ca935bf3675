"""The Builders' computer seat: it only ever plays legal actions, at every level; it never reads the hidden order
of the decks (the same choice whatever order the unseen cards lie in); ``play --computer`` refuses seats that do
not exist or leave no one human, and plays its seats' turns in a piped game."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from referee.builders.computer import MAX_SITES, BuildersComputer
from referee.builders.rules import RULES
from referee.builders.state import BuildersState
from referee.engine import Game
from tests.builders.conftest import place
from tests.clock import SteppedClock
from tests.conftest import referee_command


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_the_computer_plays_only_legal_actions(level: int, seed: int) -> None:
    print(f"level={level} seed={seed}")
    game = Game(RULES, ["Ann", "Bob", "Cid"], {"seed": seed})
    computer = BuildersComputer([0, 1, 2], level=level, seconds=0.01, seed=seed)
    for _step in range(400 if level < 3 else 150):
        if game.over or RULES.stalled(game.state):
            break
        (text,) = computer(game)
        action = game.parse(text)
        assert game.judge(action).legal, text
        game.push(action)
    assert len(game.actions) > 20


def test_a_seat_not_the_computers_is_left_to_the_people() -> None:
    game = Game(RULES, ["Ann", "Bob"], {"seed": 4})
    assert BuildersComputer([1], level=1, seconds=0.01, seed=1)(game) == []  # Ann's turn


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_the_hidden_order_of_the_decks_never_changes_its_choice(level: int) -> None:
    rng = random.Random(7)
    game = Game(RULES, ["Ann", "Bob"], {"seed": 11})
    for _step in range(12):
        game.push(RULES.self_play_action(game.state, rng))
    while game.state.pending is not None or game.over:
        game.push(RULES.self_play_action(game.state, rng))
    seat = game.state.current
    first = BuildersComputer([seat], level=level, seconds=30, seed=3)(game)  # time enough: the plan is whole
    shuffled = Game.from_state(RULES, game.players, game.setup, game.state.copy())
    random.Random(99).shuffle(shuffled.state.deck_buildings)
    random.Random(98).shuffle(shuffled.state.deck_workers)
    assert shuffled.state.deck_workers != game.state.deck_workers
    second = BuildersComputer([seat], level=level, seconds=30, seed=3)
    assert second(shuffled) == first


def test_the_planner_finishes_a_site_it_can_finish_this_turn() -> None:
    """A planned turn that completes a building ends with more VP than it started with: over random mid-game
    positions where the hint finds a turn that gains VP, the planner's whole turn gains VP too."""
    from referee.builders.computer import hidden_order_shuffled, plan_turn
    from referee.builders.hint import best_turn

    rng = random.Random(21)
    print("seed 21")
    checked = 0
    for game_seed in range(40):
        game = Game(RULES, ["Ann", "Bob"], {"seed": game_seed})
        for _step in range(rng.randrange(20, 120)):
            if game.over or RULES.stalled(game.state):
                break
            game.push(RULES.self_play_action(game.state, rng))
        state = game.state
        if game.over or state.pending is not None or RULES.stalled(state):
            continue
        hinted = best_turn(state)
        if hinted is None or hinted.vp <= 0 or hinted.needs_reveal:
            continue
        if any(type(action).__name__ == "Start" for action in hinted.actions):
            continue  # (the hint also starts a site and finishes it, issue 45; the planner does not always find those)
        seat = state.current
        guess = hidden_order_shuffled(state, random.Random(1))
        after = guess.copy()
        for action in plan_turn(guess, seat, 16):
            RULES.apply(after, action)
        assert after.seats[seat].vp > state.seats[seat].vp, game_seed
        checked += 1
    assert checked >= 5


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*referee_command(), *args], input=stdin, capture_output=True, text=True, timeout=120)


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("seats", "words"),
    [("3", "the seats are 1 to 2"), ("1,2", "at least one seat stays human"), ("x", "seat numbers from 1")],
)
def test_computer_seats_that_cannot_be_are_refused(seats: str, words: str) -> None:
    done = run("builders", "play", "--players", "Ann,Bob", "--seed", "3", "--computer", seats, "--no-history")
    assert done.returncode == 2 and words in done.stderr, done.stderr


@pytest.mark.e2e
def test_a_piped_game_against_the_computer_seat() -> None:
    done = run(
        "builders", "play", "--players", "Ann,Bob", "--seed", "3", "--computer", "2", "--level", "2",
        "--computer-time", "0.05", "--json", "--no-history",
        stdin="start B14\nrecruit W12\ndone\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    played = [line for line in lines if "action" in line]
    assert [line["player"] for line in played[:3]] == ["Ann", "Ann", "Ann"]
    bobs = [line for line in played[3:] if line["player"] == "Bob"]
    assert bobs, lines
    assert played[-1]["to_move"] == "Ann"  # the computer's whole turn was played; Ann is asked next


# -- issue 35: a computer that plays the game -----------------------------------------------------------------
IDLE_MACHINE = 1 / 6000
"""The step of a :class:`SteppedClock` that gives the computer the positions an idle 2-core machine plans in its
time (about 6,000 a second, measured): its play tested as on an idle machine, whatever the load (its time kept is
tested apart, and measured in ``benchmarks/``)."""


def _against(opponent: str, players: int, game_seed: int, level: int = 4, seconds: float = 0.2) -> Game:
    """A game between the computer (last seat) and people who play ``opponent`` ('coins': take 6 écus and pass;
    'sensible': self-play's sensible random actions), to its end, the computer on a clock of an idle machine."""
    rng = random.Random(game_seed)
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    game = Game(RULES, names, {"seed": game_seed})
    clock = SteppedClock(IDLE_MACHINE)
    computer = BuildersComputer([players - 1], level=level, seconds=seconds, seed=game_seed + 1, clock=clock)
    for _step in range(3000):
        if game.over:
            break
        if game.state.current == players - 1:
            (text,) = computer(game)
            game.push(game.parse(text))
            assert len(game.state.seats[-1].sites) <= MAX_SITES, "more open sites than it means to work"
        elif opponent == "coins":
            game.push(game.parse("coins 6" if game.state.actions_left == 3 else "done"))
        else:
            game.push(RULES.self_play_action(game.state, rng))
    return game


def test_the_computer_builds_against_a_player_who_only_takes_coins() -> None:
    """Issue 35's first finding: against a player who takes 6 écus and passes every turn (seed 8001), the old
    computer was left with 0 VP, 21 open sites and 11 idle workers after 15 turns. Now, whatever its own draws, it
    has finished buildings worth most of the 17 VP by then (or ended the game), never holding more than three open
    sites."""
    for own_seed in (3, 8002):
        print(f"computer seed {own_seed}")
        game = Game(RULES, ["Ann", "Cpu"], {"seed": 8001})
        clock = SteppedClock(IDLE_MACHINE)
        computer = BuildersComputer([1], level=4, seconds=0.5, seed=own_seed, clock=clock)
        while not game.over and game.state.turn <= 15:
            if game.state.current == 0:
                game.push(game.parse("coins 6" if game.state.actions_left == 3 else "done"))
            else:
                (text,) = computer(game)
                game.push(game.parse(text))
                assert len(game.state.seats[1].sites) <= MAX_SITES
        assert game.state.seats[1].vp >= 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_computer_never_empties_the_building_row_to_no_purpose(players: int) -> None:
    """Against sensible random players, at every action it holds at most three open sites, and each game ends by
    17 VP (never by the ruling on a game that cannot end)."""
    for game_seed in range(2):
        print(f"players={players} seed={game_seed}")
        game = _against("sensible", players, 100 * players + game_seed, level=3, seconds=0.1)
        assert game.over and game.state.stalled is None
        assert max(seat.vp for seat in game.state.seats) >= 17


@pytest.mark.parametrize("players", [2, 3, 4])
def test_self_play_between_computers_ends_by_17_vp(players: int) -> None:
    """Computers at level 2 (the fast level) against each other: every game ends after someone reaches 17 VP,
    none by the ruling on a game that cannot end (the 1,000-game runs: benchmarks/builders_selfplay.py)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from builders_selfplay import self_play

    for game in range(3):
        print(f"players={players} game={game}")
        assert self_play((game, players, 2, 0.5))[0] == "vp"


def a_middle_game_position() -> BuildersState:
    rng = random.Random(0)
    state = RULES.new_state(["Ann", "Bob", "Cid", "Dee"], {"seed": 500})
    for _step in range(40):
        RULES.apply(state, RULES.self_play_action(state, rng))
    return state


def test_the_planner_stops_at_the_first_reading_of_the_clock_past_half_its_time() -> None:
    """Its deadline is the call's start plus half the time given (``TIME_SHARE``: the other half is the margin for
    a loaded machine), and the clock is read after every position judged: with a clock that moves 1/1024 s a
    reading and 1/16 s an action, the start is read once and the search stops at the 33rd reading after it, the
    first past 1/32 s, where it would judge over a hundred positions with time to spare; the action played is the
    best found so far, and legal. (How long an action takes at the wall clock is measured by
    ``benchmarks/builders_pipe_time.py``, not asserted here.)"""
    from referee.builders.computer import TIME_SHARE

    assert TIME_SHARE == 0.5
    state = a_middle_game_position()
    unhurried = SteppedClock(0.0)
    BuildersComputer([state.current], level=5, seconds=2**-4, seed=9, clock=unhurried).choose(state)
    assert unhurried.reads > 100, "the search is too short to be cut: the test would not show the deadline"
    clock = SteppedClock(2**-10)
    action = BuildersComputer([state.current], level=5, seconds=2**-4, seed=9, clock=clock).choose(state)
    assert clock.reads == 1 + 33
    assert RULES.judge(state, action).legal


def test_the_computers_generator_is_its_own_never_the_deals() -> None:
    """Without a seed of its own the computer draws a fresh one (kept in the record for a resumed match): two
    computers of the same deal draw differently, and neither from the deal's seed."""
    first, second = BuildersComputer([1], seconds=0.01), BuildersComputer([1], seconds=0.01)
    assert first.seed != second.seed
    assert first.record_table()["seed"] == first.seed
    assert BuildersComputer([1], seed=5).seed == 5


@pytest.mark.e2e
def test_play_gives_the_computer_a_seed_that_is_not_the_deals(tmp_path) -> None:
    seeds = []
    for run_number in range(2):
        record = tmp_path / f"game{run_number}.toml"
        done = run(
            "builders", "play", "--players", "Ann,Bob", "--seed", "7", "--computer", "2", "--level", "2",
            "--computer-time", "0.05", "--json", "--no-history", "--record", str(record), stdin="done\n",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        import tomllib

        seeds.append(tomllib.loads(record.read_text())["computer"]["seed"])
    assert seeds[0] != seeds[1] and 7 not in seeds


def test_the_self_play_benchmark_runs_in_quick_mode() -> None:
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "builders_selfplay.py"
    done = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("ended_by_ruling 0") == 3, done.stdout


def test_the_pipe_timing_benchmark_runs_in_quick_mode() -> None:
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "builders_pipe_time.py"
    done = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "timed through the pipe" in done.stdout and "the first action of each game" in done.stdout, done.stdout
    assert "the first action at the full-screen table (a new process each): 1," in done.stdout, done.stdout


# -- a bank the others have emptied, and a game it wins --------------------------------------------------------
def _hoarded_bank(bank: int) -> BuildersState:
    """Cpu (seat 2, to act) holds 2 écus, idle W01 (2 écus) and W35 (5 écus), the apprentice it was dealt, and an
    open B26 with W38 on it (still needing a stone and two tiles); Ann holds every other écu but ``bank``; M02 (an
    apprentice's stone and knowledge) lies in the building row."""
    state = RULES.new_state(["Ann", "Cpu"], {"seed": 5})
    place(state, 1, idle=["W01", "W35"], sites={"B26": ["W38"]}, coins=2)
    place(state, 0, coins=100 - 2 - bank)
    where = state.deck_buildings.index("M02")
    state.deck_buildings[where], state.row_buildings[0] = state.row_buildings[0], "M02"
    state.current = 1
    assert RULES.check_invariants(state) == []
    return state


def _turns_against_a_hoarder(state: BuildersState, own_seed: int, turns: int) -> tuple[Game, list[str]]:
    """Cpu plays ``turns`` turns at level 4 (time enough for whole plans); Ann takes 6 écus and passes."""
    game = Game.from_state(RULES, ["Ann", "Cpu"], {"seed": 5}, state)
    computer = BuildersComputer([1], level=4, seconds=5, seed=own_seed)
    played: list[str] = []
    last = game.state.turn + turns - 1
    while game.state.turn <= last and not game.over:
        if game.state.current == 0:
            game.push(game.parse("coins 6" if game.state.actions_left == 3 else "done"))
        else:
            (text,) = computer(game)
            played.append(text)
            game.push(game.parse(text))
    return game, played


def test_a_site_whose_workers_the_bank_cannot_pay_for_counts_for_nothing() -> None:
    """The judgement caps the écus it counts on at what it holds and what the bank holds (ruling, topic bank: the
    bank pays what it holds): with 2 écus and an empty bank no cover of B26 can be paid (W35 costs 5; W03 and a
    face-up apprentice 4), so B26 adds nothing to the prospect; with 30 écus in the bank it counts."""
    from referee.builders.computer import prospect

    starved = _hoarded_bank(0)
    without = starved.copy()
    del without.seats[1].sites["B26"]
    assert prospect(starved, 1, 5.0) == prospect(without, 1, 5.0)
    assert prospect(_hoarded_bank(30), 1, 5.0) > prospect(starved, 1, 5.0) + 1.0


@pytest.mark.parametrize("bank", [0, 1])
@pytest.mark.parametrize("own_seed", [1, 2])
def test_with_a_near_empty_bank_the_computer_plans_only_with_ecus_it_can_get(bank: int, own_seed: int) -> None:
    """Against a player who empties the bank every turn, the computer that counted on écus it could not get sent
    its apprentice to B26, then recruited worker after worker it could never pay and started sites it could never
    work: 0 VP after three turns. Now it takes back at once the écus it paid in (before Ann can), recruits the one
    apprentice that finishes B26 and works M02 with the other: B26 and M02 built within three turns."""
    print(f"bank={bank} own_seed={own_seed}")
    game, played = _turns_against_a_hoarder(_hoarded_bank(bank), own_seed, 3)
    cpu = game.state.seats[1]
    assert "B26" in cpu.built and "M02" in cpu.built, played
    assert sum(1 for text in played if text.startswith("recruit")) <= 2, played


def test_with_ecus_in_the_bank_the_computer_still_takes_them_to_finish_a_site() -> None:
    """The same position with 30 écus in the bank: it takes coins at once and sends W35 to finish B26 (4 VP and
    16 écus) in its first turn."""
    game, played = _turns_against_a_hoarder(_hoarded_bank(30), 1, 1)
    assert played[:2] == ["coins 3", "send W35 B26"], played
    assert "B26" in game.state.seats[1].built


@pytest.mark.parametrize("own_seed", [1, 3, 5])
def test_the_computer_ends_a_game_it_wins_instead_of_playing_on(own_seed: int) -> None:
    """Issue 35's third finding (seed 7, two people who only pass, the computer in seat 3): a computer that judged
    a game going on by all it could still build (its machines, its idle workers) and an ended one by its score
    alone played on at 14-15 VP with 50-80 écus (with these seeds of its own and time enough for whole plans: still
    on at turn 21; seed 1 at 0.5 s an action, still on at turn 101). Now winning the game outweighs any margin of a
    game that goes on: it ends the game, the winner, within 12 turns."""
    print(f"own_seed={own_seed}")
    game = Game(RULES, ["Ann", "Bob", "Cpu"], {"seed": 7})
    computer = BuildersComputer([2], level=4, seconds=5, seed=own_seed)
    while not game.over and game.state.turn <= 12:
        if game.state.current == 2:
            (text,) = computer(game)
            game.push(game.parse(text))
        else:
            game.push(game.parse("done"))
    assert game.over and game.state.stalled is None
    assert RULES.outcome(game.state).winner == "Cpu"


def test_the_stall_check_benchmark_runs_in_quick_mode() -> None:
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "builders_stall_time.py"
    done = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("ratio_median") == 2, done.stdout
