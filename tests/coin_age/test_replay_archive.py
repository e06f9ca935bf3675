"""Replaying an archive (``referee coin-age replay A B C … --json``): the same verdicts and summaries as replaying
each record alone, whatever the number of worker processes, one summary per line of the JSON array."""

from __future__ import annotations

import json
import random
from pathlib import Path

import tomli_w

from referee.coin_age import RULES
from referee.engine import Game
from tests.cli.helpers import run
from tests.coin_age.helpers import setup


def write_archive(folder: Path, count: int) -> list[str]:
    """Random legal records, some finished, one in three broken (an unknown space, an illegal action, bad TOML)."""
    rng = random.Random(11)
    paths = []
    for number in range(count):
        game = Game(RULES, ["Ann", "Bob"], setup())
        for _ in range(rng.randrange(0, 150)):
            if game.over:
                break
            game.push(RULES.random_action(game.state, rng))
        actions = list(game.actions)
        if number % 3 == 1:
            actions.insert(len(actions) // 2, rng.choice(["capture Z9", "place Q", "done", "move A1 C3"]))
        text = tomli_w.dumps({"game": "coin-age", "format": 1, "players": ["Ann", "Bob"], "actions": actions})
        if number % 9 == 5:
            text = text.replace("]", "", 1)
        path = folder / f"game-{number:02}.toml"
        path.write_text(text)
        paths.append(str(path))
    return paths


def test_an_archive_replays_as_each_record_alone(tmp_path):
    paths = write_archive(tmp_path, 18)
    alone = [run("coin-age", "replay", path, "--json") for path in paths]
    together = run("coin-age", "replay", *paths, "--json", "--jobs", "2")
    assert together.returncode == max(result.returncode for result in alone) == 2
    assert json.loads(together.stdout) == [json.loads(result.stdout) for result in alone]
    assert together.stderr.decode().splitlines() == [
        line for result in alone for line in result.stderr.decode().splitlines()
    ]
    lines = together.stdout.decode().splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == len(paths) + 2  # one summary per line
    in_one_process = run("coin-age", "replay", *paths, "--json", "--jobs", "1")
    assert in_one_process.stdout == together.stdout and in_one_process.returncode == together.returncode


def test_an_archive_in_text_gives_one_line_per_record(tmp_path):
    paths = write_archive(tmp_path, 6)
    result = run("coin-age", "replay", *paths, "--jobs", "2")
    lines = result.stdout.decode().splitlines()
    readable = [path for number, path in enumerate(paths) if number % 9 != 5]
    assert [line.split(":")[0] for line in lines] == readable
    assert all(": ok, " in line or ": stopped at action " in line for line in lines)
