"""The Builders' menus over random positions: exactly the rules' legal actions, as action objects labelled in the
rules' own words, each of which the session can apply as it is."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.builders import RULES, Send
from referee.builders.describe import describe, send_finishes
from referee.cli.games.builders.room import menu_groups
from referee.engine import Game
from tests.builders.test_builders_properties import setups

SETTINGS = settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def entries(game: Game) -> list[tuple[str, object]]:
    return [entry for group in menu_groups(game) for entry in group.actions]


@SETTINGS
@given(setups, st.integers(0, 250), st.booleans())
def test_the_menu_offers_exactly_the_legal_actions_as_objects(setup, steps, sensible):
    players, table, seed = setup
    game = Game(RULES, players, table)
    rng = random.Random(seed)
    choose = RULES.self_play_action if sensible else RULES.random_action
    for step in range(steps + 1):
        if game.over:
            return
        offered = entries(game)
        legal = list(RULES.legal_actions(game.state))
        assert Counter(action for _label, action in offered) == Counter(legal)
        for label, action in offered:
            assert label == describe(action, game.state) and label
        sends = [action for _label, action in offered if isinstance(action, Send)]
        finishing = [send_finishes(action, game.state) for action in sends]
        assert finishing == sorted(finishing, reverse=True)  # what finishes a site comes first
        if step % 25 == 0:  # an entry applied as it is, on a copy: the game it came from goes on unchanged
            twin = Game(RULES, players, table)
            twin.replay(game.actions)
            label, action = offered[rng.randrange(len(offered))]
            twin.push(action)
            assert twin.actions[-1] == RULES.format(action, game.state)
        game.push(choose(game.state, rng))
