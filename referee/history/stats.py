"""The numbers of ``referee stats``: per player games, wins (a shared win counts as a win, and is also counted
apart), draws (a drawn game is nobody's win), win rate, average and best score, results by seat, by map (Coin
Age), the rating, and head to head.

Everything is one aggregate query over the players table (indexed for it), so the answer stays fast with a
hundred thousand games; ratings are read from the table the history keeps current.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.history import rows as row_rules
from referee.history.entry import has_points, name_key
from referee.history.store import History


@dataclass
class SeatRecord:
    """Games played and won at one seat, or on one map."""

    games: int = 0
    wins: int = 0

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "wins": self.wins}


@dataclass(frozen=True)
class Rating:
    """A player's OpenSkill rating in one game; players are ranked by ``ordinal``, mu − 3 sigma."""

    mu: float
    sigma: float
    ordinal: float

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass
class PlayerNumbers:
    """One player's numbers: games, wins (a shared win counts), draws, shared wins, win rate, average and best
    score (None in a game without points), results by seat and by map (Coin Age), and the rating (in one game)."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    shared_wins: int = 0
    win_rate: float = 0.0
    average_score: float | None = None
    best_score: int | None = None
    by_seat: list[SeatRecord] = field(default_factory=list)
    by_map: dict[str, SeatRecord] = field(default_factory=dict)
    rating: Rating | None = None

    def to_json(self) -> dict[str, object]:
        document: dict[str, object] = {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "shared_wins": self.shared_wins,
            "win_rate": self.win_rate,
            "average_score": self.average_score,
            "best_score": self.best_score,
            "by_seat": [seat.to_json() for seat in self.by_seat],
        }
        if self.by_map:
            document["by_map"] = {board: record.to_json() for board, record in self.by_map.items()}
        document["rating"] = None if self.rating is None else self.rating.to_json()
        return document


@dataclass(frozen=True)
class SelfPlay:
    """Random self-play at one player count: games measured, win rate by seat (of the games that ended), draws."""

    games: int
    win_rates: list[float]
    draw_rate: float

    def to_json(self) -> dict[str, object]:
        return {"games": self.games, "win_rates": list(self.win_rates), "draw_rate": self.draw_rate}


@dataclass(frozen=True)
class HeadToHead:
    """The games two players played together: each one's wins and games finished ahead (by name), shared wins,
    draws."""

    games: int
    wins: dict[str, int]
    shared_wins: int
    draws: int
    ahead: dict[str, int]

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "wins": dict(self.wins),
            "shared_wins": self.shared_wins,
            "draws": self.draws,
            "ahead": dict(self.ahead),
        }


@dataclass
class Statistics:
    """What ``stats`` shows: players by rank (by rating in one game, else by wins), each game's own statistics when
    no game is named, random self-play by player count, head to head with ``--vs``. :meth:`to_json` is the
    ``stats --json`` document."""

    game: str | None
    players: dict[str, PlayerNumbers] = field(default_factory=dict)
    by_game: dict[str, Statistics] | None = None
    self_play: dict[str, SelfPlay] | None = None
    head_to_head: HeadToHead | None = None

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "game": self.game,
            "players": {name: numbers.to_json() for name, numbers in self.players.items()},
        }
        if self.by_game is not None:
            document["by_game"] = {kind: sub.to_json() for kind, sub in self.by_game.items()}
        if self.self_play is not None:
            document["self_play"] = {count: found.to_json() for count, found in self.self_play.items()}
        if self.head_to_head is not None:
            document["head_to_head"] = self.head_to_head.to_json()
        return document


def statistics(
    history: History,
    *,
    game: str | None = None,
    player: str | None = None,
    vs: str | None = None,
    since: str | None = None,
) -> Statistics:
    """The numbers of ``stats`` (``stats --json`` is their :meth:`Statistics.to_json`); with ``vs`` (and
    ``player``), head to head.

    Without ``game`` the numbers cover every game (no rating: ratings are per game) and ``by_game`` holds the
    statistics of each game."""
    keys = [name_key(name) for name in (player, vs) if name is not None]
    found = Statistics(game, _players(history, game, since, keys))
    shown = set(keys)
    if shown:
        found.players = {name: numbers for name, numbers in found.players.items() if name_key(name) in shown}
    if game is not None:
        table = history.ratings(game)
        for name, numbers in found.players.items():
            rating = table.get(name_key(name))
            numbers.rating = (
                None
                if rating is None
                else Rating(round(rating[1], 3), round(rating[2], 3), round(rating[1] - 3 * rating[2], 3))
            )
        # ranked by OpenSkill's conventional figure, the ordinal mu - 3 sigma: a player of one lucky game (a high
        # mu, a wide sigma) is not ranked above one who has won steadily
        found.players = dict(
            sorted(
                found.players.items(),
                key=lambda item: -item[1].rating.ordinal if item[1].rating else float("inf"),
            )
        )
        measured = self_play_measured(game)
        counts = history.player_counts(game, measured) if measured else []
        found.self_play = self_play(measured, counts)
    else:
        found.by_game = {
            kind: statistics(history, game=kind, player=player, vs=vs, since=since) for kind in history.game_kinds()
        }
    if player is not None and vs is not None:
        found.head_to_head = head_to_head(history, player, vs, game=game, since=since)
    return found


@dataclass(frozen=True)
class MeasuredSelfPlay:
    """Random self-play at one player count, as ``scripts/measure_self_play.py`` wrote it: the games played, the
    wins of each seat, the draws, and the games stopped at the turn limit (``stalled``: ended by nobody)."""

    games: int
    wins: list[int]
    draws: int = 0
    stalled: int = 0

    @property
    def ended(self) -> int:
        return self.games - self.stalled


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _measured(document: object) -> MeasuredSelfPlay | None:
    """One player count's figures of the file, or None when they are not whole numbers in their places."""
    if not isinstance(document, dict) or not isinstance(document.get("wins"), list):
        return None
    games, draws, stalled = (_whole(document.get(key, 0)) for key in ("games", "draws", "stalled"))
    wins = [_whole(number) for number in document["wins"]]
    if games is None or draws is None or stalled is None or None in wins:
        return None
    return MeasuredSelfPlay(games, [number or 0 for number in wins], draws, stalled)


