"""At a real 80×24 terminal (tmux) and through the installed command, what a newcomer still tripped over in a third
round of whole games: the game-over line broken between words, TAB inserting what all entries share and listing
spaces in board order, the computer's Builders turn kept on screen with its cards named as printed, ``done`` typed
by the player who must toss refused, the menus in Korean, Chinese coin and place names, Matchstick's sheets
without points, the tie-break as a sentence, one ruling in the ruling picture, COLUMNS honoured when piped."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import run
from tests.cli.test_table_round_two import Terminal, actions, record_of
from tests.conftest import referee_command

ROOT = Path(__file__).resolve().parents[2]
needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal screen")
pytestmark = [pytest.mark.e2e]


def flat(screen: str) -> str:
    """The screen's text with its line breaks and indents as single blanks (a wrapped sentence reads whole)."""
    return " ".join(screen.split())


def wait_until(check: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError("timed out")


# -- the game-over line -----------------------------------------------------------------------------------------
@needs_tmux
def test_the_game_over_line_breaks_between_words_at_80_columns(tmp_path: Path) -> None:
    finished = tomllib.loads((ROOT / "examples" / "coin-age-finished.toml").read_text())["actions"]
    names = ["Iris Wanderlight", "Jun Stonemarrow"]
    record = record_of(tmp_path / "g.toml", "coin-age", names, finished[:-1], 'setup = { map = "original" }\n')
    terminal = Terminal("over", ["coin-age", "play", "--resume", str(record), "--no-history"], cwd=tmp_path)
    try:
        terminal.wait("Iris Wanderlight>")
        terminal.line(finished[-1])
        terminal.wait("Game over")
        terminal.keys("Enter")  # the final table seen: the screen closes and prints it
        shown = terminal.wait("EXIT=")
        lines = shown.splitlines()
        assert all(len(line) < 80 for line in lines), shown  # no line fills the width: the terminal cut none
        words = set(" ".join(lines).split())
        for word in ["Iris", "Wanderlight", "31,", "Jun", "Stonemarrow", "23:", "wins"]:
            assert word in words, (word, shown)  # every word whole on one line
        assert "Iris Wanderlight 31, Jun Stonemarrow 23: Iris Wanderlight wins" in flat(shown)
    finally:
        terminal.close()


# -- TAB at the table -------------------------------------------------------------------------------------------
@needs_tmux
def test_tab_inserts_what_all_entries_share_and_lists_spaces_in_board_order(tmp_path: Path) -> None:
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], ["slap QN"], 'setup = { map = "original" }\n')
    terminal = Terminal("tab", ["coin-age", "play", "--resume", str(record), "--no-history"], cwd=tmp_path)
    try:
        terminal.wait("Ann>")
        terminal.keys("pl", "Tab")
        shown = terminal.wait("Ann> place")
        terminal.keys("q c")
        time.sleep(0.5)
        shown = terminal.screen()
        listed = re.findall(r"place Q (C\d)", shown)
        assert listed == ["C1", "C2", "C3"], shown
        terminal.keys("Tab")  # nothing more is shared: TAB moves into the list, its first entry
        shown = terminal.wait("Ann> place Q C1")
        assert actions(record) == ["slap QN"]  # nothing recorded until Enter
    finally:
        terminal.close()


def test_board_order_and_the_shared_start_without_a_terminal() -> None:
    from referee.cli.table.typed_prompt import Entry, board_order, common_start, tab_insertion

    entries = [Entry(text) for text in ("place Q C1", "place Q C3", "place Q C2", "place N A1", "move B4 B3", "done")]
    assert [entry.text for entry in board_order(entries)] == [
        "place Q C1",
        "place Q C2",
        "place Q C3",
        "place N A1",
        "move B4 B3",
        "done",
    ]
    workers = [Entry(f"recruit W{number}") for number in ("12", "07", "3")]
    assert [entry.text for entry in board_order(workers)] == ["recruit W3", "recruit W07", "recruit W12"]
    assert common_start(["place Q A1", "place N B2"]) == "place "
    assert tab_insertion("pl", ["place Q A1", "place N B2"]) == "place "
    assert tab_insertion("place q c", ["place Q C1", "place Q C2"]) is None  # nothing to add: the list next


