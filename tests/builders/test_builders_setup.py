"""Setup [RB] and the referee's setup rulings (told table or seeded deal)."""

from __future__ import annotations

import pytest

from referee.builders import RULES, deal
from referee.builders.cards import apprentice_ids
from referee.errors import SetupError


@pytest.mark.parametrize(("n", "bank"), [(2, 80), (3, 70), (4, 60)])
def test_setup_each_player_gets_10_ecus_and_the_bank_holds_the_rest(table, n, bank):
    state = table(players=("Ann", "Bob", "Cid", "Dan")[:n])
    assert [seat.coins for seat in state.seats] == [10] * n
    assert state.bank == bank
    assert RULES.check_invariants(state) == []


@pytest.mark.parametrize("players", [["Ann"], ["A", "B", "C", "D", "E"], ["Ann", "Ann"], ["Ann", ""]])
def test_setup_2_to_4_players_with_distinct_names(players):
    with pytest.raises(SetupError):
        RULES.new_state(players, {"seed": 1})


def test_ruling_first_player_is_the_first_seat(table):
    state = table()
    assert RULES.to_move(state) == 0
    assert state.actions_left == 3


def test_setup_told_table_decks_are_the_unseen_cards(table):
    state = table()
    assert state.row_buildings == ["B01", "B05", "M01", "B12", "B22"]
    assert len(state.deck_buildings) == 42 - 5
    assert len(state.deck_workers) == 42 - 2 - 5
    assert [seat.idle for seat in state.seats] == [["W01"], ["W02"]]
    assert not state.seeded


def test_setup_told_table_accepts_french_names(table):
    state = table(buildings=["La tonnelle", "l'etable", "B05", "M01", "B22"])
    assert sorted(state.row_buildings) == ["B01", "B05", "B12", "B22", "M01"]


@pytest.mark.parametrize(
    "override",
    [
        {"apprentices": ["W01"]},  # one per player
        {"apprentices": ["W01", "W07"]},  # W07 is a laborer
        {"apprentices": ["W01", "W01"]},
        {"buildings": ["B01", "B05", "M01", "B12"]},  # 5 face up
        {"buildings": ["B01", "B05", "M01", "B12", "W07"]},
        {"buildings": ["B01", "B05", "M01", "B12", "B12"]},
        {"buildings": ["B01", "B05", "M01", "B12", "B99"]},
        {"workers": ["W01", "W19", "W35", "W12", "W24"]},  # W01 is Ann's apprentice
        {"workers": "W01 W19"},
        {"seed": 3},  # both a seed and the cards
        {"colour": "red"},
    ],
)
def test_setup_told_table_is_validated(table, override):
    with pytest.raises(SetupError):
        table(**override)


def test_setup_needs_a_seed_or_the_cards():
    with pytest.raises(SetupError):
        RULES.new_state(["Ann", "Bob"], {})
    with pytest.raises(SetupError):
        RULES.new_state(["Ann", "Bob"], {"seed": "seven"})
    with pytest.raises(SetupError):
        RULES.new_state(["Ann", "Bob"], {"seed": True})


def test_ruling_seeded_deal_is_deterministic_and_as_documented():
    a = RULES.new_state(["Ann", "Bob", "Cid"], {"seed": 7})
    b = RULES.new_state(["Ann", "Bob", "Cid"], {"seed": 7})
    assert a == b and a.seeded
    apprentices, buildings, workers = deal(7, 3)
    assert [seat.idle for seat in a.seats] == [[w] for w in apprentices]
    assert set(apprentices) <= set(apprentice_ids())
    assert a.row_buildings == buildings[:5] and a.deck_buildings == buildings[5:]
    assert a.row_workers == workers[:5] and a.deck_workers == workers[5:]
    assert len(buildings) == 42 and len(workers) == 42 - 3
    assert RULES.new_state(["Ann", "Bob", "Cid"], {"seed": 8}) != a
    assert RULES.check_invariants(a) == []


def test_ruling_seeded_deal_shuffles_draw_for_draw_as_random_shuffle():
    """The deal's own Fisher–Yates (:func:`referee.builders.state.shuffle`) takes the same draws as
    ``random.shuffle``, and leaves the generator where it leaves it."""
    import random

    from referee.builders.state import shuffle

    for seed in range(100):
        for size in (0, 1, 2, 5, 6, 39, 42):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, standard = list(range(size)), list(range(size))
            shuffle(ours, mine)
            theirs.shuffle(standard)
            assert mine == standard
            assert ours.random() == theirs.random()


def test_ruling_seeded_deal_is_the_same_on_every_version():
    """A seed names one deal for good: records hold the seed, not the cards."""
    apprentices, buildings, workers = deal(7, 2)
    assert apprentices == ["W02", "W04"]
    assert buildings[:8] == ["B15", "B06", "B23", "M08", "M07", "B17", "B11", "B16"]
    assert workers[:8] == ["W07", "W06", "W20", "W39", "W41", "W29", "W01", "W15"]
