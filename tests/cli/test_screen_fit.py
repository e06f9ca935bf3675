"""At a real terminal of 80×24 (tmux): the whole Coin Age board, the seats, the prompt and its completion list fit
(the full screen of ``play``: see docs/table.md)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.cli.terminal import start_tmux
from tests.conftest import referee_command

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal screen"),
]


def screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout


def wait_for(session: str, text: str, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown and screen(session) == shown:  # read twice alike: a frame caught half written mixes two
            return shown
        time.sleep(0.3)
    raise AssertionError(f"{text!r} never showed; the screen:\n{screen(session)}")


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (60, 24)])
def test_the_board_the_score_and_the_open_menu_fit(tmp_path: Path, columns: int, rows: int) -> None:
    session = f"referee-fit-{columns}-{tmp_path.name}"
    command = " ".join(shlex.quote(word) for word in referee_command())
    record = tmp_path / "game.toml"
    play = f"{command} coin-age play --players Ann,Bob --record {shlex.quote(str(record))}; sleep 60"
    start_tmux(session, columns, rows, play, str(tmp_path))
    try:
        wait_for(session, "Ann>")
        subprocess.run(["tmux", "send-keys", "-t", session, "slap QN", "Enter"], check=True)
        wait_for(session, "1. Ann: slap QN")
        subprocess.run(["tmux", "send-keys", "-t", session, "pl"], check=True)
        shown = wait_for(session, "place Q A1")  # the completion list is open
        lines = shown.splitlines()
        assert any(line.strip().startswith("A1 ") for line in lines), shown  # the board's first row
        for name in ("Ann", "Bob"):
            assert any(line.lstrip("▶ ").startswith(name + " ") for line in lines), shown
        assert any(line.startswith("Ann>") for line in lines), shown
        assert all(len(line) <= columns for line in lines)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_four_player_builders_table_the_prompt_and_its_menu_fit_80_by_30(tmp_path: Path) -> None:
    session = f"referee-fit-builders-{tmp_path.name}"
    command = " ".join(shlex.quote(word) for word in referee_command())
    record = tmp_path / "game.toml"
    play = f"{command} builders play --players Ann,Bob,Cid,Dan --seed 2 --record {shlex.quote(str(record))}; sleep 60"
    start_tmux(session, 80, 30, play, str(tmp_path))
    try:
        wait_for(session, "Ann>")
        subprocess.run(["tmux", "send-keys", "-t", session, "start B08", "Enter"], check=True)
        wait_for(session, "2 actions left")
        subprocess.run(["tmux", "send-keys", "-t", session, "rec"], check=True)
        shown = wait_for(session, "recruit W")  # the completion list is open
        lines = shown.splitlines()
        for name in ("Ann", "Bob", "Cid", "Dan"):
            assert any(line.lstrip("▶ ").startswith(name + " ") for line in lines), shown
        # the rows end with the bank's line, or (the list open, rows short) with the line saying how many follow
        assert any("Bank 60" in line or "more rows of the table" in line for line in lines), shown
        assert any(line.startswith("Ann>") for line in lines), shown
        assert all(len(line) <= 80 for line in lines)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


@pytest.mark.parametrize("game", ["builders", "matchstick"])
def test_nothing_is_cut_at_60_columns(tmp_path: Path, game: str) -> None:
    """At 60×45 (tall enough for the full layout, too narrow for it): The Builders draws its compact table, whose
    columns are whole (every header, a building's VP); Matchstick's cards wrap; no line runs past 60 columns; the
    advice under the input line keeps its words whole (wrapped, never cut)."""
    session = f"referee-60-{game}-{tmp_path.name}"
    command = " ".join(shlex.quote(word) for word in referee_command())
    record = shlex.quote(str(tmp_path / "game.toml"))
    players = "Ann,Bob,Cid,Dan" + ("" if game == "builders" else ",Eve,Fay")
    seed = "--seed 2" if game == "builders" else ""
    play = f"{command} {game} play --players {players} {seed} --record {record}; sleep 60"
    start_tmux(session, 60, 45, play, str(tmp_path))
    try:
        wait_for(session, "Recording to")
        subprocess.run(["tmux", "send-keys", "-t", session, "x", "BSpace"], check=True)  # a key: the advice again
        shown = wait_for(session, "rules quit")  # the prompt is drawn: the advice under it, its words whole
        lines = shown.splitlines()
        assert all(len(line) <= 60 for line in lines), shown
        assert not any("…" in line.split()[0] for line in lines if line.split()), shown  # no header cut short
        assert "hint undo redo log rules quit" in " ".join(shown.split()), shown  # wrapped, each word whole
        if game == "builders":
            header = next(line for line in lines if line.startswith("id ") and "VP" in line)
            assert header.split() == ["id", "name", "VP", "écus", "needs"], shown
            assert any(line.startswith("numbers:") for line in lines), shown  # the legend on its own line
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
