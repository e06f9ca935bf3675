"""No private module or name of Typer or Click is used anywhere: the package, the scripts, the benchmarks and the
tests reach them through their public API only, so that a new Typer (which CI tries) is not a porting job.

Private: a module or name under ``typer`` or ``click`` whose name starts with ``_``, imported
(``typer._completion_shared``, ``from typer.main import _something``, ``import_module("typer._click")``) or reached
by attribute (``typer.main._click``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ("typer", "click")
FOLDERS = ("referee", "scripts", "benchmarks", "tests")


def is_private(dotted: str) -> bool:
    """``typer._click``, ``click.core._x``: a library's dotted name with a part that starts with ``_``."""
    parts = dotted.split(".")
    return parts[0] in LIBRARIES and any(part.startswith("_") and not part.startswith("__") for part in parts[1:])


def dotted_name(node: ast.expr) -> str | None:
    """``typer.main._click`` for the attribute chain ``typer.main._click`` (None for anything else)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def private_uses(source: str) -> list[tuple[int, str]]:
    """Every private module or name of Typer or Click that the source imports or reaches by attribute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if is_private(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if is_private(node.module):
                found.append((node.lineno, node.module))
            elif node.module.split(".")[0] in LIBRARIES:
                found += [
                    (node.lineno, f"{node.module}.{alias.name}")
                    for alias in node.names
                    if is_private(f"{node.module}.{alias.name}")
                ]
        elif isinstance(node, ast.Attribute):
            name = dotted_name(node)
            if name is not None and is_private(name):
                found.append((node.lineno, name))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "import_module":
            argument = node.args[0] if node.args else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str) and is_private(argument.value):
                found.append((node.lineno, argument.value))
    return found


def python_files() -> list[Path]:
    return sorted(path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py") if ".venv" not in path.parts)


def test_no_private_module_of_typer_or_click_is_used() -> None:
    used = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in python_files()
        for line, name in private_uses(path.read_text(encoding="utf-8"))
    ]
    assert not used, "private modules of Typer or Click:\n" + "\n".join(used)


@pytest.mark.parametrize(
    "source",
    [
        "import typer._completion_shared",
        "from typer._completion_classes import _sanitize_help_text",
        "from typer.main import _click",
        "import typer.main\ntyper.main._click.core.Context",
        "from click._compat import term_len",
        "from importlib import import_module\nimport_module('typer._click')",
    ],
)
def test_the_scan_finds_a_private_module(source: str) -> None:
    assert private_uses(source)


@pytest.mark.parametrize(
    "source",
    [
        "import typer\nimport typer.main\ntyper.main.get_command",
        "from typer.core import TyperGroup",
        "import typer\ntyper.Context.__mro__",
        "from referee._private import x",
    ],
)
def test_the_scan_leaves_public_names_alone(source: str) -> None:
    assert not private_uses(source)
