"""Same seed, same games: fingerprints of seeded deals, self-play and random play, and of ``simulate --json``.

Each constant below was computed on the code as it stood before the rules were reshaped (issue 13); a change to
the rules, the self-play policy, the seeded deal or the random draws that alters any game shows up here. Should a
rule ever be changed on purpose, the new constants are printed by the failing assertion. Changed on purpose
(issue 35): a game that can no longer end is ended by the rules (ruling, topic end) and the state's JSON says why
(``stalled``); the self-played games are move for move what they were, and random games that used to be stopped
as locked now end at the next ``done``, scored as they stand. Changed on purpose (stop 40): the tie-break says
"tied at 1 point" (ngettext) where it said "1 points", in one random game; every action is as it was.
"""

from __future__ import annotations

import hashlib
import json
import random

from referee.builders import RULES, deal
from referee.engine import Rules
from tests.cli.helpers import run

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
MAX_ACTIONS = 3000
"""A game longer than this is cut (uniform random play can lock; the cut is part of the fingerprint)."""

DEALS = "3aad4daec3c10bd5669a755b925df26214b676fc8bb5a35ef7205f0ff8d16f1b"
SELF_PLAY = "fb08a05c37bdb5de9d9aae3603bb720488c1b99379e47e2ee9d63d5e8dd7e44d"
RANDOM_PLAY = "8fa47bd1921b2804fe34615d50cc78df40eb52f8cc78c66b12279bd33a9be434"
SIMULATE = "2f4f2253b0afb95ecbc9465ac6a4eed67fbd1526b4fcfb0a15a30e9ad2757c95"


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def played(rules: Rules, players: list[str], setup: dict, seed: int, choose: str) -> list[str]:
    """One game, each action formatted, then how it ended: outcome, or the cut."""
    state = rules.new_state(players, setup)
    rng = random.Random(seed)
    chooser = rules.self_play_action if choose == "self" else rules.random_action
    lines = []
    for _ in range(MAX_ACTIONS):
        if state.over or rules.stalled(state):
            break
        action = chooser(state, rng)
        lines.append(rules.format(action, state))
        rules.apply(state, action)
    outcome = rules.outcome(state)
    lines.append(f"over={state.over} stalled={rules.stalled(state)} scores={outcome.scores} winner={outcome.winner}")
    lines.append(f"ranking={outcome.ranking} tie={outcome.tie_break}")
    lines.append(json.dumps(rules.state_json(state), sort_keys=True))
    return lines


def test_seeded_deals_deal_the_same_cards():
    lines = [repr(deal(seed, n)) for seed in range(500) for n in (2, 3, 4)]
    assert digest(lines) == DEALS


def test_seeded_self_play_plays_the_same_games():
    lines = []
    for seed in range(300):
        players = PLAYERS[: 2 + seed % 3]
        lines += played(RULES, players, {"seed": seed}, seed, "self")
    assert digest(lines) == SELF_PLAY


def test_uniform_random_play_plays_the_same_games_told_tables_included():
    lines = []
    for seed in range(60):
        players = PLAYERS[: 2 + seed % 3]
        if seed % 2:
            setup: dict = {"seed": seed}
        else:
            apprentices, buildings, workers = deal(seed, len(players))
            setup = {"apprentices": apprentices, "buildings": buildings[:5], "workers": workers[:5]}
        lines += played(RULES, players, setup, seed, "random")
    assert digest(lines) == RANDOM_PLAY


def test_simulate_json_reports_the_same_games():
    reports = []
    for players, games, seed in (("Ann,Bob", 200, 1), ("Ann,Bob,Cid", 60, 2), ("Ann,Bob,Cid,Dee", 40, 3)):
        result = run("builders", "simulate", "--games", str(games), "--seed", str(seed), "--players", players, "--json")
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        del report["seconds"], report["actions_per_second"]
        reports.append(json.dumps(report, sort_keys=True))
    assert digest(reports) == SIMULATE
