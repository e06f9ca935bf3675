"""``play``: a live game, from menus at a terminal or one action per line from a pipe.

The record is written after every accepted action (atomically), so an interruption loses nothing; undo
removes the last action from it. Pipe mode stops at the first unreadable (exit 2) or illegal (exit 1) line.

The record is locked before it is read (so two referees never both read it and then write it in turn), its real
file is locked and written when its name is a symbolic link, and every write checks that the file is still the one
this referee wrote last (see :class:`~referee.cli.files.RecordWriter`).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from referee.cli.cells import cell_width
from referee.cli.env import Environment
from referee.cli.files import RecordChanged, RecordLock, RecordWriter, Stamp, WriteError
from referee.cli.output import Output, shorten
from referee.cli.records import Record
from referee.cli.shared_commands import ComputerPlayer, GameSpec, error_document
from referee.cli.status import CommandFailed, ExitStatus, exit_status, fail
from referee.engine import Event, Game
from referee.errors import IllegalAction, RefereeError
from referee.i18n import _, ngettext

MAX_LINE_BYTES = 1000
"""The longest line ``play`` reads in pipe mode (no action comes near it): a longer one is refused unread."""


def strip_comment(line: str) -> str:
    """Blank lines and text after ``#`` are ignored."""
    return line.split("#", 1)[0].strip()


