"""``play``: a live game, from menus at a terminal or one action per line from a pipe.

The record is written after every accepted action (atomically), so an interruption loses nothing; undo
removes the last action from it. Pipe mode stops at the first unreadable (exit 2) or illegal (exit 1) line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.cli.common import GameSpec, error_document, fail
from referee.cli.env import Environment
from referee.cli.files import RecordLock, write_atomically
from referee.cli.output import Output
from referee.cli.records import Record
from referee.cli.status import CommandExit, ExitStatus
from referee.engine import Event, Game
from referee.errors import IllegalAction, RefereeError
from referee.i18n import _, ngettext


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
        computer: Any = None,
    ) -> None:
        self.spec = spec
        self.computer = computer
        """Plays a seat (``play --vs-computer``): called with the game, returns the actions it plays now (notation)
        or nothing when it is not its turn."""
        self.env = env
        self.game = game
        self.record_path = record_path
        self.json_mode = json_mode
        self.out = Output(env, json_mode)

    # -- the record ----------------------------------------------------------------------------------------
    def save(self) -> None:
        if self.record_path is None:
            return
        record = Record(self.spec.name, self.game.players, self.game.setup, list(self.game.actions))
        write_atomically(self.record_path, record.to_toml())

    # -- running -------------------------------------------------------------------------------------------
    def run(self) -> None:
        lock = RecordLock(self.record_path) if self.record_path is not None else None
        try:
            if lock is not None:
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
            raise CommandExit(ExitStatus.INTERRUPTED) from None
        except RefereeError as error:
            raise fail(self.out, error) from None
        finally:
            if lock is not None:
                lock.release()
        raise CommandExit(status)

    def push(self, text: str) -> list[Event]:
        """Parse, check and apply one action, then write the record."""
        game = self.game
        events = game.push(game.parse(text))
        try:
            self.save()
        except RefereeError:
            game.pop()
            raise
        return events

    def undo(self) -> str | None:
        if not self.game.actions:
            return None
        text = self.game.pop()
        self.save()
        return text

    # -- pipe mode -----------------------------------------------------------------------------------------
    def lines(self) -> Any:
        stream = self.env.stdin
        binary = getattr(stream, "buffer", None)
        if binary is None:
            for number, line in enumerate(stream, start=1):
                yield number, line
            return
        for number, raw in enumerate(binary, start=1):
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError:
                yield number, None

    def run_pipe(self) -> ExitStatus:
        out = self.out
        game = self.game
        self.computer_moves()
        for number, line in self.lines():
            if line is None:
                return self.stop(number, "", RefereeError(_("not UTF-8 text")), ExitStatus.BAD_INPUT)
            text = strip_comment(line)
            if not text:
                continue
            if text.lower() == "undo":
                undone = self.undo()
                if undone is None:
                    return self.stop(
                        number, text, RefereeError(_("there is no action to take back")), ExitStatus.BAD_INPUT
                    )
                if self.json_mode:
                    out.json({"undo": undone, "actions": len(game.actions), "to_move": game.to_move}, lines=True)
                else:
                    out.text(_("undone: {action}").format(action=undone))
                continue
            player = game.to_move
            try:
                events = self.push(text)
            except IllegalAction as error:
                return self.stop(number, text, error, ExitStatus.ILLEGAL)
            except RefereeError as error:
                return self.stop(number, text, error, ExitStatus(error.exit_status))
            self.report(player, events)
            self.computer_moves()
        if self.json_mode:
            out.json(game.summary(), lines=True)
        else:
            self.spec.render(game, out)
            if self.record_path is not None:
                out.note(_("Record: {file}").format(file=self.record_path))
        return ExitStatus.SUCCESS

    def stop(self, line: int, text: str, error: RefereeError, status: ExitStatus) -> ExitStatus:
        index = len(self.game.actions) + 1
        rule = _(" [rule: {rule}]").format(rule=error.rule) if isinstance(error, IllegalAction) else ""
        kind = _("illegal") if isinstance(error, IllegalAction) else _("unreadable")
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
        game = self.game
        if self.json_mode:
            self.out.json(
                {
                    "index": len(game.actions),
                    "action": game.actions[-1],
                    "player": player,
                    "events": [{"kind": event.kind, "message": event.message} for event in events],
                    "to_move": game.to_move,
                    "over": game.over,
                },
                lines=True,
            )
            return
        self.out.text(f"{len(game.actions)}. {player}: {game.actions[-1]}")
        for event in events:
            self.out.text("   " + event.message)

    def computer_moves(self) -> bool:
        """Let the computer's seat play while it is its turn: each action announced and recorded like any other."""
        played = False
        while self.computer is not None and not self.game.over:
            actions = self.computer(self.game)
            if not actions:
                break
            name = getattr(self.computer, "player", None)
            for text in actions:
                player = name(self.game) if name is not None else self.game.to_move
                events = self.push(text)
                self.report(player, events)
                played = True
                if self.game.over:
                    break
        return played

    # -- terminal mode -------------------------------------------------------------------------------------
    def run_terminal(self) -> ExitStatus:
        from referee.cli.prompts import QUIT, RULES, UNDO, Prompter

        out = self.out
        game = self.game
        prompter = Prompter(to_stderr=self.json_mode)
        if self.record_path is not None:
            out.note(_("Recording to {file} after every action.").format(file=self.record_path))
        self.spec.render(game, out)
        while not game.over:
            if self.computer_moves():
                self.spec.render(game, out)
                continue
            assert self.spec.ask_action is not None
            answer = self.spec.ask_action(game, prompter, out)
            if answer == QUIT:
                out.note(
                    _("Saved after {count} actions. Continue with: referee {game} play --resume {file}").format(
                        count=len(game.actions), game=self.spec.name, file=self.record_path or "RECORD"
                    )
                )
                return ExitStatus.SUCCESS
            if answer == UNDO:
                undone = self.undo()
                out.text(_("undone: {action}").format(action=undone) if undone else _("nothing to undo"))
                self.spec.render(game, out)
                continue
            if answer.startswith(RULES):
                from referee.cli.common import print_topic
                from referee.rulebook import rulebook

                entry = rulebook(self.spec.rulebook_package).topic(answer.split()[-1])
                if entry is not None:
                    print_topic(out, entry, self.spec)
                continue
            player = game.to_move
            try:
                events = self.push(answer)
            except RefereeError as error:  # menus offer legal actions only; say so if one is refused anyway
                out.error(error.message)
                continue
            self.report(player, events)
            self.spec.render(game, out)
        return ExitStatus.SUCCESS