# -- the computer's Builders turn -------------------------------------------------------------------------------
def computer_turn(record: Path, first: int) -> list[tuple[int, str, str, str]]:
    """The computer's actions from ``first`` (its index in the record): number, notation, what the referee says of
    it (the room's announcement), and its log words."""
    from referee.builders.describe import announce, named
    from referee.builders.rules import RULES
    from referee.engine import Game

    document = tomllib.loads(record.read_text())
    game: Game[Any, Any] = Game(RULES, document["players"], document["setup"])
    turn = []
    for index, text in enumerate(document["actions"]):
        action = game.parse(text)
        if index >= first:
            turn.append((index + 1, text, announce(action, game.state), named(text)))
        game.push(action)
    return turn


@needs_tmux
def test_the_computers_builders_turn_stays_on_screen_with_its_cards_named(tmp_path: Path) -> None:
    """Ann ends her turn; the computer plays its whole turn, each action with the cards as printed (kind, name,
    id; a worker with what it makes) and the écus it pays; it all stays on the 80×24 screen until Enter; ``log``
    names the cards too; Enter draws the table again and asks Ann."""
    record = tmp_path / "g.toml"
    options = ["--players", "Ann,Cpu", "--computer", "2", "--seed", "7", "--computer-time", "0.2"]
    terminal = Terminal("cpu", ["builders", "play", *options, "--record", str(record), "--no-history"], cwd=tmp_path)
    try:
        terminal.wait("Ann>")
        terminal.line("coins 6")
        terminal.wait("0 actions left")
        terminal.line("done")
        shown = terminal.wait("Enter: go on>")
        time.sleep(1)  # nothing moves while it waits
        assert terminal.screen() == shown
        turn = computer_turn(record, 2)
        assert turn and turn[-1][1] == "done", turn
        text = flat(shown)
        for number, notation, words, _named in turn:
            assert f"{number}. Cpu: {notation}" in text, (notation, shown)
            assert flat(words) in text, (words, shown)
        assert any(notation.startswith(("start", "recruit", "send")) for _n, notation, _w, _l in turn)
        assert "(Apprentice" not in shown and "é " not in shown  # not the table: the turn itself
        terminal.line("log")  # the log, naming the cards, and the pause again
        shown = terminal.wait("— Ann 1, Cpu")
        for _number, notation, _words, named in turn:
            if notation != "done":
                assert flat(named) in flat(shown), (named, shown)
        assert shown.rstrip().splitlines()[-2].startswith("Enter: go on>"), shown
        terminal.keys("Enter")  # carried out: the table again, and Ann's prompt
        shown = terminal.wait("Ann>")
        assert "Turn 2: Ann to move" in shown, shown
        assert actions(record)[-1] == "done"
    finally:
        terminal.close()


def test_the_computers_announcements_name_the_cards_as_printed() -> None:
    from referee.builders.actions import Recruit, Send, Start
    from referee.builders.describe import announce, named, paid
    from referee.builders.rules import RULES
    from referee.engine import Game

    game: Game[Any, Any] = Game(RULES, ["Ann", "Cpu"], {"seed": 7})
    state = game.state
    assert announce(Start("B23"), state) == "takes the building B23 Le relais postal as an open site: 1 action"
    assert announce(Start("M08"), state).startswith("takes the machine M08 Un four à tuiles")
    assert announce(Recruit("W20"), state) == (
        "takes the worker W20 Compagnon (3 stone, 1 wood) into the team: 1 action, free"
    )
    for text in ("start B23", "recruit W20", "send W20 B23"):
        game.push_text(text)
    game.pop()
    send = Send("W20", "B23")
    assert announce(send, game.state) == (
        "sends the worker W20 Compagnon (3 stone, 1 wood) to its site B23 Le relais postal: 1 action, pays 4 écus "
        "to the bank"
    )
    assert paid(send, game.state) == {"actions": 1, "ecus": 4}
    assert named("send W20 B23") == "send W20 Compagnon → B23 Le relais postal"