class PlaySession:
    def __init__(
        self,
        spec: GameSpec,
        env: Environment,
        game: Game[Any, Any],
        record_path: Path | None,
        json_mode: bool,
        computer: ComputerPlayer | None = None,
        *,
        lock: RecordLock | None = None,
        writer: RecordWriter | None = None,
    ) -> None:
        """``lock``: the record's lock when the caller took it already (before reading the record); ``writer``:
        how the record is written (by default the file now at ``record_path`` is taken as the game's own)."""
        self.spec = spec
        self.lock = lock
        self.writer = writer
        if writer is None and record_path is not None:
            self.writer = RecordWriter(record_path, Stamp.of(record_path))
        self.computer = computer
        """Plays a seat (``play --vs-computer``): called with the game, returns the actions it plays now (notation)
        or nothing when it is not its turn."""
        self.env = env
        self.game = game
        self.record_path = record_path
        self.json_mode = json_mode
        self.out = Output(env, json_mode)
        self.by_computer: list[bool] = self.computer_actions()
        """For each accepted action, whether the computer played it (undo takes back its reply with yours); for a
        resumed game, read from the record: the actions performed by the computer's seat."""
        self.redo_stack: list[str] = []
        """What undo took back, last first, for redo (emptied by any other action)."""
        self.last_actor: str | None = None
        """Who performed the last action pushed (see :meth:`referee.engine.Game.actor`)."""
        self.source: Any = None
        """Pipe mode's input (:class:`~referee.cli.pipe_input.LineSource`), when it can tell whether more waits."""
        self.unsaved: list[tuple[int, str, list[Any]]] = []
        """Pipe mode's group commit: the actions accepted since the record was last written (line number, text,
        and what their report will say), reported once the record holds them."""
        self.started: str | None = None
        """When the game started (kept from a resumed record); the record's ``finished`` is set when it ends."""
        self.finished: str | None = None
        self.location: str | None = None
        """Where the game is played (``--location``, else a resumed record's): written to the record, logged with it."""
        self.explain = False
        """Whether each action is announced with the rules' words for it (at a terminal: the table carries it out
        by hand, so "Ann leads 2 × 3" or "5 écus to the bank for one more action" says what to do)."""
        self.last_reason = ""
        """The rules' words for the last action pushed, when :attr:`explain` is on."""

    def computer_actions(self) -> list[bool]:
        """Which of the game's actions so far the computer's seat performed (the rules' ``actor`` of each, the
        record replayed from the start): after ``--resume`` undo takes back the computer's reply with the player's
        own last action, as in one session."""
        seats = self.computer.seats if self.computer is not None else []
        if not seats or not self.game.actions:
            return [False] * len(self.game.actions)
        names = {self.game.players[seat] for seat in seats if seat < len(self.game.players)}
        replay: Game[Any, Any] = Game(self.game.rules, self.game.players, self.game.setup, undo=False)
        marks = []
        for text in self.game.actions:
            action = replay.parse(text)
            marks.append(replay.actor(action) in names)
            replay.push(action)
        return marks

    # -- the record ----------------------------------------------------------------------------------------
    def save(self) -> None:
        if self.game.over and self.finished is None:
            from referee.history.entry import now_iso

            self.finished = now_iso()
        elif not self.game.over:
            self.finished = None
        if self.record_path is None:
            return
        setup = self.spec.record_setup(self.game.setup)
        record = Record(
            self.spec.name,
            self.game.players,
            setup,
            list(self.game.actions),
            started=self.started,
            finished=self.finished,
            computer=self.computer.record_table() if self.computer is not None else None,
            location=self.location,
        )
        assert self.writer is not None
        self.writer.write(record.to_toml())

    # -- running -------------------------------------------------------------------------------------------
    def run(self) -> int:
        lock = self.lock
        if lock is None and self.record_path is not None:
            lock = RecordLock(self.record_path)
        try:
            if lock is not None and lock is not self.lock:
                lock.acquire()
            self.save()
            status = self.run_terminal() if self.env.interactive else self.run_pipe()
        except KeyboardInterrupt:
            where = (
                _("the record is safe in {file}").format(file=self.record_path)
                if self.record_path
                else _("no record was kept")
            )
            self.out.note(
                "\n"
                + ngettext(
                    "Interrupted after {count} action; {where}.",
                    "Interrupted after {count} actions; {where}.",
                    len(self.game.actions),
                ).format(count=len(self.game.actions), where=where)
            )
            return ExitStatus.INTERRUPTED
        except RefereeError as error:
            raise fail(self.out, error) from None
        finally:
            if lock is not None:
                lock.release()
        from referee.cli.history.play_log import log_finished_game

        log_finished_game(self)
        return status

    def push(self, choice: object, *, by_computer: bool = False, defer: bool = False) -> list[Event]:
        """Check and apply one action (an action object picked from a menu, or notation to parse), then write the
        record (with ``defer``, later: see :meth:`flush`)."""
        game = self.game
        action = game.parse(choice) if isinstance(choice, str) else choice
        actor = game.actor(action)
        reason = game.announcement(action) if self.explain else ""
        events = game.push(action)
        if not defer:
            try:
                self.save()
            except RefereeError:
                game.pop()
                raise
        self.by_computer.append(by_computer)
        self.last_actor = actor
        self.last_reason = reason
        return events

    def undo(self) -> str | None:
        """Take back the last action and write the record; if the write fails, the action stays (and the error is
        raised), so the game and the record still agree."""
        if not self.game.actions:
            return None
        text = self.game.pop()
        by_computer = self.by_computer.pop()
        try:
            self.save()
        except RefereeError:
            self.game.push(self.game.parse(text))
            self.by_computer.append(by_computer)
            raise
        self.redo_stack.append(text)
        return text

    # -- pipe mode -----------------------------------------------------------------------------------------
    def lines(self) -> Any:
        """``(number, text)`` for each line of standard input: text None when it is not UTF-8, and a line over
        :data:`MAX_LINE_BYTES` is cut there (the caller refuses it: it ends with no newline and is that long)."""
        from referee.cli.pipe_input import LineSource

        stream = self.env.stdin
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
    def _readlines(stream: Any) -> Any:
        while raw := stream.readline(MAX_LINE_BYTES + 1):
            yield raw

    # -- pipe mode's group commit --------------------------------------------------------------------------
    GROUP_ACTIONS = 2000
    """At most this many actions are accepted before the record is written (and they are reported)."""
    GROUP_SECONDS = 0.25
    """Nor is an accepted action kept unwritten longer than this while more lines keep coming."""

    def _group_full(self, since: float) -> bool:
        import time

        if self.source is None or not self.source.more_waiting():
            return True
        return len(self.unsaved) >= self.GROUP_ACTIONS or time.monotonic() - since >= self.GROUP_SECONDS

    def flush(self) -> tuple[int, str, RefereeError] | None:
        """Write the record holding the actions accepted since it was last written, then report them. If it
        cannot be written, none of them is kept: the game goes back to the record on disk, and the first of them
        is returned with the error (its line number and text) for the caller to stop there."""
        if not self.unsaved:
            return None
        group, self.unsaved = self.unsaved, []
        try:
            self.save()
        except RefereeError as error:
            for _ in group:
                self.game.pop()
                self.by_computer.pop()
            if len(group) == 1:
                return group[0][0], group[0][1], error
            return self._write_one_by_one(group)
        for _line, _text, reports in group:
            for report in reports:
                report()
        return None

    def _write_one_by_one(self, group: list[tuple[int, str, list[Any]]]) -> tuple[int, str, RefereeError] | None:
        """After a group failed to write (a full disk, a file size limit): the group again, an action and a write
        at a time, so the record keeps every action that still fits; the first that does not is returned."""
        for line, text, _reports in group:
            try:
                events = self.push(text)
            except RefereeError as error:
                return line, text, error
            self.report(self.last_actor, events)
        return None

    def run_pipe(self) -> ExitStatus:
        from referee.cli.main import keep_going_without_reader

        keep_going_without_reader()  # what is piped in is the game: refereed and recorded if the reader leaves
        out = self.out
        game = self.game
        self.computer_moves()
        try:
            status = self._read_pipe()
        except KeyboardInterrupt:
            self.flush()  # what was accepted is written before Ctrl-C ends the game
            raise
        if status is not None:
            return status
        if self.json_mode:
            out.json(game.summary(), lines=True)
        else:
            self.spec.render(game, out)
            if self.record_path is not None:
                out.note(_("Record: {file}").format(file=self.record_path))
        return ExitStatus.SUCCESS

    def _read_pipe(self) -> ExitStatus | None:
        """Every line of standard input as an action, written in groups (see :meth:`flush`); the exit status when
        a line stops the game, None at the end of the input."""
        import time

        out = self.out
        game = self.game
        since = 0.0
        for number, line in self.lines():
            if line is None:
                return self.stop(number, "", RefereeError(_("not UTF-8 text")), ExitStatus.BAD_INPUT)
            if len(line.encode("utf-8", "replace")) > MAX_LINE_BYTES and not line.endswith("\n"):
                too_long = RefereeError(
                    _("the line is longer than {limit} bytes; no action is").format(limit=MAX_LINE_BYTES)
                )
                return self.stop(number, line, too_long, ExitStatus.BAD_INPUT)
            text = strip_comment(line)
            if not text:
                if self.unsaved and self._group_full(since):
                    failed = self.flush()
                    if failed is not None:
                        return self.stop(*failed, ExitStatus.BAD_INPUT)
                continue
            if text.lower() == "undo":
                failed = self.flush()
                if failed is not None:
                    return self.stop(*failed, ExitStatus.BAD_INPUT)
                taken = self.undo_mine()  # against the computer: its reply and the player's own last action
                if not taken:
                    return self.stop(
                        number, text, RefereeError(_("there is no action to take back")), ExitStatus.BAD_INPUT
                    )
                if self.json_mode:
                    out.json(
                        {"undo": taken[-1], "undone": taken, "actions": len(game.actions), "to_move": game.to_move},
                        lines=True,
                    )
                else:
                    out.text(_("undone: {actions}").format(actions=", ".join(taken)))
                continue
            try:
                events = self.push(text, defer=True)
            except IllegalAction as error:
                return self.stop(number, text, error, ExitStatus.ILLEGAL)
            except RefereeError as error:
                return self.stop(number, text, error, exit_status(error))
            if not self.unsaved:
                since = time.monotonic()
            self.unsaved.append((number, text, [self.reporter(self.last_actor, events)]))
            if self.computer is not None or self._group_full(since):
                failed = self.flush()
                if failed is not None:
                    return self.stop(*failed, ExitStatus.BAD_INPUT)
                self.computer_moves()
        failed = self.flush()
        if failed is not None:
            return self.stop(*failed, ExitStatus.BAD_INPUT)
        return None

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
        if self.json_mode:
            from referee.errors import ReplayError

            document = error_document(self.game, ReplayError(index, text, error))
            document["error"]["line"] = line
            self.out.json(document, lines=True)
        if self.record_path is not None:
            self.out.note(
                _("The record {file} holds the {count} actions before it.").format(
                    file=self.record_path, count=len(self.game.actions)
                )
            )
        return status

    def report(self, player: str | None, events: list[Event]) -> None:
        """Announce the last action (its number, who played it, what the referee says of it)."""
        self.reporter(player, events)()

    def reporter(self, player: str | None, events: list[Event]) -> Any:
        """What :meth:`report` says of the last action, as it stands now, to be said when called (pipe mode says
        it once the record holds the action)."""
        game = self.game
        out = self.out
        if self.json_mode:
            document = {
                "index": len(game.actions),
                "action": game.actions[-1],
                "player": player,
                "events": [{"kind": event.kind, "message": event.message} for event in events],
                "to_move": game.to_move,
                "over": game.over,
            }
            return lambda: out.json(document, lines=True)
        lines = [f"{len(game.actions)}. {player}: {game.actions[-1]}"]
        if self.explain and self.last_reason:
            lines.append("   " + self.last_reason)
        lines += ["   " + event.message for event in events]

        def say() -> None:
            for line in lines:
                out.text(line)

        return say

    def computer_moves(self) -> bool:
        """Let the computer's seat play while it is its turn: each action announced and recorded like any other."""
        played = False
        while self.computer is not None and not self.game.over:
            actions = self.computer(self.game)
            if not actions:
                break
            for text in actions:
                events = self.push(text, by_computer=True)
                self.report(self.last_actor, events)
                played = True
                if self.game.over:
                    break
        return played

    # -- terminal mode -------------------------------------------------------------------------------------
    def run_terminal(self) -> ExitStatus:
        from referee.cli.menus import BACK, LOG, QUIT, REDO, RULES, UNDO, Prompter, SessionCommand

        screen = self.env.screen()
        out = self.out if screen is self.env else Output(screen, self.json_mode)
        game = self.game
        prompter = Prompter(to_stderr=self.json_mode or screen is not self.env)
        self.explain = not self.json_mode
        if self.record_path is not None:
            out.note(_("Recording to {file} after every action.").format(file=self.record_path))
        if game.actions:
            out.text(_("The game so far, last turns:"))
            for line in log_lines(self.spec, game)[-RESUME_TURNS:]:
                out.text(line)
        self.spec.render(game, out)
        while not game.over:
            if self.computer_moves():
                self.spec.render(game, out)
                continue
            prompter.notation = lambda action: game.rules.format(action, game.state)
            prompter.toolbar = self.spec.status_line(game)
            answer: Any = self.ask_typed(prompter)
            if answer == "":
                assert self.spec.ask_action is not None
                try:
                    answer = self.spec.ask_action(game, prompter, out)
                except SessionCommand as typed_in_a_menu:
                    answer = typed_in_a_menu.command
            if answer in (BACK, "back"):  # from the first menu (or typed at the line): the typed line again
                continue
            if answer in (QUIT, "quit"):
                out.note(
                    ngettext(
                        "Saved after {count} action. Continue with: referee {game} play --resume {file}",
                        "Saved after {count} actions. Continue with: referee {game} play --resume {file}",
                        len(game.actions),
                    ).format(count=len(game.actions), game=self.spec.name, file=self.record_path or "RECORD")
                )
                if game.actions and self.record_path:
                    out.note(
                        _("If the game is abandoned, log it as such: referee history add --incomplete {file}").format(
                            file=self.record_path
                        )
                    )
                return ExitStatus.SUCCESS
            if answer in (UNDO, "undo"):
                try:
                    undone = self.undo_mine()
                except RecordChanged:
                    raise
                except WriteError as error:  # the disk refused: the action stays, and the game goes on
                    out.error(error.message)
                    continue
                out.text(_("undone: {actions}").format(actions=", ".join(undone)) if undone else _("nothing to undo"))
                self.spec.render(game, out)
                continue
            if answer in (REDO, "redo"):
                redone = self.redo()
                out.text(_("redone: {action}").format(action=redone) if redone else _("nothing to redo"))
                self.spec.render(game, out)
                continue
            if answer in (LOG, "log"):
                for line in log_lines(self.spec, game) or [_("No action yet.")]:
                    out.text(line)
                continue
            if answer == RULES or (isinstance(answer, str) and answer.split()[:1] in ([RULES], ["rules"])):
                from referee.cli.shared_commands import print_topic
                from referee.rulebook import rulebook

                book = rulebook(self.spec.rulebook_package)
                entry = book.topic(answer.split()[-1]) if len(answer.split()) > 1 else None
                if entry is not None:
                    print_topic(out, entry, self.spec)
                else:
                    out.text(_("Topics: {topics}").format(topics=", ".join(book.names)))
                continue
            try:
                events = self.push(answer)
            except RecordChanged:
                raise
            except RefereeError as error:  # the prompts accept legal actions only; say so if one is refused anyway
                out.error(error.message)
                continue
            self.redo_stack.clear()
            self.report(self.last_actor, events)
            self.spec.render(game, out)
        return ExitStatus.SUCCESS

    def ask_typed(self, prompter: Any) -> str:
        """The turn's prompt: notation typed (completed from the legal actions, checked on Enter), a session word,
        or nothing (Enter alone), which opens the menus."""
        from referee.cli import typed_prompt
        from referee.cli.words import in_english, session_word, spellings
        from referee.rulebook import rulebook

        game = self.game
        rules = game.rules
        describe = self.spec.describe
        entries = [
            typed_prompt.Entry(rules.format(action, game.state), describe(action, game.state) if describe else "")
            for action in game.legal_actions()
        ]
        topics = rulebook(self.spec.rulebook_package)
        entries += [
            typed_prompt.Entry(spelling, label) for word, label in self.session_words() for spelling in spellings(word)
        ]

        def check(text: str) -> str | None:
            words = in_english(text).lower().split()
            if not words or " ".join(words) in SESSION_WORDS:
                return None
            if words[0] == "rules" and len(words) == 2:
                return None if topics.topic(words[1]) else _("No rules topic '{topic}'.").format(topic=words[1])
            try:
                action = game.parse(text)
            except RefereeError as error:
                return _("Unreadable: {message}").format(message=error.message)
            verdict = game.judge(action)
            if not verdict.legal:
                return _("Illegal: {reason} (rule: {rule})").format(reason=verdict.reason, rule=verdict.rule)
            return None

        player = game.to_move or ""
        keys = _("[Enter: menus · undo redo log rules quit]")
        toolbar = self.spec.status_line(game) + "  " + keys
        if cell_width(toolbar) >= shutil.get_terminal_size().columns:  # the status is the table's last line too
            toolbar = keys
        line = typed_prompt.ask_line(f"{player}> ", entries, check, toolbar=toolbar, to_stderr=prompter.to_stderr)
        return in_english(line) if session_word(line.split()[0] if line.split() else "") else line

    @staticmethod
    def session_words() -> list[tuple[str, str]]:
        return [
            ("undo", _("take back the last action")),
            ("redo", _("put back what undo took")),
            ("log", _("the actions so far, with the score after each turn")),
            ("rules", _("the rules by topic")),
            ("quit", _("save and quit")),
        ]

    def undo_mine(self) -> list[str]:
        """Take back the last action; against the computer, its reply too, so the player's own action is undone
        (the computer would only play its reply again)."""
        undone: list[str] = []
        while self.computer is not None and self.by_computer and self.by_computer[-1]:
            text = self.undo()
            if text is None:
                break
            undone.append(text)
        text = self.undo()
        if text is not None:
            undone.append(text)
        return undone

    def redo(self) -> str | None:
        """Put back the last action undo took (while nothing else was played since)."""
        if not self.redo_stack:
            return None
        text = self.redo_stack.pop()
        events = self.push(text)
        self.report(self.last_actor, events)
        return text


