"""Faults: ``play`` killed at random moments, writes that fail, two players on one record, a hand-edited record.

The promise: the record on disk always loads and is exactly a prefix of the accepted actions; a failed write
leaves the previous record intact and says so; a second ``play`` on a record in use refuses; ``--resume`` of an
illegal record names the action and changes nothing.
"""

from __future__ import annotations

import io
import os
import random
import re
import resource
import signal
import subprocess
import time
from pathlib import Path

import pytest

from referee.cli.env import Environment
from referee.cli.records import Record
from referee.cli.shared_commands import load_record, replay_record
from tests.conftest import referee_command
from tests.robustness.helpers import GAMES, PLAY_OPTIONS, PLAYERS, SETUP, random_game, record_text, run, snapshot

MAX_ACTIONS = 120
"""Enough of a game to kill it anywhere in it (a whole Builders game writes ~450 records: too slow for 100 runs)."""


def game_actions(game: str, seed: int) -> list[str]:
    return random_game(game, seed, steps=MAX_ACTIONS).actions


def env_for_subprocess() -> dict[str, str]:
    return {**os.environ, "NO_COLOR": "1", "REFEREE_MAPS": os.devnull + "-none"}


def load(game: str, path: Path) -> Record:
    """The record as the referee itself reads it, replayed: it must load and be legal."""
    from importlib import import_module

    from referee import registry

    spec = import_module(registry.GAMES[game].spec_module).SPEC
    record = load_record(spec, str(path), Environment(stdin=io.StringIO()))
    _game, error = replay_record(spec, record, str(path))
    assert error is None, error
    return record


