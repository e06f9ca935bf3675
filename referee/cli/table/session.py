"""The play session: one game at the table and its record, whichever way its actions come (a terminal:
:mod:`referee.cli.table.terminal`; a pipe: :mod:`referee.cli.table.pipe`).

The record is written after every accepted action (atomically), so an interruption loses nothing; undo removes the
last action from it (against the computer, its reply with it). The record is locked while the game goes on, and
every write checks that the file is still the one this referee wrote last (see
:class:`~referee.cli.files.RecordWriter`). The session knows neither the history nor the ways actions come: who
starts it passes the way (:meth:`PlaySession.run`) and what to do with the game when the session ends
(:attr:`PlaySession.on_finished`: ``play`` logs it in the history).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.cli.env import Environment
from referee.cli.files import RecordLock, RecordWriter, Stamp
from referee.cli.output import Output
from referee.cli.records import Record
from referee.cli.shared_commands import AnyGameSpec, ComputerPlayer
from referee.cli.status import ExitStatus, fail
from referee.cli.table.view import Announcement
from referee.engine import Event, Game
from referee.errors import RefereeError
from referee.i18n import _, ngettext


@dataclass(frozen=True)
class PlayIdentity:
    """What makes a game one play of the history, known when its session is built: its uuid, when it started, when
    it finished (a finished record resumed) and where it is played (see :class:`~referee.cli.records.Record`; a
    record older than these keys has none of them)."""

    uuid: str | None
    started: str | None
    finished: str | None = None
    location: str | None = None

    @staticmethod
    def new(location: str | None) -> PlayIdentity:
        """A new game's: a new uuid, started now."""
        from referee.history.entry import new_uuid, now_iso

        return PlayIdentity(new_uuid(), now_iso(), None, location)