SESSION_WORDS = ("undo", "redo", "log", "rules", "quit", "back")


RESUME_TURNS = 3
"""How many of the last turns ``--resume`` shows before the first prompt."""


def log_lines(spec: GameSpec, game: Game[Any, Any]) -> list[str]:
    """The game so far, a line per turn (one player's actions in a row) with the score after it: the score sheet
    of ``log`` in ``play``. The record is replayed from the start; the rules score each turn. A game without
    points (``result_kind`` "ranking") shows no score, only who is out once someone is."""
    replayed: Game[Any, Any] = Game(spec.rules, game.players, game.setup, undo=False)
    lines: list[str] = []
    turn: list[str] = []
    player = replayed.to_move
    from referee import registry

    points = registry.facts(spec.name).result_kind == "points"

    def close() -> None:
        line = f"{len(lines) + 1}. {player}: {', '.join(turn)}"
        if points:
            scores = spec.rules.outcome(replayed.state).scores
            line += "  — " + ", ".join(f"{name} {points}" for name, points in scores.items())
        lines.append(line)

    for text in game.actions:
        mover = replayed.actor(replayed.parse(text))
        if turn and mover != player:
            close()
            turn = []
        player = mover
        replayed.push_text(text)
        turn.append(text)
    if turn:
        close()
    return lines


