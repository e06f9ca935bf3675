"""The first menu of a turn (``prompts.first_menu``) in every game, over random positions: no step offers one thing
only, a group of one action is that action (named in its entry, and applied as the object the rules gave), every
legal action is reached, and the session's entries close every first menu in the same order.

The seed of each game is printed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from referee.builders import RULES as BUILDERS
from referee.cli.games.builders.room import menu_groups as builders_groups
from referee.cli.games.coin_age.room import menu_groups as coin_age_groups
from referee.cli.games.matchstick.room import menu_groups as matchstick_groups
from referee.cli.prompts import LOG, QUIT, RULES, UNDO, MenuGroup, OpenGroup, first_menu
from referee.coin_age import RULES as COIN_AGE
from referee.coin_age.actions import Slap
from referee.engine import Game
from referee.matchstick import RULES as MATCHSTICK
from tests.builders.test_builders_properties import told_setup
from tests.coin_age.helpers import setup as coin_age_setup

GAMES = {
    "coin-age": (COIN_AGE, ["Ann", "Bob"], coin_age_setup, coin_age_groups),
    "builders": (BUILDERS, ["Ann", "Bob", "Cid"], lambda: told_setup(5, 3), builders_groups),
    "matchstick": (MATCHSTICK, ["Ann", "Bob", "Cid"], dict, matchstick_groups),
}


def positions(game_name: str, seed: int) -> Iterator[tuple[Game, list[MenuGroup]]]:
    rules, players, make_setup, groups_of = GAMES[game_name]
    rng = random.Random(seed)
    game = Game(rules, players, make_setup())
    while not game.over and len(game.actions) < 300:
        yield game, groups_of(game)
        game.push(rules.random_action(game.state, rng))


@pytest.mark.parametrize("game_name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_the_first_menu_has_no_one_item_step_and_reaches_every_group(game_name: str, seed: int) -> None:
    print(f"game={game_name} seed={seed}")
    for _game, groups in positions(game_name, seed):
        entries = first_menu(groups)
        assert [value for _label, value in entries[-4:]] == [UNDO, LOG, RULES, QUIT]
        offered = entries[:-4]
        opened = [value for _label, value in offered if isinstance(value, OpenGroup)]
        if len(groups) == 1:
            assert not opened  # one kind of action: its actions are the first menu
            assert offered == groups[0].actions
            continue
        assert len(offered) == len(groups)
        for (label, value), group in zip(offered, groups, strict=True):
            if len(group.actions) == 1:  # that action itself, named
                action_label, action = group.actions[0]
                assert value is action and label.startswith(group.label) and label.endswith(action_label)
            else:
                assert isinstance(value, OpenGroup) and groups[value.index] is group and label == group.label


def test_a_coin_age_toss_and_a_builders_refill_are_one_step() -> None:
    toss = first_menu(coin_age_groups(Game(COIN_AGE, ["Ann", "Bob"], coin_age_setup())))
    assert all(isinstance(value, Slap) for _label, value in toss[:-4]) and len(toss) > 5
    for game, groups in positions("builders", 1):
        if game.state.pending is not None:
            refill: list[tuple[str, Any]] = first_menu(groups)
            assert all(not isinstance(value, OpenGroup) for _label, value in refill)
            assert {value for _label, value in refill[:-4]} == set(game.legal_actions())
            return
    pytest.fail("no refill in the game")
