"""Invariants over thousands of random legal Coin Age games (hypothesis drives the choices)."""

from __future__ import annotations

import random
import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.coin_age import RULES
from referee.engine import Game

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(seed: int, max_actions: int = 400) -> Game:
    """A random legal game through the move stack (push checks every action)."""
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], {"map": "original"})
    while not played.over and len(played.actions) < max_actions:
        played.push(RULES.random_action(played.state, rng))
    return played


@SETTINGS
@given(st.integers(0, 2**32))
def test_twenty_coins_always_and_stacks_strictly_decreasing(seed):
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], {})
    while not played.over and len(played.actions) < 400:
        played.push(RULES.random_action(played.state, rng))
        assert RULES.check_invariants(played.state) == []


@SETTINGS
@given(st.integers(0, 2**32))
def test_random_actions_are_legal_and_the_legal_list_agrees_with_judge(seed):
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], {})
    while not played.over and len(played.actions) < 200:
        legal = played.legal_actions()
        assert legal, "a game not over always has a legal action (a toss)"
        for action in legal:
            assert played.judge(action).legal, RULES.format(action, played.state)
        played.push(rng.choice(legal))


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 50))
def test_undo_restores_the_exact_state(seed, undos):
    played = random_game(seed)
    states = []
    replayed = Game(RULES, ["Ann", "Bob"], {})
    for text in played.actions:
        states.append(replayed.state.copy())
        replayed.push_text(text)
    for _ in range(min(undos, len(played.actions))):
        played.pop()
        assert played.state == states[len(played.actions)]


@SETTINGS
@given(st.integers(0, 2**32))
def test_writing_a_record_and_replaying_it_gives_the_same_state(seed):
    played = random_game(seed)
    document = tomllib.loads(
        tomli_w.dumps({"players": played.players, "actions": played.actions, "setup": played.setup})
    )
    replayed = Game(RULES, document["players"], document["setup"])
    replayed.replay(document["actions"])
    assert replayed.state == played.state
    assert replayed.summary() == played.summary()


@SETTINGS
@given(st.integers(0, 2**32))
def test_the_game_ends_exactly_when_the_rules_say(seed):
    played = random_game(seed, max_actions=5000)
    assert played.over
    state = played.state
    assert not state.empty_spaces() or any(state.bank_size(seat) == 0 for seat in (0, 1))
    last = played.actions[-1]
    assert last.startswith("place")  # only a placement ends the game


def test_format_then_parse_gives_the_same_action():
    rng = random.Random(7)
    for _ in range(200):
        played = random_game(rng.randrange(2**32), max_actions=rng.randrange(1, 60))
        for action in played.legal_actions():
            assert played.parse(RULES.format(action, played.state)) == action


@SETTINGS
@given(st.integers(0, 2**32))
def test_the_self_play_action_is_always_one_of_the_legal_actions(seed):
    """``random_action`` (self-play, ``simulate``) builds its choices from the map's action table: each one is in
    ``legal_actions`` and judged legal, and the game replays from its notation."""
    rng = random.Random(seed)
    state = RULES.new_state(["Ann", "Bob"], {})
    played: list[str] = []
    while not state.over and len(played) < 300:
        action = RULES.random_action(state, rng)
        assert action in list(RULES.legal_actions(state)), RULES.format(action, state)
        assert RULES.judge(state, action).legal, RULES.format(action, state)
        played.append(RULES.format(action, state))
        RULES.apply(state, action)
    replayed = Game(RULES, ["Ann", "Bob"], {}, undo=False)
    replayed.replay(played)
    assert replayed.state == state
