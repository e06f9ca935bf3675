"""Playing at a real pseudo-terminal (pexpect): spawn ``referee``, type lines, read the record as it is written."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import referee_command

pexpect = pytest.importorskip("pexpect")

ENTER, DOWN, UP, CTRL_U = "\r", "\x1b[B", "\x1b[A", "\x15"


WAIT = 90
"""Seconds a terminal test waits for what it expects before it fails: a safety net for a hung referee, not a
promise of speed (a loaded machine may take many seconds to draw a table; how fast it is, benchmarks measure)."""


def spawn(*args: str, rows: int = 50, columns: int = 120) -> Any:
    """``referee ARGS`` at a terminal of that size. PROMPT_TOOLKIT_NO_CPR: pexpect answers no cursor-position
    request, and each prompt would wait a second for one."""
    command = referee_command()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    return pexpect.spawn(
        command[0], [*command[1:], *args], env=env, dimensions=(rows, columns), timeout=WAIT, encoding="utf-8"
    )


def actions(record: Path) -> list[str]:
    return tomllib.loads(record.read_text())["actions"] if record.exists() else []


def wait_for_actions(child: Any, record: Path, count: int) -> list[str]:
    """The record is written after every accepted action: wait until it holds ``count`` of them (looking again each
    time the terminal prints, or a tenth of a second passes)."""
    import time

    give_up = time.monotonic() + WAIT
    while time.monotonic() < give_up:
        found = actions(record)
        if len(found) >= count:
            return found
        child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.1)
    raise AssertionError(f"the record holds {actions(record)}, wanted {count} actions")


def type_line(child: Any, text: str) -> None:
    """Type a line at the prompt (cleared first) and press Enter."""
    child.send(CTRL_U + text)
    child.send(ENTER)


def finish(child: Any) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus if child.exitstatus is not None else -1


def start_tmux(session: str, columns: int, rows: int, command: str, cwd: str | None = None) -> None:
    """A detached tmux session of that size running ``command`` (in ``cwd``, else a new temporary folder, so that a
    game started without --record is never written into the checkout). Started again when it meets a tmux server
    on its way out (the last session just closed), which otherwise fails now and then. The command starts 0.3 s
    late: tmux may give the pane its size a moment after the pane starts, and a program that measured its terminal
    at once would draw for the default 80 columns. (Waiting instead until ``stty size`` reads the size is not
    enough: the 60-column table then scrolls its first row away once the menu opens; not understood yet.)"""
    import subprocess
    import tempfile
    import time

    folder = cwd if cwd is not None else tempfile.mkdtemp(prefix="referee-tmux-")
    start = ["tmux", "new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", session, "-c", folder]
    start += ["-e", "NO_COLOR=1", f"sleep 0.3; {command}"]
    give_up = time.monotonic() + WAIT
    while True:
        started = subprocess.run(start, capture_output=True, text=True)
        if started.returncode == 0 or time.monotonic() > give_up:
            break
        time.sleep(0.1)  # the old tmux server is on its way out: try again
    if started.returncode == 0:
        return
    raise AssertionError(f"tmux would not start a session: {started.stderr}")
