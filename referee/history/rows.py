"""The one reader of the history's rows: every cell a read uses is checked against what its column may hold.

SQLite keeps any value in any column, and a file can be damaged without SQLite noticing (a flipped bit in a text
cell is invalid UTF-8 that passes ``PRAGMA quick_check``), or edited by hand. So nothing read from the history is
trusted: a cell that is NULL where a value is needed, of the wrong type, not UTF-8, or out of its column's range
makes its game **damaged**, for that game alone:

* ``history list`` and ``show`` show it, marked as damaged, with what can be read of it;
* counts (``stats``, highlights, ratings, the report) leave it out, and the command says so in one line;
* exports keep it as far as it can be read (undecodable bytes replaced, a wrong value left out).

:data:`CELLS` says what each column may hold; :func:`sound_sql` turns it into the SQL condition aggregate queries
use, :func:`read_game` into the checks of a game read whole.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

MAX_TEXT = 1 << 22
"""The longest text cell a history keeps (4 MB: a record of thousands of actions is a few hundred kB)."""


@dataclass(frozen=True)
class Cell:
    """What one column may hold: ``kind`` ``int``, ``real`` or ``text``; NULL only when ``null``; an int or real
    from ``low`` to ``high``, a text of at most ``high`` characters."""

    kind: str
    null: bool = False
    low: float = 0
    high: float = MAX_TEXT


def _int(low: float, high: float, *, null: bool = False) -> Cell:
    return Cell("int", null, low, high)


def _text(high: int = 200, *, null: bool = False) -> Cell:
    return Cell("text", null, 0, high)


SEATS = 64
"""More seats than any game has; a seat, place or rank beyond it is damage (it would size lists)."""
SCORE = 10**9
"""No game of the referee comes near a billion points."""
FLAG = _int(0, 1)
ABANDONED = 1
UNSCORED_PLAY = 2
"""The ``incomplete`` cell of a game: 0 a finished game, ``ABANDONED`` a game abandoned before its end (the score as
it stood), ``UNSCORED_PLAY`` a play marked not to count in win statistics; both counted in no result."""

CELLS: dict[str, dict[str, Cell]] = {
    "games": {
        "id": _int(1, 2**63 - 1),
        "game": _text(64),
        "hash": _text(200),
        "kind": _text(64),
        "played": _text(64),
        "started": _text(64, null=True),
        "finished": _text(64, null=True),
        "actions": _int(0, 10**8),
        "setup": _text(1 << 20),
        "board": _text(200, null=True),
        "record": _text(MAX_TEXT),
        "location": _text(2000, null=True),
        "notes": _text(2000, null=True),
        "incomplete": _int(0, UNSCORED_PLAY),
        "seats": _int(0, SEATS),
    },
    "players": {
        "game_id": _int(1, 2**63 - 1),
        "game": _text(64),
        "played": _text(64),
        "seat": _int(0, SEATS - 1),
        "name": _text(200),
        "key": _text(400),
        "score": _int(-SCORE, SCORE, null=True),
        "place": _int(1, SEATS),
        "rank": _int(1, SEATS),
        "winner": FLAG,
        "shared": FLAG,
        "draw": FLAG,
        "color": _text(64, null=True),
        "new": FLAG,
    },
    "totals": {
        "game": _text(64),
        "key": _text(400),
        "seat": _int(0, SEATS - 1),
        "board": _text(200),
        "name": _text(200),
        "games": _int(0, 2**62),
        "wins": _int(0, 2**62),
        "shared": _int(0, 2**62),
        "score_sum": _int(-(2**62), 2**62),
        "score_count": _int(0, 2**62),
        "best": _int(-SCORE, SCORE, null=True),
        "draws": _int(0, 2**62),
    },
    "ratings": {
        "game": _text(64),
        "key": _text(400),
        "name": _text(200),
        "mu": Cell("real", False, -1e6, 1e6),
        "sigma": Cell("real", False, 0, 1e6),
    },
    "rating_steps": {
        "game_id": _int(1, 2**63 - 1),
        "key": _text(400),
        "mu": Cell("real", False, -1e6, 1e6),
        "sigma": Cell("real", False, 0, 1e6),
    },
    "rating_state": {
        "game": _text(64),
        "stale": FLAG,
        "last_played": _text(64, null=True),
        "last_id": _int(1, 2**63 - 1, null=True),
    },
}
"""Every column a read uses, table by table. A column not listed (one added later) is read as it is."""


def sound(value: object, cell: Cell) -> bool:
    """Whether ``value`` (as the connection's text factory hands it: ``bytes`` for a text that is not UTF-8) is
    something ``cell``'s column may hold."""
    if value is None:
        return cell.null
    if cell.kind == "text":
        return isinstance(value, str) and len(value) <= cell.high
    if cell.kind == "int":
        return type(value) is int and cell.low <= value <= cell.high
    if type(value) is not int and type(value) is not float:
        return False
    assert isinstance(value, int | float)
    return math.isfinite(value) and cell.low <= value <= cell.high


_SQL_TYPES = {"int": "('integer')", "real": "('real', 'integer')", "text": "('text')"}


def sound_sql(table: str, alias: str = "", columns: tuple[str, ...] | None = None) -> str:
    """The SQL condition that a row of ``table`` (its alias in the query: ``"p."``) holds only sound cells in
    ``columns`` (all known ones by default): types, ranges and lengths. (Text that is not UTF-8 is seen only when
    read: see :func:`text`.)"""
    parts = []
    for column, cell in CELLS[table].items():
        if columns is not None and column not in columns:
            continue
        name = f'{alias}"{column}"'
        test = f"typeof({name}) IN {_SQL_TYPES[cell.kind]}"
        if cell.kind == "text":
            test += f" AND length(CAST({name} AS BLOB)) <= {cell.high * 4}"
        else:
            test += f" AND {name} BETWEEN {cell.low!r} AND {cell.high!r}"
        parts.append(f"({name} IS NULL OR ({test}))" if cell.null else f"({test})")
    return "(" + " AND ".join(parts) + ")"


def text(value: object) -> str | None:
    """A text cell as far as it can be read: undecodable bytes replaced (U+FFFD), a number written out."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def lenient_text(raw: bytes) -> str | bytes:
    """The connection's text factory: a text cell as ``str``, or its raw ``bytes`` when it is not UTF-8 (a flipped
    bit), so that one damaged cell is one damaged game and not a failed query."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


