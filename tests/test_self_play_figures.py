"""The random self-play figures ``stats`` shows beside a group's results by seat (each game's ``self_play.json``,
written by ``scripts/measure_self_play.py``) agree with a fresh sample of the same random games: for every
registered game that has them and every player count, each seat's win rate within 4.5 standard errors."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from referee import registry

SAMPLE = 1500
SEED = 20_261_125


def figures_of(name: str) -> dict | None:
    from referee.history.stats import self_play_measured

    measured = self_play_measured(name)
    return {"by_players": measured} if measured else None


def test_every_registered_game_has_its_figures() -> None:
    for name in registry.names():
        figures = figures_of(name)
        assert figures is not None and figures["by_players"], name


@pytest.mark.parametrize("name", registry.names())
def test_the_stored_figures_agree_with_a_fresh_sample(name: str) -> None:
    figures = figures_of(name)
    if figures is None:
        pytest.skip(f"{name} has no self-play figures")
    print(f"seed {SEED}, {SAMPLE} games per player count")
    for count, stored in figures["by_players"].items():
        players = ",".join(f"P{seat + 1}" for seat in range(int(count)))
        command = [sys.executable, "-m", "referee", name, "simulate", "--games", str(SAMPLE), "--seed", str(SEED)]
        done = subprocess.run(
            [*command, "--players", players, "--json"],
            capture_output=True,
            check=True,
        )
        fresh = json.loads(done.stdout)
        for seat in range(int(count)):
            expected = stored.wins[seat] / stored.ended
            seen = fresh["wins"][f"P{seat + 1}"] / (fresh["games"] - fresh["stalled"])
            error = math.sqrt(expected * (1 - expected) / SAMPLE + expected * (1 - expected) / stored.games)
            assert abs(seen - expected) <= 4.5 * error, (name, count, seat, seen, expected)