def play_command(
    env: Environment,
    spec: GameSpec,
    players: list[str] | None,
    setup: dict[str, Any] | None,
    record: str | None,
    resume: str | None,
    json_mode: bool,
    computer: ComputerPlayer | None = None,
) -> int:
    """Start (or with ``resume``, continue) a game and referee it (``computer`` plays a seat, see PlaySession).

    The record is locked first and read after, so no other referee can write it in between."""
    from referee.errors import InputError

    out = Output(env, json_mode)
    lock: RecordLock | None = None
    path: Path | None
    try:
        if env.stdin is None:
            raise InputError(_("standard input is closed; play reads its actions there"))
        if resume is not None:
            game, path, lock, writer, loaded = _resume(spec, resume, record, env, out)
        else:
            if players is None:
                raise InputError(_("--players is required to start a game (or --resume a record)"))
            game = Game(spec.rules, players, setup or {})
            path, lock, writer = _new_record(spec, record, env)
            loaded = None
    except RefereeError as error:
        if lock is not None:
            lock.release()
        raise fail(out, error) from None
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if computer is None and loaded is not None and loaded.computer and spec.computer_from_record is not None:
        try:
            computer = spec.computer_from_record(loaded.computer, len(game.players))
        except RefereeError as error:
            if lock is not None:
                lock.release()
            raise fail(out, error) from None
        out.note(_resumed_computer(loaded.computer))
    session = PlaySession(spec, env, game, path, json_mode, computer, lock=lock, writer=writer)
    from referee.cli.history.play_log import play_location

    session.location = play_location() or (loaded.location if loaded is not None else None)
    if loaded is not None:
        session.started, session.finished = loaded.started, loaded.finished
    else:
        from referee.history.entry import now_iso

        session.started = now_iso()
    return session.run()


