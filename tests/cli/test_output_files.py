"""The one policy for files the program makes (exports, pictures, reports): :func:`referee.cli.files.write_output`."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest

from referee.cli.files import OutputRefused, WriteError, write_output


def test_a_new_file_is_written(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    write_output(str(target), [b"a,", b"b\n"], what="the export")
    assert target.read_bytes() == b"a,b\n"


def test_an_existing_file_is_not_replaced_without_force(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    target.write_text("precious")
    with pytest.raises(OutputRefused, match="already exists"):
        write_output(str(target), b"new", what="the export")
    assert target.read_text() == "precious"


def test_force_replaces_an_existing_file_all_at_once(tmp_path: Path) -> None:
    target = tmp_path / "old.csv"
    target.write_text("old")
    target.chmod(0o444)
    write_output(str(target), b"new", what="the export", force=True)
    assert target.read_bytes() == b"new"


def test_the_history_being_read_is_never_written_even_with_force(tmp_path: Path) -> None:
    history = tmp_path / "h.db"
    history.write_bytes(b"SQLite format 3\x00")
    link = tmp_path / "alias.db"
    link.symlink_to(history)
    for target in (history, link):
        with pytest.raises(OutputRefused, match="history being read"):
            write_output(str(target), b"x", what="the export", force=True, protect=[history])
    assert history.read_bytes() == b"SQLite format 3\x00"


def test_a_symbolic_link_is_not_replaced_and_force_writes_through_it(tmp_path: Path) -> None:
    real = tmp_path / "real.csv"
    real.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    with pytest.raises(OutputRefused):
        write_output(str(link), b"new", what="the export")
    write_output(str(link), b"new", what="the export", force=True)
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


def test_a_dangling_symbolic_link_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "link.csv"
    link.symlink_to(tmp_path / "nowhere" / "x.csv")
    with pytest.raises(OutputRefused, match="symbolic link"):
        write_output(str(link), b"new", what="the export")
    assert link.is_symlink()


def test_a_fifo_is_streamed_to_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read)
    reader.start()
    write_output(str(fifo), [b"one\n", b"two\n"], what="the export")
    reader.join(timeout=120)  # a safety net: the writer has closed the FIFO, so the reader ends
    assert received == [b"one\ntwo\n"]
    assert fifo.is_fifo()


def test_a_device_is_written_to_not_replaced() -> None:
    write_output("/dev/null", b"nothing", what="the export", force=True)
    assert Path("/dev/null").is_char_device()


def test_a_full_device_says_what_could_not_be_written() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with pytest.raises(WriteError, match="cannot write the export"):
        write_output("/dev/full", b"x" * 100_000, what="the export")
    assert Path("/dev/full").is_char_device()


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputRefused, match="directory"):
        write_output(str(tmp_path), b"x", what="the export", force=True)


def test_dash_is_standard_output() -> None:
    sink = io.BytesIO()
    write_output("-", [b"a", b"b"], what="the export", stdout=sink)
    assert sink.getvalue() == b"ab"
