"""Benchmark of Coin Age on maps with many neighbours: the commands' times on the star map (one space with 40
neighbours) and the complete map (50 spaces, each touching every other), as ratios to the same command on the
original map, in the same run (the tests check only that they work and stay small in memory).

    python benchmarks/large_maps.py [--runs 5]

Each line: ``maps show``, ``replay`` and ``check`` of a record of a few actions on the map, the median wall time of
``--runs`` runs, and its ratio to ``maps show original``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.coin_age.test_coin_age_large_maps import MAPS, actions  # noqa: E402  (the maps the tests use)


def timed(arguments: list[str], runs: int) -> float:
    """The median wall seconds of ``referee ARGUMENTS`` over ``runs`` runs."""
    seconds = []
    for _run in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee", *arguments], capture_output=True, check=True)
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    baseline = timed(["coin-age", "maps", "show", "original"], options.runs)
    print(f"maps show original (baseline): {baseline:.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        for name, (make, first, second) in MAPS.items():
            map_file = Path(folder) / f"{name}.toml"
            map_file.write_text(tomli_w.dumps(make()))
            record = Path(folder) / f"{name}-game.toml"
            document = {"game": "coin-age", "players": ["Ann", "Bob"], "setup": {"map": make()}}
            record.write_text(tomli_w.dumps({**document, "actions": actions(first, second)}))
            for arguments in (["maps", "show", str(map_file)], ["replay", str(record)], ["check", str(record), "done"]):
                seconds = timed(["coin-age", *arguments], options.runs)
                print(
                    f"{name}: {arguments[0]} {arguments[1] if arguments[0] == 'maps' else ''}".rstrip()
                    + f": {seconds:.3f} s, {seconds / baseline:.1f}x the baseline"
                )


if __name__ == "__main__":
    main()
