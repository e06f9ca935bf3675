"""Exports of the history: BG Stats, CSV and JSON (the JSON is also the backup that ``history import`` reads).

* ``bgstats-push``: BG Stats' own links, one a play (``https://app.bgstatsapp.com/createPlay.html?data=`` and the
  play as URL-encoded JSON, as BG Stats' support page "Push plays to BG Stats from other apps or websites" documents:
  ``sourceName``, ``sourcePlayId``, ``playDate`` as ``YYYY-MM-DD HH:MM:SS`` (the time at the table, as the page
  beside the links prints it), ``durationMin``, ``board``,
  ``game`` with ``name``, ``sourceGameId``, ``bggId``, ``highestWins`` and ``noPoints``, and per player ``name``,
  ``sourcePlayerId``, ``score``, ``rank``, ``winner``, ``startPlayer``, ``role``), a line each; or, to a file
  named ``….html``, one offline page with each link and its QR code (:func:`push_page_chunks`).
* ``csv``: one row per player and game, safe to open in a spreadsheet: a text cell that a spreadsheet would read
  as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a leading
  apostrophe.
* ``json``: every game with its full record, so a new machine replays and rates them (``history import``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from typing import Any

from referee.history.entry import game_title, has_points, name_key
from referee.history.play_facts import bgg_id_of, duration_minutes, marked_new, play_date, play_uuid
from referee.history.store import LoggedGame

SOURCE_NAME = "referee"
BACKUP_FORMAT = "referee-history"
BACKUP_VERSION = 2
"""Version 2 keeps every field of every play (:func:`backup_document`): its players seat by seat, its content
hash (copies of a play logged with a ``quantity`` are told apart by it), its version and its length; version 1
is still read."""
PUSH_ADDRESS = "https://app.bgstatsapp.com/createPlay.html?data="
"""Where BG Stats takes a play pushed from another app (its support page; ``bgstats://app.bgstatsapp.com/…`` opens
the app directly)."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def list_document(logged: LoggedGame) -> dict[str, Any]:
    """One game as ``history list --json`` shows it."""
    entry = logged.entry
    winners = entry.winners
    return {
        "id": logged.id,
        "game": entry.game,
        "started": entry.started,
        "finished": entry.finished,
        "played": played_text(entry.played),
        "players": entry.names,
        "scores": entry.scores,
        "ranking": entry.ranking,
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "setup": entry.setup,
        "kind": entry.kind,
        "source": entry.kind,
        "actions": entry.actions,
        "location": entry.location,
        "notes": entry.notes,
        "drawn": entry.drawn,
        "incomplete": entry.incomplete,
        "colors": {player.name: player.color for player in entry.players if player.color},
        "new_players": [player.name for player in entry.players if player.new],
        "uuid": entry.uuid,
        "origin": dict(zip(("app", "owner", "id"), entry.origin, strict=True)) if entry.origin else None,
        "bgg_play": entry.bgg_play,
        "nowinstats": entry.unscored,
        "anonymous": [player.name for player in entry.players if player.seat in entry.anonymous],
        "changed": entry.changed,
        "changed_by": entry.changed_by,
    }


def played_text(played: str) -> str | None:
    """When a play was played, for JSON: a UTC time (``…Z``), or the day alone for a play known only by its day."""
    from referee.history.play_facts import is_day

    if not played:
        return None
    return played if is_day(played) else played + "Z"


def bgstats_play(logged: LoggedGame) -> dict[str, Any]:
    """One game in BG Stats' format for plays pushed from other apps."""
    entry = logged.entry
    no_points = not has_points(entry.game)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_uuid(entry),
        "playDate": play_date(entry),
        "board": entry.setup.get("map", ""),
        "game": {
            "name": game_title(entry.game, translated=False),
            "sourceGameId": entry.game,
            "highestWins": True,
            "noPoints": no_points,
        },
        "players": [],
    }
    bgg_id = bgg_id_of(entry.game)
    if bgg_id is not None:  # the key BG Stats matches a pushed play's game by
        play["game"]["bggId"] = bgg_id
    if entry.location:
        play["location"] = entry.location
    if entry.notes:
        play["comments"] = entry.notes
    duration = duration_minutes(entry)
    if duration is not None:
        play["durationMin"] = duration
    for player in entry.players:
        row: dict[str, Any] = {
            "name": player.name,
            "sourcePlayerId": name_key(player.name),
            "rank": player.rank,
            "winner": player.winner,
            "startPlayer": player.seat == 0,
        }
        if player.color:
            row["role"] = player.color
        if not no_points and player.score is not None:
            row["score"] = player.score
        play["players"].append(row)
    return play


