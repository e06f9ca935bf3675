"""Each game's rulebook: the rules and the referee's rulings by topic, from ``referee/<game>/rulebook.toml``.

In another language the rulebook is ``rulebook.<lang>.toml`` (``zh_Hans``, ``zh_Hant``, ``ko``: the same topics
under the same names) when the game has one, else the English one."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from referee import i18n


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


def rulebook_file(package: str, language: str) -> str:
    """The file name of a game package's rulebook in ``language``, if there is one; else the English one's."""
    folder = i18n.CATALOGUE_DIRS.get(language)
    if folder is not None and resources.files(package).joinpath(f"rulebook.{folder}.toml").is_file():
        return f"rulebook.{folder}.toml"
    return "rulebook.toml"


def rulebook(package: str) -> Rulebook:
    """The rulebook of a game package in the current language, e.g. ``rulebook("referee.coin_age")``."""
    return _rulebook(package, i18n.current())


@cache
def _rulebook(package: str, language: str) -> Rulebook:
    name = rulebook_file(package, language)
    data = tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
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
