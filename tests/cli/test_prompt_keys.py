"""At the prompt: Ctrl-Z suspends the game as in any program run from a shell (``fg`` brings it back), and a long
paste is refused at once instead of being completed keystroke by keystroke (issue: "nothing lost, round three")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.terminal import actions, type_line
from tests.clock import wait_until
from tests.conftest import referee_command

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.e2e


def shell(folder: Path):  # type: ignore[no-untyped-def]
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "PS1": "$ "}
    child = pexpect.spawn(
        "bash",
        ["--norc", "--noprofile", "-i"],
        env=env,
        cwd=str(folder),
        dimensions=(40, 120),
        timeout=90,  # a safety net for a hung program, not a promise of speed
        encoding="utf-8",
    )
    child.expect_exact("$ ")
    return child


def start_game(child, record: Path) -> None:  # type: ignore[no-untyped-def]
    command = " ".join(referee_command())
    child.sendline(f"{command} coin-age play --players Ann,Bob --record {record} --no-history")
    child.expect("Ann>")


def test_ctrl_z_suspends_the_game_and_fg_resumes_it(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    child = shell(tmp_path)
    start_game(child, record)
    child.send("\x1a")
    child.expect("Stopped")
    child.expect_exact("$ ")
    child.sendline("fg")
    child.expect("Ann>")  # the table drawn again: the game is back
    type_line(child, "slap QN")
    wait_until(lambda: actions(record) == ["slap QN"], "slap QN recorded")
    type_line(child, "quit")
    child.expect_exact("$ ")
    child.sendline("exit")
    child.expect(pexpect.EOF)


def test_a_long_paste_is_refused_at_once(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    child = shell(tmp_path)
    start_game(child, record)
    child.send("\x1b[200~" + "slap QN " * 1250 + "\x1b[201~")
    child.send("\r")
    child.expect("no action is this long")
    assert actions(record) == []  # nothing of the paste taken
    type_line(child, "slap QN")
    wait_until(lambda: actions(record) == ["slap QN"], "slap QN recorded")
    type_line(child, "quit")
    child.expect_exact("$ ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
