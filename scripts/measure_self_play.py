"""Measure random self-play by seat for every registered game and player count, and write each game's
``self_play.json`` beside its rules (what ``stats`` and ``history report`` show beside a group's results by seat).

    python scripts/measure_self_play.py [--games 20000] [--seed 1] [--game coin-age]

Each figure comes from ``referee GAME simulate --games N --seed S --players P1,…,Pn --json``: the same random
legal games a user runs, every one checked against the game's invariants. Player counts the game refuses are
skipped. Run it again when a game's rules change (a test checks the stored figures against a fresh sample).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee import registry  # noqa: E402


def measure(name: str, players: int, games: int, seed: int) -> tuple[int, tuple[int, ...], int, int] | None:
    names = ",".join(f"P{seat + 1}" for seat in range(players))
    command = [sys.executable, "-m", "referee", name, "simulate", "--games", str(games), "--seed", str(seed)]
    done = subprocess.run(
        [*command, "--players", names, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 2:
        return None  # a player count the game does not take
    if done.returncode != 0:
        raise SystemExit(f"{name}, {players} players: simulate failed ({done.returncode}): {done.stderr.strip()}")
    report = json.loads(done.stdout)
    wins = tuple(report["wins"][f"P{seat + 1}"] for seat in range(players))
    return report["games"], wins, report["draws"], report["stalled"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=registry.names())
    args = parser.parse_args()
    for name in [args.game] if args.game else registry.names():
        entry = registry.GAMES[name]
        by_players: dict[str, dict[str, object]] = {}
        for players in range(2, 9):
            found = measure(name, players, args.games, args.seed)
            if found is not None:
                games, wins, draws, stalled = found
                by_players[str(players)] = {"games": games, "wins": list(wins), "draws": draws, "stalled": stalled}
                print(f"{name}, {players} players: {found}", flush=True)
        document = {
            "about": f"Random self-play by seat: referee {name} simulate --games {args.games} --seed {args.seed}"
            " --players P1,...,Pn (written by scripts/measure_self_play.py; run it again when the rules change)",
            "seed": args.seed,
            "by_players": by_players,
        }
        path = ROOT / Path(*entry.rules.split(".")[:-1]) / "self_play.json"
        path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
