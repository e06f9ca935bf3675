"""Against the computer: a program drives ``play --vs-computer --json`` line by line; undo at a terminal takes back
the computer's reply with the player's own action; ``--computer-tosses typed`` lets a person slap its coins."""

from __future__ import annotations

import json
import os
import select
import subprocess
import time

import pytest

from tests.cli.terminal import actions, finish, spawn, type_line, wait_for_actions
from tests.conftest import referee_command

pytestmark = pytest.mark.e2e

COMPUTER = ["--vs-computer", "--seed", "1", "--computer-time", "0.2"]


class JsonLines:
    """The JSON lines a process writes, read as they come (select on the raw descriptor, no buffered reader that
    could hold lines select no longer sees)."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.fd = process.stdout.fileno()
        self.pending = b""

    def until(self, done, timeout: float = 30) -> list[dict]:
        """Lines until ``done(line)``; fails (no deadlock) when none comes in time."""
        lines: list[dict] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                lines.append(json.loads(raw))
                if done(lines[-1]):
                    return lines
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                self.pending += chunk
        raise AssertionError(f"no end in {timeout} s after {lines}")


def test_a_program_plays_against_the_computer_line_by_line() -> None:
    process = subprocess.Popen(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    reader = JsonLines(process)
    try:
        for line in ("slap QN", "place Q A2"):
            process.stdin.write(line + "\n")
            process.stdin.flush()
            assert reader.until(lambda found: True)[0]["to_move"] == "Ann"
        process.stdin.write("place N B3\n")
        process.stdin.flush()
        # Ann has nothing left: the computer tosses and plays its whole turn without waiting for a line
        turn = reader.until(lambda found: found["player"] == "Bob" and found["to_move"] == "Ann")
        assert turn[0]["action"] == "place N B3" and turn[0]["to_move"] == "Bob"
        bobs = [line for line in turn if line["player"] == "Bob"]
        assert bobs[0]["action"].startswith("slap")
        assert all(line["to_move"] == "Bob" for line in bobs[:-1])  # to_move is exact on every line
        assert bobs[-1]["action"] != "done"  # no trailing done once nothing is left to it
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def test_computer_tosses_typed_by_a_person() -> None:
    lines = "slap QN\nplace Q A2\nplace N B3\nslap PD\n"
    result = subprocess.run(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--computer-tosses", "typed"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "4. Bob: slap PD" in result.stdout and "5. Bob: place " in result.stdout


def test_undo_against_the_computer_takes_back_its_reply_and_your_action(tmp_path) -> None:
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--record", str(record))
    child.expect("Ann>")
    for line in ("slap QN", "place Q A2", "place N B3"):
        type_line(child, line)
    played = wait_for_actions(child, record, 5)  # Ann's three, then the computer's toss and plan
    assert played[:3] == ["slap QN", "place Q A2", "place N B3"]
    child.expect("Ann>")  # the computer's whole turn is played before Ann is asked
    type_line(child, "undo")
    child.expect("undone: ")
    child.expect("Ann>")
    assert actions(record) == ["slap QN", "place Q A2"]  # the computer did not play its reply again
    type_line(child, "quit")
    assert finish(child) == 0
    assert actions(record) == ["slap QN", "place Q A2"]


def test_undo_after_resuming_against_the_computer_takes_back_its_reply_and_your_action(tmp_path) -> None:
    """The issue's steps: a game against the computer, quit, resume, undo: the record loses the computer's reply and
    Ann's last action, as it would have in one session (before, undo after --resume changed nothing)."""
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--record", str(record))
    child.expect("Ann>")
    for line in ("slap QN", "place Q A2", "place N B3"):
        type_line(child, line)
    played = wait_for_actions(child, record, 5)
    child.expect("Ann>")
    type_line(child, "quit")
    assert finish(child) == 0
    played = actions(record)
    assert played[:3] == ["slap QN", "place Q A2", "place N B3"] and len(played) > 3
    child = spawn("coin-age", "play", "--resume", str(record), *COMPUTER)
    child.expect("Ann>")
    type_line(child, "undo")
    child.expect("undone: ")
    child.expect("Ann>")
    assert actions(record) == ["slap QN", "place Q A2"]
    type_line(child, "quit")
    assert finish(child) == 0
    assert actions(record) == ["slap QN", "place Q A2"]
