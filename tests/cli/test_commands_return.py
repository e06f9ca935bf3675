"""Commands return their exit status; only the two boundaries end the process (HTTPie's pattern).

A command that raised ``SystemExit`` to end made every caller that goes on after it (``score --log`` scores, then
logs) catch it; now a command returns its status, a failure is raised as
:class:`~referee.cli.status.CommandFailed` (an ``Exception``, not a ``SystemExit``), and
:class:`referee.cli.app.RefereeGroup` (Typer) and :func:`referee.cli.main.run` (the fast path) turn either into the
exit status.
"""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest

from referee.cli.env import Environment
from referee.cli.status import CommandFailed, ExitStatus
from tests.robustness.helpers import GAMES, record_text, spec_of

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
BOUNDARIES = {"cli/main.py", "cli/app.py", "cli/streams.py"}  # (streams: the console script's guard of stdout)


def exits_raised(path: Path) -> list[str]:
    """Where a module ends the process itself: ``sys.exit``, ``raise SystemExit`` or a subclass of it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) in {"sys.exit", "exit", "SystemExit"}:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
        if isinstance(node, ast.ClassDef) and any("SystemExit" in ast.unparse(base) for base in node.bases):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} (class {node.name})")
    return found


def test_only_the_boundaries_end_the_process() -> None:
    found = [
        place
        for path in sorted(PACKAGE.rglob("*.py"))
        if str(path.relative_to(PACKAGE)) not in BOUNDARIES
        for place in exits_raised(path)
    ]
    assert found == []


def test_the_boundary_itself_is_found_by_the_scan() -> None:
    """The scan above can fail: it finds the exits of the boundary module."""
    assert exits_raised(PACKAGE / "cli" / "main.py")


def environment() -> tuple[Environment, io.StringIO, io.StringIO]:
    stdout, stderr = io.StringIO(), io.StringIO()
    env = Environment(io.StringIO(), stdout, stderr, stdin_isatty=False, stdout_isatty=False, no_color=True)
    return env, stdout, stderr


@pytest.mark.parametrize("game", GAMES)
def test_check_returns_its_status(game: str, tmp_path: Path) -> None:
    from referee.cli.shared_commands import check_command
    from tests.robustness.helpers import random_game

    played = random_game(game, seed=3, steps=2)
    path = tmp_path / "game.toml"
    path.write_bytes(record_text(game, played.actions[:1]))
    env, stdout, _stderr = environment()
    assert check_command(env, spec_of(game), str(path), played.actions[1], False) == ExitStatus.SUCCESS
    assert stdout.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_score_returns_its_status_and_a_failure_is_raised_not_exited(game: str, tmp_path: Path) -> None:
    from referee.cli.shared_commands import score_command

    path = tmp_path / "game.toml"
    path.write_bytes(record_text(game, []))
    env, _stdout, _stderr = environment()
    assert score_command(env, spec_of(game), str(path), False) == ExitStatus.SUCCESS
    env, _stdout, stderr = environment()
    with pytest.raises(CommandFailed) as failed:
        score_command(env, spec_of(game), str(tmp_path / "missing.toml"), False)
    assert failed.value.status == ExitStatus.BAD_INPUT
    assert "missing.toml" in stderr.getvalue()