def push_link(play: dict[str, Any]) -> str:
    """BG Stats' link for one pushed play: its address and the play as URL-encoded JSON."""
    from urllib.parse import quote

    return PUSH_ADDRESS + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")


def pushed(games: Iterable[LoggedGame]) -> Iterator[tuple[LoggedGame, str]]:
    """Each game BG Stats can take as a pushed play, with its link (abandoned games and plays kept out of the
    statistics are left out: the push format has no key for them)."""
    for logged in games:
        if logged.entry.incomplete or logged.entry.unscored:
            continue
        yield logged, push_link(bgstats_play(logged))


def bgstats_chunks(games: Iterable[LoggedGame]) -> Iterator[str]:
    """The push links, one a line (a history of any size in little memory)."""
    for _logged, link in pushed(games):
        yield link + "\n"


def bgstats(games: Iterable[LoggedGame]) -> str:
    return "".join(bgstats_chunks(games))


QR_MOST_BYTES = 2331
"""The longest link a QR code on the page holds (version 40 at error correction M, in bytes; the page uses L, which
holds more, but a code that large is hard to scan from a screen): a longer one (notes of thousands of characters)
is shown as a link only."""


PUSH_PAGE_STYLE = (
    "body{font-family:sans-serif;margin:1em;max-width:48em}"
    ".play{border:1px solid #bbb;border-radius:6px;padding:.8em;margin:0 0 1em;display:flex;gap:1em;"
    "align-items:center;flex-wrap:wrap}.play svg{width:300px;height:300px;flex:none;background:#fff}"
    "a.push{display:inline-block;padding:.5em 1em;background:#2a6ebb;color:#fff;border-radius:4px;"
    "text-decoration:none}"
)


def push_page_chunks(games: Iterable[LoggedGame]) -> Iterator[str]:
    """One self-contained, offline HTML page: for each play its game, day, players and result, the link to tap
    and its QR code to scan with the phone that runs BG Stats (SVG drawn by ``segno``, no network, no script).

    Every element is built with ElementTree (:func:`referee.xmltext.tag`: names and notes escaped by construction);
    the page is written a play at a time into its skeleton, so a history of any size takes little memory."""
    import segno
    from defusedxml.ElementTree import fromstring  # segno's own drawing, read back as elements

    from referee.i18n import _, current
    from referee.xmltext import html_head, html_text, tag

    title = _("Plays for BG Stats")
    button = _("Add to BG Stats")
    head = html_head(title, PUSH_PAGE_STYLE)
    body = tag(
        "body",
        None,
        tag("h1", title),
        tag("p", _("Scan a code with the phone that runs BG Stats, or tap its link there.")),
    )
    body.text = "\n"
    for part in body:
        part.tail = "\n"
    page = html_text(tag("html", None, head, body, lang=current().replace("_", "-")))
    before, after = page.rsplit("</body>", 1)  # the plays go last in the body (any "</body>" in a text is escaped)
    yield "<!DOCTYPE html>\n" + before
    count = 0
    for logged, link in pushed(games):
        count += 1
        entry = logged.entry
        result = ", ".join(
            f"{player.name}"
            + (f" {player.score}" if player.score is not None else "")
            + (" ★" if player.winner else "")
            for player in sorted(entry.players, key=lambda player: player.place)
        )
        if len(link.encode("utf-8")) <= QR_MOST_BYTES:
            qr = segno.make(link, error="l", micro=False, boost_error=False)
            code = fromstring(qr.svg_inline(scale=4, omitsize=True, title=f"#{logged.id}"))
        else:
            code = tag("p", _("too long for a QR code: use the link"))
        play = tag(
            "div",
            None,
            code,
            tag(
                "div",
                None,
                tag("h2", f"#{logged.id} {game_title(entry.game)}"),
                tag("p", play_date(entry)),
                tag("p", result),
                tag("p", None, tag("a", button, href=link, css="push")),
            ),
            css="play",
        )
        yield html_text(play) + "\n"
    if not count:
        yield html_text(tag("p", _("No plays to push."))) + "\n"
    yield "</body>" + after + "\n"


