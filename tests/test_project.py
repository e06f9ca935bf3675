"""The project's own promises: completions up to date, lint clean, one-shot commands fast to start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_completions_are_not_stale():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_completions.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout


def imported_modules(*args: str) -> set[str]:
    """The modules a one-shot command imports (Typer's own tests use this pattern for lazy imports)."""
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['referee', *{list(args)!r}]\n"
        "try:\n    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    return set(result.stderr.split())


def test_one_shot_commands_do_not_import_questionary():
    example = ROOT / "maps" / "original.toml"
    for args in (["--version"], ["coin-age", "rules", "capture"], ["coin-age", "maps", "validate", str(example)]):
        modules = imported_modules(*args)
        assert "referee" in modules
        assert "questionary" not in modules, args
        assert "prompt_toolkit" not in modules, args
