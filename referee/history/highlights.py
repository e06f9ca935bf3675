"""The figures scorekeeping apps are loved for, beside the tables of ``referee stats`` (``stats --highlights``).

For the games the filters select (a game, a player's games, since a date; abandoned games left out), in the order
they were played:

* ``plays_by_month``: games per month (``YYYY-MM``, the month at the table when the record says it);
* ``minutes_played``: the time played, summed over the games whose start and end, or length, are known
  (``timed_games``);
* per game, ``player_counts`` (games by number of players) and the ``champion``: the player with the most wins
  (then the better win rate, then the name);
* per player:

  - ``minutes_played``; ``first_plays``: the day each game was first played (earliest first);
  - ``streak``: the longest run of wins in a row and the run going on now (a draw or a loss ends a run);
  - ``h_index``: the largest *h* such that *h* games (game titles) were each played at least *h* times, and
    ``player_h_index``: the largest *h* such that *h* opponents were each met at least *h* times (BG Stats' two
    H-indexes);
  - ``nemesis``: the opponent who won most often in games this player lost (at least once); ``favourite_victim``:
    the opponent this player beat most often (won while they lost);
  - ``most_played_with``: the three opponents met most often.

One pass over the players of the selected games, oldest first. Pure reading; no I/O but the history's query.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from referee.history.store import History

MOST_PLAYED_SHOWN = 3


class _Seat(NamedTuple):
    """One player of one game, as the query reads it (oldest game first, seat by seat)."""

    game_id: int
    kind: str
    played: str
    started: str | None
    finished: str | None
    key: str
    name: str
    won: bool
    drawn: bool
    anonymous: bool
    length: int | None = None
    """The length of a play known only by its day (no start and end: a BoardGameGeek play's ``length``)."""


@dataclass
class _Tally:
    """One player's figures as the games are counted, oldest first (turned into :class:`PlayerHighlights`)."""

    games: int = 0
    minutes: int = 0
    first: dict[str, str] = field(default_factory=dict)
    """The day each game was first played."""
    run: int = 0
    """Wins in a row up to the game counted last."""
    longest: int = 0
    titles: Counter[str] = field(default_factory=Counter)
    met: Counter[str] = field(default_factory=Counter)
    beat: Counter[str] = field(default_factory=Counter)
    beaten_by: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True)
class Met:
    """Another player and the games that count: beaten by (a nemesis), beaten (a favourite victim), played with."""

    name: str
    games: int

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "games": self.games}


@dataclass(frozen=True)
class Champion:
    """The player with the most wins in one game (then the best rate, then the name)."""

    name: str
    wins: int
    games: int

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "wins": self.wins, "games": self.games}


@dataclass(frozen=True)
class GameHighlights:
    """One game's plays, by player count, and its champion."""

    games: int
    player_counts: dict[str, int]
    champion: Champion | None

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "player_counts": dict(self.player_counts),
            "champion": None if self.champion is None else self.champion.to_json(),
        }


@dataclass(frozen=True)
class Streak:
    """The longest run of wins in a row, and the run now."""

    longest: int
    current: int


@dataclass(frozen=True)
class PlayerHighlights:
    """One player's highlights (see the module's list)."""

    games: int
    minutes_played: int
    first_plays: dict[str, str]
    streak: Streak
    h_index: int
    player_h_index: int
    nemesis: Met | None
    favourite_victim: Met | None
    most_played_with: list[Met]

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "minutes_played": self.minutes_played,
            "first_plays": dict(self.first_plays),
            "streak": {"longest": self.streak.longest, "current": self.streak.current},
            "h_index": self.h_index,
            "player_h_index": self.player_h_index,
            "nemesis": None if self.nemesis is None else self.nemesis.to_json(),
            "favourite_victim": None if self.favourite_victim is None else self.favourite_victim.to_json(),
            "most_played_with": [met.to_json() for met in self.most_played_with],
        }


@dataclass(frozen=True)
class Highlights:
    """What ``stats --highlights`` shows; :meth:`to_json` is the ``highlights`` of ``stats --highlights --json``."""

    games: int
    plays_by_month: dict[str, int]
    minutes_played: int
    timed_games: int
    h_index: int
    by_game: dict[str, GameHighlights]
    players: dict[str, PlayerHighlights]

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "plays_by_month": dict(self.plays_by_month),
            "minutes_played": self.minutes_played,
            "timed_games": self.timed_games,
            "h_index": self.h_index,
            "by_game": {kind: figures.to_json() for kind, figures in self.by_game.items()},
            "players": {name: figures.to_json() for name, figures in self.players.items()},
        }


def _month(played: str, finished: str | None) -> str:
    """The month at the table (from the recorded end time with its offset), else the UTC month logged."""
    return (finished or played)[:7]


