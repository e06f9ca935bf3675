"""What one finished game contributes to the history, read from the rules' public functions.

Players in seat order, scores (none for Matchstick Tycoon, where the result is the order of going out), the ranking
(best first), the winners (several for a shared win) and a short summary of the setup (the Coin Age map). Nothing
here decides a result: :meth:`referee.engine.Game.summary` and the rules' ``outcome`` do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from referee.players import name_key

__all__ = ["GameEntry", "PlayerResult", "name_key"]

NO_POINTS_GAMES = frozenset({"matchstick"})
"""Games whose result is a ranking, not points (BG Stats' ``noPoints``): their scores are stored as null."""


def game_title(name: str) -> str:
    """A game's title from the registry of games (its command word when it is not registered)."""
    from referee import registry

    entry = registry.game(name)
    return entry.title if entry is not None else name


@dataclass
class PlayerResult:
    """One player's line in a logged game."""

    name: str
    seat: int
    """0-based seat; seat 0 moved first."""
    score: int | None
    place: int
    """1-based position in the ranking (tie-breaks applied)."""
    rank: int
    """1-based rank for ratings: players who share a win share rank 1."""
    winner: bool


@dataclass
class GameEntry:
    """A finished game as the history keeps it."""

    game: str
    players: list[PlayerResult]
    setup: dict[str, Any]
    record: str
    """The full record (or position) text, so the game replays and exports when its file is gone."""
    content_hash: str
    kind: str = "record"
    """``record`` (a game played action by action) or ``position`` (a final position scored with ``score``)."""
    actions: int = 0
    started: str | None = None
    finished: str | None = None
    played: str = field(default="")
    """When the game was played, as a UTC time for sorting: ``finished``, else ``started``, else the file's date."""

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    @property
    def ranking(self) -> list[str]:
        return [player.name for player in sorted(self.players, key=lambda player: player.place)]

    @property
    def winners(self) -> list[str]:
        return [player.name for player in sorted(self.players, key=lambda player: player.place) if player.winner]

    @property
    def scores(self) -> dict[str, int] | None:
        if self.game in NO_POINTS_GAMES:
            return None
        return {player.name: player.score for player in self.players if player.score is not None}


def content_hash(document: dict[str, Any]) -> str:
    """The identity of a game by its content: game, players, setup and actions (or the position), canonical JSON.

    Times and the format number are left out, so one game added from two copies of its file is logged once."""
    import hashlib
    import json

    content = {key: value for key, value in document.items() if key not in ("started", "finished", "format")}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def utc_sort_key(stamp: str | None) -> str | None:
    """An ISO 8601 time as UTC ``YYYY-MM-DDTHH:MM:SS`` (sortable); None when it cannot be read or is out of the
    years a history keeps (see :mod:`referee.moments`)."""
    from referee.moments import utc_key

    return utc_key(stamp)


def now_iso() -> str:
    """The present moment, ISO 8601 with the local UTC offset (what records hold as ``started``/``finished``)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def results_from_outcome(
    game_name: str, players: list[str], scores: dict[str, int], ranking: list[str], winner: str | None, over: bool
) -> list[PlayerResult]:
    """Each player's result from the rules' outcome.

    A game over with no winner is a draw or a shared win: the players at the top of the ranking with the best
    score share it (rank 1 each, a win each). Matchstick Tycoon has no points: its scores are stored as null."""
    place = {name: index + 1 for index, name in enumerate(ranking)}
    top = scores.get(ranking[0]) if ranking else None
    sharing: set[str] = set()
    if winner is not None:
        sharing = {winner}
    elif over and top is not None:
        sharing = {name for name in ranking if scores.get(name) == top}
    results = []
    for seat, name in enumerate(players):
        rank = 1 if name in sharing else place[name]
        score = None if game_name in NO_POINTS_GAMES else scores.get(name)
        results.append(PlayerResult(name, seat, score, place[name], rank, name in sharing))
    return results


def entry_from_game(
    game: Any,
    document: dict[str, Any],
    record_text: str,
    *,
    kind: str = "record",
    played_fallback: str | None = None,
    times: tuple[str | None, str | None] | None = None,
) -> GameEntry:
    """The history entry of a finished game (a :class:`referee.engine.Game`) read from ``document`` (its TOML).

    For a record the result is the summary of the replayed game; for a position (``kind="position"``) the score
    of the position as it stands (a position is scored as final). ``times`` gives ``(started, finished)`` when
    ``document`` does not hold them."""
    summary = game.summary()
    outcome = game.rules.outcome(game.state)
    over = bool(summary["over"]) or kind == "position"
    winner = outcome.winner if over else None
    results = results_from_outcome(
        game.rules.name, list(game.players), dict(outcome.scores), list(outcome.ranking), winner, over
    )
    started = document.get("started") if isinstance(document.get("started"), str) else None
    finished = document.get("finished") if isinstance(document.get("finished"), str) else None
    if times is not None:
        started, finished = times
    for key, stamp in (("started", started), ("finished", finished)):
        if stamp is not None and utc_sort_key(stamp) is None:
            from referee.errors import InputError
            from referee.i18n import _
            from referee.moments import EARLIEST_YEAR, LATEST_YEAR

            raise InputError(
                _("'{key}' must be a date and time of the years {first} to {last}").format(
                    key=key, first=EARLIEST_YEAR, last=LATEST_YEAR
                )
            )
    played = utc_sort_key(finished) or utc_sort_key(started) or utc_sort_key(played_fallback) or utc_sort_key(now_iso())
    return GameEntry(
        game=game.rules.name,
        players=results,
        setup=game.rules.setup_summary(dict(game.setup), summary.get("state") or {}),
        record=record_text,
        content_hash=content_hash(document),
        kind=kind,
        actions=int(summary["actions"]),
        started=started,
        finished=finished,
        played=played or "",
    )
