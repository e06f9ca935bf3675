"""Reading TOML inputs safely and writing records so that nothing is ever lost.

* :func:`read_toml` turns every way a file can be unreadable into one :class:`InputError` line naming the file
  (and the line, for TOML syntax errors).
* :func:`write_atomically` writes a temporary file in the same folder, fsyncs it, renames it over the target
  and fsyncs the folder: a reader sees the old record or the new one, never half of one.
* :class:`RecordLock` keeps two ``play`` processes off one record (its lock file is never a symbolic link), and
  :class:`RecordWriter` refuses to overwrite a record that another program changed, replaced or made read-only.
* Only regular files are read as records, maps or positions (``-`` is standard input): a FIFO or a device is refused
  at once instead of hanging, and a path the system refuses (too long, no permission) is one line.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from referee.errors import InputError, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

MAX_INPUT_BYTES = 4 * 1024 * 1024
"""Records, maps and positions are small; anything larger is refused rather than parsed."""

MAX_KEY_PARTS = 20
"""A dotted key or table header of more parts than this (``a.b.c`` has 3) is refused before TOML parsing: records,
maps and positions need at most 5, and the parser's time grows with the square of a key's parts."""

_DEEP_KEY = re.compile(
    r"""\.(?:[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[^\s.=\[\]{},#"']+)[ \t]*\.){""" + str(MAX_KEY_PARTS - 1) + "}"
)
"""``MAX_KEY_PARTS`` dots joined by key parts, so a key or header of more than ``MAX_KEY_PARTS`` parts. The
pattern starts with a literal dot and never backtracks far: it scans 4 MB in about a second at worst. Text inside
strings is scanned too: a string holding over twenty dot-separated words would be refused."""


def display_name(path: str | Path) -> str:
    return _("standard input") if str(path) == "-" else str(path)


def path_exists(path: str | Path) -> bool:
    """Whether anything (a symbolic link included) has this name; False for a name the system refuses (too long,
    a folder that cannot be searched): the command that then opens it reports that in one line."""
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def is_regular_file(path: str | Path) -> bool:
    """Whether ``path`` names a regular file (following links); False for anything else or a name refused."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _open_regular(path: str | Path, name: str) -> int:
    """A descriptor of ``path`` opened for reading, or an InputError: a FIFO, a device or a socket is refused
    (opened without blocking, so a FIFO with no writer does not hang the command)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError(_("{file}: no such file").format(file=name)) from None
    except IsADirectoryError:
        raise InputError(_("{file}: is a directory, not a file").format(file=name)) from None
    except PermissionError:
        raise InputError(_("{file}: permission denied").format(file=name)) from None
    except OSError as error:
        raise InputError(_("{file}: cannot be read ({reason})").format(file=name, reason=error.strerror)) from None
    except ValueError:  # a NUL byte in the name
        raise InputError(_("{file}: not a valid file name").format(file=name)) from None
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        os.set_blocking(fd, True)
        return fd
    os.close(fd)
    if stat.S_ISDIR(mode):
        raise InputError(_("{file}: is a directory, not a file").format(file=name))
    raise InputError(
        _("{file}: not a regular file (a FIFO, device or socket); give a file, or - for standard input").format(
            file=name
        )
    )


def open_text_stream(path: str | Path, stdin: IO[str] | None = None) -> IO[str]:
    """A regular file (or ``-``, standard input) opened to be read as UTF-8 text a piece at a time, of any size
    (backups): refused in one line as :func:`read_text` refuses."""
    if str(path) == "-":
        return stdin if stdin is not None else sys.stdin
    fd = _open_regular(path, display_name(path))
    return open(fd, encoding="utf-8-sig", errors="strict")


def check_regular_file(path: str | Path) -> None:
    """Refuse, in one line, a name that is not a readable regular file (see :func:`read_text`)."""
    os.close(_open_regular(path, display_name(path)))


def read_text(path: str | Path, stdin: IO[str] | None = None) -> str:
    """The text of a file (``-`` is standard input), or an InputError that says why it cannot be read."""
    name = display_name(path)
    try:
        if str(path) == "-":
            stream = stdin if stdin is not None else sys.stdin
            if stream is None:  # the process was started with standard input closed
                raise InputError(_("standard input is closed"))
            data = stream.buffer.read(MAX_INPUT_BYTES + 1) if hasattr(stream, "buffer") else stream.read().encode()
        else:
            with open(_open_regular(path, name), "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
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


def check_key_depth(text: str, name: str) -> None:
    """Refuse a dotted key or table header of more than :data:`MAX_KEY_PARTS` parts, before the parser spends
    minutes on it (its time grows with the square of the parts: 50,000 parts in 100 KB take over a minute)."""
    if text.count(".") >= MAX_KEY_PARTS:
        found = _DEEP_KEY.search(text)
        if found is not None:
            line = text.count("\n", 0, found.start()) + 1
            message = _("{file}: malformed TOML: a dotted key or table header of more than {limit} parts (line {line})")
            raise InputError(message.format(file=name, limit=MAX_KEY_PARTS, line=line))


def read_toml(path: str | Path, stdin: IO[str] | None = None) -> dict[str, Any]:
    """A TOML document as a table; malformed TOML names the file and the line."""
    import tomllib  # imported here: a command that reads no TOML (--version, TAB) does not pay for it

    text = read_text(path, stdin)
    if not text.strip():
        raise InputError(_("{file}: empty file").format(file=display_name(path)))
    check_key_depth(text, display_name(path))
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(_("{file}: malformed TOML: {reason}").format(file=display_name(path), reason=error)) from None
    except RecursionError:
        raise InputError(_("{file}: malformed TOML: nested too deeply").format(file=display_name(path))) from None


class WriteError(RefereeError):
    """A file could not be written; the previous version is intact (exit 2, as input that cannot be read).
    ``reason`` is the system's word for why (None when the message says it all)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class RecordChanged(WriteError):
    """The record on disk is no longer the one this referee wrote last (edited, replaced, removed or made read-only
    by another program): it is not overwritten, and the game stops."""


def _cannot_write(path: Path, reason: str | None) -> WriteError:
    return WriteError(
        _("{file}: cannot write the record ({reason}); the previous record is intact").format(file=path, reason=reason),
        reason,
    )


def write_atomically(path: Path, data: bytes | Iterable[bytes], *, create: bool = False) -> None:
    """Replace ``path`` with ``data`` (bytes, or pieces of it written as they come) all at once: temporary file,
    fsync, rename, fsync of the folder. If anything fails meanwhile (producing the pieces included), the
    temporary file is removed and ``path`` is as it was.

    With ``create`` the record must not exist yet: it is linked into place, which fails if any file (or symbolic
    link) took the name meanwhile, so a new game never overwrites a file."""
    import tempfile  # imported here: only play writes records

    folder = path.parent
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise _cannot_write(path, error.strerror) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            for piece in (data,) if isinstance(data, bytes) else data:
                handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        if create:
            os.chmod(temporary, 0o644)
            _link_new(temporary, path)
        else:
            os.chmod(temporary, os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o644)
            os.replace(temporary, path)
    except FileExistsError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise RecordChanged(
            _("{file} was created by another program meanwhile; it was not overwritten").format(file=path)
        ) from None
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise _cannot_write(path, error.strerror) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def _link_new(temporary: str, path: Path) -> None:
    """Give the written temporary file the record's name only if that name is free (FileExistsError if not)."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(path):  # a file system without hard links: check, then rename (a short race)
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST)) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)


