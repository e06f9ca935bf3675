"""Invariants at scale: ``simulate`` checks every random legal game against the game's invariants.

The 100,000-game runs are slow (minutes per game; behind ``-m slow``, off in CI):

    python -m pytest -m slow tests/robustness/test_invariants_at_scale.py

A short run of each is part of the normal suite.
"""

from __future__ import annotations

import json

import pytest

from tests.robustness.helpers import GAMES, PLAYERS, run

pytestmark = pytest.mark.e2e


def simulate(game: str, games: int, seed: int, timeout: float) -> dict:
    players = ["--players", ",".join(PLAYERS[game])]  # each game's sample: every registered game, no list kept here
    result = run(game, "simulate", *players, "--games", str(games), "--seed", str(seed), "--json", timeout=timeout)
    report = json.loads(result.stdout)
    assert report["violations"] == [], report["violations"][:20]
    assert result.returncode == 0, result.stderr
    assert report["games"] == games
    assert sum(report["wins"].values()) + report["draws"] + report.get("stalled", 0) == games
    return report


@pytest.mark.parametrize("game", GAMES)
def test_simulate_checks_invariants(game: str) -> None:
    simulate(game, games=200, seed=6, timeout=120)  # 200 of the longest game take under 2 s


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_100_000_games_keep_every_invariant(game: str) -> None:
    report = simulate(game, games=100_000, seed=1, timeout=6 * 3600)
    print(f"{game}: 100,000 games, {report['actions']} actions in {report['seconds']} s, no violation")
