"""Small helpers to set up a Matchstick Tycoon table for a test."""

from __future__ import annotations

from collections.abc import Iterable

from referee.engine import Event, Game
from referee.matchstick import RULES, MatchstickState


def game(players: Iterable[str] = ("Ann", "Bob", "Cid"), **setup: object) -> Game:
    return Game(RULES, list(players), setup)


def play(g: Game, *texts: str) -> list[Event]:
    """Push actions; return the events of all of them."""
    events: list[Event] = []
    for text in texts:
        events.extend(g.push_text(text))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def sane(state: MatchstickState) -> None:
    assert RULES.check_invariants(state) == []
