"""TAB after ``referee GAME check RECORD``: the legal actions of that record, word by word, on the fast path and
through Typer alike; ``check`` takes the action quoted or as separate words."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cli.test_completion import environment, fast_answer, typer_answer
from tests.conftest import referee_command


@pytest.fixture(scope="module")
def typer_command():
    import typer.main

    from referee.cli.app import app

    return typer.main.get_command(app)


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "r.toml"
    path.write_text('game = "coin-age"\nformat = 1\nplayers = ["Ann", "Bob"]\nactions = ["slap QN"]\n')
    return path


@pytest.mark.parametrize(
    ("typed", "incomplete", "words"),
    [
        ([], "", ["place", "done", "slap"]),
        (["place"], "", ["Q", "N"]),
        (["place", "Q"], "B", ["B1", "B2", "B3", "B4"]),
        (["capture"], "", []),  # nothing to capture: no such action is legal
    ],
)
def test_tab_offers_the_next_words_of_legal_actions(
    typer_command, record: Path, typed: list[str], incomplete: str, words: list[str]
) -> None:
    for shell in ("bash", "zsh", "fish"):
        env = environment(shell, ["coin-age", "check", str(record), *typed], incomplete)
        fast = fast_answer(env)
        assert fast is not None, shell  # answered without Typer
        assert fast == typer_answer(typer_command, env)
    bash = fast_answer(environment("bash", ["coin-age", "check", str(record), *typed], incomplete))
    assert bash is not None and bash[1].split() == words


def test_an_unreadable_record_offers_nothing(tmp_path: Path) -> None:
    env = environment("bash", ["coin-age", "check", str(tmp_path / "missing.toml")], "")
    assert fast_answer(env) == (0, "\n")


def test_check_takes_the_action_as_separate_words(record: Path) -> None:
    quoted = subprocess.run([*referee_command(), "coin-age", "check", str(record), "place Q B2"], capture_output=True)
    words = subprocess.run(
        [*referee_command(), "coin-age", "check", str(record), "place", "Q", "B2"], capture_output=True
    )
    assert quoted.returncode == words.returncode == 0
    assert quoted.stdout == words.stdout