class RowReader:
    """Reads one row's cells by column name, noting each unsound one (``table.column``) in :attr:`damaged`."""

    def __init__(self, table: str, row: dict[str, Any], damaged: list[str]) -> None:
        self.table = table
        self.row = row
        self.damaged = damaged

    def _check(self, column: str) -> tuple[object, bool]:
        value = self.row.get(column)
        cell = CELLS[self.table].get(column)
        ok = cell is None or sound(value, cell)
        if not ok:
            self.damaged.append(column if self.table == "games" else f"{self.table}.{column}")
        return value, ok

    def text(self, column: str, default: str) -> str:
        value, ok = self._check(column)
        found = text(value)
        if found is None:
            return default
        cell = CELLS[self.table].get(column)
        return found if ok or cell is None else found[: int(cell.high)]

    def optional_text(self, column: str) -> str | None:
        value, ok = self._check(column)
        found = text(value)
        cell = CELLS[self.table].get(column)
        return found if ok or found is None or cell is None else found[: int(cell.high)]

    def integer(self, column: str, default: int) -> int:
        value, ok = self._check(column)
        return value if ok and isinstance(value, int) else default

    def optional_integer(self, column: str) -> int | None:
        value, ok = self._check(column)
        return value if ok and isinstance(value, int) else None

    def flag(self, column: str) -> bool:
        return bool(self.integer(column, 0))


