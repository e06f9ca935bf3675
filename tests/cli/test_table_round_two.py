"""At a real terminal (tmux), what a newcomer tripped over in whole games: keys that keep their meaning within a
turn, session words understood in every menu and language, refusals and descriptions whole, rules set to the
terminal, Matchstick's table in view at 80×24, Coin Age's regions and The Builders' idle workers on screen, a typed
play announced as a menu play is."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
import tomllib
from pathlib import Path

import pytest

from tests.cli.terminal import start_tmux
from tests.cli.test_screen_fit import screen, wait_for
from tests.conftest import referee_command

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal screen"),
]

COIN_AGE_OPENING = ["slap QN", "place Q B2", "place N B3", "slap QN", "place Q A1", "place N C1", "slap -"]
"""Ann's turn after it: nothing matched, so she may capture and move (and end the turn)."""


class Terminal:
    """``referee ARGS`` in a tmux session of a given size; keys sent, the screen read."""

    def __init__(self, name: str, args: list[str], columns: int = 80, rows: int = 24, cwd: Path | None = None) -> None:
        """Runs in ``cwd`` (a new temporary folder if none): a game started without --record is written there,
        never into the checkout."""
        self.session = f"referee-{name}-{time.monotonic_ns()}"
        command = " ".join(shlex.quote(word) for word in [*referee_command(), *args])
        start_tmux(self.session, columns, rows, f"{command}; echo EXIT=$?; sleep 60", None if cwd is None else str(cwd))
        self.columns = columns

    def width(self) -> int:
        """The width of the session's window, as tmux made it."""
        shown = subprocess.run(
            ["tmux", "display-message", "-p", "-t", self.session, "#{window_width}"],
            capture_output=True,
            text=True,
            check=True,
        )
        return int(shown.stdout.strip())

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.session, *keys], check=True)
        time.sleep(0.4)

    def line(self, text: str) -> None:
        self.keys("C-u", text, "Enter")

    def wait(self, text: str) -> str:
        return wait_for(self.session, text)

    def screen(self) -> str:
        return screen(self.session)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)


def record_of(path: Path, game: str, players: list[str], actions: list[str], setup: str = "") -> Path:
    path.write_text(
        f'game = "{game}"\nplayers = {players!r}\n{setup}actions = {actions!r}\n'.replace("'", '"'), encoding="utf-8"
    )
    return path


def actions(path: Path) -> list[str]:
    return tomllib.loads(path.read_text())["actions"]


def test_menu_numbers_run_from_one_in_order_and_mean_the_entry_shown(tmp_path: Path) -> None:
    """After ``slap -`` (issue 45: numbers run from 1 in order, not 6, 7, 8): 1 opens the moves, 2 the captures;
    after the capture, the first menu is numbered from 1 again and 1 still opens the moves (it never records
    ``done``)."""
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], COIN_AGE_OPENING)
    terminal = Terminal("keys", ["coin-age", "play", "--resume", str(record), "--no-history"])
    try:
        terminal.wait("Ann>")
        terminal.keys("Enter")
        shown = terminal.wait(" 2. capture a coin")
        assert " 1. move a stack" in shown and " 3. end the turn" in shown, shown
        terminal.line("2")
        terminal.wait("capture A1")
        terminal.line("capture A1")
        for _ in range(50):
            if len(actions(record)) == len(COIN_AGE_OPENING) + 1:
                break
            time.sleep(0.1)
        assert actions(record)[-1] == "capture A1"
        terminal.wait("Ann>")
        terminal.keys("Enter")
        shown = terminal.wait(" 1. move a stack")
        assert "capture a coin" not in shown and " 2. end the turn" in shown, shown
        terminal.line("1")
        terminal.wait("move B")  # the move menu opened
        assert actions(record)[-1] == "capture A1"
    finally:
        terminal.close()


@pytest.mark.parametrize(("language", "quit_word", "undo_word"), [("en", "quit", "undo"), ("ko", "quit", "undo")])
def test_session_words_are_understood_in_every_menu(
    tmp_path: Path, language: str, quit_word: str, undo_word: str
) -> None:
    """In English and Korean alike: ``back`` in the first menu returns to the typed line, ``undo`` typed in a
    group's menu takes back the last action, ``quit`` typed in the first menu saves and quits."""
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], COIN_AGE_OPENING)
    terminal = Terminal("words", ["--lang", language, "coin-age", "play", "--resume", str(record), "--no-history"])
    try:
        terminal.wait("Ann>")
        terminal.keys("Enter")
        terminal.wait(" 2. ")
        terminal.line("back")
        terminal.keys("Enter")  # the typed line again: Enter opens the menus
        terminal.wait(" 2. ")
        terminal.line("1")  # the moves (then the captures, then the end of the turn)
        terminal.wait("move B")
        terminal.line(undo_word)
        for _ in range(50):
            if len(actions(record)) == len(COIN_AGE_OPENING) - 1:
                break
            time.sleep(0.1)
        assert actions(record) == COIN_AGE_OPENING[:-1]
        terminal.wait("slap -")  # undone (in the player's language), and the prompt again
        terminal.keys("Enter")
        time.sleep(0.5)
        terminal.line(quit_word)
        shown = terminal.wait("EXIT=")
        assert "EXIT=0" in shown, shown
    finally:
        terminal.close()


