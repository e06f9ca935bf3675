"""The fast path (referee.cli.fast) answers ``check`` and ``score`` exactly as the Typer app does.

Each case runs the installed ``referee`` twice, once as players run it and once with ``REFEREE_NO_FAST_PATH=1``
(every command line to Typer), and compares exit status, standard output and standard error byte for byte.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from referee import registry
from referee.cli.fast import parse, read
from referee.cli.tab.command_tree import Command
from tests.conftest import ROOT, referee_command
from tests.robustness.helpers import random_game, record_text

pytestmark = pytest.mark.e2e

DATA = ROOT / "examples"
FINAL_TALLY = """game = "builders"
players = ["Ann", "Bob"]
[final.Ann]
built = ["B34", "B27", "M05", "B18"]
coins = 27
[final.Bob]
built = ["B33", "B32", "B11", "B06", "B01"]
coins = 41
"""


def both_ways(args: list[str], stdin: bytes | None) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("REFEREE_NO_FAST_PATH", None)
    results = []
    for extra in ({}, {"REFEREE_NO_FAST_PATH": "1"}):
        results.append(
            subprocess.run(
                [*referee_command(), *args], input=stdin, capture_output=True, env={**env, **extra}, timeout=60
            )
        )
    return results[0], results[1]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    files: dict[str, Path] = {}
    for game in registry.names():
        actions = random_game(game, seed=3, steps=12).actions
        files[game] = folder / f"{game}.toml"
        files[game].write_bytes(record_text(game, actions))
        files[f"{game}-illegal"] = folder / f"{game}-illegal.toml"
        files[f"{game}-illegal"].write_bytes(record_text(game, [*actions[:4], "done", "done", *actions[4:]]))
        files[f"{game}-over"] = folder / f"{game}-over.toml"
        files[f"{game}-over"].write_bytes(record_text(game, random_game(game, seed=4).actions))
    files["final"] = folder / "final.toml"
    files["final"].write_text(FINAL_TALLY)
    files["broken"] = folder / "broken.toml"
    files["broken"].write_text('game = "coin-age"\nactions = [\n')
    return files


def sample_actions(game: str) -> tuple[str, str, str]:
    """The actions the game's room declares for ``check`` (legal, illegal, unreadable): every registered game."""
    from importlib import import_module

    sample = import_module(registry.GAMES[game].spec_module).SPEC.sample
    assert sample is not None, f"{game}: its room declares no sample game"
    return sample.actions  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", list(registry.names()))
@pytest.mark.parametrize("json_mode", [False, True])
def test_check_answers_as_typer_does(game: str, json_mode: bool, records: dict[str, Path]) -> None:
    flags = ["--json"] if json_mode else []
    actions = sample_actions(game)
    legal, unreadable = actions[0], actions[2]
    asked = [(record, action) for record in (records[game], records[f"{game}-illegal"]) for action in actions]
    # A record that cannot be read is refused before any action is looked at: one action each is enough.
    asked += [(records["broken"], legal), (Path("no-such-record.toml"), unreadable)]
    for record, action in asked:
        fast, typer = both_ways([game, "check", str(record), action, *flags], None)
        assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)
    fast, typer = both_ways([game, "check", *flags, "-", legal], records[game].read_bytes())
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)


@pytest.mark.parametrize("game", list(registry.names()))
@pytest.mark.parametrize("json_mode", [False, True])
def test_score_answers_as_typer_does(game: str, json_mode: bool, records: dict[str, Path]) -> None:
    flags = ["--json"] if json_mode else []
    files = [records[game], records[f"{game}-over"], records[f"{game}-illegal"], records["broken"]]
    files += [DATA / "coin-age-position.toml", records["final"]]
    for path in files:
        fast, typer = both_ways([game, "score", str(path), *flags], None)
        assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)
    fast, typer = both_ways([game, "score", "-", *flags], records[f"{game}-over"].read_bytes())
    assert fast.returncode == 0
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)


