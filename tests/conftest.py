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


def pytest_sessionstart(session: pytest.Session) -> None:
    """Byte-code for the package (and the toy game) compiled once, before the first ``referee`` the tests start: a
    user's installed package has it, but where ``PYTHONDONTWRITEBYTECODE`` is set (as on the CI machines) every one
    of the suite's thousands of processes would otherwise compile each module it imports again (a quarter of a
    one-shot command's time). ``compileall`` writes it whatever that variable says; timestamps keep it current."""
    import compileall

    for folder in (ROOT / "referee", ROOT / "tests" / "toy"):
        compileall.compile_dir(str(folder), quiet=1)


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
def _no_inherited_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-xdist's workers export ``COLUMNS=80`` and ``LINES=24``, which Rich would read in every ``referee`` the
    tests start: a test that wants a size sets its own."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(autouse=True)
def _private_history(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every test logs into a history of its own: the user's real history is never touched."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.delenv("REFEREE_HISTORY", raising=False)
