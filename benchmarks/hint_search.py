"""Benchmark of the Coin Age hint search: positions per second and the depth reached in a time budget.

    python benchmarks/hint_search.py [--time 2] [--positions 10] [--seed 1] [--json]

Each position is a mid-game turn reached by seeded random play (the same every run); the search runs with the
garbage collector off, as ``referee coin-age hint`` does.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.cli.games.coin_age.room import SPEC
from referee.coin_age.hint import search
from referee.coin_age.rules import RULES


def positions(count: int, seed: int) -> list:
    rng = random.Random(seed)
    found = []
    setup = SPEC.prepare_setup({"map": "original"}, "benchmark")  # the map loaded by the room, as commands do
    while len(found) < count:
        state = RULES.new_state(["Heads", "Tails"], setup)
        for _step in range(rng.randrange(4, 30)):
            if state.over:
                break
            RULES.apply(state, RULES.random_action(state, rng))
        while not state.over and not state.tossed:
            RULES.apply(state, RULES.random_action(state, rng))
        if not state.over:
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=2.0, help="seconds per position")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    gc.disable()
    for state in positions(args.positions, args.seed):
        result = search(state, time_limit=args.time)
        rows.append({"depth": result.depth, "nodes": result.nodes, "seconds": round(result.seconds, 3)})
        gc.collect()
    rates = [row["nodes"] / row["seconds"] for row in rows if row["seconds"] > 0]
    report = {
        "time_per_position": args.time,
        "positions": len(rows),
        "positions_per_second": round(statistics.median(rates)),
        "depth_min": min(row["depth"] for row in rows),
        "depth_median": statistics.median(row["depth"] for row in rows),
        "depth_max": max(row["depth"] for row in rows),
        "runs": rows,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"{report['positions']} positions, {args.time} s each: {report['positions_per_second']} positions/s "
            f"(median); depth reached min {report['depth_min']}, median {report['depth_median']}, "
            f"max {report['depth_max']}"
        )


if __name__ == "__main__":
    main()
