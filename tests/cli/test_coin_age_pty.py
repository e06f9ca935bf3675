"""A real pseudo-terminal: Coin Age typed and picked (pexpect); nothing is recorded that the player did not mean."""

from __future__ import annotations

import pytest

from tests.cli.terminal import ENTER, actions, finish, pexpect, spawn, type_line, wait_for_actions

pytestmark = pytest.mark.e2e


def test_typed_actions_are_recorded_and_an_illegal_one_is_refused_with_its_rule(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record))
    child.expect("Hellag Dum")  # the board is drawn
    child.expect("Ann>")
    type_line(child, "slap QN")
    assert wait_for_actions(child, record, 1) == ["slap QN"]
    type_line(child, "place q a2")
    assert wait_for_actions(child, record, 2) == ["slap QN", "place Q A2"]
    type_line(child, "place Q B3")
    child.expect("Illegal: .*rule: place")
    type_line(child, "place Z9 B3")
    child.expect("Unreadable: unknown coin 'Z9'")
    assert actions(record) == ["slap QN", "place Q A2"]
    type_line(child, "done")
    type_line(child, "slap -")
    assert wait_for_actions(child, record, 4) == ["slap QN", "place Q A2", "done", "slap -"]
    child.sendintr()
    child.expect("Quit\\? The game is saved either way")  # asked first
    child.send("y")
    child.expect("Interrupted after 4 actions; the record is safe in")
    assert finish(child) == 130
    assert actions(record) == ["slap QN", "place Q A2", "done", "slap -"]


def test_a_menu_filter_that_matches_nothing_records_nothing(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record))
    child.expect("Ann>")
    type_line(child, "slap QN")
    wait_for_actions(child, record, 1)
    child.expect("Ann>")
    child.send(ENTER)  # Enter alone: the menus
    child.expect("Ann, your action")
    type_line(child, "C2 B3")  # the game's notation of nothing on offer
    child.expect("Nothing here matches 'C2 B3'")
    child.send(ENTER)  # Enter again: still nothing
    assert actions(record) == ["slap QN"]
    type_line(child, "save and quit")
    child.expect("Continue with: referee coin-age play --resume")
    assert finish(child) == 0
    assert actions(record) == ["slap QN"]


def test_undo_redo_log_and_quit(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record))
    child.expect("Ann>")
    type_line(child, "slap Q")
    wait_for_actions(child, record, 1)
    type_line(child, "undo")
    child.expect("undone: slap Q")
    assert wait_for_actions(child, record, 0) == [] and actions(record) == []
    type_line(child, "redo")
    child.expect("redone: slap Q")
    assert wait_for_actions(child, record, 1) == ["slap Q"]
    type_line(child, "log")
    child.expect_exact("1. Ann: slap Q  — Ann 10, Bob 10")
    type_line(child, "quit")
    child.expect("Continue with")
    assert finish(child) == 0
    assert actions(record) == ["slap Q"]


def test_resume_shows_the_last_turns(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record))
    child.expect("Ann>")
    for line in ("slap QN", "place Q A2", "done", "slap -"):
        type_line(child, line)
    wait_for_actions(child, record, 4)
    type_line(child, "quit")
    assert finish(child) == 0
    child = spawn("coin-age", "play", "--resume", str(record))
    child.expect("── Last turns")
    for line in ("1. Ann: slap QN", "2. Ann: place Q A2", "3. Ann: done", "4. Bob: slap -"):
        child.expect_exact(line)
    child.expect("Bob>")
    child.sendintr()
    child.send("y")
    child.expect(pexpect.EOF)
