"""``play`` at a terminal, full screen: the game played in a worker thread that asks the
:class:`~referee.cli.table.screen.TableScreen` for each action, while the screen keeps the board, every seat, the
last turns, the input line and its list in their places.

The same session as the line mode (:mod:`referee.cli.table.terminal`, kept for ``--json`` and dumb terminals):
the typed line is checked by the same parser and judge, the rooms' menus are asked through a
:class:`ScreenPrompter`, the session words are the same, and the record is written after every action. When the
screen closes, what a player needs to go on (how to resume, the final table) is printed on the terminal as usual.
"""

from __future__ import annotations

import contextvars
import threading
from typing import TYPE_CHECKING, Any

from referee.cli.files import RecordChanged, WriteError
from referee.cli.status import ExitStatus
from referee.cli.table.menus import BACK, HINT, LOG, QUIT, REDO, RULES, UNDO, Prompter, SessionCommand
from referee.cli.table.screen import LINE, MENU, PAUSE, BoardOutput, Question, TableScreen
from referee.cli.table.terminal import (
    SESSION_WORDS,
    hint_lines,
    log_lines,
    pause_advice,
    pause_check,
    quit_lines,
    typed_entries,
)
from referee.cli.table.typed_prompt import Entry, TableChanged, board_order
from referee.cli.table.view import table_view
from referee.cli.table.words import in_english, session_word
from referee.errors import RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.table.session import PlaySession


DRAWING_CPU = 0.05
"""The CPU seconds the screen takes after a computer's turn, inside its time as the people see it: the board drawn
again with the turn, then the pause asked and drawn (about 0.03–0.05 s, measured by
``benchmarks/coin_age_turn_time.py --terminal-turns``). Added to the reserve of a computer that keeps one for the
table's work after its search (``reserve_cpu``: Coin Age's)."""


class ScreenPrompter(Prompter):
    """The rooms' menus (``ask_action(game, prompter, out)``) asked on the screen: the same entries as the line
    mode's, numbered from 1 in order; Escape answers the menu's ``back``."""

    def __init__(self, screen: TableScreen) -> None:
        super().__init__()
        self.screen = screen

    def choose(self, message: str, entries: list[Entry], understood: list[Entry]) -> Entry:
        back = next((entry for entry in entries if entry.value == BACK), None)
        question = Question(
            MENU,
            message + " ",
            entries,
            words=understood,
            advice=_("Type to filter, a number, or ↑↓ then Enter · Esc: back"),
            escape=back,
        )
        picked: Entry = self.screen.ask(question)
        return picked


