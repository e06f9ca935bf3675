"""``stats``: the numbers of :mod:`referee.history.stats` (and ``--highlights``) for people and for ``--json``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment
from referee.cli.history.opening import open_for_reading, say_left_out
from referee.cli.history.options import check_game_name, check_name, parse_since
from referee.cli.output import Output
from referee.cli.status import ExitStatus, fail
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.history.highlights import Highlights
    from referee.history.stats import SelfPlay, Statistics


def checked_location(location: str | None) -> str | None:
    """``--location L`` of ``stats`` and ``history report``: only the games played there (as ``play --location``
    and ``history edit --location`` keep it); checked as free text."""
    if location is None:
        return None
    from referee.cli.history.options import check_free_text

    check_free_text(location, "--location")
    return location.strip() or None


def stats_command(
    env: Environment,
    game: str | None,
    player: str | None,
    vs: str | None,
    since: str | None,
    json_mode: bool,
    history_file: str | None,
    with_highlights: bool = False,
    location: str | None = None,
) -> int:
    from referee.history.stats import Statistics, statistics

    out = Output(env, json_mode)
    try:
        game = check_game_name(game)
        player = check_name(player, "--player")
        vs = check_name(vs, "--vs")
        if vs is not None and player is None:
            raise InputError(_("--vs needs --player: head to head is between two players"))
        if vs is not None and player is not None:
            from referee.players import name_key

            if name_key(vs) == name_key(player):
                raise InputError(
                    _("--vs: '{a}' and '{b}' are one player; head to head is between two").format(a=player, b=vs)
                )
        since_key = parse_since(since)
        found_highlights: Highlights | None = None
        history = open_for_reading(history_file)
        if history is None:
            found = Statistics(game)
            document: dict[str, Any] = found.to_json()
        else:
            with history:
                history.location = checked_location(location)
                found = statistics(history, game=game, player=player, vs=vs, since=since_key)
                document = found.to_json()
                if with_highlights:
                    from referee.history.highlights import highlights

                    found_highlights = highlights(history, game=game, player=player, since=since_key)
                    document["highlights"] = found_highlights.to_json()
                course = None
                if game is not None and not json_mode and env.stdout_isatty and found.players:
                    from referee.cli.history.chart import MARKERS
                    from referee.history.entry import name_key

                    charted = list(found.players)[: len(MARKERS)]
                    course = history.rating_course(game, [name_key(name) for name in charted])
                say_left_out(out, history)
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json(document)
        return ExitStatus.SUCCESS
    if not found.players:
        out.note(_("No game in the history for this filter."))
        return ExitStatus.SUCCESS
    if game is not None:
        print_game_stats(out, game, found)
        if course:
            from referee.cli.history.chart import chart_for

            chart_for(out, list(found.players), course)
    else:
        for kind, sub in (found.by_game or {}).items():
            if sub.players:
                print_game_stats(out, kind, sub)
                out.text()
    if found.head_to_head is not None:
        h2h = found.head_to_head
        (first, second) = list(h2h.wins)
        out.text(
            _(
                "Head to head, {games}: {a} won {a_wins}, {b} won {b_wins}, {draws} drawn, {shared} shared;"
                " ahead: {a} {a_ahead}, {b} {b_ahead}"
            ).format(
                games=games_words(h2h.games),
                a=first,
                b=second,
                a_wins=h2h.wins[first],
                b_wins=h2h.wins[second],
                shared=h2h.shared_wins,
                draws=h2h.draws,
                a_ahead=h2h.ahead[first],
                b_ahead=h2h.ahead[second],
            )
        )
    if found_highlights is not None:
        if game is not None or found.head_to_head is not None:
            out.text()
        print_highlights(out, found_highlights)
    return ExitStatus.SUCCESS


MONTHS_SHOWN = 12
"""Plays by month: the latest months shown at a terminal (``--json`` has them all)."""


def _duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    return (
        _("{hours} h {minutes} min").format(hours=hours, minutes=rest)
        if hours
        else _("{minutes} min").format(minutes=rest)
    )


def self_play_lines(figures: dict[str, SelfPlay]) -> list[str]:
    """``random self-play, 2 players: seat 1 51%, seat 2 49% (20000 games)``: what random legal players win by
    seat, for each player count shown (see :func:`referee.history.stats.self_play`)."""
    return [
        ngettext(
            "random self-play, {n} player: {seats} ({games})",
            "random self-play, {n} players: {seats} ({games})",
            int(count),
        ).format(
            n=count,
            games=games_words(found.games),
            seats=", ".join(
                _("seat {seat} {rate:.0%}").format(seat=seat + 1, rate=rate)
                for seat, rate in enumerate(found.win_rates)
            ),
        )
        for count, found in figures.items()
    ]


def wrapped(out: Output, text: str) -> None:
    """A long line of figures wrapped to the output's width (wide characters count two), its continuation
    indented."""
    from referee.cli.cells import fill

    indent = " " * (len(text) - len(text.lstrip()) + 4)
    out.text(fill(text, max(20, out.width - 2), subsequent_indent=indent))


def print_highlights(out: Output, found: Highlights) -> None:
    """The figures of ``stats --highlights`` as short lines (wrapped to the width)."""
    from referee.history.entry import game_title

    def say(text: str) -> None:
        wrapped(out, text)

    say(
        _("Highlights: {games}, {time} played ({timed} timed), H-index {h}").format(
            games=games_words(found.games),
            time=_duration(found.minutes_played),
            timed=found.timed_games,
            h=found.h_index,
        )
    )
    months = list(found.plays_by_month.items())[-MONTHS_SHOWN:]
    if months:
        say(_("Plays by month: {months}").format(months=", ".join(f"{month} {count}" for month, count in months)))
    for kind, figures in found.by_game.items():
        counts = ", ".join(
            ngettext("{count} with {n} player", "{count} with {n} players", int(n)).format(count=games, n=n)
            for n, games in figures.player_counts.items()
        )
        champion = figures.champion
        line = _("{game}: {games} ({counts})").format(
            game=game_title(kind), games=games_words(figures.games), counts=counts
        )
        if champion is not None:
            line += "; " + ngettext(
                "champion {name} ({wins} win in {games})", "champion {name} ({wins} wins in {games})", champion.wins
            ).format(name=champion.name, wins=champion.wins, games=champion.games)
        say(line)
    for name, player_figures in found.players.items():
        parts = [
            _("{games}, {time}").format(
                games=games_words(player_figures.games), time=_duration(player_figures.minutes_played)
            ),
            _("longest win streak {longest} (now {current})").format(
                longest=player_figures.streak.longest, current=player_figures.streak.current
            ),
            _("H-index: games {h}, players {p}").format(h=player_figures.h_index, p=player_figures.player_h_index),
        ]
        nemesis, victim = player_figures.nemesis, player_figures.favourite_victim
        if nemesis is not None:
            parts.append(_("nemesis {name} ({games})").format(name=nemesis.name, games=nemesis.games))
        if victim is not None:
            parts.append(_("favourite victim {name} ({games})").format(name=victim.name, games=victim.games))
        if player_figures.most_played_with:
            parts.append(
                _("most played with {names}").format(
                    names=", ".join(f"{met.name} {met.games}" for met in player_figures.most_played_with)
                )
            )
        firsts = ", ".join(f"{game_title(kind)} {day}" for kind, day in player_figures.first_plays.items())
        parts.append(_("first played {games}").format(games=firsts))
        say(f"{name}: " + "; ".join(parts))


def print_game_stats(out: Output, game: str, found: Statistics) -> None:
    from referee.cli.output import ScoreTable
    from referee.history.entry import game_title, has_points
    from referee.history.stats import SeatRecord

    no_points = not has_points(game)
    shared = any(numbers.shared_wins for numbers in found.players.values())
    headers = [_("player"), _("games"), _("wins"), _("draws")] + ([_("shared")] if shared else []) + [_("win rate")]
    if not no_points:
        headers += [_("average"), _("best")]
    headers.append(_("rating (mu − 3 sigma)"))
    table = ScoreTable(game_title(game), headers)
    seats: list[SeatRecord] = []  # every player's games at each seat
    for name, numbers in found.players.items():
        rating = numbers.rating
        row = [
            name,
            str(numbers.games),
            str(numbers.wins),
            str(numbers.draws),
            *([str(numbers.shared_wins)] if shared else []),
            f"{numbers.win_rate:.0%}",
        ]
        if not no_points:
            average = numbers.average_score
            best = numbers.best_score
            row += ["" if average is None else f"{average:.1f}", "" if best is None else str(best)]
        row.append("" if rating is None else f"{rating.ordinal:.1f} ({rating.mu:.1f} ± {rating.sigma:.1f})")
        table.add_row(row)
        for seat, numbers_at in enumerate(numbers.by_seat):
            while len(seats) <= seat:
                seats.append(SeatRecord())
            seats[seat].games += numbers_at.games
            seats[seat].wins += numbers_at.wins
    for line in table.lines(out.width):
        out.text(line)
    parts = [
        _("seat {seat}: {wins}/{games} won ({rate:.0%})").format(
            seat=seat + 1, wins=at_seat.wins, games=at_seat.games, rate=at_seat.wins / at_seat.games
        )
        for seat, at_seat in enumerate(seats)
        if at_seat.games
    ]
    wrapped(out, _("By seat (seat 1 moves first): {parts}").format(parts="; ".join(parts)))
    for line in self_play_lines(found.self_play or {}):
        wrapped(out, "  " + line)
    if any(numbers.by_map for numbers in found.players.values()):
        for name, numbers in found.players.items():
            boards = numbers.by_map
            if boards:
                wrapped(
                    out,
                    f"  {name}: "
                    + "; ".join(f"{board} {counts.wins}/{counts.games}" for board, counts in boards.items()),
                )


def games_words(count: int) -> str:
    """``1 game``, ``3 games``."""
    return ngettext("{n} game", "{n} games", count).format(n=count)
