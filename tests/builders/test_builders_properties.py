"""Properties over many random legal games: money conserved, every card in one place, exact undo, notation."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.builders import RULES, Buy, Done, Recruit, Reveal, Send, Start, TakeCoins, deal
from referee.builders.cards import construction_ids, worker_ids
from referee.engine import Game

apply, judge, legal_actions, random_action, stalled = (
    RULES.apply,
    RULES.judge,
    RULES.legal_actions,
    RULES.random_action,
    RULES.stalled,
)

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
SETTINGS = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def told_setup(seed: int, n: int) -> dict:
    """A told table taken from a seeded deal (so reveals get exercised)."""
    apprentices, buildings, workers = deal(seed, n)
    return {"apprentices": apprentices, "buildings": buildings[:5], "workers": workers[:5]}


setups = st.tuples(st.integers(0, 10**6), st.integers(2, 4), st.booleans()).map(
    lambda t: (PLAYERS[: t[1]], {"seed": t[0]} if t[2] else told_setup(t[0], t[1]), t[0])
)


def candidate_actions(state):
    """A superset of the legal actions: everything the player could try now."""
    seat = state.seat
    workers = seat.team() + state.row_workers
    sites = list(seat.sites) + seat.built + state.row_buildings
    yield from (Start(c) for c in construction_ids())
    yield from (Recruit(c) for c in worker_ids())
    yield from (Reveal(c) for c in construction_ids() + worker_ids())
    yield from (Send(w, s) for w in workers for s in sites)
    yield from (TakeCoins(n) for n in (1, 3, 6))
    yield Buy()
    yield Done()


@SETTINGS
@given(setups, st.integers(50, 400))
def test_random_legal_games_keep_money_conserved_and_each_card_in_one_place(setup, steps):
    players, table, seed = setup
    state = RULES.new_state(players, table)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        action = random_action(state, rng)
        assert judge(state, action).legal
        apply(state, action)
        problems = RULES.check_invariants(state)
        assert problems == [], problems
        assert state.bank + sum(seat.coins for seat in state.seats) == 100


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups, st.integers(30, 200))
def test_legal_actions_are_exactly_the_actions_judged_legal(setup, steps):
    players, table, seed = setup
    state = RULES.new_state(players, table)
    rng = random.Random(seed)
    for step in range(steps):
        if state.over:
            break
        if step % 10 == 0:
            legal = set(legal_actions(state))
            judged = {a for a in candidate_actions(state) if judge(state, a).legal}
            assert legal == judged
        apply(state, random_action(state, rng))


@SETTINGS
@given(setups, st.integers(20, 150))
def test_game_pop_restores_the_exact_state(setup, steps):
    players, table, seed = setup
    game = Game(RULES, players, table)
    rng = random.Random(seed)
    history = [game.state.copy()]
    for _ in range(steps):
        if game.over:
            break
        game.push(random_action(game.state, rng))
        history.append(game.state.copy())
    while game.actions:
        assert game.state == history.pop()
        game.pop()
    assert game.state == history.pop() == RULES.new_state(players, table)


@SETTINGS
@given(setups, st.integers(20, 150))
def test_format_then_parse_round_trips_every_legal_action(setup, steps):
    players, table, seed = setup
    state = RULES.new_state(players, table)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        for action in legal_actions(state):
            text = RULES.format(action, state)
            assert RULES.parse(text, state) == action
            assert RULES.parse(text.upper(), state) == action
        apply(state, random_action(state, rng))


@settings(max_examples=20, deadline=None, database=None)
@given(setups)
def test_a_record_replays_to_exactly_one_state(setup):
    players, table, seed = setup
    game = Game(RULES, players, table)
    rng = random.Random(seed)
    for _ in range(200):
        if game.over:
            break
        game.push(random_action(game.state, rng))
    again = Game(RULES, players, table)
    again.replay(game.actions)
    assert again.state == game.state
    assert again.summary() == game.summary()


def test_random_games_always_end_by_17_vp_or_by_the_ruling_on_a_game_that_can_no_longer_end():
    """Uniform random play, which starts sites it can never finish: every game ends, either after someone reached
    17 VP or, by the ruling, when nobody can any more (or nothing but a bought action could change anything)."""
    by_ruling = by_vp = 0
    for seed in range(30):
        print(f"seed {seed}")
        state = RULES.new_state(PLAYERS[: 2 + seed % 3], {"seed": seed})
        rng = random.Random(seed)
        for _ in range(5000):
            if state.over:
                break
            apply(state, random_action(state, rng))
        assert state.over
        assert not stalled(state)
        assert RULES.check_invariants(state) == []
        outcome = RULES.outcome(state)
        assert sorted(outcome.ranking) == sorted(state.players)
        if state.stalled is None:
            by_vp += 1
            assert max(seat.vp for seat in state.seats) >= 17
        else:
            by_ruling += 1
            assert state.trigger is None and max(seat.vp for seat in state.seats) < 17
    assert by_vp > 0 and by_ruling > 0