@pytest.mark.parametrize("computer", [True, False])
def test_json_lines_mark_the_computers_actions_and_what_each_paid(computer: bool) -> None:
    seats = ["--computer", "2", "--computer-time", "0.05", "--level", "1"] if computer else []
    done = run(
        "builders", "play", "--players", "Ann,Cpu", "--seed", "7", *seats, "--json", "--no-history",
        stdin="coins 6\ndone\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.decode().splitlines() if '"action"' in line]
    if not computer:
        assert all("computer" not in line and "paid" not in line for line in lines)
        return
    assert [line["computer"] for line in lines[:2]] == [False, False]
    assert lines[0]["paid"] == {"actions": 3, "ecus": 0}
    theirs = [line for line in lines if line["player"] == "Cpu"]
    assert theirs and all(line["computer"] and set(line["paid"]) == {"actions", "ecus"} for line in theirs)


def test_a_player_without_an_idle_worker_gets_no_idle_heading() -> None:
    from referee.builders.rules import RULES
    from referee.cli.games.builders.room import compact_player
    from referee.engine import Game

    game: Game[Any, Any] = Game(RULES, ["Ann", "Cpu"], {"seed": 7})
    for text in ("start B06", "send W02 B06"):  # Ann's one worker goes to her site: nothing idle
        game.push_text(text)
    seat = game.state.seats[0]
    assert not seat.idle and seat.sites
    lines = [line.plain for line in compact_player(game.state, 0, "Ann", seat, 1)]
    assert not any("idle" in line for line in lines), lines
    assert any(line.startswith("    sites: site B06 needs") for line in lines), lines


# -- done typed by the player who must toss ---------------------------------------------------------------------
@needs_tmux
def test_done_typed_by_the_player_who_must_toss_is_refused(tmp_path: Path) -> None:
    opening = ["slap QN", "place Q B2", "place N B3"]  # Ann has nothing left: Bob must toss
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], opening, 'setup = { map = "original" }\n')
    terminal = Terminal("done", ["coin-age", "play", "--resume", str(record), "--no-history"], cwd=tmp_path)
    try:
        terminal.wait("Bob>")
        terminal.line("done")
        shown = terminal.wait("must toss")
        assert "Bob must toss now: 'done' would end Ann's turn" in flat(shown), shown
        assert actions(record) == opening  # nothing recorded
        terminal.line("slap -")
        wait_until(lambda: actions(record) == [*opening, "slap -"])
    finally:
        terminal.close()


def test_the_rules_name_the_player_in_turn_as_the_one_who_ends_it() -> None:
    from referee.cli.games.coin_age.room import SPEC
    from referee.coin_age.actions import DONE
    from referee.coin_age.rules import RULES
    from referee.engine import Game

    game: Game[Any, Any] = Game(RULES, ["Ann", "Bob"], SPEC.prepare_setup({"map": "original"}, "test"))
    for text in ("slap QN", "place Q B2", "place N B3"):
        game.push_text(text)
    assert game.to_move == "Bob" and game.actor(DONE) == "Ann"


# -- languages --------------------------------------------------------------------------------------------------
@needs_tmux
def test_the_korean_builders_menu_is_korean_and_back_works_in_english_too(tmp_path: Path) -> None:
    args = ["--lang", "ko", "builders", "play", "--players", "Ann,Bob", "--seed", "7", "--no-history"]
    terminal = Terminal("ko", args, cwd=tmp_path)
    try:
        terminal.wait("Ann>")
        terminal.keys("Enter")
        shown = terminal.wait(" 6. ")
        entries = [line.strip() for line in shown.splitlines() if re.match(r"\s+[1-9]\. ", line)]
        assert entries and not any(re.search(r"\b(buy|done)\b", entry) for entry in entries), entries
        terminal.line("1")  # the starts (numbered from 1: there is no send yet)
        terminal.wait("start B")
        terminal.line("back")  # in English, in a Korean menu
        shown = terminal.wait(" 6. ")
        assert "에 맞는 항목이 없습니다" not in shown, shown
    finally:
        terminal.close()


