"""A club's history (issue 37): concurrent tables and the evening's standings, SQLite and PostgreSQL, in one run.

    python benchmarks/club.py                  # 100,000 games for stats/report; 1, 5 and 20 tables
    python benchmarks/club.py --games 20000    # fewer games (a loaded machine)
    python benchmarks/club.py --quick          # a small run (so this script never rots)

* games logged per second with 1, 5 and 20 tables at once: each table a process that logs its games one at a time,
  opening the history for each as ``play --log`` does (a connection per game on the server; the file opened per
  game with SQLite), on each engine;
* ``history push`` of the history to the server (games per second);
* ``referee stats`` and ``referee history report`` over the same M games on each engine (wall seconds, one run
  each after a warm-up), with ``python -c pass`` as the baseline of the run.

The server is a fresh PostgreSQL started for the run (tests/history/pg_server.py: Debian's ``initdb`` and ``pg_ctl``
on a free loopback port, ``fsync`` off as in the tests), unless ``--url`` names one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from history import build_history
from run import ROOT, Table, child_env, compile_bytecode, referee_command, wall_times

LOGGER = """
import sys
from pathlib import Path
from referee.history.store import open_history
from tests.history.logger_loop import unique_game
where, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for number in range(first, first + count):
    with open_history(where if where.startswith("postgresql") else Path(where)) as history:
        history.log(unique_game(number))
"""


def tables_at_once(where: str, tables: int, per_table: int, first: int) -> float:
    """Games per second (wall) of ``tables`` processes logging ``per_table`` games each into ``where``."""
    env = child_env(PYTHONPATH=str(ROOT))
    started = time.perf_counter()
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", LOGGER, where, str(first + table * 100_000), str(per_table)], env=env, cwd=ROOT
        )
        for table in range(tables)
    ]
    for process in processes:
        if process.wait() != 0:
            raise SystemExit("a logger failed")
    return tables * per_table / (time.perf_counter() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, help="games for stats/report (default 100,000; 300 with --quick)")
    parser.add_argument("--per-table", type=int, help="games each table logs (default 40; 5 with --quick)")
    parser.add_argument("--url", help="a PostgreSQL database to use (default: a server started for the run)")
    args = parser.parse_args()
    games = args.games or (300 if args.quick else 100_000)
    per_table = args.per_table or (5 if args.quick else 40)
    compile_bytecode()
    sys.path.insert(0, str(ROOT))
    server = None
    if args.url:
        url = args.url
    else:
        from tests.history.pg_server import Server, binaries

        bin_dir = binaries()
        if bin_dir is None:
            raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
        server = Server(bin_dir)
    table = Table()
    referee = referee_command()
    try:
        with tempfile.TemporaryDirectory() as temporary:
            base = wall_times([sys.executable, "-c", "pass"], 5)
            for tables in (1, 5, 20):
                club = url if args.url else server.new_database()  # type: ignore[union-attr]
                file = str(Path(temporary) / f"tables-{tables}.sqlite3")
                for engine, where in (("SQLite", file), ("PostgreSQL", club)):
                    rate = tables_at_once(where, tables, per_table, 0)
                    table.add(f"{engine}: games logged/s, {tables} tables at once", [rate], "/s", "", None, ",.0f")
            local = Path(temporary) / "big.sqlite3"
            started = time.perf_counter()
            build_history(local, games)
            built = time.perf_counter() - started
            table.add(f"SQLite: {games:,} games logged in batches (API)", [games / built], "/s", "", None, ",.0f")
            club = url if args.url else server.new_database()  # type: ignore[union-attr]
            pushed = wall_times([*referee, "history", "push", "--to", club, "--history", str(local)], 1)
            table.add(f"`history push` of {games:,} games to PostgreSQL", [games / pushed[0]], "/s", "", None, ",.0f")
            again = wall_times([*referee, "history", "push", "--to", club, "--history", str(local)], 1)
            table.add("`history push` again (all already there)", [games / again[0]], "/s", "", None, ",.0f")
            table.add("`python -c pass` (baseline)", base, " s", "", None, ".3f")
            for engine, where in (("SQLite", str(local)), ("PostgreSQL", club)):
                for label, command in (
                    ("stats", ["stats"]),
                    ("stats --since (from the games)", ["stats", "--since", "2020-01-01"]),
                    ("history report", ["history", "report", "-o", os.devnull + ".html"]),
                ):
                    full = [*referee, *command, "--history", where]
                    if command[0] == "history":
                        full = [*referee, "history", "report", "--history", where, "-o", "-"]
                    wall_times(full, 1)  # warm-up (stale ratings computed once)
                    times = wall_times(full, 2)
                    table.add(f"{engine}: `{label}` over {games:,} games", times, " s", "", None, ".2f")
    finally:
        if server is not None:
            server.stop()
    table.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
