"""The cost of one action in ``play`` from a pipe, early and late in a long game, measured in one run.

    python benchmarks/piped_play.py            # a 10,000-action game
    python benchmarks/piped_play.py --quick    # a short one (the test suite runs it so this script never rots)

Two ways a pipe feeds ``play``:

* **all at once** (``referee … play < actions.txt``): the whole game piped in; wall time for N actions, target
  10,000 actions within 10 s;
* **one at a time** (a program that sends an action and waits for its echo before sending the next, as a driver of
  ``play --json`` does): the time per action around action 100 and around action N, and their ratio. Each such
  action rewrites the whole record (atomically) and syncs it, so its cost grows with the record's size: about 1 ms
  more per action at 10,000 actions (a record of 140 kB). No target: this is the price of a record that is whole
  on disk after every action.

The game is Coin Age with ``slap -`` repeated (each toss ends the other player's turn: a game as long as one
likes). The baseline of the same run is ``python -c pass``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import Table, child_env, compile_bytecode, referee_command, wall_times


def all_at_once(folder: Path, count: int, runs: int) -> list[float]:
    times = []
    for run in range(runs):
        record = folder / f"all-{run}.toml"
        started = time.perf_counter()
        result = subprocess.run(
            [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", "--record", str(record), "--no-history"],
            input=b"slap -\n" * count,
            capture_output=True,
            env=child_env(),
        )
        times.append(time.perf_counter() - started)
        if result.returncode != 0:
            raise SystemExit(result.stderr.decode())
    return times


def one_at_a_time(folder: Path, count: int, window: int) -> tuple[list[float], list[float]]:
    """Seconds per action for ``window`` actions from action 100, and for the last ``window`` actions."""
    record = folder / "driven.toml"
    command = [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", "--record", str(record)]
    process = subprocess.Popen(
        [*command, "--no-history", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=child_env(),
    )
    assert process.stdin is not None and process.stdout is not None
    early: list[float] = []
    late: list[float] = []
    for index in range(1, count + 1):
        started = time.perf_counter()
        process.stdin.write(b"slap -\n")
        process.stdin.flush()
        if not process.stdout.readline():
            raise SystemExit("play stopped")
        spent = time.perf_counter() - started
        if 100 <= index < 100 + window:
            early.append(spent)
        elif index > count - window:
            late.append(spent)
    process.stdin.close()
    process.wait()
    return early, late


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a short game")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    count = 600 if options.quick else 10_000
    window = 100 if options.quick else 300
    compile_bytecode()
    table = Table()
    baseline = wall_times([sys.executable, "-c", "pass"], options.runs)
    table.add("`python -c pass` (baseline)", [t * 1000 for t in baseline], " ms", "", None, ".1f")
    with tempfile.TemporaryDirectory() as folder:
        whole = all_at_once(Path(folder), count, options.runs)
        target = count / 1000
        table.add(
            f"{count:,} actions piped at once (wall)", whole, " s", f"≤ {target:g} s", max(whole) <= target, ".2f"
        )
        early, late = one_at_a_time(Path(folder), count, window)
    table.add("one at a time, from action 100", [t * 1000 for t in early], " ms", "", None, ".2f")
    table.add(f"one at a time, the last {window}", [t * 1000 for t in late], " ms", "", None, ".2f")
    ratio = statistics.median(late) / statistics.median(early)
    table.add("late / early (per action)", [ratio], "×", "", None, ".2f")
    table.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
