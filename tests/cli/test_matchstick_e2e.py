"""End to end: the installed ``referee`` command for Matchstick Tycoon — pipes, JSON, exit codes, records, resume,
replay, check, score, rules, simulate and shapes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import tomllib
from pathlib import Path

import pytest
import tomli_w

from referee.matchstick import ALL_VALUES, RULES, format_action
from tests.cli.helpers import no_traceback, run
from tests.conftest import referee_command

pytestmark = pytest.mark.e2e

OPENING = """\
play 7 7        # Ann leads a single 7
play 8 0        # Bob: a 0 plus the middle stick
pass            # Cid takes a matchstick
pass            # Ann: the table clears, Bob leads
play 2 2 2
pass
play 8 8 8
"""


def one_line_error(result: subprocess.CompletedProcess) -> str:
    no_traceback(result)
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def write_record(path: Path, players: list[str], actions: list[str], setup: dict | None = None) -> Path:
    document = {"game": "matchstick", "format": 1, "players": players, "actions": actions}
    if setup is not None:
        document["setup"] = setup
    path.write_bytes(tomli_w.dumps(document).encode())
    return path


def random_game(players: list[str], seed: int, setup: dict | None = None) -> list[str]:
    """The actions of a whole random legal game (the engine's own random player)."""
    rng = random.Random(seed)
    state = RULES.new_state(players, setup or {})
    actions = []
    while not RULES.is_over(state):
        action = RULES.random_action(state, rng)
        actions.append(format_action(action))
        RULES.apply(state, action)
    return actions


# -- play ------------------------------------------------------------------------------------------------------
def test_play_from_a_pipe_writes_the_record(tmp_path):
    record = tmp_path / "game.toml"
    result = run("matchstick", "play", "--players", "Ann,Bob,Cid", "--record", str(record), stdin=OPENING)
    assert result.returncode == 0, result.stderr
    document = tomllib.loads(record.read_text())
    assert document["game"] == "matchstick" and document["format"] == 1
    assert document["players"] == ["Ann", "Bob", "Cid"]
    assert document["actions"] == ["play 7 7", "play 8 0", "pass", "pass", "play 2 2 2", "pass", "play 8 8 8"]
    assert document["setup"] == {"expansion": 0, "deal_all": False, "hand_sizes": [15, 15, 15]}
    text = result.stdout.decode()
    assert "the table is cleared and Bob leads" in text
    assert "Bob to move" in text and "Ann's 2 × 8" in text
    assert "|___|" in text  # the table drawn as 7-segment cards


def test_play_setup_options_deal_and_expansion(tmp_path):
    record = tmp_path / "game.toml"
    result = run(
        "matchstick",
        "play",
        "--players",
        "Ann,Bob,Cid",
        "--deal-all",
        "--expansion",
        "2",
        "--record",
        str(record),
        stdin="play H H\n",
    )
    assert result.returncode == 0, result.stderr
    setup = tomllib.loads(record.read_text())["setup"]
    assert setup == {"expansion": 2, "deal_all": True, "hand_sizes": [20, 20, 20]}
    record5 = tmp_path / "five.toml"
    result = run("matchstick", "play", "--players", "A,B,C,D,E", "--record", str(record5), stdin="")
    assert tomllib.loads(record5.read_text())["setup"]["hand_sizes"] == [12, 11, 11, 11, 11]


def test_play_json_lines_then_summary():
    result = run("matchstick", "play", "--players", "Ann,Bob,Cid", "--json", stdin=OPENING)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(lines) == 8
    assert lines[0] == {
        "index": 1,
        "action": "play 7 7",
        "player": "Ann",
        "events": [],
        "to_move": "Bob",
        "over": False,
    }
    assert [event["kind"] for event in lines[3]["events"]] == ["clear"]
    summary = lines[-1]
    assert summary["to_move"] == "Bob" and summary["over"] is False and summary["actions"] == 7
    assert summary["state"]["table"] == {"value": "8", "count": 2, "by": "Ann"}
    assert summary["state"]["players"]["Bob"] == {"cards": 12, "matchsticks": 0, "out": False}
    assert summary["state"]["reversed"] is False
    assert set(summary) >= {"game", "players", "actions", "over", "to_move", "scores", "winner", "ranking", "state"}


@pytest.mark.parametrize(
    ("players", "moves", "line", "rule", "words"),
    [
        ("Ann,Bob,Cid", "play 7 7\nplay 6 6\n", 2, "strength", "not stronger"),
        ("Ann,Bob,Cid", "play 7 7\nplay 8 8 8\n", 2, "follow", "exactly 1 card"),
        ("Ann,Bob,Cid", "play 7 7\nplay 8 1\n", 2, "transform", "costs 5 matchsticks"),
        ("Ann,Bob", "play 1 1\nplay 2 1\n", 2, "transform", "never show 2"),
        ("Ann,Bob", "pass\n", 1, "lead", "no passing"),
        ("Ann,Bob", "play 8 8 8 8 8 8\n", 1, "copies", "in the deck: 4"),
        ("Ann,Bob", "play 8 8 8 8\npass\nplay 8 8 8\n", 3, "copies", "in the deck: 4"),
    ],
)
def test_play_illegal_line_exit_1_names_line_and_rule(players, moves, line, rule, words):
    result = run("matchstick", "play", "--players", players, stdin=moves)
    assert result.returncode == 1, result.stderr
    message = one_line_error(result)
    assert f"line {line}" in message and f"rule: {rule}" in message and words in message, message


def test_play_illegal_keeps_the_actions_before(tmp_path):
    record = tmp_path / "game.toml"
    result = run(
        "matchstick", "play", "--players", "Ann,Bob,Cid", "--record", str(record), stdin="play 7 7\npass\nplay 6 6\n"
    )
    assert result.returncode == 1
    assert tomllib.loads(record.read_text())["actions"] == ["play 7 7", "pass"]


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["--players", "Ann,Bob"], "play 8 X\n", "unknown card"),
        (["--players", "Ann,Bob"], "play Z 8\n", "unknown value"),
        (["--players", "Ann,Bob"], "play 8\n", "1 to 5 cards"),
        (["--players", "Ann,Bob"], "play 8 1 2 3 4 5 6\n", "1 to 5 cards"),
        (["--players", "Ann,Bob"], "play G G\n", "expansion"),
        (["--players", "Ann,Bob"], "fold\n", "unknown action"),
        (["--players", "Ann"], "", "2 to 8 players"),
        (["--players", "A,B,C,D,E,F,G,H,I"], "", "2 to 8 players"),
        (["--players", "Ann,Ann"], "", "different name"),
        (["--players", "Ann,Bob", "--expansion", "3"], "", "0, 2 or 4"),
        ([], "", "--players"),
    ],
)
def test_bad_input_one_line_exit_2(args, stdin, words):
    result = run("matchstick", "play", *args, stdin=stdin)
    assert result.returncode == 2
    assert words in one_line_error(result)


