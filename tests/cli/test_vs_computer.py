"""Against the computer: a program drives ``play --vs-computer --json`` line by line; undo at a terminal takes back
the computer's reply with the player's own action; ``--computer-tosses typed`` lets a person slap its coins."""

from __future__ import annotations

import json
import os
import select
import subprocess
import time

import pytest

from tests.cli.terminal import ENTER, actions, finish, spawn, type_line, wait_for_actions
from tests.conftest import referee_command

pytestmark = pytest.mark.e2e

COMPUTER = ["--vs-computer", "--seed", "1", "--computer-time", "0.2"]


class JsonLines:
    """The JSON lines a process writes, read as they come (select on the raw descriptor, no buffered reader that
    could hold lines select no longer sees)."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.fd = process.stdout.fileno()
        self.pending = b""

    def until(self, done, timeout: float = 120) -> list[dict]:
        """Lines until ``done(line)``; fails (no deadlock) when none comes in time (a safety net, long enough for a
        loaded machine: not a promise of speed)."""
        lines: list[dict] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                lines.append(json.loads(raw))
                if done(lines[-1]):
                    return lines
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                self.pending += chunk
        raise AssertionError(f"no end in {timeout} s after {lines}")


def test_a_program_plays_against_the_computer_line_by_line() -> None:
    process = subprocess.Popen(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    reader = JsonLines(process)
    try:
        for line in ("slap QN", "place Q A2"):
            process.stdin.write(line + "\n")
            process.stdin.flush()
            assert reader.until(lambda found: True)[0]["to_move"] == "Ann"
        process.stdin.write("place N B3\n")
        process.stdin.flush()
        # Ann has nothing left: the computer tosses and plays its whole turn without waiting for a line
        turn = reader.until(lambda found: found["player"] == "Bob" and found["to_move"] == "Ann")
        assert turn[0]["action"] == "place N B3" and turn[0]["to_move"] == "Bob"
        bobs = [line for line in turn if line["player"] == "Bob"]
        assert bobs[0]["action"].startswith("slap")
        assert all(line["to_move"] == "Bob" for line in bobs[:-1])  # to_move is exact on every line
        if bobs[-1]["action"] == "done":  # a done only while something was left to it (holding back is a choice)
            from referee.cli.games.coin_age.room import SPEC
            from referee.engine import Game

            game = Game(SPEC.rules, ["Ann", "Bob"], SPEC.prepare_setup({"map": "original"}, "test"))
            for line in [*("slap QN", "place Q A2"), *(found["action"] for found in turn[:-1])]:
                game.push_text(line)
            assert SPEC.rules.has_turn_action(game.state), "a needless done: nothing was left to the computer"
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def test_computer_tosses_typed_by_a_person() -> None:
    lines = "slap QN\nplace Q A2\nplace N B3\nslap PD\n"
    result = subprocess.run(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--computer-tosses", "typed"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "4. Bob: slap PD" in result.stdout and "5. Bob: place " in result.stdout


def test_undo_against_the_computer_takes_back_its_reply_and_your_action(tmp_path) -> None:
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--record", str(record))
    child.expect("Ann>")
    for line in ("slap QN", "place Q A2", "place N B3"):
        type_line(child, line)
    played = wait_for_actions(child, record, 5)  # Ann's three, then the computer's toss and plan
    assert played[:3] == ["slap QN", "place Q A2", "place N B3"]
    child.expect("Enter: go on")  # the computer's whole turn is played, and stays, before Ann is asked
    type_line(child, "undo")
    child.expect("undone: ")
    child.expect("Ann>")
    assert actions(record) == ["slap QN", "place Q A2"]  # the computer did not play its reply again
    type_line(child, "quit")
    assert finish(child) == 0
    assert actions(record) == ["slap QN", "place Q A2"]


def test_undo_after_resuming_against_the_computer_takes_back_its_reply_and_your_action(tmp_path) -> None:
    """The issue's steps: a game against the computer, quit, resume, undo: the record loses the computer's reply and
    Ann's last action, as it would have in one session (before, undo after --resume changed nothing)."""
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--record", str(record))
    child.expect("Ann>")
    for line in ("slap QN", "place Q A2", "place N B3"):
        type_line(child, line)
    played = wait_for_actions(child, record, 5)
    child.expect("Ann>")
    type_line(child, "quit")
    assert finish(child) == 0
    played = actions(record)
    assert played[:3] == ["slap QN", "place Q A2", "place N B3"] and len(played) > 3
    child = spawn("coin-age", "play", "--resume", str(record), *COMPUTER)
    child.expect("Ann>")
    type_line(child, "undo")
    child.expect("undone: ")
    child.expect("Ann>")
    assert actions(record) == ["slap QN", "place Q A2"]
    type_line(child, "quit")
    assert finish(child) == 0
    assert actions(record) == ["slap QN", "place Q A2"]


