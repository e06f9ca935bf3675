"""Every file of ``examples/`` does what its comment says, run through the installed ``referee``.

Each example carries an ``# Expected`` block in its leading comment (see ``examples/README.md``)::

    # Expected (checked by tests/test_examples.py):
    #   run: replay
    #   exit: 1
    #   error.index: 6

``run`` is the command (``replay`` or ``score``), ``exit`` its exit status, and every other key a dotted path into
the ``--json`` document, with the value it must hold (JSON, or a bare word for a string). The expectations are
read from the files, never written a second time here.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee import registry
from tests.cli.helpers import no_traceback, run
from tests.conftest import EXAMPLES

HEADER = re.compile(r"^#\s*Expected\b")
ENTRY = re.compile(r"^#\s+(?P<key>[\w.-]+):\s*(?P<value>.*?)\s*$")
COMMANDS = {"replay", "score"}
GAMES = tuple(entry.name for entry in registry.GAMES.values() if entry.rules.startswith("referee."))
"""The games this package ships, each with its examples (the test suite's toy game has none in ``examples/``)."""
FILES = sorted(EXAMPLES.glob("*.toml"))


def expectations(text: str) -> dict[str, Any]:
    """The ``key: value`` lines of the ``# Expected`` block of ``text`` (empty when there is none)."""
    found: dict[str, Any] = {}
    inside = False
    for line in text.splitlines():
        if not inside:
            inside = bool(HEADER.match(line))
            continue
        entry = ENTRY.match(line)
        if entry is None:
            break
        found[entry["key"]] = _value(entry["value"])
    return found


def _value(text: str) -> Any:
    """A JSON value, or the text itself for a bare word such as a player's name or an action."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def lookup(document: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a JSON document (``state.players.Ann.coins``)."""
    value = document
    for part in path.split("."):
        assert isinstance(value, dict) and part in value, f"{path}: no {part!r} in the document"
        value = value[part]
    return value


def test_the_parser_reads_an_expected_block() -> None:
    text = "# a record\n#\n# Expected (checked):\n#   run: replay\n#   exit: 1\n#   to_move: Ann\n"
    text += '#   scores: {"A": 1}\n# prose again\ngame = 1\n'
    assert expectations(text) == {"run": "replay", "exit": 1, "to_move": "Ann", "scores": {"A": 1}}
    assert expectations("# no block\ngame = 1\n") == {}
    assert lookup({"a": {"b": [1]}}, "a.b") == [1]


def test_examples_cover_every_kind() -> None:
    names = {path.name for path in FILES}
    for game in GAMES:
        for kind in ("opening", "finished", "illegal"):
            assert f"{game}-{kind}.toml" in names
    assert {"coin-age-position.toml", "builders-final.toml"} <= names


@pytest.mark.e2e
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_example_does_what_its_comment_says(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = expectations(text)
    assert expected.get("run") in COMMANDS and isinstance(expected.get("exit"), int), f"{path.name}: no Expected block"
    command, status = expected.pop("run"), expected.pop("exit")
    game = tomllib.loads(text)["game"]
    result = run(game, command, str(path), "--json")
    no_traceback(result)
    assert result.returncode == status, result.stderr.decode()
    document = json.loads(result.stdout)
    for key, value in expected.items():
        assert lookup(document, key) == value, f"{path.name}: {key}"
    if status == 1:
        assert "error.index" in expected, f"{path.name}: an illegal record names its action"
        line = result.stderr.decode()
        assert f"action {expected['error.index']} " in line and line.count("\n") == 1
