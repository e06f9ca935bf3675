"""Fixtures every test may use: the repository's ``examples/`` folder, and the installed command."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

os.environ["REFEREE_EXTRA_GAMES"] = "tests.toy.registration"  # before referee is imported: the toy game in every loop

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
"""The example records and positions of the repository, each with its expected outcome in a comment."""


def referee_command() -> list[str]:
    """The installed ``referee`` (beside this Python), else ``python -m referee``."""
    beside = Path(sys.executable).parent / "referee"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("referee")
    return [found] if found else [sys.executable, "-m", "referee"]


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture
def referee() -> list[str]:
    return referee_command()


@pytest.fixture(autouse=True)
def _no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("REFEREE_MAPS", os.devnull + "-none")


@pytest.fixture(autouse=True)
def _private_history(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every test logs into a history of its own: the user's real history is never touched."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.delenv("REFEREE_HISTORY", raising=False)
