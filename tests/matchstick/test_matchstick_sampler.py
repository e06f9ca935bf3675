"""The fast generator of legal plays (``referee.matchstick.sampler``) against the readable judge, over random positions.

Every action the generator lists is judged legal; every candidate the judge accepts is listed: all plays of 1 and 2
cards (every value × every multiset of card types, expansion cards and values included) are tried, and for larger
plays random multisets and near misses of the listed plays (one card or the value changed). The menus' choices
(``play_options``, ``card_choices``) and random self-play agree with the same list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations_with_replacement

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.matchstick import (
    ALL_CARDS,
    ALL_VALUES,
    PASS,
    RULES,
    MatchstickState,
    Play,
    card_choices,
    play_cost,
    play_options,
    stronger_values,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL_PLAYS = [
    Play(value, cards)
    for value in ALL_VALUES
    for size in (1, 2)
    for cards in combinations_with_replacement(ALL_CARDS, size)
]
"""Every play of 1 or 2 cards, whatever the expansion."""


def positions(players: int, setup: dict, seed: int, every: int = 7) -> Iterator[MatchstickState]:
    """Every ``every``-th position of a random self-play game (the first one included); the game over at the end."""
    rng = random.Random(seed)
    state = RULES.new_state([f"P{i}" for i in range(1, players + 1)], setup)
    step = 0
    while not RULES.is_over(state):
        if step % every == 0:
            yield state.copy()
        RULES.apply(state, RULES.self_play_action(state, rng))
        step += 1
    yield state


def near_misses(play: Play, rng: random.Random) -> Iterator[Play]:
    """The play with one card swapped for another card type, and with another value."""
    cards = list(play.cards)
    index = rng.randrange(len(cards))
    yield Play(play.value, (*cards[:index], rng.choice(ALL_CARDS), *cards[index + 1 :]))
    yield Play(rng.choice(ALL_VALUES), play.cards)
    yield Play(play.value, (*cards, rng.choice(ALL_CARDS)))


setups = st.fixed_dictionaries({"expansion": st.sampled_from([0, 2, 4]), "deal_all": st.booleans()})


@SETTINGS
@given(players=st.integers(2, 8), setup=setups, seed=st.integers(0, 2**32 - 1))
def test_the_generator_lists_exactly_what_the_judge_accepts(players: int, setup: dict, seed: int) -> None:
    print(f"players={players} setup={setup} seed={seed}")
    rng = random.Random(seed)
    for state in positions(players, setup, seed):
        legal = list(RULES.legal_actions(state))
        listed = set(legal)
        assert len(listed) == len(legal), "listed twice"
        for action in legal:
            assert RULES.judge(state, action).legal, RULES.format(action, state)
        assert RULES.judge(state, PASS).legal == (PASS in listed)
        for play in SMALL_PLAYS:
            assert RULES.judge(state, play).legal == (play in listed), RULES.format(play, state)
        probes = [
            Play(rng.choice(ALL_VALUES), tuple(rng.choice(ALL_CARDS) for _ in range(rng.randint(3, 5))))
            for _ in range(30)
        ]
        plays = [action for action in legal if isinstance(action, Play)]
        for play in rng.sample(plays, min(len(plays), 30)):
            probes.extend(near_misses(play, rng))
        for play in probes:
            assert RULES.judge(state, play).legal == (play in listed), RULES.format(play, state)


@SETTINGS
@given(players=st.integers(2, 8), setup=setups, seed=st.integers(0, 2**32 - 1))
def test_menu_choices_and_random_draws_agree_with_the_list(players: int, setup: dict, seed: int) -> None:
    print(f"players={players} setup={setup} seed={seed}")
    rng = random.Random(seed)
    for state in positions(players, setup, seed):
        plays = [action for action in RULES.legal_actions(state) if isinstance(action, Play)]
        # play_options: each value that has a legal play, its counts and cheapest cost, weakest first
        options = play_options(state)
        expected: dict[str, dict[int, int]] = {}
        for play in plays:
            costs = expected.setdefault(play.value, {})
            costs[len(play.cards)] = min(costs.get(len(play.cards), 99), play_cost(play))
        assert set(options) == set(expected)
        order = list(stronger_values(state))
        assert list(options) == sorted(options, key=order.index)
        for value, option in options.items():
            assert option.counts == tuple(sorted(expected[value]))
            assert option.cheapest == min(expected[value].values())
        # card_choices, slot after slot, make exactly the legal plays of each (value, count)
        for value, option in options.items():
            for count in option.counts:
                made: set[Play] = set()
                todo: list[tuple[str, ...]] = [()]
                seen: set[tuple[str, ...]] = set()
                while todo:
                    chosen = todo.pop()
                    for card, _cost, _copies in card_choices(state, value, count, chosen):
                        following = tuple(sorted((*chosen, card)))
                        if len(following) == count:
                            made.add(Play(value, following))
                        elif following not in seen:
                            seen.add(following)
                            todo.append(following)
                assert made == {p for p in plays if p.value == value and len(p.cards) == count}, (value, count)
        # random self-play draws only listed actions
        if not RULES.is_over(state):
            listed = set(plays) | ({PASS} if RULES.judge(state, PASS).legal else set())
            for _ in range(20):
                assert RULES.random_action(state, rng) in listed
