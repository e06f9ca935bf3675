"""The performance table of issue 5 for the current checkout, measured in one run on this machine.

    python benchmarks/run.py            # the full table: >= 10 runs of each line, 10,000 records for replay
    python benchmarks/run.py --quick    # a small run (the test suite uses it so these scripts never rot)

Every figure is a ratio to the start-up of ``python -c pass`` measured in the same run, or a rate; min, median and
max over the runs. The one-shot commands run as a player runs them: the installed ``referee`` beside this Python
(else ``python -m referee``), with byte-code compiled first (``PYTHONDONTWRITEBYTECODE`` would otherwise make every
run compile the sources again, which no installed referee does).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "examples"
"""The repository's example records: a record to check, a position to score."""
STARTUP_RATIO = 6.0
TAB_MS = 50.0
REPLAY_RATE, REPLAY_MEMORY_MB = 2_000, 150
SIMULATE_RATES = {"coin-age": 150_000, "builders": 150_000, "matchstick": 50_000}


def referee_command() -> list[str]:
    beside = Path(sys.executable).parent / "referee"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "referee"]


def child_env(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("COMP_", "_REFEREE"))}
    env["NO_COLOR"] = "1"
    env.update(extra)
    return env


class Screen:
    """``command`` at a pseudo-terminal of 80×24, its screen read as a terminal shows it (pyte): a full-screen
    table writes only the cells that change, so what is shown is read off the screen, never off the bytes."""

    def __init__(self, command: Sequence[str], folder: str) -> None:
        import pexpect
        import pyte

        env = {**child_env(), "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.child = pexpect.spawn(command[0], list(command[1:]), env=env, dimensions=(24, 80), cwd=folder, timeout=60)
        self.child.delaybeforesend = None  # pexpect waits 50 ms before each send unless told not to
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def wait(self, test: Callable[[str], bool]) -> None:
        """Read until the screen, as text, passes ``test``."""
        while not test("\n".join(self.screen.display)):
            self.stream.feed(self.child.read_nonblocking(65536, timeout=60))

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def close(self) -> None:
        self.child.terminate(force=True)


def wall_times(command: Sequence[str], runs: int, env: dict[str, str] | None = None) -> list[float]:
    """Seconds per run of a command (output discarded); a failing command is an error of the benchmark."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = subprocess.run(command, env=env or child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - started)
        if result.returncode not in (0, 1):
            raise SystemExit(f"benchmark: {' '.join(command)} failed: {result.stderr.decode()[-500:]}")
    return times


def tree_rss_kb(pid: int) -> int:
    """The resident memory of a process and all its descendants (Linux /proc), in kB."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/status") as status:
                total += next((int(line.split()[1]) for line in status if line.startswith("VmRSS:")), 0)
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    todo.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            continue
    return total


def run_with_peak_memory(command: Sequence[str]) -> tuple[float, float, int]:
    """Wall seconds, peak memory of the whole process tree in MB (sampled every 5 ms), and the exit code."""
    peak = 0
    started = time.perf_counter()
    process = subprocess.Popen(command, env=child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss_kb(process.pid))
            time.sleep(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    code = process.wait()
    seconds = time.perf_counter() - started
    done.set()
    sampler.join()
    return seconds, peak / 1024, code


def write_records(folder: Path, count: int, seed: int = 5) -> list[str]:
    """``count`` Coin Age records of random legal games (some finished, some not, one in ten broken)."""
    sys.path.insert(0, str(ROOT))
    import tomli_w

    from referee.cli.games.coin_age.room import SPEC
    from referee.coin_age.rules import RULES
    from referee.engine import Game

    rng = random.Random(seed)
    distinct = []
    setup = SPEC.prepare_setup({"map": "original"}, "benchmark")  # the map loaded by the room, as commands do
    for number in range(min(count, 200)):
        game = Game(RULES, ["Ann", "Bob"], setup)
        for _ in range(rng.randrange(10, 120)):
            if game.over:
                break
            game.push(RULES.random_action(game.state, rng))
        actions = list(game.actions)
        if number % 10 == 9:
            actions.insert(len(actions) // 2, "capture Z9")
        document = {"game": "coin-age", "format": 1, "players": ["Ann", "Bob"], "actions": actions}
        distinct.append(tomli_w.dumps(document).encode())
    paths = []
    for number in range(count):
        path = folder / f"game-{number:05}.toml"
        path.write_bytes(distinct[number % len(distinct)])
        paths.append(str(path))
    return paths


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    return min(values), statistics.median(values), max(values)


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str, str, str]] = []
        self.failed = 0

    def add(self, what: str, values: Sequence[float], unit: str, target: str, ok: bool | None, fmt: str) -> None:
        low, middle, high = spread(values)
        verdict = "" if ok is None else ("ok" if ok else "MISSED")
        self.failed += ok is False
        self.rows.append((what, f"{low:{fmt}}{unit}", f"{middle:{fmt}}{unit}", f"{high:{fmt}}{unit}", target, verdict))

    def print(self) -> None:
        headers = ("what", "min", "median", "max", "target", "")
        widths = [max(len(row[i]) for row in [headers, *self.rows]) for i in range(6)]
        line = "| " + " | ".join(f"{{:{w}}}" for w in widths) + " |"
        print(line.format(*headers))
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for row in self.rows:
            print(line.format(*row))


