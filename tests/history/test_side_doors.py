"""What got in by the side door (issue: "nothing lost, round four"): names and text from imports and renames held
to the rules ``play`` and ``history edit`` hold them to; times read as TOML writes them and bounded in UTC; a
damaged index that hides no game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from tests.in_process import run


def bgg_play(first: str, second: str, *, location: str = "Club", comments: str = "close one") -> str:
    return f"""<?xml version="1.0" encoding="utf-8"?>
<plays username="g" userid="42" total="1" page="1">
  <play id="501" date="2025-03-01" quantity="1" length="30" incomplete="0" nowinstats="0" location="{location}">
    <item name="Coin Age" objecttype="thing" objectid="146130"/>
    <comments>{comments}</comments>
    <players>
      <player name="{first}" startposition="1" score="18" win="0"/>
      <player name="{second}" startposition="2" score="21" win="1"/>
    </players>
  </play>
</plays>
"""


def test_look_alike_names_in_an_imported_play_are_refused_as_play_refuses_them(tmp_path: Path) -> None:
    plays = tmp_path / "plays.xml"
    plays.write_text(bgg_play("Iris", "lris"))
    history = tmp_path / "h.sqlite3"
    code, out, err = run("history", "import", str(plays), "--history", str(history))
    assert code == 2 and "look alike" in err and err.count("\n") == 1, err
    assert "1 refused" in " ".join(out.split())  # (a sentence broken at the width, 80 piped)


def test_a_rename_that_makes_two_seats_look_alike_is_refused(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    assert run("history", "add", str(EXAMPLES / "coin-age-finished.toml"), "--history", str(history))[0] == 0
    code, _out, err = run("history", "rename-player", "Jun", "lris", "--history", str(history))
    assert code == 2 and "look alike" in err and err.count("\n") == 1, err
    code, out, _err = run("history", "list", "--json", "--history", str(history))
    assert json.loads(out)[0]["players"] == ["Iris", "Jun"]


def test_escape_and_c1_controls_in_imported_text_are_cleaned_and_never_exported_raw(tmp_path: Path) -> None:
    plays = tmp_path / "plays.xml"
    plays.write_text(bgg_play("Ann", "Bob", location="Club&#x9B;31m", comments="a&#x9B;2Jb"))
    history = tmp_path / "h.sqlite3"
    code, _out, err = run("history", "import", str(plays), "--history", str(history))
    assert code == 0, err
    code, out, _err = run("history", "list", "--json", "--history", str(history))
    game = json.loads(out)[0]
    assert game["location"] == "Club31m" and game["notes"] == "a2Jb"
    with sqlite3.connect(history) as db:  # an older history, or a hand edit, may hold them still
        db.execute("UPDATE games SET location = 'x' || char(27) || '[2J' || char(155) || 'y'")
    for kind in ("json", "csv", "bgg", "bgstats", "bgstats-push"):
        code, out, err = run("history", "export", "--format", kind, "-", "--history", str(history))
        assert code == 0, err
        assert "\x1b" not in out and "\x9b" not in out, kind
    code, out, _err = run("history", "export", "--format", "json", "-", "--history", str(history))
    assert json.loads(out)["games"][0]["location"] == "x\x1b[2J\x9by"  # escaped, and read back as it was


def test_a_native_toml_time_is_kept(tmp_path: Path) -> None:
    text = (EXAMPLES / "coin-age-finished.toml").read_text()
    record = tmp_path / "r.toml"
    record.write_text(text.replace("players = ", "started = 2025-01-01T10:00:00+00:00\nplayers = ", 1))
    history = tmp_path / "h.sqlite3"
    assert run("history", "add", str(record), "--history", str(history))[0] == 0
    _code, out, _err = run("history", "list", "--json", "--history", str(history))
    game = json.loads(out)[0]
    assert game["started"] == "2025-01-01T10:00:00+00:00" and game["played"] == "2025-01-01T10:00:00Z"


@pytest.mark.parametrize("stamp", ["1900-01-01T00:00:00+23:59", "9998-12-31T23:59:59-05:00"])
def test_times_are_bounded_in_utc(stamp: str) -> None:
    from referee.moments import utc_key

    assert utc_key(stamp) is None
    assert utc_key("1900-01-01T00:00:00-01:00") == "1900-01-01T01:00:00"


def test_a_damaged_index_hides_no_game(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    for name in ("coin-age-finished", "builders-finished", "matchstick-finished"):
        assert run("history", "add", str(EXAMPLES / f"{name}.toml"), "--history", str(history))[0] == 0
    db = sqlite3.connect(history)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_by_date'").fetchone()[0]
    page = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with open(history, "r+b") as file:
        file.seek((root - 1) * page + 8)
        file.write(b"\xff" * 64)
    code, out, err = run("history", "list", "--history", str(history))
    assert code == 0 and err.count("\n") == 1 and "REINDEX" in err, err
    assert all(name in out for name in ("Iris", "Lea", "Kai"))
    code, out, err = run("history", "export", "--format", "json", "-", "--history", str(history))
    assert code == 0 and len(json.loads(out)["games"]) == 3, err


@pytest.mark.parametrize(
    "args",
    [
        ["history", "edit", "99", "--notes", "x"],
        ["history", "edit", "1", "--notes", "a\x1bb"],
        ["history", "remove", "99"],
        ["history", "rename-player", "Jun", "lris"],
        ["history", "export", "--format", "nope", "out.json"],
        ["history", "export", "--format", "json", "-"],
        ["history", "import", "no-such-file.json"],
        ["history", "report", "-o", "report.txt"],
    ],
)
def test_every_history_command_gives_a_json_error_document(tmp_path: Path, args: list[str]) -> None:
    history = tmp_path / "h.sqlite3"
    assert run("history", "add", str(EXAMPLES / "coin-age-finished.toml"), "--history", str(history))[0] == 0
    code, out, err = run(*args, "--json", "--history", str(history))
    assert code == 2 and err.count("\n") == 1, err
    assert set(json.loads(out)) == {"error"}
