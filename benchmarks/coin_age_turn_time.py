"""How long the Coin Age computer's turns take, measured from outside the process, against the time it is given.

    python benchmarks/coin_age_turn_time.py --time 0.5 --games 6 [--level 5] [--load 2] [--terminal-turns 12]
    python benchmarks/coin_age_turn_time.py --quick          # one short game, one first turn at the full screen
                                                             # (the test suite runs it)

A driver plays Ann (random legal actions, her tosses drawn here) against ``referee coin-age play --players
Cpu,Ann --computer 1 --computer-time T --json`` through a pipe, as a user's script would, and times each computer
turn after the first (which comes with the referee's start-up), from the moment the line that ends Ann's turn is
written to the moment the line that hands the turn back arrives: the computer's toss, its whole plan, and the
referee's own work in between, each action written to the record; what a person at the table waits for.
``--load N`` keeps N busy processes running meanwhile (a loaded machine); the load average is printed with the
figures.

Its first turn is timed apart (issue 45): ``--first-turns N`` new processes with the computer second (tails), each
timed on the computer's first turn only, from Ann's line that hands it over, as above; whatever a process does
only once (imports, the first record written) falls inside it. Ann's first toss matches a coin, so her turn goes
on after it: the answer to that first line shows the referee has started, and its start-up is left out.

``--terminal-turns N`` times the first turn the same way at the full-screen table, in N new processes at a
pseudo-terminal of 80×24 (the computer second): from the Enter that ends Ann's first turn to the screen asking the
people to carry out the computer's (``Enter: go on>`` drawn), its whole turn drawn on the screen before it.

Target (issues 35 and 45): the 99th percentile of the later turns, and of the first turns, within the time given.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.run import Screen, child_env, referee_command
from referee.coin_age.rules import RULES

VERBOSE = False
"""``--verbose``: each turn over the time, with when each of its lines arrived."""


def busy() -> None:
    while True:
        pass


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of the values."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-share * len(ordered) // 1))))
    return ordered[rank - 1]


def one_game(seed: int, seconds: float, level: int, computer_second: bool = False) -> list[float]:
    """The computer's turn times in one game (seconds, as seen from the pipe). With ``computer_second`` the computer
    is tails (``--players Ann,Cpu --computer 2``) and the first time is its first turn: what comes first in a
    process (imports, the first record written) falls in it, as at the table."""
    from referee.cli.games.coin_age.room import SPEC

    rng = random.Random(seed)
    players = ["Ann", "Cpu"] if computer_second else ["Cpu", "Ann"]
    mine, ann = (1, 0) if computer_second else (0, 1)
    state = RULES.new_state(players, SPEC.prepare_setup({"map": "original"}, "benchmark"))
    command = [*referee_command(), "coin-age", "play", "--players", ",".join(players), "--seed", str(seed)]
    command += ["--computer", str(mine + 1), "--computer-time", str(seconds), "--level", str(level), "--json"]
    command += ["--no-history"]
    folder = tempfile.mkdtemp(prefix="turn-time-")
    command += ["--record", os.path.join(folder, "game.toml")]  # each action written down, as at the table
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_env()
    )
    assert process.stdin is not None and process.stdout is not None
    times: list[float] = []
    written = 0
    try:
        # as heads, the computer's first turn comes with the referee's start-up, untimed
        while not state.over and RULES.to_move(state) != ann:
            document = json.loads(process.stdout.readline())
            if "action" in document:
                RULES.apply(state, RULES.parse(document["action"], state))
        while not state.over:
            if state.tossed and RULES.to_move(state) == ann:
                choices = [*RULES.turn_actions(state), "done"]
                choice = rng.choice(choices)
                line = "done" if choice == "done" else RULES.format(choice, state)
            else:
                bank = state.banks[ann]
                kinds = "".join(letter for rank, letter in ((4, "Q"), (3, "N"), (2, "P"), (1, "D")) if bank[rank])
                line = "slap " + ("".join(k for k in kinds if rng.random() < 0.5) or "-")
                if computer_second and not written:  # something matches: her turn goes on (see below)
                    line = "slap " + (line[5:].strip("-") or kinds[0])
            written += 1
            started = time.perf_counter()
            process.stdin.write((line + "\n").encode())
            process.stdin.flush()
            computer_turn = False
            arrivals: list[tuple[float, str]] = []
            while True:
                raw = process.stdout.readline()
                if not raw:
                    raise SystemExit(f"game {seed}: play stopped")
                document = json.loads(raw)
                arrivals.append((time.perf_counter() - started, str(document.get("action"))))
                if "action" not in document:
                    continue
                RULES.apply(state, RULES.parse(document["action"], state))
                if document["to_move"] == "Cpu":
                    computer_turn = True
                if document["over"] or document["to_move"] == "Ann":
                    break
            if computer_turn and (written > 1 or not computer_second):  # (the referee had started)
                times.append(time.perf_counter() - started)
                if VERBOSE and times[-1] > seconds:
                    print(f"  over: {times[-1]:.3f} s: " + ", ".join(f"{at:.3f} {what}" for at, what in arrivals))
            if computer_second and FIRST_TURNS_ONLY and times:
                break
    finally:
        process.stdin.close()
        process.wait(timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
    return times


def terminal_first_turn(seed: int, seconds: float, level: int) -> float:
    """The computer's first turn at the full-screen table (see the module's docstring), in seconds: Ann tosses a
    match (her turn goes on), then ends her turn; timed from that Enter to the pause after the computer's turn."""
    folder = tempfile.mkdtemp(prefix="turn-time-")
    command = [*referee_command(), "coin-age", "play", "--players", "Ann,Cpu", "--seed", str(seed), "--computer", "2"]
    command += ["--computer-time", str(seconds), "--level", str(level), "--no-history"]
    command += ["--record", os.path.join(folder, "game.toml")]
    table = Screen(command, folder)
    try:
        table.wait(lambda shown: "Ann>" in shown)
        table.send("slap Q\r")
        table.wait(lambda shown: "1. Ann: slap Q" in shown and "Ann>" in shown)
        started = time.perf_counter()
        table.send("done\r")
        table.wait(lambda shown: "Enter: go on>" in shown)
        return time.perf_counter() - started
    finally:
        table.close()
        shutil.rmtree(folder, ignore_errors=True)