def test_play_binary_junk_exit_2():
    result = run("matchstick", "play", "--players", "Ann,Bob", stdin=b"\xff\xfe\x00junk\n")
    assert result.returncode == 2
    one_line_error(result)


def test_undo_and_resume(tmp_path):
    record = tmp_path / "game.toml"
    run("matchstick", "play", "--players", "Ann,Bob,Cid", "--record", str(record), stdin="play 7 7\nplay 9 9\nundo\n")
    assert tomllib.loads(record.read_text())["actions"] == ["play 7 7"]
    result = run("matchstick", "play", "--resume", str(record), "--json", stdin="play 8 0\npass\npass\n")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.decode().splitlines()[-1])
    assert summary["to_move"] == "Bob" and summary["state"]["table"] is None
    assert tomllib.loads(record.read_text())["actions"] == ["play 7 7", "play 8 0", "pass", "pass"]


def test_forced_discard_going_out_and_the_end_are_announced(tmp_path):
    record = write_record(tmp_path / "short.toml", ["Ann", "Bob", "Cid"], [], {"hand_sizes": [1, 3, 3]})
    result = run("matchstick", "play", "--resume", str(record), stdin="play 5 5\npass\npass\n")
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "Everyone else passed" in text
    assert "Ann has no cards left and discards a matchstick (0 left)" in text
    assert "Ann went out: place 1 of 3" in text
    assert "Bob leads" in text  # the next player still in leads


