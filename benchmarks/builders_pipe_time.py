"""The Builders' computer, timed from outside the process: ``play --json`` driven through a pipe by a script, as a
user's program would (issue 35, item 4).

    python benchmarks/builders_pipe_time.py --games 10 --time 0.5 [--level 4] [--players 2] [--load 2]
        [--terminal-games 10]
    python benchmarks/builders_pipe_time.py --quick

Each game runs ``referee builders play --seed S --computer N --json --no-history --record FILE`` (the computer in the
last seat, the other seats played by the issue's greedy agent, ``builders_agents.Greedy``, on a copy of the game
kept here from the announced actions). Each of the computer's actions is timed from the moment the line that
handed it the turn was written (or its previous action was read) to the moment its action's line is read: its
thinking, the referee's checks, the record written and synced, the pipe. The report gives the number of actions,
their median, 99th percentile and longest time, and how many took longer than the time given; the first action of
each game (the computer's first turn: whatever a process does only once falls in it) apart from the others
(issue 45). ``--load N`` keeps N busy processes running meanwhile (a loaded machine); the load average is printed
with the figures. ``--terminal-games N`` times the computer's first action at the full-screen table too, in N new
processes at a pseudo-terminal of 80×24 (two players, the computer second): from the Enter of Ann's ``done`` to the
computer's action drawn in the last turns.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from builders_agents import greedy_action
from run import Screen, child_env, referee_command

from referee.builders.rules import RULES


def one_game(folder: Path, game: int, players: int, level: int, seconds: float) -> list[float]:
    names = [f"P{seat + 1}" for seat in range(players)]
    computer = players - 1
    command = [
        *referee_command(), "builders", "play", "--players", ",".join(names), "--seed", str(80_000 + game),
        "--computer", str(players), "--level", str(level), "--computer-time", str(seconds),
        "--json", "--no-history", "--record", str(folder / f"game{game}.toml"),
    ]  # fmt: skip
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_env()
    )
    assert process.stdin is not None and process.stdout is not None
    state = RULES.new_state(names, {"seed": 80_000 + game})
    times: list[float] = []
    mark = time.perf_counter()
    while not state.over:
        if state.current == computer:
            line = process.stdout.readline()
            if not line:
                raise SystemExit(f"game {game}: play stopped")
            now = time.perf_counter()
            report = json.loads(line)
            if "action" not in report:
                continue
            times.append(now - mark)
            mark = now
            RULES.apply(state, RULES.parse(report["action"], state))
            continue
        action = greedy_action(state)
        text = RULES.format(action, state)
        process.stdin.write(text.encode() + b"\n")
        process.stdin.flush()
        mark = time.perf_counter()  # the computer's action is timed from here: the referee's own work is in it
        if not process.stdout.readline():  # the echo of our own action
            raise SystemExit(f"game {game}: play stopped")
        RULES.apply(state, action)
    process.stdin.close()
    process.wait(timeout=60)
    return times


def terminal_first_action(folder: Path, game: int, level: int, seconds: float) -> float:
    """The computer's first action at the full-screen table, in seconds (see the module's docstring)."""
    command = [
        *referee_command(), "builders", "play", "--players", "Ann,Cpu", "--seed", str(90_000 + game),
        "--computer", "2", "--level", str(level), "--computer-time", str(seconds),
        "--no-history", "--record", str(folder / f"screen{game}.toml"),
    ]  # fmt: skip
    table = Screen(command, str(folder))
    try:
        table.wait(lambda shown: "Ann>" in shown)
        started = time.perf_counter()
        table.send("done\r")
        table.wait(lambda shown: "2. Cpu: " in shown)
        return time.perf_counter() - started
    finally:
        table.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", type=int, default=4)
    parser.add_argument("--time", type=float, default=0.5)
    parser.add_argument("--load", type=int, default=0, help="busy processes kept running meanwhile")
    parser.add_argument("--terminal-games", type=int, default=0, help="first actions timed at the full screen")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.time, args.terminal_games = 1, 0.05, 1
    times: list[float] = []
    firsts: list[float] = []
    started = time.perf_counter()
    loaders = [multiprocessing.Process(target=busy, daemon=True) for _load in range(args.load)]
    for loader in loaders:
        loader.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for game in range(args.games):
                first, *later = one_game(Path(folder), game, args.players, args.level, args.time)
                firsts.append(first)
                times += later
            at_terminal = [
                terminal_first_action(Path(folder), game, args.level, args.time) for game in range(args.terminal_games)
            ]
    finally:
        for loader in loaders:
            loader.terminate()
    print(
        f"builders ({args.players} players) level {args.level}, {args.time} s an action, {args.games} games, "
        f"timed through the pipe: later actions: {summary(times, args.time)}; the first action of each game (a new "
        f"process): {summary(firsts, args.time)}; load average {os.getloadavg()[0]:.1f} (+{args.load} busy)  "
        f"({time.perf_counter() - started:.0f} s)"
    )
    if at_terminal:
        print(f"the first action at the full-screen table (a new process each): {summary(at_terminal, args.time)}")


def busy() -> None:
    """A process that keeps a core busy (``--load``)."""
    while True:
        pass


def summary(times: list[float], seconds: float) -> str:
    """How many, the median, the 99th percentile (nearest rank), the longest, and how many took longer than
    ``seconds``."""
    if not times:
        return "none timed"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return (
        f"{len(times)}, median {statistics.median(times):.3f} s, 99th percentile {p99:.3f} s, longest "
        f"{ordered[-1]:.3f} s, over the time: {sum(1 for t in times if t > seconds)}"
    )


if __name__ == "__main__":
    main()
