"""Write the shell completion scripts and the command tree TAB is answered from (run after changing commands).

    python scripts/make_completions.py          # write
    python scripts/make_completions.py --check  # exit 1 when a file is stale (the test suite runs this)

* ``completions/referee.{bash,zsh,fish}``: the scripts a shell sources. They call back into ``referee`` for the
  words, so they list every command, option, map and rules topic.
* ``referee/cli/tab/command_tree.py``: every command, option and argument of the Typer app with its help as each
  shell prints it, so :mod:`referee.cli.tab.completion` can answer TAB without importing Typer (see
  :mod:`referee.cli.fast`).
"""

from __future__ import annotations

import os
import pprint
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["TERMINAL_WIDTH"] = "1000"  # helps as Rich renders them unwrapped (read when Typer is imported)
os.environ["LANGUAGE"] = "en"  # the generated files hold the English helps, whatever the language of the shell
os.environ.pop("REFEREE_EXTRA_GAMES", None)  # the files describe the games of this package (not the tests' toy)

import typer.main  # noqa: E402
from typer._completion_classes import _sanitize_help_text  # noqa: E402
from typer._completion_shared import get_completion_script  # noqa: E402
from typer.core import TyperArgument, TyperGroup, TyperOption  # noqa: E402

from referee.cli.tab.shell_setup import SCRIPT_FILES, ZSH_FIRST_TAB  # noqa: E402

FOLDER = ROOT / "completions"
PACKAGED = ROOT / "referee" / "cli" / "tab" / "completion_scripts"
"""The same scripts inside the package, which ``--show-completion`` and ``--install-completion`` read."""
TREE = ROOT / "referee" / "cli" / "tab" / "command_tree.py"
TREE_HEADER = '''"""The command tree of ``referee`` for TAB completion, generated from the Typer app: do not edit.

Written by ``python scripts/make_completions.py`` (a test fails when it is stale). Each node lists its
subcommands (name, help) and its parameters in the order Typer sees them; helps are given as zsh, fish and
PowerShell print them. ``complete`` names the function that completes a value (``module:function``).
"""

from typing import Any

'''


def scripts() -> dict[Path, str]:
    """Typer's script for each shell (for zsh with the first TAB completing, see :mod:`referee.cli.tab.shell_setup`),
    in ``completions/`` and in the package."""
    texts = {}
    for shell, filename in SCRIPT_FILES.items():
        text = get_completion_script(prog_name="referee", complete_var="_REFEREE_COMPLETE", shell=shell)
        text = text.rstrip("\n") + "\n" + (ZSH_FIRST_TAB if shell == "zsh" else "")
        texts[FOLDER / filename] = texts[PACKAGED / filename] = text
    return texts


