"""The rules package reads no files: a map comes loaded (or as a table) from the command line's map layer, which
is the one place that knows map names and the one place that says a map is unknown."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.cli.games.coin_age import maps as map_layer
from referee.coin_age import RULES
from referee.coin_age.position import state_from_position
from referee.errors import InputError, SetupError
from tests.cli.helpers import no_traceback, run

from .helpers import setup

PACKAGE = Path(__file__).resolve().parents[2] / "referee" / "coin_age"
FILE_MODULES = {"os", "pathlib", "tomllib", "io", "shutil", "glob", "importlib.resources"}


def test_no_module_of_the_rules_package_opens_files_or_imports_file_modules() -> None:
    for source in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(source.read_text(), filename=str(source))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {alias.name for alias in node.names} & FILE_MODULES, source.name
            elif isinstance(node, ast.ImportFrom):
                assert node.module not in FILE_MODULES, source.name
                assert node.module is None or not node.module.startswith("referee.cli"), source.name
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", source.name


@pytest.mark.parametrize("value", ["original", None, 3])
def test_the_rules_resolve_no_map_name(value: object) -> None:
    with pytest.raises(SetupError):
        RULES.new_state(["Ann", "Bob"], {} if value is None else {"map": value})
    with pytest.raises(SetupError):
        state_from_position(["Ann", "Bob"], {"map": value}, {}, {})


def test_the_rules_take_a_loaded_map_or_a_table() -> None:
    loaded = setup()["map"]
    assert RULES.new_state(["Ann", "Bob"], {"map": loaded}).map is loaded
    assert RULES.new_state(["Ann", "Bob"], {"map": loaded.to_toml()}).map == loaded


def test_the_default_map_is_written_once() -> None:
    assert map_layer.DEFAULT_MAP == "original"
    assert map_layer.prepare_setup({}, "test")["map"] is map_layer.builtin_map(map_layer.DEFAULT_MAP)
    sources = [path.read_text() for path in (PACKAGE.parent / "cli" / "games" / "coin_age").glob("*.py")]
    sources += [path.read_text() for path in PACKAGE.glob("*.py")]
    assert sum(text.count('DEFAULT_MAP = "original"') for text in sources) == 1


def test_one_unknown_map_message() -> None:
    with pytest.raises(InputError) as from_option:
        map_layer.find_map("atlantis", None)  # type: ignore[arg-type]
    with pytest.raises(InputError) as from_record:
        map_layer.prepare_setup({"map": "atlantis"}, "game.toml")
    assert from_option.value.message == from_record.value.message
    assert from_option.value.message.startswith("unknown map 'atlantis': the maps are original")


@pytest.mark.e2e
def test_an_unknown_map_says_the_same_from_an_option_and_from_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    record.write_text('game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = []\n[setup]\nmap = "atlantis"\n')
    option = run("coin-age", "simulate", "--games", "1", "--map", "atlantis")
    replay = run("coin-age", "replay", str(record))
    for result in (option, replay):
        no_traceback(result)
        assert result.returncode == 2
    line = "unknown map 'atlantis': the maps are original"
    assert line in option.stderr.decode() and line in replay.stderr.decode()