def _resumed_computer(table: dict[str, Any]) -> str:
    """The line that says the computer of a resumed game plays on as the record says."""
    seats = ", ".join(str(seat) for seat in table.get("seats", []))
    return _("The computer plays seat {seats} again, at level {level}, {time} s a move (as the record says).").format(
        seats=seats, level=table.get("level"), time=table.get("time")
    )


def _is_standard_input(path: str, env: Environment) -> bool:
    """Whether ``path`` names the very file standard input reads (``/dev/stdin`` with a file redirected to it)."""
    import os

    try:
        return os.path.samestat(os.stat(path), os.fstat(env.stdin.fileno()))
    except (OSError, ValueError, AttributeError):
        return False


def _locked(path: Path) -> RecordLock:
    lock = RecordLock(path)
    lock.acquire()
    return lock


def _new_record(spec: GameSpec, record: str | None, env: Environment) -> tuple[Path | None, RecordLock | None, Any]:
    """Where a new game is recorded, locked; the record must not exist (checked again once locked)."""
    from referee.cli.files import path_exists
    from referee.cli.records import default_record_path
    from referee.errors import InputError

    if record is not None:
        path = Path(record)
    elif env.interactive:
        path = default_record_path(spec.name)
    else:
        return None, None, None
    exists = _("{file} already exists: continue it with --resume {file}, or choose another file")
    if path_exists(path):
        raise InputError(exists.format(file=path))
    lock = _locked(path)
    if path_exists(path):  # another referee made it and let go in between
        lock.release()
        raise InputError(exists.format(file=path))
    return path, lock, RecordWriter(path, None)


