"""The ruling on a game that can no longer end, through the installed command: the pipe announces it and ends the
game, ``check`` refuses any further action citing it, ``replay`` scores the game as it stands."""

from __future__ import annotations

import json
import subprocess
import tomllib

import pytest

from tests.conftest import EXAMPLES, referee_command

pytestmark = pytest.mark.e2e
RECORD = EXAMPLES / "builders-stalled.toml"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*referee_command(), *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_ruling_the_pipe_announces_a_game_that_can_no_longer_end_and_ends_it(tmp_path) -> None:
    actions = tomllib.loads(RECORD.read_text())["actions"]
    record = tmp_path / "stalled.toml"
    done = run(
        "builders", "play", "--players", "Ann,Bob", "--seed", "0", "--json", "--no-history", "--record", str(record),
        stdin="\n".join(actions) + "\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    last_action, summary = lines[-2], lines[-1]
    assert [event["kind"] for event in last_action["events"]] == ["stalled", "game_over"]
    assert "nobody can reach 17 VP" in last_action["events"][0]["message"]
    assert summary["over"] and summary["winner"] is None and summary["state"]["stalled"] == "unreachable"
    text = run("builders", "play", "--players", "Ann,Bob", "--seed", "0", "--no-history", "--record",
               str(tmp_path / "text.toml"), stdin="\n".join(actions) + "\n")  # fmt: skip
    assert "nobody can reach 17 VP any more" in text.stdout


def test_ruling_check_refuses_an_action_after_the_game_was_ended_and_cites_the_ruling() -> None:
    done = run("builders", "check", str(RECORD), "coins 6", "--json")
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    text = json.dumps(verdict)
    assert "nobody can reach 17 VP" in text and "Ruling: a game that can no longer end" in text


def test_ruling_rules_end_states_it() -> None:
    done = run("builders", "rules", "end")
    assert done.returncode == 0
    assert "a game that can no longer end is ended" in " ".join(done.stdout.split())
