"""Write the shell completion scripts and the command line's description (run after changing commands).

    python scripts/make_completions.py          # write
    python scripts/make_completions.py --check  # exit 1 when a file is stale (the test suite runs this)

* ``completions/referee.{bash,zsh,fish}`` (and the same in ``referee/cli/tab/completion_scripts/``): the scripts a
  shell sources. They call back into ``referee`` for the words. Asked of the Typer app the way a shell asks for
  them (``_REFEREE_COMPLETE=source_bash referee``).
* ``referee/cli/fast_values.py``: for each command the fast path answers, a ``TypedDict`` of its parameters (name and
  type of value, from the same tree), so that :mod:`referee.cli.fast` reads each value by a name the type checker
  knows: a parameter renamed in the Typer app fails ``mypy`` in the fast path, not a test at run time.
* ``referee/cli/tab/command_tree.json``: every command, option and argument of the Typer app (names, kind of value,
  default, help, completion function), which the fast path (:mod:`referee.cli.fast`) reads command lines by and TAB
  (:mod:`referee.cli.tab.completion`) is answered from, without importing Typer.

Public API only: ``typer.main.get_command``, ``typer.Context``, Click's documented attributes of commands and
parameters (``get_params``, ``list_commands``, ``get_short_help_str``, ``opts``, ``default``…), the parameters'
``typer.Option``/``typer.Argument`` declarations (``autocompletion``) read from the command functions' annotations,
and Rich's console to tell whether a help prints as written. ``tests/test_private_imports.py`` keeps it that way.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import os
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["LANGUAGE"] = "en"  # the generated files hold the English helps, whatever the language of the shell
os.environ.pop("REFEREE_EXTRA_GAMES", None)  # the files describe the games of this package (not the tests' toy)

import typer  # noqa: E402
import typer.core  # noqa: E402
import typer.main  # noqa: E402
import typer.models  # noqa: E402

from referee.cli.tab.shell_setup import SCRIPT_FILES, ZSH_FIRST_TAB  # noqa: E402

FOLDER = ROOT / "completions"
PACKAGED = ROOT / "referee" / "cli" / "tab" / "completion_scripts"
"""The same scripts inside the package, which ``--show-completion`` and ``--install-completion`` read."""
TREE = ROOT / "referee" / "cli" / "tab" / "command_tree.json"
FAST_VALUES = ROOT / "referee" / "cli" / "fast_values.py"

COMPLETION_MODULES = ("referee.cli.games.", "referee.cli.tab.action_words", "referee.cli.tab.option_values")
"""Where completion functions live: modules TAB may import without Typer (a game's room is also allowed)."""


def completion_script(command: Any, shell: str) -> str:
    """Typer's script for a shell, asked of the app as a shell asks for it (the ``source_SHELL`` instruction)."""
    out = io.StringIO()
    saved = os.environ.get("_REFEREE_COMPLETE")
    os.environ["_REFEREE_COMPLETE"] = f"source_{shell}"
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(io.StringIO()),
            contextlib.suppress(SystemExit),
        ):
            command.main(args=[], prog_name="referee", complete_var="_REFEREE_COMPLETE")
    finally:
        if saved is None:
            os.environ.pop("_REFEREE_COMPLETE", None)
        else:
            os.environ["_REFEREE_COMPLETE"] = saved
    text = out.getvalue()
    if "_REFEREE_COMPLETE" not in text:
        raise SystemExit(f"no completion script for {shell} from Typer: {text[:200]!r}")
    return text


def scripts(command: Any) -> dict[Path, str]:
    """Typer's script for each shell (for zsh with the first TAB completing, see :mod:`referee.cli.tab.shell_setup`),
    in ``completions/`` and in the package."""
    texts = {}
    for shell, filename in SCRIPT_FILES.items():
        text = completion_script(command, shell)
        # (zsh reads ``#compdef`` on the first line: no blank line before it)
        text = text.strip("\n") + "\n" + (ZSH_FIRST_TAB if shell == "zsh" else "")
        texts[FOLDER / filename] = texts[PACKAGED / filename] = text
    return texts


# -- the description of the command line -----------------------------------------------------------------------
def zsh_escape(text: str) -> str:
    """The escaping of Typer's zsh completion, as :func:`referee.cli.tab.completion.zsh_escape`."""
    from referee.cli.tab.completion import zsh_escape as escape

    return escape(text)


def rich_changes(text: str) -> bool:
    """Whether Rich (through which Typer prints helps at TAB in zsh, fish and PowerShell) prints a help otherwise
    than written: markup (``[bold]``), emoji codes (``:smile:``). The fast TAB prints helps as written, so it leaves
    such a help to Typer (``help_markup`` in the tree)."""
    import re

    from rich.console import Console

    console = Console(width=100_000, color_system=None)
    for shown in (text, zsh_escape(text), re.sub(r"\s", " ", text)):
        if "".join(segment.text for segment in console.render(shown)).rstrip("\n") != shown:
            return True
    return False


