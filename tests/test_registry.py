"""The design holds: a new game is a rules package, one command-line room and one registry line.

A toy game (Nim, in ``tests/toy``) is registered for the whole suite, without touching any file of the referee:
its registry line (``tests/toy/registration.py``) is imported through ``REFEREE_EXTRA_GAMES``, which
``tests/conftest.py`` sets for this process and every ``referee`` the tests start. So every test that loops over
the registry covers it too; here, what it gets from the shared code: ``play`` (pipe, terminal and menus),
``replay``, ``check``, ``score``, ``rules``, ``draw``, ``simulate``, TAB, the history.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import registry
from referee.cli.env import Environment
from tests.cli.test_completion import environ


@pytest.fixture
def nim() -> Iterator[registry.GameEntry]:
    """The toy game, registered for the suite (and registered again if a test took it away)."""
    entry = registry.game("nim")
    assert entry is not None, "REFEREE_EXTRA_GAMES=tests.toy.registration registers the toy game (tests/conftest.py)"
    yield entry
    registry.register(entry)


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``referee ARGS`` through a Typer app built from the registry as it is now: (exit code, stdout, stderr)."""
    from referee.cli.app import build_app

    stdout, stderr = io.StringIO(), io.StringIO()
    env = Environment(io.StringIO(stdin), stdout, stderr, stdin_isatty=False, stdout_isatty=False, no_color=True)
    code = build_app()(args, prog_name="referee", standalone_mode=False, obj=env) or 0
    return code, stdout.getvalue(), stderr.getvalue()


def write_record(folder: Path, actions: list[str], game: str = "nim") -> Path:
    path = folder / "nim.toml"
    quoted = ", ".join(f'"{action}"' for action in actions)
    path.write_text(f'game = "{game}"\nformat = 1\nplayers = ["Ann", "Bob"]\nactions = [{quoted}]\n')
    return path


def commands() -> list[str]:
    """The command words of a Typer app built from the registry as it is now."""
    import typer.main

    from referee.cli.app import build_app

    words = list(typer.main.get_command(build_app()).commands)  # type: ignore[attr-defined]
    return [word for word in words if word not in ("history", "stats")]  # the history's commands: not games


def test_a_registered_game_is_listed_and_unregistered_it_is_gone(nim: registry.GameEntry) -> None:
    assert "nim" in registry.names()
    assert commands() == list(registry.names()) and commands()[-1] == "nim"
    registry.unregister("nim")
    assert commands() == list(registry.names()) and "nim" not in commands()


def test_replay_of_a_toy_record(nim: registry.GameEntry, tmp_path: Path) -> None:
    path = write_record(tmp_path, ["take 3", "take 3", "take 3", "take 1"])
    code, out, err = run(["nim", "replay", str(path), "--json"])
    assert (code, err) == (0, "")
    summary = json.loads(out)
    assert summary["game"] == "nim" and summary["over"] and summary["winner"] == "Bob"
    assert summary["state"] == {"pile": 0}


def test_replay_stops_at_an_illegal_toy_action(nim: registry.GameEntry, tmp_path: Path) -> None:
    path = write_record(tmp_path, ["take 3", "take 4"])
    code, out, err = run(["nim", "replay", str(path), "--json"])
    assert code == 1
    assert json.loads(out)["error"]["index"] == 2 and "take" in err


