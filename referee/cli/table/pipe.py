"""``play`` from a pipe: one action per line, refereed, recorded in groups, reported once written.

The game stops at the first unreadable (exit 2) or illegal (exit 1) line; the record then holds every action
before it. What is piped in is the game: it is refereed and recorded even when the reader of the output leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from referee.cli.files import WriteError
from referee.cli.output import shorten
from referee.cli.shared_commands import error_document
from referee.cli.status import ExitStatus, exit_status
from referee.errors import IllegalAction, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.cli.table.session import PlaySession

MAX_LINE_BYTES = 1000
"""The longest line ``play`` reads in pipe mode (no action comes near it): a longer one is refused unread."""


def strip_comment(line: str) -> str:
    """Blank lines and text after ``#`` are ignored."""
    return line.split("#", 1)[0].strip()


class PipeMode:
    """A session's game read from standard input, a line an action (``undo`` takes one back)."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.game = session.game
        self.out = session.out
        self.source: Any = None
        """The input (:class:`~referee.cli.table.pipe_input.LineSource`), when it can tell whether more waits."""
        self.unsaved: list[tuple[int, str, Callable[[], None]]] = []
        """The group commit: the actions accepted since the record was last written (line number, text, and what
        its report will say), reported once the record holds them."""

    def lines(self) -> Iterator[tuple[int, str | None]]:
        """``(number, text)`` for each line of standard input: text None when it is not UTF-8, and a line over
        :data:`MAX_LINE_BYTES` is cut there (the caller refuses it: it ends with no newline and is that long)."""
        from referee.cli.table.pipe_input import LineSource

        stream = self.session.env.stdin
        binary = getattr(stream, "buffer", None)
        self.source = LineSource.of(binary, MAX_LINE_BYTES) if binary is not None else None
        raws = iter(self.source) if self.source is not None else self._readlines(binary or stream)
        number = 0
        for raw in raws:
            number += 1
            if isinstance(raw, str):
                yield number, raw
                continue
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError:
                if len(raw) > MAX_LINE_BYTES:  # cut inside a character: too long before it is not UTF-8
                    yield number, raw.decode("utf-8", "replace")
                else:
                    yield number, None

    @staticmethod
    def _readlines(stream: Any) -> Iterator[bytes | str]:
        while raw := stream.readline(MAX_LINE_BYTES + 1):
            yield raw

    # -- the group commit -----------------------------------------------------------------------------------
    GROUP_ACTIONS = 2000
    """At most this many actions are accepted before the record is written (and they are reported)."""
    GROUP_SECONDS = 0.25
    """Nor is an accepted action kept unwritten longer than this while more lines keep coming."""

    def _group_full(self, since: float) -> bool:
        import time

        if self.session.served or self.source is None or not self.source.more_waiting():
            return True  # (served: the pages see each action as it comes, the record holds it)
        return len(self.unsaved) >= self.GROUP_ACTIONS or time.monotonic() - since >= self.GROUP_SECONDS

    def flush(self) -> tuple[int, str, RefereeError] | None:
        """Write the record holding the actions accepted since it was last written, then report them. If it
        cannot be written, none of them is kept: the game goes back to the record on disk, and the first of them
        is returned with the error (its line number and text) for the caller to stop there."""
        if not self.unsaved:
            return None
        group, self.unsaved = self.unsaved, []
        try:
            if not self.session.served:  # (served, each action was written as it came)
                self.session.save()
        except RefereeError as error:
            for _ in group:
                self.game.pop()
                self.session.by_computer.pop()
            if len(group) == 1:
                return group[0][0], group[0][1], error
            return self._write_one_by_one(group)
        for _line, _text, report in group:
            report()
        return None

    def _flushed(self) -> ExitStatus | None:
        """:meth:`flush`, and when the record could not be written, the game stopped at the first action it left out
        (its exit status); None when all is written."""
        failed = self.flush()
        return None if failed is None else self.stop(*failed, ExitStatus.BAD_INPUT)

    def _write_one_by_one(
        self, group: list[tuple[int, str, Callable[[], None]]]
    ) -> tuple[int, str, RefereeError] | None:
        """After a group failed to write (a full disk, a file size limit): the group again, an action and a write
        at a time, so the record keeps every action that still fits; the first that does not is returned."""
        for line, text, _report in group:
            try:
                events = self.session.push(text)
            except RefereeError as error:
                return line, text, error
            self.session.report(self.session.last_actor, events)
        return None

    # -- reading the game ------------------------------------------------------------------------------------
    def run(self) -> ExitStatus:
        self.session.env.keep_going_without_reader()  # what is piped in is the game: recorded if the reader leaves
        out = self.out
        game = self.game
        self.session.computer_moves()
        try:
            status = self._read_pipe()
        except KeyboardInterrupt:
            self.flush()  # what was accepted is written before Ctrl-C ends the game
            raise
        if status is not None:
            return status
        if self.session.served:  # the seats play on from their pages until the game ends (or Ctrl-C)
            with self.session.turns:
                while not game.over:
                    self.session.turn_taken.wait()
        if self.session.json_mode:
            out.json(game.summary(), lines=True)
        else:
            self.session.spec.render(game, out)
            if self.session.record_path is not None:
                out.note(_("Record: {file}").format(file=self.session.record_path))
        return ExitStatus.SUCCESS

    def _read_pipe(self) -> ExitStatus | None:
        """Every line of standard input as an action, written in groups (see :meth:`flush`); the exit status when
        a line stops the game, None at the end of the input."""
        import time

        out = self.out
        game = self.game
        since = 0.0
        for number, line in self.lines():
            with self.session.turns:  # one line at a time, between the actions posted from pages (--serve)
                if line is None:
                    return self.stop(number, "", RefereeError(_("not UTF-8 text")), ExitStatus.BAD_INPUT)
                if len(line.encode("utf-8", "replace")) > MAX_LINE_BYTES and not line.endswith("\n"):
                    too_long = RefereeError(
                        _("the line is longer than {limit} bytes; no action is").format(limit=MAX_LINE_BYTES)
                    )
                    return self.stop(number, line, too_long, ExitStatus.BAD_INPUT)
                text = strip_comment(line)
                if not text:
                    if self.unsaved and self._group_full(since) and (status := self._flushed()) is not None:
                        return status
                    continue
                if text.lower() == "undo":
                    if (status := self._flushed()) is not None:
                        return status
                    taken = self.session.undo_mine()  # against the computer: its reply and the player's own last action
                    if not taken:
                        return self.stop(
                            number, text, RefereeError(_("there is no action to take back")), ExitStatus.BAD_INPUT
                        )
                    if self.session.json_mode:
                        out.json(
                            {"undo": taken[-1], "undone": taken, "actions": len(game.actions), "to_move": game.to_move},
                            lines=True,
                        )
                    else:
                        out.text(_("undone: {actions}").format(actions=", ".join(taken)))
                    continue
                try:
                    events = self.session.push(text, defer=not self.session.served)
                except IllegalAction as error:
                    return self.stop(number, text, error, ExitStatus.ILLEGAL)
                except RefereeError as error:
                    return self.stop(number, text, error, exit_status(error))
                if not self.unsaved:
                    since = time.monotonic()
                self.unsaved.append((number, text, self.session.reporter(self.session.last_actor, events)))
                if self.session.computer is not None or self._group_full(since):
                    if (status := self._flushed()) is not None:
                        return status
                    self.session.computer_moves()
        return self._flushed()

    def stop(self, line: int, text: str, error: RefereeError, status: ExitStatus) -> ExitStatus:
        failed = self.flush()  # the actions accepted before this line are written and reported first
        if failed is not None:
            line, text, error = failed
            status = ExitStatus.BAD_INPUT
        if isinstance(error, WriteError):
            status = ExitStatus.BAD_INPUT
        index = len(self.game.actions) + 1
        rule = _(" [rule: {rule}]").format(rule=error.rule) if isinstance(error, IllegalAction) else ""
        if isinstance(error, IllegalAction):
            kind = _("illegal")
        elif isinstance(error, WriteError):
            kind = _("not recorded")
        else:
            kind = _("unreadable")
        text = shorten(text)
        self.out.error(
            _("line {line}, action {index} '{text}' {kind}: {message}{rule}").format(
                line=line, index=index, text=text, kind=kind, message=error.message, rule=rule
            )
        )
        if self.session.json_mode:
            from referee.errors import ReplayError

            document = error_document(self.game, ReplayError(index, text, error))
            document["error"]["line"] = line
            self.out.json(document, lines=True)
        if self.session.record_path is not None:
            self.out.note(
                ngettext(
                    "The record {file} holds the {count} action before it.",
                    "The record {file} holds the {count} actions before it.",
                    len(self.game.actions),
                ).format(file=self.session.record_path, count=len(self.game.actions))
            )
        return status