def test_resuming_without_options_continues_against_the_same_computer(tmp_path) -> None:
    """The record keeps the computer's seat, level and time ([computer]); --resume alone continues the same match,
    and undo there takes back its reply with Ann's own last action."""
    record = tmp_path / "game.toml"
    child = spawn("coin-age", "play", "--players", "Ann,Bob", *COMPUTER, "--level", "3", "--record", str(record))
    child.expect("Ann>")
    for line in ("slap QN", "place Q A2", "place N B3"):
        type_line(child, line)
    wait_for_actions(child, record, 5)
    child.expect("go on>")  # the computer's whole turn shown, the pause asks: quit there (typed ahead, it is lost)
    type_line(child, "quit")
    assert finish(child) == 0
    import tomllib

    table = tomllib.loads(record.read_text())["computer"]
    assert table == {"seats": [2], "level": 3, "time": 0.2, "tosses": "drawn", "seed": 1}
    child = spawn("coin-age", "play", "--resume", str(record))
    child.expect("plays seat 2 again, at level 3")
    child.expect("Ann>")
    type_line(child, "undo")
    child.expect("undone: ")
    child.expect("Ann>")
    assert actions(record) == ["slap QN", "place Q A2"]
    type_line(child, "place N B3")  # the computer answers again, from the record's settings
    wait_for_actions(child, record, 5)
    child.expect("go on>")  # the computer's whole turn shown, the pause asks: quit there (typed ahead, it is lost)
    type_line(child, "quit")
    assert finish(child) == 0


def test_undo_from_a_pipe_against_the_computer_takes_back_its_reply_and_your_action(tmp_path) -> None:
    record = tmp_path / "game.toml"
    run = [*referee_command(), "coin-age", "play"]
    first = subprocess.run(
        [*run, "--players", "Ann,Bob", *COMPUTER, "--record", str(record), "--no-history"],
        input="slap QN\nplace Q A2\nplace N B3\n",
        capture_output=True,
        text=True,
    )
    assert first.returncode == 0, first.stderr
    played = actions(record)
    assert len(played) > 3
    second = subprocess.run(
        [*run, "--resume", str(record), "--json", "--no-history"], input="undo\n", capture_output=True, text=True
    )
    assert second.returncode == 0, second.stderr
    undo = next(json.loads(line) for line in second.stdout.splitlines() if '"undo"' in line)
    assert undo["undo"] == "place N B3" and undo["undone"] == [*reversed(played[3:]), "place N B3"]
    assert undo["to_move"] == "Ann" and actions(record) == ["slap QN", "place Q A2"]


