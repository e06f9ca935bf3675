"""The desk of a served game: where the actions posted from the seats' pages meet the terminal's and the pipe's.

Every change of the game, whoever makes it, is made holding the session's lock (:attr:`PlaySession.turns`) and
through :meth:`PlaySession.push` (so the record is written after each, exactly as a typed action), one at a time in
the order they come: the second of two actions sent at the same moment is judged against the position the first
made. After each change the desk draws the table once (:class:`Snapshot`: the table's model from
:func:`~referee.cli.table.view.table_view`, the room's SVG picture, the contract's summary, and each seat's legal
actions as the terminal's menus group them) and hands it to whoever follows the game (the pages' event streams).
Nothing here knows a rule: the menus and the verdicts are the rules'.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from referee.cli.output import safe
from referee.errors import IllegalAction, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.table.session import PlaySession

TURN_TOPICS = ("turn", "actions", "lead")
"""Where a game's rulebook says whose turn it is (the rule a refusal names when a seat acts out of turn): the first
of these topics its rulebook has."""


@dataclass
class Refused(Exception):
    """An action a seat's page sent that is not taken: ``status`` the HTTP status (409: the rules or the turn
    refuse it; 400: it cannot be read), the message and the rule it breaks (409 only)."""

    status: int
    message: str
    rule: str | None = None

    def document(self) -> dict[str, Any]:
        error: dict[str, Any] = {"message": self.message}
        if self.rule is not None:
            error["rule"] = self.rule
        return {"error": error}


@dataclass(frozen=True)
class Snapshot:
    """The table after one change, as every page shows it: drawn once, served to every page that asks."""

    version: int
    """How many changes the desk has seen (each action and each undo): the id of the pages' events."""
    summary: dict[str, Any]
    """The contract's summary (``replay --json``) of the record so far: ``/state.json``."""
    view: dict[str, Any]
    """:meth:`~referee.cli.table.view.TableView.to_json`."""
    html: dict[str, str]
    """The page's parts drawn (:func:`referee.cli.serve.pages.pieces`: the status, the board, the seats, the
    last turns)."""
    words: dict[str, str]
    """The page's own words (:func:`referee.cli.serve.pages.words`)."""
    menus: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Each seat's legal actions now (only the seats that may act), grouped as the terminal's first menu groups
    them: ``[{"label", "actions": [{"label", "action"}]}]``, ``action`` in notation."""
    undo_by: str | None = None
    """The seat whose page may take back the last action (:meth:`Desk.undoer`)."""
    event: dict[str, Any] | None = None
    """What the pages' event stream says of the change: ``index`` and ``action`` (an action applied), or
    ``undone`` (actions taken back)."""
    run: str = ""
    """This server's own mark (a page that reconnects to a resumed game, whose changes are counted anew, takes its
    table whatever its version)."""

    @cached_property
    def table_event(self) -> str:
        """The event that tells the table's pages of this change, as the stream sends it (encoded once)."""
        return self.event_for(None)

    def event_for(self, seat: str | None) -> str:
        """The event that tells a page of this change: a message for an action (``index``, ``action``), an
        ``undo`` event for actions taken back; with the page's redrawn parts."""
        event = self.event or {}
        kind = "undo" if event.get("undone") else None
        return event_text(kind, self.version, {**event, **self.page_data(seat)})

    def page_data(self, seat: str | None) -> dict[str, Any]:
        """What a page draws: the table's parts, and for a seat's page that seat's actions."""
        from referee.cli.serve.pages import menu

        data: dict[str, Any] = {
            "version": self.version,
            "run": self.run,
            "actions": self.summary["actions"],
            "html": self.html,
        }
        if seat is not None:
            data["menu"] = menu(self.menus.get(seat, []), self.undo_by == seat, self.words)
        return data


