"""Shared helpers for the robustness tests: valid games to start from, the installed command, file snapshots."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path
from typing import Any

from referee import registry
from referee.cli.records import Record
from referee.cli.shared_commands import AnyGameSpec, GameSample
from referee.engine import Game
from tests.conftest import referee_command


def spec_of(game: str) -> AnyGameSpec:
    from importlib import import_module

    return import_module(registry.GAMES[game].spec_module).SPEC  # type: ignore[no-any-return]


def sample_of(game: str) -> GameSample:
    sample = spec_of(game).sample
    assert sample is not None, f"{game}: its room declares no sample game (GameSpec.sample)"
    return sample


GAMES: tuple[str, ...] = registry.names()
"""Every registered game: the robustness tests run on each, from the sample its room declares."""
RULES = {game: registry.load_rules(game) for game in GAMES}
PLAYERS = {game: list(sample_of(game).players) for game in GAMES}
SETUP: dict[str, dict[str, Any]] = {game: dict(sample_of(game).setup) for game in GAMES}  # as play writes it
PLAY_OPTIONS = {game: list(sample_of(game).play_options) for game in GAMES}


def rules_setup(game: str) -> dict[str, Any]:
    """``SETUP[game]`` made ready for the rules by the game's room (Coin Age: the map loaded), as commands do."""
    return spec_of(game).prepare_setup(dict(SETUP[game]), "test")


def random_game(game: str, seed: int, steps: int = 10_000) -> Game:
    """A random legal game (to its end, or ``steps`` actions)."""
    rules = RULES[game]
    rng = random.Random(seed)
    played = Game(rules, PLAYERS[game], rules_setup(game))
    chooser = getattr(rules, "random_action", None)
    stalled = getattr(rules, "stalled", None)
    while not played.over and len(played.actions) < steps:
        played.push(chooser(played.state, rng) if chooser else rng.choice(played.legal_actions()))
        if stalled is not None and stalled(played.state):
            break
    return played


def record_text(game: str, actions: list[str], **changes: Any) -> bytes:
    record = Record(game, PLAYERS[game], dict(SETUP[game]), list(actions))
    for key, value in changes.items():
        setattr(record, key, value)
    return record.to_toml()


def run(*args: str, stdin: bytes | None = None, cwd: Path | None = None, timeout: float = 120):
    env = {**os.environ, "NO_COLOR": "1", "REFEREE_MAPS": os.devnull + "-none"}
    return subprocess.run(
        [*referee_command(), *args], input=stdin, capture_output=True, cwd=cwd, env=env, timeout=timeout, check=False
    )


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and mtime: a command must leave all of it as it was."""
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
