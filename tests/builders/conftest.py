"""Fixtures for The Builders: a told table and a way to put cards in front of a player."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import pytest

from referee.builders import RULES, BuildersState
from referee.builders import card as card_of
from referee.builders.plans import forget

check_invariants, apply, judge = RULES.check_invariants, RULES.apply, RULES.judge

TABLE = {
    "apprentices": ["W01", "W02"],
    "buildings": ["B01", "B05", "M01", "B12", "B22"],
    "workers": ["W07", "W19", "W35", "W12", "W24"],
}


def _take(state: BuildersState, card: str) -> None:
    """Remove a card from wherever it is (deck or row), so it can be placed in front of a player."""
    for pile in (state.deck_buildings, state.deck_workers, state.row_buildings, state.row_workers):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"{card} is not in a deck or row")


def place(
    state: BuildersState,
    seat: int,
    *,
    idle: Iterable[str] = (),
    sites: Mapping[str, Iterable[str]] | None = None,
    built: Iterable[str] = (),
    coins: int | None = None,
) -> BuildersState:
    """Put cards in front of a player (taken from the decks; machines in ``built`` join the team) and set the
    purse (the bank makes up the difference, so money stays conserved)."""
    target = state.seats[seat]
    for card in idle:
        _take(state, card)
        target.idle.append(card)
    for site, workers in (sites or {}).items():
        _take(state, site)
        target.sites[site] = []
        for worker in workers:
            _take(state, worker)
            target.sites[site].append(worker)
    for card in built:
        _take(state, card)
        target.built.append(card)
        target.vp += card_of(card).vp
        if card.startswith("M"):
            target.idle.append(card)
    if coins is not None:
        state.bank -= coins - target.coins
        target.coins = coins
    # Rows short after taking cards: refill from the (sorted) unseen deck, as a told table would have done.
    for row, deck in ((state.row_buildings, state.deck_buildings), (state.row_workers, state.deck_workers)):
        while len(row) < 5 and deck:
            row.append(deck.pop(0))
    forget(state)  # what self-play remembered of the seats no longer holds
    assert check_invariants(state) == []
    return state


@pytest.fixture
def table() -> Callable[..., BuildersState]:
    """A new told two-player (or more) table; keyword arguments override the setup."""

    def make(players: tuple[str, ...] = ("Ann", "Bob"), **setup: object) -> BuildersState:
        base = dict(TABLE)
        base["apprentices"] = ["W01", "W02", "W03", "W04"][: len(players)]
        base.update(setup)
        return RULES.new_state(list(players), base)

    return make


def play(state: BuildersState, *texts: str) -> list:
    """Parse, judge and apply each action; fail the test on an illegal one. Returns the last events."""
    events: list = []
    for text in texts:
        action = RULES.parse(text, state)
        verdict = judge(state, action)
        assert verdict.legal, f"{text}: {verdict.reason}"
        events = apply(state, action)
        assert check_invariants(state) == [], text
    return events


@pytest.fixture
def put() -> Callable[..., BuildersState]:
    return place


@pytest.fixture
def act() -> Callable[..., list]:
    return play
