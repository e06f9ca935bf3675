"""Reading the JSON backup (``history export --format json``) of any size, one game at a time.

``json.load`` would hold the whole file and every game in memory (a 100,000-game history is hundreds of
megabytes); this reader walks the top-level object itself and decodes one value at a time with the standard
decoder, so memory stays at one game (bounded by :data:`MAX_VALUE_CHARACTERS`). The backup's keys come in the
order the export writes them: ``format`` and ``version`` before ``games`` (tools such as ``jq`` keep that order).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from referee.errors import InputError
from referee.i18n import _

CHUNK_CHARACTERS = 1 << 20
MAX_VALUE_CHARACTERS = 64 << 20
"""One game of a backup (its record included) larger than this is refused: a record ``play`` writes is far
smaller (see :data:`referee.cli.files.MAX_INPUT_BYTES`)."""

_BLANKS = " \t\n\r"


class BackupReader:
    """The pieces of one JSON document read from ``stream``, in order (see the module docstring)."""

    def __init__(self, stream: IO[str], source: str) -> None:
        self.stream = stream
        self.source = source
        self.buffer = ""
        self.position = 0
        self.ended = False
        self.decoder = json.JSONDecoder()

    def _malformed(self, why: str) -> InputError:
        return InputError(_("{file}: not a JSON export of the history ({reason})").format(file=self.source, reason=why))

    def _fill(self) -> bool:
        if self.ended:
            return False
        data = self.stream.read(CHUNK_CHARACTERS)
        if not data:
            self.ended = True
            return False
        self.buffer = self.buffer[self.position :] + data
        self.position = 0
        return True

    def peek(self) -> str:
        """The next character that is not a blank ("" at the end)."""
        while True:
            while self.position < len(self.buffer) and self.buffer[self.position] in _BLANKS:
                self.position += 1
            if self.position < len(self.buffer) or not self._fill():
                return self.buffer[self.position] if self.position < len(self.buffer) else ""

    def expect(self, character: str) -> None:
        found = self.peek()
        if found != character:
            raise self._malformed(_("'{expected}' expected, '{found}' found").format(expected=character, found=found))
        self.position += 1

    def value(self) -> Any:
        """The next JSON value, decoded."""
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buffer, self.position)
            except json.JSONDecodeError as error:
                if len(self.buffer) - self.position > MAX_VALUE_CHARACTERS:
                    raise self._malformed(_("a value larger than 64 MB")) from None
                if self._fill():
                    continue
                raise self._malformed(error.msg) from None
            except RecursionError:
                raise self._malformed(_("nested too deeply")) from None
            if end == len(self.buffer) and self._fill():  # a number may go on in the next chunk
                continue
            self.position = end
            return value

    def members(self) -> Iterator[str]:
        """The keys of the top-level object, each followed by reading its value (the caller reads it)."""
        self.expect("{")
        if self.peek() == "}":
            self.position += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise self._malformed(_("a key that is not a string"))
            self.expect(":")
            yield key
            following = self.peek()
            self.position += 1
            if following == "}":
                break
            if following != ",":
                raise self._malformed(_("',' or '}}' expected"))
        if self.peek():
            raise self._malformed(_("text after the document"))

    def items(self) -> Iterator[Any]:
        """The values of an array, one at a time."""
        self.expect("[")
        if self.peek() == "]":
            self.position += 1
            return
        while True:
            yield self.value()
            following = self.peek()
            self.position += 1
            if following == "]":
                return
            if following != ",":
                raise self._malformed(_("',' or ']' expected"))


def read_backup(stream: IO[str], source: str, *, backup_format: str, newest_version: int) -> Iterator[Any]:
    """The games of a backup, one at a time, after checking its ``format`` (and warning of nothing: a ``version``
    newer than ``newest_version`` is refused, since its games may hold what this referee cannot read)."""
    reader = BackupReader(stream, source)
    header: dict[str, Any] = {}
    for key in reader.members():
        if key != "games":
            header[key] = reader.value()
            continue
        if header.get("format") != backup_format:
            raise InputError(
                _("{file}: not a JSON export of the history (referee history export --format json)").format(file=source)
            )
        version = header.get("version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= newest_version:
            raise InputError(
                _("{file}: a backup of version {version}; this referee reads versions 1 to {newest}").format(
                    file=source, version=version, newest=newest_version
                )
            )
        if reader.peek() != "[":
            raise InputError(_("{file}: no 'games' list").format(file=source))
        yield from reader.items()
        header["games"] = True
    if "games" not in header:
        if header.get("format") != backup_format:
            raise InputError(
                _("{file}: not a JSON export of the history (referee history export --format json)").format(file=source)
            )
        raise InputError(_("{file}: no 'games' list").format(file=source))
