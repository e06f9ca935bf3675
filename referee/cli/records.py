"""Records: the setup plus the list of accepted actions (TOML). The state is always their replay."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee import registry
from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

FORMAT = 1
"""The record format this referee writes and reads."""

MAX_NAME_LENGTH = 40


def check_player_name(name: object, where: str) -> str:
    """A player's name: a short printable text (no control characters or escape sequences)."""
    if not isinstance(name, str) or not name.strip():
        raise InputError(_("{where}: a player's name must be a non-empty string").format(where=where))
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise InputError(_("{where}: the name {name!r} holds control characters").format(where=where, name=name))
    if len(name) > MAX_NAME_LENGTH:
        raise InputError(
            _("{where}: the name '{name}…' is longer than {limit} characters").format(
                where=where, name=name[:12], limit=MAX_NAME_LENGTH
            )
        )
    return name.strip()


def parse_players(text: str) -> list[str]:
    """``--players Ann,Bob`` → ["Ann", "Bob"]."""
    names = [check_player_name(part, "--players") for part in text.split(",")]
    if len(set(names)) != len(names):
        raise InputError(_("--players: every player needs a different name"))
    return names


@dataclass
class Record:
    game: str
    players: list[str]
    setup: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    format: int = FORMAT
    started: str | None = None
    """When the game started and ended (ISO 8601 with a UTC offset), written by ``play``; older records have none."""
    finished: str | None = None

    def to_toml(self) -> bytes:
        import tomli_w

        document: dict[str, Any] = {"game": self.game, "format": self.format, "players": self.players}
        for key in ("started", "finished"):
            if getattr(self, key) is not None:
                document[key] = getattr(self, key)
        document["actions"] = self.actions
        if self.setup:
            document["setup"] = self.setup
        return tomli_w.dumps(document, multiline_strings=False).encode("utf-8")


def check_game(document: dict[str, Any], game: str, source: str) -> None:
    found = document.get("game")
    if found is None:
        raise InputError(
            _("{file}: no 'game' key; a record starts with game = \"{game}\"").format(file=source, game=game)
        )
    if found != game:
        if isinstance(found, str) and found in registry.GAMES:
            raise InputError(
                _("{file} is a record of {other}, not {game}: use 'referee {other}'").format(
                    file=source, other=found, game=game
                )
            )
        raise InputError(_("{file}: unknown game {found!r}").format(file=source, found=found))


def check_format(document: dict[str, Any], source: str) -> None:
    version = document.get("format", FORMAT)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(_("{file}: 'format' must be a whole number, 1 for this referee").format(file=source))
    if version > FORMAT:
        raise InputError(
            _("{file}: written by a newer referee (format {version}); this one reads format {ours}").format(
                file=source, version=version, ours=FORMAT
            )
        )


def check_players(document: dict[str, Any], source: str) -> list[str]:
    players = document.get("players")
    if not isinstance(players, list) or not players:
        raise InputError(_("{file}: 'players' must be a list of names in seat order").format(file=source))
    names = [check_player_name(name, f"{source}: players") for name in players]
    if len(set(names)) != len(names):
        raise InputError(_("{file}: every player needs a different name").format(file=source))
    return names


def record_from_document(document: dict[str, Any], game: str, source: str) -> Record:
    """Validate a record's shape (not its actions: replay does that)."""
    check_game(document, game, source)
    check_format(document, source)
    players = check_players(document, source)
    actions = document.get("actions")
    if actions is None:
        raise InputError(_("{file}: no 'actions' list").format(file=source))
    if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
        raise InputError(_("{file}: 'actions' must be a list of strings").format(file=source))
    setup = document.get("setup", {})
    if not isinstance(setup, dict):
        raise InputError(_("{file}: [setup] must be a table").format(file=source))
    return Record(game, players, dict(setup), list(actions), FORMAT, *record_times(document, source))


def record_times(document: dict[str, Any], source: str) -> tuple[str | None, str | None]:
    """A record's ``started`` and ``finished`` times (ISO 8601 text; a TOML date-time is accepted too)."""
    from datetime import date, datetime

    times: list[str | None] = []
    for key in ("started", "finished"):
        value = document.get(key)
        if isinstance(value, date | datetime):
            value = value.isoformat()
        if value is not None:
            try:
                datetime.fromisoformat(value) if isinstance(value, str) else None
            except ValueError:
                value = None
            if not isinstance(value, str):
                raise InputError(_("{file}: '{key}' must be a date and time (ISO 8601)").format(file=source, key=key))
        times.append(value)
    return times[0], times[1]


def default_record_path(game: str) -> Path:
    """Where a game with no --record is kept: a new file in the current folder."""
    import time
    from pathlib import Path

    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(f"{game}-{stamp}.toml")
    counter = 2
    while path.exists():
        path = Path(f"{game}-{stamp}-{counter}.toml")
        counter += 1
    return path
