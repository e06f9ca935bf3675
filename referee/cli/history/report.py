"""``referee history report``: a season in one page. One self-contained HTML file (inline CSS and SVG, nothing
fetched from a network, no script): the games played, per game each player's games, wins, draws, win rate, scores
and rating (ranked by the ordinal, mu − 3 sigma), the ratings over time as a chart, results by seat, head to head,
Coin Age's maps, and the latest games with their final pictures. Readable on a phone and a laptop, printable.

The numbers are those of ``stats --json`` (:func:`referee.history.stats.statistics`); the pictures those of
``GAME draw``. Imported only for this command.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree  # writing our own page; untrusted XML is read with defusedxml only
from typing import TYPE_CHECKING, Any

from referee.cli.svg import LINE, MUTED, Picture
from referee.i18n import _, ngettext
from referee.xmltext import clean, html_head, html_text, tag

if TYPE_CHECKING:
    from referee.history.store import RatingStep

Element = ElementTree.Element

SERIES = ("#0969da", "#cf222e", "#1a7f37", "#bf8700", "#8250df", "#1b7c83", "#e16f24", "#57606a")
CHARTED = len(SERIES)
"""Players drawn in a rating chart (the first by rank); the others are named under it."""
LATEST = 3
"""The latest games of each game drawn as pictures."""

STYLE = """
:root { color-scheme: light; --ink: #1f2328; --muted: #57606a; --line: #d0d7de; --paper: #ffffff; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 980px; padding: 16px; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto,
  "Noto Sans", "Noto Sans CJK SC", sans-serif; color: var(--ink); background: var(--paper); }