@dataclass(frozen=True)
class Stamp:
    """What says a record on disk is the very file last seen: its inode, size, modification time and a digest of its
    bytes. The digest is needed because a modification time is only as fine as the kernel's clock tick: a file
    rewritten in place within the same tick, to the same size, keeps the other three."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    digest: bytes

    @staticmethod
    def of(path: Path) -> Stamp | None:
        """The stamp of the file ``path`` names now (None if there is none)."""
        import hashlib  # imported here: only play writes records
        import stat

        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return None
        except OSError:  # unreadable, or not a file: its stamp without the digest
            info = os.stat(path)
            digest = b""
        else:
            with os.fdopen(fd, "rb") as handle:
                info = os.fstat(fd)
                digest = hashlib.blake2b(handle.read(), digest_size=16).digest() if stat.S_ISREG(info.st_mode) else b""
        return Stamp(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, digest)


def read_only(path: Path) -> bool:
    """Whether the record is write-protected: no write permission for us, or no write bit at all (which even
    root, who may write anything, takes as the owner's wish)."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    return not info.st_mode & 0o222 or not os.access(path, os.W_OK)


def refuse_read_only(path: Path) -> None:
    if read_only(path):
        raise RecordChanged(
            _(
                "{file} is read-only: the referee does not rewrite it (make it writable, or continue into a new file "
                "with --record NEW)"
            ).format(file=path)
        )


class RecordWriter:
    """Writes the record of one game, never over a file it did not write itself.

    Before each write it checks that the file on disk is still the one it saw last (:class:`Stamp`): a record
    edited, replaced, removed or made read-only by another program meanwhile is left alone (:class:`RecordChanged`).
    ``stamp`` is the file as read when the game was resumed, None for a new record (which must not exist)."""

    def __init__(self, path: Path, stamp: Stamp | None) -> None:
        self.path = path
        self.stamp = stamp
        self.limit = MAX_INPUT_BYTES
        """The largest record written: the largest one the referee reads back (what ``play`` writes can always be
        replayed and resumed)."""

    def write(self, data: bytes) -> None:
        if len(data) > self.limit:
            raise WriteError(
                _(
                    "{file}: the record would grow past {size} bytes, the most the referee reads back;"
                    " this action is not recorded"
                ).format(file=self.path, size=f"{self.limit:,}")
            )
        now = Stamp.of(self.path)
        if now != self.stamp:
            if self.stamp is None:
                message = _("{file} was created by another program meanwhile; it was not overwritten")
            elif now is None:
                message = _("{file} was removed or renamed by another program; the referee stops without writing it")
            else:
                message = _(
                    "{file} was changed by another program since the referee last wrote it; it was not overwritten "
                    "(the game stops: resume it with --resume once the file is as you want it)"
                )
            raise RecordChanged(message.format(file=self.path))
        if now is not None:
            refuse_read_only(self.path)
        write_atomically(self.path, data, create=now is None)
        self.stamp = Stamp.of(self.path)


_TEMPORARY = re.compile(r"\.(?P<record>.+)\.[a-z0-9_]{8}\.tmp")
"""The name :func:`write_atomically` gives a temporary file: ``.RECORD.XXXXXXXX.tmp`` (``tempfile`` picks the eight
characters from lower-case letters, digits and ``_``)."""


class RecordLock:
    """An exclusive lock on a record (a ``.lock`` file beside it), so two ``play`` processes never share one.

    Lock the record's real path (see :func:`real_record_path`): two names of one file share one lock."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(f".{path.name}.lock")
        self.record = path
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise WriteError naming the record when another referee holds it.

        The lock file is created without following a symbolic link (a planted link is refused, never written
        through). It is removed on release; a process that opened it just before then may lock a file that no
        longer has a name, so after locking we check that the path still names the file we hold, and try again.
        """
        import fcntl

        record = self.record
        flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        while True:
            try:
                fd = os.open(self.path, flags, 0o644)
            except OSError as error:
                if error.errno == errno.ELOOP:
                    raise WriteError(
                        _("{file}: cannot lock the record: {lock} is a symbolic link; remove it").format(
                            file=record, lock=self.path
                        )
                    ) from None
                raise WriteError(
                    _("{file}: cannot lock the record ({reason})").format(file=self.path, reason=error.strerror)
                ) from None
            except ValueError:
                raise WriteError(_("{file}: not a valid file name").format(file=record)) from None
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise WriteError(
                    _("{file}: cannot lock the record: {lock} is not a regular file; remove it").format(
                        file=record, lock=self.path
                    )
                )
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
                raise WriteError(
                    _("{file}: cannot lock the record ({reason})").format(file=self.path, reason=error.strerror)
                ) from None
            try:
                same = os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
                break
            os.close(fd)
        self._remove_stale_temporaries(record)

    @staticmethod
    def _remove_stale_temporaries(record: Path) -> None:
        """Temporary files of a writer of this very record that was killed mid-write: we hold the record's lock, so
        nobody else writes it now. Only names :func:`write_atomically` makes for this record's exact name (compared
        as text, never as a pattern) and only regular files are removed."""
        folder = record.parent
        try:
            names = os.listdir(folder)
        except OSError:
            return
        for name in names:
            match = _TEMPORARY.fullmatch(name)
            if match is None or match.group("record") != record.name:
                continue
            stale = folder / name
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(stale).st_mode):
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


