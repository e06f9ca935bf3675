"""Reading TOML inputs safely and writing records so that nothing is ever lost.

* :func:`read_toml` turns every way a file can be unreadable into one :class:`InputError` line naming the file
  (and the line, for TOML syntax errors).
* :func:`write_atomically` writes a temporary file in the same folder, fsyncs it, renames it over the target
  and fsyncs the folder: a reader sees the old record or the new one, never half of one.
* :class:`RecordLock` keeps two ``play`` processes off one record.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import IO, TYPE_CHECKING, Any

from referee.errors import InputError, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

MAX_INPUT_BYTES = 4 * 1024 * 1024
"""Records, maps and positions are small; anything larger is refused rather than parsed."""


def display_name(path: str | Path) -> str:
    return _("standard input") if str(path) == "-" else str(path)


def read_text(path: str | Path, stdin: IO[str] | None = None) -> str:
    """The text of a file (``-`` is standard input), or an InputError that says why it cannot be read."""
    name = display_name(path)
    try:
        if str(path) == "-":
            stream = stdin if stdin is not None else sys.stdin
            data = stream.buffer.read(MAX_INPUT_BYTES + 1) if hasattr(stream, "buffer") else stream.read().encode()
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        raise InputError(_("{file}: no such file").format(file=name)) from None
    except IsADirectoryError:
        raise InputError(_("{file}: is a directory, not a file").format(file=name)) from None
    except PermissionError:
        raise InputError(_("{file}: permission denied").format(file=name)) from None
    except OSError as error:
        raise InputError(_("{file}: cannot be read ({reason})").format(file=name, reason=error.strerror)) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(
            _("{file}: too large (over {size} MB) for a record, map or position").format(
                file=name, size=MAX_INPUT_BYTES // (1024 * 1024)
            )
        )
    if b"\x00" in data:
        raise InputError(_("{file}: binary data, not a TOML text file").format(file=name))
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Notepad writes one) is not part of the text
    except UnicodeDecodeError as error:
        raise InputError(_("{file}: not UTF-8 text (byte {offset})").format(file=name, offset=error.start)) from None


def read_toml(path: str | Path, stdin: IO[str] | None = None) -> dict[str, Any]:
    """A TOML document as a table; malformed TOML names the file and the line."""
    import tomllib  # imported here: a command that reads no TOML (--version, TAB) does not pay for it

    text = read_text(path, stdin)
    if not text.strip():
        raise InputError(_("{file}: empty file").format(file=display_name(path)))
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(_("{file}: malformed TOML: {reason}").format(file=display_name(path), reason=error)) from None
    except RecursionError:
        raise InputError(_("{file}: malformed TOML: nested too deeply").format(file=display_name(path))) from None


class WriteError(RefereeError):
    """The record could not be written; the previous version is intact (exit 2, as input that cannot be read)."""


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once: temporary file, fsync, rename, fsync of the folder."""
    import tempfile  # imported here: only play writes records

    folder = path.parent
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise WriteError(
            _("{file}: cannot write the record ({reason}); the previous record is intact").format(
                file=path, reason=error.strerror
            )
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o777)
        else:
            os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise WriteError(
            _("{file}: cannot write the record ({reason}); the previous record is intact").format(
                file=path, reason=error.strerror
            )
        ) from None
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


class RecordLock:
    """An exclusive lock on a record (a ``.lock`` file beside it), so two ``play`` processes never share one."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(f".{path.name}.lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise WriteError naming the record when another referee holds it.

        The lock file is removed on release; a process that opened it just before then may lock a file that no
        longer has a name, so after locking we check that the path still names the file we hold, and try again.
        """
        import fcntl

        record = self.path.with_name(self.path.name[1:-5])
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                raise WriteError(
                    _("{file}: cannot lock the record ({reason})").format(file=self.path, reason=error.strerror)
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                os.close(fd)
                if error.errno in (errno.EAGAIN, errno.EACCES):
                    raise WriteError(
                        _("{file} is being played in another referee; finish or quit that one first").format(
                            file=record
                        )
                    ) from None
                raise
            try:
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
                break
            os.close(fd)
        self._remove_stale_temporaries(record)

    @staticmethod
    def _remove_stale_temporaries(record: Path) -> None:
        """Temporary files of a writer that was killed mid-write (we hold the lock: nobody else writes now)."""
        folder = record.parent
        for stale in folder.glob(f".{record.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> RecordLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
