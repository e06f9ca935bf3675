"""``stats --highlights``: each figure on a small history whose answers are known by hand (plays per month, time
played, streaks, the two H-indexes, nemesis and favourite victim, most played opponents, first plays, player
counts and champions), the filters, and the text at 80 columns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.cells import cell_width
from referee.history import highlights as highlights_model
from tests.history.helpers import entry, history_at
from tests.history.test_history_e2e import run


def highlights(history, **filters) -> dict:
    """``stats --highlights --json``'s ``highlights``: the typed highlights' ``to_json()`` (the contract's keys)."""
    return highlights_model.highlights(history, **filters).to_json()


GAMES = [
    # game, players, scores, winners, played (UTC), minutes
    ("coin-age", ["Ann", "Bob"], [20, 10], ["Ann"], "2025-01-05T20:00:00", 30),
    ("coin-age", ["Ann", "Bob"], [12, 18], ["Bob"], "2025-01-06T20:00:00", 40),
    ("coin-age", ["Bob", "Ann"], [9, 21], ["Ann"], "2025-02-01T20:00:00", None),
    ("builders", ["Ann", "Bob", "Cy"], [30, 20, 25], ["Ann"], "2025-02-02T20:00:00", 50),
    ("builders", ["Cy", "Ann"], [31, 22], ["Cy"], "2025-02-03T20:00:00", None),
    ("coin-age", ["Ann", "Cy"], [15, 15], [], "2025-03-01T20:00:00", None),  # a draw ends a run
    ("coin-age", ["Ann", "Bob"], [25, 5], ["Ann"], "2025-03-02T20:00:00", None),
    ("coin-age", ["Ann", "Bob"], [26, 6], ["Ann"], "2025-03-03T20:00:00", None),
]


@pytest.fixture
def history(tmp_path: Path) -> Path:
    path = tmp_path / "h.sqlite3"
    with history_at(path) as opened:
        for game, names, scores, winners, played, minutes in GAMES:
            places = sorted(range(len(names)), key=lambda seat: -scores[seat])
            made = entry(game, names, scores, [places.index(seat) + 1 for seat in range(len(names))], winners, played)
            if minutes is not None:
                made.started = played + "+00:00"
                hour = 20 + minutes // 60
                made.finished = f"{played[:11]}{hour:02d}:{minutes % 60:02d}:00+00:00"
            opened.log(made)
    return path


def test_plays_by_month_and_time_played(history: Path) -> None:
    with history_at(history) as opened:
        found = highlights(opened)
    assert found["plays_by_month"] == {"2025-01": 2, "2025-02": 3, "2025-03": 3}
    assert (found["minutes_played"], found["timed_games"]) == (120, 3)
    assert found["players"]["Cy"]["minutes_played"] == 50


def test_streaks_count_wins_in_a_row_and_a_draw_ends_one(history: Path) -> None:
    with history_at(history) as opened:
        ann = highlights(opened)["players"]["Ann"]
    assert ann["streak"] == {"longest": 2, "current": 2}  # won 3 and 4, lost 5, drew 6, won 7 and 8


def test_h_indexes(history: Path) -> None:
    with history_at(history) as opened:
        found = highlights(opened)
    assert found["h_index"] == 2  # coin-age 6 plays, builders 2
    assert found["players"]["Ann"]["h_index"] == 2
    assert found["players"]["Cy"]["h_index"] == 1  # builders 2, coin-age 1: not 2 games twice each
    assert found["players"]["Ann"]["player_h_index"] == 2  # Bob 6 times, Cy 3 times


def test_nemesis_victim_and_most_played_with(history: Path) -> None:
    with history_at(history) as opened:
        players = highlights(opened)["players"]
    assert players["Ann"]["nemesis"] == {"name": "Bob", "games": 1}  # Bob and Cy beat Ann once each: by name
    assert players["Ann"]["favourite_victim"] == {"name": "Bob", "games": 5}  # games 1, 3, 4, 7, 8
    assert players["Bob"]["nemesis"] == {"name": "Ann", "games": 5}
    assert players["Ann"]["most_played_with"] == [{"name": "Bob", "games": 6}, {"name": "Cy", "games": 3}]
    assert players["Cy"]["favourite_victim"] == {"name": "Ann", "games": 1}


def test_first_plays_player_counts_and_champions(history: Path) -> None:
    with history_at(history) as opened:
        found = highlights(opened)
    assert found["players"]["Cy"]["first_plays"] == {"builders": "2025-02-02", "coin-age": "2025-03-01"}
    assert list(found["players"]["Ann"]["first_plays"]) == ["coin-age", "builders"]  # earliest first
    assert found["by_game"]["builders"]["player_counts"] == {"2": 1, "3": 1}
    assert found["by_game"]["coin-age"]["champion"] == {"name": "Ann", "wins": 4, "games": 6}
    assert found["by_game"]["builders"]["champion"] == {"name": "Ann", "wins": 1, "games": 2}  # Cy: same, by name


def test_filters(history: Path) -> None:
    with history_at(history) as opened:
        since = highlights(opened, since="2025-03-01T00:00:00")
        cy = highlights(opened, player="cy")
        builders = highlights(opened, game="builders")
    assert since["games"] == 3 and since["players"]["Ann"]["streak"] == {"longest": 2, "current": 2}
    assert list(cy["players"]) == ["Cy"] and cy["games"] == 3
    assert builders["games"] == 2 and set(builders["by_game"]) == {"builders"}


@pytest.mark.e2e
def test_stats_highlights_text_and_json(history: Path) -> None:
    shown = run("stats", "--highlights", "--history", str(history))
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout.decode()
    assert "Highlights: 8 games, 2 h 0 min played (3 timed), H-index 2" in text
    assert "Ann: 8 games" in text and "longest win streak 2 (now 2)" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    document = json.loads(run("stats", "--highlights", "--json", "--history", str(history)).stdout)
    assert document["highlights"]["players"]["Bob"]["nemesis"]["name"] == "Ann"
    assert "highlights" not in json.loads(run("stats", "--json", "--history", str(history)).stdout)
    for language in ("ko", "zh_Hans"):
        translated = run("--lang", language, "stats", "--highlights", "--history", str(history)).stdout.decode()
        assert all(cell_width(line) <= 80 for line in translated.splitlines()), language