def _minutes(started: str | None, finished: str | None) -> int | None:
    if not started or not finished:
        return None
    try:
        seconds = (datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds()
    except (ValueError, TypeError):
        return None
    return round(seconds / 60) if 0 <= seconds < 7 * 24 * 3600 else None


def _h_index(counts: Counter[str]) -> int:
    ordered = sorted(counts.values(), reverse=True)
    return sum(1 for rank, count in enumerate(ordered, start=1) if count >= rank)


def _top(counter: Counter[str], names: dict[str, str]) -> Met | None:
    if not counter:
        return None
    key, count = min(counter.items(), key=lambda item: (-item[1], names[item[0]]))
    return Met(names[key], count)


def highlights(
    history: History,
    *,
    game: str | None = None,
    player: str | None = None,
    since: str | None = None,
) -> Highlights:
    """The highlights of ``stats --highlights`` (see the module's list; ``--json``: :meth:`Highlights.to_json`)."""
    from referee.history.entry import name_key
    from referee.history.store import game_filters

    where, params = game_filters(
        game, player, since, table="g.", results_only=True, location=history.location, p=history.connection.dialect.p
    )  # abandoned: no result
    where += history.counted_sql()  # a damaged game: counted nowhere
    history.note_damaged(game=game, player=player, since=since)
    months: Counter[str] = Counter()
    counts_by_game: dict[str, Counter[int]] = {}
    wins_by_game: dict[str, Counter[str]] = {}
    games_by_game: dict[str, Counter[str]] = {}
    names: dict[str, str] = {}
    people: dict[str, _Tally] = {}
    total_minutes = timed = 0
    with history.reading() as db:
        cursor = db.execute(
            "SELECT g.id, g.game, g.played, g.started, g.finished, p.key, p.name, p.winner, p.draw, p.anonymous,"
            " g.minutes"
            f" FROM games g JOIN players p ON p.game_id = g.id{where} ORDER BY g.played, g.id, p.seat",
            params,
        )
        from referee.history.store import text_cell

        current: list[_Seat] = []
        for raw in cursor:
            game_id, kind, played, started, finished, key, name, won, drawn, anonymous, length = raw
            row = _Seat(
                game_id,
                text_cell(kind) or "",
                text_cell(played) or "",
                text_cell(started),
                text_cell(finished),
                text_cell(key) or "",
                text_cell(name) or "?",
                bool(won),
                bool(drawn),
                bool(anonymous),
                length if type(length) is int and 0 < length < 100_000 else None,
            )
            if current and current[0].game_id != row.game_id:
                total_minutes, timed = _add_game(
                    current, months, counts_by_game, wins_by_game, games_by_game, names, people, total_minutes, timed
                )
                current = []
            current.append(row)
        if current:
            total_minutes, timed = _add_game(
                current, months, counts_by_game, wins_by_game, games_by_game, names, people, total_minutes, timed
            )
    by_game: dict[str, GameHighlights] = {}
    for kind, counts in sorted(counts_by_game.items()):
        wins = wins_by_game[kind]
        played = games_by_game[kind]
        champion = None
        if wins:
            key = min(wins, key=lambda k: (-wins[k], -wins[k] / played[k], names[k]))
            champion = Champion(names[key], wins[key], played[key])
        by_game[kind] = GameHighlights(sum(counts.values()), {str(n): counts[n] for n in sorted(counts)}, champion)
    players: dict[str, PlayerHighlights] = {}
    shown = [name_key(player)] if player is not None else sorted(people, key=lambda k: (-people[k].games, names[k]))
    for key in shown:
        if key not in people:
            continue
        person = people[key]
        players[names[key]] = PlayerHighlights(
            games=person.games,
            minutes_played=person.minutes,
            first_plays=dict(sorted(person.first.items(), key=lambda item: (item[1], item[0]))),
            streak=Streak(person.longest, person.run),
            h_index=_h_index(person.titles),
            player_h_index=_h_index(person.met),
            nemesis=_top(person.beaten_by, names),
            favourite_victim=_top(person.beat, names),
            most_played_with=[
                Met(names[k], n)
                for k, n in sorted(person.met.items(), key=lambda item: (-item[1], names[item[0]]))[:MOST_PLAYED_SHOWN]
            ],
        )
    return Highlights(
        games=sum(months.values()),
        plays_by_month=dict(sorted(months.items())),
        minutes_played=total_minutes,
        timed_games=timed,
        h_index=_h_index(Counter({kind: sum(c.values()) for kind, c in counts_by_game.items()})),
        by_game=by_game,
        players=players,
    )


def _add_game(
    rows: list[_Seat],
    months: Counter[str],
    counts_by_game: dict[str, Counter[int]],
    wins_by_game: dict[str, Counter[str]],
    games_by_game: dict[str, Counter[str]],
    names: dict[str, str],
    people: dict[str, _Tally],
    total_minutes: int,
    timed: int,
) -> tuple[int, int]:
    """Count one game (its players' rows) into every figure."""
    first = rows[0]
    kind = first.kind
    months[_month(first.played, first.finished)] += 1
    counts_by_game.setdefault(kind, Counter())[len(rows)] += 1
    wins = wins_by_game.setdefault(kind, Counter())
    played_here = games_by_game.setdefault(kind, Counter())
    minutes = _minutes(first.started, first.finished)
    if minutes is None:
        minutes = first.length
    if minutes is not None:
        total_minutes += minutes
        timed += 1
    day = (first.finished or first.played)[:10]
    winners = {row.key for row in rows if row.won}
    for row in rows:
        if row.anonymous:
            continue  # an anonymous player: nobody's figures
        key, won = row.key, row.won
        names.setdefault(key, row.name)
        person = people.setdefault(key, _Tally())
        person.games += 1
        person.titles[kind] += 1
        person.first.setdefault(kind, day)
        if minutes is not None:
            person.minutes += minutes
        played_here[key] += 1
        if won:
            wins[key] += 1
            person.run += 1
            person.longest = max(person.longest, person.run)
        else:
            person.run = 0
        for other in rows:
            if other.key == key or other.anonymous:
                continue
            person.met[other.key] += 1
            if won and other.key not in winners:
                person.beat[other.key] += 1
            elif not won and other.key in winners:
                person.beaten_by[other.key] += 1
    return total_minutes, timed
