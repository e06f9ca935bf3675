"""A real pseudo-terminal: Coin Age played through the menus (pexpect), then Ctrl-C with the record intact."""

from __future__ import annotations

import os
import tomllib

import pytest

from tests.conftest import referee_command

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.e2e

DOWN, ENTER, SPACE = "\x1b[B", "\r", " "


def spawn(*args: str):
    command = referee_command()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
    return pexpect.spawn(command[0], [*command[1:], *args], env=env, dimensions=(50, 120), timeout=20,
                         encoding="utf-8")  # fmt: skip


def actions(path) -> list[str]:
    return tomllib.loads(path.read_text())["actions"]


def test_a_few_turns_through_the_menus_then_ctrl_c(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record))
    child.expect("Hellag Dum")  # the board is drawn
    child.expect("Ann's turn")
    child.send(ENTER)  # Ann tosses
    child.expect("Which show heads")
    child.send(SPACE + DOWN + SPACE + ENTER)  # the quarter and the nickel matched
    child.expect("your action")
    child.send(ENTER)  # place the quarter
    child.expect("place quarter on A1")
    child.send(DOWN + ENTER)  # on A2
    child.expect("place 1 \\(N\\)")
    assert actions(record) == ["slap QN", "place Q A2"]
    child.expect("your action")
    child.send(DOWN + ENTER)  # end the turn
    child.expect("Bob's turn")
    child.send(ENTER)
    child.expect("Which show tails")
    child.send(ENTER)  # nothing matched: capture and move
    child.expect("your action")
    child.send(ENTER)  # capture (the first group offered)
    child.expect("Bob, your action|capture")
    assert actions(record)[:4] == ["slap QN", "place Q A2", "done", "slap -"]
    child.sendintr()
    child.expect("Interrupted after \\d+ actions; the record is safe in")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert actions(record)[:4] == ["slap QN", "place Q A2", "done", "slap -"]


def test_undo_and_save_and_quit(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", "--record", str(record))
    child.expect("Ann's turn")
    child.send(ENTER)
    child.expect("Which show heads")
    child.send(SPACE + ENTER)  # the quarter
    child.expect("your action")
    child.send(DOWN + DOWN + ENTER)  # place the quarter / end the turn / undo
    child.expect("undone: slap Q")
    child.expect("Ann's turn")
    child.send(DOWN + DOWN + DOWN + ENTER)  # toss / undo / rules / save and quit
    child.expect("Continue with: referee coin-age play --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert actions(record) == []