def test_check_through_typer_and_the_fast_path(
    nim: registry.GameEntry, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.cli import fast
    from referee.cli.tab import command_tree

    path = write_record(tmp_path, ["take 2"])
    assert run(["nim", "check", str(path), "take 3"])[0] == 0
    assert run(["nim", "check", str(path), "take 4"])[0] == 1
    assert run(["nim", "check", str(path), "grab 1"])[0] == 2
    # The fast path reads a command line by the command tree generated from the Typer app: a game not in it yet
    # (registered after the tree was written) goes to Typer; once the tree is made again, it is answered.
    assert fast.run(["nim", "check", str(path), "take 4", "--json"], environ={}) is None
    monkeypatch.setitem(command_tree.root().commands, "nim", command_tree.Command(generated_tree()["commands"]["nim"]))
    assert fast.run(["nim", "check", str(path), "take 4", "--json"], environ={}) == 1
    assert json.loads(capsys.readouterr().out)["rule"] == "take"


def generated_tree() -> dict[str, Any]:
    """The command tree as ``scripts/make_completions.py`` makes it from the Typer app built now."""
    import os
    import runpy

    import typer.main

    from referee.cli.app import build_app

    saved = dict(os.environ)
    try:
        script = runpy.run_path(str(Path(__file__).resolve().parents[1] / "scripts" / "make_completions.py"))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return script["command_tree"](typer.main.get_command(build_app()))  # type: ignore[no-any-return]


def test_score_rules_and_simulate(nim: registry.GameEntry, tmp_path: Path) -> None:
    path = write_record(tmp_path, ["take 1"])
    code, out, _ = run(["nim", "score", str(path)])
    assert code == 0 and "Bob to take (9 left)" in out
    code, out, _ = run(["nim", "rules", "take"])
    assert code == 0 and "Take 1, 2 or 3 sticks" in out
    code, out, _ = run(["nim", "simulate", "--games", "50", "--seed", "3", "--json"])
    report = json.loads(out)
    assert code == 0 and report["games"] == 50 and not report["violations"]
    assert sum(report["wins"].values()) == 50


def test_a_record_of_the_toy_game_is_refused_by_another_game(nim: registry.GameEntry, tmp_path: Path) -> None:
    path = write_record(tmp_path, ["take 1"])
    code, _, err = run(["coin-age", "replay", str(path)])
    assert code == 2 and "use 'referee nim'" in err


def tab(line: str) -> list[str]:
    """The words bash would offer for ``line<TAB>``: the fast path when it answers, else Typer (as ``run`` does)."""
    import typer.main

    from referee.cli.app import build_app
    from referee.cli.tab import completion

    words = line.split(" ")
    values = {"_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    out = io.StringIO()
    with environ(values), contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        if completion.complete(values) is None:
            typer.main.get_command(build_app()).main(args=[], prog_name="referee")
    return out.getvalue().split()


def test_tab_completes_the_toy_game(nim: registry.GameEntry) -> None:
    assert "nim" in tab("referee ni")
    assert tab("referee nim ru") == ["rules"]
    assert tab("referee nim rules ta") == ["take"]
    assert tab("referee nim si") == ["simulate"]


def test_no_shared_file_names_the_toy_game() -> None:
    root = Path(__file__).resolve().parents[1] / "referee"
    found: list[Any] = [path for path in root.rglob("*.py") if "tests.toy" in path.read_text(encoding="utf-8")]
    assert found == []


def test_every_registered_game_declares_a_sample_game_the_tests_start_from(nim: registry.GameEntry) -> None:
    """The robustness, fault and fast-path tests loop over the registry, each game from the sample its room
    declares: its players must start a game of its rules, with its setup as a record holds it."""
    from importlib import import_module

    for name in registry.names():
        spec = import_module(registry.GAMES[name].spec_module).SPEC
        assert spec.sample is not None, name
        rules = registry.load_rules(name)
        state = rules.new_state(list(spec.sample.players), spec.prepare_setup(dict(spec.sample.setup), "test"))
        assert not rules.is_over(state), name
        assert "--players" in spec.sample.play_options, name


# -- what the toy game gets from the shared code, through the installed command ---------------------------------
def installed(*args: str, stdin: str = "") -> Any:
    import subprocess

    from tests.conftest import referee_command

    return subprocess.run([*referee_command(), *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_the_toy_game_piped_is_refereed_recorded_and_logged_as_a_ranking(tmp_path: Path) -> None:
    """``play`` from a pipe (with the shared ``--record``, ``--log``, ``--history`` options), then the history: a
    result of kind ``ranking`` (the registry line's fact) is logged without scores, with its winner and order."""
    history, record = tmp_path / "h.sqlite3", tmp_path / "nim.toml"
    args = ["nim", "play", "--players", "Ann,Bob", "--pile", "5", "--record", str(record), "--log"]
    played = installed(*args, "--history", str(history), stdin="take 2\ntake 3\n")
    assert played.returncode == 0, played.stderr
    assert "Game over: Bob took the last stick." in played.stdout
    assert "Logged in the history as game 1" in played.stderr
    (logged,) = json.loads(installed("history", "list", "--json", "--history", str(history)).stdout)
    assert (logged["game"], logged["scores"], logged["winner"], logged["ranking"]) == (
        "nim",
        None,
        "Bob",
        ["Bob", "Ann"],
    )
    stats = json.loads(installed("stats", "--game", "nim", "--json", "--history", str(history)).stdout)
    assert stats["players"]["Bob"]["wins"] == 1 and stats["players"]["Ann"]["wins"] == 0
    shown = installed("history", "show", "1", "--history", str(history)).stdout
    assert "Bob" in shown and "1–0" not in shown  # a ranking, not points
    picture = installed("nim", "draw", str(record), "-o", "-")
    assert picture.returncode == 0 and picture.stdout.startswith("<svg") and "Bob" in picture.stdout


def test_the_toy_game_at_a_terminal_typed_and_by_its_menu_with_undo_and_resume(tmp_path: Path) -> None:
    """A room that writes no menus gets one (the rules' legal actions): typed, picked, undone, resumed."""
    from tests.cli.terminal import ENTER, actions, finish, spawn, type_line, wait_for_actions

    record = tmp_path / "nim.toml"
    child = spawn("nim", "play", "--players", "Ann,Bob", "--pile", "6", "--record", str(record), rows=30, columns=80)
    try:
        child.expect("Ann>")
        type_line(child, "take 1")
        assert wait_for_actions(child, record, 1) == ["take 1"]
        child.expect("Bob>")
        child.send(ENTER)  # Enter alone: the menu of the legal actions
        child.expect("Bob, your action")
        child.expect("3. take 3")
        child.send("2" + ENTER)
        assert wait_for_actions(child, record, 2) == ["take 1", "take 2"]
        child.expect("Ann>")
        type_line(child, "undo")
        child.expect("undone: take 2")
        assert actions(record) == ["take 1"]
        type_line(child, "quit")
        child.expect("Continue with")
        assert finish(child) == 0
        child = spawn("nim", "play", "--resume", str(record), rows=30, columns=80)
        child.expect("Bob>")
        type_line(child, "take 3")
        type_line(child, "take 2")
        child.expect("Game over")
        child.send(ENTER)  # the final table seen: Enter leaves
        assert finish(child) == 0
        assert actions(record) == ["take 1", "take 3", "take 2"]
    finally:
        if child.isalive():
            child.terminate(force=True)
