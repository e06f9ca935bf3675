"""The work done per keystroke at the turn's prompt of ``play``: completion and validation, for each game.

    python benchmarks/keystroke.py           # ~200 random positions per game
    python benchmarks/keystroke.py --quick   # a small run (the test suite runs it so this script never rots)

A keystroke at the turn's prompt asks the completer for what matches the line typed so far (the legal actions are
listed once per prompt, not per key) and, on Enter, the validator (parse and judge). Each is measured on random
positions of random self-play games, for lines typed one character at a time, and reported as a ratio to a
baseline measured in the same run: prompt_toolkit's own ``WordCompleter`` completing a 10-word menu, the least a
keystroke costs in a prompt_toolkit menu. The target: the median keystroke within 20 times that baseline and the
worst under 16 ms (one frame at 60 Hz): it must feel instant.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from prompt_toolkit.completion import CompleteEvent, WordCompleter
from prompt_toolkit.document import Document

from referee import registry
from referee.cli.table.typed_prompt import Entry, EntryCompleter

RATIO_TARGET = 20.0
WORST_MS = 16.0
SETUPS = {"coin-age": (["Ann", "Bob"], {"map": "original"}), "builders": (["Ann", "Bob", "Cid"], {"seed": 1})}
PLAYERS = {"matchstick": ["Ann", "Bob", "Cid", "Dan"]}


def timed(work: Callable[[], object], repeat: int = 5) -> float:
    """The best of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def baseline() -> float:
    completer = WordCompleter(["place", "pay", "move", "capture", "done", "slap", "undo", "redo", "log", "quit"])
    document = Document("pl")
    return timed(lambda: list(completer.get_completions(document, CompleteEvent(text_inserted=True))), 50)


def keystrokes(name: str, positions: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds per completion keystroke and per validation, over random positions of the game."""
    spec = import_module(registry.GAMES[name].spec_module).SPEC
    rules = spec.rules
    players, setup = SETUPS.get(name, (PLAYERS.get(name, ["Ann", "Bob"]), {}))
    setup = spec.prepare_setup(dict(setup), "benchmark")
    rng = random.Random(seed)
    completing: list[float] = []
    validating: list[float] = []
    while len(validating) < positions:
        state = rules.new_state(players, setup)
        while not rules.is_over(state) and len(validating) < positions:
            if rng.random() < 0.3:
                texts = [rules.format(action, state) for action in rules.legal_actions(state)]
                completer = EntryCompleter([Entry(text) for text in texts], numbered=False)
                line = rng.choice(texts)
                for cut in range(len(line) + 1):
                    document = Document(line[:cut])
                    completing.append(
                        timed(
                            lambda d=document, c=completer: list(
                                c.get_completions(d, CompleteEvent(text_inserted=True))
                            )
                        )
                    )
                validating.append(timed(lambda s=state, t=line: rules.judge(s, rules.parse(t, s))))
            rules.apply(state, rules.self_play_action(state, rng))
    return completing, validating


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=11)
    options = parser.parse_args(argv)
    positions = 10 if options.quick else 200
    unit = baseline()
    print(f"baseline: WordCompleter over 10 words, {unit * 1e6:.1f} µs per keystroke (seed {options.seed})")
    print(f"{'game':<12}{'keystroke median':>18}{'worst':>12}{'validate median':>18}   target")
    failed = False
    for name in registry.GAMES:
        completing, validating = keystrokes(name, positions, options.seed)
        median = statistics.median(completing)
        worst = max(completing)
        ok = median / unit <= RATIO_TARGET and worst * 1000 <= WORST_MS
        failed |= not ok
        print(
            f"{name:<12}{median / unit:>12.1f}× ({median * 1e6:.0f} µs){worst * 1000:>8.2f} ms"
            f"{statistics.median(validating) / unit:>12.1f}×   ≤ {RATIO_TARGET:.0f}×, ≤ {WORST_MS:.0f} ms "
            + ("ok" if ok else "MISSED")
        )
    return 1 if failed and not options.quick else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
