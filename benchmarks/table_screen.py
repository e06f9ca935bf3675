"""The full-screen table of ``play`` at a real pseudo-terminal of 80×24: how long its first screen takes, and how
long a key takes to show.

    python benchmarks/table_screen.py           # each game: 5 starts, 200 keystrokes
    python benchmarks/table_screen.py --quick   # a small run (the test suite runs it so this script never rots)

* first screen: from starting ``referee GAME play`` to the input line of the first player drawn (the board, the
  seats and the prompt all drawn before it), against ``python -c print`` and against the floor, a bare full-screen
  prompt_toolkit line (python and prompt_toolkit, imported and drawn), started the same way in the same run; each
  command is started once unmeasured first (its bytecode written, as ``pip install`` writes it, even where
  ``PYTHONDONTWRITEBYTECODE`` is set, and its files read once); target: under 0.5 s;
* keystroke to screen: from a key written to the terminal to the screen's answer read back (the frame with the
  character on the input line and the list under it filtered again, written in one piece), typed one character at a
  time, then erased, against a bare full-screen prompt_toolkit line measured the same way; target: the median under
  16 ms (one frame at 60 Hz).

Measured from outside, as a player's terminal sees it (``pexpect``; ``PROMPT_TOOLKIT_NO_CPR``: no cursor-position
answer is awaited).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

FIRST_SCREEN_TARGET = 0.5
KEYSTROKE_TARGET_MS = 16.0
GAMES = {
    "coin-age": (["coin-age", "play", "--players", "Ann,Bob"], "place"),
    "builders": (["builders", "play", "--players", "Ann,Bob,Cid", "--seed", "3"], "recruit"),
    "matchstick": (["matchstick", "play", "--players", "Ann,Bob,Cid,Dan"], "play"),
}


BASELINE_SCREEN = """
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.processors import BeforeInput

line = Window(BufferControl(Buffer(), input_processors=[BeforeInput("Ann> ")]), height=1)
Application(layout=Layout(HSplit([Window(FormattedTextControl("table")), line])), full_screen=True).run()
"""
"""The least a full-screen prompt_toolkit application costs: a text and an input line (the keystroke baseline)."""
BASELINE_FULL_SCREEN = """
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.processors import BeforeInput

text = "\\n".join(f"{row:02} " + "table " * 12 for row in range(22))
line = Window(BufferControl(Buffer(), input_processors=[BeforeInput("Ann> ")]), height=1)
Application(layout=Layout(HSplit([Window(FormattedTextControl(text)), line])), full_screen=True).run()
"""
"""The same line under 22 rows of text (a screen as full as the table's): what prompt_toolkit itself takes to draw
a frame of a full screen, the keystroke's floor at this size."""
BASELINE_WITH_RICH = "import rich.console, rich.panel, rich.table, rich.text\n" + BASELINE_SCREEN
"""The same, Rich imported first: every room draws its board with Rich (the floor of the first screen with it)."""


def referee() -> list[str]:
    found = shutil.which("referee", path=str(Path(sys.executable).parent)) or shutil.which("referee")
    if found is None:
        raise SystemExit("referee is not installed (pip install -e .)")
    return [found]


def spawn(command: list[str], folder: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    for name in ("COLUMNS", "LINES", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    child = pexpect.spawn(command[0], command[1:], env=env, dimensions=(24, 80), cwd=folder, timeout=60)
    child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
    return child


def first_screen(command: list[str], folder: str) -> float:
    """Seconds from starting ``command`` at the pseudo-terminal to ``Ann>`` read back."""
    started = time.perf_counter()
    child = spawn(command, folder)
    child.expect_exact(b"Ann>")
    seconds = time.perf_counter() - started
    child.terminate(force=True)
    return seconds


def first_screens(commands: dict[str, list[str]], starts: int, folder: str) -> dict[str, float]:
    """The median of ``starts`` first screens of each command, after one unmeasured (see the module's docstring),
    taken in turn (one of each, then again), so a load that comes and goes weighs on them alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        first_screen(command, folder)
    for _ in range(starts):
        for name, command in commands.items():
            times[name].append(first_screen(command, folder))
    return {name: statistics.median(seconds) for name, seconds in times.items()}


def python_start(folder: str) -> float:
    started = time.perf_counter()
    child = spawn([sys.executable, "-c", "print('Ann>')"], folder)
    child.expect_exact(b"Ann>")
    seconds = time.perf_counter() - started
    child.terminate(force=True)
    return seconds


def keystrokes(command: list[str], typed: str, count: int, folder: str) -> list[float]:
    """Seconds from each key written to the input line showing it (read through a terminal emulator, pyte),
    ``typed`` typed and erased again and again."""
    import pyte

    child = spawn(command, folder)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    def shows(line: str) -> None:
        while not any(row.rstrip() == line for row in screen.display):
            stream.feed(child.read_nonblocking(65536, timeout=60))

    shows("Ann>")
    times: list[float] = []
    while len(times) < count:
        steps = [typed[: n + 1] for n in range(len(typed))] + [typed[:n] for n in reversed(range(len(typed)))]
        keys = list(typed) + ["\x7f"] * len(typed)
        for key, line in zip(keys, steps, strict=True):
            started = time.perf_counter()
            child.send(key)
            shows(f"Ann> {line}".rstrip())
            times.append(time.perf_counter() - started)
    child.terminate(force=True)
    return times[:count]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args(argv)
    starts, keys = (1, 20) if options.quick else (5, 200)
    failed = False
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        os.environ["XDG_DATA_HOME"] = folder
        python = statistics.median(python_start(folder) for _ in range(starts))
        print(f"baseline: python -c print at a pty, {python * 1000:.0f} ms to its output (median of {starts})")
        bare = [sys.executable, "-c", BASELINE_SCREEN]
        commands = {name: [*referee(), *args, "--no-history"] for name, (args, _typed) in GAMES.items()}
        with_rich = [sys.executable, "-c", BASELINE_WITH_RICH]
        firsts = first_screens({"floor": bare, "with Rich": with_rich, **commands}, starts, folder)
        floor = firsts["floor"]
        print(f"baseline: a bare full-screen prompt_toolkit line, {floor * 1000:.0f} ms to its first screen (floor)")
        print(f"baseline: the same with Rich imported, {firsts['with Rich'] * 1000:.0f} ms to its first screen")
        least = statistics.median(keystrokes(bare, "place", keys, folder)) * 1000
        print(f"baseline: a bare full-screen prompt_toolkit line, {least:.1f} ms a keystroke (median of {keys})")
        full = statistics.median(keystrokes([sys.executable, "-c", BASELINE_FULL_SCREEN], "place", keys, folder))
        print(f"baseline: the same line under 22 rows of text, {full * 1000:.1f} ms a keystroke (median of {keys})")
        print(f"{'game':<12}{'first screen (×floor)':>24}{'keystroke median':>20}{'worst':>10}   targets")
        for name, (_args, typed) in GAMES.items():
            first = firsts[name]
            times = keystrokes(commands[name], typed, keys, folder)
            median = statistics.median(times) * 1000
            ok = first <= FIRST_SCREEN_TARGET and median <= KEYSTROKE_TARGET_MS
            failed |= not ok
            print(
                f"{name:<12}{first * 1000:>10.0f} ms ({first / floor:4.1f}×){median:>11.1f} ms ({median / least:3.1f}×)"
                f"{max(times) * 1000:>7.1f} ms"
                f"   < {FIRST_SCREEN_TARGET} s, < {KEYSTROKE_TARGET_MS:.0f} ms " + ("ok" if ok else "MISSED")
            )
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 1 if failed and not options.quick else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