def _warn_of_other_names(path: Path, out: Output) -> None:
    """A record with other names (hard links) is one file under each: the game goes on under this name alone (the
    first write puts a new file there), and the other names keep the game as it was. Said, so nobody is surprised."""
    import os

    try:
        links = os.stat(path).st_nlink
    except OSError:
        return
    if links > 1:
        out.warn(
            ngettext(
                "{file} has {count} other name (a hard link): the game goes on under {file} alone, and the other "
                "name keeps the game as it is now",
                "{file} has {count} other names (hard links): the game goes on under {file} alone, and the other "
                "names keep the game as it is now",
                links - 1,
            ).format(file=path, count=links - 1)
        )


def _resume(
    spec: GameSpec, resume: str, record: str | None, env: Environment, out: Output
) -> tuple[Game[Any, Any], Path, RecordLock, RecordWriter, Record]:
    """The resumed game, where it goes on (its real file, or a new ``record``), that file's lock and writer, and the
    record it was read from."""
    from referee.cli.files import check_regular_file, path_exists, real_record_path, refuse_read_only
    from referee.cli.shared_commands import load_record, replay_error_line, replay_record
    from referee.errors import InputError

    if resume == "-":
        raise InputError(_("--resume needs a record file, not standard input"))
    check_regular_file(resume)
    if _is_standard_input(resume, env):
        raise InputError(_("{file}: is this command's standard input, not a record file").format(file=resume))
    source = real_record_path(Path(resume))
    if record and path_exists(record) and Path(record).resolve() != source.resolve():
        raise InputError(_("{file} already exists; choose another --record").format(file=record))
    target = source if not record or Path(record).resolve() == source.resolve() else Path(record)
    if target == source:
        refuse_read_only(source)
        _warn_of_other_names(source, out)
    lock = _locked(target)
    try:
        stamp = Stamp.of(source)
        loaded = load_record(spec, resume, env)
        game, error = replay_record(spec, loaded, resume)
        if error is not None:
            out.error(replay_error_line(resume, error))
            out.note(_("{file} was not changed.").format(file=resume))
            raise CommandFailed(exit_status(error))
        if target != source and path_exists(target):
            raise InputError(_("{file} already exists; choose another --record").format(file=record))
    except BaseException:
        lock.release()
        raise
    return game, target, lock, RecordWriter(target, stamp if target == source else None), loaded
