"""BoardGameGeek's play format: what its XML API returns for a user's plays (``/xmlapi2/plays``), which BG Stats and
other scorekeeping apps import. See ``docs/formats.md`` for the sources and what could not be confirmed.

    <plays username="" userid="0" total="1" page="1" termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">
      <play id="7" date="2026-11-24" quantity="1" length="25" incomplete="0" nowinstats="0" location="Café">
        <item name="Coin Age" objecttype="thing" objectid="146130">
          <subtypes><subtype value="boardgame"/></subtypes>
        </item>
        <comments>…</comments>
        <players>
          <player username="" userid="0" name="Ann" startposition="1" color="" score="21" new="0" rating="0"
                  win="1"/>
        </players>
      </play>
    </plays>

Writing streams a play at a time. Reading takes untrusted files: only through defusedxml (entities and external
references refused), a play at a time (each element freed once read), within :data:`MAX_BYTES`. A play that is
not one of this referee's games, or is malformed, is one line of the report and the import goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from referee.errors import InputError
from referee.history.entry import GameEntry, game_title, has_points
from referee.history.play_facts import duration_minutes, marked_new
from referee.history.plays import PlayedSeat, game_of_play, label, read_score, score_only_entry, seats_in_order
from referee.i18n import _
from referee.xmltext import clean as xml_text

MAX_BYTES = 256 * 1024 * 1024
"""The largest plays file read (a BoardGameGeek play log of a lifetime is a few megabytes)."""
MAX_QUANTITY = 100
"""A play logged as this many games at most (``quantity``)."""
TERMS = "https://boardgamegeek.com/xmlapi/termsofuse"


def attribute(value: object) -> str:
    """An attribute's value as XML 1.0 can hold it (ElementTree escapes it when it writes it)."""
    return xml_text(value)


# -- writing ------------------------------------------------------------------------------------------------------
def play_date(entry: GameEntry) -> str:
    """The day of the play as BoardGameGeek keeps it (``YYYY-MM-DD``): the day at the table, from the recorded
    ``finished`` or ``started`` time with its own offset (a game ended at 22:28 in Los Angeles is that day there,
    whatever the day in UTC), else the day here of the moment it was logged."""
    from referee.history.entry import local_day

    return local_day(entry)


def play_element(
    logged_id: int, entry: GameEntry, bgg_id: int | None, length: int | None, new: frozenset[str] = frozenset()
) -> str:
    """One ``<play>``: the referee's id as the play's id, the game's BoardGameGeek id (0 when it has none); ``new``:
    the players marked new to the game (see :func:`referee.history.play_facts.marked_new`)."""
    from xml.etree.ElementTree import Element, SubElement, indent, tostring  # writing only: reading is defusedxml's

    points = has_points(entry.game)
    play = Element("play", id=attribute(logged_id), date=attribute(play_date(entry)), quantity="1",
                   length=attribute(length or 0), incomplete=attribute(int(entry.incomplete)),
                   nowinstats=attribute(int(entry.unscored)), location=attribute(entry.location or ""))  # fmt: skip
    item = SubElement(play, "item", name=attribute(game_title(entry.game, translated=False)), objecttype="thing",
                      objectid=attribute(bgg_id or 0))  # fmt: skip
    SubElement(SubElement(item, "subtypes"), "subtype", value="boardgame")
    if entry.notes:
        SubElement(play, "comments").text = xml_text(entry.notes)
    players = SubElement(play, "players")
    for player in entry.players:
        score = player.score if points and player.score is not None else ""
        shown = "" if player.seat in entry.anonymous else player.name  # BoardGameGeek's anonymous player: no name
        SubElement(players, "player", username="", userid="0", name=attribute(shown),
                   startposition=attribute(player.seat + 1), color=attribute(player.color or ""),
                   score=attribute(score), new=attribute(int(player.name in new)), rating="0",
                   win=attribute(int(player.winner)))  # fmt: skip
    indent(play, space="  ", level=1)
    return "  " + tostring(play, encoding="unicode", short_empty_elements=True) + "\n"