CHECK = {"json_mode": False, "draw": None}


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["coin-age", "check", "r.toml", "done"], ("check", {**CHECK, "record": "r.toml", "action": ["done"]})),
        (
            ["coin-age", "check", "--json", "r.toml", "done"],
            ("check", {**CHECK, "json_mode": True, "record": "r.toml", "action": ["done"]}),
        ),
        (
            ["builders", "check", "-", "coins 3", "--json"],
            ("check", {**CHECK, "json_mode": True, "record": "-", "action": ["coins 3"]}),
        ),
        (["coin-age", "check", "", ""], ("check", {**CHECK, "record": "", "action": [""]})),
        (
            ["coin-age", "check", "r.toml", "place", "Q", "B2", "--draw=b.svg"],
            ("check", {**CHECK, "draw": "b.svg", "record": "r.toml", "action": ["place", "Q", "B2"]}),
        ),
        (
            ["matchstick", "score", "r.toml"],
            (
                "score",
                {
                    "file": "r.toml",
                    "json_mode": False,
                    "board": False,
                    "log": False,
                    "location": None,
                    "history": None,
                    "draw": None,
                },
            ),
        ),
        (
            ["coin-age", "score", "r.toml", "--board"],
            (
                "score",
                {
                    "file": "r.toml",
                    "json_mode": False,
                    "board": True,
                    "log": False,
                    "location": None,
                    "history": None,
                    "draw": None,
                },
            ),
        ),
        (
            ["coin-age", "draw", "r.toml", "-o", "out.svg", "--at", "3"],
            ("draw", {"file": "r.toml", "output": "out.svg", "at": 3, "force": False}),
        ),
        (
            ["stats", "--game", "coin-age", "--highlights"],
            (
                "stats",
                {
                    "game": "coin-age",
                    "player": None,
                    "vs": None,
                    "since": None,
                    "json_mode": False,
                    "history": None,
                    "highlights": True,
                },
            ),
        ),
        (
            ["builders", "play", "--players", "Ann,Bob", "--seed", "3", "--no-history", "--computer-time=0.25"],
            (
                "play",
                {
                    "players": "Ann,Bob",
                    "seed": 3,
                    "apprentices": None,
                    "buildings": None,
                    "workers": None,
                    "record": None,
                    "resume": None,
                    "log": False,
                    "history": None,
                    "location": None,
                    "card_names": "fr",
                    "computer": None,
                    "level": 4,
                    "computer_time": 0.25,
                    "json_mode": False,
                    "serve": None,
                },
            ),
        ),
        (
            ["history", "list", "--limit=5"],
            ("list", {"game": None, "player": None, "since": None, "limit": 5, "json_mode": False, "history": None}),
        ),
    ],
)
def test_plain_commands_take_the_fast_path_with_the_values_typer_would_give(argv: list[str], expected: tuple) -> None:
    """The values are read by the names and defaults of the Typer command's own parameters (the command tree)."""
    found = read(argv)
    assert found is not None
    command, values = found
    assert (command[-1], values) == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["coin-age", "check", "r.toml"],  # Typer writes the usage error
        ["coin-age", "score", "r.toml", "extra"],
        ["coin-age", "check", "r.toml", "done", "--help"],
        ["coin-age", "check", "--", "r.toml", "-x"],
        ["coin-age", "check", "r.toml", "-x"],
        ["coin-age", "check", "--json", "--json", "r.toml", "done"],
        ["coin-age", "check", "r.toml", "done", "--draw"],  # a value missing
        ["coin-age", "draw", "r.toml"],  # a required option missing
        ["coin-age", "draw", "r.toml", "-o", "x.svg", "--at", "three"],  # a value Typer refuses
        ["coin-age", "draw", "r.toml", "-o", "x.svg", "--force=yes"],
        ["history", "list", "--limit", "-1"],
        ["stats", "--gam", "coin-age"],
        ["coin-age", "score"],
        ["coin-age", "play", "--players", "Ann,Bob", "--location", "Paris"],  # Click checks it (a callback)
        ["coin-age", "play", "--players", "Ann,Bob", "--computer-time", "1e3"],  # Typer reads it
        ["builders", "play", "--log", "--no-history"],
        ["history", "show", "1"],
        ["chess", "check", "r.toml", "done"],
        ["--version"],
        [],
    ],
)
def test_anything_else_goes_to_typer(argv: list[str]) -> None:
    assert read(argv) is None


def test_an_option_with_a_callback_is_left_to_typer_when_given_or_when_its_default_is_not_none() -> None:
    """Click calls an option's callback whether it is given or not: the fast path stands in for it only when it is
    not given and its default is None (``play --location``: its check keeps None as it is)."""
    log = {"name": "log", "opts": ["--log"], "kind": "flag", "default": False}
    assert parse(Command({"params": [{**log, "callback": True}]}), []) is None
    assert parse(Command({"params": [log]}), []) == {"log": False}
    place = {"name": "location", "opts": ["--location"], "kind": "text", "callback": True}
    assert parse(Command({"params": [place]}), []) == {"location": None}
    assert parse(Command({"params": [place]}), ["--location", "Paris"]) is None


def test_score_prints_the_breakdown_and_board_draws_the_table(records: dict[str, Path]) -> None:
    position = str(DATA / "coin-age-position.toml")
    plain, _ = both_ways(["coin-age", "score", position], None)
    lines = plain.stdout.decode().splitlines()
    assert lines[0].endswith("final score")
    assert lines[1].split() == ["player", "side", "Q", "N", "P", "D", "spaces", "regions", "bank", "total"]
    assert [line.split()[0] for line in lines[3:5]] == ["Iris", "Jun"]
    assert lines[-1].startswith("Game over")
    board, _ = both_ways(["coin-age", "score", position, "--board"], None)
    assert board.returncode == 0
    assert "╭─ A1" in board.stdout.decode() and "total" in board.stdout.decode()


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_board_and_pictures_answer_as_typer_does(game: str, records: dict[str, Path], tmp_path: Path) -> None:
    """Options the fast path reads from the command tree (``--board``, ``--draw``, ``--at``, ``--output=``) give
    what Typer gives, byte for byte, pictures included."""
    record = str(records[game])
    fast, typer = both_ways([game, "score", record, "--board", "--json"], None)
    assert fast.returncode == 0
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)
    fast, typer = both_ways([game, "check", record, sample_actions(game)[0], "--draw", "-"], None)
    assert fast.stdout.startswith(b"<svg") or fast.stdout.startswith(b"<?xml")
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)
    fast, typer = both_ways([game, "draw", record, "--output=-", "--at", "1"], None)
    assert fast.returncode == 0
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)


def test_without_its_command_tree_everything_goes_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged installation (the generated ``command_tree.json`` missing or unreadable) loses only speed."""
    from referee.cli.tab import command_tree, completion

    monkeypatch.setattr(command_tree, "_ROOT", None)
    monkeypatch.setattr(command_tree, "FILE", "no-such-file.json")
    assert read(["coin-age", "check", "r.toml", "done"]) is None
    env = {"_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": "referee coin-age ru", "COMP_CWORD": "2"}
    assert completion.complete(env) is None
