"""The rules and rulings of The Builders by topic (``rulebook.toml``, read on first use).

Each :class:`Topic` has the ``name`` that :class:`~referee.engine.Verdict` cites as its ``rule``; ``referee
builders rules TOPIC`` shows its text and every ruling the referee took where the sources are silent. The loader
is the shared :mod:`referee.rulebook`.
"""

from __future__ import annotations

from referee.rulebook import Topic, rulebook

__all__ = ["Topic", "ruling", "topic", "topics"]


def topics() -> dict[str, Topic]:
    """Every topic by name, in the rulebook's order."""
    return {entry.name: entry for entry in rulebook(__package__).topics}


def topic(name: str) -> Topic:
    """The topic called ``name`` (KeyError when there is none)."""
    return topics()[name]


def ruling(name: str, index: int = 0) -> str:
    """The ``index``-th ruling of a topic, as Verdict.ruling quotes it."""
    return topics()[name].rulings[index]
