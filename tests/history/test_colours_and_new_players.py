"""Each player's colour and whether they were new to the game, as scorekeeping apps keep them: Coin Age's heads and
tails from its rules, an imported play's own colour and new flag kept; exports mark a player's first logged play
of a game as new (BoardGameGeek ``color``/``new``, BG Stats ``newPlayer``, CSV), and the backup carries both."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ElementTree  # the independent reader of what we write (our own files only)
from pathlib import Path

import pytest

from tests.history.helpers import finished_record
from tests.history.test_history_e2e import run

pytestmark = pytest.mark.e2e

LOG = """<plays><play id="9" date="2025-03-01"><item name="The Builders: Middle Ages" objectid="144553"/><players>
<player name="Iris" startposition="1" color="Blue&#x85;" score="20" new="1" win="1"/>
<player name="Olaf" startposition="2" color="" score="12" new="0" win="0"/></players></play></plays>"""


def listed(history: Path) -> list[dict]:
    return json.loads(run("history", "list", "--json", "--history", str(history)).stdout)


def test_coin_age_seats_are_heads_and_tails_and_new_only_as_logged(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    records = []
    for seed in (11, 12):
        path = tmp_path / f"c{seed}.toml"
        path.write_bytes(finished_record("coin-age", seed)[0])
        records.append(str(path))
    assert run("history", "add", *records, "--history", str(history)).returncode == 0
    first, _second = sorted(listed(history), key=lambda item: item["id"])
    assert first["colors"] == {"Ann": "heads", "Bob": "tails"} and first["new_players"] == []
    shown = run("history", "show", str(first["id"]), "--history", str(history)).stdout.decode()
    assert "Players (seat order): Ann (heads), Bob (tails)" in shown
    out = tmp_path / "plays.xml"
    run("history", "export", "--format", "bgg", str(out), "--history", str(history))
    plays = ElementTree.parse(out).getroot().findall("play")
    assert [[(p.get("color"), p.get("new")) for p in play.findall("players/player")] for play in plays] == [
        [("heads", "0"), ("tails", "0")],  # new only as logged: never derived by the export (issue 47)
        [("heads", "0"), ("tails", "0")],
    ]
    play_file = tmp_path / "plays.bgsplay"
    run("history", "export", "--format", "bgstats", str(play_file), "--history", str(history))
    document = json.loads(play_file.read_text())
    assert [[s["newPlayer"] for s in play["playerScores"]] for play in document["plays"]] == [
        [False, False],
        [False, False],
    ]
    table = run("history", "export", "--format", "csv", "--history", str(history)).stdout.decode()
    rows = list(csv.DictReader(io.StringIO(table)))
    assert [(row["color"], row["new"]) for row in rows] == [
        ("heads", "0"),
        ("tails", "0"),
        ("heads", "0"),
        ("tails", "0"),
    ]


def test_an_imported_colour_and_new_flag_are_kept_and_travel(tmp_path: Path) -> None:
    log = tmp_path / "plays.xml"
    log.write_text(LOG)
    history = tmp_path / "h.sqlite3"
    assert run("history", "import", str(log), "--history", str(history)).returncode == 0
    (play,) = listed(history)
    assert play["colors"] == {"Iris": "Blue"}  # a control character never comes in
    assert play["new_players"] == ["Iris"]
    shown = run("history", "show", str(play["id"]), "--history", str(history)).stdout.decode()
    assert "Iris (Blue, new)" in shown
    backup = tmp_path / "backup.json"
    run("history", "export", "--format", "json", str(backup), "--history", str(history))
    restored = tmp_path / "restored.sqlite3"
    assert run("history", "import", str(backup), "--history", str(restored)).returncode == 0
    (again,) = listed(restored)
    assert (again["colors"], again["new_players"]) == (play["colors"], play["new_players"])
