"""Build Coin Age games and positions for tests."""

from __future__ import annotations

from referee.coin_age import RULES
from referee.coin_age.position import state_from_position
from referee.engine import Game


def game(*actions: str, players: tuple[str, str] = ("Ann", "Bob")) -> Game:
    played = Game(RULES, list(players), {"map": "original"})
    played.replay(actions)
    return played


def position(board: dict[str, str], banks: dict[str, str]):
    state, _warnings = state_from_position(["Ann", "Bob"], {"map": "original"}, board, banks)
    return state


def legal(played: Game, text: str) -> bool:
    return played.judge(played.parse(text)).legal


def verdict(played: Game, text: str):
    return played.judge(played.parse(text))
