"""Same seed, same games: a fingerprint of a few hundred seeded self-play games of Matchstick Tycoon.

The hash covers every action of every game (in canonical notation), each game's outcome and final ``state`` JSON,
and the report of ``simulate`` (minus its timings), for several player counts and setups. The constant was computed
on the code before the self-play sampler moved out of the rules; a change of the sampler that draws other games for
the same seed fails this test.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

from referee.cli.games.matchstick.room import SPEC
from referee.cli.shared_commands import simulate_games
from referee.matchstick import RULES
from tests.cli.helpers import no_traceback, run

CASES: list[tuple[list[str], dict[str, Any], int, int]] = [
    # players, setup, games, seed
    (["Ann", "Bob"], {}, 60, 11),
    (["Ann", "Bob", "Cid"], {}, 60, 12),
    (["Ann", "Bob", "Cid", "Dee"], {}, 80, 13),
    (["P1", "P2", "P3", "P4", "P5"], {"expansion": 2}, 40, 14),
    (["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"], {"expansion": 4}, 30, 15),
    (["Ann", "Bob", "Cid"], {"expansion": 4, "deal_all": True}, 30, 16),
]
"""Three hundred games in all."""

TIMINGS = ("seconds", "actions_per_second")

FINGERPRINT = "0300859974be2b2e094269055aaf7e23ccfe622336fa1b39a7b7ce8576ef1f5a"


def _games_digest() -> str:
    digest = hashlib.sha256()
    for players, setup, games, seed in CASES:
        rng = random.Random(seed)
        for _game in range(games):
            state = RULES.new_state(players, setup)
            while not RULES.is_over(state):
                action = RULES.self_play_action(state, rng)
                digest.update(RULES.format(action, state).encode() + b"\n")
                RULES.apply(state, action)
            outcome = dataclasses.asdict(RULES.outcome(state))
            digest.update(json.dumps([outcome, RULES.state_json(state)], sort_keys=True).encode() + b"\n")
        report = simulate_games(SPEC, players, setup, games, seed)
        for key in TIMINGS:
            del report[key]
        digest.update(json.dumps(report, sort_keys=True).encode() + b"\n")
    return digest.hexdigest()


def test_the_same_seed_plays_the_same_games() -> None:
    assert _games_digest() == FINGERPRINT


SIMULATE_JSON = "6da2306e906e4474884c328059b2893f0254ca5d4ed6cfd88130d8b3ee142323"


def test_simulate_json_is_the_same_for_the_same_seed() -> None:
    """The installed command, as a player runs it."""
    result = run("matchstick", "simulate", "--games", "50", "--seed", "7", "--players", "Ann,Bob,Cid,Dee", "--json")
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in TIMINGS:
        del report[key]
    assert hashlib.sha256(json.dumps(report, sort_keys=True).encode()).hexdigest() == SIMULATE_JSON