def test_a_record_with_a_computer_table_it_cannot_use_is_refused_in_one_line(tmp_path) -> None:
    record = tmp_path / "game.toml"
    record.write_text(
        'game = "coin-age"\nformat = 1\nplayers = ["Ann", "Bob"]\nactions = []\n\n'
        '[setup]\nmap = "original"\n\n[computer]\nseats = ["two"]\n'
    )
    result = subprocess.run(
        [*referee_command(), "coin-age", "play", "--resume", str(record), "--no-history"],
        input="",
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "[computer]" in result.stderr and "Traceback" not in result.stderr


def test_builders_resumed_from_a_pipe_keeps_its_computer_seat(tmp_path) -> None:
    record = tmp_path / "game.toml"
    run = [*referee_command(), "builders", "play", "--no-history"]
    first = subprocess.run(
        [*run, "--players", "Ann,Bob", "--seed", "7", "--computer", "2", "--level", "1", "--record", str(record)],
        input="coins 1\ncoins 1\ncoins 1\ndone\n",
        capture_output=True,
        text=True,
    )
    assert first.returncode == 0, first.stderr
    import tomllib

    document = tomllib.loads(record.read_text())
    kept = document["computer"]
    assert {key: kept[key] for key in ("seats", "level", "time")} == {"seats": [2], "level": 1, "time": 0.5}
    # the computer's own generator, kept for --resume, never the deal's seed
    assert isinstance(kept["seed"], int) and kept["seed"] != 7
    before = len(document["actions"])
    second = subprocess.run(
        [*run, "--resume", str(record), "--json"],
        input="coins 1\ncoins 1\ncoins 1\ndone\n",
        capture_output=True,
        text=True,
    )
    assert second.returncode == 0, second.stderr
    assert "plays seat 2 again" in second.stderr
    after = tomllib.loads(record.read_text())["actions"]
    assert len(after) > before + 4  # Ann's four actions, and the computer's turn after them
    assert tomllib.loads(record.read_text())["computer"]["seats"] == [2]


def test_builders_undo_and_resume_against_the_computer_at_a_terminal(tmp_path) -> None:
    """The Builders at a real terminal, 80×24: Ann types her turn, the computer (seat 2) plays its own; undo takes
    back its turn with Ann's last action; quit; --resume alone, and the computer plays on from the record."""
    record = tmp_path / "game.toml"
    options = ("--players", "Ann,Bob", "--seed", "7", "--computer", "2", "--level", "4", "--record", str(record))
    child = spawn("builders", "play", *options, "--no-history", rows=24, columns=80)
    child.expect("Ann>")
    for line in ("start B06", "send W02 B06", "recruit W06", "done"):
        type_line(child, line)
    played = wait_for_actions(child, record, 6)
    assert played[:4] == ["start B06", "send W02 B06", "recruit W06", "done"]
    child.expect("Enter: go on")  # the computer's turn stays on screen until Ann has carried it out
    child.send(ENTER)
    child.expect("Turn 2: Ann to move")
    child.expect("Ann>")
    assert actions(record)[-1] == "done"  # the computer ended its own turn
    type_line(child, "undo")
    child.expect("undone: ")
    child.expect("Ann>")
    assert actions(record) == ["start B06", "send W02 B06", "recruit W06"]
    type_line(child, "quit")
    assert finish(child) == 0
    child = spawn("builders", "play", "--resume", str(record), "--no-history", rows=24, columns=80)
    child.expect("plays seat 2 again")
    child.expect("Ann>")
    type_line(child, "done")
    played = wait_for_actions(child, record, 6)
    child.expect("Enter: go on")
    child.send(ENTER)
    child.expect("Turn 2: Ann to move")
    child.expect("Ann>")
    assert actions(record)[:4] == ["start B06", "send W02 B06", "recruit W06", "done"] and len(actions(record)) > 5
    type_line(child, "quit")
    assert finish(child) == 0


def test_the_record_keeps_the_time_given_at_every_level() -> None:
    """Level 4 thinks half the time given; the record keeps the time given, so a resumed match thinks as long as
    before (it once kept the halved time, and each resume halved it again)."""
    from referee.cli.games.coin_age.sparring import computer_from_record
    from referee.coin_age.computer import Computer

    computer = Computer(1, seed=2, time_limit=1.0, level=4)
    assert computer.thinking_time() == 0.5
    assert computer.record_table()["time"] == 1.0
    resumed = computer_from_record(computer.record_table(), 2)
    assert resumed.record_table() == computer.record_table() and resumed.thinking_time() == 0.5


def computer_games() -> dict[str, tuple[str, ...]]:
    """Every registered game with a computer, and the options of ``play`` against it that its sample declares."""
    from importlib import import_module

    from referee import registry

    found = {}
    for name in registry.names():
        spec = import_module(registry.GAMES[name].spec_module).SPEC
        if spec.computer_from_record is not None:
            assert spec.sample is not None and spec.sample.computer_play, f"{name}: no GameSample.computer_play"
            found[name] = spec.sample.computer_play
    return found


WHOLE_GAMES = computer_games()


def replayed(game: str, record) -> object:
    """The game of the record as the referee reads it."""
    import io
    from importlib import import_module

    from referee import registry
    from referee.cli.env import Environment
    from referee.cli.shared_commands import load_record, replay_record

    spec = import_module(registry.GAMES[game].spec_module).SPEC
    played, error = replay_record(spec, load_record(spec, str(record), Environment(stdin=io.StringIO())), str(record))
    assert error is None, error
    return played


def settle(child, record) -> tuple[str, str]:
    """Read the screen until it asks someone and agrees with the record (its last action shown), read twice alike:
    ("Ann", screen) at Ann's line, ("pause", screen) after the computer's turn, ("end", text) once the program has
    ended."""
    import time

    deadline = time.monotonic() + 120
    previous = ""
    while time.monotonic() < deadline:
        alive = child._read(0.05)
        shown = "\n".join(line.rstrip() for line in child.screen.display)
        if not alive:
            return "end", child.text()
        played = actions(record)
        last = f"{len(played)}. " if played else ""
        lines = shown.splitlines()
        agrees = not played or any(line.startswith(last) and played[-1] in line for line in lines)
        if shown == previous and (agrees or "PgUp/PgDn" in shown):
            if any(line.startswith("Enter: go on>") for line in lines):
                return "pause", shown
            if any(line.startswith("Ann>") for line in lines) and any(line.startswith("▶ Ann") for line in lines):
                return "Ann", shown
        previous = shown
    raise AssertionError(f"the screen never settled:\n{child.text()[-2000:]}")


def wait_for_count(child, record, test) -> list[str]:
    import time

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        played = actions(record)
        if test(len(played)):
            return played
        child._read(0.05)
    raise AssertionError(f"the record holds {actions(record)}")


def pick_from_menus(child, record, count: int) -> None:
    """Enter alone opens the menus; then the first entry of each (number 1), until Ann's action is recorded."""
    import re
    import time

    from tests.cli.terminal import ENTER

    child.send(ENTER)
    deadline = time.monotonic() + 120
    while len(actions(record)) == count:
        assert time.monotonic() < deadline, child.text()[-2000:]
        child._read(0.05)
        shown = "\n".join(child.screen.display)
        if re.search(r"^ {1,3}1\. ", shown, re.MULTILINE) and shown == "\n".join(child.screen.display):
            child.send("1" + ENTER)
            child._read(0.2)


@pytest.mark.parametrize("game", sorted(WHOLE_GAMES))
def test_a_whole_game_against_the_computer_typed_and_by_menus_with_undo_and_a_resume(game: str, tmp_path) -> None:
    """A whole game against the computer at a real 80×24 terminal: Ann's turns alternately typed and picked from
    the menus (the first entry of each), an undo (the computer's reply goes with Ann's action), a quit and a resume
    in the middle, to the end; the record then replays to a finished game of legal actions only. Each action is
    followed to the record and to the screen (its announcement ``N. Ann: …`` shown) before the next."""
    import random

    from tests.cli.terminal import ENTER, pexpect

    record = tmp_path / "game.toml"
    rng = random.Random(5)
    print(f"seed 5, {game}")
    child = spawn(game, "play", *WHOLE_GAMES[game], "--record", str(record), "--no-history", rows=24, columns=80)
    prompts, undone, resumed = 0, False, False
    try:
        while True:
            state, shown = settle(child, record)
            if state == "end":
                break
            if state == "pause":  # the computer's turn, on screen until it is carried out
                child.send(ENTER)
                if "Game over" in shown:
                    child.expect([pexpect.EOF], timeout=60)
                    break
                while any(line.startswith("Enter: go on>") for line in child.screen.display):
                    child._read(0.05)
                continue
            prompts += 1
            assert prompts < 600, "the game did not end"
            count = len(actions(record))
            if prompts == 6:
                type_line(child, "undo")
                child.expect("undone: ")
                assert len(wait_for_count(child, record, lambda n, count=count: n < count)) < count
                undone = True
            elif prompts == 10:
                type_line(child, "quit")
                assert finish(child) == 0
                child = spawn(game, "play", "--resume", str(record), "--no-history", rows=24, columns=80)
                child.expect("plays seat 2 again")
                resumed = True
            elif prompts % 2:
                position = replayed(game, record)
                choice = position.rules.self_play_action(position.state, rng)
                type_line(child, position.rules.format(choice, position.state))
                wait_for_count(child, record, lambda n, count=count: n > count)
            else:
                pick_from_menus(child, record, count)
        child.close()
        assert child.exitstatus == 0
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert undone and resumed
    finished = replayed(game, record)
    assert finished.over, actions(record)[-5:]


def computer_tosses_after_undos(*options: str, undos: int = 10) -> list[str]:
    """Ann's turn, the computer's reply; then ``undos`` times: undo (its reply and Ann's last placement), and Ann's
    placement again. The computer's toss each time, in order."""
    lines = ["slap QN", "place Q A2", "place N B3"]
    for _time in range(undos):
        lines += ["undo", "place N B3"]
    result = subprocess.run(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", *options, "--computer-time", "0.05", "--json"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    documents = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return [
        found["action"]
        for found in documents
        if found.get("player") == "Bob" and str(found.get("action", "")).startswith("slap")
    ]


def test_fair_tosses_undo_ten_times_and_the_computer_tosses_the_same() -> None:
    """Issue 35, item 3: the computer's toss is fixed by the game (its seed and the toss's number), so a player
    cannot undo until it falls badly. Before, three undos gave QPD, NP, QNPD."""
    tosses = computer_tosses_after_undos("--computer", "2", "--seed", "11")
    assert len(tosses) == 11, tosses
    assert len(set(tosses)) == 1, tosses


def test_fair_tosses_without_a_seed_are_fixed_for_the_match_too() -> None:
    """No --seed: the match draws one (kept in its record), and undo still sees one toss."""
    tosses = computer_tosses_after_undos("--vs-computer", undos=4)
    assert len(tosses) == 5 and len(set(tosses)) == 1, tosses


def test_fair_tosses_differ_from_seed_to_seed() -> None:
    """The toss comes from the seed: over a few seeds, the computer's first toss is not always the same (a toss
    that never changed would be no toss at all)."""
    from referee.coin_age.computer_tosses import computer_toss

    bank = {4: 1, 3: 2, 2: 3, 1: 4}
    assert len({computer_toss(seed, 2, bank) for seed in range(40)}) > 4


def test_fair_tosses_after_resume_are_the_same(tmp_path) -> None:
    """A match quit after Ann's turn and resumed with --vs-computer named again (no --seed): the record's seed goes
    on, so the computer's toss after an undo is the one it tossed before."""
    record = tmp_path / "game.toml"
    first = subprocess.run(
        [
            *referee_command(),
            "coin-age",
            "play",
            "--players",
            "Ann,Bob",
            "--computer",
            "2",
            "--record",
            str(record),
            "--computer-time",
            "0.05",
            "--json",
            "--no-history",
        ],
        input="slap QN\nplace Q A2\nplace N B3\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert first.returncode == 0, first.stderr
    lines = [json.loads(line) for line in first.stdout.splitlines() if line.startswith("{")]
    before = [found["action"] for found in lines if "action" in found]
    tossed = next(action for action in before[3:] if action.startswith("slap"))
    again = subprocess.run(
        [
            *referee_command(),
            "coin-age",
            "play",
            "--resume",
            str(record),
            "--vs-computer",
            "--computer-time",
            "0.05",
            "--json",
            "--no-history",
        ],
        input="undo\nplace N B3\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 0, again.stderr
    after = [json.loads(line) for line in again.stdout.splitlines() if line.startswith("{")]
    retossed = [found["action"] for found in after if str(found.get("action", "")).startswith("slap")]
    assert retossed == [tossed]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--computer", "1,2"), "one seat"),
        (("--computer", "3"), "one seat"),
        (("--computer", "1", "--computer-seat", "2"), "disagree"),
        (("--computer-seat", "1"), "--vs-computer"),
    ],
)
def test_computer_option_checked(options: tuple[str, ...], message: str) -> None:
    result = subprocess.run(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", *options],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and message in result.stderr, (result.returncode, result.stderr)


def test_computer_option_plays_heads() -> None:
    """``--computer 1``: the computer is heads and tosses first, before any line is read."""
    result = subprocess.run(
        [
            *referee_command(),
            "coin-age",
            "play",
            "--players",
            "Cpu,Ann",
            "--computer",
            "1",
            "--seed",
            "4",
            "--computer-time",
            "0.05",
            "--json",
            "--no-history",
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    first = json.loads(result.stdout.splitlines()[0])
    assert first["player"] == "Cpu" and first["action"].startswith("slap")
