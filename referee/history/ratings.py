"""A rating per player and game: OpenSkill's Plackett-Luce model (made for multiplayer games, ties included).

Each player starts at mu 25, sigma 25/3. A logged game updates the ratings of its players from their ranks (players
who share a win share rank 1); the history stores the new ratings in the same transaction as the game, plus a step
per game and player for the chart of the rating over time. Removing, renaming or importing games recomputes the
ratings of that game from its games in order (:func:`replay`), which gives exactly what the steps gave.

``openskill`` is imported at the first rating, not at start-up: ``stats`` reads stored ratings and never needs it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

MU = 25.0
SIGMA = 25.0 / 3.0


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def update(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The ratings ``(mu, sigma)`` after one game, from the ratings before it and each player's rank (1 = best)."""
    model = _model()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = model.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def replay(games: Iterable[Sequence[tuple[str, int]]]) -> tuple[dict[str, tuple[float, float]], list[list[Any]]]:
    """Ratings from scratch: ``games`` in order, each a list of ``(player key, rank)``.

    Returns the final ratings by player key and, per game, the ``(key, mu, sigma)`` after it."""
    current: dict[str, tuple[float, float]] = {}
    steps: list[list[Any]] = []
    for players in games:
        before = [current.get(key, (MU, SIGMA)) for key, _rank in players]
        after = update(before, [rank for _key, rank in players])
        step = []
        for (key, _rank), rating in zip(players, after, strict=True):
            current[key] = rating
            step.append((key, *rating))
        steps.append(step)
    return current, steps


def ordinal(mu: float, sigma: float) -> float:
    """A conservative single number: mu - 3 sigma (what a leaderboard sorts by)."""
    return mu - 3.0 * sigma
