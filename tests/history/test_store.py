"""The history file: schema versions, refusal of foreign and newer files, dedupe, list/show/remove/rename."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee.history import stats as stats_model
from referee.history import store
from referee.history.store import HistoryError, open_history
from tests.history.helpers import entry, history_at


def statistics(history, **filters) -> dict:
    """The ``stats --json`` document of the typed statistics (what these tests read, the contract's keys)."""
    return stats_model.statistics(history, **filters).to_json()


def test_a_new_history_is_marked_versioned_and_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "history.sqlite3"
    with history_at(path) as history:
        db = history.connection
        assert db.execute("PRAGMA application_id").fetchone()[0] == store.APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_missing_history_is_not_created_for_reading(tmp_path: Path) -> None:
    assert open_history(tmp_path / "none.sqlite3", create=False) is None
    assert not (tmp_path / "none.sqlite3").exists()


@pytest.mark.parametrize("content", [b"hello, not a database\n", b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_foreign_or_damaged_file_is_refused_and_left_as_it_is(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(content)
    with pytest.raises(HistoryError, match="is not a referee history"):
        open_history(path)
    assert path.read_bytes() == content


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    before = path.read_bytes()
    with pytest.raises(HistoryError, match="is not a referee history"):
        open_history(path)
    assert path.read_bytes() == before


def test_a_newer_history_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    history_at(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {store.SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(HistoryError, match="newer referee") as refused:
        open_history(path)
    assert "\n" not in refused.value.message


UNDO_7 = (
    "ALTER TABLE games DROP COLUMN changed; ALTER TABLE games DROP COLUMN changed_by;"
    " ALTER TABLE games DROP COLUMN met; ALTER TABLE games DROP COLUMN minutes;"
)
"""SQL taking a history back before version 7 (no versions of plays)."""

UNDO_6 = UNDO_7 + (
    " DROP INDEX games_by_uuid; DROP INDEX games_by_origin; DROP INDEX games_by_bgg_play;"
    " DROP INDEX games_by_fingerprint; ALTER TABLE games DROP COLUMN uuid; ALTER TABLE games DROP COLUMN origin_app;"
    " ALTER TABLE games DROP COLUMN origin_owner; ALTER TABLE games DROP COLUMN origin_id;"
    " ALTER TABLE games DROP COLUMN bgg_play; ALTER TABLE games DROP COLUMN fingerprint;"
    " ALTER TABLE players DROP COLUMN anonymous;"
)
"""SQL taking a history back before version 6 (no identities of plays)."""

UNDO_5 = UNDO_6 + (
    " DROP INDEX games_by_seats; ALTER TABLE games DROP COLUMN incomplete; ALTER TABLE players DROP COLUMN color;"
    " ALTER TABLE players DROP COLUMN new; ALTER TABLE games DROP COLUMN seats;"
)
"""SQL taking a history back before version 5 (no abandoned games, colours, new players or player counts)."""


def test_a_version_1_history_is_migrated_and_its_ratings_recomputed(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with history_at(path) as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        expected = history.ratings("coin-age")
        expected_stats = statistics(history)
    db = sqlite3.connect(path)  # take it back to version 1: no rating tables, no draws
    db.executescript(
        "DROP TABLE ratings; DROP TABLE rating_steps; DROP TABLE rating_state; DROP TABLE totals;"
        " ALTER TABLE players DROP COLUMN draw; ALTER TABLE games DROP COLUMN location;"
        " ALTER TABLE games DROP COLUMN notes; " + UNDO_5 + " PRAGMA user_version = 1;"
    )
    db.close()
    with history_at(path) as history:
        assert history.connection.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
        assert history.ratings("coin-age") == expected
        assert statistics(history) == expected_stats
        assert len(history.games()) == 1


def test_a_version_4_history_keeps_its_games_as_results(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with history_at(path) as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        before = statistics(history, game="coin-age")
    db = sqlite3.connect(path)
    db.executescript(UNDO_5 + " PRAGMA user_version = 4;")
    db.close()
    with history_at(path) as history:
        assert history.connection.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
        assert statistics(history, game="coin-age") == before
        (logged,) = history.games()
        assert not logged.entry.incomplete
        assert history.player_counts("coin-age", range(2, 9)) == [2]  # counted from its players by the migration


def test_a_version_5_history_gets_an_identity_for_each_play(tmp_path: Path) -> None:
    from referee.history.entry import derived_uuid, fingerprint

    path = tmp_path / "history.sqlite3"
    with history_at(path) as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        (logged,) = history.games()
        print_ = fingerprint(logged.entry)
    db = sqlite3.connect(path)
    db.executescript(UNDO_6 + " PRAGMA user_version = 5;")
    db.close()
    with history_at(path) as history:
        (logged,) = history.games()
        assert logged.entry.uuid == derived_uuid("play", logged.entry.content_hash)  # as the BG Stats export wrote it
        assert history.connection.execute("SELECT fingerprint FROM games").fetchone()[0] == print_
        again = entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00")
        again.content_hash, again.kind, again.actions = "another", "bgg", 0
        assert history.merge(again).outcome == "probable"  # another identity, the same content


def test_a_version_6_history_gains_versions_and_keeps_its_plays(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with history_at(path) as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
    db = sqlite3.connect(path)
    db.executescript(UNDO_7 + " PRAGMA user_version = 6;")
    db.close()
    with history_at(path) as history:
        (logged,) = history.games()
        assert (logged.entry.changed, logged.entry.changed_by, logged.entry.met) == (None, None, None)  # unknown
        assert history.edit(1, notes="rematch")
        (logged,) = history.games()
        assert logged.entry.changed is not None and logged.entry.changed_by


def test_a_version_3_history_gets_locations_and_notes_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with history_at(path) as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
    db = sqlite3.connect(path)
    db.executescript(
        "ALTER TABLE games DROP COLUMN location; ALTER TABLE games DROP COLUMN notes;"
        " " + UNDO_5 + " PRAGMA user_version = 3;"
    )
    db.close()
    with history_at(path) as history:
        assert history.connection.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION == 7
        assert history.edit(1, location="Café Ludo", notes="rematch next week")
        shown = history.get(1)
        assert shown is not None and (shown.entry.location, shown.entry.notes) == ("Café Ludo", "rematch next week")
        assert history.edit(1, notes="")
        shown = history.get(1)
        assert shown is not None and (shown.entry.location, shown.entry.notes) == ("Café Ludo", None)
        assert not history.edit(2, location="x")


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL
def test_the_same_game_is_logged_once(tmp_path: Path) -> None:
    game = entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00")
    with history_at(tmp_path / "h.sqlite3") as history:
        first, added = history.log(game)
        again, added_again = history.log(game)
        assert (added, added_again) == (True, False)
        assert first == again
        assert history.count() == 1


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL
def test_list_filters_and_order(tmp_path: Path) -> None:
    with history_at(tmp_path / "h.sqlite3") as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        history.log(entry("matchstick", ["Bob", "Cy", "Di"], None, [2, 1, 3], ["Cy"], "2025-02-01T10:00:00"))
        history.log(entry("coin-age", ["Cy", " ann "], [5, 9], [2, 1], [" ann "], "2025-03-01T10:00:00"))
        assert [logged.entry.played[:7] for logged in history.games()] == ["2025-03", "2025-02", "2025-01"]
        assert len(history.games(game="coin-age")) == 2
        assert len(history.games(player="ANN")) == 2  # case and spaces do not matter
        assert len(history.games(since="2025-02-01T00:00:00")) == 2
        assert history.games(player="nobody") == []
        shown = history.get(2)
        assert shown is not None and shown.entry.scores is None and shown.entry.ranking == ["Cy", "Bob", "Di"]


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL
def test_remove_and_rename(tmp_path: Path) -> None:
    with history_at(tmp_path / "h.sqlite3") as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        history.log(entry("coin-age", ["anne", "Bob"], [8, 10], [2, 1], ["Bob"], "2025-01-02T10:00:00"))
        assert history.rename_player(" ANNE ", "Ann") == 1
        ratings = history.ratings("coin-age")
        assert set(ratings) == {"ann", "bob"}
        assert len(history.games(player="ann")) == 2
        with pytest.raises(HistoryError, match="two people"):
            history.rename_player("Ann", "Bob")
        assert history.remove(1) is True
        assert history.remove(1) is False
        assert history.count() == 1
        assert history.integrity() == "ok"


def test_a_draw_is_a_draw_and_a_version_2_shared_win_becomes_one(tmp_path: Path) -> None:
    """Ruling (Coin Age and The Builders: a tie after the tie-breaks is a draw): nobody wins a drawn game; a history
    written before (version 2, which stored it as a win shared) is migrated so."""
    from referee.history.entry import results_from_outcome

    results = results_from_outcome("coin-age", ["Ann", "Bob"], {"Ann": 20, "Bob": 20}, ["Ann", "Bob"], None, True)
    assert [(r.winner, r.draw, r.rank) for r in results] == [(False, True, 1), (False, True, 1)]
    path = tmp_path / "history.sqlite3"
    drawn = entry("coin-age", ["Ann", "Bob"], [20, 20], [1, 2], [], "2025-01-01T10:00:00")
    drawn.players = results
    with history_at(path) as history:
        history.log(drawn)
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-02T10:00:00"))
        now = statistics(history, game="coin-age")
    assert now["players"]["Ann"]["wins"] == 1 and now["players"]["Ann"]["draws"] == 1
    assert now["players"]["Bob"]["wins"] == 0 and now["players"]["Bob"]["draws"] == 1
    db = sqlite3.connect(path)  # as version 2 kept it: a win shared by both
    db.executescript(
        "UPDATE players SET winner = 1, shared = 1 WHERE draw = 1; ALTER TABLE players DROP COLUMN draw;"
        " ALTER TABLE totals DROP COLUMN draws; ALTER TABLE games DROP COLUMN location;"
        " ALTER TABLE games DROP COLUMN notes; " + UNDO_5 + " PRAGMA user_version = 2;"
    )
    db.close()
    with history_at(path) as history:
        assert statistics(history, game="coin-age")["players"] == now["players"]
        (_second, first) = history.games()
        assert first.entry.drawn and not first.entry.winners


@pytest.mark.usefixtures("engine")  # SQLite and PostgreSQL
def test_a_renamed_player_is_the_same_play_to_the_merge_rule(tmp_path: Path) -> None:
    with history_at(tmp_path / "history.sqlite3") as history:
        history.log(entry("coin-age", ["Ann", "Bob"], [20, 10], [1, 2], ["Ann"], "2025-01-01T10:00:00"))
        history.rename_player("Ann", "Anna")
        again = entry("coin-age", ["Anna", "Bob"], [20, 10], [1, 2], ["Anna"], "2025-01-01T10:00:00")
        again.content_hash, again.kind, again.actions = "from another app", "bgg", 0
        assert history.merge(again).outcome == "probable"
