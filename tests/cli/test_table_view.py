"""The one model of what the table shows (:mod:`referee.cli.table.view`): read off a play session, the same for
the terminal, the pipe and the web page."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from referee.cli.env import Environment
from referee.cli.shared_commands import load_spec
from referee.cli.table.session import PlaySession
from referee.cli.table.view import TableView, table_view
from referee.engine import Game


def session_of(game_name: str, players: list[str], setup: dict[str, Any], record: Path | None) -> PlaySession:
    spec = load_spec(game_name)
    environment = Environment(stdin=io.StringIO(), stdout=io.StringIO(), stderr=io.StringIO(), no_color=True)
    game = Game(spec.rules, players, spec.prepare_setup(dict(setup), "test"))
    return PlaySession(spec, environment, game, record, json_mode=False)


def test_the_last_turn_is_each_action_as_announced_and_undo_takes_it_back() -> None:
    session = session_of("coin-age", ["Ann", "Bob"], {"map": "original"}, None)
    session.explain = True
    for text in ["slap QN", "place Q B2", "place N B3", "slap -"]:
        session.push(text)
    view = table_view(session)
    assert [turn.player for turn in view.turns] == ["Ann", "Bob"]
    assert [a.action for a in view.turns[0].actions] == ["slap QN", "place Q B2", "place N B3"]
    assert view.turns[0].actions[1].said, "the rules' words for a place are kept with it"
    assert view.to_move == "Bob" and [seat.to_move for seat in view.seats] == [False, True]
    session.undo()
    assert table_view(session).last_turn is not None
    assert table_view(session).last_turn.player == "Ann"  # type: ignore[union-attr]
    assert table_view(session).actions == 3


def test_a_resumed_game_shows_its_last_turns_with_their_players() -> None:
    spec = load_spec("matchstick")
    game = Game(spec.rules, ["Ann", "Bob", "Cy"], spec.prepare_setup({}, "test"))
    played = []
    import random

    rng = random.Random(5)
    for _ in range(6):
        action = spec.rules.random_action(game.state, rng)
        played.append((game.actor(action), game.rules.format(action, game.state)))
        game.push(action)
    environment = Environment(stdin=io.StringIO(), stdout=io.StringIO(), stderr=io.StringIO(), no_color=True)
    session = PlaySession(spec, environment, game, None, json_mode=False)
    view = table_view(session, keep=10)
    assert [(a.player, a.action) for turn in view.turns for a in turn.actions] == played
    assert view.to_json()["actions"] == 6


def test_names_from_the_players_reach_the_view_made_safe() -> None:
    session = session_of("coin-age", ["Ann\x1b[2J", "Bob"], {"map": "original"}, None)
    view = table_view(session)
    assert "\x1b" not in view.seats[0].name and "\\x1b" in view.seats[0].name


def test_pages_turned_at_the_pause_after_the_computers_turn_are_forgotten_at_the_next_question() -> None:
    """PgDn at the pause pages through the computer's turn; the next mover's question shows the newest rows again
    (else the last action of a long turn could stay below the region while a player is asked)."""
    from referee.cli.table.screen import LINE, PAUSE, Question, TableScreen

    screen = TableScreen(lambda width: table_view_never_drawn(), lambda output: None, lambda: [], False)
    screen.asking(Question(PAUSE, "Enter: go on"))
    screen.page(1)
    assert screen.paging is not None
    screen.asking(Question(LINE, "Cid"))
    assert screen.paging is None
    screen.page(-1)  # a player's own paging stays while they are asked again (a refusal, say)
    screen.asking(Question(LINE, "Cid"))
    assert screen.paging is not None


def table_view_never_drawn() -> TableView:
    raise AssertionError("the screen is not drawn here")
