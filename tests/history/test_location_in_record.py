"""Where a game is played travels with its record: ``play --location`` writes it, ``--resume`` keeps it (or takes a
new one), the game is logged with it, and ``history add`` of the same record finds it already there (neither the
location nor the computer's table is part of a game's identity)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.history.helpers import finished_record
from tests.history.test_history_e2e import listed, run

pytestmark = pytest.mark.e2e


def test_play_location_is_in_the_record_and_resume_keeps_it(tmp_path: Path) -> None:
    _text, actions = finished_record("coin-age", 11)
    record, history = tmp_path / "game.toml", tmp_path / "h.sqlite3"
    half = len(actions) // 2
    first = run(
        "coin-age", "play", "--players", "Ann,Bob", "--record", str(record), "--location", "Café Ludo",
        "--no-history", stdin="\n".join(actions[:half]).encode() + b"\n",
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert tomllib.loads(record.read_text())["location"] == "Café Ludo"
    second = run(
        "coin-age", "play", "--resume", str(record), "--log", "--history", str(history),
        stdin="\n".join(actions[half:]).encode() + b"\n",
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    document = tomllib.loads(record.read_text())
    assert document["location"] == "Café Ludo" and "finished" in document
    (logged,) = listed(history)
    assert logged["location"] == "Café Ludo"
    again = run("history", "add", str(record), "--history", str(history))
    assert b"0 games added, 1 already in the history" in again.stdout, again.stdout


def test_history_add_keeps_a_records_location(tmp_path: Path) -> None:
    text, _actions = finished_record("builders", 3)
    record = tmp_path / "game.toml"
    record.write_text('location = "Club"\n' + text.decode())
    history = tmp_path / "h.sqlite3"
    assert run("history", "add", str(record), "--history", str(history)).returncode == 0
    assert listed(history)[0]["location"] == "Club"


def test_a_location_that_is_not_text_is_refused_in_one_line(tmp_path: Path) -> None:
    text, _actions = finished_record("coin-age", 11)
    record = tmp_path / "game.toml"
    record.write_text('location = "bad\\u0007bell"\n' + text.decode())
    done = run("coin-age", "replay", str(record), "--json")
    assert done.returncode == 2
    assert "'location' must be text without control characters" in json.loads(done.stdout)["error"]["message"]


def test_what_play_was_told_about_the_history_travels_with_the_session(tmp_path: Path) -> None:
    """``--log``, ``--history`` and ``--location`` are handed to the session (no module state): two games played
    in one process, each with its own history file, land each in its own."""
    import io

    from referee.cli.app import build_app
    from referee.cli.env import Environment
    from referee.history.store import open_history
    from tests.robustness.helpers import PLAY_OPTIONS, random_game

    game = "coin-age"
    actions = random_game(game, seed=5).actions
    for name, location in (("first", "Kitchen"), ("second", "Garden")):
        env = Environment(io.StringIO("\n".join(actions) + "\n"), io.StringIO(), io.StringIO(), False, False, True)
        args = [game, "play", *PLAY_OPTIONS[game], "--log", "--history", str(tmp_path / f"{name}.db")]
        status = build_app()([*args, "--location", location], prog_name="referee", standalone_mode=False, obj=env)
        assert status == 0, env.stderr.getvalue()
    for name, location in (("first", "Kitchen"), ("second", "Garden")):
        history = open_history(tmp_path / f"{name}.db", create=False)
        assert history is not None
        with history:
            games = history.games()
        assert [logged.entry.location for logged in games] == [location]