def play_command(
    spec: GameSpec,
    players: list[str] | None,
    setup: dict[str, Any] | None,
    record: str | None,
    resume: str | None,
    json_mode: bool,
    computer: Any = None,
) -> None:
    """Start (or with ``resume``, continue) a game and referee it (``computer`` plays a seat, see PlaySession)."""
    from referee.cli.common import load_record, replay_error_line, replay_record
    from referee.cli.env import current
    from referee.cli.records import default_record_path
    from referee.errors import InputError

    env = current()
    out = Output(env, json_mode)
    try:
        if resume is not None:
            if resume == "-":
                raise InputError(_("--resume needs a record file, not standard input"))
            loaded = load_record(spec, resume, env)
            game, error = replay_record(spec, loaded, resume)
            if error is not None:
                out.error(replay_error_line(resume, error))
                out.note(_("{file} was not changed.").format(file=resume))
                raise CommandExit(error.exit_status)
            path = Path(record) if record else Path(resume)
            if record and Path(record).exists() and Path(record).resolve() != Path(resume).resolve():
                raise InputError(_("{file} already exists; choose another --record").format(file=record))
        else:
            if players is None:
                raise InputError(_("--players is required to start a game (or --resume a record)"))
            game = Game(spec.rules, players, setup or {})
            if record is not None:
                path = Path(record)
                if path.exists():
                    raise InputError(
                        _("{file} already exists: continue it with --resume {file}, or choose another file").format(
                            file=record
                        )
                    )
            elif env.interactive:
                path = default_record_path(spec.name)
            else:
                path = None
    except RefereeError as error:
        raise fail(out, error) from None
    PlaySession(spec, env, game, path, json_mode, computer).run()
