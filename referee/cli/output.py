"""Everything the referee prints: text for people (Rich, imported only when text is printed), JSON for scripts,
and one-line errors on standard error.

The rule for text that comes from a file or a user (names, map names, actions): it never acts on the terminal.
:func:`safe` makes control characters and line or paragraph separators visible in plain text, and the Rich console
is made with markup off (:attr:`Output.console`), so no text is ever read as Rich markup (``[/]``, ``[link=…]``);
Rich styles are given as ``Text`` styles by the code that draws, never written into strings."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Union

from referee.cli.cells import cell_width, ljust, rjust
from referee.cli.env import Environment
from referee.i18n import _

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


def safe(text: str) -> str:
    """Text with control characters (escape sequences included) and the line and paragraph separators U+2028 and
    U+2029 made visible (as ``\\x1b``, ``\\u2028``), so none reaches a terminal raw."""
    if text.isprintable():
        return text
    return "".join(char if char in "\n\t" or not _hidden(char) else _visible(char) for char in text)


def _hidden(char: str) -> bool:
    category = unicodedata.category(char)
    return category.startswith("C") or category in ("Zl", "Zp")


def _visible(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


DEFAULT_WIDTH = 80
"""The width of everything printed when nothing tells it: output piped without ``COLUMNS``."""


MIN_WRAPPED = 10
"""The fewest cells a line is broken to: a line indented further than its width allows is left as it is."""


def wrapped(text: str, columns: int, keep: tuple[str, ...] = ()) -> str:
    """``text`` with each line wider than ``columns`` cells broken between words (to ``columns - 1``: a terminal
    moves to a new line when the last cell is written), the continuation indented as the line is, plus two when
    it starts with a number (``7. Ann: …``). Never broken inside a file name, nor inside a text of ``keep`` (see
    :func:`referee.cli.cells.fill`). ``columns`` 0: as it is."""
    from referee.cli.cells import fill

    if columns <= 0 or all(cell_width(line) < columns for line in text.split("\n")):
        return text
    width = max(20, columns - 1)
    lines = []
    for line in text.split("\n"):
        if cell_width(line) < columns:
            lines.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()))
        if width - len(indent) < MIN_WRAPPED:  # indented past the width (a table's column): left as it is
            lines.append(line)
            continue
        head = line.lstrip().split(" ", 1)[0]
        hanging = " " * (len(head) + 1) if head[:-1].isdigit() and head.endswith(".") else ""
        filled = fill(line.strip(), width - len(indent), subsequent_indent=hanging, keep=keep)
        lines.append(indent + filled.replace("\n", "\n" + indent))
    return "\n".join(lines)


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end (a Chinese one after Chinese)."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    if text[-1] in ".!?。！？":
        return text
    wide = unicodedata.east_asian_width(text[-1]) in ("W", "F") and not ("\uac00" <= text[-1] <= "\ud7a3")
    return text + ("。" if wide else ".")


def sentences(*parts: str) -> str:
    """The non-empty ``parts``, each made a :func:`sentence`, one space between them (none after a Chinese full
    stop)."""
    text = ""
    for part in filter(None, (sentence(part) for part in parts)):
        text += part if not text or text.endswith(("。", "！", "？")) else " " + part
    return text


SHORT = 60
"""How much of a long text (an action typed or read from a file) an error message repeats."""


def shorten(text: str, limit: int = SHORT) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis and its full length, for echoing in a message."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


_UNSAFE_IN_JSON = "[\x7f-\x9f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]"
"""What ``json.dumps(ensure_ascii=False)`` leaves raw but a terminal may act on: DEL, C1 controls (8-bit CSI),
format and bidi controls, line separators. Written as ``\\uXXXX`` escapes: the same JSON, safe to print.
(Compiled at its first use, by ``re``'s cache: text for people needs no JSON.)"""


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(document: Any, *, indent: int | None = 2) -> str:
    """A JSON document as text that is safe to print (see ``_UNSAFE_IN_JSON``)."""
    import json  # here, not at the top: text for people needs no JSON (start-up time)

    return re.sub(_UNSAFE_IN_JSON, _json_escape, json.dumps(document, ensure_ascii=False, indent=indent))


class Output:
    """Where a command writes. ``json_mode`` keeps standard output for exactly one JSON document (or lines)."""

    seats_shown = False
    """Whether what this draws into shows every seat's standing with the mover marked itself (the full-screen
    table's seat lines): a room's drawing short of rows may then leave that out and keep the hands and rows."""

    def __init__(self, env: Environment, json_mode: bool = False, *, width: int | None = None) -> None:
        self.env = env
        self.json_mode = json_mode
        self._width = width
        self._console: Console | None = None
        self._error_console: Console | None = None
        self.json_written = False
        """Whether a JSON document was written (an error adds one only when none was: see ``status.fail``)."""

    def at_width(self, width: int) -> Output:
        """The same output drawing at ``width`` columns (a region of a full-screen table): ``render(game,
        out.at_width(n))`` draws the table to fit ``n`` columns."""
        return Output(self.env, self.json_mode, width=width)

    @property
    def width(self) -> int:
        """The one width everything printed is set to, tables, legends and sentences alike: as told
        (:meth:`at_width`); at a terminal, its width now; piped, ``COLUMNS`` when set (as a terminal would give it:
        ``COLUMNS=80 referee … | less``), else :data:`DEFAULT_WIDTH`."""
        if self._width is not None:
            return self._width
        import os

        if self.env.stdout_isatty:
            import shutil

            return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
        told = os.environ.get("COLUMNS", "").strip()
        return int(told) if told.isdigit() and int(told) > 0 else DEFAULT_WIDTH

    @property
    def console(self) -> Console:
        """A Rich console on standard output (created at first use: Rich costs start-up time), drawing at
        :attr:`width` (at a terminal whose width was not told, Rich follows the terminal as it is resized)."""
        if self._console is None:
            from rich.console import Console

            follows_terminal = self.env.stdout_isatty and self._width is None
            self._console = Console(
                file=self.env.stdout,
                no_color=not self.env.color,
                force_terminal=self.env.color or None,
                color_system="auto" if self.env.color else None,
                highlight=False,
                markup=False,  # text from files and players is never read as Rich markup: see the module's rule
                emoji=False,
                soft_wrap=False,
                width=None if follows_terminal else self.width,
            )
        return self._console

    def natural_width(self, renderable: Any, *, least: bool = False) -> int:
        """How wide a Rich renderable draws when nothing narrows it (Rich's own measure stops at the console's
        width), or with ``least`` the narrowest it can be drawn without cutting a word (its columns that may wrap
        wrapped): a layout that does not fit :attr:`width` gives way to a narrower one."""
        measured = self.console.measure(renderable, options=self.console.options.update_width(10_000))
        return int(measured.minimum if least else measured.maximum)

    def fits(self, renderable: Any, *, wrapping: bool = False) -> bool:
        """Whether a Rich renderable draws within :attr:`width` as it is (nothing squeezed or cut), or with
        ``wrapping`` with its wrapping columns wrapped but no word cut."""
        return self.natural_width(renderable, least=wrapping) <= self.width

    def first_fitting(self, *layouts: Any) -> Any:
        """The first of ``layouts`` (Rich renderables, the most readable first) that fits :attr:`width`, its
        wrapping columns wrapped if need be, else the last."""
        for layout in layouts[:-1]:
            if self.fits(layout, wrapping=True):
                return layout
        return layouts[-1]

    def side_by_side(self, renderables: list[Any], gap: int = 1) -> Any:
        """Rich renderables side by side, in as many rows as it takes to fit :attr:`width` (cards, boards)."""
        from rich.console import Group
        from rich.table import Table as RichTable

        rows: list[list[Any]] = [[]]
        used = 0
        for item in renderables:
            wide = self.natural_width(item)
            if rows[-1] and used + gap + wide > self.width:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + wide
            rows[-1].append(item)
        grids = []
        for row in rows:
            grid = RichTable.grid(padding=(0, gap))
            for _item in row:
                grid.add_column()
            grid.add_row(*row)
            grids.append(grid)
        return grids[0] if len(grids) == 1 else Group(*grids)

    def small_terminal(self, rows: int, columns: int = 0) -> bool:
        """True at a terminal of fewer than ``rows`` rows, or when the width (:attr:`width`, at a terminal or not)
        is less than ``columns``. (A pipe has no height.)"""
        if self.width < columns:
            return True
        if not self.env.stdout_isatty or self._width is not None:
            return False
        return self.console.size.height < rows

    def text(self, message: str = "", *, keep: tuple[str, ...] = ()) -> None:
        """Plain text for people (no markup), each line wider than :attr:`width` broken between words (never inside
        a file name, nor inside a text of ``keep``: file names with blanks), its continuation indented as the line
        is."""
        if self.json_mode:
            return
        message = wrapped(safe(message), self.width, keep=tuple(safe(whole) for whole in keep))
        self.env.stdout.write(message + "\n")
        self.env.stdout.flush()

    def show(self, *renderables: Any) -> None:
        """Rich renderables (tables, panels) for people; nothing in JSON mode."""
        if self.json_mode:
            return
        if self.env.stdout_isatty:
            self.console.print(*renderables)
            return
        with self.console.capture() as drawn:  # piped: without the blanks Rich pads each line with
            self.console.print(*renderables)
        text = "\n".join(line.rstrip() for line in drawn.get().split("\n"))
        self.env.stdout.write(text)
        self.env.stdout.flush()

    def json(self, document: Any, *, lines: bool = False) -> None:
        self.json_written = True
        self.env.stdout.write(json_text(document, indent=None if lines else 2) + "\n")
        self.env.stdout.flush()

    def error(self, message: str) -> None:
        """One line on standard error."""
        self.env.stderr.write("referee: " + safe(message).replace("\n", " ") + "\n")
        self.env.stderr.flush()

    def warn(self, message: str) -> None:
        self.env.stderr.write("referee: " + _("warning: ") + safe(message).replace("\n", " ") + "\n")
        self.env.stderr.flush()

    def note(self, message: str, *, keep: tuple[str, ...] | None = None) -> None:
        """A message for the player that is not the game's output (stderr, so pipes and JSON stay clean). Given the
        file names in it (``keep``, which may be empty), it is broken between words at :attr:`width` as
        :meth:`text` is, never inside a file name (a terminal would break it anywhere: the line printed on
        ``quit``); else written as it is, on one line (a command line in it stays one line to copy)."""
        message = safe(message)
        if keep is not None:
            message = wrapped(message, self.width, keep=tuple(safe(whole) for whole in keep))
        self.env.stderr.write(message + "\n")
        self.env.stderr.flush()


Cell = Union[str, "Text"]
"""A cell or a header: plain text, or text with its Rich styles (``Text``: a card's resources in their colours)."""
Justify = Literal["left", "right", "center"]


@dataclass(frozen=True)
class Column:
    """One column of a :class:`Table`: its header and how its cells sit (Rich's column options of that name)."""

    header: Cell
    justify: Justify = "left"
    no_wrap: bool = False
    min_width: int | None = None
    max_width: int | None = None
    """A cell wider than this is cut with an ellipsis."""
    style: str = ""


class Table:
    """Every table the referee prints: a typed model of columns and rows, drawn at the edge.

    ``lines()`` is plain text in aligned columns measured in terminal cells (no Rich: ``score`` and ``history list``
    stay fast to start); ``rich()`` is the same table for Rich (the boards of ``play``, ``score --board``, the card
    lists), with a simple rule under the header. Layouts that only place pictures side by side are Rich grids,
    not tables. ``headers`` given as text: the first ``left`` columns are text (left-aligned), the others numbers
    (right-aligned)."""

    def __init__(
        self,
        title: str,
        headers: Sequence[str | Column],
        *,
        left: int = 1,
        edge: bool = True,
        rules: bool = True,
        title_style: str = "",
        header_rule: bool = True,
    ) -> None:
        self.title = title
        self.title_style = title_style
        """The title's Rich style (``table.title``, italic, for the card rows beside a board; none for a score)."""
        self.columns = [
            heading if isinstance(heading, Column) else Column(heading, "left" if i < left else "right")
            for i, heading in enumerate(headers)
        ]
        self.edge = edge
        """Rich draws the rule's edge (a table beside another leaves it out)."""
        self.rules = rules
        """A rule under the header (else the header alone, as a line of labels)."""
        self.header_rule = header_rule
        """Drawn by Rich with :attr:`rules`: False leaves the rule's line out and spaces the columns as with it (a
        board short of rows)."""
        self.rows: list[tuple[list[Cell], str]] = []

    @property
    def headers(self) -> list[str]:
        return [_plain(column.header) for column in self.columns]

    def add_row(self, cells: Sequence[Cell], style: str = "") -> None:
        """A row; ``style`` (a Rich style) colours its first cell (a player's colour on the board)."""
        self.rows.append((list(cells), style))

    def plain_rows(self) -> list[list[str]]:
        """The rows as plain text (a styled cell's text without its styles)."""
        return [[_plain(cell) for cell in cells] for cells, _style in self.rows]

    def right_aligned(self, column: int) -> bool:
        """Whether a column holds numbers (right-aligned)."""
        return self.columns[column].justify == "right"

    def lines(self, width: int = 0, *, titled: bool = True) -> list[str]:
        """The plain-text table in aligned columns, measured in terminal cells (CJK characters take two), fitted
        to ``width`` cells less one, as :func:`wrapped` text is (0: as wide as it comes): the widest text columns
        are narrowed first, their cells and headers broken between words onto more lines (a file name, a number,
        a ``no_wrap`` column's cell never broken; see :func:`fitted_widths`). The title (left out when not
        ``titled``) is wrapped to ``width`` too."""
        from referee.cli.cells import fill

        rows = self.plain_rows()
        headers = self.headers
        natural = [
            max(cell_width(cell) for cell in [title, *(cells[i] for cells in rows)]) for i, title in enumerate(headers)
        ]
        gap = GAP
        if width > 0:
            whole = [column.no_wrap or column.justify == "right" for column in self.columns]
            widths, gap = fitted_widths(natural, [headers, *rows], width - 1, whole)
        else:
            widths = natural

        def line(cells: list[str]) -> list[str]:
            broken = [
                fill(cell, widths[i]).split("\n") if cell_width(cell) > widths[i] else [cell]
                for i, cell in enumerate(cells)
            ]
            return [
                (" " * gap)
                .join(
                    rjust(part, widths[i]) if self.right_aligned(i) else ljust(part, widths[i])
                    for i, part in enumerate(parts[depth] if depth < len(parts) else "" for parts in broken)
                )
                .rstrip()
                for depth in range(max(len(parts) for parts in broken))
            ]

        rule = (" " * gap).join("─" * column for column in widths)
        title = wrapped(self.title, width).split("\n") if width > 0 and self.title else [self.title]
        if not titled:
            title = []
        return [*title, *line(headers), rule, *(part for cells in rows for part in line(cells))]

    def rich(self, *, tight: bool = False) -> Any:
        """The table as a Rich renderable; ``tight``, one blank between columns instead of two (for a narrow
        width: see :meth:`Output.first_fitting`)."""
        from rich import box
        from rich.table import Table as RichTable
        from rich.text import Text

        table = RichTable(
            box=box.SIMPLE_HEAD if self.rules and self.header_rule else None,
            pad_edge=False,
            show_edge=self.edge,
            title=Text(self.title, style=self.title_style) if self.title else None,
            title_justify="left",
            padding=self._padding(tight),
        )
        for column in self.columns:
            table.add_column(
                column.header,
                justify=column.justify,
                no_wrap=column.no_wrap,
                min_width=column.min_width,
                max_width=column.max_width,
                style=column.style or None,
            )
        for cells, style in self.rows:
            first = Text(cells[0], style=style) if style and isinstance(cells[0], str) else cells[0]
            table.add_row(first, *cells[1:])
        return table

    def _padding(self, tight: bool) -> tuple[int, int, int, int]:
        """Rich's padding of a cell: with :attr:`rules`, three blanks between columns (one when ``tight``) whether
        or not the rule under the header is drawn (its box draws one of them); without, two (none when ``tight``)."""
        if self.rules and not self.header_rule:
            return (0, 0, 0, 1 if tight else 3)
        return (0, 0, 0, 0) if tight else (0, 1, 0, 1)


ScoreTable = Table

GAP = 2
"""The blanks between two columns of a plain table."""


def fitted_widths(
    natural: list[int], rows: list[list[str]], width: int, whole: list[bool], gap: int = GAP
) -> tuple[list[int], int]:
    """Column widths, and the gap between columns, for a table of ``rows`` (the header first) whose columns would
    naturally take ``natural`` cells, narrowed to fit ``width`` with ``gap`` blanks between columns (one when two
    do not fit): the widest column first, then the next, each no narrower than its header's longest word and its
    cells' longest word, or its longest cell when ``whole`` (numbers, dates: never broken). When even that does
    not fit, the columns keep those widths (a line then runs past ``width``: nothing is cut)."""
    floors = [
        max(
            max((cell_width(word) for word in rows[0][i].split()), default=1),
            max(
                (cell_width(cell) if whole[i] else max((cell_width(word) for word in cell.split()), default=0))
                for cell in (cells[i] for cells in rows[1:])
            )
            if len(rows) > 1
            else 0,
        )
        for i in range(len(natural))
    ]
    if sum(natural) + gap * (len(natural) - 1) > width and sum(floors) + gap * (len(natural) - 1) > width:
        gap = 1
    widths = list(natural)
    over = sum(widths) + gap * (len(widths) - 1) - width
    while over > 0:
        narrowable = [i for i, (now, floor) in enumerate(zip(widths, floors, strict=True)) if now > floor]
        if not narrowable:
            break
        widest = max(narrowable, key=lambda i: widths[i] - floors[i])
        widths[widest] -= 1
        over -= 1
    return widths, gap


def _plain(cell: Cell) -> str:
    return cell if isinstance(cell, str) else cell.plain
