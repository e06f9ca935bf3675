"""The full-screen table of ``play`` at a terminal, on prompt_toolkit's full-screen :class:`Application`.

Fixed regions, top to bottom, that never scroll away: the board (the room's own Rich drawing, rendered to ANSI text
at the terminal's width), every seat's status with the mover marked, the last turns as they happened (the
computer's whole turn, each action as announced; a longer turn pages within its region and says so), the line that
says what happens now, the input line with the refusal or advice under it, and the menu or completion list in a
region of its own. A taller terminal gives the rest to the score sheet. It is drawn again on every change and on
resize; a terminal too small for it says so in one line, with the size it needs.

The game is played in a worker thread (:mod:`referee.cli.table.full_screen`) that asks the screen
:class:`Question`\\ s and waits for the answer; the screen runs in the main thread (where resizes are signalled).
What both touch is guarded by :attr:`TableScreen.lock`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from io import StringIO
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from referee.cli.cells import cell_width, fill
from referee.cli.env import Environment
from referee.cli.output import Output, safe
from referee.cli.table.typed_prompt import (
    LONGEST_TYPED,
    Entry,
    EntryCompleter,
    matching,
    numbered_entry,
    numbers_are_labels,
    resolve,
    tab_insertion,
)
from referee.cli.table.words import normalized
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.table.view import TableView

LINE, MENU, PAUSE = "line", "menu", "pause"
"""The kinds of :class:`Question`: a typed line (notation, checked on Enter), a menu (pick one entry), a pause (Enter
goes on; a few words are understood)."""

MIN_COLUMNS = 60
MIN_ROWS_BESIDE_SEATS = 14
"""The smallest table: 60 columns, and 14 rows beside one per seat (18 for four players)."""
MENU_ROWS = 8
"""The most rows a menu or completion list takes (fewer on a small terminal, where the board needs them)."""
LIST_ROWS_AT_LEAST = 3
"""Rows a menu or completion list keeps however short the terminal: two entries and the line saying how many more
(↓ browses them, typing filters them)."""
TURN_ROWS_AT_LEAST = 3
"""Rows the last turns keep while the board is shown (at a pause after the computer's turn they get all they need):
their title and the newest two lines (PgUp/PgDn pages the rest)."""


@dataclass
class Question:
    """What the game asks the player; the screen answers it through :attr:`answer`."""

    kind: str
    prompt: str
    entries: Sequence[Entry] = ()
    check: Callable[[str], str | None] = lambda text: None
    """LINE and PAUSE: why a line cannot be taken (shown under it), or None to take it."""
    words: Sequence[Entry] = ()
    """MENU: entries not listed but understood when typed whole (the session's words)."""
    advice: str = ""
    """The line under the input while nothing is refused: what may be typed here."""
    escape: Any = None
    """What Escape answers (a menu's ``back``), or None: Escape clears the line."""
    answer: Future[Any] = field(default_factory=Future)


CHANGED_ELSEWHERE = object()
"""The answer of a question closed because the table changed from elsewhere (a seat's page, ``play --serve``):
:meth:`TableScreen.ask` raises :class:`~referee.cli.table.typed_prompt.TableChanged` for it."""


@dataclass
class Plan:
    """How the rows of the screen are shared out at one size."""

    width: int
    height: int
    upper: StyleAndTextTuples = field(default_factory=list)
    upper_rows: int = 0
    message_rows: int = 1
    list_rows: int = 0
    too_small: str = ""


class BoardOutput(Output):
    """An :class:`Output` that draws into text at a given size, for the board's region (and the rules' or a
    hint's text): the room's ``render`` prints into it as it would at a terminal of that size. The screen draws
    every seat's standing with the mover marked under it (:attr:`Output.seats_shown`)."""

    seats_shown = True

    def __init__(self, width: int, height: int, color: bool) -> None:
        self.buffer = StringIO()
        env = Environment(StringIO(), self.buffer, StringIO(), False, True, not color, True)
        super().__init__(env, width=width)
        self.height = height
        self.color = color
        self.skipped: str | None = None
        """A line not to print (the status line the room's drawing ends with: the screen shows it in its place)."""

    @property
    def console(self) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(
                file=self.buffer,
                width=self.width,
                height=self.height,
                force_terminal=self.color,
                no_color=not self.color,
                color_system="256" if self.color else None,
                highlight=False,
                markup=False,
                emoji=False,
                soft_wrap=False,
                legacy_windows=False,
            )
        return self._console

    def small_terminal(self, rows: int, columns: int = 0) -> bool:
        return self.height < rows or self.width < columns

    def text(self, message: str = "", *, keep: tuple[str, ...] = ()) -> None:
        if message == self.skipped:
            self.skipped = None
            return
        from referee.cli.output import wrapped

        self.buffer.write(wrapped(safe(message), self.width, keep=tuple(safe(whole) for whole in keep)) + "\n")

    def note(self, message: str, *, keep: tuple[str, ...] | None = None) -> None:
        self.text(message, keep=keep or ())

    def warn(self, message: str) -> None:
        self.text(message)

    def error(self, message: str) -> None:
        self.text(message)

    def lines(self) -> list[StyleAndTextTuples]:
        """What was drawn, a list of lines of styled text."""
        return ansi_lines(self.buffer.getvalue())


def ansi_lines(text: str) -> list[StyleAndTextTuples]:
    """ANSI text as lines of prompt_toolkit's styled text (the last empty line dropped), each run of characters in
    one style a single fragment (prompt_toolkit reads ANSI text a character a fragment, and every frame goes
    through every fragment of the screen: a keystroke's frame would pay for each character of the board)."""
    if not text.strip():
        return []
    lines: list[StyleAndTextTuples] = []
    for line in split_lines(to_formatted_text(ANSI(text.rstrip("\n")))):
        runs: StyleAndTextTuples = []
        for style, chars, *_handler in line:
            if runs and runs[-1][0] == style:
                runs[-1] = (style, runs[-1][1] + chars)
            else:
                runs.append((style, chars))
        lines.append(runs)
    return lines


def plain_line(text: str, style: str = "") -> StyleAndTextTuples:
    return [(style, text)]


def clipped(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, with an ellipsis where it was cut."""
    if cell_width(text) <= width:
        return text
    out = ""
    for char in text:
        if cell_width(out + char) > width - 1:
            break
        out += char
    return out + "…"


def wrapped_lines(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` broken between words to ``width`` cells (continuations indented as the line is, plus ``indent``)."""
    lines: list[str] = []
    for line in text.split("\n"):
        if cell_width(line) <= width:
            lines.append(line)
            continue
        lead = " " * (len(line) - len(line.lstrip()))
        filled = fill(line.strip(), max(10, width - len(lead)), subsequent_indent=indent)
        lines += [lead + part for part in filled.split("\n")]
    return lines


class TableScreen:
    """The screen: its regions, the keys, and the question being asked (see the module's docstring).

    ``view``: what the table shows but the board (:func:`referee.cli.table.view.table_view`, called under
    :attr:`lock`); ``board``: draws the board into a :class:`BoardOutput`; ``sheet``: the score sheet's lines (the
    log), shown when rows are left over."""

    def __init__(
        self,
        view: Callable[[int], TableView],
        board: Callable[[BoardOutput], None],
        sheet: Callable[[], list[str]],
        color: bool,
    ) -> None:
        self.view = view
        self.board = board
        self.sheet = sheet
        self.color = color
        self.lock = threading.RLock()
        self.version = 0
        """Raised by the game each time the table changes (the board and the view are drawn again)."""
        self.question: Question | None = None
        self.message = ""
        """A refusal, or a word from the referee (``undone: …``), under the input line until the next key."""
        self.refused = False
        self.kept = ""
        """After a refusal, the line kept for correcting: a word typed at its start replaces it."""
        self.replace_pending = False
        self.selected: int | None = None
        """The entry of the list highlighted by the arrows (its place among those shown), or None."""
        self.paging: int | None = None
        """The first row shown of the last turns (PgUp/PgDn), or None: the newest."""
        self.overlay: tuple[str, list[StyleAndTextTuples]] | None = None
        """A text shown in place of the board and the last turns (the log, the rules, a hint), with its title."""
        self.busy = ""
        """What the table waits for while no question is asked ("Bob is thinking…")."""
        self.confirming_quit = False
        self.interrupted = False
        """Ctrl-C confirmed while no question was asked: the game stops at its next question."""
        self.browsing: str | None = None
        """While the arrows or Tab browse the completions of the typed line: the text they were listed for (the
        line itself shows the completion browsed to, as readline's menu completion does)."""
        self.setting_line = False
        self.typed_ahead: list[str] = []
        """Lines ended with Enter while nothing was asked (typed ahead): the next questions take them in turn."""
        self.pause_turn = False
        """The question is the pause after the computer's turn: the last turn gets all the rows it needs."""
        self._board_cache: tuple[tuple[int, int, int], list[StyleAndTextTuples]] | None = None
        self._view_cache: tuple[tuple[int, int], TableView] | None = None
        self._sheet_cache: tuple[int, list[str]] | None = None
        self._shown_cache: tuple[Question, str, list[tuple[str, str, Any]]] | None = None
        self._turn_cache: tuple[TableView, int, list[StyleAndTextTuples], int | None] | None = None
        self.plan = Plan(80, 24)
        self._planned = 0
        self.drawn = threading.Condition()
        self.drawn_version = -1
        """The version of the table the last frame written showed (:meth:`wait_drawn`)."""
        self.buffer = Buffer(multiline=False, on_text_changed=self._text_changed, on_text_insert=self._text_inserted)
        self.app = self._application()

    # -- the game's side (the worker thread) --------------------------------------------------------------------
    def ask(self, question: Question) -> Any:
        """Ask ``question`` and wait for its answer (raises KeyboardInterrupt when the player quits by Ctrl-C)."""
        self.asking(question)
        self._call(self._reset_line)
        try:
            answer = question.answer.result()
            if answer is CHANGED_ELSEWHERE:
                from referee.cli.table.typed_prompt import TableChanged

                raise TableChanged
            return answer
        finally:
            with self.lock:
                if self.question is question:
                    self.question = None

    def close_question(self) -> None:
        """Close the question now asked, from any thread (the table changed elsewhere: it is asked again)."""
        question = self.question
        if question is None:
            return

        def close() -> None:
            if self.question is question:
                self._answer(CHANGED_ELSEWHERE)

        self._call(close)

    def asking(self, question: Question) -> None:
        """The screen's state as ``question`` is asked: nothing selected, nobody busy; the pages turned at the pause
        after the computer's turn were that turn's, so the next question shows the newest rows again."""
        with self.lock:
            if self.interrupted:
                raise KeyboardInterrupt
            self.question = question
            self.selected = None
            self.busy = ""
            was_paused, self.pause_turn = self.pause_turn, question.kind == PAUSE
            if was_paused and not self.pause_turn:
                self.paging = None

    def changed(self) -> None:
        """The table changed (an action applied or taken back): draw it again, the newest turn in view."""
        with self.lock:
            self.version += 1
            self.paging = None
            self.overlay = None
        self.app.invalidate()

    def say(self, message: str) -> None:
        """A word from the referee under the input line (``undone: …``), until the next key."""
        with self.lock:
            self.message = message
            self.refused = False
        self.app.invalidate()

    def wait(self, busy: str) -> None:
        """Nothing is asked while ``busy`` is said (the computer thinks, a hint is searched). One text set whole,
        without the lock: the game's thread never waits here for a drawing to end (the computer's time runs)."""
        if self.busy != busy:
            self.busy = busy
            self.app.invalidate()

    def show(self, title: str, lines: list[str]) -> None:
        """Show a text (the log, the rules, a hint) in place of the board and the last turns, broken to the
        screen's width, until Escape or the next action."""
        width = self.plan.width - 1
        shown = [plain_line(part) for line in lines for part in wrapped_lines(line, width, indent="    ")]
        with self.lock:
            self.overlay = (title + " · " + _("Esc closes"), shown)
            self.paging = 0
        self.app.invalidate()

    def close(self) -> None:
        """End the screen (from the worker, when the game is done)."""
        loop = self.app.loop
        if loop is not None and self.app.is_running:
            loop.call_soon_threadsafe(self._exit)

    def _exit(self) -> None:
        if self.app.is_running and not self.app.future.done():  # type: ignore[union-attr]
            self.app.exit()

    def _call(self, function: Callable[[], None]) -> None:
        loop = self.app.loop
        if loop is not None:

            def call() -> None:
                function()
                self.app.invalidate()

            loop.call_soon_threadsafe(call)

    def _reset_line(self) -> None:
        """A new question: what was typed ahead is kept for it, Enter included (never at a pause, which waits for
        the people to see the computer's turn)."""
        self.replace_pending = False
        question = self.question
        if question is not None and question.kind == PAUSE:
            self.buffer.reset()
            self.typed_ahead.clear()
        elif self.typed_ahead:
            line = self.typed_ahead.pop(0)
            self.buffer.document = Document(line, len(line))
            self.submit()

    # -- answering (the screen's thread) ------------------------------------------------------------------------
    def _answer(self, value: Any) -> None:
        with self.lock:
            question = self.question
            self.question = None
            self.message = ""
            self.refused = False
            self.selected = None
            self.overlay = None if value is not None else self.overlay
        self.buffer.reset()
        self.browsing = None
        if question is not None and not question.answer.done():
            question.answer.set_result(value)

    def _refuse(self, why: str, *, keep: bool = True) -> None:
        self.message = why
        self.refused = True
        if keep and self.buffer.text:
            self.kept = self.buffer.text
            self.replace_pending = True
            self.buffer.cursor_position = 0
        else:
            self.buffer.reset()

    def _text_changed(self, buffer: Buffer) -> None:
        if self.setting_line:
            return
        self.selected = None
        self.browsing = None
        if not self.refused or buffer.text != self.kept:
            self.refused = False
            self.message = ""
        if self.replace_pending and buffer.document.text_after_cursor != self.kept:
            self.replace_pending = False

    def _text_inserted(self, buffer: Buffer) -> None:
        """A word typed at the start of a refused line replaces it (the cursor is put there after a refusal)."""
        document = buffer.document
        if self.replace_pending and document.text_after_cursor == self.kept and document.text_before_cursor:
            self.replace_pending = False
            buffer.document = Document(document.text_before_cursor, len(document.text_before_cursor))

    def shown_entries(self) -> list[tuple[str, str, Any]]:
        """The list under the input line: (shown text, description, what picking it puts on the line or answers);
        remembered for the question and the text typed (a frame asks for it several times)."""
        question = self.question
        if question is None or question.kind == PAUSE:
            return []
        typed = self.buffer.text if self.browsing is None else self.browsing
        cached = self._shown_cache
        if cached is not None and cached[0] is question and cached[1] == typed:
            return cached[2]
        shown = self._entries_for(question, typed)
        self._shown_cache = (question, typed, shown)
        return shown

    def _entries_for(self, question: Question, typed: str) -> list[tuple[str, str, Any]]:
        if len(typed) > LONGEST_TYPED:
            return []
        if question.kind == MENU:
            entries = list(question.entries)
            indexed = not numbers_are_labels(entries)
            places = {id(entry): place for place, entry in enumerate(entries, start=1)}
            wanted = normalized(typed)
            if wanted.isdigit():
                one = numbered_entry(entries, wanted)
                found = [one] if one is not None else matching(entries, typed)
            else:
                found = matching(entries, typed)
            return [
                ((f"{places[id(entry)]:>2}. " if indexed else "") + entry.text, entry.label, entry) for entry in found
            ]
        if not typed.strip():
            return []
        completer = EntryCompleter(question.entries, numbered=False)
        document = Document(typed, len(typed))
        from prompt_toolkit.completion import CompleteEvent

        return [
            (completion.display_text, completion.display_meta_text, completion.text)
            for completion in completer.get_completions(document, CompleteEvent())
        ]

    def submit(self) -> None:
        question = self.question
        if question is None:  # typed ahead: each line taken by the next question in turn
            self.typed_ahead.append(self.buffer.text)
            self.buffer.reset()
            return
        text = self.buffer.text
        shown = self.shown_entries()
        if question.kind == MENU:
            picked: Entry | None = None
            if self.selected is not None and self.selected < len(shown):
                picked = shown[self.selected][2]
            else:
                picked = resolve(question.entries, text, numbered=True) or next(
                    (word for word in question.words if normalized(text) in (word.key, *map(normalized, word.words))),
                    None,
                )
            if picked is not None:
                self._answer(picked)
                return
            if not normalized(text):
                self._refuse(question.advice or _("Pick an entry: type to filter, a number, or ↓ to browse."))
            elif not shown:
                self._refuse(_("Nothing here matches '{text}'.").format(text=text.strip()))
            else:
                self._refuse(
                    _("{count} entries match '{text}': type more, or pick one.").format(
                        count=len(shown), text=text.strip()
                    )
                )
            return
        if self.selected is not None and self.selected < len(shown):  # a completion browsed to: on the line
            self.selected = None
            self.browsing = None
            if text.endswith(" "):  # the next word of many actions: go on typing
                return
        if len(text) > LONGEST_TYPED:
            too_long = _("{count} characters: no action is this long (Ctrl-U clears the line)")
            self._refuse(too_long.format(count=len(text)))
            return
        why = question.check(text)
        if why is not None:
            self._refuse(why, keep=question.kind == LINE or normalized(text) not in ("done",))
            return
        self._answer(text.strip())

    def escape(self) -> None:
        if self.confirming_quit:
            self.confirming_quit = False
            return
        if self.overlay is not None:
            self.overlay = None
            self.paging = None
            return
        question = self.question
        if question is not None and question.escape is not None and not self.buffer.text:
            self._answer(question.escape)
            return
        self.buffer.reset()
        self.message = ""
        self.refused = False

    def move(self, step: int) -> None:
        shown = self.shown_entries()
        if not shown:
            return
        if self.selected is None:
            self.selected = 0 if step > 0 else len(shown) - 1
        else:
            self.selected = (self.selected + step) % len(shown)
        question = self.question
        if question is not None and question.kind == LINE:  # the line shows the completion browsed to
            if self.browsing is None:
                self.browsing = self.buffer.text
            completed = shown[self.selected][2]
            self.setting_line = True
            try:
                self.buffer.document = Document(completed, len(completed))
            finally:
                self.setting_line = False

    def tab(self) -> None:
        shown = self.shown_entries()
        question = self.question
        if question is None or not shown:
            return
        if question.kind == LINE and self.selected is None:
            typed = self.buffer.text
            shared = tab_insertion(typed, [text for _shown, _label, text in shown])
            if shared is not None:
                self.buffer.document = Document(shared, len(shared))
                return
        self.move(1)

    def page(self, step: int) -> None:
        rows = max(1, self._page_rows - 1)  # a page, less a row kept for context
        self.paging = max(0, (self.paging if self.paging is not None else self._newest_start) + step * rows)

    def interrupt(self) -> None:
        """Ctrl-C: asked first; confirmed, the game stops (the record holds every action already)."""
        if not self.confirming_quit:
            self.confirming_quit = True
            return
        self.quit_now()

    def quit_now(self) -> None:
        self.confirming_quit = False
        question = self.question
        self.interrupted = True
        if question is not None and not question.answer.done():
            self.question = None
            question.answer.set_exception(KeyboardInterrupt())

    # -- drawing ------------------------------------------------------------------------------------------------
    _newest_start = 0
    _page_rows = 1

    def _board_lines(self, width: int, height: int) -> list[StyleAndTextTuples]:
        key = (width, height, self.version)
        if self._board_cache is None or self._board_cache[0] != key:
            out = BoardOutput(width, height, self.color)
            self.board(out)
            self._board_cache = (key, out.lines())
        return self._board_cache[1]

    def _the_view(self, keep: int) -> TableView:
        key = (self.version, keep)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.view(keep))
        return self._view_cache[1]

    def _sheet_lines(self) -> list[str]:
        if self._sheet_cache is None or self._sheet_cache[0] != self.version:
            self._sheet_cache = (self.version, self.sheet())
        return self._sheet_cache[1]

    def make_plan(self, width: int, height: int) -> Plan:
        """Share the rows out at this size (see the module's docstring), noting which version of the table the
        frame shows (:meth:`wait_drawn`)."""
        with self.lock:
            self._planned = self.version
            return self._plan(width, height)

    def _plan(self, width: int, height: int) -> Plan:
        plan = Plan(width, height)
        view = self._the_view(6 if height >= 40 else 3)
        seats = len(view.seats)
        needed = MIN_ROWS_BESIDE_SEATS + seats
        if width < MIN_COLUMNS or height < needed:
            too_small = _("Too small: the table needs {columns}×{rows} at least (this is {width}×{height}).")
            plan.too_small = too_small.format(columns=MIN_COLUMNS, rows=needed, width=width, height=height)
            said = [clipped(line, width) for line in wrapped_lines(plan.too_small, max(1, width - 1))]
            plan.upper = [("class:refusal", "\n".join(said[: max(1, height - 2)]))]
            plan.upper_rows = height - 2
            return plan
        message = self._message_text()
        plan.message_rows = min(3, max(1, len(wrapped_lines(message, width - 1)))) if message else 1
        shown = self.shown_entries()
        listed = min(len(shown), MENU_ROWS) if shown else (1 if self.question and self.question.kind == MENU else 0)
        status = self._status_text(view)
        status_lines = [clipped(line, width) for line in wrapped_lines(status, width)][:2]
        rows = height - 1 - plan.message_rows - len(status_lines) - seats  # the list's and the regions above
        lines: list[StyleAndTextTuples] = []
        if self.overlay is not None:
            plan.list_rows = min(listed, max(LIST_ROWS_AT_LEAST, (height - seats - 8) // 2))
            free = rows - plan.list_rows
            title, text = self.overlay
            lines += self._paged(text, free, title)
        else:
            board = self._board_lines(width, height)
            turn = self._turn_lines(view, width)
            if self.pause_turn:
                plan.list_rows = listed
                free = rows - plan.list_rows
                turn_rows = min(len(turn) + 1, free)
                board_rows = min(len(board), free - turn_rows)
            else:  # the board first, then the list, then the last turns, each keeping its least
                turn_rows_least = min(len(turn) + 1, TURN_ROWS_AT_LEAST) if turn else 0
                list_least = min(listed, LIST_ROWS_AT_LEAST)
                board_rows = max(0, min(len(board), rows - list_least - turn_rows_least))
                plan.list_rows = max(list_least, min(listed, rows - board_rows - turn_rows_least))
                free = rows - plan.list_rows
                turn_rows = min(len(turn) + 1, free - board_rows) if turn else 0
            if board_rows < len(board) and board_rows > 0:
                hidden = len(board) - board_rows + 1
                lines += board[: board_rows - 1]
                more = _("⋯ {count} more rows of the table: a taller terminal shows them").format(count=hidden)
                lines.append([("class:dim", clipped(more, width))])
            else:
                lines += board[:board_rows]
            left = free - board_rows
            if turn and turn_rows > 0:
                lines += self._paged(turn, turn_rows, _("Last turns"), newest=True)
                left -= turn_rows
            if left >= 4:
                sheet = self._sheet_lines()
                if sheet:
                    sheet_text = [plain_line(clipped(line, width)) for line in sheet]
                    lines += self._paged(sheet_text[-(left - 1) :], left, _("Score sheet"), pages=False)
        plan.upper_rows = free + len(status_lines) + seats
        lines = lines[:free]
        lines += [[]] * (free - len(lines))
        lines += self._seat_lines(view, width)
        lines += [plain_line(line, "class:status") for line in status_lines]
        plan.upper = []
        for number, line in enumerate(lines):
            if number:
                plan.upper.append(("", "\n"))
            plan.upper += line
        return plan

    def _paged(
        self, text: list[StyleAndTextTuples], rows: int, title: str, *, newest: bool = False, pages: bool = True
    ) -> list[StyleAndTextTuples]:
        """A region of ``rows`` rows: a title line, then ``text`` from the row paged to (PgUp/PgDn), saying so."""
        body = rows - 1
        if body <= 0:
            return []
        start_newest = max(0, len(text) - body)
        if newest and self.pause_turn and self._turn_start is not None and len(text) - self._turn_start > body:
            start_newest = self._turn_start  # the newest turn from its first line; the rest a page down
        if pages:
            self._newest_start = start_newest
            self._page_rows = body
        start = start_newest if (self.paging is None or not pages) else min(self.paging, max(0, len(text) - body))
        shown = text[start : start + body]
        width = self.plan.width
        head = f"── {title} "
        if pages and len(text) > body:
            head += _("(rows {first}–{last} of {count}; PgUp/PgDn) ").format(
                first=start + 1, last=start + len(shown), count=len(text)
            )
        head = clipped(head, width)
        return [[("class:rule", head + "─" * max(0, width - cell_width(head)))], *shown]

    _turn_start: int | None = None

    def _turn_lines(self, view: TableView, width: int) -> list[StyleAndTextTuples]:
        """The last turns, oldest first, each action as announced; the newest turn's first row is remembered
        (both remembered for the view and the width: a keystroke changes neither)."""
        cached = self._turn_cache
        if cached is not None and cached[0] is view and cached[1] == width:
            self._turn_start = cached[3]
            return cached[2]
        lines: list[StyleAndTextTuples] = []
        self._turn_start = None
        for number, turn in enumerate(view.turns):
            if number == len(view.turns) - 1:
                self._turn_start = len(lines)
            style = "class:computer" if turn.by_computer else ""
            for line in turn.lines():
                for part in wrapped_lines(line, width - 1, indent="      "):
                    lines.append(plain_line(part, style))
        self._turn_cache = (view, width, lines, self._turn_start)
        return lines

    def _seat_lines(self, view: TableView, width: int) -> list[StyleAndTextTuples]:
        tag = " " + _("(computer)")
        whos = [seat.name + (tag if seat.computer else "") for seat in view.seats]
        names = max((cell_width(who) for who in whos), default=0)
        lines: list[StyleAndTextTuples] = []
        for seat, who in zip(view.seats, whos, strict=True):
            mark = "▶ " if seat.to_move else "  "
            text = clipped(f"{mark}{who}{' ' * (names - cell_width(who))}  {seat.status}", width)
            lines.append(plain_line(text, "class:mover" if seat.to_move else "class:seat"))
        return lines

    def _status_text(self, view: TableView) -> str:
        if self.busy:
            return self.busy
        return view.status

    def _message_text(self) -> str:
        if self.confirming_quit:
            return _("Quit? The game is saved either way. Press y to quit, any other key to go on.")
        if self.message:
            return self.message
        question = self.question
        shown = self.shown_entries() if question is not None else []
        meant = shown[self.selected] if self.selected is not None and self.selected < len(shown) else None
        if meant is None and len(shown) == 1:
            meant = shown[0]
        if meant is not None and meant[1]:  # the whole description of the entry meant (the list cuts it)
            return f"{meant[0].split('. ', 1)[-1]}: {meant[1]}"
        return question.advice if question is not None else ""

    def _upper(self) -> StyleAndTextTuples:
        return self.plan.upper

    def _message(self) -> StyleAndTextTuples:
        width = self.plan.width
        text = self._message_text()
        if self.plan.too_small:
            return []
        style = "class:refusal" if (self.refused or self.confirming_quit) else "class:advice"
        if self.refused and self.replace_pending:
            text += "  " + _("(type to replace the line; End to correct it)")
        lines = [clipped(line, width - 1) for line in wrapped_lines(text, width - 1)][: self.plan.message_rows]
        return [(style, "\n".join(lines))]

    def _list(self) -> StyleAndTextTuples:
        rows = self.plan.list_rows
        if rows <= 0:
            return []
        shown = self.shown_entries()
        width = self.plan.width
        if not shown:
            return [("class:dim", _("(nothing matches: erase to see every entry)"))]
        room = rows if len(shown) <= rows else rows - 1  # the last row says how many more there are
        first = 0 if self.selected is None else max(0, self.selected - room + 1)
        visible = shown[first : first + room]
        text: StyleAndTextTuples = []
        labelled = [cell_width(entry) for entry, label, _value in visible if label]
        widest = min(max(labelled, default=0), width // 2)
        for row, (entry, label, _value) in enumerate(visible):
            if row:
                text.append(("", "\n"))
            style = "class:selected" if first + row == self.selected else "class:entry"
            if label:
                line = clipped(entry, widest) + " " * max(0, widest - cell_width(entry))
            else:
                line = clipped(entry, width - 2)
            text.append((style, " " + line))
            if label:
                text.append(("class:label", clipped("  " + label, max(1, width - widest - 2))))
        hidden = len(shown) - len(visible)
        if hidden:
            above = _("↑ {count} above").format(count=first) + " · " if first else ""
            more = above + _("↓ {count} more: type to filter, or ↓ to browse").format(count=hidden - first)
            text += [("", "\n"), ("class:dim", clipped(" " + more, width - 1))]
        return text

    def _application(self) -> Application[Any]:
        bindings = KeyBindings()
        asking = Condition(lambda: self.question is not None)
        confirming = Condition(lambda: self.confirming_quit)

        @bindings.add("<any>", filter=confirming, eager=True)
        def _confirm(event: KeyPressEvent) -> None:
            if event.data in ("y", "Y", "\x03"):
                self.quit_now()
            else:
                self.confirming_quit = False

        @bindings.add("enter", filter=~confirming)
        def _enter(event: KeyPressEvent) -> None:
            self.submit()

        @bindings.add("escape", eager=True, filter=~confirming)
        def _escape(event: KeyPressEvent) -> None:
            self.escape()

        @bindings.add("c-c", filter=~confirming)
        def _interrupt(event: KeyPressEvent) -> None:
            self.interrupt()

        @bindings.add("c-d", filter=~confirming)
        def _end(event: KeyPressEvent) -> None:
            if not self.buffer.text:
                self.interrupt()
            else:
                self.buffer.delete()

        @bindings.add("down", filter=~confirming & asking)
        def _down(event: KeyPressEvent) -> None:
            self.move(1)

        @bindings.add("up", filter=~confirming & asking)
        def _up(event: KeyPressEvent) -> None:
            self.move(-1)

        @bindings.add("tab", filter=~confirming)
        def _tab(event: KeyPressEvent) -> None:
            self.tab()

        @bindings.add("pageup", filter=~confirming)
        def _page_up(event: KeyPressEvent) -> None:
            self.page(-1)

        @bindings.add("pagedown", filter=~confirming)
        def _page_down(event: KeyPressEvent) -> None:
            self.page(1)

        @bindings.add("c-u", filter=~confirming)
        def _discard(event: KeyPressEvent) -> None:
            """Ctrl-U as in readline (what is before the cursor goes), and the whole of a refused line, whose cursor
            was put at its start."""
            if self.replace_pending:
                self.buffer.reset()
                self.replace_pending = False
            else:
                self.buffer.delete_before_cursor(len(self.buffer.document.text_before_cursor))

        @bindings.add("c-z")
        def _suspend(event: KeyPressEvent) -> None:
            """Ctrl-Z suspends the game as any program run from a shell (``fg`` brings it back)."""
            event.app.suspend_to_background()

        @bindings.add("c-l")
        def _redraw(event: KeyPressEvent) -> None:
            event.app.renderer.clear()

        def prompt() -> StyleAndTextTuples:
            if self.plan.too_small:
                return []
            question = self.question
            if question is None:
                return [("class:dim", "… ")]
            return [("class:prompt", question.prompt)]

        upper = Window(FormattedTextControl(self._upper), height=lambda: Dimension.exact(max(0, self.plan.upper_rows)))
        line = Window(BufferControl(self.buffer, input_processors=[BeforeInput(prompt)]), height=1)
        message = Window(FormattedTextControl(self._message), height=lambda: Dimension.exact(self.plan.message_rows))
        listing = Window(FormattedTextControl(self._list), height=lambda: Dimension.exact(self.plan.list_rows))
        style = Style.from_dict(
            {
                "mover": "bold",
                "status": "bold",
                "refusal": "fg:ansired bold",
                "advice": "fg:ansibrightblack",
                "dim": "fg:ansibrightblack",
                "rule": "fg:ansibrightblack",
                "selected": "reverse",
                "label": "fg:ansibrightblack",
                "computer": "fg:ansicyan",
                "prompt": "bold",
            }
        )
        app: Application[Any] = Application(
            layout=Layout(HSplit([upper, line, message, listing]), focused_element=line),
            key_bindings=bindings,
            style=style,
            full_screen=True,
            color_depth=ColorDepth.DEPTH_8_BIT if self.color else ColorDepth.MONOCHROME,
            include_default_pygments_style=False,
            before_render=self._before_render,
            after_render=self._after_render,
        )
        app.ttimeoutlen = 0.05  # Escape alone answers at once
        return app

    def _before_render(self, app: Application[Any]) -> None:
        size = app.output.get_size()
        self.plan = self.make_plan(size.columns, size.rows)

    def _after_render(self, app: Application[Any]) -> None:
        with self.drawn:
            self.drawn_version = self._planned
            self.drawn.notify_all()

    def wait_drawn(self, timeout: float = 2.0) -> None:
        """Wait until a frame showing the table as it is now has been written (the game's thread, after the
        computer's action: its next action is not looked for while the screen draws this one, which would slow
        both; its time runs from this action all the same). ``timeout`` is a safety net: a screen that is closing
        draws nothing more."""
        version = self.version
        with self.drawn:
            self.drawn.wait_for(lambda: self.drawn_version >= version or not self.app.is_running, timeout)
