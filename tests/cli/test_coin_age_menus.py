"""Coin Age's menus (``room.menu_groups``) offer exactly the rules' legal actions, as action objects.

Over random positions of random games: in a turn, the menu holds every legal place, pay, move and capture, and
``done``, nothing more (a toss by the opponent is reached through ``done``); when a toss is due, its one group
offers exactly the legal tosses. Every entry is labelled by the rules' ``describe`` and applied as the object it
is. Hypothesis prints the seed of a failing game.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.games.coin_age.room import SPEC, ask_action, menu_groups
from referee.cli.table.menus import QUIT
from referee.coin_age import RULES
from referee.coin_age.actions import DONE, Done, Slap
from referee.coin_age.coins import NICKEL, QUARTER
from referee.engine import Game
from tests.coin_age.helpers import setup

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def entries(game: Game) -> list[Any]:
    return [action for group in menu_groups(game) for _label, action in group.actions]


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_the_menu_offers_exactly_the_legal_actions(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(RULES, ["Ann", "Bob"], setup())
    while not game.over and len(game.actions) < 120:
        state = game.state
        legal = list(RULES.legal_actions(state))
        offered = entries(game)
        if state.tossed and RULES.has_turn_action(state):
            assert len(offered) == len(set(offered))
            assert set(offered) == {action for action in legal if not isinstance(action, Slap)}
            assert offered[-1] is DONE
            for group in menu_groups(game):
                for label, action in group.actions:
                    assert label == (RULES.describe(action, state) if not isinstance(action, Done) else "done")
        else:
            [group] = menu_groups(game)
            assert state.players[state.tosser()] in group.label
            assert set(offered) == set(legal) - {DONE} - set(RULES.turn_actions(state))
            assert len(offered) == len(set(offered)) and all(isinstance(action, Slap) for action in offered)
            for label, action in group.actions:
                assert label == RULES.describe(action, state)
        for action in offered:  # each applies as the object it is
            trial = Game.from_state(RULES, game.players, game.setup, state.copy())
            trial.push(action)
        game.push(rng.choice(offered))


class ScriptedPrompter:
    """Answers the menus as a player would: in the group named, the entry whose label holds the words given."""

    def __init__(self, group: str, entry: str = "") -> None:
        self.group = group
        self.entry = entry

    def choose_action(self, message: str, groups: list[Any], topics: list[str], kinds: int = 0) -> Any:
        for group in groups:
            if group.label.startswith(self.group):
                return next(action for label, action in group.actions if self.entry in label)
        return QUIT


def test_ask_action_returns_action_objects() -> None:
    game = Game(RULES, ["Ann", "Bob"], setup())
    tossed = ask_action(game, ScriptedPrompter("Ann tosses", "QN matched"), None)
    assert tossed == Slap(frozenset({QUARTER, NICKEL}))
    game.push(tossed)
    placed = ask_action(game, ScriptedPrompter("place the quarter"), None)
    assert RULES.format(placed, game.state) == "place Q A1"
    game.push(placed)
    assert ask_action(game, ScriptedPrompter("end the turn"), None) is DONE
    assert ask_action(game, ScriptedPrompter("nothing such"), None) == QUIT


def test_the_record_keeps_a_built_in_map_by_name_and_any_other_as_a_table() -> None:
    prepared = SPEC.prepare_setup({"map": "original"}, "test")
    assert SPEC.record_setup(prepared) == {"map": "original"}
    assert SPEC.record_setup(SPEC.prepare_setup({}, "test")) == {"map": "original"}
    assert SPEC.record_setup(SPEC.prepare_setup({"map": "ORIGINAL"}, "test")) == {"map": "original"}
    table = prepared["map"].to_toml()
    own = SPEC.prepare_setup({"map": table}, "test")
    assert own["map"] == prepared["map"] and own["map"] is not prepared["map"]
    assert SPEC.record_setup(own) == {"map": table}