FIRST_TURNS_ONLY = True
"""The games with the computer second are played to its first turn only (what they are for)."""


def summary(times: list[float], seconds: float) -> str:
    if not times:
        return "none timed"
    over = sum(1 for spent in times if spent > seconds)
    return (
        f"{len(times)} turns, median {percentile(times, 0.5):.3f} s, p99 {percentile(times, 0.99):.3f} s, "
        f"max {max(times):.3f} s, {over} over the time"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=0.5)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--load", type=int, default=0, help="busy processes kept running meanwhile")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--first-turns", type=int, default=20, help="processes timed on their first turn")
    parser.add_argument("--verbose", action="store_true", help="each turn over the time, line by line")
    parser.add_argument("--terminal-turns", type=int, default=0, help="first turns timed at the full screen")
    options = parser.parse_args()
    global VERBOSE
    VERBOSE = options.verbose
    games, seconds = (1, 0.1) if options.quick else (options.games, options.time)
    first_games = 1 if options.quick else options.first_turns
    terminal_turns = 1 if options.quick else options.terminal_turns
    loaders = [multiprocessing.Process(target=busy, daemon=True) for _load in range(options.load)]
    for loader in loaders:
        loader.start()
    started = time.perf_counter()
    times: list[float] = []
    firsts: list[float] = []
    try:
        for game in range(games):
            times += one_game(1000 + game, seconds, options.level)
        for game in range(first_games):
            firsts += one_game(2000 + game, seconds, options.level, computer_second=True)[:1]
        at_terminal = [terminal_first_turn(3000 + game, seconds, options.level) for game in range(terminal_turns)]
    finally:
        for loader in loaders:
            loader.terminate()
    print(
        f"coin-age computer, {seconds} s a turn, level {options.level}: later turns ({games} games): "
        f"{summary(times, seconds)}; first turns (the computer second, a new process each): "
        f"{summary(firsts, seconds)}; load average {os.getloadavg()[0]:.1f} (+{options.load} busy), "
        f"{time.perf_counter() - started:.0f} s"
    )
    if at_terminal:
        print(f"first turns at the full-screen table (a new process each): {summary(at_terminal, seconds)}")
    within = all(percentile(spent, 0.99) <= seconds for spent in (times, firsts) if spent)
    within = within and (not at_terminal or percentile(at_terminal, 0.99) <= seconds)
    return 0 if within or options.quick else 1


if __name__ == "__main__":
    sys.exit(main())
