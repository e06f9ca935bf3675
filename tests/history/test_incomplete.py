"""Abandoned games: ``history add --incomplete`` logs an unfinished record with the score as it stood, counted in no
result (not in stats, ratings, head to head or highlights); every export marks it (BoardGameGeek ``incomplete``,
BG Stats ``ignored``, CSV, the JSON backup) and the imports bring it back as such."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ElementTree  # the independent reader of what we write (our own files only)
from pathlib import Path

import pytest

from tests.history.helpers import finished_record
from tests.history.test_history_e2e import run
from tests.robustness.helpers import random_game, record_text

pytestmark = pytest.mark.e2e


def unfinished_record(tmp_path: Path, seed: int = 5) -> Path:
    played = random_game("coin-age", seed)
    path = tmp_path / "abandoned.toml"
    path.write_bytes(record_text("coin-age", played.actions[: len(played.actions) // 2]))
    return path


@pytest.fixture
def history(tmp_path: Path) -> Path:
    path = tmp_path / "h.sqlite3"
    finished = tmp_path / "finished.toml"
    finished.write_bytes(finished_record("coin-age", 11)[0])
    assert run("history", "add", str(finished), "--history", str(path)).returncode == 0
    return path


def listed(history: Path) -> list[dict]:
    return json.loads(run("history", "list", "--json", "--history", str(history)).stdout)


def test_an_unfinished_record_is_skipped_unless_incomplete(tmp_path: Path, history: Path) -> None:
    record = unfinished_record(tmp_path)
    skipped = run("history", "add", str(record), "--history", str(history))
    assert b"1 not finished" in skipped.stdout and len(listed(history)) == 1
    before = run("stats", "--game", "coin-age", "--highlights", "--json", "--history", str(history)).stdout
    added = run("history", "add", "--incomplete", str(record), "--history", str(history))
    assert added.returncode == 0 and b"1 game added" in added.stdout, added.stderr
    games = listed(history)
    abandoned = next(item for item in games if item["incomplete"])
    assert abandoned["winner"] is None and abandoned["winners"] == [] and abandoned["scores"]
    after = run("stats", "--game", "coin-age", "--highlights", "--json", "--history", str(history)).stdout
    assert json.loads(after) == json.loads(before)  # no result: stats, ratings and highlights unchanged
    text = run("history", "list", "--history", str(history)).stdout.decode()
    assert "abandoned (counted in no result)" in text
    shown = run("history", "show", str(abandoned["id"]), "--history", str(history))
    assert shown.returncode == 0 and b"abandoned" in shown.stdout
    again = run("history", "add", "--incomplete", str(record), "--history", str(history))
    assert b"0 games added, 1 already in the history" in again.stdout


def test_a_finished_record_given_as_incomplete_is_a_result(tmp_path: Path) -> None:
    history = tmp_path / "h.sqlite3"
    record = tmp_path / "done.toml"
    record.write_bytes(finished_record("builders", 3)[0])
    assert run("history", "add", "--incomplete", str(record), "--history", str(history)).returncode == 0
    (game,) = listed(history)
    assert game["incomplete"] is False and game["winners"]


def test_every_export_marks_it_and_the_imports_bring_it_back(tmp_path: Path, history: Path) -> None:
    run("history", "add", "--incomplete", str(unfinished_record(tmp_path)), "--history", str(history))
    out = tmp_path / "plays.xml"
    run("history", "export", "--format", "bgg", str(out), "--history", str(history))
    assert [play.get("incomplete") for play in ElementTree.parse(out).getroot().findall("play")] == ["0", "1"]
    play_file = tmp_path / "plays.bgsplay"
    run("history", "export", "--format", "bgstats", str(play_file), "--history", str(history))
    assert [play["ignored"] for play in json.loads(play_file.read_text())["plays"]] == [False, True]
    pushed = run("history", "export", "--format", "bgstats-push", "--history", str(history)).stdout
    assert len(pushed.splitlines()) == 1  # a pushed play cannot say it was abandoned: left out
    rows = list(
        csv.DictReader(
            io.StringIO(run("history", "export", "--format", "csv", "--history", str(history)).stdout.decode())
        )
    )
    assert {row["incomplete"] for row in rows} == {"0", "1"}
    backup = tmp_path / "backup.json"
    run("history", "export", "--format", "json", str(backup), "--history", str(history))
    restored = tmp_path / "restored.sqlite3"
    assert run("history", "import", str(backup), "--history", str(restored)).returncode == 0
    assert [item["incomplete"] for item in listed(restored)] == [item["incomplete"] for item in listed(history)]
    from_bgg = tmp_path / "from-bgg.sqlite3"
    done = run("history", "import", str(out), "--history", str(from_bgg))
    assert done.returncode == 0, done.stderr
    assert sorted(item["incomplete"] for item in listed(from_bgg)) == [False, True]
    for copy in (restored, from_bgg):
        stats = json.loads(run("stats", "--game", "coin-age", "--json", "--history", str(copy)).stdout)
        assert sum(player["games"] for player in stats["players"].values()) == 2  # the finished game only
