"""Menus at a terminal. Imported only when a prompt is actually shown: questionary and prompt_toolkit cost about
100 ms of start-up, which one-shot commands and TAB completion must not pay.

Every menu is a :func:`referee.cli.typed.choose` prompt (type to filter, a number, or browse; nothing is picked for
the player); the toss's checkbox is questionary's."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.cli import typed
from referee.i18n import _

UNDO = "\x00undo"
RULES = "\x00rules"
QUIT = "\x00quit"
BACK = "\x00back"
LOG = "\x00log"
SESSION_COMMANDS = (UNDO, LOG, RULES, QUIT)


@dataclass
class MenuGroup:
    """One entry of the first menu; its actions form the second menu (skipped when there is only one)."""

    label: str
    actions: list[tuple[str, Any]] = field(default_factory=list)
    """(label, action) pairs: the action object the rules gave (labelled by the rules' formatter), or notation."""


class Prompter:
    """Questionary menus. With ``to_stderr`` (``--json`` at a terminal) prompts never touch standard output."""

    def __init__(self, to_stderr: bool = False) -> None:
        self.to_stderr = to_stderr
        self.notation: Callable[[Any], str] = lambda value: ""
        """The notation of a menu value (an action object), so that typing the notation finds its entry; the
        session sets it for the position at hand."""
        self.toolbar = ""
        """The line under every prompt (whose turn, what may be typed)."""

    def select(self, message: str, choices: Sequence[tuple[str, Any]], default: Any = None) -> Any:
        """One of ``choices`` (label, value), meant by the player. Ctrl-C raises KeyboardInterrupt.

        ``default`` is accepted for the menus' sake but never preselected: Enter alone picks nothing."""
        entries = []
        for label, value in choices:
            notation = "" if isinstance(value, str) else self.notation(value)
            entries.append(typed.Entry(label, notation if notation and notation != label else "", value))
        return typed.choose(message + " ", entries, toolbar=self.toolbar, to_stderr=self.to_stderr).value

    def checkbox(self, message: str, choices: Sequence[tuple[str, str]]) -> list[str]:
        import questionary
        from prompt_toolkit.output import create_output

        options = [questionary.Choice(title=label, value=value) for label, value in choices]
        output = {"output": create_output(stdout=sys.stderr)} if self.to_stderr else {}
        instruction = _("(Use arrow keys to move, <space> to select, <a> to toggle, <i> to invert)")
        return questionary.checkbox(message, choices=options, instruction=instruction, **output).unsafe_ask()

    def choose_action(self, message: str, groups: Sequence[MenuGroup], topics: Sequence[str]) -> Any:
        """A two-level menu of legal actions plus undo, rules and quit; returns notation or a session command."""
        while True:
            first: list[tuple[str, str]] = [(group.label, str(i)) for i, group in enumerate(groups)]
            first += [(_("undo the last action"), UNDO), (_("log and score sheet"), LOG), (_("rules…"), RULES)]
            first += [(_("save and quit"), QUIT)]
            picked = self.select(message, first)
            if picked in (QUIT, UNDO, LOG):
                return picked
            if picked == RULES:
                topic = self.select(_("Which rules?"), [(name, name) for name in topics] + [(_("back"), BACK)])
                if topic == BACK:
                    continue
                return f"{RULES} {topic}"
            group = groups[int(picked)]
            action = self.select(group.label, [*group.actions, (_("back"), BACK)])
            if action != BACK:
                return action
