"""No process-wide state is written from inside a command: only the console script (``referee/cli/main.py``) sets
the process's environment, its gettext domain, its standard streams or a signal handler, once, before a command
runs. Anything else takes what it needs from the environment object it is given (``referee.cli.env``).

Read from the source with :mod:`ast`: an assignment to ``os.environ[…]``, ``sys.stdout`` / ``sys.stderr`` /
``sys.stdin``, and a call of ``os.putenv``, ``os.environ.update`` / ``setdefault`` / ``pop``, ``gettext.textdomain``
/ ``bindtextdomain``, ``locale.setlocale``, ``signal.signal`` or ``ElementTree.register_namespace``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENTRY_POINT = Path("referee/cli/main.py")
WORKER_SETUP = {(Path("referee/cli/history/entries.py"), "signal.signal")}
"""A pool's worker process ignores Ctrl-C (its own process, set up by its initializer, not the command's)."""
CALLS = {
    "os.putenv",
    "os.environ.update",
    "os.environ.setdefault",
    "os.environ.pop",
    "gettext.textdomain",
    "gettext.bindtextdomain",
    "locale.setlocale",
    "signal.signal",
    "ElementTree.register_namespace",
}
STREAMS = {"sys.stdout", "sys.stderr", "sys.stdin"}


def dotted(node: ast.expr) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def writes(source: str) -> list[tuple[int, str]]:
    """Each write of process-wide state in ``source``, with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        )
        for target in targets:
            if isinstance(target, ast.Subscript) and dotted(target.value) == "os.environ":
                found.append((node.lineno, "os.environ[…] ="))
            elif dotted(target) in STREAMS:
                found.append((node.lineno, f"{dotted(target)} ="))
        if isinstance(node, ast.Call) and dotted(node.func) in CALLS:
            found.append((node.lineno, dotted(node.func)))
    return found


def test_the_reader_finds_each_kind_of_write() -> None:
    source = (
        "import os, sys, gettext\n"
        "os.environ['LANGUAGE'] = 'ko'\n"
        "sys.stdout = None\n"
        "gettext.textdomain('x')\n"
        "os.environ.get('X')\n"
    )
    assert writes(source) == [(2, "os.environ[…] ="), (3, "sys.stdout ="), (4, "gettext.textdomain")]


def test_only_the_console_script_writes_process_wide_state() -> None:
    found = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative == ENTRY_POINT:
            continue
        for line, what in writes(path.read_text(encoding="utf-8")):
            if (relative, what) not in WORKER_SETUP:
                found.append(f"{relative}:{line}: {what}")
    assert not found, "process-wide state written outside referee/cli/main.py:\n" + "\n".join(found)
