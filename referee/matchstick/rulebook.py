"""The rules and the referee's rulings by topic, read from ``rulebook.toml`` (lazily, on first use).

Every :class:`~referee.engine.Verdict` of the matchstick rules cites one of these topic names.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class Topic:
    """One topic of the rulebook: an id (``lead``), a title, the rule text with sources, and the rulings."""

    name: str
    title: str
    text: str
    rulings: tuple[str, ...]


@cache
def topics() -> dict[str, Topic]:
    """All topics by name, in rulebook order."""
    data = tomllib.loads(resources.files(__package__).joinpath("rulebook.toml").read_text(encoding="utf-8"))
    return {
        entry["name"]: Topic(entry["name"], entry["title"], entry["text"].strip(), tuple(entry.get("rulings", ())))
        for entry in data["topic"]
    }


def topic(name: str) -> Topic | None:
    """One topic by name (case-insensitive), or None."""
    return topics().get(name.strip().lower())


def names() -> list[str]:
    """The topic names, in rulebook order."""
    return list(topics())
