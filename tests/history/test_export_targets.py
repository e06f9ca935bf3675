"""``history export`` writes by the one policy for files the program makes: it never replaces the history, an
existing file, a record or a symbolic link without ``--force`` (never the history even then), and it streams to
FIFOs, devices, standard output and a shell's ``>(cmd)`` instead of replacing them."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

from tests.conftest import referee_command
from tests.history.helpers import copy_of_history, finished_record

pytestmark = pytest.mark.e2e


def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*referee_command(), *args],
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=120,
        check=False,
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.fixture
def history(tmp_path: Path, one_game_history: Path) -> Path:
    """A history of one finished Coin Age game, the test's own, its record beside it (``game.toml``)."""
    (tmp_path / "game.toml").write_bytes(finished_record("coin-age", 1)[0])
    return copy_of_history(one_game_history, tmp_path / "h.sqlite3")


def export(history: Path, target: str, *options: str) -> subprocess.CompletedProcess[bytes]:
    return run("history", "export", "--format", "csv", "--history", str(history), target, *options)


def test_the_history_itself_is_never_written_even_with_force(history: Path) -> None:
    before = history.read_bytes()
    for options in ((), ("--force",)):
        result = export(history, str(history), *options)
        assert result.returncode == 2, result.stderr
        assert b"history being read" in result.stderr
    assert history.read_bytes() == before
    listed = run("history", "list", "--json", "--history", str(history))
    assert len(json.loads(listed.stdout)) == 1


@pytest.mark.parametrize("kind", ["file", "record", "read-only", "symlink"])
def test_an_existing_file_is_kept_unless_forced(history: Path, tmp_path: Path, kind: str) -> None:
    target = tmp_path / ("game.toml" if kind == "record" else "out.csv")
    real = target
    if kind == "symlink":
        real = tmp_path / "real.csv"
        real.write_text("precious\n")
        target.symlink_to(real)
    elif kind != "record":
        target.write_text("precious\n")
    if kind == "read-only":
        target.chmod(0o444)
    before = real.read_bytes()
    result = export(history, str(target))
    assert result.returncode == 2 and b"already exists" in result.stderr, result.stderr
    assert real.read_bytes() == before
    forced = export(history, str(target), "--force")
    assert forced.returncode == 0, forced.stderr
    assert real.read_bytes().startswith(b"id,date,game")
    if kind == "symlink":
        assert target.is_symlink()


def test_a_fifo_gets_the_export_and_stays_a_fifo(history: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read)
    reader.start()
    result = export(history, str(fifo))
    reader.join(timeout=120)  # a safety net: the writer has closed it, so the reader ends
    assert result.returncode == 0, result.stderr
    assert received and received[0].startswith(b"id,date,game")
    assert fifo.is_fifo()


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_devices_are_written_to_never_replaced(history: Path, device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    result = export(history, device, "--force")
    assert Path(device).is_char_device()
    if device == "/dev/full":
        assert result.returncode == 2 and b"cannot write the export" in result.stderr
    else:
        assert result.returncode == 0, result.stderr


def test_dev_stdout_and_dash_and_a_process_substitution_stream(history: Path, tmp_path: Path) -> None:
    for target in ("-", "/dev/stdout"):
        result = export(history, target)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(b"id,date,game")
    redirected = tmp_path / "redirected.csv"
    with open(redirected, "wb") as handle:
        result = subprocess.run(
            [*referee_command(), "history", "export", "--format", "csv", "--history", str(history), "/dev/stdout"],
            stdout=handle,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    assert result.returncode == 0, result.stderr
    assert redirected.read_bytes().startswith(b"id,date,game")
    command = " ".join(referee_command())
    shell = subprocess.run(
        ["bash", "-c", f"{command} history export --format csv --history {history} >(cat > {tmp_path}/sub.csv); wait"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert shell.returncode == 0, shell.stderr
    for _ in range(50):
        if (tmp_path / "sub.csv").exists() and (tmp_path / "sub.csv").read_bytes():
            break
        threading.Event().wait(0.1)
    assert (tmp_path / "sub.csv").read_bytes().startswith(b"id,date,game")
