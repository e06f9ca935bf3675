"""End to end: the installed ``referee`` command for Coin Age — pipes, JSON, exit codes, records, resume."""

from __future__ import annotations

import json
import signal
import subprocess
import time
import tomllib
from pathlib import Path

import pytest

from tests.cli.helpers import no_traceback, run
from tests.conftest import referee_command

pytestmark = pytest.mark.e2e

OPENING = """\
slap QN        # Ann
place Q B2
place N B3
slap PD
place P B2
place D B3
slap -
capture B3
move B3 C3
slap Q
place Q A1
move A1 A2
"""


def test_version():
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith(b"referee ")


def test_play_from_a_pipe_writes_the_record(tmp_path):
    record = tmp_path / "game.toml"
    result = run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), stdin=OPENING)
    assert result.returncode == 0, result.stderr
    document = tomllib.loads(record.read_text())
    assert document["game"] == "coin-age" and document["format"] == 1
    assert document["players"] == ["Ann", "Bob"]
    assert len(document["actions"]) == 12 and document["actions"][0] == "slap QN"
    assert document["setup"] == {"map": "original"}
    assert b"Ann to toss" in result.stdout


def test_play_json_lines_then_summary(tmp_path):
    result = run("coin-age", "play", "--players", "Ann,Bob", "--json", stdin=OPENING)
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(lines) == 13
    assert lines[0]["action"] == "slap QN" and lines[0]["player"] == "Ann"
    summary = lines[-1]
    assert summary["to_move"] == "Ann" and summary["over"] is False and summary["actions"] == 12
    assert summary["state"]["board"]["B2"] == ["Qh", "Pt"]
    assert summary["state"]["banks"]["Bob"] == {"Q": 0, "N": 2, "P": 2, "D": 3}
    assert set(summary["breakdown"]["Ann"]) >= {"spaces", "region_bonus", "bank"}


def test_play_illegal_line_stops_with_exit_1_and_keeps_what_came_before(tmp_path):
    record = tmp_path / "game.toml"
    moves = "slap QN\nplace Q B2\nslap PN\nplace P B2\nplace N B2\nplace N B3\n"
    result = run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), stdin=moves)
    assert result.returncode == 1
    assert b"line 5" in result.stderr and b"place N B2" in result.stderr and b"rule: place" in result.stderr
    assert tomllib.loads(record.read_text())["actions"] == ["slap QN", "place Q B2", "slap NP", "place P B2"]


def test_play_unreadable_line_exit_2(tmp_path):
    result = run("coin-age", "play", "--players", "Ann,Bob", stdin="slap QN\nplace X B2\n")
    assert result.returncode == 2 and b"unknown coin" in result.stderr
    no_traceback(result)


def test_play_a_kind_not_in_the_bank_exit_2():
    result = run("coin-age", "play", "--players", "Ann,Bob", stdin="slap Q\nplace Q B2\ndone\nslap -\ndone\nslap Q\n")
    assert result.returncode == 2 and b"no quarter" in result.stderr and b"line 6" in result.stderr


def test_play_binary_junk_on_stdin_exit_2():
    result = run("coin-age", "play", "--players", "Ann,Bob", stdin=b"\xff\xfe\x00junk\n")
    assert result.returncode == 2
    no_traceback(result)
    assert len(result.stderr.decode().strip().splitlines()) == 1


def test_play_undo_removes_the_action_from_the_record(tmp_path):
    record = tmp_path / "game.toml"
    run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), stdin="slap QN\nplace Q B2\nundo\n")
    assert tomllib.loads(record.read_text())["actions"] == ["slap QN"]


def test_play_refuses_to_overwrite_an_existing_record(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("precious")
    result = run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), stdin="slap QN\n")
    assert result.returncode == 2 and b"--resume" in result.stderr
    assert record.read_text() == "precious"


