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


SYNONYMS = {
    "score": ("scoring",),
    "scoring": ("score",),
    "points": ("score", "scoring"),
    "winner": ("end", "score", "scoring"),
    "win": ("end", "score", "scoring"),
    "tiebreak": ("tie-break",),
    "tie": ("tie-break",),
    "slap": ("toss",),
    "tosses": ("toss",),
    "map": ("maps",),
    "discards": ("discard",),
    "revolutions": ("revolution",),
    "workers": ("recruit",),
    "money": ("coins",),
    "ecus": ("coins",),
    "écus": ("coins",),
}
"""Words players try for a topic, and the topics they mean (the first that a game has)."""


@dataclass(frozen=True, slots=True)
class Rulebook:
    game: str
    topics: tuple[Topic, ...]
    sources: tuple[tuple[str, str], ...] = ()
    """Each source tag of the texts (``OFF``, ``RB``, …) and what it stands for."""

    def topic(self, name: str) -> Topic | None:
        """A topic by its name, a word players use for it (``score`` → ``scoring``), or the start of one name
        (``tie`` → ``tie-break``); None when nothing or more than one topic fits."""
        wanted = name.strip().lower()
        by_name = {topic.name: topic for topic in self.topics}
        if wanted in by_name:
            return by_name[wanted]
        for meant in SYNONYMS.get(wanted, ()):
            if meant in by_name:
                return by_name[meant]
        starting = [topic for topic in self.topics if wanted and topic.name.startswith(wanted)]
        return starting[0] if len(starting) == 1 else None

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
    sources = tuple((str(tag), str(meaning)) for tag, meaning in data.get("sources", {}).items())
    return Rulebook(data.get("game", package), topics, sources)
