"""``play`` at a terminal: the table drawn, a typed line checked as it is typed, the menus, the session words
(undo, redo, log, rules, quit), and the screen redrawn after each action."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.cli.cells import cell_width
from referee.cli.files import RecordChanged, WriteError
from referee.cli.output import Output
from referee.cli.shared_commands import GameSpec
from referee.cli.status import ExitStatus
from referee.engine import ActionT, Game, StateT
from referee.errors import RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.cli.table.session import PlaySession


class TerminalMode:
    """A session's game at a terminal, a turn at a time."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.out = session.out
        """Where the table is drawn (the session's output, or standard error when standard output is piped)."""

    def run(self) -> ExitStatus:
        from referee.cli.table.menus import BACK, HINT, LOG, QUIT, REDO, RULES, UNDO, Prompter, SessionCommand
        from referee.cli.table.typed_prompt import TableChanged

        session = self.session
        screen = session.env.screen()
        out = session.out if screen is session.env else Output(screen, session.json_mode)
        self.out = out
        game = session.game
        prompter = Prompter(to_stderr=session.json_mode or screen is not session.env)
        session.explain = not session.json_mode
        if session.record_path is not None:
            out.note(_("Recording to {file} after every action.").format(file=session.record_path))
        if game.actions:
            out.text(_("The game so far, last turns:"))
            for line in log_lines(session.spec, game)[-RESUME_TURNS:]:
                out.text(line)
        session.spec.render(game, out)
        if session.served:
            session.watchers.append(self.changed_elsewhere)
        answer: Any = ""
        while not game.over:
            asked, seen = session.changes, len(game.actions)
            try:
                computer = game.to_move
                moved = session.computer_moves()
                asked, seen = session.changes, len(game.actions)
                if moved:
                    # Its whole turn stays on screen until a person has carried it out (the table, drawn again, and
                    # the prompt's list would push it out of an 80x24 terminal): Enter, or a session word.
                    answer = self.after_computer(computer or "", prompter)
                    if not answer:
                        session.spec.render(game, out)
                        continue
                else:
                    prompter.notation = lambda action: game.rules.format(action, game.state)
                    prompter.toolbar = session.spec.status_line(game)
                    answer = self.ask_typed(prompter)
                if answer == "":
                    ask_action = session.spec.ask_action or self.one_menu
                    try:
                        answer = ask_action(game, prompter, out)
                    except SessionCommand as typed_in_a_menu:
                        answer = typed_in_a_menu.command
            except TableChanged:  # a seat's page played (play --serve): the table again, then the prompt
                self.show_changes(seen)
                continue
            if answer in (BACK, "back"):  # from the first menu (or typed at the line): the typed line again
                continue
            if answer in (QUIT, "quit"):
                for line in quit_lines(session):
                    out.note(line)
                return ExitStatus.SUCCESS
            if answer == HINT or (isinstance(answer, str) and answer.split()[:1] == ["hint"]):
                for line in hint_lines(session, answer.split()[1:] if isinstance(answer, str) else []):
                    out.text(line)
                continue
            if answer in (UNDO, "undo"):
                try:
                    undone = session.undo_mine()
                except RecordChanged:
                    raise
                except WriteError as error:  # the disk refused: the action stays, and the game goes on
                    out.error(error.message)
                    continue
                out.text(_("undone: {actions}").format(actions=", ".join(undone)) if undone else _("nothing to undo"))
                session.spec.render(game, out)
                continue
            if answer in (REDO, "redo"):
                redone = session.redo()
                out.text(_("redone: {action}").format(action=redone) if redone else _("nothing to redo"))
                session.spec.render(game, out)
                continue
            if answer in (LOG, "log"):
                for line in log_lines(session.spec, game) or [_("No action yet.")]:
                    out.text(line)
                continue
            if answer == RULES or (isinstance(answer, str) and answer.split()[:1] in ([RULES], ["rules"])):
                from referee.cli.shared_commands import print_topic
                from referee.rulebook import rulebook

                book = rulebook(session.spec.rulebook_package)
                entry = book.topic(answer.split()[-1]) if len(answer.split()) > 1 else None
                if entry is not None:
                    print_topic(out, entry, session.spec)
                else:
                    out.text(_("Topics: {topics}").format(topics=", ".join(book.names)))
                continue
            try:
                with session.turns:  # (served: judged against the position the player was asked in, or not at all)
                    if session.changes != asked:
                        out.error(_("A seat's page played while you chose: choose again."))
                        self.show_changes(seen)
                        continue
                    events = session.push(answer)
            except RecordChanged:
                raise
            except RefereeError as error:  # the prompts accept legal actions only; say so if one is refused anyway
                out.error(error.message)
                continue
            session.redo_stack.clear()
            session.report(session.last_actor, events)
            session.spec.render(game, out)
        return ExitStatus.SUCCESS

    @staticmethod
    def changed_elsewhere() -> None:
        """After each change of the game: one made by a seat's page (another thread than the terminal's) closes the
        prompt now open, so that the table is drawn again at once."""
        import threading

        from referee.cli.table import typed_prompt

        if threading.current_thread() is not threading.main_thread():
            typed_prompt.interrupt()

    def show_changes(self, seen: int) -> None:
        """What the seats' pages did since the terminal last looked (it had ``seen`` actions), then the table."""
        session = self.session
        game = session.game
        with session.turns:
            if len(game.actions) < seen:
                undone = seen - len(game.actions)
                self.out.text(
                    ngettext(
                        "{count} action taken back from a seat's page",
                        "{count} actions taken back from a seat's page",
                        undone,
                    ).format(count=undone)
                )
            for announced in session.announcements[seen:]:
                for line in announced.lines():
                    self.out.text(line)
            session.spec.render(game, self.out)

    def ask_typed(self, prompter: Any) -> str:
        """The turn's prompt: notation typed (completed from the legal actions, checked on Enter), a session word,
        or nothing (Enter alone), which opens the menus."""
        from referee.cli.table import typed_prompt
        from referee.cli.table.words import in_english, session_word

        session = self.session
        game = session.game
        entries, check = typed_entries(session)
        player = game.to_move or ""
        keys = _("[Enter: menus · undo redo log rules quit]")
        toolbar = session.spec.status_line(game) + "  " + keys
        if cell_width(toolbar) >= shutil.get_terminal_size().columns:  # the status is the table's last line too
            toolbar = keys
        line = typed_prompt.ask_line(f"{player}> ", entries, check, toolbar=toolbar, to_stderr=prompter.to_stderr)
        return in_english(line) if session_word(line.split()[0] if line.split() else "") else line

    def after_computer(self, computer: str, prompter: Any) -> str:
        """Wait while the people carry out the computer's turn just announced: Enter goes on (the table is drawn
        again), a session word (undo, log, rules, quit) is done at once; anything else is refused, and nothing is
        recorded. At the end of the game, Enter only."""
        from referee.cli.table import typed_prompt
        from referee.cli.table.words import in_english, session_word

        over = self.session.game.over
        words = ("log", "rules", "quit") if over else ("undo", "log", "rules", "quit")
        toolbar = pause_advice(computer, last_turn=over)
        check = pause_check(words, toolbar)

        while True:
            line = typed_prompt.ask_line(
                _("Enter: go on") + "> ", [], check, toolbar=toolbar, to_stderr=prompter.to_stderr, menu=False
            )
            answer = in_english(line) if session_word(line.split()[0] if line.split() else "") else line
            if answer != "log":
                break
            for logged in log_lines(self.session.spec, self.session.game):  # and the pause again: the table next
                self.out.text(logged)
        if over and answer.split()[:1] == ["rules"]:
            return ""  # the game is over: the final table next (its rules are a command away)
        return answer

    def one_menu(self, game: Game[Any, Any], prompter: Any, out: Output) -> object:
        """The menu of a game whose room writes none (``GameSpec.ask_action`` None): the rules' legal actions, each
        labelled as the rules write it, then the session's entries."""
        from referee.cli.menu_group import MenuGroup
        from referee.cli.shared_commands import topic_names

        actions = [(game.rules.format(action, game.state), action) for action in game.legal_actions()]
        message = _("{player}, your action").format(player=game.to_move)
        return prompter.choose_action(message, [MenuGroup("", actions)], topic_names(self.session.spec))

    @staticmethod
    def session_words() -> list[tuple[str, str]]:
        return session_words()


