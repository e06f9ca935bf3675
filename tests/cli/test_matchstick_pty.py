"""A pseudo-terminal: the installed ``referee matchstick play`` driven through its menus (arrow keys, enter)."""

from __future__ import annotations

import os
import tomllib

import pytest

from tests.conftest import referee_command

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.e2e

DOWN = "\x1b[B"
ENTER = "\r"


def spawn(*args: str):
    # PROMPT_TOOLKIT_NO_CPR: pexpect does not answer cursor-position requests; each menu would wait 1 s for one
    command = referee_command()
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        command[0], [*command[1:], *args], env=env, dimensions=(40, 120), timeout=15, encoding="utf-8"
    )
    return child


def choose(child, question: str, downs: int = 0) -> None:
    """Wait for a menu, move down ``downs`` times and press enter."""
    child.expect_exact(question)
    child.expect_exact("(Use arrow keys")
    child.send(DOWN * downs + ENTER)


def test_a_few_turns_through_the_menus(tmp_path):
    record = tmp_path / "game.toml"
    child = spawn("matchstick", "play", "--players", "Ann,Bob,Cid", "--record", str(record))
    try:
        child.expect_exact("Ann leads")
        # Ann: play cards → value 8 (9th value) → 2 cards → an 8 as it is, then a 0 plus the middle stick
        choose(child, "Ann, your turn")
        choose(child, "Which value is shown?", 8)
        choose(child, "How many cards showing 8?", 1)
        choose(child, "Card 1 of 2 shown as 8")
        choose(child, "Card 2 of 2 shown as 8", 1)
        child.expect_exact("1. Ann: play 8 0 8")
        # Bob cannot follow for free with his 1 matchstick? He can (9s from the 6/9 card); he passes instead
        choose(child, "Bob, your turn", 1)
        child.expect_exact("2. Bob: pass")
        choose(child, "Cid, your turn", 1)
        child.expect_exact("Everyone else passed: the table is cleared and Ann leads")
        # Ann leads a single 6/9 card turned over to show 9
        choose(child, "Ann, your turn")
        choose(child, "Which value is shown?", 9)
        choose(child, "How many cards showing 9?")
        child.expect_exact("Which physical card shows 9?")
        child.expect_exact("6/9 card, 9 side up")
        child.send(ENTER)
        child.expect_exact("4. Ann: play 9 9")
        # Bob: undo takes Ann's play back; then save and quit
        child.expect_exact("Bob, your turn")
        child.send(DOWN * 2 + ENTER)
        child.expect_exact("undone: play 9 9")
        child.expect_exact("Ann, your turn")
        child.send(DOWN * 3 + ENTER)
        child.expect_exact("Continue with: referee matchstick play --resume")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    document = tomllib.loads(record.read_text())
    assert document["actions"] == ["play 8 0 8", "pass", "pass"]
    assert document["setup"]["hand_sizes"] == [15, 15, 15]
