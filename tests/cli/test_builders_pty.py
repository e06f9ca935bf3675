"""A real pseudo-terminal: The Builders typed and picked (pexpect)."""

from __future__ import annotations

import tomllib

import pytest

from tests.cli.terminal import ENTER, actions, finish, spawn, type_line, wait_for_actions

pytestmark = pytest.mark.e2e


def test_typed_actions_a_refused_card_and_the_menus(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn(
        "builders", "play", "--players", "Ann,Bob", "--seed", "3", "--record", str(record), rows=45, columns=130
    )
    try:
        child.expect("Ann>")
        type_line(child, "coins 1")
        assert wait_for_actions(child, record, 1) == ["coins 1"]
        type_line(child, "send W99 B01")
        child.expect("Unreadable: .*W99")
        type_line(child, "coins 9")
        child.expect("Unreadable|Illegal")
        assert actions(record) == ["coins 1"]
        child.send("\x15")
        child.send(ENTER)  # Enter alone: the menus
        child.expect("Your action")
        type_line(child, "start a construction")
        child.expect(r" 1\. ")  # the numbered entries of the submenu
        child.send("1" + ENTER)  # the first face-up construction, by its number
        played = wait_for_actions(child, record, 2)
        assert played[1].startswith("start ")
        type_line(child, "quit")
        child.expect("Continue with")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    document = tomllib.loads(record.read_text())
    assert document["setup"] == {"seed": 3} and document["actions"] == played