def self_play_measured(game: str) -> dict[int, MeasuredSelfPlay]:
    """The random self-play figures by player count in the ``self_play.json`` beside the game's rules (written by
    ``scripts/measure_self_play.py``); empty for a game without one, or one that cannot be read."""
    import json
    import os

    from referee import registry

    entry = registry.game(game)
    if entry is None:
        return {}
    try:
        top, *inner = entry.rules.split(".")[:-1]  # the rules' package, found without importing the rules
        path = os.path.join(os.path.dirname(__import__(top).__file__ or ""), *inner, "self_play.json")
        with open(path, encoding="utf-8") as file:
            document = json.load(file)["by_players"]
    except (ImportError, OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(document, dict) or not all(isinstance(key, str) and key.isdigit() for key in document):
        return {}
    measured = {int(count): _measured(figures) for count, figures in document.items()}
    return {count: figures for count, figures in measured.items() if figures is not None}


def self_play(measured: dict[int, MeasuredSelfPlay], player_counts: list[int]) -> dict[str, SelfPlay]:
    """Random self-play by seat for each of ``player_counts`` that was measured (see :func:`self_play_measured`):
    by player count (``"<n>"``, as ``stats --json`` keys it), the games, the win rate of each seat (of the games
    that ended) and the draw rate. What a group's results by seat are compared with: random legal players show how
    much a seat itself is worth."""
    figures: dict[str, SelfPlay] = {}
    for count in player_counts:
        found = measured.get(count)
        if found is None or found.ended <= 0:
            continue
        figures[str(count)] = SelfPlay(
            found.games,
            [round(wins / found.ended, 4) for wins in found.wins],
            round(found.draws / found.ended, 4),
        )
    return figures


Row = tuple[str, str, int, str, int, int, int, int, int, "int | None", int]
"""key, name, seat, board, games, wins, shared wins, sum of scores, number of scores, best score, draws."""
TOTALS_COLUMNS = (
    "key",
    "name",
    "seat",
    "board",
    "games",
    "wins",
    "shared",
    "score_sum",
    "score_count",
    "best",
    "draws",
)


def _rows(history: History, game: str | None, since: str | None, keys: list[str]) -> list[Row]:
    """The numbers per player, seat and board: from the totals the history keeps (no date filter, at most one
    player), else added up from the games (a date, or two players: only the games both played; or a damaged row
    of the totals, which are then added up again); damaged games are left out of what is added up."""
    p = history.connection.dialect.p
    with history.reading() as db:
        if since is None and len(keys) <= 1 and history.location is None:
            clauses, params = [], []
            if game is not None:
                clauses.append(f"game = {p}")
                params.append(game)
            if keys:
                clauses.append(f"key = {p}")
                params.append(keys[0])
            where = " WHERE " + " AND ".join(clauses) if clauses else ""
            found = db.execute(
                "SELECT key, name, seat, board, games, wins, shared, score_sum, score_count, best, draws FROM totals"
                + where,
                params,
            ).fetchall()
            if all(row_rules.sound_row("totals", row, TOTALS_COLUMNS) for row in found):
                return found
    # a damaged row of the totals (they are derived): added up from the games, and the totals repaired
    if since is None and len(keys) <= 1 and history.location is None:
        history.repair_totals(game)
    with history.reading() as db:
        history.note_damaged(game=game, since=since)
        # anonymous players: nobody's figures
        clauses, params = ["g.incomplete = 0" + history.counted_sql(), "p.anonymous = 0"], []
        if game is not None:
            clauses.append(f"p.game = {p}")
            params.append(game)
        if since is not None:
            clauses.append(f"g.played >= {p}")
            params.append(since)
        if history.location is not None:
            clauses.append(f"g.location = {p}")
            params.append(history.location)
        for key in keys:  # only the games every one of these players played
            clauses.append(f"p.game_id IN (SELECT game_id FROM players WHERE key = {p})")
            params.append(key)
        if keys:
            clauses.append(f"p.key IN ({db.dialect.marks(len(keys))})")
            params.extend(keys)
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        found = db.execute(
            "SELECT p.key, min(p.name), p.seat, coalesce(g.board, ''), count(*), sum(p.winner), sum(p.shared),"
            " coalesce(sum(p.score), 0), count(p.score), max(p.score), sum(p.draw)"
            f" FROM players p JOIN games g ON g.id = p.game_id{where}"
            " GROUP BY p.key, p.seat, coalesce(g.board, '')",
            params,
        ).fetchall()
        readable = []
        for row in found:
            if isinstance(row[0], str) and isinstance(row[1], str) and isinstance(row[3], str):
                readable.append(row)
            else:  # text that is not UTF-8 (which SQL cannot see): noted, left out
                history.left_out.add(("text", *(row_rules.text(cell) for cell in row[:4])))
        return readable


def _players(history: History, game: str | None, since: str | None, keys: list[str]) -> dict[str, PlayerNumbers]:
    result: dict[str, PlayerNumbers] = {}
    sums: dict[str, list[int]] = {}  # each player's sum of scores and number of scores
    names: dict[str, tuple[int, str]] = {}
    points = game is None or has_points(game)
    for key, name, seat, board, count, wins, shared, total, scored, best, draws in _rows(history, game, since, keys):
        if count > names.get(key, (-1, ""))[0]:
            names[key] = (count, name)
        numbers = result.setdefault(key, PlayerNumbers())
        added = sums.setdefault(key, [0, 0])
        numbers.games += count
        numbers.wins += wins or 0
        numbers.draws += draws or 0
        numbers.shared_wins += shared or 0
        if scored and points:
            added[0] += total or 0
            added[1] += scored
            numbers.best_score = best if numbers.best_score is None or best is None else max(best, numbers.best_score)
        while len(numbers.by_seat) <= seat:
            numbers.by_seat.append(SeatRecord())
        numbers.by_seat[seat].games += count
        numbers.by_seat[seat].wins += wins or 0
        if board:
            on_board = numbers.by_map.setdefault(board, SeatRecord())
            on_board.games += count
            on_board.wins += wins or 0
    for key, numbers in result.items():
        total, scored = sums[key]
        numbers.win_rate = round(numbers.wins / numbers.games, 4) if numbers.games else 0.0
        numbers.average_score = round(total / scored, 2) if scored else None
        numbers.by_map = dict(sorted(numbers.by_map.items()))
    return {
        names[key][1]: numbers
        for key, numbers in sorted(result.items(), key=lambda item: (-item[1].wins, -item[1].games, names[item[0]][1]))
    }


def head_to_head(
    history: History, player: str, opponent: str, *, game: str | None = None, since: str | None = None
) -> HeadToHead:
    """The games two players played together: how often each won, shared a win, and finished ahead."""
    found = head_to_heads(history, [player, opponent], game=game, since=since, pairs=[(player, opponent)])
    return found[(player, opponent)]


def head_to_heads(
    history: History,
    players: list[str],
    *,
    game: str | None = None,
    since: str | None = None,
    pairs: list[tuple[str, str]] | None = None,
) -> dict[tuple[str, str], HeadToHead]:
    """:func:`head_to_head` of every two of ``players`` (each ordered pair of ``pairs``, by default every pair of
    two of them), in one query: a report's table of head to head reads the games once, not once a pair."""
    p = history.connection.dialect.p
    wanted = pairs if pairs is not None else [(a, b) for a in players for b in players if a != b]
    keys = sorted({name_key(name) for name in players})
    for name in players:
        history.note_damaged(game=game, player=name, since=since)
    marks = history.connection.dialect.marks(len(keys))
    clauses = [f"a.key IN ({marks})", f"b.key IN ({marks})", "g.incomplete = 0" + history.counted_sql()]
    params: list[object] = [*keys, *keys]
    if game is not None:
        clauses.append(f"a.game = {p}")
        params.append(game)
    if since is not None:
        clauses.append(f"a.game_id IN (SELECT id FROM games WHERE played >= {p})")
        params.append(since)
    if history.location is not None:
        clauses.append(f"g.location = {p}")
        params.append(history.location)
    with history.reading() as db:
        rows = db.execute(
            # CASE, not a truth value summed: the same query on SQLite and PostgreSQL
            "SELECT a.key, b.key, count(*), sum(CASE WHEN a.winner = 1 AND b.winner = 0 THEN 1 ELSE 0 END),"
            " sum(CASE WHEN b.winner = 1 AND a.winner = 0 THEN 1 ELSE 0 END),"
            " sum(CASE WHEN a.winner = 1 AND b.winner = 1 THEN 1 ELSE 0 END),"
            " sum(CASE WHEN a.place < b.place THEN 1 ELSE 0 END), sum(CASE WHEN b.place < a.place THEN 1 ELSE 0 END),"
            " min(a.name), min(b.name), sum(CASE WHEN a.draw = 1 AND b.draw = 1 THEN 1 ELSE 0 END)"
            # b.played = a.played (a game's seats share its time, written with it and never changed apart) lets
            # b be found by the index on (key, played, game_id): without it each of a's games scanned all of b's
            " FROM players a JOIN players b ON a.game_id = b.game_id AND b.played = a.played"
            " JOIN games g ON g.id = a.game_id"
            " WHERE " + " AND ".join(clauses) + " GROUP BY a.key, b.key",
            params,
        ).fetchall()
    by_keys = {(row[0], row[1]): row[2:] for row in rows}
    found: dict[tuple[str, str], HeadToHead] = {}
    for player, opponent in wanted:
        row = by_keys.get((name_key(player), name_key(opponent)), (0, None, None, None, None, None, None, None, None))
        count, a_wins, b_wins, shared, a_ahead, b_ahead, a_name, b_name, draws = row
        a_name = row_rules.text(a_name) or player.strip()
        b_name = row_rules.text(b_name) or opponent.strip()
        found[(player, opponent)] = HeadToHead(
            count,
            {a_name: a_wins or 0, b_name: b_wins or 0},
            shared or 0,
            draws or 0,
            {a_name: a_ahead or 0, b_name: b_ahead or 0},
        )
    return found