def real_record_path(path: Path) -> Path:
    """The file a record's name leads to: a symbolic link is followed to its target, so the game is locked and
    written where it really is (the link stays a link). Other names are kept as given."""
    if os.path.islink(path):
        from pathlib import Path as _Path

        return _Path(os.path.realpath(path))
    return path


# -- files the program makes: exports, pictures, reports ----------------------------------------------------------
class OutputRefused(InputError):
    """An output file that the policy of :func:`write_output` will not write (exit 2)."""


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _stdout_stat() -> os.stat_result | None:
    try:
        return os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return None


HISTORY_SIDE_FILES = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database while it is used (write-ahead log, shared memory, rollback journal):
writing over one of them loses or damages the history as surely as writing over the history itself."""


def _protected(protect: Iterable[str | Path], inputs: Iterable[str | Path]) -> list[tuple[str, str]]:
    """Every name the program must not write over, each with why: the history and its side files, and the
    files the command reads."""
    names: list[tuple[str, str]] = []
    for path in protect:
        names.append((str(path), "history"))
        names.extend((str(path) + suffix, "history") for suffix in HISTORY_SIDE_FILES)
    names.extend((str(path), "input") for path in inputs if str(path) != "-")
    return names


def _refusal(target: str, why: str, what: str) -> OutputRefused:
    if why == "history":
        return OutputRefused(
            _("{file} is the history being read (or one of its files); {what} was not written").format(
                file=target, what=what
            )
        )
    return OutputRefused(
        _("{file} is a file this command reads; {what} was not written").format(file=target, what=what)
    )


def check_output_path(
    target: str,
    status: os.stat_result | None,
    *,
    what: str,
    protect: Iterable[str | Path] = (),
    inputs: Iterable[str | Path] = (),
    stdout: IO[bytes] | None = None,
) -> None:
    """THE output-path rule, for every file the referee writes: never the history (nor its ``-wal``, ``-shm`` or
    ``-journal`` file, existing or not) and never a file the command reads, whether named as it is, through a
    symbolic link or a hard link; and standard output (``-``) never when it is opened on one of them (a shell's
    ``1<>FILE``). ``status``: ``os.stat(target)``, None when nothing is there. Raises :class:`OutputRefused`."""
    protected = _protected(protect, inputs)
    if not protected:
        return
    if target == "-":
        status = _stream_stat(stdout)
        real = _stream_name(stdout)
    else:
        real = os.path.realpath(target)
    for name, why in protected:
        with contextlib.suppress(OSError, ValueError):
            if real is not None and real == os.path.realpath(name):
                raise _refusal(target, why, what)
            if status is not None and stat.S_ISREG(status.st_mode) and _same_file(status, os.stat(name)):
                raise _refusal(target, why, what)


def _default_history() -> str:
    """The user's history where no ``--history`` names one (``$REFEREE_HISTORY``, else under ``$XDG_DATA_HOME``):
    every file the referee writes keeps off it, whatever the command."""
    from referee.history.store import default_path

    return str(default_path())


def _stream_name(stdout: IO[bytes] | None) -> str | None:
    """The name standard output is opened on, where the system tells (Linux: ``/proc/self/fd``), even when the
    file has been removed since (a side file SQLite deleted)."""
    try:
        stream: Any = stdout if stdout is not None and hasattr(stdout, "fileno") else sys.stdout
        name = os.readlink(f"/proc/self/fd/{stream.fileno()}")
    except (OSError, ValueError, AttributeError):
        return None
    name = name.removesuffix(" (deleted)")
    return name if name.startswith("/") else None


def _stream_stat(stdout: IO[bytes] | None) -> os.stat_result | None:
    """What the standard output stream (``stdout``, else this process's) is opened on."""
    try:
        stream: Any = stdout if stdout is not None and hasattr(stdout, "fileno") else sys.stdout
        return os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return None


def write_output(
    target: str,
    chunks: bytes | Iterable[bytes],
    *,
    what: str,
    force: bool = False,
    protect: Iterable[str | Path] = (),
    inputs: Iterable[str | Path] = (),
    stdout: IO[bytes] | None = None,
    force_option: bool = True,
) -> None:
    """Write a file the program makes (an export, a picture, a report) by the one policy for such files.

    * Never over the history, its side files or a file the command reads (``protect``, ``inputs``: see
      :func:`check_output_path`), not even with ``force``.
    * ``-``, and a name that is this process's standard output (``/dev/stdout``), are streamed to standard output.
    * A name that is not a regular file (a FIFO, a device such as ``/dev/null``, the pipe of a shell's ``>(cmd)``)
      is opened and streamed to; it is never replaced.
    * An existing regular file (or a symbolic link to one) is replaced only with ``force``, all at once
      (:func:`write_atomically`, through the link); without it the command refuses in one line (naming
      ``--force`` only when the command has it: ``force_option``).
    * A new file is created all at once, and only if nobody took the name meanwhile.

    ``what`` names the file for messages ("the export", "the picture"). Raises :class:`OutputRefused` or
    :class:`WriteError`, whose messages name the file and what was being written."""
    from pathlib import Path

    protect, inputs = [*protect, _default_history()], list(inputs)
    pieces: Iterable[bytes] = (chunks,) if isinstance(chunks, bytes) else chunks
    if target == "-":
        check_output_path(target, None, what=what, protect=protect, inputs=inputs, stdout=stdout)
        _stream_to_stdout(pieces, what, stdout)
        return
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else _("not a valid file name")
        raise WriteError(
            _("{file}: cannot write {what} ({reason})").format(file=target, what=what, reason=reason), reason
        ) from None
    check_output_path(target, status, what=what, protect=protect, inputs=inputs)
    if status is not None:
        out_status = _stdout_stat()
        if out_status is not None and _same_file(status, out_status):
            check_output_path("-", None, what=what, protect=protect, inputs=inputs, stdout=stdout)
            _stream_to_stdout(pieces, what, stdout)
            return
        if stat.S_ISDIR(status.st_mode):
            raise OutputRefused(_("{file}: is a directory; {what} was not written").format(file=target, what=what))
        if not stat.S_ISREG(status.st_mode):
            _stream_to_file(target, pieces, what)
            return
        if not force:
            if not force_option:
                raise OutputRefused(_("{file} already exists; {what} was not written").format(file=target, what=what))
            raise OutputRefused(
                _("{file} already exists; {what} was not written (--force replaces it)").format(file=target, what=what)
            )
        path = Path(os.path.realpath(target))
    else:
        if os.path.islink(target):  # a link to nothing: writing would create a file somewhere else
            raise OutputRefused(
                _("{file} is a symbolic link to a missing file; {what} was not written").format(file=target, what=what)
            )
        path = Path(target)
    try:
        write_atomically(path, pieces, create=status is None)
    except RecordChanged:
        raise OutputRefused(
            _("{file} was created by another program meanwhile; {what} was not written").format(file=target, what=what)
        ) from None
    except WriteError as error:
        raise WriteError(
            _("{file}: cannot write {what} ({reason})").format(file=target, what=what, reason=error.reason),
            error.reason,
        ) from None


def _stream_to_stdout(pieces: Iterable[bytes], what: str, stdout: IO[bytes] | None) -> None:
    stream = stdout if stdout is not None else sys.stdout.buffer
    for piece in pieces:
        stream.write(piece)
    stream.flush()


def _stream_to_file(target: str, pieces: Iterable[bytes], what: str) -> None:
    try:
        with open(target, "wb") as handle:  # a FIFO or a device: written to, never replaced
            for piece in pieces:
                handle.write(piece)
    except OSError as error:
        raise WriteError(
            _("{file}: cannot write {what} ({reason})").format(file=target, what=what, reason=error.strerror),
            error.strerror,
        ) from None
