"""``--show-completion`` and ``--install-completion``: the scripts, installed where each shell reads them, touching
only referee's own file and one start-up line (added once; no ``zstyle``), and in a new zsh the first TAB completes
(Typer's script only registered itself on the first TAB). Zsh runs in tmux; without zsh the zsh test is skipped,
unless ``REFEREE_REQUIRE_ZSH`` is set (CI sets it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.cli.terminal import start_tmux
from tests.history.test_history_e2e import referee_command

pytestmark = pytest.mark.e2e


def referee(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home)}
    return subprocess.run([*referee_command(), *args], env=env, capture_output=True, text=True, check=False)


def test_show_prints_each_shells_script(tmp_path: Path) -> None:
    zsh = referee(tmp_path, "--show-completion", "zsh")
    assert zsh.returncode == 0 and zsh.stdout.startswith("#compdef referee")
    assert '"${funcstack[1]}" == "_referee"' in zsh.stdout  # the first TAB completes
    assert "_REFEREE_COMPLETE=complete_bash" in referee(tmp_path, "--show-completion", "bash").stdout
    assert "complete --command referee" in referee(tmp_path, "--show-completion", "fish").stdout
    refused = referee(tmp_path, "--show-completion", "tcsh")
    assert refused.returncode == 2 and "unknown shell 'tcsh'" in refused.stderr


def test_install_touches_only_its_own_file_and_one_line(tmp_path: Path) -> None:
    zshrc = tmp_path / ".zshrc"
    zshrc.write_text("zstyle ':completion:*' menu no\nalias ll='ls -l'\n")
    for _ in range(2):  # installed twice: the start-up lines are added once
        done = referee(tmp_path, "--install-completion", "zsh")
        assert done.returncode == 0, done.stderr
    assert (tmp_path / ".zfunc" / "_referee").read_text() == referee(tmp_path, "--show-completion", "zsh").stdout
    assert zshrc.read_text() == (
        "zstyle ':completion:*' menu no\nalias ll='ls -l'\nfpath+=~/.zfunc\nautoload -Uz compinit && compinit\n"
    )
    assert referee(tmp_path, "--install-completion", "bash").returncode == 0
    script = tmp_path / ".bash_completions" / "referee.sh"
    assert (tmp_path / ".bashrc").read_text() == f"source {script}\n" and script.exists()
    assert referee(tmp_path, "--install-completion", "fish").returncode == 0
    assert (tmp_path / ".config" / "fish" / "completions" / "referee.fish").exists()


def test_the_first_tab_of_a_new_zsh_completes(tmp_path: Path) -> None:
    if shutil.which("zsh") is None:
        if os.environ.get("REFEREE_REQUIRE_ZSH"):
            pytest.fail("REFEREE_REQUIRE_ZSH is set but zsh is not installed")
        pytest.skip("zsh is not installed")
    assert referee(tmp_path, "--install-completion", "zsh").returncode == 0
    folder = Path(referee_command()[0]).parent
    session = f"referee-zsh-{os.getpid()}"
    start_tmux(session, 100, 20, f"env -i HOME={tmp_path} PATH={folder}:/usr/bin:/bin TERM=xterm zsh", str(tmp_path))
    try:
        time.sleep(1.5)
        subprocess.run(["tmux", "send-keys", "-t", session, "referee coin-age ru"], check=True)
        time.sleep(0.3)
        subprocess.run(["tmux", "send-keys", "-t", session, "Tab"], check=True)
        screen = ""
        for _ in range(40):
            time.sleep(0.1)
            screen = subprocess.run(
                ["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True, check=True
            ).stdout
            if "referee coin-age rules" in screen:
                break
        assert "referee coin-age rules" in screen, screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