# -- replay, check, score --------------------------------------------------------------------------------------
def test_replay_example_nia_leads(examples):
    result = run("matchstick", "replay", str(examples / "matchstick-opening.toml"), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["to_move"] == "Nia" and summary["over"] is False and summary["actions"] == 7
    players = summary["state"]["players"]
    assert players["Nia"] == {"cards": 13, "matchsticks": 1, "out": False}
    assert players["Kai"] == {"cards": 13, "matchsticks": 2, "out": False}
    assert players["Mo"] == {"cards": 14, "matchsticks": 3, "out": False}
    assert summary["state"]["table"] is None
    text = run("matchstick", "replay", str(examples / "matchstick-opening.toml"))
    assert text.returncode == 0 and b"Nia leads" in text.stdout and b"7 actions, Nia to move" in text.stdout


def test_replay_illegal_record_names_the_action(tmp_path):
    record = write_record(tmp_path / "bad.toml", ["Ann", "Bob"], ["play 7 7", "play 6 6"])
    result = run("matchstick", "replay", str(record), "--json")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["error"]["index"] == 2 and document["error"]["rule"] == "strength"
    assert document["state"]["table"] == {"value": "7", "count": 1, "by": "Ann"}
    assert b"action 2 'play 6 6'" in result.stderr


def test_replay_bad_setup_exit_2(tmp_path):
    record = write_record(tmp_path / "bad.toml", ["Ann", "Bob"], [], {"expansion": 3})
    result = run("matchstick", "replay", str(record))
    assert result.returncode == 2 and "expansion" in one_line_error(result)
    coin = tmp_path / "coin.toml"
    coin.write_text('game = "coin-age"\nplayers = ["A", "B"]\nactions = []\n')
    result = run("matchstick", "replay", str(coin))
    assert result.returncode == 2 and "referee coin-age" in one_line_error(result)


def test_check_legal_and_illegal(examples):
    opening = str(examples / "matchstick-opening.toml")
    result = run("matchstick", "check", opening, "play 9 6", "--json")
    assert result.returncode == 0
    verdict = json.loads(result.stdout)
    assert verdict["legal"] is True and verdict["player"] == "Nia" and verdict["action"] == "play 9 9"
    result = run("matchstick", "check", opening, "pass", "--json")
    assert result.returncode == 1 and json.loads(result.stdout)["rule"] == "lead"
    result = run("matchstick", "check", opening, "play 8 4")
    assert result.returncode == 1 and b"Illegal" in result.stdout and b"costs 3 matchsticks" in result.stdout
    result = run("matchstick", "check", opening, "play 8 Q")
    assert result.returncode == 2 and "unknown card" in one_line_error(result)


def test_score_gives_the_ranking_of_a_finished_game(tmp_path):
    players = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    actions = random_game(players, seed=5)
    record = write_record(tmp_path / "full.toml", players, actions)
    result = run("matchstick", "score", str(record), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["over"] is True and summary["to_move"] is None
    assert sorted(summary["ranking"]) == sorted(players)
    assert summary["winner"] == summary["ranking"][0]
    assert summary["state"]["out_order"] == summary["ranking"][:-1]
    assert summary["scores"][summary["ranking"][0]] == 4 and summary["scores"][summary["ranking"][-1]] == 0
    text = run("matchstick", "score", str(record)).stdout.decode()
    assert "Game over: 1. " + summary["ranking"][0] in text
    result = run("matchstick", "score", "-", "--json", stdin=record.read_text())
    assert json.loads(result.stdout)["ranking"] == summary["ranking"]


def test_score_of_a_game_not_over_ranks_as_if_it_ended_now(examples):
    result = run("matchstick", "score", str(examples / "matchstick-opening.toml"), "--json")
    assert result.returncode == 0
    summary = json.loads(result.stdout)
    # still in, ranked by fewest cards (Mo has 14), then fewest matchsticks (Nia 1), then seat (Kai before Lou)
    assert summary["winner"] is None and summary["ranking"] == ["Nia", "Kai", "Lou", "Mo"]


# -- rules, simulate -------------------------------------------------------------------------------------------
def test_rules_topics_and_rulings():
    result = run("matchstick", "rules")
    assert result.returncode == 0 and result.stdout.startswith("Matchstick Tycoon (マッチ売りの大富豪)".encode())
    assert b"Topics:" in result.stdout and b"referee.matchstick" not in result.stdout
    result = run("matchstick", "rules", "revolution")
    assert result.returncode == 0 and b"5 cards" in result.stdout
    result = run("matchstick", "rules", "rulings")
    assert result.returncode == 0 and b"mirrored" in result.stdout
    result = run("matchstick", "rules", "bluffing")
    assert result.returncode == 2 and "unknown rules topic" in one_line_error(result)


def test_rules_topic_completion():
    env = {
        **os.environ,
        "_REFEREE_COMPLETE": "complete_bash",
        "COMP_WORDS": "referee matchstick rules re",
        "COMP_CWORD": "3",
    }
    result = subprocess.run([*referee_command()], capture_output=True, env=env, timeout=30, check=False)
    assert result.stdout.decode().split() == ["revolution"]
    env["COMP_WORDS"] = "referee matchstick shapes 6 --into "
    env["COMP_CWORD"] = "5"
    result = subprocess.run([*referee_command()], capture_output=True, env=env, timeout=30, check=False)
    assert "F" in result.stdout.decode().split()


def test_simulate_checks_invariants():
    result = run("matchstick", "simulate", "--games", "40", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 40 and report["actions"] > 0 and report["violations"] == []
    assert sum(report["wins"].values()) + report["draws"] == 40 and report["draws"] == 0
    assert {"seconds", "length"} <= set(report)
    eight = run(
        "matchstick",
        "simulate",
        "--games",
        "10",
        "--seed",
        "1",
        "--players",
        "A,B,C,D,E,F,G,H",
        "--expansion",
        "4",
        "--json",
    )
    assert eight.returncode == 0 and json.loads(eight.stdout)["violations"] == []
    text = run("matchstick", "simulate", "--games", "5", "--players", "Ann,Bob", "--deal-all")
    assert text.returncode == 0 and b"invariants: all held" in text.stdout
    bad = run("matchstick", "simulate", "--games", "5", "--players", "Solo")
    assert bad.returncode == 2 and "2 to 8 players" in one_line_error(bad)


# -- shapes ----------------------------------------------------------------------------------------------------
def test_shapes_table():
    result = run("matchstick", "shapes")
    assert result.returncode == 0
    lines = result.stdout.decode().splitlines()
    header = next(line for line in lines if line.startswith("card"))
    assert header.split() == ["card", *ALL_VALUES]
    rows = {line.split()[0]: line for line in lines if line.split() and line.split()[0] in {"1", "8", "6/9", "3/E"}}
    assert rows["8"].split() == ["8", "0"]  # an 8 is only ever an 8
    assert "0↻" in rows["6/9"] and "0↻" in rows["3/E"]  # turned over for free
    assert len(rows["1"].split()) == 1 + 16  # a 1 becomes all but 2 and 5 (16 of 18 with G and H)
    assert "↻ = turned over" in result.stdout.decode()


def test_shapes_one_card():
    result = run("matchstick", "shapes", "1")
    assert result.returncode == 0
    text = result.stdout.decode()
    assert "The 1 card" in text and "never 2 5" in text
    f_line = next(line for line in text.splitlines() if line.startswith("F "))
    assert f_line.split()[:3] == ["F", "2", "yes"] and "turn it over" in f_line
    assert next(line for line in text.splitlines() if line.startswith("7 ")).split()[:2] == ["7", "1"]


def test_shapes_into():
    result = run("matchstick", "shapes", "1", "--into", "F")
    assert result.returncode == 0
    text = result.stdout.decode()
    assert "1 → F: turn it over and add top, middle (2 matchsticks)" in text
    assert "═══" in text  # the added sticks drawn
    result = run("matchstick", "shapes", "6", "--into", "8")
    assert result.returncode == 0 and "6 → 8: add upper right (1 matchstick)" in result.stdout.decode()
    result = run("matchstick", "shapes", "9", "--into", "6")
    assert result.returncode == 0 and "turn it over (no matchstick)" in result.stdout.decode()
    result = run("matchstick", "shapes", "8", "--into", "1")
    assert result.returncode == 1 and "can never show 1" in result.stdout.decode()
    result = run("matchstick", "shapes", "--into", "F")
    assert result.returncode == 0 and "1  turn it over and add top, middle" in result.stdout.decode()


@pytest.mark.parametrize("args", [["X"], ["1", "--into", "Z"], ["12"], ["--into", "q"]])
def test_shapes_bad_card_or_value_exit_2(args):
    result = run("matchstick", "shapes", *args)
    assert result.returncode == 2
    assert "unknown" in one_line_error(result)


def test_no_colour_in_a_pipe(examples):
    for args in (["replay", str(examples / "matchstick-opening.toml")], ["shapes"], ["shapes", "1", "--into", "F"]):
        result = run("matchstick", *args)
        assert result.returncode == 0 and b"\x1b[" not in result.stdout


def test_the_score_sheet_of_a_game_without_points_shows_no_scores():
    from referee.cli.games.matchstick.room import SPEC
    from referee.cli.table.terminal import log_lines
    from referee.engine import Game

    game = Game(SPEC.rules, ["Ann", "Bob", "Cid"], SPEC.prepare_setup({}, "test"))
    for text in OPENING.splitlines():
        game.push_text(text.split("#")[0].strip())
    lines = log_lines(SPEC, game)
    assert lines[0] == "1. Ann: play 7 7"
    assert lines[1] == "2. Bob: play 8 0"
    assert all("—" not in line and " 0," not in line for line in lines), lines