h1 { font-size: 1.6rem; margin: 0.2rem 0 0.4rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 0.4rem; }
p.note, .muted { color: var(--muted); font-size: 0.9rem; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; min-width: 60%; }
th, td { padding: 0.3rem 0.6rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 0.8rem 0; }
figure svg { max-width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-size: 0.9rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 0.6rem; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 0.5rem 0.7rem; }
.card b { display: block; font-size: 1.4rem; }
@media print { body { max-width: none; } h2 { break-before: page; } figure, table { break-inside: avoid; } }
"""


def table_html(headers: list[str], rows: list[list[object]]) -> Element:
    head = tag("thead", None, tag("tr", None, *(tag("th", header) for header in headers)))
    body = tag("tbody", None, *(tag("tr", None, *(tag("td", value) for value in row)) for row in rows))
    return tag("div", None, tag("table", None, head, body), css="table-wrap")


def figure(picture: Picture, caption: str) -> Element:
    """A picture inline (its ``<svg>`` element) with its caption."""
    return tag("figure", None, picture.root(), tag("figcaption", caption))


CHART_POINTS = 1440
"""At most this many points a line of the rating chart (two a pixel of its width): a player of 30,000 games drawn
through every 21st of them (and the last) looks the same and keeps the report small and quick to make."""


def rating_chart(course: dict[str, list[RatingStep]], names: dict[str, str]) -> Picture:
    """Each player's mu after each of their games, on the game's own timeline (oldest left), one line each (at most
    :data:`CHART_POINTS` points a line: evenly spaced games, and always the last)."""
    series = {key: steps for key, steps in course.items() if steps}
    moments = sorted({played for steps in series.values() for played, _mu, _sigma in steps})
    width, height, left, top, bottom = 720.0, 300.0, 48.0, 16.0, 40.0
    chart = Picture(width, height + 24 * ((len(series) + 2) // 3), _("Ratings over time"))
    values = [mu for steps in series.values() for _played, mu, _sigma in steps] or [25.0]
    low, high = min(values) - 0.5, max(values) + 0.5
    plot_w, plot_h = width - left - 12, height - top - bottom
    position = {moment: index for index, moment in enumerate(moments)}

    def at(played: tuple[str, int], mu: float) -> tuple[float, float]:
        x = left + plot_w * position[played] / max(1, len(moments) - 1)
        return x, top + plot_h * (high - mu) / (high - low)

    for step in range(5):
        mu = low + (high - low) * step / 4
        _x, y = at(moments[0], mu) if moments else (left, top)
        chart.line(left, y, width - 12, y, stroke=LINE)
        chart.text(left - 6, y + 4, f"{mu:.1f}", size=11, fill=MUTED, anchor="end")
    chart.text(left, height - 12, _("oldest"), size=11, fill=MUTED)
    chart.text(width - 12, height - 12, _("newest"), size=11, fill=MUTED, anchor="end")
    legend_y = height + 4
    for number, (key, steps) in enumerate(series.items()):
        colour = SERIES[number % len(SERIES)]
        drawn = steps
        if len(steps) > CHART_POINTS:
            stride = -(-len(steps) // CHART_POINTS)
            drawn = [*steps[:-1:stride], steps[-1]]
        points = [at(played, mu) for played, mu, _sigma in drawn]
        if len(points) == 1:
            chart.circle(points[0][0], points[0][1], 3, fill=colour, stroke=colour)
        else:
            chart.polyline(points, stroke=colour)
        column, row = number % 3, number // 3
        x, y = left + column * 220, legend_y + 18 + row * 24
        chart.rect(x, y - 10, 14, 4, fill=colour)
        _played, mu, sigma = steps[-1]
        chart.text(x + 20, y - 4, f"{names.get(key, key)} {mu:.1f} ± {sigma:.1f}", size=12)
    return chart


def game_section(history: Any, game: str, player: str | None, since: str | None) -> list[Element]:
    """One game's part of the report."""
    from referee.cli.history.listing import replayed, result_text
    from referee.cli.history.options import game_spec
    from referee.cli.pictures import game_picture
    from referee.history.entry import game_title, has_points, name_key
    from referee.history.stats import head_to_heads, statistics

    document = statistics(history, game=game, player=player, since=since)
    players = document.players
    if not players:
        return []
    points = has_points(game)
    parts = [tag("h2", game_title(game))]
    headers = [_("player"), _("games"), _("wins"), _("draws"), _("win rate")]
    headers += [_("average"), _("best")] if points else []
    headers += [_("rating (mu − 3 sigma)"), _("mu ± sigma")]
    rows: list[list[object]] = []
    for name, numbers in players.items():
        rating = numbers.rating
        row: list[object] = [name, numbers.games, numbers.wins, numbers.draws, f"{numbers.win_rate:.0%}"]
        if points:
            average, best = numbers.average_score, numbers.best_score
            row += ["" if average is None else f"{average:.1f}", "" if best is None else best]
        row += ["", ""] if rating is None else [f"{rating.ordinal:.1f}", f"{rating.mu:.1f} ± {rating.sigma:.1f}"]
        rows.append(row)
    parts.append(table_html(headers, rows))
    charted = list(players)[:CHARTED]
    course = history.rating_course(game, [name_key(name) for name in charted])
    if any(course.values()):
        chart = rating_chart(course, {name_key(name): name for name in charted})
        caption = _("Each player's rating (mu) after each of their games, oldest to newest.")
        left_out = [name for name in players if name not in charted]
        if left_out:
            caption += " " + _("Not drawn (one line each for the first {count}): {names}").format(
                count=CHARTED, names=", ".join(left_out)
            )
        parts += [heading(_("Ratings over time")), figure(chart, caption)]
    seats: list[list[int]] = []
    for numbers in players.values():
        for seat, at in enumerate(numbers.by_seat):
            while len(seats) <= seat:
                seats.append([0, 0])
            seats[seat][0] += at.games
            seats[seat][1] += at.wins
    parts.append(heading(_("Results by seat (seat 1 moves first)")))
    self_play = document.self_play or {}
    headers = [_("seat"), _("games"), _("wins"), _("win rate")]
    seat_rows: list[list[object]] = [
        [seat + 1, games, wins, f"{wins / games:.0%}" if games else ""] for seat, (games, wins) in enumerate(seats)
    ]
    if len(self_play) == 1:  # one player count: random self-play beside each seat
        ((count, found),) = self_play.items()
        headers.append(_("random self-play ({n} players)").format(n=count))
        rates = found.win_rates
        for seat, row in enumerate(seat_rows):
            row.append(f"{rates[seat]:.0%}" if seat < len(rates) else "")
    parts.append(table_html(headers, seat_rows))
    if len(self_play) > 1:  # several player counts: a line each
        from referee.cli.history.stats_text import self_play_lines

        for line in self_play_lines(self_play):
            parts.append(tag("p", line, css="note"))
    top = list(players)[:6]
    if len(top) >= 2:
        matrix: list[list[object]] = []
        pairs = head_to_heads(history, top, game=game, since=since)
        for a in top:
            row = [a]
            for b in top:
                if a == b:
                    row.append("—")
                    continue
                together = pairs[(a, b)]
                row.append(f"{together.wins.get(a, 0)}–{together.wins.get(b, 0)}" if together.games else "")
            matrix.append(row)
        parts.append(heading(_("Head to head (wins of the row against the column)")))
        parts.append(table_html(["", *top], matrix))
    maps: dict[str, list[int]] = {}
    for numbers in players.values():
        for board, at in numbers.by_map.items():
            maps.setdefault(board, [0, 0])
            maps[board][0] += at.games
    if maps:
        parts.append(heading(_("Maps")))
        parts.append(
            table_html(
                [_("map"), _("player games")], [[board, games] for board, (games, _wins) in sorted(maps.items())]
            )
        )
    latest = history.games(game=game, player=player, since=since, limit=LATEST)
    if latest:
        parts.append(heading(_("Latest games")))
    for logged in latest:
        entry = logged.entry
        caption = f"#{logged.id} {entry.played[:16].replace('T', ' ')} — {result_text(entry)}"
        try:
            final, _turns = replayed(entry)
        except Exception:  # a damaged record is told, never stops the report
            final = None
        if final is None:
            parts.append(tag("p", caption))
            continue
        picture = game_picture(game_spec(game), final)
        parts.append(figure(picture, caption))
    return parts