def test_resume_continues_a_game(tmp_path):
    record = tmp_path / "game.toml"
    run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), stdin="slap QN\nplace Q B2\n")
    result = run("coin-age", "play", "--resume", str(record), "--json", stdin="place N B3\nslap P\n")
    assert result.returncode == 0
    assert tomllib.loads(record.read_text())["actions"] == ["slap QN", "place Q B2", "place N B3", "slap P"]


def test_resume_of_an_illegal_record_names_the_action_and_leaves_it(tmp_path, examples):
    record = tmp_path / "bad.toml"
    record.write_bytes((examples / "coin-age-illegal.toml").read_bytes())
    before = record.read_bytes()
    result = run("coin-age", "play", "--resume", str(record), stdin="done\n")
    assert result.returncode == 1 and b"action 6" in result.stderr
    assert record.read_bytes() == before


def test_resume_after_a_kill_loses_nothing(tmp_path):
    record = tmp_path / "game.toml"
    process = subprocess.Popen(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    assert process.stdin is not None
    for line in ["slap QN", "place Q B2", "place N B3"]:
        process.stdin.write((line + "\n").encode())
        process.stdin.flush()
    deadline = time.time() + 20
    while time.time() < deadline:
        if record.exists() and len(tomllib.loads(record.read_text()).get("actions", [])) == 3:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert tomllib.loads(record.read_text())["actions"] == ["slap QN", "place Q B2", "place N B3"]
    result = run("coin-age", "play", "--resume", str(record), "--json", stdin="slap PD\n")
    assert result.returncode == 0
    assert json.loads(result.stdout.decode().splitlines()[-1])["actions"] == 4


def test_replay_examples(examples):
    good = run("coin-age", "replay", str(examples / "coin-age-opening.toml"), "--json")
    assert good.returncode == 0
    summary = json.loads(good.stdout)
    assert summary["to_move"] == "Iris" and summary["over"] is False
    assert summary["state"]["board"]["B3"] == ["Nt"] and summary["state"]["board"]["B2"] == []
    assert summary["state"]["board"]["C3"] == ["Qh"] and summary["state"]["board"]["A2"] == ["Dh"]
    assert summary["state"]["banks"]["Jun"] == {"Q": 1, "N": 1, "P": 3, "D": 4}
    bad = run("coin-age", "replay", str(examples / "coin-age-illegal.toml"), "--json")
    assert bad.returncode == 1
    document = json.loads(bad.stdout)
    assert document["error"]["index"] == 6 and document["error"]["action"] == "place P C1"
    assert document["actions"] == 5


def test_replay_many_records_reports_each_and_the_worst_exit(tmp_path, examples):
    junk = tmp_path / "junk.toml"
    junk.write_text("this is = = not toml")
    result = run(
        "coin-age",
        "replay",
        str(examples / "coin-age-opening.toml"),
        str(examples / "coin-age-illegal.toml"),
        str(junk),
        "--json",
    )
    assert result.returncode == 2
    documents = json.loads(result.stdout)
    assert [("error" in d) for d in documents] == [False, True, True]
    assert documents[2]["file"] == str(junk) and "message" in documents[2]["error"]


def test_score_position_example(examples):
    result = run("coin-age", "score", str(examples / "coin-age-position.toml"), "--json")
    assert result.returncode == 0
    summary = json.loads(result.stdout)
    assert summary["scores"] == {"Iris": 19, "Jun": 10} and summary["winner"] == "Iris"
    assert summary["breakdown"]["Iris"]["region_bonus"] == 5
    human = run("coin-age", "score", str(examples / "coin-age-position.toml"))
    assert b"Iris wins" in human.stdout


def test_check_cites_the_rule_and_the_ruling(tmp_path):
    record = tmp_path / "game.toml"
    run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record),
        stdin="slap QN\nplace Q B2\ndone\nslap P\ndone\nslap -\n")  # fmt: skip
    result = run("coin-age", "check", str(record), "capture B2", "--json")
    assert result.returncode == 0
    verdict = json.loads(result.stdout)
    assert verdict["legal"] is True and verdict["rule"] == "capture" and "own coin" in verdict["ruling"]
    illegal = run("coin-age", "check", str(record), "place Q B3")
    assert illegal.returncode == 1 and b"Rule: place" in illegal.stdout


