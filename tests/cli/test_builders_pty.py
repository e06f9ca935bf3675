"""A real pseudo-terminal: The Builders played through the menus (questionary), the record checked on disk."""

from __future__ import annotations

import os
import tomllib

import pytest

from tests.conftest import referee_command

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.e2e

DOWN, UP, ENTER = "\x1b[B", "\x1b[A", "\r"


def actions(record) -> list[str]:
    return tomllib.loads(record.read_text())["actions"] if record.exists() else []


def wait_for_actions(child, record, count: int) -> list[str]:
    """The record is written after every accepted action; wait until it holds ``count``."""
    for _ in range(100):
        found = actions(record)
        if len(found) >= count:
            return found
        child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.1)
    raise AssertionError(f"the record holds {actions(record)}, wanted {count} actions")


def test_a_few_actions_through_the_menus(tmp_path):
    record = tmp_path / "game.toml"
    command = referee_command()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
    child = pexpect.spawn(
        command[0],
        [*command[1:], "builders", "play", "--players", "Ann,Bob", "--seed", "3", "--record", str(record)],
        env=env,
        dimensions=(45, 130),
        encoding="utf-8",
        timeout=20,
    )
    try:
        child.expect("Your action")
        child.expect("start a construction")
        child.send(ENTER)  # start a construction → the face-up buildings
        child.expect("back")
        child.send(ENTER)  # the first one
        assert wait_for_actions(child, record, 1)[0].startswith("start ")
        child.expect("2 actions left")
        child.expect("recruit a worker")
        child.send(DOWN + DOWN + ENTER)  # send, start, recruit: the third entry
        child.expect("back")
        child.send(ENTER)
        assert wait_for_actions(child, record, 2)[1].startswith("recruit ")
        child.expect("1 action left")
        child.expect("send a worker to a site")
        child.send(ENTER)  # send is first: which worker to which site, with its cost
        child.expect("1 action, ")
        child.expect("back")
        child.send(ENTER)
        played = wait_for_actions(child, record, 3)
        assert played[2].startswith("send ")
        child.expect("0 actions left")
        child.expect("save and quit")
        child.send(UP + ENTER)  # the menu wraps round: save and quit
        child.expect("Continue with")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    document = tomllib.loads(record.read_text())
    assert document["setup"] == {"seed": 3} and document["actions"] == played
