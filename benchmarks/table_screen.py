"""The full-screen table of ``play`` at a real pseudo-terminal of 80×24: how long its first screen takes, and how
long a key takes to show.

    python benchmarks/table_screen.py           # each game: 5 starts, 200 keystrokes
    python benchmarks/table_screen.py --quick   # a small run (the test suite runs it so this script never rots)

* first screen: from starting ``referee GAME play`` to the input line of the first player drawn (the board, the
  seats and the prompt all drawn before it), against ``python -c pass`` started the same way in the same run;
  target: under 0.5 s;
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


def referee() -> list[str]:
    found = shutil.which("referee", path=str(Path(sys.executable).parent)) or shutil.which("referee")
    if found is None:
        raise SystemExit("referee is not installed (pip install -e .)")
    return [found]


def spawn(command: list[str], folder: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(command[0], command[1:], env=env, dimensions=(24, 80), cwd=folder, timeout=60)
    child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
    return child


def first_screen(args: list[str], folder: str) -> float:
    started = time.perf_counter()
    child = spawn([*referee(), *args, "--no-history"], folder)
    child.expect_exact(b"Ann>")
    seconds = time.perf_counter() - started
    child.terminate(force=True)
    return seconds


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
        least = statistics.median(keystrokes([sys.executable, "-c", BASELINE_SCREEN], "place", keys, folder)) * 1000
        print(f"baseline: a bare full-screen prompt_toolkit line, {least:.1f} ms a keystroke (median of {keys})")
        print(f"{'game':<12}{'first screen':>22}{'keystroke median':>20}{'worst':>10}   targets")
        for name, (args, typed) in GAMES.items():
            firsts = [first_screen(args, folder) for _ in range(starts)]
            first = statistics.median(firsts)
            times = keystrokes([*referee(), *args, "--no-history"], typed, keys, folder)
            median = statistics.median(times) * 1000
            ok = first <= FIRST_SCREEN_TARGET and median <= KEYSTROKE_TARGET_MS
            failed |= not ok
            print(
                f"{name:<12}{first * 1000:>8.0f} ms ({first / python:4.1f}×){median:>9.1f} ms ({median / least:3.1f}×)"
                f"{max(times) * 1000:>7.1f} ms"
                f"   < {FIRST_SCREEN_TARGET} s, < {KEYSTROKE_TARGET_MS:.0f} ms " + ("ok" if ok else "MISSED")
            )
    return 1 if failed and not options.quick else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
