"""``stats`` numbers on hand-made histories: wins, shared wins, scores, by seat, by map, head to head."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.history import stats as stats_model
from tests.history.helpers import entry, history_at


def statistics(history, **filters) -> dict:
    """The ``stats --json`` document of the typed statistics (what these tests read, the contract's keys)."""
    return stats_model.statistics(history, **filters).to_json()


pytestmark = pytest.mark.usefixtures("engine")


def make(tmp_path: Path):
    history = history_at(tmp_path / "h.sqlite3")
    history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00", board="Original"))
    shared = ["Bob", "Ann"]
    history.log(entry("coin-age", ["Bob", "Ann"], [15, 15], [1, 2], shared, "2025-01-02T10:00:00", board="Isle"))
    history.log(entry("coin-age", ["Ann", "Bob"], [7, 12], [2, 1], ["Bob"], "2025-01-03T10:00:00", board="Original"))
    history.log(entry("matchstick", ["Ann", "Bob", "Cy"], None, [3, 1, 2], ["Bob"], "2025-01-04T10:00:00"))
    return history


def test_per_player_numbers_with_a_shared_win(tmp_path: Path) -> None:
    with make(tmp_path) as history:
        document = statistics(history, game="coin-age")
    assert document["game"] == "coin-age"
    ann, bob = document["players"]["Ann"], document["players"]["Bob"]
    assert (ann["games"], ann["wins"], ann["shared_wins"]) == (3, 2, 1)
    assert (bob["games"], bob["wins"], bob["shared_wins"]) == (3, 2, 1)
    assert ann["win_rate"] == round(2 / 3, 4)
    assert ann["average_score"] == round((20 + 15 + 7) / 3, 2)
    assert ann["best_score"] == 20
    assert ann["by_seat"] == [{"games": 2, "wins": 1}, {"games": 1, "wins": 1}]
    assert bob["by_seat"] == [{"games": 1, "wins": 1}, {"games": 2, "wins": 1}]
    assert ann["by_map"] == {"Isle": {"games": 1, "wins": 1}, "Original": {"games": 2, "wins": 1}}
    assert set(ann["rating"]) == {"mu", "sigma", "ordinal"}


def test_no_points_game_and_filters(tmp_path: Path) -> None:
    with make(tmp_path) as history:
        document = statistics(history, game="matchstick")
        assert document["players"]["Bob"]["wins"] == 1
        assert document["players"]["Ann"]["average_score"] is None
        assert document["players"]["Ann"]["best_score"] is None
        since = statistics(history, game="coin-age", since="2025-01-02T00:00:00")
        assert since["players"]["Ann"]["games"] == 2
        only = statistics(history, game="coin-age", player="ann")
        assert list(only["players"]) == ["Ann"]
        everything = statistics(history)
        assert everything["game"] is None and everything["players"]["Ann"]["games"] == 4
        assert set(everything["by_game"]) == {"coin-age", "matchstick"}
        assert statistics(history, game="builders")["players"] == {}


def test_head_to_head(tmp_path: Path) -> None:
    with make(tmp_path) as history:
        document = statistics(history, game="coin-age", player="Ann", vs="bob")
    h2h = document["head_to_head"]
    assert h2h["games"] == 3
    assert h2h["wins"] == {"Ann": 1, "Bob": 1}
    assert h2h["shared_wins"] == 1
    assert h2h["ahead"] == {"Ann": 1, "Bob": 2}


def test_the_kept_totals_equal_the_games_added_up(tmp_path: Path) -> None:
    """The totals the history keeps as games are logged (and rebuilds after remove and rename) give the numbers a
    count over the games gives (a date filter far in the past takes that path)."""
    with make(tmp_path) as history:
        history.log(entry("coin-age", ["anne", "Cy"], [3, 4], [2, 1], ["Cy"], "2025-01-05T10:00:00", board="Isle"))
        for step in ("logged", "renamed", "removed"):
            if step == "renamed":
                history.rename_player("ANNE", "Ann")
            if step == "removed":
                history.remove(2)
            for game in (None, "coin-age", "matchstick"):
                kept = statistics(history, game=game)
                counted = statistics(history, game=game, since="1900-01-01T00:00:00")
                assert kept == counted, (step, game)
                assert statistics(history, game=game, player="ann") == statistics(
                    history, game=game, player="ann", since="1900-01-01T00:00:00"
                )


def test_players_are_ranked_by_the_ordinal_not_by_mu(tmp_path) -> None:
    """One lucky game (a high mu, a wide sigma) does not rank a player above one who has won steadily."""
    from tests.history.helpers import entry, history_at

    with history_at(tmp_path / "h.sqlite3") as history:
        for day in range(1, 9):
            history.log(
                entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], f"2025-01-0{day % 9 or 1}T1{day}:00:00")
            )
        history.log(entry("coin-age", ["Lucky", "Bob"], [30, 5], [1, 2], ["Lucky"], "2025-02-01T10:00:00"))
        document = statistics(history, game="coin-age")
    ratings = {name: numbers["rating"] for name, numbers in document["players"].items()}
    assert ratings["Lucky"]["mu"] > ratings["Bob"]["mu"]
    assert list(document["players"]) == sorted(ratings, key=lambda name: -ratings[name]["ordinal"])
    assert all(
        r["ordinal"] == round(r["mu"] - 3 * r["sigma"], 3) or abs(r["ordinal"] - (r["mu"] - 3 * r["sigma"])) < 0.01
        for r in ratings.values()
    )
    assert next(iter(document["players"])) == "Ann"


def test_results_by_seat_come_with_random_self_play_for_the_player_counts_played(tmp_path: Path) -> None:
    with make(tmp_path) as history:
        history.log(entry("matchstick", ["Ann", "Bob"], None, [1, 2], ["Ann"], "2025-01-05T10:00:00"))
        coin = statistics(history, game="coin-age")
        match = statistics(history, game="matchstick")
        everything = statistics(history)
    assert list(coin["self_play"]) == ["2"]
    two = coin["self_play"]["2"]
    assert two["games"] >= 10_000 and len(two["win_rates"]) == 2
    assert abs(sum(two["win_rates"]) + two["draw_rate"] - 1) < 0.001
    assert list(match["self_play"]) == ["2", "3"]  # the counts of its games, smallest first
    assert len(match["self_play"]["3"]["win_rates"]) == 3
    assert everything["by_game"]["coin-age"]["self_play"] == coin["self_play"]


def test_the_typed_statistics_are_what_the_json_document_says(tmp_path: Path) -> None:
    """The text and the report read the dataclasses; ``--json`` is their ``to_json()``: the same numbers."""
    with make(tmp_path) as history:
        typed = stats_model.statistics(history, game="coin-age", player="Ann", vs="Bob")
    document = typed.to_json()
    ann = typed.players["Ann"]
    assert (ann.games, ann.wins, ann.shared_wins) == (3, 2, 1)
    assert document["players"]["Ann"]["by_seat"] == [{"games": s.games, "wins": s.wins} for s in ann.by_seat]
    assert document["players"]["Ann"]["by_map"] == {
        b: {"games": r.games, "wins": r.wins} for b, r in ann.by_map.items()
    }
    assert ann.rating is not None and document["players"]["Ann"]["rating"]["ordinal"] == ann.rating.ordinal
    assert typed.head_to_head is not None and document["head_to_head"]["wins"] == typed.head_to_head.wins
    assert list(document) == ["game", "players", "self_play", "head_to_head"]