class Desk:
    """A served game's one way in for the pages: the seats and their secrets, the snapshot of each change, and the
    followers told of each (see the module's docstring)."""

    def __init__(self, session: PlaySession, *, secrets_by_seat: dict[str, str] | None = None) -> None:
        self.session = session
        game = session.game
        computer_seats = set(session.computer.seats) if session.computer is not None else set()
        people = [name for seat, name in enumerate(game.players) if seat not in computer_seats]
        kept = secrets_by_seat or {}
        self.seats: dict[str, str] = {kept.get(name) or secrets.token_urlsafe(16): name for name in people}
        """Secret → the seat's player (the computer's seats have none)."""
        self.version = 0
        self.run = secrets.token_hex(4)
        self.followers: list[Callable[[Snapshot], None]] = []
        """Called with each new snapshot (holding the session's lock: quick, and never blocking)."""
        self.languages: dict[str, Snapshot] = {}
        """The current snapshot in each other language a page asked for (dropped at each change)."""
        self.actions_seen = len(game.actions)
        """How many actions the game held at the last change (more now: an action; fewer: an undo)."""
        self.snapshot = self.draw(None)
        session.served = True
        session.watchers.append(self.changed)

    # -- drawing ---------------------------------------------------------------------------------------------
    def changed(self) -> None:
        """After each change of the game (holding its lock): a new snapshot, handed to every follower."""
        self.version += 1
        self.languages = {}
        self.snapshot = self.draw(self.event())
        for follower in list(self.followers):
            follower(self.snapshot)

    def event(self) -> dict[str, Any]:
        """What the stream says of the change just made: the action applied, or that actions were taken back."""
        game = self.session.game
        added = len(game.actions) > self.actions_seen
        self.actions_seen = len(game.actions)
        if added:
            last = self.session.announcements[-1]
            return {
                "index": last.index,
                "action": last.action,
                "player": last.player,
                "computer": last.by_computer,
                "version": self.version,
            }
        return {"undone": True, "index": len(game.actions), "action": None, "version": self.version}

    def draw(self, event: dict[str, Any] | None) -> Snapshot:
        """The table as it stands (holding the session's lock), in the language now in use."""
        from referee.cli.serve.pages import pieces, words
        from referee.cli.table.view import table_view

        session = self.session
        game = session.game
        spec = session.spec
        view = table_view(session).to_json()
        svg = spec.picture(game, frozenset()).svg() if spec.picture is not None else ""
        said = words()
        return Snapshot(
            self.version,
            game.summary(),
            view,
            pieces(view, svg, said),
            said,
            self.menus(),
            self.undoer(),
            event,
            self.run,
        )

    def in_language(self, language: str) -> Snapshot:
        """The current snapshot in ``language`` (drawn at first ask, holding the session's lock)."""
        from referee import i18n

        if language == i18n.current():
            return self.snapshot
        with self.session.turns:
            drawn = self.languages.get(language)
            if drawn is None or drawn.version != self.version:
                before = i18n.current()
                i18n.use(language)
                try:
                    drawn = self.draw(self.snapshot.event)
                finally:
                    i18n.use(before)
                self.languages[language] = drawn
            return drawn

    def menus(self) -> dict[str, list[dict[str, Any]]]:
        """Each seat's legal actions, grouped as the room's first menu groups them (its ``menu_groups``; without
        one, a single group of the rules' legal actions), each action kept by the seat that performs it. An entry
        that is not an action opens a further menu at the terminal (Matchstick Tycoon's values, then its cards): on
        a page its group holds the rules' legal actions that no other group lists, written in notation."""
        from referee.cli.menu_group import MenuGroup

        game = self.session.game
        if game.over:
            return {}
        spec = self.session.spec
        rules = game.rules
        legal = [(rules.format(action, game.state), action) for action in game.legal_actions()]
        groups = spec.menu_groups(game) if spec.menu_groups is not None else [MenuGroup("", list(legal))]
        resolved: list[tuple[str, list[tuple[str, Any]], bool]] = []
        for group in groups:
            entries, opens_menu = [], False
            for label, action in group.actions:
                if isinstance(action, str):
                    try:
                        action = game.parse(action)
                    except RefereeError:
                        opens_menu = True
                        continue
                entries.append((str(label), action))
            resolved.append((group.label, entries, opens_menu))
        listed = {rules.format(action, game.state) for _label, entries, _opens in resolved for _, action in entries}
        people = set(self.seats.values())
        menus: dict[str, list[dict[str, Any]]] = {}
        for group_label, entries, opens_menu in resolved:
            if opens_menu:
                entries = entries + [(text, action) for text, action in legal if text not in listed]
            by_seat: dict[str, list[dict[str, str]]] = {}
            for label, action in entries:
                actor = game.actor(action)
                if actor in people:
                    notation = rules.format(action, game.state)
                    by_seat.setdefault(actor, []).append({"label": safe(label), "action": notation})
            for seat, actions in by_seat.items():
                menus.setdefault(seat, []).append({"label": safe(group_label), "actions": actions})
        return menus

    def undoer(self) -> str | None:
        """The seat whose page may take back the last action: its own, while nobody else has acted since."""
        announced = self.session.announcements
        if not announced or self.session.game.over:
            return None
        last = announced[-1]
        if last.by_computer or last.player not in self.seats.values():
            return None
        return last.player

    # -- the seats' actions ----------------------------------------------------------------------------------
    def act(self, secret: str, text: str) -> dict[str, Any]:
        """Apply the action a seat's page sent, as if typed: the new summary, or :class:`Refused`."""
        seat = self.seats[secret]
        session = self.session
        game = session.game
        with session.turns:
            try:
                action = game.parse(text)
            except RefereeError as error:  # (notation, an unknown card or space: what exit status 2 means)
                raise Refused(400, error.message) from None
            if game.over:
                verdict = game.judge(action)
                raise Refused(409, verdict.reason or _("the game is over"), verdict.rule or "end")
            actor = game.actor(action)
            if actor != seat:
                message = _("it is {player}'s turn, not {seat}'s").format(player=actor or game.to_move, seat=seat)
                raise Refused(409, message, self.turn_topic())
            try:
                events = session.push(action)
            except IllegalAction as error:
                raise Refused(409, error.message, error.rule) from None
            except RefereeError as error:  # the record could not be written: the action was not kept
                raise Refused(409, error.message) from None
            session.redo_stack.clear()
            if not session.env.interactive:  # (a terminal says it itself, its prompt closed: TerminalMode)
                session.report(session.last_actor, events)
            return game.summary()

    def undo(self, secret: str) -> dict[str, Any]:
        """Take back the seat's own last action, while nobody else has acted since (else :class:`Refused`)."""
        seat = self.seats[secret]
        session = self.session
        with session.turns:
            if self.undoer() != seat:
                raise Refused(409, _("only the last action can be taken back, by the seat that played it"), "undo")
            text = session.undo()
            if text is not None and not session.env.interactive:
                if session.json_mode:
                    session.out.json({"undo": text, "undone": [text], "actions": len(session.game.actions)}, lines=True)
                else:
                    session.out.text(_("undone: {actions}").format(actions=text))
            return session.game.summary()

    def computer_turn(self) -> None:
        """Let the computer play, if it is its turn (after a seat's action: the page has its answer first). At a
        terminal the terminal lets it, when it draws the table again (and waits while people carry it out)."""
        if not self.session.env.interactive:
            self.session.computer_moves()

    def turn_topic(self) -> str:
        from referee.rulebook import rulebook

        names = rulebook(self.session.spec.rulebook_package).names
        return next((topic for topic in TURN_TOPICS if topic in names), names[0] if names else "turn")


def event_text(kind: str | None, version: int, document: dict[str, Any]) -> str:
    """One server-sent event: its type (none: a message), its id (the desk's version) and its data, one line of
    JSON."""
    head = f"event: {kind}\n" if kind else ""
    return f"{head}id: {version}\ndata: {json.dumps(document, ensure_ascii=False)}\n\n"
