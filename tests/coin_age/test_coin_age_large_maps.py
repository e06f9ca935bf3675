"""Maps with many neighbours: the cost of the fast tables grows polynomially with the map.

A star map (one space with 40 neighbours) once made a table over every subset of a space's neighbours
(``2**41`` entries: a MemoryError), and a 50-space complete map made ``maps show`` run for minutes. Both now load,
replay a few actions and show in little memory (checked here) and without a table over subsets; their times, as
ratios to the original map's in the same run, are measured by ``benchmarks/large_maps.py`` (no wall clock here).
"""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from referee.cli.games.coin_age.room import SPEC
from referee.coin_age import RULES
from referee.coin_age.index import legal_tables
from referee.engine import Game
from tests.cli.helpers import no_traceback, run


def star_map() -> dict[str, Any]:
    """One space (``HUB``) with 40 neighbours, none of which touch each other: 41 spaces."""
    leaves = [f"S{i}" for i in range(1, 41)]
    return {
        "name": "Star",
        "edges": [["HUB", leaf] for leaf in leaves],
        "regions": {"core": {"name": "Core"}, "rim": {"name": "Rim"}},
        "spaces": {
            "HUB": {"name": "Hub", "region": "core"},
            **{leaf: {"name": leaf, "region": "rim"} for leaf in leaves},
        },
    }


def complete_map() -> dict[str, Any]:
    """50 spaces, every one adjacent to every other."""
    ids = [f"K{i}" for i in range(1, 51)]
    return {
        "name": "Complete",
        "edges": [[a, b] for i, a in enumerate(ids) for b in ids[i + 1 :]],
        "regions": {"all": {"name": "All"}},
        "spaces": {sid: {"name": sid, "region": "all"} for sid in ids},
    }


MAPS = {"star": (star_map, "HUB", "S1"), "complete": (complete_map, "K1", "K2")}
"""Each map, a space to place on and an empty neighbour of it."""


def actions(first: str, second: str) -> list[str]:
    """A few actions that place, move and capture on the map."""
    return [
        "slap QN",
        f"place Q {first}",
        "done",
        "slap D",
        f"move {first} {second}",
        "done",
        "slap -",
        f"capture {second}",
    ]


@pytest.mark.parametrize("name", list(MAPS))
def test_a_map_of_many_neighbours_loads_and_replays_at_once(name: str) -> None:
    make, first, second = MAPS[name]
    tracemalloc.start()
    try:
        setup = SPEC.prepare_setup({"map": make()}, "test")
        game = Game(RULES, ["Ann", "Bob"], setup)
        game.replay(actions(first, second))
        for _ in range(3):  # and self-play a few games on it
            state = RULES.new_state(["Ann", "Bob"], setup)
            rng = random.Random(1)
            for _step in range(300):
                if state.over:
                    break
                RULES.apply(state, RULES.random_action(state, rng))
            assert not RULES.check_invariants(state)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(game.actions) == 8 and game.state.board[game.state.map.index[second]] == []
    assert peak < 30 * 1024 * 1024, f"{peak / 2**20:.0f} MB"
    tables = legal_tables(setup["map"])
    assert not tables.keep_moves  # no table by set of empty spaces on a large map


@pytest.mark.e2e
@pytest.mark.parametrize("name", list(MAPS))
def test_a_map_of_many_neighbours_replays_and_shows_at_the_command_line(name: str, tmp_path: Path) -> None:
    """``maps show``, ``replay`` and ``check`` of such a map work (how long they take beside ``maps show original``:
    ``benchmarks/large_maps.py``; a command that ran for minutes, as before, fails here by the run's own timeout)."""
    make, first, second = MAPS[name]
    map_file = tmp_path / f"{name}.toml"
    map_file.write_text(tomli_w.dumps(make()))
    record = tmp_path / "game.toml"
    document = {"game": "coin-age", "players": ["Ann", "Bob"], "setup": {"map": make()}}
    record.write_text(tomli_w.dumps({**document, "actions": actions(first, second)}))
    for arguments in (("maps", "show", str(map_file)), ("replay", str(record)), ("check", str(record), "done")):
        result = run("coin-age", *arguments)
        no_traceback(result)
        assert result.returncode == 0, result.stderr
