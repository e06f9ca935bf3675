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

import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import create_output
from prompt_toolkit.validation import ValidationError, Validator

from referee.cli.table.words import normalized
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
    number: int | None = None
    """The number it keeps (a kind of action keeps its number all through a turn); None: its place in the menu."""
    words: tuple[str, ...] = ()
    """Other words that mean it (a session word in English and in the player's language)."""

    @property
    def key(self) -> str:
        return normalized(self.text)

    @property
    def search(self) -> str:
        return normalized(" ".join((self.text, self.label, *self.words)))


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
        if wanted in (entry.key, normalized(entry.label), *(normalized(word) for word in entry.words)):
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
    return next((entry for number, entry in numbered(entries) if number == int(digits)), None)


def numbered(entries: Sequence[Entry]) -> list[tuple[int, Entry]]:
    """Each entry with the number it is shown and picked by: its own, or else its place in the menu."""
    return [(entry.number if entry.number is not None else place, entry) for place, entry in enumerate(entries, 1)]


def common_start(texts: Sequence[str]) -> str:
    """The start all of ``texts`` share, letters compared regardless of case (``place Q C`` from ``place Q C1``,
    ``place Q C2``; ``pla`` from ``place`` and ``play``, as readline would insert it)."""
    if not texts:
        return ""
    first = texts[0]
    length = len(first)
    for text in texts[1:]:
        length = min(length, len(text))
        for place in range(length):
            if first[place].casefold() != text[place].casefold():
                length = place
                break
    return first[:length]


def tab_insertion(typed: str, texts: Sequence[str]) -> str | None:
    """What TAB puts on the line, as readline does: the part every entry offered shares, when it goes beyond what is
    typed (``pl`` → ``place ``); None when it does not (the next TAB then moves through the list)."""
    shared = common_start(texts)
    if len(shared) > len(typed) and normalized(shared).startswith(normalized(typed)):
        return shared
    return None


_ID = re.compile(r"^([A-Za-z]+)(\d+)$")


def board_order(entries: Sequence[Entry]) -> list[Entry]:
    """The entries with the spaces and cards they name in natural order (``place Q C1``, ``C2``, ``C3``; ``W7``
    before ``W12``), everything else as the rules listed it: word by word, a word like ``A1`` or ``W07`` sorts by
    its letters, then its number; any other word by where it first came in the list (kinds of action, coins by
    rank, stay in the rules' order)."""
    first_seen: dict[tuple[int, str], int] = {}
    for entry in entries:
        for place, word in enumerate(entry.text.split()):
            first_seen.setdefault((place, word.casefold()), len(first_seen))

    def key(entry: Entry) -> tuple[tuple[int, str, int], ...]:
        parts = []
        for place, word in enumerate(entry.text.split()):
            found = _ID.match(word)
            if found is not None and place > 0:
                parts.append((1, found.group(1).casefold(), int(found.group(2))))
            else:
                parts.append((0, "", first_seen[(place, word.casefold())]))
        return tuple(parts)

    return sorted(entries, key=key)


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
                number = next(n for n, e in numbered(self.entries) if e is entry)
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
        index = {id(entry): number for number, entry in numbered(self.entries)}
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
            raise ValidationError(cursor_position=len(document.text), message=wrapped_to_terminal(problem))


def wrapped_to_terminal(message: str) -> str:
    """``message`` broken between words to the terminal's width (the toolbar showing it wraps its rows, but
    anywhere, mid-word)."""
    from prompt_toolkit.application.current import get_app_or_none

    from referee.cli.cells import cell_width, fill

    app = get_app_or_none()
    width = app.output.get_size().columns if app is not None else 80
    return message if cell_width(message) < width else fill(message, max(20, width - 1))


MESSAGE_ROWS = 4
"""Rows a refusal under the prompt may take, wrapped to the terminal (its end is often the advice)."""


class TableChanged(Exception):
    """The game changed while a prompt was open (a seat's page played, ``play --serve``): the prompt was closed
    unanswered, so that the table is drawn again and the player asked against the position as it is now."""


_open: list[Any] = []
"""The application of the prompt now open (at most one), for :func:`interrupt`."""


def interrupt() -> None:
    """Close the prompt now open, from any thread: it raises :class:`TableChanged` in the thread that asked."""
    for app in list(_open):
        loop = getattr(app, "loop", None)
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(_close, app)


def _close(app: Any) -> None:
    if app.is_running and not app.future.done():
        app.exit(exception=TableChanged())


def _session(to_stderr: bool, rows: int) -> PromptSession[str]:
    output = create_output(stdout=sys.stderr) if to_stderr else None
    session: PromptSession[str] = PromptSession(
        output=output, reserve_space_for_menu=rows, erase_when_done=False, enable_suspend=True
    )
    wrap_refusals(session)
    return session


