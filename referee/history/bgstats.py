"""BG Stats' own play file (``.bgsplay``): what the app writes when a play is shared and opens to add plays.

BG Stats publishes no description of it; its shape is taken from programs that read files the app shared and
write files the app opened (see ``docs/formats.md``, with what could not be confirmed). One JSON object of four
tables and the plays that refer to them by id::

    {"games":     [{"id", "uuid", "name", "bggId", "bggName", "highestWins", "noPoints", "cooperative",
                    "usesTeams", "modificationDate"}],
     "players":   [{"id", "uuid", "name", "isAnonymous", "modificationDate"}],
     "locations": [{"id", "uuid", "name", "modificationDate"}],
     "plays":     [{"uuid", "gameRefId", "locationRefId", "playDate", "entryDate", "modificationDate",
                    "durationMin", "ignored", "manualWinner", "rounds", "usesTeams", "board", "comments",
                    "scoringSetting", "playerScores": [{"playerRefId", "score", "winner", "newPlayer",
                    "startPlayer", "seatOrder", "rank", "role"}]}]}

Times are ``YYYY-MM-DD HH:MM:SS`` (the time at the table); identifiers are UUIDs, here derived from what they name
(the same game exports to the same play UUID, so BG Stats sees it again as the same play). A score is text.

Writing streams the plays (a history of any size) and writes the tables after them. Reading takes an untrusted
file: at most :data:`MAX_BYTES`, any JSON value checked before use, one line per play skipped and why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from referee.errors import InputError
from referee.history.entry import GameEntry, checked_uuid, derived_uuid, game_title, has_points, name_key
from referee.history.play_facts import duration_minutes, marked_new, play_date, play_uuid
from referee.history.plays import PlayedSeat, game_of_play, label, read_score, score_only_entry, seats_in_order
from referee.i18n import _

MAX_BYTES = 64 * 1024 * 1024
"""The largest BG Stats file read (a whole collection's backup of plays is a few megabytes)."""


# -- writing ------------------------------------------------------------------------------------------------------
def _game_row(game: str, game_id: int, modified: str, bgg_id: int | None) -> dict[str, Any]:
    """A game of the ``games`` table with every key an app-written file has (unknown catalogue facts empty or 0)."""
    from referee import registry

    low, high = registry.facts(game).seats
    title = game_title(game, translated=False)
    return {
        "id": game_id,
        "uuid": derived_uuid("game", game),
        "name": title,
        "modificationDate": modified,
        "cooperative": False,
        "highestWins": True,
        "noPoints": not has_points(game),
        "usesTeams": False,
        "urlThumb": "",
        "urlImage": "",
        "bggName": title if bgg_id is not None else "",
        "bggYear": 0,
        "bggId": bgg_id or 0,
        "designers": "",
        "isBaseGame": True,
        "isExpansion": False,
        "rating": 0,
        "minPlayerCount": low,
        "maxPlayerCount": high,
        "minPlayTime": 0,
        "maxPlayTime": 0,
        "minAge": 0,
    }


def bgsplay_chunks(
    games: Iterable[Any], bgg_id_of: Callable[[str], int | None], me: str | None = None
) -> Iterator[str]:
    """The whole file, the plays a game at a time, then the games, players and locations they refer to, and
    ``userInfo`` (``meRefId``: the player ``me``, the owner of the app the file is opened in; 0 when not given)."""
    game_ids: dict[str, int] = {}
    player_ids: dict[str, tuple[int, str, bool]] = {}
    location_ids: dict[str, int] = {}
    dates: dict[str, str] = {}
    yield '{\n  "plays": ['
    separator = "\n"
    for logged in games:
        entry: GameEntry = logged.entry
        when = play_date(entry)
        game_id = game_ids.setdefault(entry.game, len(game_ids) + 1)
        dates[f"game:{entry.game}"] = max(dates.get(f"game:{entry.game}", ""), when)
        play: dict[str, Any] = {
            "uuid": play_uuid(entry),
            "gameRefId": game_id,
            "playDate": when,
            "entryDate": when,
            "modificationDate": when,
            "durationMin": duration_minutes(entry) or 0,
            "ignored": entry.incomplete or entry.unscored,  # counted in no statistics
            "manualWinner": False,
            "rounds": 0,
            "usesTeams": False,
            "board": str(entry.setup.get("map", "") or ""),
            "comments": entry.notes or "",
            "scoringSetting": 0,
            "expansionPlays": [],
            "playerScores": [],
        }
        if entry.bgg_play is not None:
            play["bggId"] = int(entry.bgg_play)
        if entry.location:
            play["locationRefId"] = location_ids.setdefault(entry.location, len(location_ids) + 1)
            dates[f"location:{entry.location}"] = max(dates.get(f"location:{entry.location}", ""), when)
        points = has_points(entry.game)
        new = marked_new(entry)
        for player in entry.players:
            anonymous = player.seat in entry.anonymous
            key = name_key(player.name)
            player_id = player_ids.setdefault(key, (len(player_ids) + 1, player.name, anonymous))[0]
            dates[f"player:{key}"] = max(dates.get(f"player:{key}", ""), when)
            play["playerScores"].append(
                {
                    "playerRefId": player_id,
                    "score": str(player.score) if points and player.score is not None else "",
                    "winner": player.winner,
                    "newPlayer": player.name in new and not anonymous,
                    "startPlayer": player.seat == 0,
                    "seatOrder": player.seat + 1,
                    "startPosition": "",
                    "rank": player.rank,
                    "role": player.color or "",
                    "teamRole": "",
                }
            )
        yield separator + "    " + json.dumps(play, ensure_ascii=False)
        separator = ",\n"
    yield "\n  ],\n" if separator == ",\n" else "],\n"
    me_id = 0
    if me is not None:
        me_id = player_ids.setdefault(name_key(me), (len(player_ids) + 1, me, False))[0]
    games_table = [
        _game_row(game, game_id, dates[f"game:{game}"], bgg_id_of(game)) for game, game_id in game_ids.items()
    ]
    players_table = [
        {
            "id": player_id,
            "uuid": derived_uuid("player", key),
            "name": name,
            "isAnonymous": anonymous,
            "modificationDate": dates.get(f"player:{key}", ""),
        }
        for key, (player_id, name, anonymous) in player_ids.items()
    ]
    locations_table = [
        {
            "id": location_id,
            "uuid": derived_uuid("location", name),
            "name": name,
            "modificationDate": dates[f"location:{name}"],
        }
        for name, location_id in location_ids.items()
    ]
    for title, table in (("games", games_table), ("players", players_table), ("locations", locations_table)):
        rows = ",\n".join("    " + json.dumps(row, ensure_ascii=False) for row in table)
        yield f'  "{title}": [\n{rows}\n  ],\n' if rows else f'  "{title}": [],\n'
    yield '  "userInfo": ' + json.dumps({"meRefId": me_id}) + ",\n"
    yield '  "about": "Plays exported by referee"\n}\n'


# -- reading ------------------------------------------------------------------------------------------------------
def load(stream: IO[str], source: str) -> dict[str, Any]:
    """The file's JSON object, read within :data:`MAX_BYTES`; InputError when it is not a BG Stats play file."""
    pieces: list[str] = []
    size = 0
    while size <= MAX_BYTES:
        piece = stream.read(1 << 20)
        if not piece:
            break
        pieces.append(piece)
        size += len(piece)
    text = "".join(pieces).removeprefix("\ufeff")  # a byte order mark, as some editors and apps write
    if size > MAX_BYTES:
        raise InputError(_("{file}: larger than {limit} MB: not a play log").format(file=source, limit=MAX_BYTES >> 20))
    try:
        document = json.loads(text)
    except RecursionError:
        raise InputError(_("{file}: nested too deeply: not a BG Stats file").format(file=source)) from None
    except ValueError as error:
        raise InputError(_("{file}: not JSON ({reason})").format(file=source, reason=str(error)[:80])) from None
    if not isinstance(document, dict) or not isinstance(document.get("plays"), list):
        raise InputError(_("{file}: not a BG Stats file (no list of plays)").format(file=source))
    return document


def _table(document: dict[str, Any], name: str) -> dict[int, dict[str, Any]]:
    """A table of the file by id (rows that are not objects with a whole-number id are left out)."""
    rows = document.get(name)
    table: dict[int, dict[str, Any]] = {}
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and isinstance(row.get("id"), int) and not isinstance(row.get("id"), bool):
            table.setdefault(row["id"], row)
    return table


def _text(value: object, limit: int = 200) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def _truth(value: object) -> bool:
    """A flag as the file writes it (``true``, or ``1`` in some files)."""
    return value is True or (isinstance(value, int) and not isinstance(value, bool) and value == 1)


def _whole(value: object) -> int | None:
    """A whole number as the file writes it (a JSON number, or digits in text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 16:
        return int(value.strip())
    return None


def read_plays(
    document: dict[str, Any],
    source: str,
    game_of: Callable[[str, str], str | None],
    check_name: Callable[[object, str], str],
) -> Iterator[tuple[str, GameEntry | InputError]]:
    """``(where, entry or why it is skipped)`` for each play of a BG Stats file (see :func:`load`); ``game_of``
    and ``check_name`` as for BoardGameGeek's format (:func:`referee.history.bgg.read_plays`). The file's owner
    (``userInfo``'s ``meRefId``: the app's own player) is where its plays came from."""
    games, players, locations = _table(document, "games"), _table(document, "players"), _table(document, "locations")
    user = document.get("userInfo")
    me_ref = user.get("meRefId") if isinstance(user, dict) else None
    me = players.get(me_ref) if isinstance(me_ref, int) else None
    owner = (checked_uuid(me.get("uuid")) or None) if me is not None else None
    for number, play in enumerate(document["plays"], start=1):
        where = _("{file}: play {number}").format(file=source, number=number)
        try:
            yield where, _entry(play, games, players, locations, game_of, check_name, where, owner)
        except InputError as error:
            yield where, error


def _entry(
    play: object,
    games: dict[int, dict[str, Any]],
    players: dict[int, dict[str, Any]],
    locations: dict[int, dict[str, Any]],
    game_of: Callable[[str, str], str | None],
    check_name: Callable[[object, str], str],
    where: str,
    owner: str | None = None,
) -> GameEntry:
    from referee.history.entry import utc_sort_key
    from referee.history.plays import bounded_text

    if not isinstance(play, dict):
        raise InputError(_("{where}: not a play").format(where=where))
    game_ref = play.get("gameRefId")
    game_row = games.get(game_ref) if isinstance(game_ref, int) else None
    if game_row is None:
        raise InputError(_("{where}: its game is not in the file's games").format(where=where))
    bgg_id = game_row.get("bggId")
    name = _text(game_row.get("name")) or _text(game_row.get("bggName"))
    bgg_key = str(bgg_id) if isinstance(bgg_id, int) and bgg_id > 0 else ""
    game = game_of_play(game_of, bgg_key, [name, _text(game_row.get("bggName"))], where)
    unscored = _truth(play.get("ignored"))  # a play, not counted in BG Stats' statistics
    date = _text(play.get("playDate"), 40)
    played = utc_sort_key(date) if re.fullmatch(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?", date) else None
    if played is None:
        raise InputError(
            _("{where}: the date '{date}' is not a time (YYYY-MM-DD HH:MM:SS)").format(where=where, date=date[:20])
        )
    points = has_points(game)
    seats: list[tuple[int, int, PlayedSeat]] = []
    scores = play.get("playerScores")
    for index, score_row in enumerate(scores if isinstance(scores, list) else []):
        if not isinstance(score_row, dict):
            raise InputError(_("{where}: a player's score is not an object").format(where=where))
        ref = score_row.get("playerRefId")
        player_row = players.get(ref) if isinstance(ref, int) else None
        if player_row is None:
            raise InputError(_("{where}: a player is not in the file's players").format(where=where))
        anonymous = _truth(player_row.get("isAnonymous"))
        player_name = "?" if anonymous else check_name(player_row.get("name"), where)
        score = read_score(score_row.get("score"), points, player_name, where)
        order = score_row.get("seatOrder")
        seat_order = order if isinstance(order, int) and not isinstance(order, bool) and 0 < order < 1000 else 0
        if _truth(score_row.get("startPlayer")) and not seat_order:
            seat_order = -1
        rank = _whole(score_row.get("rank"))
        won, new = _truth(score_row.get("winner")), _truth(score_row.get("newPlayer"))
        seat = PlayedSeat(
            player_name,
            score,
            won,
            None,
            new and not anonymous,
            rank=rank if rank is not None and 0 < rank < 1000 else None,
            anonymous=anonymous,
            role=label(score_row.get("role")),
        )
        seats.append((seat_order or 1000 + index, index, seat))
    ordered = seats_in_order(seats, points, where, incomplete=unscored, game=game)
    notices: list[str] = []
    location_ref = play.get("locationRefId")
    location_row = locations.get(location_ref) if isinstance(location_ref, int) else None
    location = bounded_text(location_row.get("name"), _("the location"), where, notices) if location_row else None
    notes = bounded_text(play.get("comments"), _("the comments"), where, notices)
    board = label(play.get("board"), 80)
    minutes = play.get("durationMin")
    started = finished = None
    if len(date) > 10:  # the time at the table, as the file gives it (no offset)
        from datetime import datetime, timedelta

        end = datetime.fromisoformat(date)
        finished = end.isoformat(timespec="seconds")
        if isinstance(minutes, int) and not isinstance(minutes, bool) and 0 < minutes < 100_000:
            started = (end - timedelta(minutes=minutes)).isoformat(timespec="seconds")
    identity_text = checked_uuid(play.get("uuid"))
    bgg_play = _whole(play.get("bggId"))
    original = json.dumps(
        {
            "source": "bgstats",
            "uuid": identity_text,
            "playDate": date,
            "durationMin": minutes if isinstance(minutes, int) else None,
            "board": board,
            "game": {"name": name, "bggId": bgg_id if isinstance(bgg_id, int) else None},
            "players": [
                {"name": seat.name, "score": seat.score, "winner": seat.won, "rank": seat.rank} for seat in ordered
            ],
        },
        ensure_ascii=False,
    )
    return score_only_entry(
        game,
        ordered,
        source="bgstats",
        identity={"uuid": identity_text} if identity_text else {"content": original},
        played=played,
        original=original,
        location=location,
        notes=notes,
        started=started,
        finished=finished,
        unscored=unscored,
        board=board,
        uuid=identity_text,
        origin=("bgstats", owner, identity_text) if owner and identity_text else None,
        bgg_play=str(bgg_play) if bgg_play is not None and bgg_play > 0 else None,
        notices=notices,
    )
