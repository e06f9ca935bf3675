"""Each game's rulebook: the rules and the referee's rulings by topic, from ``referee/<game>/rulebook.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class Topic:
    name: str
    title: str
    text: str
    rulings: tuple[str, ...]
    sources: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rulebook:
    game: str
    topics: tuple[Topic, ...]

    def topic(self, name: str) -> Topic | None:
        wanted = name.strip().lower()
        return next((topic for topic in self.topics if topic.name == wanted), None)

    @property
    def names(self) -> list[str]:
        return [topic.name for topic in self.topics]

    @property
    def rulings(self) -> list[tuple[Topic, str]]:
        return [(topic, ruling) for topic in self.topics for ruling in topic.rulings]


@cache
def rulebook(package: str) -> Rulebook:
    """The rulebook of a game package, e.g. ``rulebook("referee.coin_age")``."""
    data = tomllib.loads(resources.files(package).joinpath("rulebook.toml").read_text(encoding="utf-8"))
    topics = tuple(
        Topic(
            entry["name"],
            entry.get("title", entry["name"]),
            entry.get("text", "").strip(),
            tuple(entry.get("rulings", ())),
            tuple(entry.get("sources", ())),
        )
        for entry in data.get("topic", [])
    )
    return Rulebook(data.get("game", package), topics)
