"""What a history command was given, checked: a game's name (and which games and rooms there are), ``--since``, a
player's name, free text (notes and places), an id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.shared_commands import GameSpec


MAX_ID = 2**63 - 1
"""The largest game id (and ``--limit``) SQLite can hold; a larger number names no game."""


def game_spec(name: str) -> GameSpec:
    from importlib import import_module

    from referee import registry

    return import_module(registry.GAMES[name].spec_module).SPEC  # type: ignore[no-any-return]


def game_names() -> tuple[str, ...]:
    from referee import registry

    return registry.names()


def check_game_name(game: str | None) -> str | None:
    if game is None:
        return None
    name = game.strip().lower()
    if name not in game_names():
        raise InputError(
            _("--game: unknown game '{game}'; the games are {games}").format(game=game, games=", ".join(game_names()))
        )
    return name


def parse_since(since: str | None) -> str | None:
    """``--since DATE`` (``2025-01-31``, or a date and time) as the UTC sort key of the history."""
    if since is None:
        return None
    from referee.moments import EARLIEST_YEAR, LATEST_YEAR, utc_key

    text = since.strip()
    key = utc_key(text if "T" in text or " " in text else text + "T00:00:00")
    if key is None:
        raise InputError(
            _("--since: '{date}' is not a date (YYYY-MM-DD) of the years {first} to {last}").format(
                date=since, first=EARLIEST_YEAR, last=LATEST_YEAR
            )
        )
    return key


def check_name(name: str | None, option: str) -> str | None:
    if name is None:
        return None
    if not name.strip():
        raise InputError(_("{option}: a player's name is needed").format(option=option))
    return name.strip()


MAX_NOTES = 2000
"""The longest notes (or location) a game keeps."""


def check_free_text(value: str, option: str) -> None:
    """Notes and places are free text, but short and with no control characters other than line breaks."""
    import unicodedata

    if len(value) > MAX_NOTES:
        raise InputError(_("{option}: longer than {limit} characters").format(option=option, limit=MAX_NOTES))
    if any(unicodedata.category(char) == "Cc" and char != "\n" for char in value):
        raise InputError(_("{option}: holds control characters").format(option=option))
