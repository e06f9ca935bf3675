"""The rules and rulings of The Builders by topic, read lazily from ``rulebook.toml``.

Each :class:`Topic` has the ``name`` that :class:`~referee.engine.Verdict` cites as its ``rule``; ``referee
builders rules TOPIC`` shows its text and every ruling the referee took where the sources are silent.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class Topic:
    """One topic of the rulebook: the rule quoted with its sources, and the referee's rulings."""

    name: str
    title: str
    text: str
    sources: tuple[str, ...]
    rulings: tuple[str, ...]


@cache
def topics() -> dict[str, Topic]:
    """Every topic by name, in the rulebook's order."""
    raw = tomllib.loads(resources.files(__package__).joinpath("rulebook.toml").read_text(encoding="utf-8"))
    return {
        t["name"]: Topic(
            name=t["name"],
            title=t["title"],
            text=" ".join(t["text"].split()),
            sources=tuple(t.get("sources", ())),
            rulings=tuple(t.get("rulings", ())),
        )
        for t in raw["topic"]
    }


def topic(name: str) -> Topic:
    """The topic called ``name`` (KeyError when there is none)."""
    return topics()[name]


def ruling(name: str, index: int = 0) -> str:
    """The ``index``-th ruling of a topic, as Verdict.ruling quotes it."""
    return topics()[name].rulings[index]