def help_entry(text: str | None) -> dict[str, Any]:
    """``help`` (and ``help_markup`` when Rich would print it otherwise than written) for a command or an option."""
    if not text:
        return {}
    return {"help": text, **({"help_markup": True} if rich_changes(text) else {})}


def declarations(function: Callable[..., Any] | None) -> dict[str, tuple[Any, typer.models.ParameterInfo | None]]:
    """Each parameter of a command function: its type (``Annotated`` and ``| None`` taken off) and its
    ``typer.Option``/``typer.Argument`` declaration."""
    if function is None:
        return {}
    function = inspect.unwrap(function)  # Typer's wrapper of the command function (functools.update_wrapper)
    hints = typing.get_type_hints(function, include_extras=True)
    found: dict[str, tuple[Any, typer.models.ParameterInfo | None]] = {}
    for name, parameter in inspect.signature(function).parameters.items():
        annotation = hints.get(name)
        info = parameter.default if isinstance(parameter.default, typer.models.ParameterInfo) else None
        if typing.get_origin(annotation) is typing.Annotated:
            annotation, *extras = typing.get_args(annotation)
            info = next((extra for extra in extras if isinstance(extra, typer.models.ParameterInfo)), info)
        arguments = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if typing.get_origin(annotation) in (typing.Union, types.UnionType) and arguments:
            annotation = arguments[0]
        found[name] = (annotation, info)
    return found


VALUE_KINDS = {str: "text", int: "int", float: "float", bool: "flag"}


def value_kind(where: str, param: Any, annotation: Any) -> str:
    """``flag``, ``text``, ``int`` or ``float``: how the fast path reads the value (anything else is refused here,
    so that a new kind of value is taught to the fast path first)."""
    if getattr(param, "is_flag", False):
        return "flag"
    if typing.get_origin(annotation) in (list, tuple):
        annotation = typing.get_args(annotation)[0]
    kind = VALUE_KINDS.get(annotation)
    if kind is None or kind == "flag":
        raise SystemExit(f"{where}: no reading for a value of type {annotation!r}; teach referee/cli/fast.py")
    return kind


def completer(where: str, info: typer.models.ParameterInfo | None) -> dict[str, Any]:
    """``module:function`` of a parameter's ``autocompletion``, and whether it takes the words typed before (Typer's
    ``(ctx, args, incomplete)``)."""
    function = getattr(info, "autocompletion", None)
    if function is None:
        return {}
    function = inspect.unwrap(function)
    from referee import registry

    rooms = tuple(entry.spec_module for entry in registry.GAMES.values())
    if function.__module__ not in rooms and not function.__module__.startswith(COMPLETION_MODULES):
        raise SystemExit(
            f"{where}: completion functions belong in a game's room module, referee.cli.games,"
            " referee.cli.tab.action_words or referee.cli.tab.option_values (modules without Typer)"
        )
    found: dict[str, Any] = {"complete": f"{function.__module__}:{function.__qualname__}"}
    if len(inspect.signature(function).parameters) == 3:
        found["complete_with_words"] = True
    return found


def parameter(where: str, param: Any, declared: dict[str, tuple[Any, typer.models.ParameterInfo | None]]) -> Any:
    """One parameter, with only what differs from the usual (an option's value is text, optional, of no default)."""
    where = f"{where} {param.name}"
    annotation, info = declared.get(param.name, (None, None))
    if getattr(param, "count", False) or (param.param_type_name == "option" and param.nargs != 1):
        raise SystemExit(f"{where}: counting options and options of several values are not supported")
    default = param.default
    if callable(default) or not isinstance(default, str | int | float | bool | type(None) | list | tuple):
        raise SystemExit(f"{where}: a default the command tree cannot hold: {default!r}")
    found: dict[str, Any] = {"name": param.name}
    if param.param_type_name == "option":
        found["opts"] = list(param.opts)
        if param.secondary_opts:
            found["secondary_opts"] = list(param.secondary_opts)
    found["kind"] = value_kind(where, param, annotation)
    extras: dict[str, Any] = {
        "required": bool(param.required),
        "default": list(default) if isinstance(default, tuple) else default,
        "nargs": param.nargs,
        "multiple": bool(param.multiple),
        "hidden": bool(getattr(param, "hidden", False)),
        "callback": param.callback is not None,
        "expose_value": bool(param.expose_value),
    }
    usual = {"required": False, "default": None, "nargs": 1, "multiple": False, "hidden": False}
    usual |= {"callback": False, "expose_value": True}
    found.update({key: value for key, value in extras.items() if value != usual[key]})
    if param.param_type_name == "option":  # (TAB shows an option's help beside it; an argument's is never shown)
        found.update(help_entry(param.help))
    found.update(completer(where, info))
    return found


