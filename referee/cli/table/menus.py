"""Menus at a terminal. Imported only when a prompt is actually shown: questionary and prompt_toolkit cost about
100 ms of start-up, which one-shot commands and TAB completion must not pay.

Every menu is a :func:`referee.cli.table.typed_prompt.choose` prompt (type to filter, a number, or browse; nothing is
picked for the player); the toss's checkbox is questionary's."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cli.menu_group import MenuGroup
from referee.cli.table import typed_prompt
from referee.i18n import _

UNDO = "\x00undo"
REDO = "\x00redo"
RULES = "\x00rules"
QUIT = "\x00quit"
BACK = "\x00back"
LOG = "\x00log"
HINT = "\x00hint"
SESSION_COMMANDS = (UNDO, REDO, LOG, RULES, QUIT, HINT)
COMMAND_OF_WORD = {"hint": HINT, "undo": UNDO, "redo": REDO, "log": LOG, "rules": RULES, "quit": QUIT, "back": BACK}


class SessionCommand(Exception):
    """A session word (undo, redo, log, rules, quit) typed in one of a room's own menus: the session carries it
    out, whichever menu of the turn the player was in."""

    def __init__(self, command: str) -> None:
        super().__init__(command)
        self.command = command


class MenuChoice(tuple[str, Any]):
    """A (label, value) pair of a menu, with the number it keeps (None: its place) and the words that also mean
    it (a session word in English and in the player's language)."""

    number: int | None
    words: tuple[str, ...]

    def __new__(cls, label: str, value: Any, number: int | None = None, words: tuple[str, ...] = ()) -> MenuChoice:
        choice = super().__new__(cls, (label, value))
        choice.number = number
        choice.words = words
        return choice


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
        """One of ``choices`` (label, value), meant by the player. Ctrl-C raises KeyboardInterrupt. A session word
        typed (in English or the player's language) raises :class:`SessionCommand`; "back" is the ``BACK`` entry
        where the menu has one.

        ``default`` is accepted for the menus' sake but never preselected: Enter alone picks nothing."""
        picked = self._pick(message, choices)
        if picked in SESSION_COMMANDS:
            raise SessionCommand(picked)
        return picked

    def _pick(self, message: str, choices: Sequence[tuple[str, Any]]) -> Any:
        from referee.cli.table.words import SESSION_WORDS, spellings

        entries = []
        for choice in choices:  # numbered by their place, from 1 in order: no number is kept for a kind
            label, value = choice
            words = choice.words if isinstance(choice, MenuChoice) else ()
            notation = "" if isinstance(value, str | OpenGroup) else self.notation(value)
            if (
                notation
                and isinstance(choice, MenuChoice)
                and choice.number is not None
                and label.endswith(": " + notation)
            ):
                # a kind of action with one action (``buy``, ``done``): named in the player's language, like the
                # other kinds around it; its notation is understood too
                label = label.removesuffix(": " + notation)
                entries.append(typed_prompt.Entry(label, "", value, None, (*words, notation)))
            elif notation:  # an action: its notation first (as at the turn's prompt), then what it does
                label = label.removesuffix(": " + notation)  # a group of one action named "…: done"
                entries.append(typed_prompt.Entry(notation, "" if label == notation else label, value, None, words))
            else:
                entries.append(typed_prompt.Entry(label, "", value, None, words))
        offered = {entry.value for entry in entries}
        understood = [
            typed_prompt.Entry(word, "", COMMAND_OF_WORD[word], None, spellings(word))
            for word in SESSION_WORDS
            if COMMAND_OF_WORD[word] not in offered and (word != "back" or BACK in offered)
        ]
        return self.choose(message, entries, understood).value

    def choose(
        self, message: str, entries: list[typed_prompt.Entry], understood: list[typed_prompt.Entry]
    ) -> typed_prompt.Entry:
        """The entry the player means (a line prompt with its list under it; the full screen asks its own way)."""
        return typed_prompt.choose(
            message + " ", entries, toolbar=self.toolbar, to_stderr=self.to_stderr, words=understood
        )

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

    def choose_action(self, message: str, groups: Sequence[MenuGroup], topics: Sequence[str], kinds: int = 0) -> Any:
        """The menus of legal actions (:func:`first_menu`, then a group's actions) plus undo, log, rules, quit and
        back (to the turn's typed line); returns what the entry picked stands for (an action object, notation, a
        session command, or ``BACK``). ``kinds``: how many kinds of action the room numbers (see
        :class:`MenuGroup`)."""
        while True:
            picked = self._pick(message, first_menu(groups, kinds))
            if picked == RULES:
                topic = self._pick(_("Which rules?"), [(name, name) for name in topics] + [back_entry()])
                if topic == BACK:
                    continue
                if topic in SESSION_COMMANDS:
                    return topic
                return f"{RULES} {topic}"
            if not isinstance(picked, OpenGroup):
                return picked
            group = groups[picked.index]
            action = self._pick(group.label, [*group.actions, back_entry()])
            if action != BACK:
                return action


@dataclass(frozen=True, slots=True)
class OpenGroup:
    """An entry of the first menu that opens the menu of group ``index``."""

    index: int


def back_entry() -> MenuChoice:
    """The entry that goes back to the menu before, understood as ``back`` in English and in the player's
    language."""
    from referee.cli.table.words import spellings

    return MenuChoice(_("back"), BACK, None, spellings("back"))


def session_entries(first: int | None = None) -> list[MenuChoice]:
    """The entries closing every first menu, always in this order: undo, the log, the rules, save and quit, and
    back to the turn's typed line; numbered from ``first`` (None: by their place). Each is also understood by its
    session word, in English and in the player's language."""
    from referee.cli.table.words import spellings

    labels = (
        (_("undo the last action"), "undo"),
        (_("log and score sheet"), "log"),
        (_("rules…"), "rules"),
        (_("save and quit"), "quit"),
        (_("back to the typed line"), "back"),
    )
    return [
        MenuChoice(label, COMMAND_OF_WORD[word], None if first is None else first + i, spellings(word))
        for i, (label, word) in enumerate(labels)
    ]


def first_menu(groups: Sequence[MenuGroup], kinds: int = 0) -> list[MenuChoice]:
    """The first menu of a turn, with no step that offers one thing only: when there is one group (and the room
    does not number its kinds), its actions themselves; else an entry per group, where a group of one action is
    that action, named in the entry (picked, it is played: the player saw it). Then :func:`session_entries`.

    When the room numbers its kinds of action (``kinds`` > 0, each group its ``number``), every entry keeps its
    number on every step of a turn, the session's entries after the last kind. Pure: tests read it without a
    terminal."""
    numbered = kinds > 0 and all(group.number is not None for group in groups)
    if len(groups) == 1 and not numbered:
        entries = [MenuChoice(label, action) for label, action in groups[0].actions]
    else:
        entries = []
        for index, group in enumerate(groups):
            number = group.number if numbered else None
            if len(group.actions) == 1:
                label, action = group.actions[0]
                named = group.label if group.label.endswith(label) else f"{group.label}: {label}"
                entries.append(MenuChoice(named, action, number))
            else:
                entries.append(MenuChoice(group.label, OpenGroup(index), number))
    return entries + session_entries(kinds + 1 if numbered else None)