class FullScreenMode:
    """A session's game on the full screen (see the module's docstring)."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.game = session.game
        self.spec = session.spec
        self.screen = TableScreen(
            view=lambda keep: table_view(session, keep),
            board=self.draw_board,
            sheet=lambda: log_lines(self.spec, self.game),
            color=session.env.color,
        )
        self.prompter = ScreenPrompter(self.screen)
        computer = session.computer
        if computer is not None and hasattr(computer, "reserve_cpu"):  # the table is drawn after its turn
            computer.reserve_cpu += DRAWING_CPU
        self.game_thread: threading.Thread | None = None
        self.asked_at = 0
        """:attr:`PlaySession.changes` when the turn's question was asked: an answer is taken only against the
        position it was asked in (``play --serve``: a seat's page may act meanwhile)."""
        if session.served:  # the pages act too: one lock for every change of the game and every drawing of it
            self.screen.lock = session.turns
            session.watchers.append(self.changed_elsewhere)
        self.seen_over = False
        """Enter was pressed at a pause showing the game over: the game ends there."""
        self.leaving: list[str] = []
        """What is printed on the terminal once the screen has closed (how to resume)."""

    def changed_elsewhere(self) -> None:
        """A change of the game made by a seat's page (``play --serve``; called holding the session's lock): the
        table is drawn again and the question now asked closed, to be asked again of the new position."""
        if threading.current_thread() is self.game_thread:
            return  # the game's own change: it draws the table itself
        self.screen.changed()
        self.screen.close_question()

    def draw_board(self, out: BoardOutput) -> None:
        out.skipped = self.spec.status_line(self.game)  # shown on its own line, under the seats
        self.spec.render(self.game, out)

    # -- the screen's thread -------------------------------------------------------------------------------------
    def run(self) -> ExitStatus:
        session = self.session
        real_out = session.out
        if self.game.over:  # a finished game resumed: its final table, and nothing to ask
            self.spec.render(self.game, real_out)
            return ExitStatus.SUCCESS
        session.out = BoardOutput(80, 24, False)  # what the session says is shown by the screen, not printed
        session.explain = True
        outcome: list[Any] = []

        def play() -> None:
            try:
                outcome.append(self.play())
            except BaseException as error:  # handed to the screen's thread, which raises it there
                outcome.append(error)
            finally:
                self.screen.close()

        context = contextvars.copy_context()  # the game's settings (the Builders' card names) go with it
        worker = threading.Thread(target=context.run, args=(play,), name="referee-table", daemon=True)
        self.game_thread = worker
        try:
            self.screen.app.run(pre_run=worker.start)
        except (KeyboardInterrupt, EOFError):
            self.screen.quit_now()
            raise KeyboardInterrupt from None
        finally:
            session.out = real_out
        worker.join()
        result = outcome[0] if outcome else KeyboardInterrupt()
        if isinstance(result, BaseException):
            raise result
        for line in self.leaving:
            real_out.note(line)
        if self.game.over:  # kept on the terminal once the screen has closed: the last turn and the final table
            last = table_view(session).last_turn
            for line in last.lines() if last is not None else []:
                real_out.text(line)
            self.spec.render(self.game, real_out)
        return ExitStatus(result)

    # -- the game's thread ---------------------------------------------------------------------------------------
    def play(self) -> ExitStatus:
        session, game, screen = self.session, self.game, self.screen
        if session.record_path is not None:
            screen.say(_("Recording to {file} after every action.").format(file=session.record_path))
        if session.pages:  # play --serve: the pages' addresses, hidden with the terminal's lines by the screen
            screen.show(_("The table's pages"), session.pages)
        while True:
            while not game.over:
                try:
                    answer = self.next_answer()
                except TableChanged:  # a seat's page played (play --serve): the new position is asked of
                    continue
                if answer is None:
                    continue
                if answer == QUIT:
                    self.leaving = quit_lines(session)
                    return ExitStatus.SUCCESS
                self.carry_out(answer)
            try:
                answer = "" if self.seen_over else self.pause(over=True)
            except TableChanged:  # a seat's page took back the last action: the game goes on
                continue
            if answer == QUIT or answer == "":
                return ExitStatus.SUCCESS
            self.seen_over = False
            self.carry_out(answer)

    def next_answer(self) -> Any:
        """The next thing the player means: an action (an object or notation), a session command, or None (the
        computer played and the table was carried out: nothing more to do)."""
        game = self.game
        if self.computer_moves():
            answer = self.pause(over=game.over)
            return answer or None
        self.asked_at = self.session.changes
        answer = self.ask_typed()
        if answer == "":
            self.prompter.notation = lambda action: game.rules.format(action, game.state)
            ask_action = self.spec.ask_action or self.one_menu
            try:
                answer = ask_action(game, self.prompter, self.session.out)
            except SessionCommand as typed_in_a_menu:
                answer = typed_in_a_menu.command
        if answer in (BACK, "back"):
            return None
        word = session_word(answer.split()[0]) if isinstance(answer, str) and answer.split() else None
        if word is not None and isinstance(answer, str):
            command = {"undo": UNDO, "redo": REDO, "log": LOG, "quit": QUIT}.get(word)
            if command is not None:
                return command
        return answer

    def carry_out(self, answer: Any) -> None:
        """Do what the player meant: a session command, or an action (checked, recorded, the table drawn again)."""
        session, screen = self.session, self.screen
        if answer == UNDO:
            try:
                with screen.lock:
                    undone = session.undo_mine()
            except RecordChanged:
                raise
            except WriteError as error:  # the disk refused: the action stays, and the game goes on
                screen.say(error.message)
                return
            screen.changed()
            screen.say(_("undone: {actions}").format(actions=", ".join(undone)) if undone else _("nothing to undo"))
            return
        if answer == REDO:
            with screen.lock:
                redone = session.redo()
            screen.changed()
            screen.say(_("redone: {action}").format(action=redone) if redone else _("nothing to redo"))
            return
        if answer == LOG:
            lines = log_lines(self.spec, self.game) or [_("No action yet.")]
            screen.show(_("Score sheet"), lines)
            return
        if answer == RULES or (isinstance(answer, str) and answer.split()[:1] in ([RULES], ["rules"])):
            self.show_rules(answer)
            return
        if answer == HINT or (isinstance(answer, str) and answer.split()[:1] == ["hint"]):
            self.show_hint(answer.split()[1:] if isinstance(answer, str) else [])
            return
        try:
            with screen.lock:
                if session.changes != self.asked_at:  # (play --serve) a seat's page played while this was chosen
                    screen.say(_("A seat's page played while you chose: choose again."))
                    return
                session.push(answer)
                session.redo_stack.clear()
                screen.changed()  # (under the lock still: no wait for a drawing, a computer's time runs from here)
        except RecordChanged:
            raise
        except RefereeError as error:  # the prompts accept legal actions only; say so if one is refused anyway
            screen.say(error.message)
            return

    def show_rules(self, answer: str) -> None:
        from referee.cli.shared_commands import print_topic
        from referee.rulebook import rulebook

        book = rulebook(self.spec.rulebook_package)
        entry = book.topic(answer.split()[-1]) if len(answer.split()) > 1 else None
        out = BoardOutput(self.screen.plan.width - 1, self.screen.plan.height, False)
        if entry is not None:
            print_topic(out, entry, self.spec)
            title = entry.title
        else:
            out.text(_("Topics: {topics}").format(topics=", ".join(book.names)))
            out.text(_("Type rules and a topic: rules {topic}").format(topic=book.names[0]))
            title = _("Rules")
        self.screen.show(title, out.buffer.getvalue().rstrip("\n").split("\n"))

    def show_hint(self, words: list[str]) -> None:
        self.screen.wait(_("Looking for the best plans…"))
        lines = hint_lines(self.session, words)
        self.screen.wait("")
        self.screen.show(_("Hint"), lines)

    def computer_moves(self) -> bool:
        """The computer's seat plays while it is its turn: what it plays at once (Coin Age's whole turn, a
        Builders action) is applied and recorded action by action, then drawn once (the table drawn between its
        actions would hold them up: its turn is timed to the last of them); when it plays on (The Builders' next
        action), it looks for its next action once the screen has drawn the last (looked for meanwhile, both would
        go slower)."""
        session, game, screen = self.session, self.game, self.screen
        played = False
        while session.computer is not None and not game.over:
            if screen.interrupted:
                raise KeyboardInterrupt
            screen.wait(_("{player} is thinking…").format(player=game.to_move))
            actions = session.computer(game)
            if not actions:
                break
            with screen.lock:  # (re-entered by changed(): no wait for a drawing between the pushes and it)
                try:
                    for text in actions:
                        session.push(text, by_computer=True)
                        played = True
                        if game.over:
                            break
                finally:
                    screen.changed()
            mover = game.to_move
            if not game.over and mover in game.players and game.players.index(mover) in session.computer.seats:
                screen.wait_drawn()  # it plays on: drawn first (see the docstring)
        screen.wait("")
        return played

    def pause(self, *, over: bool) -> Any:
        """Wait while the people carry out the computer's turn just shown (or look at the final table): Enter goes
        on; undo, log, rules and quit are done; ``done`` is answered in one line (the turn is over already)."""
        game = self.game
        last = (self.session.announcements[-1].player or "") if self.session.announcements else ""
        words = ("undo", "log", "rules", "quit")
        advice = pause_advice(last, last_turn=over, game_over=game.over)
        check = pause_check(words, advice)

        while True:
            line = self.screen.ask(Question(PAUSE, _("Enter: go on") + "> ", check=check, advice=advice))
            answer = in_english(line)
            if answer == "":
                self.seen_over = game.over  # the final table was seen: Enter leaves
                return ""
            if answer == "log" or answer.split()[0] == "rules":
                self.carry_out(LOG if answer == "log" else answer)
                continue
            return {"undo": UNDO, "quit": QUIT}.get(answer, answer)

    def ask_typed(self) -> str:
        """The turn's line: notation (completed from the legal actions, checked on Enter), a session word, ``hint``,
        or nothing (Enter alone), which opens the menus."""
        session = self.session
        with self.screen.lock:
            entries, check = typed_entries(session)
        entries = board_order(entries)
        words = [word for word in SESSION_WORDS if word != "back" and (word != "hint" or session.spec.hint)]
        advice = _("Type an action (Tab completes) or Enter: menus · {words}").format(words=" ".join(words))
        player = self.game.to_move or ""
        line: str = self.screen.ask(Question(LINE, f"{player}> ", entries, check, advice=advice))
        return in_english(line) if session_word(line.split()[0] if line.split() else "") else line

    def one_menu(self, game: Any, prompter: Any, out: Any) -> object:
        from referee.cli.menu_group import MenuGroup
        from referee.cli.shared_commands import topic_names

        actions = [(game.rules.format(action, game.state), action) for action in game.legal_actions()]
        message = _("{player}, your action").format(player=game.to_move)
        return prompter.choose_action(message, [MenuGroup("", actions)], topic_names(self.spec))
