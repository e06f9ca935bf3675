"""``referee GAME play | tee game.log``: standard input a terminal, standard output a pipe. The prompts and the
table go to the terminal (standard error), the game's lines to the pipe, and the record is kept as at a terminal."""

from __future__ import annotations

import shlex

import pytest

from tests.cli.terminal import finish, pexpect, type_line
from tests.conftest import referee_command

pytestmark = pytest.mark.e2e


def test_piped_output_still_shows_the_prompt_and_keeps_the_automatic_record(tmp_path):
    command = " ".join(shlex.quote(word) for word in referee_command())
    log = tmp_path / "game.log"
    child = pexpect.spawn(
        "bash",
        ["-c", f"{command} coin-age play --players Ann,Bob | cat > {shlex.quote(str(log))}"],
        cwd=str(tmp_path),
        env={"TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "PATH": "/usr/bin:/bin"},
        dimensions=(50, 120),
        timeout=90,  # a safety net for a hung program, not a promise of speed
        encoding="utf-8",
    )
    child.expect("Hellag Dum")  # the board, on the terminal
    child.expect("Ann>")  # the prompt, on the terminal
    type_line(child, "slap QN")
    child.expect("Ann to move: place 2")
    type_line(child, "quit")
    child.expect("Continue with: referee coin-age play --resume coin-age-")
    assert finish(child) == 0
    assert "1. Ann: slap QN" in log.read_text()
    assert "Hellag Dum" not in log.read_text()  # the table went to the terminal, not the pipe
    records = list(tmp_path.glob("coin-age-*.toml"))
    assert len(records) == 1 and 'actions = [\n    "slap QN",\n]' in records[0].read_text()