def _indented(document: dict[str, Any]) -> str:
    """One element of an array written with ``indent=2``."""
    return "  " + json.dumps(document, ensure_ascii=False, indent=2).replace("\n", "\n  ")


def spreadsheet_safe(value: Any) -> Any:
    """A cell a spreadsheet shows as text, never runs as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


CSV_COLUMNS = (
    "id",
    "date",
    "game",
    "board",
    "player",
    "seat",
    "score",
    "rank",
    "place",
    "winner",
    "start_player",
    "started",
    "finished",
    "duration_min",
    "incomplete",
    "color",
    "new",
    "uuid",
    "nowinstats",
    "anonymous",
)


def to_csv(games: Iterable[LoggedGame]) -> str:
    return "".join(csv_chunks(games))


def csv_chunks(games: Iterable[LoggedGame]) -> Iterator[str]:
    """The CSV export, a game's rows at a time."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for logged in games:
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        entry = logged.entry
        duration = duration_minutes(entry)
        new = marked_new(entry)
        for player in entry.players:
            row = (
                logged.id,
                play_date(entry),
                entry.game,
                entry.setup.get("map", ""),
                player.name,
                player.seat + 1,
                "" if player.score is None or not has_points(entry.game) else player.score,
                player.rank,
                player.place,
                int(player.winner),
                int(player.seat == 0),
                entry.started or "",
                entry.finished or "",
                "" if duration is None else duration,
                int(entry.incomplete),
                player.color or "",
                int(player.name in new),
                entry.uuid or "",
                int(entry.unscored),
                int(player.seat in entry.anonymous),
            )
            writer.writerow([spreadsheet_safe(cell) for cell in row])
    yield buffer.getvalue()


def backup_document(logged: LoggedGame) -> dict[str, Any]:
    """One play as the backup keeps it: what ``history list --json`` shows, and what restores it whole: its record,
    its content ``hash``, the version it last met (``met``), its length when known only by its day (``minutes``),
    and each player seat by seat (``seats``: ``name``, ``score``, ``place``, ``rank``, ``winner``, ``draw``,
    ``color``, ``new``, ``anonymous``)."""
    entry = logged.entry
    document = list_document(logged)
    document.update(
        record=entry.record,
        hash=entry.content_hash,
        met=entry.met,
        minutes=entry.minutes,
        seats=[
            {
                "name": player.name,
                "score": player.score,
                "place": player.place,
                "rank": player.rank,
                "winner": player.winner,
                "draw": player.draw,
                "color": player.color,
                "new": player.new,
                "anonymous": player.seat in entry.anonymous,
            }
            for player in sorted(entry.players, key=lambda player: player.seat)
        ],
    )
    return document


def backup(games: Iterable[LoggedGame]) -> str:
    return "".join(backup_chunks(games))


def backup_chunks(games: Iterable[LoggedGame]) -> Iterator[str]:
    """The JSON export: every game with its record (what ``history import`` restores), a game at a time. The
    ``format`` and ``version`` keys come first: the importer reads them before the games (see
    :mod:`referee.history.backup_reader`)."""
    yield '{\n  "format": ' + json.dumps(BACKUP_FORMAT) + ',\n  "version": ' + str(BACKUP_VERSION) + ',\n  "games": ['
    separator = "\n"
    for logged in games:
        document = backup_document(logged)
        yield separator + "  " + _indented(document).replace("\n", "\n  ")
        separator = ",\n"
    yield "]\n}\n" if separator == "\n" else "\n  ]\n}\n"