def session_words() -> list[tuple[str, str]]:
    """The session's words offered at the turn's line, each with what it does."""
    return [
        ("hint", _("advice for this turn (hint --time 5s: search longer)")),
        ("undo", _("take back the last action")),
        ("redo", _("put back what undo took")),
        ("log", _("the actions so far, with the score after each turn")),
        ("rules", _("the rules by topic")),
        ("quit", _("save and quit")),
    ]


def pause_advice(player: str, *, last_turn: bool, game_over: bool = False) -> str:
    """What the pause after the computer's turn says under its line (the line mode's and the full screen's)."""
    if game_over:
        return _("Game over: Enter leaves (or undo, log, rules).")
    if last_turn:
        return _("{player} played its last turn: carry it out on the table, then press Enter.").format(player=player)
    return _("{player} has played: carry it out on the table, then press Enter (or undo).").format(player=player)


def pause_check(words: tuple[str, ...], advice: str) -> Callable[[str], str | None]:
    """What the pause after the computer's turn takes (the line mode's and the full screen's): Enter alone, one of
    ``words`` (``rules`` with its topic); ``done`` is answered in one line (the turn is over already); anything
    else is refused with ``advice``."""
    from referee.cli.table.words import in_english

    def check(text: str) -> str | None:
        typed = in_english(text).split()
        if not typed or (typed[0] in words and (len(typed) == 1 or typed[0] == "rules")):
            return None
        if typed[0] == "done":
            return _("The turn is over already: press Enter to go on.")
        return advice

    return check


