"""The numbers of ``referee stats``: per player games, wins (a shared win counts as a win, and is also counted
apart), draws (a drawn game is nobody's win), win rate, average and best score, results by seat, by map (Coin
Age), the rating, and head to head.

Everything is one aggregate query over the players table (indexed for it), so the answer stays fast with a
hundred thousand games; ratings are read from the table the history keeps current.
"""

from __future__ import annotations

from typing import Any

from referee.history import rows as row_rules
from referee.history.entry import has_points, name_key
from referee.history.store import History


def statistics(
    history: History,
    *,
    game: str | None = None,
    player: str | None = None,
    vs: str | None = None,
    since: str | None = None,
) -> dict[str, Any]:
    """The ``stats --json`` document: ``{"game", "players": {NAME: {...}}}`` (plus ``head_to_head`` with ``vs``).

    Without ``game`` the numbers cover every game (no rating: ratings are per game) and ``by_game`` holds the
    document of each game."""
    keys = [name_key(name) for name in (player, vs) if name is not None]
    document: dict[str, Any] = {"game": game, "players": _players(history, game, since, keys)}
    shown = set(keys)
    if shown:
        document["players"] = {
            name: numbers for name, numbers in document["players"].items() if name_key(name) in shown
        }
    if game is not None:
        table = history.ratings(game)
        for name, numbers in document["players"].items():
            rating = table.get(name_key(name))
            numbers["rating"] = (
                None
                if rating is None
                else {
                    "mu": round(rating[1], 3),
                    "sigma": round(rating[2], 3),
                    "ordinal": round(rating[1] - 3 * rating[2], 3),
                }
            )
        # ranked by OpenSkill's conventional figure, the ordinal mu - 3 sigma: a player of one lucky game (a high
        # mu, a wide sigma) is not ranked above one who has won steadily
        document["players"] = dict(
            sorted(
                document["players"].items(),
                key=lambda item: -item[1]["rating"]["ordinal"] if item[1]["rating"] else float("inf"),
            )
        )
    else:
        for numbers in document["players"].values():
            numbers["rating"] = None
        document["by_game"] = {
            kind: statistics(history, game=kind, player=player, vs=vs, since=since) for kind in history.game_kinds()
        }
    if game is not None:
        measured = self_play_measured(game)
        counts = history.player_counts(game, (int(count) for count in measured)) if measured else []
        document["self_play"] = self_play(measured, counts)
    if player is not None and vs is not None:
        document["head_to_head"] = head_to_head(history, player, vs, game=game, since=since)
    return document


def self_play_measured(game: str) -> dict[str, Any]:
    """The random self-play figures by player count (``"<n>"`` → ``games``, ``wins`` by seat, ``draws``,
    ``stalled``) in the ``self_play.json`` beside the game's rules (written by ``scripts/measure_self_play.py``);
    empty for a game without one, or one that cannot be read."""
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
            measured = json.load(file)["by_players"]
    except (ImportError, OSError, ValueError, KeyError, TypeError):
        return {}
    return measured if isinstance(measured, dict) and all(key.isdigit() for key in measured) else {}


def self_play(measured: dict[str, Any], player_counts: list[int]) -> dict[str, Any]:
    """Random self-play by seat for each of ``player_counts`` that was measured (see :func:`self_play_measured`):
    ``{"<n>": {"games", "win_rates" (by seat, of the games that ended), "draw_rate"}}``. What a group's results
    by seat are compared with: random legal players show how much a seat itself is worth."""
    figures: dict[str, Any] = {}
    for count in player_counts:
        found = measured.get(str(count))
        if not isinstance(found, dict):
            continue
        ended = found["games"] - found.get("stalled", 0)
        if ended <= 0:
            continue
        figures[str(count)] = {
            "games": found["games"],
            "win_rates": [round(wins / ended, 4) for wins in found["wins"]],
            "draw_rate": round(found.get("draws", 0) / ended, 4),
        }
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
    with history.reading() as db:
        if since is None and len(keys) <= 1 and history.location is None:
            clauses, params = [], []
            if game is not None:
                clauses.append("game = ?")
                params.append(game)
            if keys:
                clauses.append("key = ?")
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
            clauses.append("p.game = ?")
            params.append(game)
        if since is not None:
            clauses.append("g.played >= ?")
            params.append(since)
        if history.location is not None:
            clauses.append("g.location = ?")
            params.append(history.location)
        for key in keys:  # only the games every one of these players played
            clauses.append("p.game_id IN (SELECT game_id FROM players WHERE key = ?)")
            params.append(key)
        if keys:
            clauses.append(f"p.key IN ({','.join('?' * len(keys))})")
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


