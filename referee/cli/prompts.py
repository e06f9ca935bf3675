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
    """A kind of action: an entry of the first menu, its actions the second menu (see :func:`first_menu`)."""

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
            notation = "" if isinstance(value, str | OpenGroup) else self.notation(value)
            if notation:  # an action: its notation first (as at the turn's prompt), then what it does
                label = label.removesuffix(": " + notation)  # a group of one action named "…: done"
                entries.append(typed.Entry(notation, "" if label == notation else label, value))
            else:
                entries.append(typed.Entry(label, "", value))
        return typed.choose(message + " ", entries, toolbar=self.toolbar, to_stderr=self.to_stderr).value

    def checkbox(self, message: str, choices: Sequence[tuple[str, str]]) -> list[str]:
        import questionary
        from prompt_toolkit.output import create_output

        options = [questionary.Choice(title=label, value=value) for label, value in choices]
        instruction = _("(Use arrow keys to move, <space> to select, <a> to toggle, <i> to invert)")
        question = questionary.checkbox(
            message,
            choices=options,
            instruction=instruction,
            output=create_output(stdout=sys.stderr) if self.to_stderr else None,
        )
        picked: list[str] = question.unsafe_ask()
        return picked

    def choose_action(self, message: str, groups: Sequence[MenuGroup], topics: Sequence[str]) -> Any:
        """The menus of legal actions (:func:`first_menu`, then a group's actions) plus undo, log, rules and quit;
        returns what the entry picked stands for (an action object, notation, or a session command)."""
        while True:
            picked = self.select(message, first_menu(groups))
            if picked == RULES:
                topic = self.select(_("Which rules?"), [(name, name) for name in topics] + [(_("back"), BACK)])
                if topic == BACK:
                    continue
                return f"{RULES} {topic}"
            if not isinstance(picked, OpenGroup):
                return picked
            group = groups[picked.index]
            action = self.select(group.label, [*group.actions, (_("back"), BACK)])
            if action != BACK:
                return action


@dataclass(frozen=True, slots=True)
class OpenGroup:
    """An entry of the first menu that opens the menu of group ``index``."""

    index: int


def session_entries() -> list[tuple[str, str]]:
    """The entries closing every first menu, always in this order: undo, the log, the rules, save and quit."""
    return [
        (_("undo the last action"), UNDO),
        (_("log and score sheet"), LOG),
        (_("rules…"), RULES),
        (_("save and quit"), QUIT),
    ]


def first_menu(groups: Sequence[MenuGroup]) -> list[tuple[str, Any]]:
    """The first menu of a turn, with no step that offers one thing only: when there is one group, its actions
    themselves; else an entry per group, where a group of one action is that action, named in the entry (picked,
    it is played: the player saw it). Then :func:`session_entries`. Pure: tests read it without a terminal."""
    if len(groups) == 1:
        entries = list(groups[0].actions)
    else:
        entries = []
        for index, group in enumerate(groups):
            if len(group.actions) == 1:
                label, action = group.actions[0]
                named = group.label if group.label.endswith(label) else f"{group.label}: {label}"
                entries.append((named, action))
            else:
                entries.append((group.label, OpenGroup(index)))
    return entries + session_entries()
