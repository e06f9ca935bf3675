"""The first menu of a turn (``menus.first_menu``) in every game, over random positions: no step offers one thing
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
from referee.cli.table.menus import BACK, LOG, QUIT, RULES, UNDO, MenuChoice, MenuGroup, OpenGroup, first_menu
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
        kinds = KINDS.get(game_name, 0) if all(group.number is not None for group in groups) else 0
        entries = first_menu(groups, kinds)
        assert [value for _label, value in entries[-5:]] == [UNDO, LOG, RULES, QUIT, BACK]
        offered = entries[:-5]
        opened = [value for _label, value in offered if isinstance(value, OpenGroup)]
        if len(groups) == 1 and not kinds:
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
    assert all(isinstance(value, Slap) for _label, value in toss[:-5]) and len(toss) > 6
    for game, groups in positions("builders", 1):
        if game.state.pending is not None:
            refill: list[tuple[str, Any]] = first_menu(groups)
            assert all(not isinstance(value, OpenGroup) for _label, value in refill)
            assert {value for _label, value in refill[:-5]} == set(game.legal_actions())
            return
    pytest.fail("no refill in the game")


KINDS = {"coin-age": 8, "builders": 6}
"""How many kinds of action each room numbers in a turn's first menu."""


def kind_of(action: Any) -> str:
    """What kind of action an entry stands for: its class (and, for Coin Age's placements, the coin)."""
    rank = getattr(action, "rank", None)
    return type(action).__name__ + ("" if rank is None or type(action).__name__ != "Place" else f" {rank}")


@pytest.mark.parametrize("game_name", sorted(KINDS))
@pytest.mark.parametrize("seed", range(4))
def test_a_number_in_the_first_menu_means_one_kind_of_action_all_game(game_name: str, seed: int) -> None:
    """Pressing 2 for "move" a moment after it meant "move" never records "done": every number of a turn's first
    menu stands for one kind of action for the whole game, and the session's entries keep theirs."""
    print(f"game={game_name} seed={seed}")
    meaning: dict[int, str] = {}
    for _game, groups in positions(game_name, seed):
        if any(group.number is None for group in groups):
            continue  # a one-step menu (a toss, a refill): no kinds
        entries: list[MenuChoice] = first_menu(groups, KINDS[game_name])
        numbers = [entry.number for entry in entries]
        assert numbers == sorted(numbers), numbers  # shown in the order of their numbers
        for entry in entries:
            label, value = entry
            assert entry.number is not None
            if isinstance(value, str) and value.startswith("\x00"):
                kind = value
            else:
                group = (
                    groups[value.index]
                    if isinstance(value, OpenGroup)
                    else next(g for g in groups if any(action is value for _l, action in g.actions))
                )
                kinds = {kind_of(action) for _l, action in group.actions}
                assert len(kinds) == 1, (label, kinds)
                kind = kinds.pop()
            assert meaning.setdefault(entry.number, kind) == kind, (entry.number, kind, meaning[entry.number])
    assert len(meaning) > 5
