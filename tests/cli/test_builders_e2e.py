"""End to end: the installed ``referee`` command for The Builders — pipes, JSON, exit codes, records, resume."""

from __future__ import annotations

import json
import subprocess
import tomllib

import pytest

from tests.cli.helpers import run

pytestmark = pytest.mark.e2e

TABLE = [
    "--apprentices",
    "W01,W02",
    "--buildings",
    "B01,B05,M01,B12,La maison bourgeoise",
    "--workers",
    "W07,W19,W35,W12,W24",
]
OPENING = """\
start B01        # Ann
reveal B02
recruit W12
reveal W20
send W12 B01     # finishes La tonnelle
done
start M01        # Bob
reveal B03
send W02 M01
coins 1
buy
recruit W07
reveal W21
done
"""


def one_line_error(result: subprocess.CompletedProcess) -> str:
    assert b"Traceback" not in result.stderr and b"Traceback" not in result.stdout
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_play_told_table_from_a_pipe_writes_the_record(tmp_path):
    record = tmp_path / "game.toml"
    result = run("builders", "play", "--players", "Ann,Bob", *TABLE, "--record", str(record), stdin=OPENING)
    assert result.returncode == 0, result.stderr
    document = tomllib.loads(record.read_text())
    assert document["game"] == "builders" and document["players"] == ["Ann", "Bob"]
    assert document["setup"] == {
        "apprentices": ["W01", "W02"],
        "buildings": ["B01", "B05", "M01", "B12", "B22"],  # the French name is recorded as its id
        "workers": ["W07", "W19", "W35", "W12", "W24"],
    }
    assert len(document["actions"]) == 14 and document["actions"][4] == "send W12 B01"
    out = result.stdout.decode()
    assert "finishes B01 La tonnelle" in out and "Ann to move" in out and "Bank: 81 écus" in out


def test_play_with_seed_deals_itself_and_records_the_seed(tmp_path):
    record = tmp_path / "game.toml"
    result = run(
        "builders", "play", "--players", "Ann,Bob,Cid", "--seed", "3", "--record", str(record), stdin="coins 6\n"
    )
    assert result.returncode == 0, result.stderr
    document = tomllib.loads(record.read_text())
    assert document["setup"] == {"seed": 3} and document["actions"] == ["coins 6"]
    assert "reveal" not in record.read_text()


def test_play_json_lines_then_summary():
    result = run("builders", "play", "--players", "Ann,Bob", *TABLE, "--json", stdin=OPENING)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(lines) == 15
    assert lines[0]["action"] == "start B01" and lines[0]["player"] == "Ann"
    assert lines[4]["events"][0]["kind"] == "complete"
    summary = lines[-1]
    assert summary["to_move"] == "Ann" and summary["over"] is False and summary["actions"] == 14
    state = summary["state"]
    assert state["bank"] == 81
    assert state["players"]["Ann"] == {"coins": 15, "vp": 0, "built": ["B01"], "sites": {}, "idle": ["W01", "W12"]}
    assert state["players"]["Bob"]["sites"] == {"M01": ["W02"]} and state["players"]["Bob"]["idle"] == ["W07"]
    assert state["row"] == {
        "buildings": ["B02", "B03", "B05", "B12", "B22"],
        "workers": ["W19", "W20", "W21", "W24", "W35"],
    }
    assert summary["scores"] == {"Ann": 1, "Bob": 0}


def test_play_illegal_action_exit_1_names_line_and_rule_and_keeps_the_record(tmp_path):
    record = tmp_path / "game.toml"
    moves = "start B01\nreveal B02\n\n# a comment\nstart B01\n"
    result = run("builders", "play", "--players", "Ann,Bob", *TABLE, "--record", str(record), stdin=moves)
    assert result.returncode == 1
    error = result.stderr.decode()
    assert "line 5" in error and "start B01" in error and "rule: start" in error and "not face up" in error
    assert tomllib.loads(record.read_text())["actions"] == ["start B01", "reveal B02"]


def test_play_reveal_of_a_seen_card_is_illegal():
    result = run("builders", "play", "--players", "Ann,Bob", *TABLE, stdin="start B01\nreveal B05\n")
    assert result.returncode == 1 and b"rule: reveal" in result.stderr


def test_play_json_illegal_action_document():
    result = run(
        "builders", "play", "--players", "Ann,Bob", "--seed", "3", "--json", stdin="coins 6\nbuy\nbuy\nbuy\nbuy\n"
    )
    assert result.returncode == 1  # 16 écus pay for three more actions, not four
    last = json.loads(result.stdout.decode().splitlines()[-1])
    assert last["error"]["index"] == 5 and last["error"]["action"] == "buy" and last["error"]["rule"] == "buy"