def bgg_chunks(games: Iterable[Any], total: int, bgg_id_of: Callable[[str], int | None]) -> Iterator[str]:
    """The whole file, a play at a time (``games``: logged games, oldest first)."""
    yield '<?xml version="1.0" encoding="utf-8"?>\n'
    yield f'<plays username="" userid="0" total="{int(total)}" page="1" termsofuse="{TERMS}">\n'
    for logged in games:
        entry = logged.entry
        yield play_element(logged.id, entry, bgg_id_of(entry.game), duration_minutes(entry), marked_new(entry))
    yield "</plays>\n"


# -- reading ------------------------------------------------------------------------------------------------------
class _Limited:
    """A binary stream that refuses to be read past ``limit`` bytes."""

    def __init__(self, stream: IO[bytes], limit: int, source: str) -> None:
        self.stream, self.left, self.source = stream, limit, source

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size if size >= 0 else self.left + 1)
        self.left -= len(data)
        if self.left < 0:
            raise InputError(
                _("{file}: larger than {limit} MB: not a play log").format(file=self.source, limit=MAX_BYTES >> 20)
            )
        return data


def read_plays(
    stream: IO[bytes],
    source: str,
    game_of: Callable[[str, str], str | None],
    check_name: Callable[[object, str], str],
) -> Iterator[tuple[str, GameEntry | InputError]]:
    """``(where, entry or why it is skipped)`` for each play of a BoardGameGeek plays file, read a play at a time.

    ``game_of(objectid, name)`` is the registered game a play's item is (by BoardGameGeek id, then by name), or
    None; ``check_name`` checks a player's name as records' names are checked. A file that is not such XML raises
    :class:`InputError` (the plays before it were yielded)."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import ParseError, iterparse

    limited = _Limited(stream, MAX_BYTES, source)
    number = 0
    root_seen = False
    owner: str | None = None
    try:
        for event, element in iterparse(limited, events=("start", "end"), forbid_dtd=True):
            if event == "start":
                if not root_seen:
                    root_seen = True
                    if element.tag != "plays":
                        raise InputError(
                            _("{file}: not a BoardGameGeek plays file (its root is <{tag}>, not <plays>)").format(
                                file=source, tag=str(element.tag)[:40]
                            )
                        )
                    owner = _owner(element)
                continue
            if element.tag != "play":
                continue
            number += 1
            play_id = element.get("id") or ""
            where = _("{file}: play {number}").format(file=source, number=number) + (
                f" (id {play_id[:20]})" if play_id else ""
            )
            try:
                yield from ((where, entry) for entry in _entries(element, game_of, check_name, where, owner))
            except InputError as error:
                yield where, error
            element.clear()
    except DefusedXmlException:
        raise InputError(
            _("{file}: the XML declares entities or a document type, which a plays file never does: refused").format(
                file=source
            )
        ) from None
    except ParseError as error:
        raise InputError(_("{file}: not well-formed XML ({reason})").format(file=source, reason=error)) from None
    if not root_seen:
        raise InputError(_("{file}: empty: no plays").format(file=source))


def _owner(root: Any) -> str | None:
    """Whose plays a file holds: BoardGameGeek's ``userid`` (``user N``), else its ``username``; None for a file
    without an owner (``userid="0"``, as a referee export writes): its play ids are its own numbers, no identity."""
    userid = (root.get("userid") or "").strip()
    if userid.isdigit() and int(userid) > 0:
        return f"user {int(userid)}"
    username = (root.get("username") or "").strip()
    return f"name {username.casefold()[:80]}" if username else None


def _entries(
    element: Any,
    game_of: Callable[[str, str], str | None],
    check_name: Callable[[object, str], str],
    where: str,
    owner: str | None = None,
) -> list[GameEntry]:
    """The entries of one ``<play>`` (``quantity`` of them), or InputError saying why it is skipped."""
    import json

    from referee.history.entry import utc_sort_key
    from referee.history.plays import bounded_text

    item = element.find("item")
    if item is None:
        raise InputError(_("{where}: no <item>: which game?").format(where=where))
    name = item.get("name") or ""
    game = game_of_play(game_of, item.get("objectid") or "", [xml_text(name)], where)
    incomplete = element.get("incomplete", "0") not in ("0", "")  # kept as an abandoned game: no result
    unscored = element.get("nowinstats", "0") not in ("0", "")  # a play, not in win statistics
    date = element.get("date") or ""
    played = date if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) and utc_sort_key(date + "T12:00:00Z") else None
    if played is None:  # a day is kept as a day: no time of day is invented (docs/formats.md)
        raise InputError(_("{where}: the date '{date}' is not a day (YYYY-MM-DD)").format(where=where, date=date[:20]))
    quantity_text = element.get("quantity") or "1"
    if not quantity_text.isdigit() or not 1 <= int(quantity_text) <= MAX_QUANTITY:
        raise InputError(
            _("{where}: quantity '{n}' is not 1 to {most}").format(where=where, n=quantity_text[:20], most=MAX_QUANTITY)
        )
    seats: list[tuple[int, int, PlayedSeat]] = []
    points = has_points(game)
    players = element.find("players")
    for index, player in enumerate(players.findall("player") if players is not None else []):
        shown = (player.get("name") or "").strip() or (player.get("username") or "").strip()
        anonymous = not shown  # BoardGameGeek's "Anonymous player": a seat with no name
        player_name = "?" if anonymous else check_name(shown, where)
        score = read_score(player.get("score") or "", points, player_name, where)
        position = player.get("startposition") or ""
        order = int(position) if position.isdigit() and len(position) < 4 else 1000 + index
        seat = PlayedSeat(
            player_name,
            score,
            player.get("win") == "1",
            label(player.get("color")),
            player.get("new") == "1",
            anonymous=anonymous,
        )
        seats.append((order, index, seat))
    ordered = seats_in_order(seats, points, where, incomplete=incomplete or unscored, game=game)
    notices: list[str] = []
    comments = element.find("comments")
    notes = (
        bounded_text(xml_text(comments.text or ""), _("the comments"), where, notices) if comments is not None else None
    )
    location = bounded_text(xml_text(element.get("location") or ""), _("the location"), where, notices)
    length_text = element.get("length") or ""
    minutes = int(length_text) if length_text.isdigit() and 0 < int(length_text) < 100_000 else None
    play_id = (element.get("id") or "").strip()[:40]
    original = json.dumps(
        {
            "source": "bgg",
            "owner": owner,
            "id": element.get("id"),
            "date": date,
            "length": element.get("length"),
            "item": {"name": name, "objectid": item.get("objectid")},
            "players": [
                {"name": seat.name, "score": seat.score, "win": seat.won, "startposition": number}
                for number, seat in enumerate(ordered, start=1)
            ],
        },
        ensure_ascii=False,
    )
    keyed = owner is not None and bool(play_id)  # a file without an owner: its ids are its own numbers
    identity: dict[str, Any] = {"owner": owner, "id": play_id} if keyed else {"content": original}
    entries = []
    for copy in range(int(quantity_text)):
        entries.append(
            score_only_entry(
                game,
                ordered,
                source="bgg",
                identity={**identity, "copy": copy} if copy else identity,
                played=played,
                minutes=minutes,
                original=original,
                location=location,
                notes=notes,
                incomplete=incomplete,
                unscored=unscored,
                origin=("bgg", owner, play_id if not copy else f"{play_id}#{copy + 1}") if keyed and owner else None,
                bgg_play=play_id if keyed and not copy and play_id.isdigit() else None,
                notices=notices if not copy else [],
            )
        )
        entries[-1].repeat = copy > 0
    return entries
