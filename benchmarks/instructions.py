"""CPU instructions per self-play action and per replayed record, counted under valgrind: figures that do not
swing with the machine's load, as the wall-clock rates of ``run.py`` do (by up to 1.5-2× on a shared machine).

    python benchmarks/instructions.py            # each game's self-play, and Coin Age replay
    python benchmarks/instructions.py --quick    # small counts (figures not meaningful)

Each command runs twice, small and larger, as a player runs it (the installed ``referee`` beside this Python, else
``python -m referee``): the difference in instructions divided by the difference in actions (or records), so that
start-up and imports cancel out. The baseline is measured the same way in the same run: one turn of a Python loop
that calls a function returning its argument; every figure is also given as a multiple of it. Needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import child_env, compile_bytecode, referee_command, write_records

VALGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
BASELINE = "import sys\ndef same(x):\n    return x\nfor _ in range(int(sys.argv[1])):\n    same(0)\n"


def instructions(command: Sequence[str], exits: tuple[int, ...] = (0, 1)) -> tuple[int, str]:
    """The instructions a command executes (valgrind's ``I refs``), and its standard output; the command must end
    with one of ``exits``."""
    result = subprocess.run([*VALGRIND, *command], env=child_env(), capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if found is None or result.returncode not in exits:
        raise SystemExit(f"instructions: {' '.join(command[:6])} … failed: {result.stderr[-500:]}")
    return int(found.group(1).replace(",", "")), result.stdout


def per_unit(small: tuple[int, int], large: tuple[int, int]) -> float:
    """Instructions per unit between two runs of (instructions, units)."""
    return (large[0] - small[0]) / (large[1] - small[1])


def baseline(calls: tuple[int, int]) -> float:
    runs = [(instructions([sys.executable, "-c", BASELINE, str(n)])[0], n) for n in calls]
    return per_unit(runs[0], runs[1])


def simulate(game: str, games: tuple[int, int]) -> float:
    extra = ["--players", "Ann,Bob,Cid,Dee"] if game == "matchstick" else []
    runs = []
    for count in games:
        counted, output = instructions(
            [*referee_command(), game, "simulate", "--games", str(count), "--seed", "1", "--json", *extra]
        )
        runs.append((counted, json.loads(output)["actions"]))
    return per_unit(runs[0], runs[1])


def replay(records: tuple[int, int]) -> float:
    folder = Path(tempfile.mkdtemp(prefix="referee-instructions-"))
    try:
        paths = write_records(folder, max(records))
        runs = []
        for count in records:
            command = [*referee_command(), "coin-age", "replay", *paths[:count], "--jobs", "1", "--json"]
            runs.append((instructions(command, exits=(0, 1, 2))[0], count))  # one record in ten is broken
        return per_unit(runs[0], runs[1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small counts (figures not meaningful)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed", file=sys.stderr)
        return 2
    compile_bytecode()
    games = {"coin-age": (10, 40), "builders": (10, 40), "matchstick": (10, 40)}
    if args.quick:
        games = dict.fromkeys(games, (1, 2))
    call = baseline((10_000, 20_000) if args.quick else (100_000, 1_100_000))
    rows = [("a loop turn calling a function (baseline)", call, "turn")]
    for game, counts in games.items():
        label = f"`{game} simulate`" + (" (4 players)" if game == "matchstick" else "")
        rows.append((label, simulate(game, counts), "action"))
    rows.append(("`coin-age replay --jobs 1`", replay((4, 8) if args.quick else (100, 400)), "record"))
    print(f"referee instructions: Python {sys.version.split()[0]}" + (" (quick)" if args.quick else ""))
    print()
    print(f"| {'what':42} | {'instructions':>22} | {'× baseline':>10} |")
    print(f"|{'-' * 44}|{'-' * 24}|{'-' * 12}|")
    for label, value, unit in rows:
        print(f"| {label:42} | {f'{value:,.0f} per {unit}':>22} | {value / call:>9,.1f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
