"""The project's own promises: completions up to date, lint clean, one-shot commands fast to start."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_completions_are_not_stale():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_completions.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout


def imported_modules(*args: str) -> set[str]:
    """The modules a one-shot command imports (Typer's own tests use this pattern for lazy imports)."""
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['referee', *{list(args)!r}]\n"
        "try:\n    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    return set(result.stderr.split())


def test_one_shot_commands_do_not_import_questionary():
    example = ROOT / "maps" / "original.toml"
    for args in (["--version"], ["coin-age", "rules", "capture"], ["coin-age", "maps", "validate", str(example)]):
        modules = imported_modules(*args)
        assert "referee" in modules
        assert "questionary" not in modules, args
        assert "prompt_toolkit" not in modules, args


def completion_modules(words: str) -> set[str]:
    """The modules a TAB completion request imports."""
    code = (
        "import os, sys, runpy\n"
        f"os.environ.update(COMP_WORDS={words!r}, COMP_CWORD=str(len({words!r}.split()) - 1),"
        " _REFEREE_COMPLETE='complete_bash')\n"
        "sys.argv = ['referee']\n"
        "try:\n    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip(), result.stderr[-500:]
    return set(result.stderr.split())


def test_one_shot_commands_of_every_game_do_not_import_questionary():
    examples = ROOT / "examples"
    for args in (
        ["coin-age", "check", str(examples / "coin-age-opening.toml"), "done"],
        ["coin-age", "score", str(examples / "coin-age-position.toml"), "--json"],
        ["builders", "rules", "send"],
        ["builders", "cards", "--kind", "worker"],
        ["matchstick", "rules"],
        ["matchstick", "shapes", "8"],
    ):
        modules = imported_modules(*args)
        assert "referee" in modules, args
        assert "questionary" not in modules, args
        assert "prompt_toolkit" not in modules, args


def test_version_and_completion_import_neither_rich_nor_a_rules_package():
    from referee import registry

    rules_modules = {entry.rules for entry in registry.GAMES.values()}  # (each game's package imports its rules)
    for modules in (
        imported_modules("--version"),
        completion_modules("referee coin-age ru"),
        *(completion_modules(f"referee {name} ") for name in registry.names()),
        completion_modules("referee matchstick sim"),
    ):
        assert "referee" in modules
        assert not {m for m in modules if m == "rich" or m.startswith("rich.")}
        assert "questionary" not in modules
        assert not modules & rules_modules
    assert "typer" not in imported_modules("--version")


def test_check_score_and_completion_do_not_import_typer_or_rich(tmp_path):
    """The fast path (referee.cli.fast): what players type between turns, and every TAB, start without Typer."""
    examples = ROOT / "examples"
    final = tmp_path / "final.toml"
    final.write_text(
        'game = "builders"\nplayers = ["Ann", "Bob"]\n'
        '[final.Ann]\nbuilt = ["B34"]\ncoins = 50\n[final.Bob]\nbuilt = ["B01"]\ncoins = 50\n'
    )
    for modules in (
        imported_modules("coin-age", "check", str(examples / "coin-age-opening.toml"), "done"),
        imported_modules("coin-age", "check", str(examples / "coin-age-opening.toml"), "capture Z9", "--json"),
        imported_modules("coin-age", "score", str(examples / "coin-age-position.toml")),
        imported_modules("builders", "score", str(final)),
        completion_modules("referee coin-age play --map "),
        completion_modules("referee coin-age rules "),
    ):
        assert "referee.cli.fast" in modules
        assert not {m for m in modules if m in ("typer", "click") or m.startswith(("typer.", "rich", "pydantic"))}
        assert "questionary" not in modules


def run_benchmark(script: str, *arguments: str, timeout: int) -> str:
    """The output of a small run of a script in benchmarks/, which must succeed."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), "--quick", *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_benchmarks_run_in_quick_mode():
    """A small run of benchmarks/run.py (no thresholds: figures are for docs/benchmarks.md, not for CI)."""
    output = run_benchmark("run.py", "--runs", "1", "--records", "6", timeout=300)
    for line in ("python -c pass", "referee --version", "coin-age replay", "builders simulate", "matchstick simulate"):
        assert line in output, output


def test_the_history_benchmark_runs_in_quick_mode():
    """A small run of benchmarks/history.py (no thresholds: figures are for docs/benchmarks.md)."""
    output = run_benchmark("history.py", "--runs", "1", timeout=600)
    for line in ("history add", "python -c pass", "referee stats", "referee history list"):
        assert line in output, output


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_instruction_counts_run_in_quick_mode():
    """A small run of benchmarks/instructions.py (about a minute under valgrind, hence slow)."""
    output = run_benchmark("instructions.py", timeout=600)
    for line in ("baseline", "coin-age simulate", "builders simulate", "matchstick simulate", "coin-age replay"):
        assert line in output, output


def test_the_keystroke_benchmark_runs_in_quick_mode():
    """A small run of benchmarks/keystroke.py: every game's line, against the baseline of the same run."""
    output = run_benchmark("keystroke.py", timeout=300)
    for line in ("baseline", "coin-age", "builders", "matchstick"):
        assert line in output, output


def test_the_table_screen_benchmark_runs_in_quick_mode():
    """A small run of benchmarks/table_screen.py: every game's first screen and keystrokes at a pseudo-terminal,
    against the baselines of the same run."""
    output = run_benchmark("table_screen.py", timeout=600)
    for line in ("baseline: python", "baseline: a bare full-screen", "coin-age", "builders", "matchstick"):
        assert line in output, output


def test_the_strength_benchmark_runs_in_quick_mode():
    """A small run of benchmarks/strength.py: every reference agent plays the computer, every action checked."""
    output = run_benchmark("strength.py", timeout=300)
    for line in ("vs random", "vs greedy", "vs flat", "vs uct", "vs ismcts", "vs expectimax", "builders (4 players)"):
        assert line in output, output
    coin_age_lines = [line for line in output.splitlines() if line.startswith("coin-age")]
    assert coin_age_lines and all("[luckier tosses: " in line for line in coin_age_lines), output


def test_the_strength_benchmark_splits_games_by_whose_tosses_matched_more_often():
    """The luck of the tosses: the share of each side's tossed coins that matched, the measured side's less the
    opponent's; the split counts the games on each side of zero and their scores."""
    strength = load_strength_benchmark()
    assert strength.toss_edge([6, 3], [8, 12], 0) == pytest.approx(0.75 - 0.25)
    assert strength.toss_edge([6, 3], [8, 12], 1) == pytest.approx(0.25 - 0.75)
    assert strength.toss_edge([0, 0], [0, 0], 0) == 0
    played = [(1.0, 0.1), (0.0, 0.2), (0.5, -0.1), (1.0, 0.0)]
    assert strength.luck_split(played) == {"luckier": [2, 0.5], "unluckier": [1, 0.5]}


def load_strength_benchmark() -> Any:
    """benchmarks/strength.py as a module (it is a script, not a package's)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength_benchmark", ROOT / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = strength  # its dataclasses look their module up
    try:
        spec.loader.exec_module(strength)
    finally:
        del sys.modules[spec.name]
    return strength


def test_the_strength_benchmark_counts_the_pool_as_all_its_games_together():
    """Issue 49: the pool's line adds up the games and points of every member's line (not a mean of scores), its
    interval from all of them, its time the most of its lines' and its worst line named."""
    strength = load_strength_benchmark()
    rows = [
        {"game": "coin-age", "agent": "computer", "players": 2, "seconds": 0.5, "level": 5, "opponent": opponent}
        | {"games": games, "points": points, "wins": int(points), "draws": 0, "score": round(points / games, 3)}
        | {"wall_seconds": 1.0, "p99_turn_seconds": p99}
        for opponent, games, points, p99 in (("greedy", 40, 30.0, 0.41), ("ismcts", 10, 4.0, 0.43))
    ]
    pool = strength.pool_row(rows)
    assert (pool["opponent"], pool["games"], pool["points"], pool["score"]) == ("pool", 50, 34.0, 0.68)
    assert pool["interval"] == [round(bound, 3) for bound in strength.wilson(34.0, 50)]
    assert (pool["p99_turn_seconds"], pool["worst"]) == (0.43, 0.4)
    assert strength.markdown(pool) == "| computer | pool | 0.5 s | 50 | 68.0% | 54.2%–79.2% | 0.43 s |"
    assert set(strength.POOL) <= set(strength.COIN_AGE_AGENTS)


def test_two_series_are_compared_on_the_games_both_played(tmp_path: Path):
    """coin_age_settings.py --compare: the games both logs hold (same seeds), each score, the mean difference game by
    game and its 95 % interval."""
    strength = load_strength_benchmark()
    first, second = tmp_path / "first.log", tmp_path / "second.log"
    first.write_text("0 1.0 0.41\n1 0.0 0.40\n2 0.5 0.39\n3 1.0 0.40\n")
    second.write_text("0 1.0 0.42\n1 1.0 0.41\n2 1.0 0.40\n")
    assert strength.read_log(str(second)) == {0: 1.0, 1: 1.0, 2: 1.0}
    text = strength.paired(strength.read_log(str(first)), strength.read_log(str(second)))
    assert text == "3 games: 50.0% then 100.0%, difference +50.0 ± 56.6 points a game"
    assert strength.paired({0: 1.0}, {1: 1.0}) == "no game in both logs"


def test_the_expectimax_yardstick_weighs_every_toss_of_the_tossers_bank_at_its_probability():
    """A bank of k kinds tosses 2**k outcomes, each 1/2**k (each kind shows its side with probability 1/2)."""
    load_strength_benchmark()  # (puts the repository on the path)
    from benchmarks.coin_age_pool import toss_outcomes
    from referee.cli.games.coin_age.room import SPEC
    from referee.coin_age.rules import RULES

    state = RULES.new_state(["Heads", "Tails"], SPEC.prepare_setup({"map": "original"}, "test"))
    outcomes = toss_outcomes(state)
    assert len(outcomes) == 16 and len({toss for toss, _chance in outcomes}) == 16
    assert sum(chance for _toss, chance in outcomes) == 1.0
    state.banks[0].update({4: 0, 3: 0})
    assert sorted(len(toss.kinds) for toss, _chance in toss_outcomes(state)) == [0, 1, 1, 2]


def test_the_piped_play_benchmark_runs_in_quick_mode():
    """A small run of benchmarks/piped_play.py (its figures are for docs/benchmarks.md)."""
    output = run_benchmark("piped_play.py", "--runs", "1", timeout=300)
    for line in ("python -c pass", "actions piped at once", "one at a time"):
        assert line in output, output


def test_no_game_record_of_a_test_run_is_in_the_tree():
    """A game started without --record writes ``GAME-YYYYMMDD-HHMMSS.toml`` where it runs: tests run such games in
    temporary folders, and none is ever committed (seven once were)."""
    import re

    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=ROOT).stdout.split()
    stray = [name for name in tracked if re.fullmatch(r"(coin-age|builders|matchstick)-\d{8}-\d{6}\.toml", name)]
    assert stray == []