@needs_tmux
def test_chinese_names_the_coins_by_size_and_translates_the_map(tmp_path: Path) -> None:
    args = ["--lang", "zh-Hans", "coin-age", "play", "--players", "Ann,Bob", "--no-history"]
    terminal = Terminal("zh", args, cwd=tmp_path)
    try:
        shown = terminal.wait("Ann>")
        assert "元" not in shown, shown
        assert "最大币" in shown and "小币" in shown, shown
        assert "原版 (Original)" in shown and "山峰" in shown and "peaks" not in shown, shown
    finally:
        terminal.close()


# -- sheets and sentences ---------------------------------------------------------------------------------------
def test_matchstick_sheets_show_no_points(tmp_path: Path) -> None:
    finished = ROOT / "examples" / "matchstick-finished.toml"
    scored = run("matchstick", "score", str(finished)).stdout.decode()
    assert "score" not in scored.splitlines()[1], scored  # the headers: place, player, cards, matchsticks
    opening = run("matchstick", "score", str(ROOT / "examples" / "matchstick-opening.toml")).stdout.decode()
    assert "ended now" not in opening and "score" not in opening.splitlines()[1], opening
    assert "—" in opening, opening  # the players still in have no place yet
    history = tmp_path / "h.sqlite"
    added = run("history", "add", str(finished), "--history", str(history))
    assert added.returncode == 0, added.stderr
    shown = run("history", "show", "1", "--history", str(history)).stdout.decode()
    assert "[expansion 0]" not in shown and "Score after each turn" not in shown, shown
    assert "Turn by turn:" in shown and re.search(r"^\s+1\. \S+: ", shown, re.MULTILINE), shown


def test_the_tie_break_of_score_is_a_sentence(tmp_path: Path) -> None:
    position = tmp_path / "p.toml"
    position.write_text(
        'game = "coin-age"\nplayers = ["Jun", "Iris"]\n[setup]\nmap = "original"\n[board]\n'
        'A1 = "Qh"\nC2 = "Qt"\n[banks]\nJun = "DDDDPPPNN"\nIris = "DDDDPPPNN"\n'
    )
    scored = run("coin-age", "score", str(position))
    assert scored.returncode == 0, scored.stderr
    text = scored.stdout.decode()
    line = next(line for line in text.splitlines() if "tied" in line.lower())
    assert "  " not in line and ". tied" not in line and "Tied on" in line, line


def test_the_ruling_picture_gives_its_ruling_once(tmp_path: Path) -> None:
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], ["slap QN"], 'setup = { map = "original" }\n')
    picture = tmp_path / "ruling.svg"
    run("coin-age", "check", str(record), "pay N", "--draw", str(picture))
    svg = picture.read_text()
    assert svg.count("Ruling:") == 1, re.findall(r"Ruling:[^<]*", svg)


def test_piped_output_honours_columns() -> None:
    command = referee_command()
    done = subprocess.run(
        [*command, "coin-age", "rules", "capture"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1"},
        check=False,
    )
    widths = [len(line) for line in done.stdout.splitlines()]
    assert widths and max(widths) <= 80, max(widths)
    unset = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    told = subprocess.run(
        [*command, "coin-age", "rules"], capture_output=True, text=True, env={**unset, "COLUMNS": "120"}
    )
    assert max(len(line) for line in told.stdout.splitlines()) > 80  # wider when told
    plain = subprocess.run([*command, "coin-age", "rules"], capture_output=True, text=True, env=unset)
    assert 60 < max(len(line) for line in plain.stdout.splitlines()) <= 80  # without COLUMNS, 80 (issue 45)


def test_plurals_of_one() -> None:
    from referee.builders.describe import ecus_words
    from referee.cli.output import sentences

    assert ecus_words(1) == "1 écu" and ecus_words(4) == "4 écus"
    assert sentences("Not over (position as typed).", "", "tied on 9 points and on bank value 4: a draw") == (
        "Not over (position as typed). Tied on 9 points and on bank value 4: a draw."
    )
