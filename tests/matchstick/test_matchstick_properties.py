"""Property tests over many random legal games (random self-play from counts, as `simulate` does)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import Game
from referee.matchstick import ALL_CARDS, ALL_VALUES, PASS, RULES, MatchstickState, Play
from referee.matchstick.segments import copies_of

setups = st.fixed_dictionaries(
    {"expansion": st.sampled_from([0, 2, 4]), "deal_all": st.booleans()},
)
player_counts = st.integers(min_value=2, max_value=8)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _players(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def _small(state: MatchstickState) -> bool:
    return state.turn is not None and state.matchsticks[state.turn] <= 2


@SETTINGS
@given(n=player_counts, setup=setups, seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants_and_end_with_a_full_ranking(n: int, setup: dict, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(RULES, _players(n), setup)
    steps = 0
    while not game.over:
        state = game.state
        action = RULES.random_action(state, rng)
        text = RULES.format(action, state)
        assert RULES.parse(text, state) == action  # formatting then parsing gives the same action
        assert game.judge(action).legal, (text, game.judge(action))
        before = state.copy()
        game.push(action)
        after = game.state
        # cards never exceed copies; cards and matchsticks never negative; turn order sane
        assert RULES.check_invariants(after) == []
        assert all(after.copies_played[c] <= copies_of(c, after.expansion) for c in after.copies_played)
        if rng.random() < 0.1:  # pop restores the exact state, then push again
            game.pop()
            assert game.state == before
            game.push(action)
        steps += 1
        assert steps < 10_000
    outcome = RULES.outcome(game.state)
    assert sorted(outcome.ranking) == sorted(game.players)
    assert outcome.winner == outcome.ranking[0] == game.players[game.state.out[0]]
    assert len(game.state.out) == n - 1
    assert sorted(outcome.scores.values()) == list(range(n))
    assert game.summary()["over"] is True


@SETTINGS
@given(n=player_counts, setup=setups, seed=st.integers(0, 2**32 - 1))
def test_judge_agrees_with_legal_actions(n: int, setup: dict, seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.new_state(_players(n), setup)
    values = [v for v in ALL_VALUES if setup["expansion"] or v not in "GH"]
    cards = [c for c in ALL_CARDS if setup["expansion"] or c not in ("G", "H")]
    checked = 0
    while not RULES.is_over(state) and checked < 12:
        if _small(state):
            legal = list(RULES.legal_actions(state))
            assert len(legal) == len(set(legal))
            legal_set = set(legal)
            for action in legal:
                assert RULES.judge(state, action).legal, RULES.format(action, state)
            for _ in range(40):
                probe = Play(rng.choice(values), tuple(rng.choice(cards) for _ in range(rng.randint(1, 5))))
                assert RULES.judge(state, probe).legal == (probe in legal_set), RULES.format(probe, state)
            assert RULES.judge(state, PASS).legal == (PASS in legal_set)
            assert RULES.random_action(state, rng) in legal_set
            checked += 1
        RULES.apply(state, RULES.random_action(state, rng))
        assert RULES.check_invariants(state) == []


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_state_copy_is_independent_and_equal(seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.new_state(_players(4), {})
    for _ in range(rng.randint(0, 30)):
        if RULES.is_over(state):
            break
        RULES.apply(state, RULES.random_action(state, rng))
    twin = state.copy()
    assert twin == state
    if not RULES.is_over(state):
        RULES.apply(twin, RULES.random_action(twin, rng))
        assert twin != state