def heading(text: str) -> Element:
    return tag("h3", text)


def report_html(history: Any, game: str | None, player: str | None, since: str | None, filters: str) -> str:
    from datetime import datetime

    from referee.history.entry import game_title
    from referee.i18n import current

    kinds = [game] if game is not None else (history.game_kinds() if history is not None else [])
    total = history.count(game=game, player=player, since=since) if history is not None else 0
    counts = {kind: history.count(game=kind, player=player, since=since) for kind in kinds} if history else {}
    cards = []
    for kind, count in counts.items():
        if count:
            number = tag("b", count)
            number.tail = clean(game_title(kind))  # the game's name after its count: <b>3</b>Coin Age
            cards.append(tag("div", None, number, css="card"))
    sections = [game_section(history, kind, player, since) for kind in kinds] if history is not None else []
    title = _("Games played: a season")
    made = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M")
    made_by = ngettext("{count} game · made {when} by referee", "{count} games · made {when} by referee", total).format(
        count=total, when=made
    )
    body = tag(
        "body",
        None,
        tag("h1", title),
        tag("p", made_by + (f" · {filters}" if filters else ""), css="muted"),
        tag("div", None, *cards, css="cards") if cards else tag("p", _("No game in the history yet.")),
        *(part for section in sections for part in section),
    )
    head = html_head(title, STYLE)
    page = tag("html", None, head, body, lang=current().replace("_", "-"))
    ElementTree.indent(page, space="")
    return "<!DOCTYPE html>\n" + html_text(page) + "\n"


def report_command(
    env: Any,
    output: str,
    game: str | None,
    player: str | None,
    since: str | None,
    history_file: str | None,
    force: bool,
    json_mode: bool = False,
    location: str | None = None,
) -> int:
    from referee.cli.files import write_output
    from referee.cli.history.opening import history_path, open_for_reading, say_left_out
    from referee.cli.history.options import check_game_name, check_name, parse_since
    from referee.cli.history.stats_text import checked_location
    from referee.cli.output import Output
    from referee.cli.status import ExitStatus, fail
    from referee.errors import InputError, RefereeError

    out = Output(env, json_mode)
    try:
        if json_mode and output == "-":
            raise InputError(_("--json tells what was written to a file; the report itself goes to standard output"))
        if not (output == "-" or output.lower().endswith((".html", ".htm")) or output.startswith("/dev/")):
            raise InputError(_("{file}: the report is one HTML file: write FILE.html").format(file=output))
        game = check_game_name(game)
        player = check_name(player, "--player")
        since_key = parse_since(since)
        location = checked_location(location)
        filters = ", ".join(
            text
            for text in (
                _("game: {game}").format(game=game) if game else "",
                _("player: {player}").format(player=player) if player else "",
                _("since {date}").format(date=since) if since else "",
                _("at {location}").format(location=location) if location else "",
            )
            if text
        )
        history = open_for_reading(history_file)
        if history is None:
            html = report_html(None, game, player, since_key, filters)
        else:
            with history:
                history.location = location
                html = report_html(history, game, player, since_key, filters)
                say_left_out(out, history)
        from referee.cli.history.exporting import _binary_stdout

        stdout = _binary_stdout(env)
        write_output(
            output,
            [html.encode("utf-8")],
            what=_("the report"),
            force=force,
            protect=[history_path(history_file)],
            stdout=stdout,
        )
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json({"file": output})
    elif output != "-":
        out.note(_("Wrote the report {file}.").format(file=output))
    return ExitStatus.SUCCESS
