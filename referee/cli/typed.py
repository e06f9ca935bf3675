"""Type or pick: the prompts of ``play`` at a terminal, on prompt_toolkit's completer, validator and toolbar.

Two kinds of prompt, both a line of text with a completion menu that is open from the start:

* the turn's prompt (:func:`ask_line`): the game's own notation typed directly (``place Q B2``), completed from the
  legal actions the rules list (whole actions, or the next word when too many share the typed start), and checked
  on Enter by the same parser and judge as pipe mode: an unreadable, incomplete or illegal line is never accepted,
  and the rule that refuses it shows in the toolbar;
* a menu (:func:`choose`): its entries in the completion menu, numbered; typing filters them by their label and by
  the notation they stand for, a number picks that entry (in a menu of numbers, the entry of that number), arrows
  browse. Enter accepts an entry only when exactly one is meant: with no match, or several, it does nothing but
  say so. Nothing is ever picked for the player.

Pure helpers (:func:`normalized`, :func:`matching`, :func:`next_words`, :func:`resolve`) hold the matching rules, so
tests and the keystroke benchmark call them without a terminal.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.output import create_output
from prompt_toolkit.validation import ValidationError, Validator

from referee.i18n import _, ngettext

MOST_SHOWN = 40
"""More matching actions than this are offered word by word (``play 8 …``), not line by line."""
MENU_ROWS = 8
"""Rows the completion menu may take below the prompt (the board stays in view on a 24-row terminal)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing a prompt offers: the text typed for it, a label for people, and what picking it returns."""

    text: str
    label: str = ""
    value: Any = None

    @property
    def key(self) -> str:
        return normalized(self.text)

    @property
    def search(self) -> str:
        return normalized(f"{self.text} {self.label}")


def normalized(text: str) -> str:
    """Case, accents and runs of spaces do not matter when matching what was typed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())


def matching(entries: Sequence[Entry], typed: str) -> list[Entry]:
    """The entries ``typed`` may mean: those whose text starts with it; else those holding every typed word in
    their text or label (``B2`` finds ``place Q B2``, ``treewood`` finds the space's label)."""
    wanted = normalized(typed)
    if not wanted:
        return list(entries)
    starting = [entry for entry in entries if entry.key.startswith(wanted)]
    if starting:
        return starting
    words = wanted.split()
    return [entry for entry in entries if all(word in entry.search for word in words)]


def next_words(entries: Sequence[Entry], typed: str) -> list[tuple[str, int]]:
    """The distinct starts of ``entries`` one word beyond ``typed``, each with how many entries go on from it."""
    wanted = normalized(typed)
    depth = len(wanted.split()) + (0 if wanted and not typed.endswith(" ") else 1)
    counts: dict[str, int] = {}
    for entry in entries:
        start = " ".join(entry.text.split()[:depth])
        counts[start] = counts.get(start, 0) + 1
    return list(counts.items())


def resolve(entries: Sequence[Entry], typed: str, *, numbered: bool) -> Entry | None:
    """The one entry ``typed`` means in a menu: its exact text or label, its number, or the single match."""
    wanted = normalized(typed)
    if not wanted:
        return None
    for entry in entries:
        if wanted in (entry.key, normalized(entry.label)):
            return entry
    if numbered and wanted.isdigit():
        return numbered_entry(entries, wanted)
    found = matching(entries, typed)
    return found[0] if len(found) == 1 else None


def numbers_are_labels(entries: Sequence[Entry]) -> bool:
    """A menu of numbers: some entry starts with one (a Matchstick value, count or card). Its entries are shown
    without their index, and a number typed is the entry it starts."""
    return any(entry.key.split()[:1] and entry.key.split()[0].isdigit() for entry in entries)


def numbered_entry(entries: Sequence[Entry], digits: str) -> Entry | None:
    """The entry a number typed in a menu means. In a menu whose entries start with numbers (Matchstick's values
    and counts), the entry that starts with it: ``8`` is the value 8, never the eighth entry, and ``3`` where 3 is
    not offered is nothing. In any other menu, the entry of that number."""
    if numbers_are_labels(entries):
        named = [entry for entry in entries if entry.key.split()[:1] == [digits]]
        return named[0] if len(named) == 1 else None
    return entries[int(digits) - 1] if 1 <= int(digits) <= len(entries) else None


LONGEST_TYPED = 200
"""No action, session word or menu entry typed is longer; a longer line (a paste) is refused at once, unparsed."""


