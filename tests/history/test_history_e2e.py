"""End to end on the installed command: play logs finished games, history and stats read them back."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest

from referee import registry
from tests.conftest import referee_command
from tests.history.helpers import finished_record
from tests.robustness.helpers import GAMES, PLAY_OPTIONS

pytestmark = pytest.mark.e2e


def run(*args: str, stdin: bytes | None = None, env: dict[str, str] | None = None, cwd: Path | None = None):
    from tests.history.helpers import on_engine

    full = {**os.environ, "NO_COLOR": "1", "REFEREE_MAPS": os.devnull + "-none", **(env or {})}
    command = [*referee_command(), *on_engine(args)]
    return subprocess.run(command, input=stdin, capture_output=True, env=full, cwd=cwd, timeout=120, check=False)


def listed(history: Path) -> list[dict]:
    result = run("history", "list", "--json", "--history", str(history))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", GAMES)
def test_piped_play_logs_with_log_and_never_without(tmp_path: Path, game: str) -> None:
    record, actions = finished_record(game, 1)
    moves = ("\n".join(actions) + "\n").encode()
    history = tmp_path / "h.sqlite3"
    env = {"REFEREE_HISTORY": str(history)}
    assert run(game, "play", *PLAY_OPTIONS[game], stdin=moves, env=env).returncode == 0
    assert not history.exists()  # from a pipe, only with --log
    assert run(game, "play", *PLAY_OPTIONS[game], "--no-history", stdin=moves, env=env).returncode == 0
    assert not history.exists()
    result = run(game, "play", *PLAY_OPTIONS[game], "--log", "--record", str(tmp_path / "r.toml"), stdin=moves, env=env)
    assert result.returncode == 0, result.stderr
    assert b"Logged in the history as game 1" in result.stderr
    (logged,) = listed(history)
    assert {"id", "game", "started", "finished", "players", "scores", "ranking", "winner", "setup"} <= set(logged)
    assert logged["game"] == game and logged["players"] == PLAY_OPTIONS[game][1].split(",")
    assert logged["started"] and logged["finished"]
    assert (logged["scores"] is None) == (registry.facts(game).result_kind == "ranking")
    assert logged["winner"] in logged["players"] or logged["winner"] is None
    text = (tmp_path / "r.toml").read_text()
    assert "started = " in text and "finished = " in text
    # the record of the logged game, added again, is the same game
    added = run("history", "add", str(tmp_path / "r.toml"), "--history", str(history))
    assert added.returncode == 0 and b"0 games added, 1 already" in added.stdout
    # older records without times still replay and add
    (tmp_path / "old.toml").write_bytes(record)
    assert run(game, "replay", str(tmp_path / "old.toml")).returncode == 0


def test_history_path_options_and_folders(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for number, game in enumerate(GAMES):
        (folder / f"{game}.toml").write_bytes(finished_record(game, number)[0])
    (folder / "unfinished.toml").write_text('game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = ["slap QN"]\n')
    xdg = tmp_path / "xdg"
    result = run("history", "add", str(folder), env={"XDG_DATA_HOME": str(xdg)})
    assert result.returncode == 0, result.stderr
    assert f"{len(GAMES)} games added".encode() in result.stdout and b"not over" in result.stderr
    assert (xdg / "referee" / "history.sqlite3").exists()
    stats = run("stats", "--game", "coin-age", "--json", env={"XDG_DATA_HOME": str(xdg)})
    document = json.loads(stats.stdout)
    assert document["game"] == "coin-age" and set(document["players"]) == {"Ann", "Bob"}
    for numbers in document["players"].values():
        assert set(numbers) >= {"games", "wins", "win_rate", "average_score", "best_score", "by_seat", "rating"}


def test_show_remove_rename_export_import(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    folder = tmp_path / "records"
    folder.mkdir()
    for seed in range(3):
        (folder / f"c{seed}.toml").write_bytes(finished_record("coin-age", seed)[0])
    assert run("history", "add", str(folder), "--history", str(history)).returncode == 0
    shown = run("history", "show", "1", "--history", str(history))
    assert shown.returncode == 0 and b"Score after each turn" in shown.stdout
    assert run("history", "show", "99", "--history", str(history)).returncode == 2
    renamed = run("history", "rename-player", " ann ", "Anna", "--history", str(history))
    assert renamed.returncode == 0 and b"3 games" in renamed.stdout
    backup = tmp_path / "backup.json"
    assert run("history", "export", "--format", "json", str(backup), "--history", str(history)).returncode == 0
    pushed = run("history", "export", "--format", "bgstats-push", "--history", str(history))
    link = pushed.stdout.decode().splitlines()[0]  # BG Stats' own link: the play as URL-encoded JSON
    assert json.loads(unquote(link.split("createPlay.html?data=", 1)[1]))["sourceName"] == "referee"
    play_file = run("history", "export", "--format", "bgstats", "--history", str(history))
    assert len(json.loads(play_file.stdout)["plays"]) == 3
    assert run("history", "remove", "1", "--history", str(history)).returncode == 0
    other = tmp_path / "new-machine.sqlite3"
    assert run("history", "import", str(backup), "--history", str(other)).returncode == 0
    again = run("history", "import", str(backup), "--history", str(other))
    assert again.returncode == 0 and b"0 games imported, 3 already" in again.stdout
    games = listed(other)
    assert len(games) == 3 and all("Anna" in game["players"] for game in games)


def test_score_log_logs_a_position(tmp_path: Path) -> None:
    position = tmp_path / "position.toml"
    position.write_text(
        'game = "coin-age"\nplayers = ["Ann", "Bob"]\n[setup]\nmap = "original"\n'
        '[board]\nA1 = "Qh"\nB2 = "Nt"\n[banks]\nAnn = "DDP"\nBob = "DDDPN"\n'
    )
    history = tmp_path / "h.sqlite3"
    result = run("coin-age", "score", str(position), "--log", "--history", str(history))
    assert result.returncode == 0, result.stderr
    (logged,) = listed(history)
    assert logged["kind"] == "position"
    unfinished = tmp_path / "unfinished.toml"
    unfinished.write_text('game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = ["slap QN"]\n')
    result = run("coin-age", "score", str(unfinished), "--log", "--history", str(history))
    assert result.returncode == 0 and b"not over" in result.stderr
    assert len(listed(history)) == 1


@pytest.mark.parametrize("content", [b"not a database at all\n", b"SQLite format 3\x00garbage" * 20])
def test_a_foreign_file_is_reported_in_one_line_and_play_goes_on(tmp_path: Path, content: bytes) -> None:
    history = tmp_path / "h.sqlite3"
    history.write_bytes(content)
    _record, actions = finished_record("matchstick", 2)
    result = run(
        "matchstick",
        "play",
        *PLAY_OPTIONS["matchstick"],
        "--log",
        "--history",
        str(history),
        stdin=("\n".join(actions) + "\n").encode(),
    )
    assert result.returncode == 0
    assert b"is not a referee history" in result.stderr and b"Traceback" not in result.stderr
    assert history.read_bytes() == content
    listing = run("history", "list", "--history", str(history))
    assert listing.returncode == 2 and listing.stderr.count(b"\n") == 1
    assert b"is not a referee history" in listing.stderr


def test_bad_options_exit_2_and_empty_results_exit_0(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    assert run("history", "list", "--game", "chess", "--history", str(history)).returncode == 2
    assert run("stats", "--since", "yesterday", "--history", str(history)).returncode == 2
    assert run("stats", "--vs", "Bob", "--history", str(history)).returncode == 2
    empty = run("history", "list", "--json", "--history", str(history))
    assert empty.returncode == 0 and json.loads(empty.stdout) == []
    assert not history.exists()


@pytest.mark.parametrize(
    "args", [["history", "list"], ["history", "list", "--json"], ["stats"], ["stats", "--game", "coin-age", "--json"]]
)
def test_the_fast_path_answers_as_typer_does(tmp_path: Path, args: list[str]) -> None:
    history = tmp_path / "h.sqlite3"
    (tmp_path / "c.toml").write_bytes(finished_record("coin-age", 5)[0])
    assert run("history", "add", str(tmp_path / "c.toml"), "--history", str(history)).returncode == 0
    fast = run(*args, "--history", str(history))
    slow = run(*args, "--history", str(history), env={"REFEREE_NO_FAST_PATH": "1"})
    assert fast.returncode == slow.returncode == 0
    assert fast.stdout == slow.stdout


def test_names_with_control_characters_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    from tests.history.helpers import entry, history_at

    history = tmp_path / "h.sqlite3"
    evil = "Ann\x1b[2J\x9b31m"
    with history_at(history) as opened:  # written behind the referee's back: names from records are checked
        opened.log(entry("coin-age", [evil, "Bob"], [20, 10], [1, 2], [evil], "2025-01-01T10:00:00"))
    for args in (["history", "list"], ["history", "list", "--json"], ["stats"], ["stats", "--json"]):
        result = run(*args, "--history", str(history))
        assert result.returncode == 0, result.stderr
        assert b"\x1b" not in result.stdout and "\x9b".encode() not in result.stdout, args
