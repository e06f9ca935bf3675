"""TAB offers option values: ``--lang``, ``--game``, ``history export --format`` and the players of the history for
``--player``/``--vs`` (read-only, from ``--history FILE`` when typed, else the usual history), the same through the
fast path and through Typer."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.history.helpers import entry, history_at
from tests.history.test_history_e2e import referee_command

pytestmark = pytest.mark.e2e


def tab(line: str, env: dict[str, str] | None = None, *, fast: bool = True) -> list[str]:
    """What bash completion gets for ``line`` (the last word being completed)."""
    words = line.split(" ")
    environ = {**os.environ, "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1), **(env or {})}
    environ["_REFEREE_COMPLETE"] = "complete_bash"
    if not fast:  # Typer's own answer
        environ["REFEREE_NO_FAST_PATH"] = "1"
    done = subprocess.run([*referee_command()], env=environ, capture_output=True, text=True, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout.split()


def test_languages_games_and_formats() -> None:
    assert tab("referee --lang zh") == ["zh-Hans", "zh-Hant"]
    assert tab("referee stats --game b") == ["builders"]
    assert tab("referee history list --game m") == ["matchstick"]
    assert tab("referee history export --format bgs") == ["bgstats", "bgstats-push"]
    for line in ("referee --lang z", "referee stats --game ", "referee history export --format "):
        assert tab(line) == tab(line, fast=False)


def test_players_come_from_the_history_named_or_the_usual_one(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with history_at(path) as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        history.log(entry("builders", ["Bea", "Cy", "Ann"], [9, 8, 7], [1, 2, 3], ["Bea"], "2025-01-02T10:00:00"))
    before = path.read_bytes()
    assert tab(f"referee stats --history {path} --player B") == ["Bea", "Bob"]
    assert tab(f"referee stats --player Ann --history {path} --vs C") == ["Cy"]
    assert tab("referee history list --player A", {"REFEREE_HISTORY": str(path)}) == ["Ann"]
    assert path.read_bytes() == before  # read-only: TAB never writes the history
    for line in (f"referee stats --history {path} --player B", f"referee stats --history {path} --vs "):
        assert tab(line) == tab(line, fast=False)  # the fast path answers as Typer does


def test_no_history_or_a_foreign_file_offers_nothing(tmp_path: Path) -> None:
    assert tab(f"referee stats --history {tmp_path / 'none.sqlite3'} --player A") == []
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database")
    assert tab(f"referee stats --history {junk} --player A") == []
