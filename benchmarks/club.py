"""A club's history (issue 37): concurrent tables and the evening's standings, SQLite and PostgreSQL, in one run.

    python benchmarks/club.py                  # 100,000 games for stats/report; 1, 5 and 20 tables
    python benchmarks/club.py --games 20000    # fewer games (a loaded machine)
    python benchmarks/club.py --quick          # a small run (so this script never rots)

* games logged per second with 1, 5 and 20 tables at once: each table a process that logs its games one at a time,
  opening the history for each as ``play --log`` does (a connection per game on the server; the file opened per
  game with SQLite), on each engine;
* ``history push`` of a history of P games to the server (games per second; P = 5,000 by default);
* ``referee stats`` and ``referee history report`` over the same M games on each engine (wall seconds, two runs
  each after a warm-up, run as a user runs them: the installed command in its own process), each also as a ratio
  to ``python -c pass`` measured in the same run.

The M games are logged once into a SQLite history through the history's own API (``log`` in batches: the merge
rule's look-ups, ratings and totals kept as for any game). The server's copy of them is that history's rows, table
by table, sent with PostgreSQL's ``COPY`` into a database whose schema the store created: the same rows the store
wrote, in seconds, where ``history push`` of 100,000 games (a merge per game) would take minutes.

The server is a fresh PostgreSQL started for the run (tests/history/pg_server.py: Debian's ``initdb`` and ``pg_ctl``
on a free loopback port, ``fsync`` off as in the tests), unless ``--url`` names one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from history import build_history
from run import ROOT, Table, child_env, compile_bytecode, one_run, referee_command, wall_times

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


COPIED_TABLES = ("games", "players", "ratings", "rating_steps", "rating_state", "totals")
"""The history's tables, in an order their references allow."""


def copy_to_server(local: Path, url: str) -> None:
    """The rows of the SQLite history ``local`` into the (new, empty) club's history at ``url``: its schema created
    by the store, each table sent with ``COPY`` in one transaction, the games' id sequence moved past the last id."""
    import sqlite3

    import psycopg

    from referee.history.store import open_history

    with open_history(url):
        pass  # the schema, as `history init` or the first `play --log` would create it
    source = sqlite3.connect(local)
    try:
        with psycopg.connect(url) as target, target.cursor() as cursor:
            for table in COPIED_TABLES:
                columns = [row[1] for row in source.execute(f"PRAGMA table_info({table})")]
                names = ", ".join(columns)
                with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:  # type: ignore[arg-type]
                    for row in source.execute(f"SELECT {names} FROM {table}"):
                        copy.write_row(row)
            cursor.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))")
        with psycopg.connect(url, autocommit=True) as target:
            target.execute("ANALYZE")
            for table in COPIED_TABLES:
                counts = [
                    connection.execute(f"SELECT count(*) FROM {table}").fetchone()  # type: ignore[arg-type]
                    for connection in (source, target)
                ]
                if counts[0] != counts[1]:
                    raise SystemExit(f"benchmark: {table} copied {counts[1]} rows of {counts[0]}")
    finally:
        source.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, help="games for stats/report (default 100,000; 300 with --quick)")
    parser.add_argument("--per-table", type=int, help="games each table logs (default 40; 5 with --quick)")
    parser.add_argument("--push-games", type=int, help="games `history push` sends (default 5,000; 100 with --quick)")
    parser.add_argument("--skip-tables", action="store_true", help="leave out the concurrent tables' rates")
    parser.add_argument("--url", help="a PostgreSQL database to use (default: a server started for the run)")
    args = parser.parse_args()
    games = args.games or (300 if args.quick else 100_000)
    per_table = args.per_table or (5 if args.quick else 40)
    push_games = args.push_games or (100 if args.quick else 5_000)
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
            for tables in () if args.skip_tables else (1, 5, 20):
                club = url if args.url else server.new_database()  # type: ignore[union-attr]
                file = str(Path(temporary) / f"tables-{tables}.sqlite3")
                for engine, where in (("SQLite", file), ("PostgreSQL", club)):
                    rate = tables_at_once(where, tables, per_table, 0)
                    table.add(
                        f"{engine}: games logged/s, {tables} {'table' if tables == 1 else 'tables'} at once",
                        [rate],
                        "/s",
                        "",
                        None,
                        ",.0f",
                    )
            small = Path(temporary) / "push.sqlite3"
            build_history(small, push_games)
            club = url if args.url else server.new_database()  # type: ignore[union-attr]
            pushed = wall_times([*referee, "history", "push", "--to", club, "--history", str(small)], 1)
            table.add(
                f"`history push` of {push_games:,} games to PostgreSQL",
                [push_games / pushed[0]],
                "/s",
                "",
                None,
                ",.0f",
            )
            again = wall_times([*referee, "history", "push", "--to", club, "--history", str(small)], 1)
            table.add("`history push` again (all already there)", [push_games / again[0]], "/s", "", None, ",.0f")
            local = Path(temporary) / "big.sqlite3"
            started = time.perf_counter()
            build_history(local, games)
            built = time.perf_counter() - started
            table.add(
                f"SQLite: {games:,} games logged in batches (API), {built:.0f} s",
                [games / built],
                "/s",
                "",
                None,
                ",.0f",
            )
            club = url if args.url else server.new_database()  # type: ignore[union-attr]
            started = time.perf_counter()
            copy_to_server(local, club)
            copied = time.perf_counter() - started
            table.add(
                f"PostgreSQL: the same {games:,} games by COPY, {copied:.0f} s",
                [games / copied],
                "/s",
                "",
                None,
                ",.0f",
            )
            table.add("`python -c pass` (baseline)", base, " s", "", None, ".3f")
            baseline = statistics.median(base)
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
                    runs = [one_run(full) for _ in range(2)]
                    times = [wall for wall, _cpu in runs]
                    table.add(f"{engine}: `{label}` over {games:,} games", times, " s", "", None, ".2f")
                    ratios = [seconds / baseline for seconds in times]
                    table.add(f"{engine}: `{label}`, ratio to baseline", ratios, "x", "", None, ".0f")
                    # the CPU time of the command itself (the server's own work is not in it): a busy machine
                    # stretches the wall time far more than this
                    table.add(
                        f"{engine}: `{label}`, CPU of the command", [cpu for _w, cpu in runs], " s", "", None, ".2f"
                    )
    finally:
        if server is not None:
            server.stop()
    table.print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
