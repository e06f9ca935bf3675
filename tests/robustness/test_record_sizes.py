"""What ``play`` writes, ``replay`` and ``--resume`` always read: a record is never written larger than the largest
record read back, and the cost of an action does not grow with the game's length (issue: "nothing lost")."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from referee.cli.files import MAX_INPUT_BYTES, RecordWriter, WriteError
from referee.cli.records import Record
from tests.conftest import referee_command


def test_a_record_larger_than_the_referee_reads_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    writer = RecordWriter(path, None)
    assert writer.limit == MAX_INPUT_BYTES
    writer.limit = 300
    small = Record("coin-age", ["Ann", "Bob"], {"map": "original"}, ["slap -"] * 5).to_toml()
    writer.write(small)
    with pytest.raises(WriteError, match="most the referee reads back"):
        writer.write(Record("coin-age", ["Ann", "Bob"], {"map": "original"}, ["slap -"] * 50).to_toml())
    assert path.read_bytes() == small


def test_the_record_is_written_as_tomli_w_writes_it() -> None:
    import tomli_w

    for actions in ([], ["slap QN", "place Q B2"], ['a "quoted" one', "back\\slash"]):
        record = Record("coin-age", ["Ann", "Bob"], {"map": "original"}, actions, started="2025-01-01T10:00:00+01:00")
        document = {
            "game": "coin-age",
            "format": 1,
            "players": ["Ann", "Bob"],
            "started": "2025-01-01T10:00:00+01:00",
            "actions": actions,
            "setup": {"map": "original"},
        }
        assert record.to_toml() == tomli_w.dumps(document, multiline_strings=False).encode()


def test_ten_thousand_piped_actions_are_refereed_and_recorded(tmp_path: Path) -> None:
    """``slap -`` ends the other player's turn and may follow itself forever: a game as long as one likes."""
    path = tmp_path / "long.toml"
    actions = b"slap -\n" * 10_000
    result = subprocess.run(
        [*referee_command(), "coin-age", "play", "--players", "Ann,Bob", "--record", str(path), "--no-history"],
        input=actions,
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(b": slap -\n") == 10_000
    assert path.read_bytes().count(b'"slap -"') == 10_000