SESSION_WORDS = ("hint", "undo", "redo", "log", "rules", "quit", "back")


def typed_entries(session: PlaySession) -> tuple[list[Any], Callable[[str], str | None]]:
    """What the turn's typed line offers (the legal actions, each with its description, then the session words)
    and how it checks a line on Enter (the same parser and judge as a pipe: why it is refused, or None)."""
    from referee.cli.table import typed_prompt
    from referee.cli.table.words import in_english, spellings

    game = session.game
    rules = game.rules
    describe = session.spec.describe
    refuse = session.spec.refuse_at_table
    entries = [
        typed_prompt.Entry(rules.format(action, game.state), describe(action, game.state) if describe else "")
        for action in game.legal_actions()
        if refuse is None or refuse(game, action) is None
    ]
    entries += [
        typed_prompt.Entry(spelling, label)
        for word, label in session_words()
        if word != "hint" or session.spec.hint is not None
        for spelling in spellings(word)
    ]

    def check(text: str) -> str | None:
        words = in_english(text).lower().split()
        if not words or " ".join(words) in SESSION_WORDS:
            return None
        if words[0] == "rules" and len(words) == 2:  # the rulebook read when asked (start-up time)
            from referee.rulebook import rulebook

            topics = rulebook(session.spec.rulebook_package)
            return None if topics.topic(words[1]) else _("No rules topic '{topic}'.").format(topic=words[1])
        if words[0] == "hint":
            return None
        try:
            action = game.parse(text)
        except RefereeError as error:
            return _("Unreadable: {message}").format(message=error.message)
        verdict = game.judge(action)
        if not verdict.legal:
            return _("Illegal: {reason} (rule: {rule})").format(reason=verdict.reason, rule=verdict.rule)
        return refuse(game, action) if refuse is not None else None

    return entries, check


def quit_lines(session: PlaySession) -> list[str]:
    """What ``quit`` says: the game is saved, how to go on with it, and how to log it if it is abandoned."""
    game = session.game
    lines = [
        ngettext(
            "Saved after {count} action. Continue with: referee {game} play --resume {file}",
            "Saved after {count} actions. Continue with: referee {game} play --resume {file}",
            len(game.actions),
        ).format(count=len(game.actions), game=session.spec.name, file=session.record_path or "RECORD")
    ]
    if game.actions and session.record_path:
        lines.append(
            _("If the game is abandoned, log it as such: referee history add --incomplete {file}").format(
                file=session.record_path
            )
        )
    return lines


def hint_lines(session: PlaySession, words: list[str]) -> list[str]:
    """``hint`` typed in ``play``: the room's advice for the turn (what its ``GAME hint`` command prints for the
    record so far), or why there is none."""
    import io
    import os
    import tempfile

    from referee.cli.env import Environment
    from referee.cli.status import CommandFailed

    hint = session.spec.hint
    if hint is None:
        return [_("This game has no hints.")]
    if session.game.over:
        return [_("the game is over: there is nothing to hint")]
    printed, said = io.StringIO(), io.StringIO()
    env = Environment(io.StringIO(), printed, said, False, False, True, False)
    handle, name = tempfile.mkstemp(prefix="referee-hint-", suffix=".toml")
    try:
        with os.fdopen(handle, "wb") as record:
            record.write(session.record().to_toml())
        try:
            hint(env, name, words)
        except CommandFailed:
            pass
        except RefereeError as error:
            said.write(error.message + "\n")
    finally:
        os.unlink(name)
    text = printed.getvalue() + said.getvalue().replace("referee: ", "")
    return text.rstrip("\n").split("\n")


RESUME_TURNS = 3
"""How many of the last turns ``--resume`` shows before the first prompt."""


def log_lines(spec: GameSpec[StateT, ActionT], game: Game[StateT, ActionT]) -> list[str]:
    """The game so far, a line per turn (one player's actions in a row) with the score after it: the score sheet
    of ``log`` in ``play``. The record is replayed from the start; the rules score each turn. A game without
    points (``result_kind`` "ranking") shows no score, only who is out once someone is."""
    replayed = Game(spec.rules, game.players, game.setup, undo=False)
    lines: list[str] = []
    turn: list[str] = []
    player = replayed.to_move
    from referee import registry

    points = registry.facts(spec.name).result_kind == "points"

    def close() -> None:
        shown = turn if spec.named is None else [spec.named(text) for text in turn]
        line = f"{len(lines) + 1}. {player}: {', '.join(shown)}"
        if points:
            scores = spec.rules.outcome(replayed.state).scores
            line += "  — " + ", ".join(f"{name} {score}" for name, score in scores.items())
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