@pytest.mark.parametrize(
    ("args", "stdin", "needle"),
    [
        (["--players", "Ann,Bob", "--seed", "1"], "start B99\n", "unknown card"),
        (["--players", "Ann,Bob", "--seed", "1"], "send W01\n", "send is written"),
        (["--players", "Ann", "--seed", "1"], "", "2 to 4 players"),
        (["--players", "A,B,C,D,E", "--seed", "1"], "", "2 to 4 players"),
        (["--players", "Ann,Bob"], "", "--apprentices"),
        (["--players", "Ann,Bob", "--apprentices", "W01,W02", "--buildings", "B01,B02", "--workers", "W07"], "", "5"),
        (["--players", "Ann,Bob", *TABLE[:3], "B01,B05,M01,B12,B99", *TABLE[4:]], "", "B99"),
        (["--players", "Ann,Bob", "--seed", "2", "--apprentices", "W01,W02"], "", "--seed"),
    ],
)
def test_bad_input_exit_2_in_one_line(args, stdin, needle):
    result = run("builders", "play", *args, stdin=stdin)
    assert result.returncode == 2
    assert needle in one_line_error(result)


def test_undo_and_resume(tmp_path):
    record = tmp_path / "game.toml"
    run("builders", "play", "--players", "Ann,Bob", *TABLE, "--record", str(record), stdin="start B01\nreveal B02\n")
    result = run(
        "builders", "play", "--resume", str(record), "--json", stdin="coins 1\nundo\nrecruit W12\nreveal W20\n"
    )
    assert result.returncode == 0, result.stderr
    assert tomllib.loads(record.read_text())["actions"] == ["start B01", "reveal B02", "recruit W12", "reveal W20"]


def test_replay_of_the_example_opening(examples):
    result = run("builders", "replay", str(examples / "builders-opening.toml"), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["to_move"] == "Lea" and summary["actions"] == 14 and summary["state"]["bank"] == 83
    text = run("builders", "replay", str(examples / "builders-opening.toml"))
    assert b"ok, 14 actions, Lea to move" in text.stdout and b"site M04 Un four" in text.stdout


def test_score_of_the_example_final_tally(examples):
    result = run("builders", "score", str(examples / "builders-final.toml"), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["winner"] == "Lea" and summary["over"] is True and summary["to_move"] is None
    assert summary["actions"] == 0 and summary["scores"] == {"Lea": 17, "Max": 17, "Noor": 13}
    assert summary["ranking"] == ["Lea", "Max", "Noor"]
    assert summary["state"]["players"]["Lea"]["built"] == ["B30", "B25", "B16", "M06", "B02"]
    text = " ".join(run("builders", "score", str(examples / "builders-final.toml")).stdout.decode().split())
    assert "Lea wins" in text and "more écus" in text  # (read as words: the tie-break line is broken at 80)


def test_score_of_a_tally_tied_on_points_names_the_building_vp_tie_break(tmp_path):
    tally = tmp_path / "final.toml"
    tally.write_text(
        'game = "builders"\nplayers = ["Ann", "Bob"]\n[final]\n'
        'Ann = { built = ["B29", "B23", "M06"], coins = 45 }\nBob = { built = ["B26", "B24", "B08"], coins = 51 }\n'
    )
    result = run("builders", "score", str(tally), "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["scores"] == {"Ann": 15, "Bob": 15}
    text = " ".join(run("builders", "score", str(tally)).stdout.decode().split())
    assert "Ann wins" in text and "more VP from buildings" in text  # (read as words: broken at the width)


def test_score_of_a_bad_tally_exit_2(tmp_path):
    tally = tmp_path / "final.toml"
    tally.write_text('game = "builders"\nplayers = ["Ann", "Bob"]\n[final]\nAnn = { built = ["B99"], coins = 1 }\n')
    result = run("builders", "score", str(tally))
    assert result.returncode == 2 and "B99" in one_line_error(result)


def test_check_legal_and_illegal(examples):
    opening = str(examples / "builders-opening.toml")
    legal = run("builders", "check", opening, "coins 6", "--json")
    assert legal.returncode == 0 and json.loads(legal.stdout)["legal"] is True
    illegal = run("builders", "check", opening, "send W13 B15")
    assert illegal.returncode == 1 and b"Rule: send" in illegal.stdout


def test_rules_by_topic():
    assert b"k-th worker" in run("builders", "rules", "send").stdout
    assert run("builders", "rules", "nope").returncode == 2


def test_simulate_counts_stalled_games_and_checks_invariants():
    result = run("builders", "simulate", "--games", "30", "--seed", "4", "--players", "Ann,Bob,Cid", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 30 and report["violations"] == []
    assert sum(report["wins"].values()) + report["draws"] + report["stalled"] == 30
    again = json.loads(
        run("builders", "simulate", "--games", "30", "--seed", "4", "--players", "Ann,Bob,Cid", "--json").stdout
    )
    assert again["actions"] == report["actions"]


def test_cards_table_and_kind():
    everything = run("builders", "cards").stdout.decode()
    assert "B34" in everything and "La cathédrale" in everything and "W42" in everything
    assert "The Cathedral" not in everything  # unverified English names are not shown
    machines = run("builders", "cards", "--kind", "machine").stdout.decode()
    assert "M08" in machines and "B01" not in machines and "W01" not in machines
    workers = json.loads(run("builders", "cards", "--kind", "worker", "--json").stdout)
    assert len(workers) == 42
    bad = run("builders", "cards", "--kind", "castle")
    assert bad.returncode == 2 and "--kind" in one_line_error(bad)
