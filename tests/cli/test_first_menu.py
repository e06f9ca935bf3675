"""The first menu of a turn (``menus.first_menu``) in every game, over random positions: no step offers one thing
only, a group of one action is that action (named in its entry, and applied as the object the rules gave), every
legal action is reached, and the session's entries close every first menu in the same order.

The seed of each game is printed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Any

import pytest

from referee import registry
from referee.cli.table.menus import BACK, LOG, QUIT, RULES, UNDO, MenuChoice, MenuGroup, OpenGroup, first_menu
from referee.engine import Game


def spec_of(game_name: str) -> Any:
    return import_module(registry.GAMES[game_name].spec_module).SPEC


def one_menu(game: Game[Any, Any]) -> list[MenuGroup]:
    """The menu of a room that writes none (as the session makes it): the rules' legal actions."""
    return [MenuGroup("", [(game.rules.format(action, game.state), action) for action in game.legal_actions()])]


def positions(
    game_name: str, seed: int, setup: dict[str, Any] | None = None
) -> Iterator[tuple[Game[Any, Any], list[MenuGroup]]]:
    """Each position of a random game of the registered game (its spec's sample players and setup, or ``setup``)
    with its first menu's groups, as its room makes them."""
    spec = spec_of(game_name)
    sample = spec.sample
    assert sample is not None, f"{game_name}: its room declares no sample game (GameSpec.sample)"
    groups_of: Callable[[Game[Any, Any]], list[MenuGroup]] = spec.menu_groups or one_menu
    rng = random.Random(seed)
    rules = spec.rules
    game = Game(rules, list(sample.players), spec.prepare_setup(dict(setup or sample.setup), "sample"))
    while not game.over and len(game.actions) < 300:
        yield game, groups_of(game)
        game.push(rules.random_action(game.state, rng))


@pytest.mark.parametrize("game_name", registry.names())
@pytest.mark.parametrize("seed", range(6))
def test_the_first_menu_has_no_one_item_step_and_reaches_every_group(game_name: str, seed: int) -> None:
    print(f"game={game_name} seed={seed}")
    for _game, groups in positions(game_name, seed):
        kinds = spec_of(game_name).menu_kinds if all(group.number is not None for group in groups) else 0
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


def test_a_coin_age_toss_is_one_step() -> None:
    from referee.coin_age.actions import Slap

    _game, groups = next(positions("coin-age", 0))  # the first position: a toss
    toss = first_menu(groups)
    assert all(isinstance(value, Slap) for _label, value in toss[:-5]) and len(toss) > 6


def test_a_builders_refill_is_one_step() -> None:
    from tests.builders.test_builders_properties import told_setup

    for game, groups in positions("builders", 1, told_setup(5, 3)):
        if game.state.pending is not None:
            refill: list[tuple[str, Any]] = first_menu(groups)
            assert all(not isinstance(value, OpenGroup) for _label, value in refill)
            assert {value for _label, value in refill[:-5]} == set(game.legal_actions())
            return
    pytest.fail("no refill in the game")


def numbering_games() -> list[str]:
    """The registered games whose rooms number their kinds of action (``GameSpec.menu_kinds``)."""
    return [name for name in registry.names() if spec_of(name).menu_kinds]


def kind_of(action: Any) -> str:
    """What kind of action an entry stands for: its class (and, for Coin Age's placements, the coin)."""
    rank = getattr(action, "rank", None)
    return type(action).__name__ + ("" if rank is None or type(action).__name__ != "Place" else f" {rank}")


@pytest.mark.parametrize("game_name", numbering_games())
@pytest.mark.parametrize("seed", range(4))
def test_a_number_in_the_first_menu_means_one_kind_of_action_all_game(game_name: str, seed: int) -> None:
    """Pressing 2 for "move" a moment after it meant "move" never records "done": every number of a turn's first
    menu stands for one kind of action for the whole game, and the session's entries keep theirs."""
    print(f"game={game_name} seed={seed}")
    meaning: dict[int, str] = {}
    for _game, groups in positions(game_name, seed):
        if any(group.number is None for group in groups):
            continue  # a one-step menu (a toss, a refill): no kinds
        entries: list[MenuChoice] = first_menu(groups, spec_of(game_name).menu_kinds)
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
