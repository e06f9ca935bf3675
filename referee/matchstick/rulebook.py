"""The rules and the referee's rulings of Matchstick Tycoon by topic (``rulebook.toml``, read on first use).

Every :class:`~referee.engine.Verdict` of the matchstick rules cites one of these topic names. The loader is the
shared :mod:`referee.rulebook`.
"""

from __future__ import annotations

from referee.rulebook import Topic, rulebook

__all__ = ["Topic", "names", "topic", "topics"]


def topics() -> dict[str, Topic]:
    """All topics by name, in rulebook order."""
    return {entry.name: entry for entry in rulebook(__package__).topics}


def topic(name: str) -> Topic | None:
    """One topic by name (case-insensitive), or None."""
    return rulebook(__package__).topic(name)


def names() -> list[str]:
    """The topic names, in rulebook order."""
    return rulebook(__package__).names
