"""A game is its rules package, its room and one registry line: the shared code never names a registered game (it
asks the registry and the rules' facts instead), so a new game needs no edit of it."""

from __future__ import annotations

import ast
from pathlib import Path

from referee import registry

ROOT = Path(__file__).resolve().parents[1] / "referee"
GENERATED: set[str] = set()  # (the command tree is generated as JSON, command_tree.json: not scanned)


def game_folders() -> set[Path]:
    folders = set()
    for entry in registry.GAMES.values():
        folders.add(ROOT.parent / Path(*entry.rules.split(".")[:-1]))
        folders.add(ROOT.parent / Path(*entry.room.split(".")))
    return folders


def string_constants(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string literal that is not a docstring."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):  # attribute docstrings
            docstrings.add(id(node.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_shared_module_names_a_registered_game() -> None:
    folders = game_folders()
    words = {entry.name for entry in registry.GAMES.values()} | {entry.title for entry in registry.GAMES.values()}
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in GENERATED or relative == "registry.py" or any(folder in path.parents for folder in folders):
            continue
        for line, text in string_constants(ast.parse(path.read_text(encoding="utf-8"))):
            if any(text == word or (" " in word and word in text) for word in words) or any(
                f"{word}," in text or f"{word} or" in text for word in words
            ):
                found.append(f"{relative}:{line}: {text!r}")
    assert not found, "shared code names a game:\n" + "\n".join(found)