def test_check_bad_notation_exit_2(examples):
    result = run("coin-age", "check", str(examples / "coin-age-opening.toml"), "place Z B2")
    assert result.returncode == 2
    no_traceback(result)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", b"empty file"),
        (b"game = [", b"malformed TOML"),
        (b'game = "builders"\nformat = 1\nplayers = ["A", "B"]\nactions = []\n', b"record of builders"),
        (b'game = "coin-age"\nformat = 9\nplayers = ["A", "B"]\nactions = []\n', b"newer referee"),
        (b"\x00\x01\x02", b"binary"),
        (b'game = "coin-age"\nformat = 1\nplayers = ["A\\u001b[31m", "B"]\nactions = []\n', b"control characters"),
        (b'game = "coin-age"\nformat = 1\nplayers = ["A", "B"]\nactions = [1]\n', b"list of strings"),
    ],
)
def test_unreadable_records_one_line_exit_2(tmp_path, content, words):
    path = tmp_path / "record.toml"
    path.write_bytes(content)
    result = run("coin-age", "replay", str(path))
    assert result.returncode == 2
    no_traceback(result)
    assert words in result.stderr
    assert len(result.stderr.decode().strip().splitlines()) == 1
    assert b"\x1b" not in result.stderr


def test_missing_file_and_directory_exit_2(tmp_path):
    for target in [tmp_path / "nope.toml", tmp_path]:
        result = run("coin-age", "replay", str(target))
        assert result.returncode == 2
        no_traceback(result)


def test_record_from_stdin():
    record = b'game = "coin-age"\nformat = 1\nplayers = ["A", "B"]\nactions = ["slap QN"]\n'
    result = run("coin-age", "replay", "-", "--json", stdin=record)
    assert result.returncode == 0 and json.loads(result.stdout)["to_move"] == "A"


def test_maps_validate_unknown_edge(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'name = "Broken"\nedges = [["A1", "Z9"]]\n[regions]\nr = { name = "R" }\n[spaces]\n'
        'A1 = { name = "a", region = "r" }\nA2 = { name = "b", region = "r" }\n'
    )
    result = run("coin-age", "maps", "validate", str(bad))
    assert result.returncode == 2 and b"A1-Z9" in result.stderr
    no_traceback(result)


def test_maps_list_show_and_validate_original():
    assert b"original" in run("coin-age", "maps", "list").stdout
    shown = run("coin-age", "maps", "show", "original")
    assert shown.returncode == 0 and b"Hellag Dum" in shown.stdout
    root = Path(__file__).resolve().parents[2]
    assert run("coin-age", "maps", "validate", str(root / "maps" / "original.toml")).returncode == 0


