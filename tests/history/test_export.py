"""Exports: BG Stats' keys, CSV safe in a spreadsheet, JSON backup and import without duplicates."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import unquote

from referee.history import export
from tests.history.helpers import entry, history_at


def logged(tmp_path: Path):
    history = history_at(tmp_path / "h.sqlite3")
    evil = "=cmd|' /C calc'!A0"
    game = entry("coin-age", [evil, "Bob"], [20, 10], [1, 2], [evil], "2025-01-01T10:00:00")
    game.setup = {"map": "Original"}
    game.started, game.finished = "2025-01-01T10:00:00+01:00", "2025-01-01T10:42:00+01:00"
    history.log(game)
    history.log(entry("matchstick", ["Ann", "@Bob", "Cy"], None, [2, 1, 3], ["@Bob"], "2025-01-02T10:00:00"))
    return history


def test_bgstats_plays_have_the_documented_keys(tmp_path: Path) -> None:
    with logged(tmp_path) as history:
        links = export.bgstats(history.games(oldest_first=True)).splitlines()
    assert all(link.startswith("https://app.bgstatsapp.com/createPlay.html?data=") for link in links)
    plays = [json.loads(unquote(link.split("?data=", 1)[1])) for link in links]  # read back without our code
    coin, match = plays
    assert {"sourceName", "sourcePlayId", "playDate", "board", "game", "players", "durationMin"} <= set(coin)
    assert coin["playDate"] == "2025-01-01 10:42:00" and coin["durationMin"] == 42  # at the table (10:42 at +01:00)
    assert coin["durationMin"] == 42 and coin["board"] == "Original"
    assert coin["game"] == {
        "name": "Coin Age",
        "sourceGameId": "coin-age",
        "highestWins": True,
        "noPoints": False,
        "bggId": 146130,
    }
    assert "bggId" not in match["game"]  # none known for Matchstick Tycoon
    first = coin["players"][0]
    assert {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer"} <= set(first)
    assert (first["score"], first["rank"], first["winner"], first["startPlayer"]) == (20, 1, True, True)
    assert match["game"]["noPoints"] is True
    assert all("score" not in player for player in match["players"])
    assert [player["rank"] for player in match["players"]] == [2, 1, 3]


def test_csv_cells_never_start_a_formula(tmp_path: Path) -> None:
    with logged(tmp_path) as history:
        text = export.to_csv(history.games(oldest_first=True))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@")), value
    assert rows[0]["player"] == "'=cmd|' /C calc'!A0"
    assert rows[0]["duration_min"] == "42"


def test_the_push_page_escapes_names_and_reads_back_as_written(tmp_path: Path) -> None:
    """The page of push links is built with ElementTree: a name that looks like markup stays text, every link and
    QR code is there, and the page is the one element tree an HTML reader finds (nothing after ``</html>``)."""
    from html.parser import HTMLParser

    history = history_at(tmp_path / "h.sqlite3")
    hostile = '</body><script>alert("x")</script>&amp;'
    history.log(entry("coin-age", [hostile, "Bob"], [20, 10], [1, 2], [hostile], "2025-01-01T10:00:00"))
    with history:
        page = "".join(export.push_page_chunks(history.games(oldest_first=True)))
        links = export.bgstats(history.games(oldest_first=True)).split()

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []
            self.text: list[str] = []
            self.links: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append(tag)
            if tag == "a":
                self.links.append(dict(attrs)["href"] or "")

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    reader = Reader()
    reader.feed(page)
    assert "script" not in reader.tags and reader.tags.count("svg") == 1
    assert f"{hostile} 20 ★, Bob 10" in reader.text
    assert reader.links == links and len(links) == 1
    assert page.startswith("<!DOCTYPE html>\n<html") and page.endswith("</body></html>\n")
