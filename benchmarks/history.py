"""The history's figures (issue 16) for the current checkout, measured in one run on this machine.

    python benchmarks/history.py            # 10,000 records for `history add`, 100,000 logged games for stats/list
    python benchmarks/history.py --quick    # a small run (the test suite uses it so this script never rots)

* ``referee history add FOLDER`` of N finished records (Coin Age, Matchstick Tycoon and The Builders, random legal
  games): records per second, target >= 1,000;
* ``referee stats``, ``referee stats --game coin-age``, ``referee history list`` and ``referee history list
  --player Ann`` over a history of M logged games, each as a ratio to ``python -c pass`` measured in the same run:
  target <= 6x. (The history of M games is written through the history's own API, games with 2 to 4 players.)
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import DATA, ROOT, STARTUP_RATIO, Table, child_env, compile_bytecode, referee_command, wall_times

ADD_RATE = 1_000


def finished_records(folder: Path, count: int, seed: int = 11) -> int:
    """``count`` distinct finished records of random legal games (half Coin Age, 4 in 10 Matchstick Tycoon, 1 in 10
    The Builders)."""
    sys.path.insert(0, str(ROOT))
    import tomli_w

    from referee.builders import RULES as BUILDERS
    from referee.cli.games.coin_age.room import SPEC as COIN_AGE_ROOM
    from referee.coin_age.rules import RULES as COIN_AGE
    from referee.matchstick import RULES as MATCHSTICK

    rng = random.Random(seed)
    kinds = [
        ("coin-age", COIN_AGE, ["Ann", "Bob"], {"map": "original"}),
        ("matchstick", MATCHSTICK, ["Ann", "Bob", "Cy"], {"expansion": 0}),
        ("builders", BUILDERS, ["Ann", "Bob", "Cy"], {"seed": 1}),
    ]
    written = 0
    while written < count:
        roll = written % 10
        name, rules, players, setup = kinds[0 if roll < 5 else 1 if roll < 9 else 2]
        setup = dict(setup, seed=rng.randrange(10**6)) if name == "builders" else setup
        state = rules.new_state(
            players, COIN_AGE_ROOM.prepare_setup(setup, "benchmark") if rules is COIN_AGE else setup
        )
        actions = []
        while not rules.is_over(state) and len(actions) < 5000:
            action = rules.self_play_action(state, rng)
            actions.append(rules.format(action, state))
            rules.apply(state, action)
            if rules.stalled(state):
                break
        if not rules.is_over(state):
            continue
        document = {"game": name, "format": 1, "players": players, "actions": actions, "setup": setup}
        (folder / f"{name}-{written:05}.toml").write_bytes(tomli_w.dumps(document).encode())
        written += 1
    return written


REPORT_SECONDS = 2.0
"""``history report`` over a season of 10,000 games: within this many seconds."""
HIGHLIGHTS_SECONDS = 2.0
"""``stats --highlights`` reads every selected game: over the benchmark's history, within this many seconds."""
IMPORT_RATE = 1_000
"""Plays per second ``history import`` of a BoardGameGeek play log must reach."""


def play_log(path: Path, count: int, seed: int = 5) -> None:
    """A BoardGameGeek play log (the XML API's shape) of ``count`` plays of Coin Age and The Builders."""
    import random

    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
    lines = ['<?xml version="1.0" encoding="utf-8"?>', f'<plays username="club" userid="1" total="{count}" page="1">']
    for number in range(1, count + 1):
        game, bgg = ("Coin Age", 146130) if number % 3 else ("The Builders: Middle Ages", 144553)
        seats = rng.sample(names, 2 if bgg == 146130 else rng.randrange(2, 5))
        scores = [rng.randrange(5, 40) for _seat in seats]
        best = max(scores)
        players = "".join(
            f'<player name="{name}" startposition="{seat}" score="{score}" win="{int(score == best)}"/>'
            for seat, (name, score) in enumerate(zip(seats, scores, strict=True), start=1)
        )
        lines.append(
            f'<play id="{number}" date="2024-{1 + number % 12:02d}-{1 + number % 28:02d}" quantity="1" length="30"'
            f' incomplete="0" nowinstats="0" location=""><item name="{game}" objecttype="thing" objectid="{bgg}"/>'
            f"<players>{players}</players></play>"
        )
    lines.append("</plays>")
    path.write_text("\n".join(lines), encoding="utf-8")


