"""No two modules of ``referee`` import each other, directly or in a loop.

The graph is read from the source with :mod:`ast`, so that an import cannot hide from it:

* every ``import`` and ``from … import`` statement counts, wherever it stands: at the top, inside a function (a
  "lazy" import is still a dependency, only a later one), and under ``if TYPE_CHECKING:`` (an import kept for the
  type checker still says that one module needs to know the other; mypy follows it, and a circle there is the same
  knot in the design, only hidden from the interpreter);
* ``importlib.import_module("referee.x")`` and ``__import__("referee.x")`` with a literal name count as well;
* relative imports are resolved against the importing module's package;
* ``from referee.history import store`` is an edge to the submodule ``referee.history.store``;
  ``from referee.history.store import Store`` is an edge to ``referee.history.store``.

Not counted, on purpose:

* importing ``a.b.c`` also runs the ``__init__`` of the packages ``a`` and ``a.b``; a package that re-exports its
  submodules (``referee/builders/__init__.py``) is not in a circle with them for that, only if a submodule imports
  the package itself by name;
* a module loaded by a name that is data, not source (``import_module(entry.commands_module)`` with a name read from
  the registry): that is how the registry reaches the games it lists, and the games do not name who loads them.

The test fails with the circles it found, each as a path ``a → b → … → a``.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

from referee.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "referee"


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name, not ``….__init__``)."""
    modules = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from {'.' * level}{target} import …`` written in ``module``."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def literal_import_call(node: ast.Call) -> str | None:
    """``referee.x`` for ``import_module("referee.x")``, ``importlib.import_module("referee.x")``, ``__import__(…)``."""
    function = node.func
    name = getattr(function, "id", None) or getattr(function, "attr", None)
    if name not in ("import_module", "__import__") or not node.args:
        return None
    argument = node.args[0]
    return argument.value if isinstance(argument, ast.Constant) and isinstance(argument.value, str) else None


def imported_names(module: str, path: Path, known: set[str]) -> Iterator[tuple[int, str]]:
    """Each module of the package that ``module`` imports, with the line of the import."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            source = resolve_relative(module, is_package, node.level, node.module) if node.level else node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield node.lineno, submodule if submodule in known else source
        elif isinstance(node, ast.Call):
            name = literal_import_call(node)
            if name is not None:
                yield node.lineno, name


def owning_module(name: str, known: set[str]) -> str | None:
    """The longest known module that ``name`` is or lies in (``referee.x.y`` → ``referee.x`` if ``y`` is a name)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def import_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """module → {imported module: first line importing it}, for modules of the package only, self-edges dropped."""
    files = module_files(root)
    known = set(files)
    graph: dict[str, dict[str, int]] = {module: {} for module in files}
    for module, path in files.items():
        for line, name in imported_names(module, path, known):
            target = owning_module(name, known) if name.split(".")[0] == PACKAGE else None
            if target is not None and target != module:
                graph[module].setdefault(target, line)
    return graph


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), each sorted; only those with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def a_cycle(graph: dict[str, dict[str, int]], component: list[str]) -> list[str]:
    """One shortest loop through the first module of a component, as ``[a, b, …, a]`` (breadth-first)."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for successor in sorted(graph[node]):
                if successor not in members:
                    continue
                if successor == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if successor not in came_from:
                    came_from[successor] = node
                    following.append(successor)
        frontier = following
    return component


def describe(graph: dict[str, dict[str, int]], components: list[list[str]]) -> str:
    """Each circle as ``a:line → b:line → … → a``, then the modules of its component."""
    lines = []
    for component in components:
        loop = a_cycle(graph, component)
        steps = [f"{here} (line {graph[here][there]})" for here, there in itertools.pairwise(loop)]
        lines.append(" → ".join([*steps, loop[-1]]))
        lines.append(f"    all {len(component)} modules in this knot: {', '.join(component)}")
    return "\n".join(lines)


def test_the_graph_is_read_from_every_module() -> None:
    """The reader itself: it finds the package's modules and edges known to exist (so an empty graph cannot pass)."""
    graph = import_graph()
    assert "referee.cli.app" in graph
    assert "referee.history.store" in graph
    assert any(targets for targets in graph.values())
    assert "referee.registry" in graph["referee.cli.app"]


def test_the_reader_counts_imports_inside_functions_and_for_type_checking(tmp_path: Path) -> None:
    """A circle hidden in a function, under ``TYPE_CHECKING`` or behind ``from package import module`` is found."""
    package = tmp_path / PACKAGE
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "low.py").write_text("def f():\n    from ..high import g\n")
    (package / "high.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from referee.sub import low\n"
    )
    (package / "alone.py").write_text("import importlib\nimportlib.import_module('referee.lone')\n")
    (package / "lone.py").write_text("from referee import alone\n")
    graph = import_graph(tmp_path)
    assert graph["referee.sub.low"] == {"referee.high": 2}
    assert graph["referee.high"] == {"referee.sub.low": 3}
    assert strongly_connected(graph) == [["referee.alone", "referee.lone"], ["referee.high", "referee.sub.low"]]


def test_no_module_imports_another_that_imports_it_back() -> None:
    """Issue 36: no two modules import each other, directly or in a loop (every import counts, see the docstring)."""
    graph = import_graph()
    components = strongly_connected(graph)
    assert not components, f"{len(components)} import circle(s):\n{describe(graph, components)}"


GAME_PACKAGES = tuple(
    sorted({entry.rules.split(".")[1] for entry in GAMES.values() if entry.rules.startswith("referee.")})
)
"""Each registered game's rules package (``referee.<package>``), read from the registry."""
LAYERS = (
    "the shared ground (errors, i18n, players, engine, registry, …)",
    "a game's rules",
    "the history",
    "the command line's shared pieces",
    "the commands (table and its pages, history's room, TAB, record commands, draw)",
    "the games' rooms",
    "the front (app, main, fast)",
    "python -m referee",
)


def layer(module: str) -> int:
    """The layer of a module, as docs/developing.md ("Who imports whom") describes them, lowest first."""
    parts = [*module.split(".")[1:], "", ""]
    if parts[0] == "cli":
        if parts[1] in ("table", "serve", "history", "tab", "record_commands", "draw"):
            return 4
        return {"games": 5, "app": 6, "main": 6, "fast": 6}.get(parts[1], 3)
    if parts[0] == "__main__":
        return 7
    return {"history": 2, **dict.fromkeys(GAME_PACKAGES, 1)}.get(parts[0], 0)


def test_every_import_goes_down_the_layers() -> None:
    """The rules never import the history or the command line, the history never the command line, the shared
    pieces of the command line never a command, and so on up."""
    graph = import_graph()
    upward = [
        f"{module} (line {line}, {LAYERS[layer(module)]}) imports {target} ({LAYERS[layer(target)]})"
        for module, targets in sorted(graph.items())
        for target, line in sorted(targets.items())
        if layer(target) > layer(module)
    ]
    assert not upward, "\n".join(upward)


def test_a_games_rules_import_no_other_game() -> None:
    """Each game's rules package stands alone on the shared ground."""
    graph = import_graph()
    crossing = [
        f"{module} (line {line}) imports {target}"
        for module, targets in sorted(graph.items())
        for target, line in sorted(targets.items())
        if layer(module) == layer(target) == 1 and module.split(".")[1] != target.split(".")[1]
    ]
    assert not crossing, "\n".join(crossing)
