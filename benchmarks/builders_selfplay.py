"""The Builders' computer against itself: does every game end, and how (issue 35: no stalled game in 1,000
self-play games at each player count).

    python benchmarks/builders_selfplay.py --games 1000 --players 2 3 4 --level 2 [--workers 2]
    python benchmarks/builders_selfplay.py --quick        # a few games (the test suite runs it so it never rots)

Every seat is the computer (``referee.builders.computer.BuildersComputer``, each seat with its own seed, never the
deal's), at the level given and ``--time`` seconds an action; deals from seeds 60,000 + game. A game counts as
**stalled** when the rules had to end it by the ruling on a game that can no longer end (``state.stalled``) or when
it is still on after 3,000 actions; the others ended after someone reached 17 VP. Each line gives the games, how
many ended by 17 VP, by the ruling, or not at all, the mean number of turns and actions, and the seconds taken.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.builders.computer import BuildersComputer
from referee.builders.rules import RULES

MAX_ACTIONS = 3_000


def self_play(job: tuple[int, int, int, float]) -> tuple[str, int, int]:
    """One game: how it ended (``vp``, ``ruling`` or ``cut``), its turns and its actions."""
    game, players, level, seconds = job
    names = [f"P{seat + 1}" for seat in range(players)]
    state = RULES.new_state(names, {"seed": 60_000 + game})
    computers = [BuildersComputer([seat], level, seconds, seed=70_000 + 10 * game + seat) for seat in range(players)]
    for actions in range(MAX_ACTIONS):
        if state.over:
            return ("ruling" if state.stalled is not None else "vp"), state.turn, actions
        action = computers[state.current].choose(state)
        if not RULES.judge(state, action).legal:
            raise SystemExit(f"game {game}: an illegal action {action!r}")
        RULES.apply(state, action)
    return "cut", state.turn, MAX_ACTIONS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the number of the first game (to split a run)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--time", type=float, default=0.5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.workers = 2, 1
    for players in args.players:
        started = time.perf_counter()
        jobs = [(game, players, args.level, args.time) for game in range(args.first, args.first + args.games)]
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                results = list(pool.map(self_play, jobs, chunksize=4))
        else:
            results = [self_play(job) for job in jobs]
        row = {
            "players": players,
            "level": args.level,
            "games": args.games,
            "first": args.first,
            "ended_by_17_vp": sum(1 for how, _t, _a in results if how == "vp"),
            "ended_by_ruling": sum(1 for how, _t, _a in results if how == "ruling"),
            "not_ended": sum(1 for how, _t, _a in results if how == "cut"),
            "mean_turns": round(sum(t for _h, t, _a in results) / len(results), 1),
            "mean_actions": round(sum(a for _h, _t, a in results) / len(results), 1),
            "seconds": round(time.perf_counter() - started, 1),
        }
        print(json.dumps(row) if args.json else "  ".join(f"{key} {value}" for key, value in row.items()), flush=True)


if __name__ == "__main__":
    main()
