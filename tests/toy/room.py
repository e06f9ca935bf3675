"""Nim at the table: the least a room needs (no menus: pipes only)."""

from __future__ import annotations

from typing import Any

from referee.cli.output import Output, ScoreTable
from referee.cli.shared_commands import GameSample, GameSpec
from referee.engine import Game
from tests.toy.rules import RULES


def score_table(game: Game[Any, Any]) -> ScoreTable:
    table = ScoreTable("Nim", ["player", "score"])
    outcome = RULES.outcome(game.state)
    for name in game.players:
        table.add_row([name, str(outcome.scores[name])])
    return table


def status_line(game: Game[Any, Any]) -> str:
    return "game over" if game.over else f"{game.to_move} to take ({game.state.pile} left)"


def render(game: Game[Any, Any], out: Output) -> None:
    for line in score_table(game).lines():
        out.text(line)
    out.text(status_line(game))


SPEC = GameSpec(
    name="nim",
    rules=RULES,
    rulebook_package="tests.toy",
    render=render,
    score_table=score_table,
    status_line=status_line,
    sample=GameSample(("Ann", "Bob"), {"pile": 7}, ("--players", "Ann,Bob")),
)


def complete_topic(incomplete: str) -> list[str]:
    from referee.cli.shared_commands import topic_names

    return [name for name in topic_names(SPEC) if name.startswith(incomplete)]
