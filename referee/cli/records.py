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


INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern, the Mongolian vowel separator):
a name made only of them, of blanks and of combining marks looks empty, and is refused."""

LOOKALIKES = str.maketrans(
    {
        **dict.fromkeys("АΑ", "A"),
        **dict.fromkeys("аα", "a"),
        **dict.fromkeys("ВΒ", "B"),
        **dict.fromkeys("СϹ", "C"),
        **dict.fromkeys("сϲ", "c"),
        **dict.fromkeys("ԁ", "d"),
        **dict.fromkeys("ЕΕ", "E"),
        **dict.fromkeys("е", "e"),
        **dict.fromkeys("Һ", "h"),
        **dict.fromkeys("НΗ", "H"),
        **dict.fromkeys("IІΙ1|ӀlǀⅠ", "l"),
        **dict.fromkeys("іι", "i"),
        **dict.fromkeys("Јј", "j"),
        **dict.fromkeys("КΚ", "K"),
        **dict.fromkeys("МΜ", "M"),
        **dict.fromkeys("Ν", "N"),
        **dict.fromkeys("ОΟ0", "O"),
        **dict.fromkeys("оοσ", "o"),
        **dict.fromkeys("РΡ", "P"),
        **dict.fromkeys("рρ", "p"),
        **dict.fromkeys("Ѕ", "S"),
        **dict.fromkeys("ѕ", "s"),
        **dict.fromkeys("ТΤ", "T"),
        **dict.fromkeys("υ", "u"),
        **dict.fromkeys("ν", "v"),
        **dict.fromkeys("Ԝ", "W"),
        **dict.fromkeys("ԝ", "w"),
        **dict.fromkeys("ХΧ", "X"),
        **dict.fromkeys("хχ", "x"),
        **dict.fromkeys("УΥ", "Y"),
        **dict.fromkeys("у", "y"),
        **dict.fromkeys("Ζ", "Z"),
    }
)
"""The look-alike letters :func:`skeleton` folds: Cyrillic and Greek letters drawn like Latin ones, and the
strokes ``I``, ``l``, ``1``, ``|`` (one shape in many fonts), ``0`` for ``O``. Not the whole Unicode confusables
table: it covers the Latin, Cyrillic and Greek letters people mistake for one another at a table; names in other
scripts are compared after NFKC only."""


def skeleton(name: str) -> str:
    """What a name looks like: NFKC (full-width and styled letters become plain), look-alike letters folded
    (:data:`LOOKALIKES`), ``rn`` read as ``m``, blanks dropped. Two seats whose names have one skeleton are one
    name to the eye."""
    folded = unicodedata.normalize("NFKC", name).translate(LOOKALIKES)
    return "".join(folded.split()).replace("rn", "m")


def check_player_name(name: object, where: str) -> str:
    """A player's name: a short printable text (no control characters, escape sequences or line separators, not
    only invisible letters), stripped of blanks at its ends and in Unicode NFC form."""
    if not isinstance(name, str) or not name.strip():
        raise InputError(_("{where}: a player's name must be a non-empty string").format(where=where))
    if any(unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp") for char in name):
        raise InputError(_("{where}: the name {name!r} holds control characters").format(where=where, name=name))
    if len(name) > MAX_NAME_LENGTH:
        raise InputError(
            _("{where}: the name '{name}…' is longer than {limit} characters").format(
                where=where, name=name[:12], limit=MAX_NAME_LENGTH
            )
        )
    if all(char.isspace() or char in INVISIBLE or unicodedata.category(char) in ("Mn", "Me") for char in name):
        raise InputError(_("{where}: the name {name!r} shows nothing: use letters").format(where=where, name=name))
    return unicodedata.normalize("NFC", name.strip())


def check_distinct(names: list[str], where: str) -> None:
    """Every seat a different name, to the eye as well: the same after NFC, or alike (see :func:`skeleton`),
    is refused."""
    if len(set(names)) != len(names):
        raise InputError(_("{where}: every player needs a different name").format(where=where))
    from referee.players import first_repeated

    repeated = first_repeated(names)
    if repeated is not None:
        raise InputError(
            _(
                "{where}: '{a}' and '{b}' are one player to the history (names are matched without regard to case)"
            ).format(where=where, a=repeated[0], b=repeated[1])
        )
    seen: dict[str, str] = {}
    for name in names:
        other = seen.setdefault(skeleton(name), name)
        if other != name:
            raise InputError(
                _("{where}: the names '{a}' and '{b}' look alike; give players names that differ to the eye").format(
                    where=where, a=other, b=name
                )
            )


def parse_players(text: str) -> list[str]:
    """``--players Ann,Bob`` → ["Ann", "Bob"]."""
    names = [check_player_name(part, "--players") for part in text.split(",")]
    check_distinct(names, "--players")
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
    computer: dict[str, Any] | None = None
    """Who the computer plays and how (``[computer]``: ``seats`` numbered from 1, ``level``, ``time`` and the game's
    own keys), written by ``play`` against the computer so that ``--resume`` continues the same match."""
    location: str | None = None
    """Where the game is played (``play --location``): kept by ``--resume`` and with the game when it is logged."""
    uuid: str | None = None
    """The game's identity, given when ``play`` starts a new game: kept by ``--resume``, by ``history add`` and by
    every export that can carry it (older records have none: their content is their identity)."""

    def to_toml(self) -> bytes:
        """The record as TOML, exactly as ``tomli_w`` writes it (a test compares), built from each action's line
        formatted once (:func:`_action_line`): a long game is rewritten after every action, and formatting every
        action again each time made the cost of an action grow with the game's length."""
        import tomli_w

        document: dict[str, Any] = {"game": self.game, "format": self.format, "players": self.players}
        for key in ("uuid", "started", "finished", "location"):
            if getattr(self, key) is not None:
                document[key] = getattr(self, key)
        head = tomli_w.dumps(document, multiline_strings=False)
        if self.actions:
            body = "actions = [\n" + "".join([_action_line(action) for action in self.actions]) + "]\n"
        else:
            body = "actions = []\n"
        tail = "\n" + tomli_w.dumps({"setup": self.setup}, multiline_strings=False) if self.setup else ""
        if self.computer:
            tail += "\n" + tomli_w.dumps({"computer": self.computer}, multiline_strings=False)
        return (head + body + tail).encode("utf-8")


