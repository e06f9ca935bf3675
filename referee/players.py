"""One rule for "the same player", used wherever seats are named: ``play``'s seat check, records, the history's
key and imports. No imports: every command reads it."""

from __future__ import annotations


def name_key(name: str) -> str:
    """The person a name stands for: names are matched without regard to case (full Unicode case folding:
    ``STRASSE`` and ``straße`` are one person) or to the blanks around and between words. The history keeps
    each person's games under this key, so two seats with one key would be one person playing twice."""
    return " ".join(name.split()).casefold()


def first_repeated(names: list[str]) -> tuple[str, str] | None:
    """The first two names of ``names`` that stand for the same person (see :func:`name_key`), or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None