class PlaySession:
    """One game being played: its record written after every action, undo and redo, the computer's seat, and the
    announcement of each action; :meth:`run` hands it to the terminal or the pipe."""

    def __init__(
        self,
        spec: AnyGameSpec,
        env: Environment,
        game: Game[Any, Any],
        record_path: Path | None,
        json_mode: bool,
        computer: ComputerPlayer | None = None,
        *,
        lock: RecordLock | None = None,
        writer: RecordWriter | None = None,
        identity: PlayIdentity | None = None,
        on_finished: Callable[[PlaySession], None] | None = None,
    ) -> None:
        """``lock``: the record's lock when the caller took it already (before reading the record); ``writer``:
        how the record is written (by default the file now at ``record_path`` is taken as the game's own);
        ``identity``: the play's (none: a game the history never sees); ``on_finished``: see :attr:`on_finished`."""
        self.spec = spec
        self.lock = lock
        self.writer = writer
        known = identity or PlayIdentity(None, None)
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
        self.announcements: list[Announcement] = self.actions_so_far()
        """Each accepted action as the table heard it (:class:`~referee.cli.table.view.Announcement`): who played
        it, whether the computer did, what the referee said of it; for a resumed game, read from the record (the
        actions before this session with nothing said). What the table shows of the last turns
        (:func:`~referee.cli.table.view.table_view`)."""
        self.by_computer: list[bool] = [announced.by_computer for announced in self.announcements]
        """For each accepted action, whether the computer played it (undo takes back its reply with yours); for a
        resumed game, read from the record: the actions performed by the computer's seat."""
        self.redo_stack: list[str] = []
        """What undo took back, last first, for redo (emptied by any other action)."""
        self.last_actor: str | None = None
        """Who performed the last action pushed (see :meth:`referee.engine.Game.actor`)."""
        self.started: str | None = known.started
        """When the game started (kept from a resumed record); the record's ``finished`` is set when it ends."""
        self.finished: str | None = known.finished
        self.uuid: str | None = known.uuid
        """The game's identity: new for a new game, kept from a resumed record (see :class:`Record`)."""
        self.on_finished: Callable[[PlaySession], None] = on_finished or _keep_nothing
        """Called with the session when :meth:`run` has played it (over or not) and released its record: ``play``
        hands the game to the history here (:func:`referee.cli.history.play_log.log_finished_game`)."""
        self.location: str | None = known.location
        """Where the game is played (``--location``, else a resumed record's): written to the record, logged with it."""
        self.explain = False
        """Whether each action is announced with the rules' words for it (at a terminal: the table carries it out
        by hand, so "Ann leads 2 × 3" or "5 écus to the bank for one more action" says what to do)."""
        self.last_reason = ""
        """The rules' words for the last action pushed, when :attr:`explain` is on or the computer played it."""
        self.last_paid: dict[str, int] | None = None
        """What the last action pushed cost its player (``--json``, in a game where something is paid)."""
        self.turns = threading.RLock()
        """Taken around every change of the game (:meth:`push`, :meth:`undo`), whoever makes it: the terminal, the
        pipe, or a page of ``play --serve`` (:mod:`referee.cli.serve`), so actions are taken one at a time, in the
        order they come, each judged against the position the one before it made."""
        self.turn_taken = threading.Condition(self.turns)
        """Notified after every change of the game (a pipe at the end of its input waits on it while served)."""
        self.changes = 0
        """How many changes the game has seen in this session (actions and undos): a prompt's answer is taken only
        against the position it was asked in."""
        self.watchers: list[Callable[[], None]] = []
        """Called (holding :attr:`turns`) after every change of the game: the pages of ``play --serve``."""
        self.served = False
        """Whether the game is also played from pages (``play --serve``): a pipe then writes the record after every
        action, as a terminal does, and waits at the end of its input for the game to end."""
        self.pages: list[str] = []
        """What ``play --serve`` said of its pages at the start (the table's address, each seat's, their QR codes):
        the full screen shows it again in place of the board until the first key (the terminal's own lines are
        hidden while the screen is up)."""

    def actions_so_far(self) -> list[Announcement]:
        """The game's actions so far, each with its player (the rules' ``actor`` of each, the record replayed from
        the start) and whether the computer's seat performed it: after ``--resume`` undo takes back the
        computer's reply with the player's own last action, as in one session, and the table shows the last
        turns."""
        if not self.game.actions:
            return []
        seats = self.computer.seats if self.computer is not None else []
        names = {self.game.players[seat] for seat in seats if seat < len(self.game.players)}
        replay: Game[Any, Any] = Game(self.game.rules, self.game.players, self.game.setup, undo=False)
        announced = []
        for index, text in enumerate(self.game.actions, start=1):
            action = replay.parse(text)
            actor = replay.actor(action)
            announced.append(Announcement(index, actor, text, by_computer=actor in names))
            replay.push(action)
        return announced

    # -- the record ----------------------------------------------------------------------------------------
    def save(self) -> None:
        if self.game.over and self.finished is None:
            from referee.history.entry import now_iso

            self.finished = now_iso()
        elif not self.game.over:
            self.finished = None
        if self.record_path is None:
            return
        assert self.writer is not None
        self.writer.write(self.record().to_toml())

    def record(self) -> Record:
        """The game as its record holds it: players, setup, actions, times, the computer's seat, the location."""
        return Record(
            self.spec.name,
            list(self.game.players),
            self.spec.record_setup(dict(self.game.setup)),
            list(self.game.actions),
            started=self.started,
            finished=self.finished,
            computer=self.computer.record_table() if self.computer is not None else None,
            location=self.location,
            uuid=self.uuid,
        )

    # -- running -------------------------------------------------------------------------------------------
    def run(self, referee: Callable[[PlaySession], int]) -> int:
        """Play the game the way ``referee`` takes actions (a terminal's or a pipe's mode, given the session; it
        returns the exit status), with the record locked, then hand the session to :attr:`on_finished`."""
        lock = self.lock
        if lock is None and self.record_path is not None:
            lock = RecordLock(self.record_path)
        try:
            if lock is not None and lock is not self.lock:
                lock.acquire()
            self.save()
            status = referee(self)
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
        self.on_finished(self)
        return status

    # -- actions -------------------------------------------------------------------------------------------
    def push(self, choice: object, *, by_computer: bool = False, defer: bool = False) -> list[Event]:
        """Check and apply one action (an action object picked from a menu, or notation to parse), then write the
        record (with ``defer``, later: see :meth:`referee.cli.table.pipe.PipeMode.flush`)."""
        with self.turns:
            events = self._push(choice, by_computer, defer)
            self.changed()
        return events

    def changed(self) -> None:
        """Tell the watchers that the game changed (holding :attr:`turns`)."""
        self.changes += 1
        for watcher in self.watchers:
            watcher()
        self.turn_taken.notify_all()

    def _push(self, choice: object, by_computer: bool, defer: bool) -> list[Event]:
        game = self.game
        action = game.parse(choice) if isinstance(choice, str) else choice
        actor = game.actor(action)
        reason = ""
        if (self.explain or by_computer) and not self.json_mode:  # the computer's actions are carried out by hand
            announce = self.spec.announce
            reason = announce(action, game.state) if announce is not None else game.announcement(action)
        paid = None
        if self.spec.paid is not None and self.json_mode and self.computer is not None:
            paid = self.spec.paid(action, game.state)
        events = game.push(action)
        if not defer:
            try:
                self.save()
            except RefereeError:
                game.pop()
                raise
        self.by_computer.append(by_computer)
        self.announcements.append(
            Announcement(len(game.actions), actor, game.actions[-1], reason, tuple(events), by_computer)
        )
        self.last_actor = actor
        self.last_reason = reason
        self.last_paid = paid
        return events

    def undo(self) -> str | None:
        """Take back the last action and write the record; if the write fails, the action stays (and the error is
        raised), so the game and the record still agree."""
        with self.turns:
            text = self._undo()
            if text is not None:
                self.changed()
        return text

    def _undo(self) -> str | None:
        if not self.game.actions:
            return None
        text = self.game.pop()
        by_computer = self.by_computer.pop()
        announced = self.announcements.pop()
        try:
            self.save()
        except RefereeError:
            self.game.push(self.game.parse(text))
            self.by_computer.append(by_computer)
            self.announcements.append(announced)
            raise
        self.redo_stack.append(text)
        return text

    def undo_mine(self) -> list[str]:
        """Take back the last action; against the computer, its reply too, so the player's own action is undone
        (the computer would only play its reply again)."""
        with self.turns:
            return self._undo_mine()

    def _undo_mine(self) -> list[str]:
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

    # -- announcing and the computer's seat ----------------------------------------------------------------
    def report(self, player: str | None, events: list[Event]) -> None:
        """Announce the last action (its number, who played it, what the referee says of it)."""
        self.reporter(player, events)()

    def reporter(self, player: str | None, events: list[Event]) -> Callable[[], None]:
        """What :meth:`report` says of the last action, as it stands now, to be said when called (pipe mode says
        it once the record holds the action)."""
        game = self.game
        out = self.out
        if self.json_mode:
            document = {
                "index": len(game.actions),
                "action": game.actions[-1],
                "player": player,
                **({"computer": bool(self.by_computer and self.by_computer[-1])} if self.computer is not None else {}),
                **({"paid": self.last_paid} if self.last_paid is not None else {}),
                "events": [{"kind": event.kind, "message": event.message} for event in events],
                "to_move": game.to_move,
                "over": game.over,
            }
            return lambda: out.json(document, lines=True)
        lines = [f"{len(game.actions)}. {player}: {game.actions[-1]}"]
        if self.last_reason:
            lines.append("   " + self.last_reason)
        lines += ["   " + event.message for event in events]

        def say() -> None:
            for line in lines:
                out.text(line)

        return say

    def computer_moves(self) -> bool:
        """Let the computer's seat play while it is its turn: each action announced and recorded like any other
        (holding :attr:`turns` all through: nobody acts while the computer thinks)."""
        played = False
        with self.turns:
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


def _keep_nothing(session: PlaySession) -> None:
    """What a session does with its game when it ends, unless told otherwise: nothing (the record is written)."""
