"""A real pseudo-terminal: Matchstick Tycoon typed and picked (pexpect)."""

from __future__ import annotations

import tomllib

import pytest

from tests.cli.terminal import CTRL_U, ENTER, actions, finish, spawn, type_line, wait_for_actions

pytestmark = pytest.mark.e2e


def test_typed_plays_passes_undo_and_quit(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("matchstick", "play", "--players", "Ann,Bob,Cid", "--record", str(record), rows=40)
    try:
        child.expect_exact("Ann leads")
        child.expect_exact("Ann>")
        type_line(child, "play 8 0 8")  # an 8 as it is, and a 0 with the middle stick added
        child.expect_exact("1. Ann: play 8 0 8")
        type_line(child, "play 7 7")  # not stronger than two 8s
        child.expect("Illegal|Unreadable")
        assert actions(record) == ["play 8 0 8"]
        type_line(child, "pass")
        child.expect_exact("2. Bob: pass")
        type_line(child, "pass")
        child.expect_exact("Everyone else passed: the table is cleared and Ann leads")
        wait_for_actions(child, record, 3)
        type_line(child, "undo")
        child.expect_exact("undone: pass")
        assert wait_for_actions(child, record, 2) == ["play 8 0 8", "pass"]
        child.expect_exact("Cid>")
        child.send("\x15" + ENTER)  # Enter alone: the menus
        child.expect_exact("Cid, your turn")
        type_line(child, "save and quit")
        child.expect_exact("Continue with: referee matchstick play --resume")
        assert finish(child) == 0
    finally:
        child.close(force=True)
    document = tomllib.loads(record.read_text())
    assert document["actions"] == ["play 8 0 8", "pass"]
    assert document["setup"]["hand_sizes"] == [15, 15, 15]


def test_a_play_picked_through_the_menus(tmp_path):
    """Enter alone opens the menus: the values (playing is the only kind of action when leading) → how many → the
    cards, asked only where they are open: every play of two cards showing 8 holds the 8 card, so the few plays
    left are offered whole, found by their notation. Following, "pass" is a group of one action: its entry names
    it and plays it."""
    record = tmp_path / "game.toml"
    child = spawn("matchstick", "play", "--players", "Ann,Bob,Cid", "--record", str(record), rows=40)
    try:
        child.expect_exact("Ann>")
        child.send(ENTER)  # Enter alone: the menus
        child.expect_exact("Ann, your turn")
        type_line(child, "8 free")
        child.expect_exact("How many cards showing 8?")
        type_line(child, "2")
        child.expect_exact("Which cards show 8?")
        type_line(child, "play 8 0 8")  # the entry of the play, by its notation
        child.expect_exact("1. Ann: play 8 0 8")
        assert wait_for_actions(child, record, 1) == ["play 8 0 8"]
        child.expect_exact("Bob>")
        child.send(CTRL_U + ENTER)
        child.expect_exact("Bob, your turn")
        type_line(child, "pass and take")  # one entry: the group of the one action, named in it
        child.expect_exact("2. Bob: pass")
        assert wait_for_actions(child, record, 2) == ["play 8 0 8", "pass"]
        type_line(child, "quit")
        child.expect_exact("Continue with: referee matchstick play --resume")
        assert finish(child) == 0
    finally:
        child.close(force=True)
