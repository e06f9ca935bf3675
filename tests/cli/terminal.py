"""Playing at a real pseudo-terminal (pexpect): spawn ``referee``, type lines, read the record as it is written."""

from __future__ import annotations

import os
import re
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
    """``referee ARGS`` at a terminal of that size, read as a player sees it (:class:`Screen`).
    PROMPT_TOOLKIT_NO_CPR: pexpect answers no cursor-position request, and each prompt would wait a second for
    one."""
    command = referee_command()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(
        command[0], [*command[1:], *args], env=env, dimensions=(rows, columns), timeout=WAIT, encoding="utf-8"
    )
    return Screen(child, rows, columns)


ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][A-Z0-9]|[=>78])")
"""Terminal control sequences, taken out of what was printed before it is searched."""


class Screen:
    """A child at a pseudo-terminal read through a terminal emulator (pyte): ``expect`` waits until the screen
    shows the pattern (a full-screen program draws only what changed, so its output stream is no text to search).
    The rest is the pexpect child's."""

    def __init__(self, child: Any, rows: int, columns: int) -> None:
        import pyte

        self.child = child
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.printed = ""
        """Everything read so far, as text (what scrolled off the emulated screen is still here)."""
        self.before = ""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.child, name)

    def text(self) -> str:
        """The screen's lines, then everything printed (a program's last lines after it left its full screen)."""
        return "\n".join(line.rstrip() for line in self.screen.display) + "\n" + self.printed

    def _read(self, timeout: float) -> bool:
        """Read what came; False at the end of the output."""
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.stream.feed(data)
        self.printed += ESCAPES.sub("", data)
        return True

    def expect(self, pattern: Any, timeout: float | None = -1) -> int:
        import re
        import time

        patterns = pattern if isinstance(pattern, list) else [pattern]
        wait = self.child.timeout if timeout in (-1, None) else timeout
        deadline = time.monotonic() + wait
        alive = True
        while True:
            shown = self.text()
            flat = "".join(self.screen.display)
            for index, wanted in enumerate(patterns):
                if isinstance(wanted, str) and (re.search(wanted, shown) or re.search(wanted, flat)):
                    self.before = shown
                    return index
            if not alive:
                if pexpect.EOF in patterns:
                    self.before = shown
                    return patterns.index(pexpect.EOF)
                raise pexpect.EOF(f"{patterns!r} never showed; the screen:\n{shown}")
            if time.monotonic() > deadline:
                if pexpect.TIMEOUT in patterns:
                    return patterns.index(pexpect.TIMEOUT)
                raise pexpect.TIMEOUT(f"{patterns!r} never showed; the screen:\n{shown}")
            alive = self._read(0.05)

    def expect_exact(self, text: Any, timeout: float | None = -1) -> int:
        import re

        texts = text if isinstance(text, list) else [text]
        return self.expect([re.escape(t) if isinstance(t, str) else t for t in texts], timeout)

    def sendintr(self) -> None:
        self.child.send("\x03")


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
    on its way out (the last session just closed), which otherwise fails now and then. The command starts once
    ``stty size`` reads the size asked for: tmux may give the pane its size a moment after the pane starts, and a
    program that measured its terminal at once would draw for the default 80 columns (the line-mode table of old
    scrolled at 60 columns then; the full screen redraws at any size)."""
    import subprocess
    import tempfile
    import time

    folder = cwd if cwd is not None else tempfile.mkdtemp(prefix="referee-tmux-")
    start = ["tmux", "new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", session, "-c", folder]
    sized = f'until [ "$(stty size)" = "{rows} {columns}" ]; do sleep 0.01; done'
    start += ["-e", "NO_COLOR=1", f"{sized}; {command}"]
    give_up = time.monotonic() + WAIT
    while True:
        started = subprocess.run(start, capture_output=True, text=True)
        if started.returncode == 0 or time.monotonic() > give_up:
            break
        time.sleep(0.1)  # the old tmux server is on its way out: try again
    if started.returncode == 0:
        return
    raise AssertionError(f"tmux would not start a session: {started.stderr}")