_ACTION_LINES: dict[str, str] = {}


def _action_line(action: str) -> str:
    """An action as a line of the record's ``actions`` array (``    "slap QN",``), formatted by ``tomli_w`` once per
    distinct action (a game repeats few: ``done``, ``pass``, the same tosses)."""
    line = _ACTION_LINES.get(action)
    if line is None:
        import tomli_w

        line = tomli_w.dumps({"a": [action, action]}, multiline_strings=False).split("\n")[1] + "\n"
        if len(_ACTION_LINES) < 65536:
            _ACTION_LINES[action] = line
    return line


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


def computer_table(table: dict[str, Any], level: int, seconds: float) -> tuple[list[int], int, float, int | None]:
    """A record's ``[computer]`` table read back: its ``seats`` (numbered from 1), ``level``, ``time`` and ``seed``
    (``level`` and ``seconds`` when it has none); :class:`InputError` when it is not one this referee writes."""
    seats, level, seconds, seed = (
        table.get("seats"),
        table.get("level", level),
        table.get("time", seconds),
        table.get("seed"),
    )
    if (
        not isinstance(seats, list)
        or not seats
        or not all(type(seat) is int for seat in seats)
        or type(level) is not int
        or type(seconds) not in (int, float)
        or not (seed is None or type(seed) is int)
    ):
        raise InputError(_("the record's [computer] table is not one this referee wrote (seats, level, time)"))
    return seats, level, float(seconds), seed


def check_players(document: dict[str, Any], source: str) -> list[str]:
    players = document.get("players")
    if not isinstance(players, list) or not players:
        raise InputError(_("{file}: 'players' must be a list of names in seat order").format(file=source))
    names = [check_player_name(name, f"{source}: players") for name in players]
    check_distinct(names, source)
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
    computer = document.get("computer")
    if computer is not None and not isinstance(computer, dict):
        raise InputError(_("{file}: [computer] must be a table").format(file=source))
    started, finished = record_times(document, source)
    location = document.get("location")
    if location is not None and (
        not isinstance(location, str)
        or len(location) > MAX_LOCATION
        or any(unicodedata.category(char) == "Cc" and char != "\n" for char in location)
    ):
        raise InputError(
            _("{file}: 'location' must be text without control characters (at most {most} characters)").format(
                file=source, most=MAX_LOCATION
            )
        )
    from referee.history.entry import checked_uuid

    identity = document.get("uuid")
    game_uuid = checked_uuid(identity)
    if identity is not None and game_uuid is None:
        raise InputError(_("{file}: 'uuid' must be a UUID (as play writes it)").format(file=source))
    return Record(game, players, dict(setup), list(actions), FORMAT, started, finished, computer, location, game_uuid)


MAX_LOCATION = 2000
"""The longest ``location`` a record may hold (as ``--location`` and ``history edit``: free text, no control
characters but line breaks)."""


def record_times(document: dict[str, Any], source: str) -> tuple[str | None, str | None]:
    """A record's ``started`` and ``finished`` times (ISO 8601 text; a TOML date-time is accepted too)."""
    from datetime import date, datetime

    times: list[str | None] = []
    for key in ("started", "finished"):
        value = document.get(key)
        if isinstance(value, date | datetime):
            value = value.isoformat()
        if value is not None:
            from referee.moments import EARLIEST_YEAR, LATEST_YEAR, in_range

            if not isinstance(value, str) or not in_range(value):
                raise InputError(
                    _("{file}: '{key}' must be a date and time (ISO 8601) of the years {first} to {last}").format(
                        file=source, key=key, first=EARLIEST_YEAR, last=LATEST_YEAR
                    )
                )
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
