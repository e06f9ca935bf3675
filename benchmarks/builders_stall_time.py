"""What the ruling on a game that can no longer end costs: the stall check (``referee.builders.stall.stall``), timed
on positions from random games, as a ratio to listing the legal actions of the same positions in the same run.

    python benchmarks/builders_stall_time.py --games 40 [--players 2 3 4] [--repeat 20] [--seed 1]
    python benchmarks/builders_stall_time.py --quick      # a few positions (the test suite runs it so it never rots)

The rules run the stall check when a turn ends (:meth:`BuildersRules.apply_done`), before the next player acts;
``legal_actions`` is what every caller of the rules asks once a position (a prompt, ``simulate``, the computer), so
it is the baseline. Positions: every position of each game in which a player is to act (no row awaits a card),
from games played to their end by two kinds of random player: ``sensible`` (``simulate``'s sensible random
player) and ``uniform`` (any legal action: it hoards sites and workers and empties the bank, the positions where
the check has most to count). Each position is timed ``--repeat`` times with each function, alternately, and the
fastest of its runs kept (the least disturbed by other work on the machine). The report gives, for each kind of
player and player count, the positions, the median time of a stall check and of a ``legal_actions`` listing, the
median and 99th percentile of their ratio position by position, and the slowest check.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.builders.rules import RULES
from referee.builders.stall import stall
from referee.builders.state import BuildersState

MAX_ACTIONS = 3_000


def positions(players: int, games: int, policy: str, seed: int) -> list[BuildersState]:
    """Every position with a player to act, from ``games`` random games of ``players`` seats."""
    rng = random.Random(seed)
    choose: Callable[[BuildersState, random.Random], object] = (
        RULES.self_play_action if policy == "sensible" else RULES.random_action
    )
    found: list[BuildersState] = []
    for game in range(games):
        state = RULES.new_state([f"P{seat + 1}" for seat in range(players)], {"seed": seed * 1_000 + game})
        for _step in range(MAX_ACTIONS):
            if state.over:
                break
            if state.pending is None:
                found.append(state.copy())
            RULES.apply(state, choose(state, rng))
    return found


def fastest(function: Callable[[BuildersState], object], state: BuildersState, repeat: int) -> float:
    """The fastest of ``repeat`` calls, in seconds."""
    best = float("inf")
    for _run in range(repeat):
        started = time.perf_counter()
        function(state)
        spent = time.perf_counter() - started
        if spent < best:
            best = spent
    return best


def listing(state: BuildersState) -> object:
    return list(RULES.legal_actions(state))


def measure(players: int, games: int, policy: str, repeat: int, seed: int) -> dict[str, object]:
    found = positions(players, games, policy, seed)
    checks, lists, ratios = [], [], []
    for state in found:
        check = fastest(stall, state, repeat)
        listed = fastest(listing, state, repeat)
        checks.append(check)
        lists.append(listed)
        ratios.append(check / listed)
    ratios.sort()
    return {
        "players": players,
        "policy": policy,
        "games": games,
        "positions": len(found),
        "stall_check_us": round(statistics.median(checks) * 1e6, 1),
        "legal_actions_us": round(statistics.median(lists) * 1e6, 1),
        "ratio_median": round(statistics.median(ratios), 2),
        "ratio_p99": round(ratios[min(len(ratios) - 1, int(0.99 * len(ratios)))], 2),
        "slowest_check_us": round(max(checks) * 1e6, 1),
        "stalled_positions": sum(1 for state in found if stall(state) is not None),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.players, args.repeat = 1, [2], 2
    for players in args.players:
        for policy in ("sensible", "uniform"):
            row = measure(players, args.games, policy, args.repeat, args.seed)
            print(json.dumps(row) if args.json else "  ".join(f"{key} {value}" for key, value in row.items()))


if __name__ == "__main__":
    main()
