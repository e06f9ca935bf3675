"""What a history command was given, checked: a game's name (and which games and rooms there are), ``--since``, a
player's name, free text (notes and places), an id.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.shared_commands import AnyGameSpec


MAX_ID = 2**63 - 1
"""The largest game id (and ``--limit``) SQLite can hold; a larger number names no game."""


def game_spec(name: str) -> AnyGameSpec:
    from referee.cli.shared_commands import load_spec

    return load_spec(name)


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


def _unsafe(char: str) -> bool:
    """ESC and the other C0 controls but line breaks (CR LF: a CSV's lines) and tabs, DEL, and the C1 controls
    (U+0080–U+009F: U+009B is a one-character escape sequence to many terminals)."""
    code = ord(char)
    return (code < 0x20 and char not in "\n\t\r") or 0x7F <= code <= 0x9F


def clean_free_text(value: str | None) -> str | None:
    """Notes and places from another app's file, as ``history edit`` would take them: control characters
    removed (``edit`` refuses them; an import cannot ask, so it drops them), cut to :data:`MAX_NOTES`."""
    if value is None:
        return None
    cleaned = "".join(char for char in value if not _unsafe(char)).replace("\r", "")
    return cleaned[:MAX_NOTES] or None


def escape_controls(text: str) -> str:
    """Text for standard output that is not a terminal (``export -``): each control character of
    :func:`_unsafe` written as a ``\\uXXXX`` escape, which a JSON reader reads back as the very character, so a
    pipe into a terminal (``| less -R``, ``| cat``) is never sent an escape sequence."""
    if not any(_unsafe(char) for char in text):
        return text
    return "".join(f"\\u{ord(char):04x}" if _unsafe(char) else char for char in text)


def checked_entries(entries: Iterable[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """The one name rule of ``play`` at the doors of imports and backups: seats whose names are one player, or
    look alike (``Iris`` and ``lris``), refuse the game as ``play`` and ``history add`` refuse them; notes and
    places are cleaned of control characters (:func:`clean_free_text`)."""
    from referee.cli.records import check_distinct
    from referee.history.entry import GameEntry

    for where, found in entries:
        if isinstance(found, GameEntry):
            try:
                check_distinct(found.names, where)
            except InputError as error:
                yield where, error
                continue
            found.location = clean_free_text(found.location)
            found.notes = clean_free_text(found.notes)
        yield where, found