class EntryCompleter(Completer):
    """Completes from a fixed list of entries (computed once per prompt: a keystroke only filters)."""

    def __init__(self, entries: Sequence[Entry], *, numbered: bool) -> None:
        self.entries = list(entries)
        self.numbered = numbered
        self.indexed = numbered and not numbers_are_labels(self.entries)
        """Whether each entry shows its number (not in a menu of numbers, where a number typed is a label)."""

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        typed = document.text_before_cursor
        if len(typed) > LONGEST_TYPED:  # a paste, not an action: nothing to offer, at once
            return
        start = -len(typed)
        if self.numbered and normalized(typed).isdigit():
            entry = numbered_entry(self.entries, normalized(typed))
            if entry is not None:
                number = next(n for n, e in enumerate(self.entries, start=1) if e is entry)
                shown = f"{number:>2}. {entry.text}" if self.indexed else entry.text
                yield Completion(entry.text, start, display=shown, display_meta=entry.label)
            return
        found = matching(self.entries, typed)
        if not self.numbered and len(found) > MOST_SHOWN and all(e.key.startswith(normalized(typed)) for e in found):
            for words, count in next_words(found, typed):
                whole = count == 1 and any(entry.text == words for entry in found)
                shown = words if whole else f"{words} …"
                meta = ngettext("{count} action", "{count} actions", count).format(count=count) if count > 1 else None
                yield Completion(words if whole else words + " ", start, display=shown, display_meta=meta)
            return
        index = {id(entry): number for number, entry in enumerate(self.entries, start=1)}
        for entry in found:
            shown = f"{index[id(entry)]:>2}. {entry.text}" if self.indexed else entry.text
            yield Completion(entry.text, start, display=shown, display_meta=entry.label or None)


class LineValidator(Validator):
    """On Enter: ``check`` returns why the line cannot be taken, or None to take it."""

    def __init__(self, check: Callable[[str], str | None]) -> None:
        self.check = check

    def validate(self, document: Document) -> None:
        if len(document.text) > LONGEST_TYPED:
            raise ValidationError(
                cursor_position=len(document.text),
                message=_("{count} characters: no action is this long (Ctrl-U clears the line)").format(
                    count=len(document.text)
                ),
            )
        problem = self.check(document.text)
        if problem is not None:
            raise ValidationError(cursor_position=len(document.text), message=problem)


def _session(to_stderr: bool, rows: int) -> PromptSession[str]:
    output = create_output(stdout=sys.stderr) if to_stderr else None
    return PromptSession(output=output, reserve_space_for_menu=rows, erase_when_done=False, enable_suspend=True)


def _prompt(
    to_stderr: bool,
    message: str,
    completer: Completer,
    check: Callable[[str], str | None],
    toolbar: str,
    rows: int,
) -> str:
    session = _session(to_stderr, rows)
    try:
        return session.prompt(
            message,
            completer=completer,
            complete_while_typing=True,
            validator=LineValidator(check),
            validate_while_typing=False,
            bottom_toolbar=toolbar or None,
            pre_run=lambda: session.default_buffer.start_completion(select_first=False),
        )
    except EOFError:  # Ctrl-D: as Ctrl-C, the record is safe
        raise KeyboardInterrupt from None


def ask_line(
    message: str,
    entries: Sequence[Entry],
    check: Callable[[str], str | None],
    *,
    toolbar: str = "",
    to_stderr: bool = False,
) -> str:
    """A line of notation (or a session word, or nothing), accepted only when ``check`` finds no fault in it."""
    rows = min(MENU_ROWS, max(3, len(entries)))
    return _prompt(to_stderr, message, EntryCompleter(entries, numbered=False), check, toolbar, rows).strip()


def choose(
    message: str, entries: Sequence[Entry], *, toolbar: str = "", to_stderr: bool = False, hint: str = ""
) -> Entry:
    """One of ``entries``, meant by the player: typed, numbered or browsed to."""

    def check(text: str) -> str | None:
        if resolve(entries, text, numbered=True) is not None:
            return None
        if not normalized(text):
            return hint or _("Pick an entry: type to filter, a number, or ↓ to browse.")
        found = matching(entries, text)
        if not found:
            return _("Nothing here matches '{text}'.").format(text=text.strip())
        return _("{count} entries match '{text}': type more, or pick one.").format(count=len(found), text=text.strip())

    rows = min(MENU_ROWS, max(3, len(entries)))
    text = _prompt(to_stderr, message, EntryCompleter(entries, numbered=True), check, toolbar, rows)
    entry = resolve(entries, text, numbered=True)
    assert entry is not None  # the validator accepted it
    return entry


def entries_of(pairs: Iterable[tuple[str, Any]]) -> list[Entry]:
    """Menu entries from (label, value) pairs: the label is what is typed."""
    return [Entry(label, "", value) for label, value in pairs]
