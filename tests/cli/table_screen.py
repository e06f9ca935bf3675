"""The full-screen table at a real terminal (tmux): start ``referee … play`` in a pane of a given size, send keys,
and read the screen as a player sees it. Every wait is for something to show on the screen (or in the record); the
timeouts are only a safety net for a busy machine."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.cli.cells import cell_width
from tests.cli.terminal import start_tmux
from tests.conftest import referee_command

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal screen")

SAFETY_NET = 120.0
"""Seconds a wait gives up after (only on a broken build: a correct one shows what is waited for much sooner)."""


class Table:
    """``referee ARGS`` at a tmux pane of ``columns`` × ``rows``, in ``folder``."""

    def __init__(self, folder: Path, args: list[str], columns: int = 80, rows: int = 24) -> None:
        self.name = f"referee-table-{folder.name}-{time.monotonic_ns()}"
        self.columns = columns
        self.rows = rows
        command = " ".join(shlex.quote(word) for word in [*referee_command(), *args])
        start_tmux(self.name, columns, rows, f"{command}; echo EXIT $?; sleep 600", str(folder))

    def screen(self) -> str:
        shown = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True)
        return shown.stdout

    def lines(self) -> list[str]:
        return self.screen().splitlines()

    def wait(self, wanted: str | Callable[[str], bool], timeout: float = SAFETY_NET) -> str:
        """The screen once it shows ``wanted`` (a text, or a test of the whole screen), read twice alike (a frame
        caught while it is being written mixes the old and the new)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if ((wanted in shown) if isinstance(wanted, str) else wanted(shown)) and self.screen() == shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{wanted!r} never showed; the screen:\n{shown}")
            time.sleep(0.05)

    def keys(self, *keys: str) -> None:
        """Keys by tmux's names (``Enter``, ``Escape``, ``C-c``, ``BSpace``)."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def type(self, text: str) -> None:
        """Text typed as it is (no key names)."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)

    def line(self, text: str) -> None:
        self.type(text)
        self.keys("Enter")

    def resize(self, columns: int, rows: int) -> None:
        subprocess.run(["tmux", "resize-window", "-t", self.name, "-x", str(columns), "-y", str(rows)], check=True)
        self.columns, self.rows = columns, rows

    def exit_status(self) -> int:
        shown = self.wait("EXIT ")
        return int(shown.split("EXIT ")[1].split()[0])

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)

    def fits(self, shown: str) -> bool:
        """No line of ``shown`` wider than the pane (in cells: Chinese and Korean take two)."""
        return all(cell_width(line) <= self.columns for line in shown.splitlines())


def recorded(record: Path) -> list[str]:
    """The actions the record holds now (it is written after every accepted action)."""
    try:
        actions: list[str] = tomllib.loads(record.read_text())["actions"]
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        return []
    return actions


def wait_for_record(record: Path, test: Callable[[list[str]], bool], timeout: float = SAFETY_NET) -> list[str]:
    deadline = time.monotonic() + timeout
    while True:
        actions = recorded(record)
        if test(actions):
            return actions
        if time.monotonic() > deadline:
            raise AssertionError(f"the record holds {actions}")
        time.sleep(0.05)
