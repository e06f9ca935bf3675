"""Invariants over thousands of random legal Coin Age games (hypothesis drives the choices)."""

from __future__ import annotations

import random
import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.games.coin_age.room import SPEC
from referee.coin_age import RULES
from referee.engine import Game

from .helpers import setup

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(seed: int, max_actions: int = 400) -> Game:
    """A random legal game through the move stack (push checks every action)."""
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], setup())
    while not played.over and len(played.actions) < max_actions:
        played.push(RULES.random_action(played.state, rng))
    return played


@SETTINGS
@given(st.integers(0, 2**32))
def test_twenty_coins_always_and_stacks_strictly_decreasing(seed):
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], setup())
    while not played.over and len(played.actions) < 400:
        played.push(RULES.random_action(played.state, rng))
        assert RULES.check_invariants(played.state) == []


@SETTINGS
@given(st.integers(0, 2**32))
def test_random_actions_are_legal_and_the_legal_list_agrees_with_judge(seed):
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], setup())
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
    replayed = Game(RULES, ["Ann", "Bob"], setup())
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
        tomli_w.dumps({"players": played.players, "actions": played.actions, "setup": SPEC.record_setup(played.setup)})
    )
    assert document["setup"] == {"map": "original"}
    replayed = Game(RULES, document["players"], SPEC.prepare_setup(document["setup"], "test"))
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
    state = RULES.new_state(["Ann", "Bob"], setup())
    played: list[str] = []
    while not state.over and len(played) < 300:
        action = RULES.random_action(state, rng)
        assert action in list(RULES.legal_actions(state)), RULES.format(action, state)
        assert RULES.judge(state, action).legal, RULES.format(action, state)
        played.append(RULES.format(action, state))
        RULES.apply(state, action)
    replayed = Game(RULES, ["Ann", "Bob"], setup(), undo=False)
    replayed.replay(played)
    assert replayed.state == state


def plain_turn_actions(state) -> list[str]:
    """The turn's actions by the rules as written (no board index), in the referee's order."""
    from referee.coin_age.coins import LETTER, RANKS

    ids, board = state.map.space_ids, state.board
    found = []
    if state.placements_left > 0:
        for rank in RANKS:
            if rank in state.unused:
                found += [f"place {LETTER[rank]} {ids[i]}" for i, s in enumerate(board) if not s or s[-1].rank > rank]
    if state.may_pay:
        found += [f"pay {LETTER[rank]}" for rank in RANKS if rank in state.unused]
    if state.may_move:
        for source, stack in enumerate(board):
            if stack:
                found += [f"move {ids[source]} {ids[t]}" for t in state.map.neighbours[source] if not board[t]]
    if state.may_capture:
        found += [f"capture {ids[i]}" for i, stack in enumerate(board) if stack]
    return found


def test_the_turn_actions_agree_with_the_rules_as_written_on_a_large_map():
    """The board index (``topped``) and the table's picked-out actions, on a map of more than two runs of spaces,
    with spaces of many neighbours."""
    from referee.coin_age.maps import load_map

    ids = [f"{row}{column}" for row in "ABCDE" for column in range(1, 6)][:23]
    edges = [[a, b] for i, a in enumerate(ids) for b in ids[i + 1 : i + 6 : 2]]
    table = {
        "name": "Large",
        "edges": edges,
        "regions": {"r1": {"name": "One"}, "r2": {"name": "Two"}},
        "spaces": {sid: {"name": sid, "region": "r1" if i % 3 else "r2"} for i, sid in enumerate(ids)},
    }
    game_map = load_map(table, source="test")
    rng = random.Random(4)
    for _ in range(30):
        played = Game(RULES, ["Ann", "Bob"], {"map": game_map})
        while not played.over:
            state = played.state
            if state.tossed:
                assert [RULES.format(a, state) for a in RULES.turn_actions(state)] == plain_turn_actions(state)
            played.push(RULES.random_action(state, rng))
            assert RULES.check_invariants(played.state) == []
