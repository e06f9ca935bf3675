"""The computer opponent: legal, repeatable, and it beats a random player."""

from __future__ import annotations

import subprocess
import tomllib

import pytest

from referee.coin_age.rules import RULES
from tests.advice.sparring import play_one, win_rate
from tests.coin_age.helpers import setup


def test_computer_beats_a_random_player_in_a_smaller_sample() -> None:
    rate, legal = win_rate(60)
    assert legal
    assert rate >= 0.9


@pytest.mark.slow
def test_computer_beats_a_random_player_in_200_games() -> None:
    rate, legal = win_rate(200)
    assert legal
    assert rate >= 0.9


def test_computer_games_repeat_from_the_seed() -> None:
    assert play_one(5, 1) == play_one(5, 1)


@pytest.mark.e2e
def test_cli_play_vs_computer_records_its_actions(referee: list[str], tmp_path) -> None:
    record = tmp_path / "game.toml"
    lines = "slap QNPD\nplace Q B2\nplace N A1\ndone\n"
    command = [*referee, "coin-age", "play", "--players", "Ann,Cpu", "--vs-computer", "--seed", "3"]
    command += ["--computer-time", "0.2", "--record", str(record)]
    done = subprocess.run(command, input=lines, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "5. Cpu: slap" in done.stdout
    replayed = subprocess.run([*referee, "coin-age", "replay", str(record)], capture_output=True, text=True)
    assert replayed.returncode == 0, replayed.stderr
    actions = tomllib.loads(record.read_text())["actions"]
    assert actions[:4] == ["slap QNPD", "place Q B2", "place N A1", "done"]
    # issue 14: a done only while something is left to the player in turn; once nothing is, the next toss ends
    # the turn (the computer's turn here may stop with actions left, as its search chooses: then it says done)
    state = RULES.new_state(["Ann", "Cpu"], setup())
    for number, text in enumerate(actions, 1):
        if text == "done":
            assert RULES.has_turn_action(state), f"action {number}: a needless done in {actions}"
        RULES.apply(state, RULES.parse(text, state))