def test_a_translated_session_word_is_understood(tmp_path: Path) -> None:
    from referee import i18n
    from referee.cli.table.words import spellings

    i18n.use("ko")
    try:
        quit_ko = spellings("quit")[-1]
    finally:
        i18n.use("en")
    assert quit_ko != "quit"
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], COIN_AGE_OPENING)
    terminal = Terminal("ko", ["--lang", "ko", "coin-age", "play", "--resume", str(record), "--no-history"])
    try:
        terminal.wait("Ann>")
        terminal.keys("Enter")
        terminal.wait("7. ")
        terminal.line(quit_ko)
        shown = terminal.wait("EXIT=")
        assert "EXIT=0" in shown, shown
    finally:
        terminal.close()


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (120, 40)])
def test_a_refusal_under_the_prompt_is_whole(tmp_path: Path, columns: int, rows: int) -> None:
    """A refusal longer than the terminal is wrapped under the prompt, its end (the advice) in view."""
    terminal = Terminal(
        "refusal",
        ["builders", "play", "--players", "Ann,Bob", "--seed", "3", "--no-history", "--record", str(tmp_path / "g")],
        columns,
        rows,
    )
    try:
        terminal.wait("Ann>")
        terminal.line("send W06 B32")
        shown = terminal.wait("(rule: send)")
        assert all(len(line) <= columns for line in shown.splitlines())
        terminal.line("play 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9")
        shown = terminal.wait("coins, buy, done")  # the end of "…expected one of start, recruit, …, buy, done"
        under = shown[shown.index("Ann> play 9") :]
        assert "Unreadable" in under and "…" not in under, shown
    finally:
        terminal.close()


def test_a_menu_entrys_whole_description_shows_under_the_prompt(tmp_path: Path) -> None:
    terminal = Terminal(
        "describe",
        [
            "builders",
            "play",
            "--players",
            "Ann,Bob",
            "--seed",
            "3",
            "--names",
            "en",
            "--no-history",
            "--record",
            str(tmp_path / "g.toml"),
        ],
    )
    try:
        terminal.wait("Ann>")
        terminal.keys("recruit W3")  # one face-up worker left: W39 (seed 3)
        shown = terminal.wait("recruit W39:")  # under the input line, above the list
        assert any(line.startswith("recruit W39: W39 Master: 5 écus, makes") for line in shown.splitlines()), shown
    finally:
        terminal.close()


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (120, 40)])
def test_rules_are_set_to_the_terminal(columns: int, rows: int) -> None:
    terminal = Terminal("rules", ["coin-age", "rules", "capture"], columns, rows)
    try:
        shown = terminal.wait("EXIT=0")
        lines = [line.rstrip() for line in shown.splitlines() if line.strip()]
        assert all(len(line) <= columns for line in lines)
        text = " ".join(lines)
        assert "into your bank [OFF, BGA]. It is yours from then on." in text, shown
        first = lines[1]  # the text's first line runs to the width of the terminal (or the text's measure)
        width = terminal.width()  # as tmux made it (a server started elsewhere may hold another default size)
        print(f"asked {columns}, got {width}")
        assert len(first) > min(width, 100) - 15, shown
    finally:
        terminal.close()


def test_matchstick_keeps_the_table_in_view_at_80_by_24_with_the_menu_open(tmp_path: Path) -> None:
    players = "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal"
    terminal = Terminal("matchstick", ["matchstick", "play", "--players", players, "--no-history"], cwd=tmp_path)
    try:
        terminal.wait("Ann>")
        terminal.line("play 3 3 3")
        shown = terminal.wait("Ann leads 2 × 3")  # the typed play announced with its count, as a menu play is
        terminal.keys("play ")
        shown = terminal.wait("play 4 4 4")  # the completion menu is open
        lines = shown.splitlines()
        assert any("To beat: 2 × 3" in line for line in lines), shown
        assert any(line.startswith(" _|  _|") for line in lines), shown  # the two 3s, drawn small
        for name in players.split(","):
            assert name in shown, shown
        assert any(line.startswith("Bob>") for line in lines)
        assert all(len(line) <= 80 for line in lines)
    finally:
        terminal.close()


def test_coin_age_shows_its_regions_at_80_columns(tmp_path: Path) -> None:
    record = record_of(tmp_path / "g.toml", "coin-age", ["Ann", "Bob"], COIN_AGE_OPENING)
    terminal = Terminal("regions", ["coin-age", "play", "--resume", str(record), "--no-history"])
    try:
        shown = terminal.wait("Ann>")
        assert "Regions: peaks A1 A2 A3 B1: Bob 1–0" in shown, shown
        assert "forests B2 B3 C1: Ann 2–1" in shown and "plains B4 C3: even 0–0" in shown, shown
    finally:
        terminal.close()


def test_builders_idle_workers_show_what_they_make_at_80_by_30(tmp_path: Path) -> None:
    terminal = Terminal(
        "idle",
        [
            "builders",
            "play",
            "--players",
            "Ann,Bob,Cid,Dee",
            "--seed",
            "3",
            "--no-history",
            "--record",
            str(tmp_path / "g.toml"),
        ],
        80,
        30,
    )
    try:
        shown = terminal.wait("Ann>")
        from referee.builders import cards
        from referee.builders.rules import RULES

        state = RULES.new_state(["Ann", "Bob", "Cid", "Dee"], {"seed": 3})
        for seat in state.seats:
            worker = seat.idle[0]
            made = " ".join(str(n) for n in cards.card(worker).produces)
            assert f"idle: {worker} {made} {cards.card(worker).cost} é" in shown, shown
    finally:
        terminal.close()