def test_play_with_a_map_file_keeps_the_whole_map_in_the_record(tmp_path):
    root = Path(__file__).resolve().parents[2]
    card = tmp_path / "mycard.toml"
    card.write_text((root / "maps" / "original.toml").read_text().replace('"Original"', '"My card"'))
    record = tmp_path / "game.toml"
    result = run("coin-age", "play", "--players", "Ann,Bob", "--map", str(card), "--record", str(record),
                 stdin="slap QN\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    setup = tomllib.loads(record.read_text())["setup"]
    assert setup["map"]["name"] == "My card" and len(setup["map"]["spaces"]) == 10
    card.unlink()
    assert run("coin-age", "replay", str(record)).returncode == 0


def test_play_with_a_broken_map_file_exit_2(tmp_path):
    card = tmp_path / "card.toml"
    card.write_text('name = "X"\nedges = []\n[regions]\n[spaces]\n')
    result = run("coin-age", "play", "--players", "Ann,Bob", "--map", str(card), stdin="")
    assert result.returncode == 2
    no_traceback(result)


def test_rules_topics():
    assert b"own coin" in run("coin-age", "rules", "capture").stdout
    assert run("coin-age", "rules").returncode == 0
    unknown = run("coin-age", "rules", "nonsense")
    assert unknown.returncode == 2 and b"capture" in unknown.stderr
    assert b"Ruling" in run("coin-age", "rules", "rulings").stdout


def test_simulate_reports_and_checks_invariants():
    result = run("coin-age", "simulate", "--games", "50", "--seed", "1", "--json")
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["games"] == 50 and report["violations"] == []
    assert sum(report["wins"].values()) + report["draws"] == 50
    assert {"actions", "seconds", "length"} <= set(report)
    again = json.loads(run("coin-age", "simulate", "--games", "50", "--seed", "1", "--json").stdout)
    assert again["actions"] == report["actions"]


def test_bad_options_exit_2():
    assert run("coin-age", "play", "--players", "Ann").returncode == 2
    assert run("coin-age", "play", "--players", "Ann,Bob", "--map", "atlantis").returncode == 2
    assert run("coin-age", "simulate").returncode == 2


def test_colour_never_with_no_color_and_never_in_a_pipe(examples):
    result = run("coin-age", "score", str(examples / "coin-age-position.toml"))
    assert b"\x1b[" not in result.stdout


def test_resume_removes_the_temporary_file_of_a_killed_writer(tmp_path):
    record = tmp_path / "game.toml"
    run("coin-age", "play", "--players", "Ann,Bob", "--record", str(record), stdin="slap QN\n")
    stale = tmp_path / ".game.toml.x1y2z3ab.tmp"
    stale.write_text("half a record")
    result = run("coin-age", "play", "--resume", str(record), stdin="place Q B2\n")
    assert result.returncode == 0
    assert not stale.exists()
    assert tomllib.loads(record.read_text())["actions"] == ["slap QN", "place Q B2"]
    assert not (tmp_path / ".game.toml.lock").exists()


def test_replay_of_many_records_escapes_terminal_controls_in_json(tmp_path):
    record = 'game = "coin-age"\nformat = 1\nplayers = ["A", "B"]\nactions = ["slap QN", "place Q \\u009b31m"]\n'
    paths = []
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text(record)
        paths.append(str(tmp_path / name))
    result = run("coin-age", "replay", *paths, "--json", "--jobs", "2")
    assert result.returncode == 2
    assert "\u009b".encode() not in result.stdout and b"\\u009b" in result.stdout
    assert [d["error"]["index"] for d in json.loads(result.stdout)] == [2, 2]


def test_a_toss_that_ends_the_other_players_turn_early_is_credited_to_the_tosser(tmp_path):
    """Ruling (toss): the next slap ends the turn; it is the tosser's action, not the player's who was in turn."""
    actions = b"slap QN\nplace Q B2\nslap -\n"
    result = run("coin-age", "play", "--players", "Ann,Bob", "--json", "--no-history", stdin=actions)
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()[:3]]
    assert [line["player"] for line in lines] == ["Ann", "Ann", "Bob"]
    text = run("coin-age", "play", "--players", "Ann,Bob", "--no-history", stdin=actions).stdout.decode()
    assert "3. Bob: slap -" in text
    record = tmp_path / "r.toml"
    record.write_text('game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = ["slap QN", "place Q B2"]\n')
    checked = json.loads(run("coin-age", "check", str(record), "slap -", "--json").stdout)
    assert checked["player"] == "Bob"


def test_the_score_sheet_gives_a_toss_to_the_tosser():
    from referee.cli.games.coin_age.room import SPEC
    from referee.cli.table.terminal import log_lines
    from referee.engine import Game

    game = Game(SPEC.rules, ["Ann", "Bob"], SPEC.prepare_setup({"map": "original"}, "test"))
    for text in ("slap QN", "place Q B2", "slap -"):
        game.push_text(text)
    lines = log_lines(SPEC, game)
    assert lines[0].startswith("1. Ann: slap QN, place Q B2")
    assert lines[1].startswith("2. Bob: slap -")