def node(command: Any, ctx: Any, where: str) -> dict[str, Any]:
    declared = declarations(command.callback)
    result: dict[str, Any] = {"params": [parameter(where, param, declared) for param in command.get_params(ctx)]}
    if isinstance(command, typer.core.TyperGroup):
        result["commands"] = {}
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            child: dict[str, Any] = help_entry(sub.get_short_help_str())  # what Click's completion shows beside it
            child.update(node(sub, typer.Context(sub, info_name=name, parent=ctx), f"{where} {name}"))
            result["commands"][name] = child
    return result


def command_tree(command: Any) -> dict[str, Any]:
    """The description of the whole command line, from the root command of the Typer app."""
    return node(command, typer.Context(command, info_name="referee"), "referee")


def dumps(tree: dict[str, Any]) -> str:
    """JSON a person can read and diff: a line per parameter, a command's parameters under its name."""

    def command_lines(data: dict[str, Any], indent: str) -> list[str]:
        lines = []
        inner = indent + "  "
        for key, value in data.items():
            if key not in ("params", "commands"):
                lines.append(f"{inner}{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
        params = [f"{inner}  {json.dumps(param, ensure_ascii=False)}" for param in data["params"]]
        lines.append(f'{inner}"params": [')
        lines.append(",\n".join(params))
        lines.append(f"{inner}]" + ("," if "commands" in data else ""))
        if "commands" in data:
            lines.append(f'{inner}"commands": {{')
            children = []
            for name, child in data["commands"].items():
                children.append(
                    "\n".join([f"{inner}  {json.dumps(name)}: {{", *command_lines(child, inner + "  "), f"{inner}  }}"])
                )
            lines.append(",\n".join(children))
            lines.append(f"{inner}}}")
        return lines

    text = "\n".join(["{", *command_lines(tree, ""), "}"]) + "\n"
    assert json.loads(text) == tree
    return text


VALUE_TYPES = {"flag": "bool", "text": "str", "int": "int", "float": "float"}
"""The Python type of each kind of value of the command tree."""


def value_type(param: dict[str, Any]) -> str:
    """The type of a parameter's value as the fast path reads it: a list for one taking many words, optional unless
    it is required or has a default."""
    kind = VALUE_TYPES[param["kind"]]
    if param.get("nargs", 1) != 1:
        return f"list[{kind}]"
    if param.get("required") or param.get("default") is not None:
        return kind
    return f"{kind} | None"


def fast_values(tree: dict[str, Any]) -> str:
    """``fast_values.py``: a ``TypedDict`` of each fast-path command's parameters (see the module's docstring)."""
    from referee import registry
    from referee.cli.fast import COMMANDS, GAME

    lines = [
        '"""The values of the command lines the fast path answers (:mod:`referee.cli.fast`), one ``TypedDict`` a',
        "command: generated by ``scripts/make_completions.py`` from the Typer app's command tree; do not edit.",
        '"""',
        "",
        "from typing import TypedDict",
    ]
    for words in COMMANDS:
        nodes = []
        for game in registry.names() if GAME in words else [""]:
            node = tree
            for word in words:
                node = node["commands"][game if word == GAME else word]
            nodes.append(node)
        name = "".join(word.capitalize() for word in words if word != GAME) + "Values"
        lines += ["", "", f"class {name}(TypedDict):", f'    """``{" ".join(words)}``."""', ""]
        for param in nodes[0]["params"]:  # a game's command: the parameters every game's has (play's own differ)
            shared = all(
                value_type(param) in {value_type(other) for other in node["params"] if other["name"] == param["name"]}
                for node in nodes
            )
            if param.get("expose_value", True) and shared:
                lines.append(f"    {param['name']}: {value_type(param)}")
    return "\n".join(lines) + "\n"


def outputs() -> dict[Path, str]:
    from referee.cli.app import build_app

    command = typer.main.get_command(build_app())
    tree = command_tree(command)
    return {**scripts(command), TREE: dumps(tree), FAST_VALUES: fast_values(tree)}


def main(argv: list[str]) -> int:
    stale = [path for path, text in outputs().items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run python scripts/make_completions.py)")
        return 1 if stale else 0
    FOLDER.mkdir(exist_ok=True)
    PACKAGED.mkdir(exist_ok=True)
    for path, text in outputs().items():
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
