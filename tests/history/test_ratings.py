"""Ratings kept current as games are logged equal ratings recomputed from scratch."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.history import ratings
from tests.history.helpers import entry, history_at

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve"]


pytestmark = pytest.mark.usefixtures("engine")


def random_games(seed: int, count: int, shuffled: bool) -> list:
    """``count`` random games (2-4 players, ties at the top now and then), in date order unless ``shuffled``."""
    rng = random.Random(seed)
    games = []
    for number in range(count):
        names = rng.sample(NAMES, rng.randint(2, 4))
        scores = [rng.randint(0, 5) for _ in names]
        order = sorted(range(len(names)), key=lambda seat: (-scores[seat], seat))
        places = [order.index(seat) + 1 for seat in range(len(names))]
        best = max(scores)
        winners = [name for name, score in zip(names, scores, strict=True) if score == best]
        game = rng.choice(["coin-age", "builders"])
        games.append(entry(game, names, scores, places, winners, f"2025-01-01T00:{number // 60:02d}:{number % 60:02d}"))
    if shuffled:
        rng.shuffle(games)
    return games


@settings(max_examples=25, deadline=None, print_blob=True)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 40), shuffled=st.booleans())
def test_incremental_ratings_equal_recomputed(tmp_path_factory, seed: int, count: int, shuffled: bool) -> None:
    print(f"seed={seed} count={count} shuffled={shuffled}")
    path = tmp_path_factory.mktemp("ratings") / "h.sqlite3"
    with history_at(path) as history:
        for game in random_games(seed, count, shuffled):
            history.log(game)
        kept = {game: history.ratings(game) for game in ("coin-age", "builders")}
        steps = history.connection.execute("SELECT game_id, key, mu, sigma FROM rating_steps ORDER BY 1, 2").fetchall()
        for game in ("coin-age", "builders"):
            history.recompute_ratings(game)
        assert {game: history.ratings(game) for game in ("coin-age", "builders")} == kept
        again = history.connection.execute("SELECT game_id, key, mu, sigma FROM rating_steps ORDER BY 1, 2").fetchall()
        assert again == steps


def test_a_win_raises_a_rating_and_a_shared_win_treats_both_alike(tmp_path: Path) -> None:
    with history_at(tmp_path / "h.sqlite3") as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        table = history.ratings("coin-age")
        assert table["ann"][1] > ratings.MU > table["bob"][1]
        history.log(entry("builders", ["Ann", "Bob"], [9, 9], [1, 2], ["Ann", "Bob"], "2025-01-01T10:00:00"))
        shared = history.ratings("builders")
        assert shared["ann"][1:] == shared["bob"][1:]