def _players(history: History, game: str | None, since: str | None, keys: list[str]) -> dict[str, dict[str, Any]]:
    result: dict[str, dict[str, Any]] = {}
    names: dict[str, tuple[int, str]] = {}
    points = game is None or has_points(game)
    for key, name, seat, board, count, wins, shared, total, scored, best, draws in _rows(history, game, since, keys):
        if count > names.get(key, (-1, ""))[0]:
            names[key] = (count, name)
        numbers = result.setdefault(
            key,
            {
                "games": 0,
                "wins": 0,
                "draws": 0,
                "shared_wins": 0,
                "_total": 0,
                "_scored": 0,
                "best_score": None,
                "by_seat": [],
            },
        )
        numbers["games"] += count
        numbers["wins"] += wins or 0
        numbers["draws"] += draws or 0
        numbers["shared_wins"] += shared or 0
        if scored and points:
            numbers["_total"] += total or 0
            numbers["_scored"] += scored
            numbers["best_score"] = best if numbers["best_score"] is None else max(best, numbers["best_score"])
        while len(numbers["by_seat"]) <= seat:
            numbers["by_seat"].append({"games": 0, "wins": 0})
        numbers["by_seat"][seat]["games"] += count
        numbers["by_seat"][seat]["wins"] += wins or 0
        if board:
            on_board = numbers.setdefault("by_map", {}).setdefault(board, {"games": 0, "wins": 0})
            on_board["games"] += count
            on_board["wins"] += wins or 0
    for numbers in result.values():
        games, scored = numbers["games"], numbers.pop("_scored")
        total = numbers.pop("_total")
        numbers["win_rate"] = round(numbers["wins"] / games, 4) if games else 0.0
        numbers["average_score"] = round(total / scored, 2) if scored else None
        if "by_map" in numbers:
            numbers["by_map"] = dict(sorted(numbers["by_map"].items()))
    order = ("games", "wins", "draws", "shared_wins", "win_rate", "average_score", "best_score", "by_seat", "by_map")
    return {
        names[key][1]: {field: numbers[field] for field in order if field in numbers}
        for key, numbers in sorted(
            result.items(), key=lambda item: (-item[1]["wins"], -item[1]["games"], names[item[0]][1])
        )
    }


def head_to_head(
    history: History, player: str, opponent: str, *, game: str | None = None, since: str | None = None
) -> dict[str, Any]:
    """The games two players played together: how often each won, shared a win, and finished ahead."""
    first, second = name_key(player), name_key(opponent)
    history.note_damaged(game=game, player=player, since=since)
    clauses, params = ["a.key = ?", "b.key = ?", "g.incomplete = 0" + history.counted_sql()], [first, second]
    if game is not None:
        clauses.append("a.game = ?")
        params.append(game)
    if since is not None:
        clauses.append("a.game_id IN (SELECT id FROM games WHERE played >= ?)")
        params.append(since)
    if history.location is not None:
        clauses.append("g.location = ?")
        params.append(history.location)
    with history.reading() as db:
        row = db.execute(
            # CASE, not a truth value summed: the same query on SQLite and PostgreSQL
            "SELECT count(*), sum(CASE WHEN a.winner = 1 AND b.winner = 0 THEN 1 ELSE 0 END),"
            " sum(CASE WHEN b.winner = 1 AND a.winner = 0 THEN 1 ELSE 0 END),"
            " sum(CASE WHEN a.winner = 1 AND b.winner = 1 THEN 1 ELSE 0 END),"
            " sum(CASE WHEN a.place < b.place THEN 1 ELSE 0 END), sum(CASE WHEN b.place < a.place THEN 1 ELSE 0 END),"
            " min(a.name), min(b.name), sum(CASE WHEN a.draw = 1 AND b.draw = 1 THEN 1 ELSE 0 END)"
            " FROM players a JOIN players b ON a.game_id = b.game_id JOIN games g ON g.id = a.game_id"
            " WHERE " + " AND ".join(clauses),
            params,
        ).fetchone()
    count, a_wins, b_wins, shared, a_ahead, b_ahead, a_name, b_name, draws = row
    a_name = row_rules.text(a_name) or player.strip()
    b_name = row_rules.text(b_name) or opponent.strip()
    return {
        "games": count,
        "wins": {a_name: a_wins or 0, b_name: b_wins or 0},
        "shared_wins": shared or 0,
        "draws": draws or 0,
        "ahead": {a_name: a_ahead or 0, b_name: b_ahead or 0},
    }