def kill_once(game: str, actions: list[str], folder: Path, rng: random.Random, *, resume: bool) -> int:
    """Start ``play``, kill it with SIGKILL at a random moment, check the record; return its length.

    The moment: a random number of accepted actions (read off the player's output, so a loaded machine does not
    make every kill land before the start), then a random few milliseconds, which land anywhere in the next writes.
    """
    path = folder / f"{game}-{rng.randrange(10**9)}.toml"
    target = rng.randrange(len(actions))
    process = subprocess.Popen(
        [*referee_command(), game, "play", *PLAY_OPTIONS[game], "--record", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env_for_subprocess(),
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(("\n".join(actions) + "\n").encode())
    process.stdin.flush()
    if target == 0:
        time.sleep(rng.uniform(0.0, 0.3))
    else:
        seen = 0
        while seen < target:
            line = process.stdout.readline()
            if not line:
                break
            seen += bool(re.match(rb"\d+\. ", line))
        time.sleep(rng.uniform(0.0, 0.015))
    process.send_signal(signal.SIGKILL)
    process.wait()
    process.stdin.close()
    process.stdout.close()
    if not path.exists():  # killed before the first write: nothing was accepted
        return 0
    record = load(game, path)
    assert record.players == PLAYERS[game]
    assert record.actions == actions[: len(record.actions)], "the record is not a prefix of the accepted actions"
    assert len(record.actions) >= target, "an action reported as accepted is missing from the record"
    if resume:  # and the game goes on from there, lock and temporary files of the killed process notwithstanding
        rest = "\n".join(actions[len(record.actions) :]) + "\n"
        result = run(game, "play", "--resume", str(path), stdin=rest.encode())
        assert result.returncode == 0, result.stderr
        assert load(game, path).actions == actions
    return len(record.actions)


def kills(game: str, folder: Path, count: int, seed: int, resume_every: int) -> list[int]:
    rng = random.Random(seed)
    actions = game_actions(game, seed)
    return [kill_once(game, actions, folder, rng, resume=n % resume_every == 0) for n in range(count)]


@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_sigkill_leaves_a_prefix_small(game: str, tmp_path: Path) -> None:
    """Five kills (each checked in :func:`kill_once`); at least one must land after a write, or nothing was tested."""
    lengths = kills(game, tmp_path, count=5, seed=2024, resume_every=5)
    assert max(lengths) > 0, f"every kill landed before the first action was recorded: {lengths}"


@pytest.mark.slow
@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_sigkill_leaves_a_prefix_100_times(game: str, tmp_path: Path) -> None:
    seed = int(os.environ.get("REFEREE_KILL_SEED") or time.time())
    print(f"SIGKILL seed {seed} (replay a failure with REFEREE_KILL_SEED={seed})")
    lengths = kills(game, tmp_path, count=100, seed=seed, resume_every=10)
    assert len(lengths) == 100
    assert len(set(lengths)) > 5, f"seed {seed}: the kills should land all over the game: {sorted(lengths)}"


# -- writes that fail ------------------------------------------------------------------------------------------
def play_in_process(game: str, path: Path, lines: str, *, interactive: bool = False, resume: bool = False):
    """Run ``play`` in this process with fake streams; return (exit code, stdout, stderr)."""

    from referee.cli.main import app

    stdout, stderr = io.StringIO(), io.StringIO()
    environment = Environment(
        stdin=io.StringIO(lines),
        stdout=stdout,
        stderr=stderr,
        stdin_isatty=interactive,
        stdout_isatty=interactive,
        no_color=True,
    )
    args = (
        [game, "play", "--resume", str(path)] if resume else [game, "play", *PLAY_OPTIONS[game], "--record", str(path)]
    )
    code = app(args, prog_name="referee", standalone_mode=False, obj=environment) or 0
    return code, stdout.getvalue(), stderr.getvalue()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("failure", ["replace", "write", "mkstemp"])
def test_a_failed_write_keeps_the_previous_record(game: str, failure: str, tmp_path: Path, monkeypatch) -> None:
    """Disk full at the Nth write: the record keeps N-1 writes' worth, the player is told, play stops (exit 2)."""
    import errno
    import tempfile

    actions = game_actions(game, seed=5)[:30]
    path = tmp_path / "game.toml"
    fail_at = 12  # the first write is the empty record; the 12th would hold 11 actions
    calls = {"n": 0}

    def counted(real):
        def wrapper(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] >= fail_at:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(*args, **kwargs)

        return wrapper

    if failure == "replace":
        monkeypatch.setattr(os, "replace", counted(os.replace))
    elif failure == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", counted(tempfile.mkstemp))
    else:
        real_fsync = os.fsync

        def fsync(fd: int) -> None:
            calls["n"] += 1
            if calls["n"] >= fail_at * 2 - 1:  # two fsyncs per write (file, folder): fail the file's
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_fsync(fd)

        monkeypatch.setattr(os, "fsync", fsync)
    code, _out, err = play_in_process(game, path, "\n".join(actions) + "\n")
    monkeypatch.undo()
    assert code == 2, err
    assert "No space left on device" in err and "previous record is intact" in err, err
    record = load(game, path)
    assert record.actions == actions[: len(record.actions)]
    assert len(record.actions) >= fail_at - 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")], "a temporary file was left behind"
    # the game goes on from the record once the disk has room again
    code, _out, err = play_in_process(game, path, "\n".join(actions[len(record.actions) :]) + "\n", resume=True)
    assert code == 0, err
    assert load(game, path).actions == actions


def test_a_failed_write_at_a_terminal_lets_the_game_go_on(tmp_path: Path, monkeypatch) -> None:
    """At a terminal the player is told and the action is taken back; the next write that works saves all."""
    import errno

    from referee.cli.games.coin_age import room as coin_age
    from referee.cli.shared_commands import GameSpec
    from referee.cli.table.session import PlaySession
    from referee.cli.table.terminal import TerminalMode
    from referee.engine import Game

    actions = game_actions("coin-age", seed=9)[:6]
    path = tmp_path / "game.toml"
    answers = iter([actions[0], actions[1], actions[1], actions[2], "\x00quit"])
    spec = GameSpec(
        **{
            **coin_age.SPEC.__dict__,
            "ask_action": lambda game, prompter, out: next(answers),
            "render": lambda game, out: None,
        }
    )

    from referee.cli.table import menus

    monkeypatch.setattr(menus, "QUIT", "\x00quit")  # (the value the session compares answers with)
    real_replace, calls = os.replace, {"n": 0}

    def replace(src, dst):
        calls["n"] += 1
        if calls["n"] == 2:  # the write after the second action (the first write creates by a link): disk full, once
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    stderr = io.StringIO()
    environment = Environment(
        stdin=io.StringIO(), stdout=io.StringIO(), stderr=stderr, stdin_isatty=True, stdout_isatty=True, no_color=True
    )

    monkeypatch.setattr(TerminalMode, "ask_typed", lambda self, prompter: "")  # Enter alone: the menus' answers
    game = Game(spec.rules, PLAYERS["coin-age"], spec.prepare_setup(dict(SETUP["coin-age"]), "test"))
    session = PlaySession(spec, environment, game, path, json_mode=False)
    assert session.run(lambda session: TerminalMode(session).run()) == 0
    assert "No space left on device" in stderr.getvalue()
    assert load("coin-age", path).actions == actions[:3]


@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_file_size_limit_mid_game(game: str, tmp_path: Path) -> None:
    """A real failing write (RLIMIT_FSIZE, SIGXFSZ ignored): exit 2, one clear line, the previous record intact."""
    actions = game_actions(game, seed=3)
    path = tmp_path / "game.toml"
    # the record grows past this within the game (a record written by play also holds its start time and uuid)
    limit = (
        len(record_text(game, actions[:8]))
        + 1
        + len('started = "2026-01-01T00:00:00+00:00"\n')
        + len('uuid = "00000000-0000-0000-0000-000000000000"\n')
    )

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    result = subprocess.run(
        [*referee_command(), game, "play", *PLAY_OPTIONS[game], "--record", str(path)],
        input=("\n".join(actions) + "\n").encode(),
        capture_output=True,
        env=env_for_subprocess(),
        preexec_fn=limited,
        timeout=120,
        check=False,
    )
    stderr = result.stderr.decode()
    assert result.returncode == 2, stderr
    assert "Traceback" not in stderr
    assert "File too large" in stderr and "previous record is intact" in stderr, stderr
    record = load(game, path)
    assert 8 <= len(record.actions) < len(actions) and record.actions == actions[: len(record.actions)]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# -- two players on one record ---------------------------------------------------------------------------------
@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_a_second_play_on_a_record_in_use_refuses(game: str, tmp_path: Path) -> None:
    actions = game_actions(game, seed=8)[:12]
    path = tmp_path / "game.toml"
    first = subprocess.Popen(
        [*referee_command(), game, "play", *PLAY_OPTIONS[game], "--record", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env_for_subprocess(),
    )
    assert first.stdin is not None
    first.stdin.write(("\n".join(actions[:6]) + "\n").encode())
    first.stdin.flush()
    deadline = time.monotonic() + 120  # a safety net: the record comes in a second, later on a loaded machine
    while time.monotonic() < deadline:
        if path.exists() and len(load(game, path).actions) == 6:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the first play did not write its record")
    before = path.read_bytes()
    second = run(game, "play", "--resume", str(path), stdin=b"\n".join(a.encode() for a in actions[6:]) + b"\n")
    stderr = second.stderr.decode()
    assert second.returncode == 2, stderr
    assert len(stderr.splitlines()) == 1 and "being played in another referee" in stderr, stderr
    assert path.read_bytes() == before
    again = run(game, "play", *PLAY_OPTIONS[game], "--record", str(path), stdin=b"")
    assert again.returncode == 2 and "already exists" in again.stderr.decode()
    # the first one goes on and loses nothing
    _out, err = first.communicate(("\n".join(actions[6:]) + "\n").encode(), timeout=60)
    assert first.returncode == 0, err
    assert load(game, path).actions == actions


# -- a record edited by hand -----------------------------------------------------------------------------------
@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_resume_of_a_hand_edited_illegal_record(game: str, tmp_path: Path) -> None:
    # find an action at index 10+ that parses but is illegal there: another player's legal action from elsewhere
    illegal = None
    for seed in range(4, 40):  # the first random game (from seed 4) that has one
        actions = list(random_game(game, seed=seed, steps=30).actions)
        for index in range(10, len(actions)):
            trial = random_game(game, seed=seed, steps=index)
            for candidate in actions:
                try:
                    parsed = trial.parse(candidate)
                except Exception:
                    continue
                if not trial.judge(parsed).legal:
                    illegal = (index, candidate)
                    break
            if illegal:
                break
        if illegal:
            break
    print(f"seed {seed}")
    assert illegal is not None
    index, text = illegal
    edited = [*actions[:index], text, *actions[index + 1 :]]
    path = tmp_path / "game.toml"
    path.write_bytes(record_text(game, edited))
    before = snapshot(tmp_path)
    result = run(game, "play", "--resume", str(path), stdin=b"done\n")
    stderr = result.stderr.decode()
    assert result.returncode == 1, stderr
    assert f"action {index + 1} '{text}' illegal" in stderr, stderr
    assert "was not changed" in stderr
    assert snapshot(tmp_path) == before
    # bad notation instead: exit 2, same care
    path.write_bytes(record_text(game, [*actions[:index], "dance wildly", *actions[index + 1 :]]))
    before = snapshot(tmp_path)
    result = run(game, "play", "--resume", str(path), stdin=b"")
    assert result.returncode == 2 and f"action {index + 1} 'dance wildly' unreadable" in result.stderr.decode()
    assert snapshot(tmp_path) == before
