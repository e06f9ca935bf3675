"""Build Coin Age games and positions for tests."""

from __future__ import annotations

from typing import Any

from referee.cli.games.coin_age.room import SPEC
from referee.coin_age import RULES
from referee.coin_age.position import state_from_position
from referee.engine import Game


def setup(map_value: Any = "original") -> dict[str, Any]:
    """The setup of a record (``map = "original"``, or a map table) made ready for the rules by the room, as every
    command makes it."""
    return SPEC.prepare_setup({"map": map_value}, "test")


def game(*actions: str, players: tuple[str, str] = ("Ann", "Bob")) -> Game:
    played = Game(RULES, list(players), setup())
    played.replay(actions)
    return played


def position(board: dict[str, str], banks: dict[str, str]):
    state, _warnings = state_from_position(["Ann", "Bob"], setup(), board, banks)
    return state


def legal(played: Game, text: str) -> bool:
    return played.judge(played.parse(text)).legal


def verdict(played: Game, text: str):
    return played.judge(played.parse(text))