def wrap_refusals(session: PromptSession[str]) -> bool:
    """Let the line under the prompt that says why a line was refused wrap onto up to :data:`MESSAGE_ROWS` rows:
    prompt_toolkit's validation toolbar is one row high and cuts the message at the terminal's edge. Returns
    whether the toolbar was found (a test holds that it is, so a prompt_toolkit that builds it otherwise is seen)."""
    from prompt_toolkit.filters import to_filter
    from prompt_toolkit.layout.containers import Window
    from prompt_toolkit.layout.controls import FormattedTextControl
    from prompt_toolkit.layout.dimension import Dimension

    for container in session.layout.walk():
        if (
            isinstance(container, Window)
            and isinstance(container.content, FormattedTextControl)
            and getattr(container.content.text, "__qualname__", "").startswith("ValidationToolbar.")
        ):
            container.height = Dimension(min=1, max=MESSAGE_ROWS)
            container.wrap_lines = to_filter(True)
            return True
    return False


def toolbar_text(toolbar: str, width: int) -> str:
    """The line under the prompt: the whole description of the one entry highlighted or left by what was typed
    (the menu cuts descriptions to its width), wrapped to the terminal; else ``toolbar``."""
    from prompt_toolkit.application.current import get_app

    from referee.cli.cells import cell_width, fill

    state = get_app().current_buffer.complete_state
    if state is not None:
        shown = state.current_completion or (state.completions[0] if len(state.completions) == 1 else None)
        meta = shown.display_meta_text if shown is not None else ""
        if meta:
            text = f"{shown.text}: {meta}" if shown is not None else meta
            if cell_width(text) > width - 1:
                return fill(text, width - 1)
            return text
    return fill(toolbar, width - 1) if cell_width(toolbar) > width - 1 else toolbar  # never cut at the edge


def _prompt(
    to_stderr: bool,
    message: str,
    completer: Completer,
    check: Callable[[str], str | None],
    toolbar: str,
    rows: int,
    *,
    menu: bool = True,
) -> str:
    session = _session(to_stderr, rows)
    bindings = KeyBindings()

    @bindings.add("tab")
    def _tab(event: KeyPressEvent) -> None:
        """TAB as in readline: the shared part of what is offered inserted first; then through the list."""
        buffer = event.current_buffer
        state = buffer.complete_state
        if state is None or state.complete_index is None:  # nothing picked in the list yet: the shared part
            document = buffer.document
            typed = document.text_before_cursor
            offered = completer.get_completions(document, CompleteEvent(completion_requested=True))
            texts = [typed[: len(typed) + c.start_position] + c.text for c in offered]
            shared = tab_insertion(typed, texts)
            if shared is not None:
                buffer.text = shared + document.text_after_cursor
                buffer.cursor_position = len(shared)
                buffer.start_completion(select_first=False)
                return
        if buffer.complete_state is None:
            buffer.start_completion(select_first=False)
        else:
            buffer.complete_next()

    def bottom() -> str | None:
        width = session.app.output.get_size().columns
        return toolbar_text(toolbar, width) or None

    _open.append(session.app)
    try:
        return session.prompt(
            message,
            completer=completer,
            validator=LineValidator(check),
            validate_while_typing=False,
            bottom_toolbar=bottom,
            key_bindings=bindings,
            pre_run=(lambda: session.default_buffer.start_completion(select_first=False)) if menu else None,
            complete_while_typing=menu,
        )
    except EOFError:  # Ctrl-D: as Ctrl-C, the record is safe
        raise KeyboardInterrupt from None
    finally:
        _open.remove(session.app)


def ask_line(
    message: str,
    entries: Sequence[Entry],
    check: Callable[[str], str | None],
    *,
    toolbar: str = "",
    to_stderr: bool = False,
    menu: bool = True,
) -> str:
    """A line of notation (or a session word, or nothing), accepted only when ``check`` finds no fault in it.
    ``menu`` False: the list is not opened, and no room is kept for it (what is above stays on screen)."""
    rows = min(MENU_ROWS, max(3, len(entries))) if menu else 0
    completer = EntryCompleter(board_order(entries), numbered=False)
    return _prompt(to_stderr, message, completer, check, toolbar, rows, menu=menu).strip()


def choose(
    message: str,
    entries: Sequence[Entry],
    *,
    toolbar: str = "",
    to_stderr: bool = False,
    hint: str = "",
    words: Sequence[Entry] = (),
) -> Entry:
    """One of ``entries``, meant by the player: typed, numbered or browsed to; or one of ``words``, not offered
    but understood when typed whole (the session's words in a menu that does not list them)."""

    def said(text: str) -> Entry | None:
        wanted = normalized(text)
        return next((word for word in words if wanted in (word.key, *map(normalized, word.words))), None)

    def check(text: str) -> str | None:
        if resolve(entries, text, numbered=True) is not None or said(text) is not None:
            return None
        if not normalized(text):
            return hint or _("Pick an entry: type to filter, a number, or ↓ to browse.")
        found = matching(entries, text)
        if not found:
            return _("Nothing here matches '{text}'.").format(text=text.strip())
        return _("{count} entries match '{text}': type more, or pick one.").format(count=len(found), text=text.strip())

    rows = min(MENU_ROWS, max(3, len(entries)))
    text = _prompt(to_stderr, message, EntryCompleter(entries, numbered=True), check, toolbar, rows)
    entry = resolve(entries, text, numbered=True) or said(text)
    assert entry is not None  # the validator accepted it
    return entry


def entries_of(pairs: Iterable[tuple[str, Any]]) -> list[Entry]:
    """Menu entries from (label, value) pairs: the label is what is typed."""
    return [Entry(label, "", value) for label, value in pairs]
