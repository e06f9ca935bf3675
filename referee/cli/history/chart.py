"""The course of each player's rating over time, drawn in the terminal with Rich (``referee stats --game G``).

One column per game of that game in the history (games bucketed when there are more than the terminal is wide),
one row per step of mu; each player a marker and a colour, the legend below. Names are Rich ``Text``, never markup,
and are made safe first: a name from a file never reaches the terminal raw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cli.output import Output, safe
from referee.i18n import _

if TYPE_CHECKING:
    from referee.history.store import RatingStep

MARKERS = "●■▲◆✚★"
COLOURS = ("cyan", "magenta", "yellow", "green", "red", "blue")
HEIGHT = 12


def chart_lines(course: dict[str, list[RatingStep]], width: int) -> tuple[list[list[int]], float, float]:
    """The grid (row, column → series index or -1, top row first) and the mu range it spans."""
    moments = sorted({played for steps in course.values() for played, _mu, _sigma in steps})
    column_of = {played: index * width // max(1, len(moments)) for index, played in enumerate(moments)}
    values = [mu for steps in course.values() for _played, mu, _sigma in steps]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    grid = [[-1] * width for _ in range(HEIGHT)]
    for series, steps in enumerate(course.values()):
        previous: tuple[int, int] | None = None
        for played, mu, _sigma in steps:
            column = min(width - 1, column_of[played])
            row = HEIGHT - 1 - round((mu - low) / (high - low) * (HEIGHT - 1))
            if previous is not None and column > previous[0] + 1:  # join the points with the line between them
                for between in range(previous[0] + 1, column):
                    share = (between - previous[0]) / (column - previous[0])
                    grid[round(previous[1] + (row - previous[1]) * share)][between] = series
            grid[row][column] = series
            previous = (column, row)
    return grid, low, high


def draw_chart(out: Output, names: dict[str, str], course: dict[str, list[RatingStep]]) -> None:
    """Draw the chart (only at a terminal and without ``--json``: the caller checks)."""
    from rich.text import Text

    course = {key: steps for key, steps in course.items() if steps}
    if not course:
        return
    width = max(20, min(100, out.width - 10))
    grid, low, high = chart_lines(course, width)
    out.show(Text(_("Rating (mu) after each game, oldest to newest")))
    for row_number, row in enumerate(grid):
        label = ""
        if row_number == 0:
            label = f"{high:6.1f}"
        elif row_number == HEIGHT - 1:
            label = f"{low:6.1f}"
        elif row_number == HEIGHT // 2:
            label = f"{(high + low) / 2:6.1f}"
        line = Text(f"{label:>6} │")
        for cell in row:
            if cell < 0:
                line.append(" ")
            else:
                line.append(MARKERS[cell % len(MARKERS)], style=COLOURS[cell % len(COLOURS)])
        out.show(line)
    out.show(Text("       └" + "─" * width))
    legend = Text("        ")
    for series, (key, steps) in enumerate(course.items()):
        _played, mu, sigma = steps[-1]
        legend.append(MARKERS[series % len(MARKERS)] + " ", style=COLOURS[series % len(COLOURS)])
        legend.append(f"{safe(names.get(key, key))} {mu:.1f} ± {sigma:.1f}   ")
    out.show(legend)


def chart_for(out: Output, players: list[str], course: dict[str, list[RatingStep]]) -> None:
    """The chart for ``stats``'s players (the first :data:`MARKERS` of them, in the table's order: one
    marker each); the players it leaves out are named under it. A failure to draw is a warning, never an error."""
    from rich.text import Text

    from referee.history.entry import name_key

    try:
        draw_chart(out, {name_key(name): name for name in players}, course)
    except Exception as error:  # the chart is a nicety: the numbers above it stand
        out.warn(_("the rating chart could not be drawn ({reason})").format(reason=error))
        return
    left_out = [name for name in players if name_key(name) not in course]
    if left_out:
        out.show(
            Text(
                _("Not drawn (one marker each for the first {count}): {names}").format(
                    count=len(MARKERS), names=", ".join(safe(name) for name in left_out)
                )
            )
        )