def one_run(command: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user and system) of one run of a command (output discarded); a failing
    command is an error of the benchmark. On a busy machine the CPU time swings far less than the wall time."""
    import resource

    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    before = cpu()
    wall = wall_times(command, 1, env)[0]
    return wall, cpu() - before


def startup_lines(table: Table, runs: int) -> None:
    """Each one-shot command as a ratio to ``python -c pass``, run by turns with it (a round is the baseline, then
    every command once), so that a change in the machine's load between rounds weighs on both alike; each ratio is
    a command's run over the baseline of its round, in wall time (the target) and in CPU time (which a busy machine
    disturbs far less). TAB also in milliseconds, against its own target."""
    referee = referee_command()
    korean = {key: value for key, value in child_env(LANG="ko_KR.UTF-8").items() if key not in ("LANGUAGE", "LC_ALL")}
    completion = child_env(COMP_WORDS="referee coin-age ru", COMP_CWORD="2", _REFEREE_COMPLETE="complete_bash")
    zsh_options = child_env(_TYPER_COMPLETE_ARGS="referee coin-age play --", _REFEREE_COMPLETE="complete_zsh")
    check = [*referee, "coin-age", "check", str(DATA / "coin-age-opening.toml"), "done"]
    cases: list[tuple[str, list[str], dict[str, str] | None, bool]] = [
        ("`referee --version`", [*referee, "--version"], None, True),
        ("`referee coin-age check REC ACTION`", check, None, True),
        (
            "`referee coin-age score POS`",
            [*referee, "coin-age", "score", str(DATA / "coin-age-position.toml")],
            None,
            True,
        ),
        (
            "`referee coin-age draw POS -o -` (one picture)",
            [*referee, "coin-age", "draw", str(DATA / "coin-age-position.toml"), "-o", "-"],
            None,
            True,
        ),
        ("TAB: `referee coin-age ru<TAB>`", referee, completion, True),
        ("TAB in zsh, options and their helps: `referee coin-age play --<TAB>`", referee, zsh_options, True),
        ("`LANG=ko_KR.UTF-8 referee coin-age check REC ACTION` (Korean catalogue)", check, korean, True),
        (
            "`referee coin-age rules capture` (through Typer; no target)",
            [*referee, "coin-age", "rules", "capture"],
            None,
            False,
        ),
    ]
    baseline: list[float] = []
    baseline_cpu: list[float] = []
    times: list[list[float]] = [[] for _ in cases]
    cpu_times: list[list[float]] = [[] for _ in cases]
    for _ in range(runs):
        wall, cpu = one_run([sys.executable, "-c", "pass"])
        baseline.append(wall)
        baseline_cpu.append(cpu)
        for index, (_what, command, env, _target) in enumerate(cases):
            wall, cpu = one_run(command, env)
            times[index].append(wall)
            cpu_times[index].append(cpu)
    table.add("`python -c pass` (baseline)", [t * 1000 for t in baseline], " ms", "", None, ".1f")
    table.add("  `python -c pass` (CPU, user + system)", [t * 1000 for t in baseline_cpu], " ms", "", None, ".1f")
    for (what, _command, _env, target), seconds, cpu_seconds in zip(cases, times, cpu_times, strict=True):
        ratios = [t / base for t, base in zip(seconds, baseline, strict=True)]
        middle = statistics.median(ratios)
        table.add(
            what + " × baseline",
            ratios,
            "×",
            f"≤ {STARTUP_RATIO:g}×" if target else "",
            (middle <= STARTUP_RATIO) if target else None,
            ".1f",
        )
        cpu_ratios = [t / base for t, base in zip(cpu_seconds, baseline_cpu, strict=True)]
        table.add("  in CPU time (user + system) × the baseline's", cpu_ratios, "×", "", None, ".1f")
        if what.startswith("TAB"):
            for kind, values in (("wall", seconds), ("CPU, user + system", cpu_seconds)):
                milliseconds = [t * 1000 for t in values]
                table.add(
                    f"  {what.split(':')[0]} ({kind})",
                    milliseconds,
                    " ms",
                    f"≤ {TAB_MS:g} ms",
                    statistics.median(milliseconds) <= TAB_MS,
                    ".1f",
                )


def replay_lines(table: Table, runs: int, count: int, jobs: int | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    try:
        paths = write_records(folder, count)
        command = [*referee_command(), "coin-age", "replay", *paths, "--json"]
        if jobs is not None:
            command += ["--jobs", str(jobs)]
        rates, memory = [], []
        for _ in range(runs):
            seconds, peak, code = run_with_peak_memory(command)
            if code not in (0, 1, 2):
                raise SystemExit(f"benchmark: replay exited {code}")
            rates.append(count / seconds)
            memory.append(peak)
        label = f"`coin-age replay` of {count:,} records" + (f" (--jobs {jobs})" if jobs else "")
        table.add(label, rates, " rec/s", f"≥ {REPLAY_RATE:,}", statistics.median(rates) >= REPLAY_RATE, ",.0f")
        table.add(
            "  peak memory (all processes)",
            memory,
            " MB",
            f"≤ {REPLAY_MEMORY_MB}",
            max(memory) <= REPLAY_MEMORY_MB,
            ".0f",
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def simulate_lines(table: Table, runs: int, games: dict[str, int]) -> None:
    referee = referee_command()
    for game, count in games.items():
        extra = ["--players", "Ann,Bob,Cid,Dee"] if game == "matchstick" else []
        rates, stalled = [], []
        for run in range(runs):
            result = subprocess.run(
                [*referee, game, "simulate", "--games", str(count), "--seed", str(run), "--json", *extra],
                env=child_env(),
                capture_output=True,
                text=True,
            )
            report = json.loads(result.stdout)
            rates.append(report["actions_per_second"])
            stalled.append(report.get("stalled", 0) / count)
        target = SIMULATE_RATES[game]
        players = " (4 players)" if game == "matchstick" else ""
        table.add(
            f"`{game} simulate`{players}", rates, " act/s", f"≥ {target:,}", statistics.median(rates) >= target, ",.0f"
        )
        if any(stalled):
            table.add(f"  {game}: games stalled", [100 * s for s in stalled], " %", "", None, ".1f")


def compile_bytecode() -> None:
    """Write __pycache__ for the referee, as an installation does (pip compiles at install)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "referee")],
        env=env,
        check=False,
        stdout=subprocess.DEVNULL,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small run: 2 runs, few records and games")
    parser.add_argument("--runs", type=int, help="runs per line (default 10; 2 with --quick)")
    parser.add_argument("--records", type=int, help="records for replay (default 10,000; 40 with --quick)")
    parser.add_argument("--jobs", type=int, help="--jobs for replay (default: the referee's, all cores)")
    parser.add_argument("--only", choices=["startup", "replay", "simulate"], action="append", help="some lines only")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    runs = args.runs or (2 if args.quick else 10)
    records = args.records or (40 if args.quick else 10_000)
    games = (
        {"coin-age": 5, "builders": 3, "matchstick": 5}
        if args.quick
        else {"coin-age": 400, "builders": 150, "matchstick": 400}
    )
    only = set(args.only or ["startup", "replay", "simulate"])
    compile_bytecode()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"referee benchmarks: Python {sys.version.split()[0]}, {cores} cores, {runs} runs per line"
        + (" (quick: figures not meaningful)" if args.quick else "")
    )
    print()
    table = Table()
    steps: list[tuple[str, Callable[[], None]]] = [
        ("startup", lambda: startup_lines(table, runs)),
        ("replay", lambda: replay_lines(table, min(runs, 10), records, args.jobs)),
        ("simulate", lambda: simulate_lines(table, runs, games)),
    ]
    for name, step in steps:
        if name in only:
            step()
    table.print()
    return 1 if args.strict and table.failed else 0


if __name__ == "__main__":
    sys.exit(main())
