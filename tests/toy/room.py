"""Nim at the table: the room of the toy game (no Typer). It writes no menus of its own: the session offers the
rules' legal actions as one menu."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from referee.cli.output import Output, ScoreTable
from referee.cli.shared_commands import GameSample, GameSpec, topic_completer
from referee.cli.svg import INK, MUTED, Picture
from referee.engine import Game
from referee.i18n import _

if TYPE_CHECKING:
    from tests.toy.rules import NimRules, NimState, Take


def load_rules() -> NimRules:
    """The game's rules, imported at first use (start-up time)."""
    from tests.toy.rules import RULES

    return RULES


def score_table(game: Game[NimState, Take]) -> ScoreTable:
    table = ScoreTable("Nim", [_("player"), _("score")])
    outcome = game.rules.outcome(game.state)
    for name in game.players:
        table.add_row([name, str(outcome.scores[name])])
    return table


def status_line(game: Game[NimState, Take]) -> str:
    state = game.state
    if game.over:
        winner = game.rules.outcome(state).winner
        return _("Game over: {reason}.").format(reason=f"{winner} took the last stick")
    return f"{state.players[state.current]} to take ({state.pile} left)"


def render(game: Game[NimState, Take], out: Output) -> None:
    out.text("| " * game.state.pile)
    for line in score_table(game).lines():
        out.text(line)
    out.text(status_line(game))


def picture(game: Game[NimState, Take], marked: Collection[str] = ()) -> Picture:
    """The pile as sticks, whose turn it is, and the score sheet ``score`` prints."""
    from referee.cli.pictures import MARGIN, score_sheet, stacked

    width = max(420.0, 2 * MARGIN + 14 * game.state.pile)
    board = Picture(width, 120, "Nim")
    board.text(MARGIN, 26, "Nim", size=18, weight="bold")
    board.text(MARGIN, 48, status_line(game), size=14, fill=MUTED)
    for stick in range(game.state.pile):
        board.line(MARGIN + 14 * stick, 64, MARGIN + 14 * stick, 108, stroke=INK, width=4)
    return stacked("Nim: " + status_line(game), status_line(game), [board, score_sheet(score_table(game), width)])


SPEC: GameSpec[NimState, Take] = GameSpec(
    name="nim",
    load_rules=load_rules,
    rulebook_package="tests.toy",
    render=render,
    score_table=score_table,
    status_line=status_line,
    describe=lambda action, state: f"{action.count} of {state.pile}",
    picture=picture,
    sample=GameSample(
        ("Ann", "Bob"),
        {"pile": 30},
        ("--players", "Ann,Bob", "--pile", "30"),
        ("take 1", "take 4", "grab 1"),
        (),
        vocabulary=("take", "0", "1", "3", "4", "-1", "30", "99"),
        setup_keys=("pile",),
    ),
)


complete_topic = topic_completer(SPEC, __name__)
