"""The command line of ``referee`` as data: ``command_tree.json``, generated from the Typer app.

``scripts/make_completions.py`` writes ``command_tree.json`` beside this module from the Typer app, through Typer's
and Click's public API (a test fails when it is stale). The fast path (:mod:`referee.cli.fast`) reads ``check``,
``score``… by it and TAB (:mod:`referee.cli.tab.completion`) is answered from it, without importing Typer: the
Typer app stays the one description of the command line, this file its copy for a quick start.

A command lists its parameters in the order Typer sees them, its subcommands, and the help Click shows beside it at
TAB. A parameter says only what differs from the usual (an optional text option of no default, shown, without a
callback): see :class:`Param`.
"""

from __future__ import annotations

import json
from typing import Any

FILE = "command_tree.json"


class Param:
    """An option or argument of a command, as the fast path reads it and TAB completes it."""

    __slots__ = (
        "callback",
        "complete",
        "complete_with_words",
        "default",
        "expose_value",
        "help",
        "help_markup",
        "hidden",
        "kind",
        "multiple",
        "name",
        "nargs",
        "opts",
        "required",
        "secondary_opts",
    )

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        """Its name in the command function (the value's key)."""
        self.opts: list[str] = data.get("opts", [])
        """An option's names (``--json``); empty for an argument."""
        self.secondary_opts: list[str] = data.get("secondary_opts", [])
        """A flag's negative names (``--no-log``)."""
        self.kind: str = data["kind"]
        """``flag``, ``text``, ``int`` or ``float``."""
        self.required: bool = data.get("required", False)
        self.default: Any = data.get("default")
        self.nargs: int = data.get("nargs", 1)
        """-1: an argument taking every word left."""
        self.multiple: bool = data.get("multiple", False)
        self.hidden: bool = data.get("hidden", False)
        self.help: str | None = data.get("help")
        """An option's help, as TAB shows it."""
        self.help_markup: bool = data.get("help_markup", False)
        """Rich would print the help otherwise than written (markup): TAB leaves it to Typer."""
        self.callback: bool = data.get("callback", False)
        """Click calls a function with its value, given or not (the fast path leaves a line giving it to Typer)."""
        self.expose_value: bool = data.get("expose_value", True)
        """False for ``--help`` and the like: no value is passed to the command."""
        self.complete: str | None = data.get("complete")
        """``module:function`` that completes its value."""
        self.complete_with_words: bool = data.get("complete_with_words", False)
        """The completion function takes Typer's ``(ctx, args, incomplete)``: it is given the words typed before."""

    @property
    def is_option(self) -> bool:
        return bool(self.opts)

    @property
    def names(self) -> list[str]:
        """Every name of an option, the negative ones last."""
        return [*self.opts, *self.secondary_opts]

    @property
    def flag(self) -> bool:
        return self.kind == "flag"


class Command:
    """A command or a group of commands."""

    __slots__ = ("_commands", "_data", "_params", "help", "help_markup")

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.help: str | None = data.get("help")
        """What TAB shows beside its name (Click's short help)."""
        self.help_markup: bool = data.get("help_markup", False)
        """Rich would print the help otherwise than written (markup): TAB leaves it to Typer."""
        self._params: list[Param] | None = None
        self._commands: dict[str, Command] | None = None

    @property
    def params(self) -> list[Param]:
        if self._params is None:
            self._params = [Param(param) for param in self._data["params"]]
        return self._params

    @property
    def is_group(self) -> bool:
        return "commands" in self._data

    @property
    def commands(self) -> dict[str, Command]:
        """Its subcommands by name (none for a command that is not a group)."""
        if self._commands is None:
            self._commands = {name: Command(child) for name, child in self._data.get("commands", {}).items()}
        return self._commands

    @property
    def options(self) -> list[Param]:
        return [param for param in self.params if param.is_option]

    @property
    def arguments(self) -> list[Param]:
        return [param for param in self.params if not param.is_option]


_ROOT: Command | None = None


def root() -> Command | None:
    """The root command (``referee``), read from ``command_tree.json`` the first time it is asked for; None when the
    file cannot be read (a damaged installation): the fast path and TAB then leave every command line to Typer."""
    global _ROOT
    if _ROOT is None:
        import os

        try:
            with open(os.path.join(os.path.dirname(__file__), FILE), encoding="utf-8") as file:
                data = json.load(file)
            found = Command(data)
            found.params  # noqa: B018 - its shape is checked here, once, not in the middle of a command line
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None
        _ROOT = found
    return _ROOT
