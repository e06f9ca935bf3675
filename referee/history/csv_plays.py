"""Reading the CSV export (``history export --format csv``) back: one row per player and game, the rows of a game
together (its ``id``), each game a score-only play known by its ``uuid`` (so the export of a history imported into
it adds nothing).

The file is untrusted: at most :data:`MAX_BYTES`, read a row at a time, every cell checked; a game that cannot be
read is one line of the report and the import goes on. A cell a spreadsheet would run as a formula was written
with a leading apostrophe (:func:`referee.history.export.spreadsheet_safe`): it is taken off again.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator
from typing import IO, Any

from referee.errors import InputError
from referee.history.entry import GameEntry, checked_uuid, has_points, utc_sort_key
from referee.history.plays import PlayedSeat, bounded_text, label, read_score, score_only_entry, seats_in_order
from referee.i18n import _

MAX_BYTES = 256 * 1024 * 1024
REQUIRED = ("id", "date", "game", "player", "seat", "score", "rank", "place", "winner")


def is_export(opening: str) -> bool:
    """Whether a file's first characters are the CSV export's header."""
    return opening.lstrip("\ufeff").startswith("id,date,game,")


class _Limited:
    """Lines of a text stream, refused past ``limit`` characters."""

    def __init__(self, stream: IO[str], limit: int, source: str) -> None:
        self.stream, self.left, self.source = stream, limit, source

    def __iter__(self) -> Iterator[str]:
        while True:
            line = self.stream.readline(1 << 20)
            if not line:
                return
            self.left -= len(line)
            if self.left < 0:
                raise InputError(
                    _("{file}: larger than {limit} MB: not a play log").format(file=self.source, limit=256)
                )
            yield line


def _cell(value: str) -> str:
    from referee.history.export import FORMULA_STARTS

    return value[1:] if value.startswith("'") and value[1:].startswith(FORMULA_STARTS) else value


def read_plays(
    stream: IO[str],
    source: str,
    game_of: Callable[[str], str | None],
    check_name: Callable[[object, str], str],
) -> Iterator[tuple[str, GameEntry | InputError]]:
    """``(where, entry or why it is skipped)`` for each game of a CSV export, its rows read together."""
    reader = csv.reader(_Limited(stream, MAX_BYTES, source))
    try:
        header = [cell.strip().lstrip("\ufeff") for cell in next(reader, [])]
    except csv.Error as error:
        raise InputError(
            _("{file}: not a CSV export of the history ({reason})").format(file=source, reason=error)
        ) from None
    if any(column not in header for column in REQUIRED):
        raise InputError(
            _("{file}: not a CSV export of the history (referee history export --format csv)").format(file=source)
        )
    column = {name: index for index, name in enumerate(header)}
    rows: list[dict[str, str]] = []
    number = 0
    try:
        for line in reader:
            row = {name: _cell(line[index]) if index < len(line) else "" for name, index in column.items()}
            if rows and row["id"] != rows[0]["id"]:
                number += 1
                yield _one(rows, number, source, game_of, check_name)
                rows = []
            rows.append(row)
    except csv.Error as error:
        raise InputError(_("{file}: not well-formed CSV ({reason})").format(file=source, reason=error)) from None
    if rows:
        yield _one(rows, number + 1, source, game_of, check_name)


def _one(
    rows: list[dict[str, str]],
    number: int,
    source: str,
    game_of: Callable[[str], str | None],
    check_name: Callable[[object, str], str],
) -> tuple[str, GameEntry | InputError]:
    where = _("{file}: game {number}").format(file=source, number=number)
    try:
        return where, _entry(rows, where, game_of, check_name)
    except InputError as error:
        return where, error


def _flag(text: str) -> bool:
    return text.strip() == "1"


def _entry(
    rows: list[dict[str, str]],
    where: str,
    game_of: Callable[[str], str | None],
    check_name: Callable[[object, str], str],
) -> GameEntry:
    first = rows[0]
    game = game_of(first["game"].strip())
    if game is None:
        raise InputError(
            _("{where}: '{name}' is not a game this referee keeps: skipped").format(
                where=where, name=first["game"][:60]
            )
        )
    points = has_points(game)
    seats: list[tuple[int, int, PlayedSeat]] = []
    places: dict[str, int] = {}
    for index, row in enumerate(rows):
        anonymous = _flag(row.get("anonymous", ""))
        name = check_name(row["player"], where)
        score = read_score(row["score"], points, name, where)
        seat_text, rank_text, place_text = row["seat"].strip(), row["rank"].strip(), row["place"].strip()
        seat = int(seat_text) if seat_text.isdigit() and len(seat_text) < 4 else 1000 + index
        rank = int(rank_text) if rank_text.isdigit() and 0 < int(rank_text) < 1000 else None
        if place_text.isdigit() and len(place_text) < 4:
            places[name] = int(place_text)
        played_seat = PlayedSeat(
            name, score, _flag(row["winner"]), label(row.get("color")), _flag(row.get("new", "")), rank, anonymous
        )
        seats.append((seat, index, played_seat))
    incomplete, unscored = _flag(first.get("incomplete", "")), _flag(first.get("nowinstats", ""))
    ordered = seats_in_order(seats, points, where, incomplete=incomplete or unscored, game=game)
    ranking = sorted(places, key=lambda name: places[name]) if len(places) == len(ordered) else None
    started, finished = first.get("started", "").strip() or None, first.get("finished", "").strip() or None
    for stamp in (started, finished):
        if stamp is not None and utc_sort_key(stamp) is None:
            raise InputError(_("{where}: '{time}' is not a date and time").format(where=where, time=stamp[:30]))
    date = first["date"].strip()
    played = utc_sort_key(finished) or utc_sort_key(started) or utc_sort_key(date)
    if played is None:
        raise InputError(_("{where}: the date '{date}' is not a day (YYYY-MM-DD)").format(where=where, date=date[:20]))
    game_uuid = checked_uuid(first.get("uuid", ""))
    original: dict[str, Any] = {
        "source": "csv",
        "uuid": game_uuid,
        "date": date,
        "game": game,
        "players": [{"name": seat.name, "score": seat.score, "winner": seat.won} for seat in ordered],
    }
    notices: list[str] = []
    return score_only_entry(
        game,
        ordered,
        source="csv",
        identity={"uuid": game_uuid} if game_uuid else {"content": json.dumps(original, ensure_ascii=False)},
        played=played,
        original=json.dumps(original, ensure_ascii=False),
        ranking=ranking,
        started=started,
        finished=finished,
        incomplete=incomplete,
        unscored=unscored,
        board=bounded_text(first.get("board", ""), _("the map"), where, notices, 80),
        uuid=game_uuid,
        notices=notices,
    )