def zsh_escape(text: str) -> str:
    """The escaping of Typer's zsh completion (typer._completion_classes.ZshComplete.format_completion)."""
    return text.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`").replace(":", r"\\:")


def helps(text: str | None) -> dict[str, str] | None:
    """A help text as Typer's zsh, fish and PowerShell completions print it (Rich markup rendered away)."""
    if not text:
        return None
    return {
        "zsh": _sanitize_help_text(zsh_escape(text)),
        "fish": _sanitize_help_text(re.sub(r"\s", " ", text)),
        "powershell": _sanitize_help_text(text),
    }


def completer(param: Any) -> str | None:
    """``module:function`` of a parameter's ``autocompletion`` function (Typer wraps it twice)."""
    wrapped = param._custom_shell_complete
    if wrapped is None:
        return None
    cells = dict(zip(wrapped.__code__.co_freevars, wrapped.__closure__ or (), strict=True))
    function = cells["autocompletion"].cell_contents
    function = getattr(function, "__wrapped__", function)
    from referee import registry

    rooms = tuple(entry.spec_module for entry in registry.GAMES.values())
    if function.__module__ not in rooms and not function.__module__.startswith(
        ("referee.cli.games.", "referee.cli.tab.action_words", "referee.cli.tab.option_values")
    ):
        raise SystemExit(
            f"{function.__qualname__}: completion functions belong in a game's room module, referee.cli.games,"
            " referee.cli.tab.action_words or referee.cli.tab.option_values (modules without Typer)"
        )
    return f"{function.__module__}:{function.__qualname__}"


def value_kind(param: Any) -> dict[str, Any]:
    """How a value of this type completes when no function is given: nothing, a choice, or a file."""
    kind = type(param.type).__name__
    if kind in {"StringParamType", "IntParamType", "FloatParamType", "BoolParamType"}:
        return {}
    if kind == "Choice":
        return {"choices": [str(choice) for choice in param.type.choices], "case": param.type.case_sensitive}
    if kind in {"Path", "File"}:
        return {"file": True}
    raise SystemExit(f"{param.name}: no completion rule for the type {kind}; teach scripts/make_completions.py")


VALUE_TYPES = {"StringParamType": "text", "IntParamType": "int", "FloatParamType": "float", "BoolParamType": "bool"}


def reading(param: Any) -> dict[str, Any]:
    """What the fast path needs to read a parameter as Typer does: its name in the command function (``dest``),
    its type, whether it is required and its default (see :func:`referee.cli.fast.parse`)."""
    default = param.default
    if callable(default) or not isinstance(default, str | int | float | bool | type(None) | list | tuple):
        raise SystemExit(f"{param.name}: a default the command tree cannot hold: {default!r}")
    return {
        "dest": param.name,
        "type": "flag" if getattr(param, "is_flag", False) else VALUE_TYPES.get(type(param.type).__name__, "other"),
        "required": bool(param.required),
        "default": list(default) if isinstance(default, tuple) else default,
        **({} if param.expose_value else {"hidden_value": True}),
        **({"callback": True} if param.callback is not None else {}),
    }


def parameter(param: Any) -> dict[str, Any]:
    if isinstance(param, TyperOption):
        if param.count or param.nargs != 1:
            raise SystemExit(f"{param.name}: counting options and options of several values are not supported")
        return {
            **reading(param),
            "option": list(param.opts),
            "names": [*param.opts, *param.secondary_opts],
            "flag": bool(param.is_flag),
            "multiple": bool(param.multiple),
            "hidden": bool(param.hidden),
            "help": helps(param.help),
            "complete": completer(param),
            **takes_words(param),
            **value_kind(param),
        }
    assert isinstance(param, TyperArgument)
    return {
        **reading(param),
        "argument": param.name,
        "nargs": param.nargs,
        "complete": completer(param),
        **takes_words(param),
        **value_kind(param),
    }


def takes_words(param: Any) -> dict[str, Any]:
    """``{"args": True}`` when the completion function takes Typer's ``(ctx, args, incomplete)``: the fast path then
    gives it the words typed before."""
    name = completer(param)
    if name is None:
        return {}
    import inspect
    from importlib import import_module

    module, function = name.split(":")
    return {"args": True} if len(inspect.signature(getattr(import_module(module), function)).parameters) == 3 else {}


def node(command: Any, ctx: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"params": [parameter(param) for param in command.get_params(ctx)]}
    if isinstance(command, TyperGroup):
        result["commands"] = {}
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            child = node(sub, typer.main._click.core.Context(sub, info_name=name, parent=ctx))
            child["help"] = helps(sub.get_short_help_str())
            result["commands"][name] = child
    return result


def command_tree() -> str:
    from referee.cli.app import app

    root = typer.main.get_command(app)
    tree = node(root, typer.main._click.core.Context(root, info_name="referee"))
    body = pprint.pformat(tree, width=116, sort_dicts=False)
    return TREE_HEADER + f"TREE: dict[str, Any] = {body}\n"


def outputs() -> dict[Path, str]:
    return {**scripts(), TREE: command_tree()}


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
