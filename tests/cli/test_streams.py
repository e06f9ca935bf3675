"""Standard output whose reader goes away, and the pipe policy on the environment (not in the console script)."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest

from referee.cli.env import Environment
from referee.cli.streams import GuardedStdout, ReaderGone

ROOT = Path(__file__).resolve().parents[2] / "referee"


class ClosedPipe(io.StringIO):
    """A stream whose reader has gone: every write and flush fails as a broken pipe does."""

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def flush(self) -> None:
        raise BrokenPipeError

    def fileno(self) -> int:
        raise OSError("no descriptor")


def test_a_closed_output_ends_the_command_with_success() -> None:
    guarded = GuardedStdout(ClosedPipe())
    with pytest.raises(ReaderGone) as ended:
        guarded.write("1. done\n")
    assert ended.value.code == 0


def test_play_from_a_pipe_goes_on_when_its_environment_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    guarded = GuardedStdout(ClosedPipe())
    env = Environment(stdin=io.StringIO(), stdout=guarded, stderr=io.StringIO())  # type: ignore[arg-type]
    env.keep_going_without_reader()
    assert guarded.write("1. done\n") == len("1. done\n")
    guarded.write("2. done\n")
    guarded.flush()
    assert capsys.readouterr().err.count("standard output was closed") == 1


def test_an_environment_without_the_guard_is_left_alone() -> None:
    env = Environment(stdin=io.StringIO(), stdout=io.StringIO(), stderr=io.StringIO())
    env.keep_going_without_reader()  # (a test's own streams: nothing to tell)
    assert not isinstance(env.stdout, GuardedStdout)


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_only_the_entry_points_import_the_console_script() -> None:
    """The console script imports the app, the fast path and the commands: a module it leads to that imported it
    back (the pipe did, for its policy on a closed output) would close a circle."""
    importers = sorted(
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if {"referee.cli.main", "referee.cli.main.run"} & imported_modules(path) and path.name != "__main__.py"
    )
    assert importers == []