def describe(damaged: list[str] | tuple[str, ...]) -> str:
    """``location, players.score``: the damaged cells of a game, each column once."""
    return ", ".join(dict.fromkeys(damaged))


COUNTED: dict[str, tuple[str, ...]] = {
    "games": ("id", "game", "played", "incomplete", "board"),
    "players": (
        "game_id",
        "game",
        "played",
        "seat",
        "key",
        "name",
        "score",
        "place",
        "rank",
        "winner",
        "shared",
        "draw",
    ),
}
"""The cells counts read (stats, highlights, ratings, totals): a game with one of them unsound is counted nowhere."""


KINDS = ("record", "position", "bgg", "bgstats", "csv")
"""What a game's ``kind`` may be: where it came from (see :class:`referee.history.entry.GameEntry`)."""
RECORDED_KINDS = ("record", "position")
"""The kinds whose ``record`` is the game's TOML (a record or a position), which names its game; an imported play
keeps the play as the app wrote it."""

_GAME_KEY = re.compile(r"""\s*game\s*=\s*(?:"([^"\\]*)"|'([^']*)')\s*(?:#.*)?""")


def record_game(text: str) -> str | None:
    """The game a record or a position names (its top-level ``game = "…"``, before any table), read from its
    lines, a line at a time, without parsing the whole TOML (a history lists thousands of games; the key is on a
    record's first line); only a record where no such line is found is parsed whole (a key written another way TOML
    allows). None when it names none, or is no TOML."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line, start = text[start:end].rstrip("\r"), end + 1
        if line.lstrip().startswith("["):
            break
        found = _GAME_KEY.fullmatch(line)
        if found:
            return found.group(1) if found.group(1) is not None else found.group(2)
    return _parsed_game(text)


def _parsed_game(text: str) -> str | None:
    import tomllib

    try:
        game = tomllib.loads(text).get("game")
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    return game if isinstance(game, str) else None


def known_games() -> tuple[str, ...]:
    """What a game's ``game`` may be: a registered game's command word."""
    from referee import registry

    return tuple(registry.names())


def wrong_content_sql() -> str:
    """The ids of the games whose cells are of their column's type but say what no game can: a ``game`` or
    ``kind`` no referee writes, a ``game`` its players' rows do not say, or another number of players' rows than
    its ``seats`` (a player's row whose ``game_id`` was damaged belongs to no game, or to another). The same on
    both engines."""
    games = ", ".join(f"'{name}'" for name in known_games())
    kinds = ", ".join(f"'{kind}'" for kind in KINDS)
    return (
        f"SELECT id FROM games WHERE game NOT IN ({games}) OR kind NOT IN ({kinds})"
        " UNION SELECT g.id FROM games g LEFT JOIN (SELECT game_id, count(*) AS n, min(game) AS low,"
        " max(game) AS high FROM players GROUP BY game_id) p ON p.game_id = g.id"
        " WHERE coalesce(p.n, 0) != g.seats OR p.low != g.game OR p.high != g.game"
    )


def damaged_games_sql() -> str:
    """The ids of the games counts must leave out: a game's row or one of its players' rows with an unsound
    counted cell (see :data:`COUNTED`), or a game with wrong content (:func:`wrong_content_sql`). Plain scans, no
    correlated query."""
    return (
        f"SELECT id FROM games WHERE NOT {sound_sql('games', '', COUNTED['games'])}"
        f" UNION SELECT game_id FROM players WHERE NOT {sound_sql('players', '', COUNTED['players'])}"
        f" UNION {wrong_content_sql()}"
    )


def sound_row(table: str, row: tuple[Any, ...], columns: tuple[str, ...]) -> bool:
    """Whether each cell of ``row`` (the values of ``columns`` of ``table``, in order) is sound."""
    cells = CELLS[table]
    return all(sound(value, cells[column]) for value, column in zip(row, columns, strict=True) if column in cells)
