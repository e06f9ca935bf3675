"""Menus at a terminal (questionary). Imported only when a prompt is actually shown: questionary and
prompt_toolkit cost about 100 ms of start-up, which one-shot commands and TAB completion must not pay."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import questionary
from prompt_toolkit.output import create_output

from referee.i18n import _

UNDO = "\x00undo"
RULES = "\x00rules"
QUIT = "\x00quit"
BACK = "\x00back"
SESSION_COMMANDS = (UNDO, RULES, QUIT)
LONG_MENU = 12
"""Longer menus (a deck of cards) also filter as you type."""


@dataclass
class MenuGroup:
    """One entry of the first menu; its actions form the second menu (skipped when there is only one)."""

    label: str
    actions: list[tuple[str, str]] = field(default_factory=list)
    """(label, notation) pairs."""


class Prompter:
    """Questionary menus. With ``to_stderr`` (``--json`` at a terminal) prompts never touch standard output."""

    def __init__(self, to_stderr: bool = False) -> None:
        self._kwargs: dict[str, Any] = {}
        if to_stderr:
            self._kwargs["output"] = create_output(stdout=sys.stderr)

    def select(self, message: str, choices: Sequence[tuple[str, str]], default: str | None = None) -> str:
        """One of ``choices`` (label, value). Ctrl-C raises KeyboardInterrupt."""
        options = [questionary.Choice(title=label, value=value) for label, value in choices]
        chosen = default if default in [value for _label, value in choices] else None
        search: dict[str, Any] = {"instruction": _("(Use arrow keys)")}
        if len(choices) > LONG_MENU:
            search = {"use_search_filter": True, "use_jk_keys": False}
            search["instruction"] = _("(Use arrow keys, type to filter)")
        return questionary.select(message, choices=options, default=chosen, **search, **self._kwargs).unsafe_ask()

    def checkbox(self, message: str, choices: Sequence[tuple[str, str]]) -> list[str]:
        options = [questionary.Choice(title=label, value=value) for label, value in choices]
        instruction = _("(Use arrow keys to move, <space> to select, <a> to toggle, <i> to invert)")
        return questionary.checkbox(message, choices=options, instruction=instruction, **self._kwargs).unsafe_ask()

    def choose_action(self, message: str, groups: Sequence[MenuGroup], topics: Sequence[str]) -> str:
        """A two-level menu of legal actions plus undo, rules and quit; returns notation or a session command."""
        while True:
            first: list[tuple[str, str]] = [(group.label, str(i)) for i, group in enumerate(groups)]
            first += [(_("undo the last action"), UNDO), (_("rules…"), RULES), (_("save and quit"), QUIT)]
            picked = self.select(message, first)
            if picked in (QUIT, UNDO):
                return picked
            if picked == RULES:
                topic = self.select(_("Which rules?"), [(name, name) for name in topics] + [(_("back"), BACK)])
                if topic == BACK:
                    continue
                return f"{RULES} {topic}"
            group = groups[int(picked)]
            if len(group.actions) == 1:
                return group.actions[0][1]
            action = self.select(group.label, [*group.actions, (_("back"), BACK)])
            if action != BACK:
                return action
