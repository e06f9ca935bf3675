"""Two settings of the Coin Age computer's tree search compared on the same games, its time counted in CPU seconds.

    python benchmarks/coin_age_settings.py --set PLAYOUT_WEIGHT=0 --opponent greedy --games 160 --time 0.25
    python benchmarks/coin_age_settings.py --set PLAYOUT_WEIGHT=0.5 --opponent mcts --games 80 --time 0.15

One series of ``strength.py`` (games numbered from 0, so two runs with different ``--set`` play the same seeds,
seats and tosses: a paired comparison), with a constant of ``referee/coin_age/tree_search.py`` set for the run and
the computer's clock (and ``mcts``'s) reading the process's CPU time instead of the wall clock: on a machine shared
with other work, the wall clock would give each run whatever share of a core it happened to get. The computer
keeps its reserve for the referee's own work (``RESERVE_*`` in ``computer.py``), so ``--time 0.15`` leaves its
search about the CPU time it has at 0.5 s a turn on a loaded machine. Run the two settings side by side (one
process each), each logging its games (``STRENGTH_PROGRESS=FILE``), and compare them game by game:

    python benchmarks/coin_age_settings.py --compare as-it-is.log changed.log

prints each log's score over the games both hold and the difference, game by game, with its 95 % interval.

Not a test, and not docs/strength.md's table: that is ``strength.py`` at the wall clock, as a player would see it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

time.perf_counter = time.process_time  # before the computer's modules read it (their defaults bind it)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import referee.coin_age.tree_search as tree_search  # noqa: E402
from benchmarks import coin_age_agents, strength  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a tree_search constant")
    parser.add_argument("--opponent", default="greedy", choices=sorted(strength.COIN_AGE_AGENTS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--time", type=float, default=0.25, help="CPU seconds a turn")
    parser.add_argument("--compare", nargs=2, metavar="LOG", help="two STRENGTH_PROGRESS logs, game by game")
    args = parser.parse_args()
    if args.compare:
        print(strength.paired(strength.read_log(args.compare[0]), strength.read_log(args.compare[1])))
        return
    for setting in args.set:
        name, _, value = setting.partition("=")
        if not hasattr(tree_search, name) or not name.isupper():
            parser.error(f"--set: no constant {name!r} in tree_search")
        setattr(tree_search, name, type(getattr(tree_search, name))(float(value)))
    coin_age_agents.CLOCK = time.process_time
    row = strength.series("coin-age", args.opponent, args.games, args.time, 5, 2, 1)
    print(" ".join(args.set) or "as it is", strength.line(row), flush=True)


if __name__ == "__main__":
    main()
