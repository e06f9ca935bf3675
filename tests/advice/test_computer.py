"""The computer opponent: legal, repeatable, and it beats a random player."""

from __future__ import annotations

import subprocess

import pytest

from tests.advice.sparring import play_one, win_rate


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
    text = record.read_text()
    # Ann's done; the computer's turn ends without one: nothing is left to it, so the next toss ends it (issue 14)
    assert text.count('"done"') == 1
