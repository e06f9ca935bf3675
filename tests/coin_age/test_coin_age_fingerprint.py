"""Same seed, same games: a fingerprint of a few hundred seeded self-play games of Coin Age.

The constant below was computed on the code before the rules were split into actions, state, rules and the fast
index: restructuring the rules must not change a single game self-play plays for a given seed (the actions and
their order, the legal actions offered, the events announced, the outcomes, and ``simulate --json`` without its
timings). If a deliberate change of the rules changes the games, recompute it with
``python -m tests.coin_age.test_coin_age_fingerprint`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from referee.cli.games.coin_age.room import SPEC
from referee.cli.shared_commands import simulate_games
from referee.coin_age.rules import RULES

GAMES = 300
SEED = 2026
FINGERPRINT = "2b4a1a8c1a95c562d72e266f7bc8a6841371ff2b7efeea373c7ec05696598418"
"""The SHA-256 of :func:`transcript` on the code as it was before the split (see the module docstring)."""


def setup() -> dict[str, Any]:
    """The record setup ``map = "original"``, made ready for the rules by the room (as every command does)."""
    return SPEC.prepare_setup({"map": "original"}, "fingerprint")


def transcript() -> list[Any]:
    """Every seeded game, action by action (with the legal actions now and then), its events and its outcome;
    then ``simulate`` of the same seed without its timings."""
    lines: list[Any] = []
    prepared = setup()
    for number in range(GAMES):
        rng = random.Random(SEED + number)
        state = RULES.new_state(["Ann", "Bob"], prepared)
        step = 0
        while not RULES.is_over(state):
            if step % 7 == 0:
                lines.append([RULES.format(action, state) for action in RULES.legal_actions(state)])
            action = RULES.self_play_action(state, rng)
            lines.append(RULES.format(action, state))
            lines.append(RULES.judge(state, action).reason)
            lines.extend(event.message for event in RULES.apply(state, action))
            step += 1
        outcome = RULES.outcome(state)
        lines.append([outcome.scores, outcome.ranking, outcome.winner, outcome.tie_break, outcome.breakdown])
        lines.append(RULES.state_json(state))
    report = simulate_games(SPEC, ["Ann", "Bob"], prepared, 200, SEED)
    for timing in ("seconds", "actions_per_second"):
        report.pop(timing)
    lines.append(report)
    return lines


def fingerprint() -> str:
    text = json.dumps(transcript(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_same_seed_plays_the_same_games() -> None:
    assert fingerprint() == FINGERPRINT


if __name__ == "__main__":
    print(fingerprint())
