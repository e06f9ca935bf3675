"""Pictures of a game (``GAME draw``, ``check --draw``, ``score --draw``): the room draws its table (its
``GameSpec.picture``); this module adds what every game shares: the score sheet (the very table ``score`` prints,
so the numbers are the same), a ruling's verdict with its rule and rulings, and the file written by the policy of
every file the program makes (:func:`referee.cli.files.write_output`).

Pictures are SVG only: a PNG needs a rasteriser (cairo or a browser), a heavy dependency for a file any browser,
phone or chat app shows as SVG. Imported only when a picture is made: no other command pays for it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from referee.cli.output import ScoreTable
from referee.cli.svg import BAD, GOOD, INK, LINE, MUTED, Picture, text_width, wrap
from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.env import Environment
    from referee.engine import Game, Verdict


class DrawnGame(Protocol):
    """What the pictures read of a game's spec (:class:`referee.cli.shared_commands.GameSpec` has it all): named here
    rather than imported, as the shared commands import this module."""

    @property
    def title(self) -> str: ...

    @property
    def rulebook_package(self) -> str: ...

    @property
    def picture(self) -> Callable[[Game[Any, Any], frozenset[str]], Picture] | None: ...


WIDTH_MIN = 360
MARGIN = 16


def score_sheet(table: ScoreTable, width: float) -> Picture:
    """The score table as ``score`` prints it: title, headers, a row per player (text left, numbers right)."""
    size = 14
    columns = len(table.headers)
    rows = table.plain_rows()
    measured = [
        max(text_width(cell, size) for cell in [header, *(cells[i] for cells in rows)]) + 18
        for i, header in enumerate(table.headers)
    ]
    inner = max(width - 2 * MARGIN, sum(measured))
    spare = (inner - sum(measured)) / max(1, columns)
    widths = [w + spare for w in measured]
    row_height = 24
    height = 34 + row_height * (len(table.rows) + 1) + 12
    picture = Picture(inner + 2 * MARGIN, height, table.title)
    picture.text(MARGIN, 22, table.title, size=15, weight="bold")
    y = 34.0
    for cells, bold in [(table.headers, True), *((cells, False) for cells in rows)]:
        x = float(MARGIN)
        for i, (cell, column) in enumerate(zip(cells, widths, strict=True)):
            if not table.right_aligned(i):
                picture.text(x + 4, y + 17, cell, size=size, weight="bold" if bold else "normal", fill=INK)
            else:
                picture.text(x + column - 6, y + 17, cell, size=size, anchor="end", weight="bold" if bold else "normal")
            x += column
        y += row_height
        picture.line(MARGIN, y, MARGIN + inner, y, stroke=LINE)
    return picture


def verdict_banner(question: str, legal: bool, reason: str, rule: str, rulings: list[str], width: float) -> Picture:
    """A ruling to share: the action asked about, legal or not and why, the rule's topic and its ruling."""
    head = _("Legal") if legal else _("Illegal")
    lines: list[tuple[str, float, str, str]] = [(question, 16, "bold", INK)]
    lines += [(line, 15, "bold", GOOD if legal else BAD) for line in wrap(f"{head}: {reason}", 15, width - 2 * MARGIN)]
    lines.append((_("Rule: {rule}").format(rule=rule), 14, "normal", MUTED))
    for ruling in rulings:
        lines += [(line, 14, "normal", INK) for line in wrap(ruling, 14, width - 2 * MARGIN)]
    picture = Picture(width, 16 + sum(size * 1.5 for _t, size, _w, _f in lines) + 8, question)
    y = 12.0
    picture.rect(4, 4, width - 8, picture.height - 8, stroke=GOOD if legal else BAD, radius=8, stroke_width=2)
    for text, size, weight, fill in lines:
        y += size * 1.5
        picture.text(MARGIN, y, text, size=size, weight=weight, fill=fill)
    return picture


def stacked(title: str, description: str, parts: list[Picture]) -> Picture:
    """Pictures one above the other, each left where it was drawn, in one picture as wide as the widest."""
    width = max([WIDTH_MIN, *(part.width for part in parts)])
    whole = Picture(width, sum(part.height for part in parts), title, description)
    y = 0.0
    for part in parts:
        whole.place(part, y)
        y += part.height
    return whole


def game_picture(spec: DrawnGame, game: Game[Any, Any], *, marked: Collection[str] = ()) -> Picture:
    """The room's picture of the table (its ``picture``), with ``marked`` spaces or cards picked out."""
    if spec.picture is None:
        raise InputError(_("no picture of {game} can be drawn yet").format(game=_(spec.title)))
    picture: Picture = spec.picture(game, frozenset(marked))
    return picture


def check_svg(path: str) -> None:
    """A picture is written as SVG: ``-o FILE.svg`` (or ``-`` for standard output)."""
    lowered = path.lower()
    if lowered == "-" or lowered.endswith(".svg") or lowered.startswith("/dev/"):
        return
    if lowered.endswith(".png"):
        raise InputError(
            _("{file}: pictures are SVG (any browser or phone shows them); write FILE.svg").format(file=path)
        )
    raise InputError(_("{file}: a picture is written as FILE.svg").format(file=path))


def write_picture(
    env: Environment,
    path: str,
    picture: Picture,
    *,
    force: bool = False,
    inputs: Iterable[str] = (),
    protect: Iterable[Any] = (),
    force_option: bool = True,
) -> None:
    """Write a picture by the rule of every file the program writes (never over ``inputs``, the files the command
    read, nor the history ``protect``); ``force_option``: whether the command has ``--force``."""
    from referee.cli.files import write_output

    check_svg(path)
    stdout = getattr(env.stdout, "buffer", None)
    write_output(
        path,
        [picture.svg().encode("utf-8")],
        what=_("the picture"),
        force=force,
        stdout=stdout,
        inputs=inputs,
        protect=protect,
        force_option=force_option,
    )


# -- what the shared commands draw ----------------------------------------------------------------------------
def ruling_picture(spec: DrawnGame, game: Game[Any, Any], canonical: str, verdict: Verdict) -> Picture:
    """``check --draw``: the position with the action asked about picked out, the verdict, its rule and rulings."""
    from referee.rulebook import rulebook

    topic = rulebook(spec.rulebook_package).topic(verdict.rule)
    # The verdict's own ruling is the one that decides (the topic's rulings say it again at length, in other words);
    # without one, the topic's rulings are what the referee decided on the matter.
    rulings = [verdict.ruling] if verdict.ruling else list(topic.rulings) if topic is not None else []
    board = game_picture(spec, game, marked=set(canonical.split()[1:]))
    player = None if game.over else game.actor(game.parse(canonical))
    question = (
        _("Action {index}: {action} ({player})?").format(index=len(game.actions) + 1, action=canonical, player=player)
        if player
        else _("Action {index}: {action}?").format(index=len(game.actions) + 1, action=canonical)
    )
    banner = verdict_banner(question, verdict.legal, verdict.reason, verdict.rule, rulings, board.width)
    head = _("Legal") if verdict.legal else _("Illegal")
    return stacked(f"{head}: {canonical}", f"{head}: {canonical}. {verdict.reason}", [banner, board])
