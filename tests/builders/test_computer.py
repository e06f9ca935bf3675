"""The Builders' computer seat: it only ever plays legal actions, at every level; it never reads the hidden order
of the decks (the same choice whatever order the unseen cards lie in); ``play --computer`` refuses seats that do
not exist or leave no one human, and plays its seats' turns in a piped game."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from referee.builders.computer import BuildersComputer
from referee.builders.rules import RULES
from referee.engine import Game
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
