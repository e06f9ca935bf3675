"""At a terminal: a finished game is logged without --log (never with --no-history); stats draws the rating chart."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import referee_command
from tests.history.helpers import finished_record

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.e2e


def at_terminal(*args: str, history: Path) -> str:
    command = referee_command()
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "REFEREE_HISTORY": str(history)}
    child = pexpect.spawn(
        command[0], [*command[1:], *args], env=env, dimensions=(40, 120), timeout=90, encoding="utf-8"
    )
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
    return str(child.before)


def test_a_game_finished_at_a_terminal_is_logged_and_charted(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    record = tmp_path / "finished.toml"
    record.write_bytes(finished_record("coin-age", 3)[0])
    output = at_terminal("coin-age", "play", "--resume", str(record), "--no-history", history=history)
    assert "Logged in the history" not in output and not history.exists()
    output = at_terminal("coin-age", "play", "--resume", str(record), history=history)
    assert "Logged in the history as game 1" in output
    second = tmp_path / "second.toml"
    second.write_bytes(finished_record("coin-age", 4)[0])
    at_terminal("coin-age", "play", "--resume", str(second), history=history)
    chart = at_terminal("stats", "--game", "coin-age", history=history)
    assert "Rating (mu) after each game" in chart and "Ann" in chart
    plain = at_terminal("stats", "--game", "coin-age", "--json", history=history)
    assert "Rating (mu) after each game" not in plain


def test_the_rating_chart_names_the_players_it_does_not_draw(tmp_path: Path) -> None:
    from referee.cli.history.chart import MARKERS
    from tests.history.helpers import entry, history_at

    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    history_path = tmp_path / "h.sqlite3"
    history = history_at(history_path)
    for game_number in range(3):
        order = names[game_number:] + names[:game_number]
        places = [order.index(name) + 1 for name in names]
        history.log(entry("matchstick", names, None, places, [order[0]], f"2026-0{game_number + 1}-01T20:00:00"))
    history.close()
    chart = at_terminal("stats", "--game", "matchstick", history=history_path)
    assert "Rating (mu) after each game" in chart
    assert len(names) > len(MARKERS)
    left_out = [line for line in chart.splitlines() if line.startswith("Not drawn")]
    assert len(left_out) == 1, chart
    drawn_in_legend = [name for name in names if name not in left_out[0]]
    assert len(drawn_in_legend) == len(MARKERS)
    assert all(left_out[0].count(name) == 1 for name in names if name not in drawn_in_legend)