def build_history(path: Path, count: int, seed: int = 3) -> None:
    """A history of ``count`` games logged through the history's API (dates in order, so ratings are kept)."""
    sys.path.insert(0, str(ROOT))
    from referee.history.entry import GameEntry, PlayerResult, content_hash
    from referee.history.store import open_history

    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"]
    history = open_history(path)
    assert history is not None
    with history, history.batch():
        for number in range(count):
            game = ("coin-age", "builders", "matchstick")[number % 3]
            players = rng.sample(names, 2 if game == "coin-age" else rng.randint(2, 4))
            scores = [rng.randint(5, 40) for _ in players]
            order = sorted(range(len(players)), key=lambda seat: (-scores[seat], seat))
            results = [
                PlayerResult(
                    name,
                    seat,
                    None if game == "matchstick" else scores[seat],
                    order.index(seat) + 1,
                    order.index(seat) + 1,
                    order[0] == seat,
                )
                for seat, name in enumerate(players)
            ]
            document = {"game": game, "players": players, "n": number}
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(1_600_000_000 + number * 600))
            history.log(
                GameEntry(
                    game,
                    results,
                    {"map": "Original"} if game == "coin-age" else {},
                    str(document),
                    content_hash(document),
                    played=stamp,
                )
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run: 2 runs, few records and games")
    parser.add_argument("--runs", type=int, help="runs per start-up line (default 10; 2 with --quick)")
    parser.add_argument("--records", type=int, help="records for history add (default 10,000; 30 with --quick)")
    parser.add_argument("--games", type=int, help="logged games for stats/list (default 100,000; 300 with --quick)")
    args = parser.parse_args()
    runs = args.runs or (2 if args.quick else 10)
    records = args.records or (30 if args.quick else 10_000)
    games = args.games or (300 if args.quick else 100_000)
    compile_bytecode()
    referee = referee_command()
    table = Table()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "records"
        folder.mkdir()
        finished_records(folder, records)
        added = Path(temporary) / "added.sqlite3"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        times = wall_times([*referee, "history", "add", str(folder), "--history", str(added)], 1)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        rate = records / times[0]
        table.add(
            f"`history add` of {records:,} records (wall)",
            [rate],
            " records/s",
            f"≥ {ADD_RATE:,}",
            rate >= ADD_RATE,
            ",.0f",
        )
        table.add(
            "`history add`: records per CPU second (all processes)", [records / cpu], " records/s", "", None, ",.0f"
        )
        plays = 300 if args.quick else 10_000
        log = Path(temporary) / "plays.xml"
        play_log(log, plays)
        imported = Path(temporary) / "imported.sqlite3"
        times = wall_times([*referee, "history", "import", str(log), "--history", str(imported)], 1)
        rate = plays / times[0]
        table.add(
            f"`history import` of a BoardGameGeek log of {plays:,} plays (wall)",
            [rate],
            " plays/s",
            f"≥ {IMPORT_RATE:,}",
            rate >= IMPORT_RATE,
            ",.0f",
        )
        play_file = Path(temporary) / "plays.bgsplay"  # the same plays as BG Stats' play file
        subprocess.run(
            [*referee, "history", "export", "--format", "bgstats", str(play_file), "--history", str(imported)],
            check=True,
            capture_output=True,
        )
        second = Path(temporary) / "imported-bgstats.sqlite3"
        times = wall_times([*referee, "history", "import", str(play_file), "--history", str(second)], 1)
        rate = plays / times[0]
        table.add(
            f"`history import` of a BG Stats file of {plays:,} plays (wall)",
            [rate],
            " plays/s",
            f"≥ {IMPORT_RATE:,}",
            rate >= IMPORT_RATE,
            ",.0f",
        )
        season = Path(temporary) / "season.sqlite3"  # history report over a season of 10,000 games
        report_games = 300 if args.quick else 10_000
        build_history(season, report_games)
        times = wall_times(
            [*referee, "history", "report", "-o", str(Path(temporary) / "report.html"), "--history", str(season)], 1
        )
        table.add(
            f"`referee history report` over {report_games:,} games (wall)",
            [times[0]],
            " s",
            f"≤ {REPORT_SECONDS:g} s",
            times[0] <= REPORT_SECONDS,
            ".2f",
        )
        path = Path(temporary) / "big.sqlite3"
        started = time.perf_counter()
        build_history(path, games)
        print(f"(a history of {games:,} games written in {time.perf_counter() - started:.1f} s)")
        baseline = wall_times([sys.executable, "-c", "pass"], runs)
        table.add("`python -c pass` (baseline)", [t * 1000 for t in baseline], " ms", "", None, ".1f")
        base = statistics.median(baseline)
        env = child_env(REFEREE_HISTORY=str(path))
        for what, command in [
            (
                "`referee coin-age score POS` (for reference)",
                ["coin-age", "score", str(DATA / "coin-age-position.toml")],
            ),
            ("`referee stats`", ["stats"]),
            ("`referee stats --game coin-age`", ["stats", "--game", "coin-age"]),
            ("`referee stats --game builders --json`", ["stats", "--game", "builders", "--json"]),
            ("`referee history list` (newest 50)", ["history", "list"]),
            ("`referee history list --player Ann`", ["history", "list", "--player", "Ann"]),
        ]:
            ratios = [t / base for t in wall_times([*referee, *command], runs, env)]
            table.add(
                f"{what}, {games:,} games × baseline",
                ratios,
                "×",
                f"≤ {STARTUP_RATIO:g}×",
                statistics.median(ratios) <= STARTUP_RATIO,
                ".1f",
            )
        times = wall_times([*referee, "stats", "--highlights", "--json"], 1, env)
        table.add(
            f"`referee stats --highlights --json`, {games:,} games (wall)",
            [times[0]],
            " s",
            f"≤ {HIGHLIGHTS_SECONDS:g} s",
            times[0] <= HIGHLIGHTS_SECONDS,
            ".2f",
        )
    print(f"history benchmarks{' (quick: figures not meaningful)' if args.quick else ''}")
    table.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
