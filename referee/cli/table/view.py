"""What the table shows: one model of a game at the table, drawn alike by the terminal's full screen, the pipe and
the web page (``play --serve``).

:func:`table_view` reads it off a :class:`~referee.cli.table.session.PlaySession`: every seat with its status and
whether it moves, the last turns as they happened (each action as announced, the computer's included, with what
the referee said of it), the line that says what happens now, and the result at the end. It holds text only, in the
player's language, already safe to print (names and notes come through :func:`referee.cli.output.safe`); how the
board itself is drawn is each surface's own (Rich at a terminal, the room's SVG picture on a page), from the same
game. Nothing here prints or imports a drawing library.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from referee.cli.output import safe
from referee.engine import Event

if TYPE_CHECKING:
    from referee.cli.shared_commands import AnyGameSpec, ComputerPlayer
    from referee.engine import Game


@dataclass(frozen=True)
class Announcement:
    """One action as the table heard it: its number in the record, who played it, its notation, and what the
    referee said (the rules' words for it, then each event)."""

    index: int
    player: str | None
    action: str
    reason: str = ""
    """The rules' words for the action (at a terminal, and for the computer's actions), or nothing."""
    events: tuple[Event, ...] = ()
    by_computer: bool = False

    @property
    def said(self) -> list[str]:
        """What the referee said of it: the rules' words, then each event (worded when asked: a pipe that never
        shows them never words them)."""
        return ([self.reason] if self.reason else []) + [event.message for event in self.events]

    def lines(self) -> list[str]:
        """The action as the terminal and the pipe print it: ``7. Ann: send W02 M04`` and what was said, indented."""
        return [f"{self.index}. {safe(self.player or '')}: {safe(self.action)}"] + ["   " + safe(s) for s in self.said]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "player": self.player,
            "action": self.action,
            "said": self.said,
            "computer": self.by_computer,
        }


@dataclass(frozen=True)
class Turn:
    """One player's actions in a row, as they happened."""

    player: str | None
    actions: tuple[Announcement, ...]

    @property
    def by_computer(self) -> bool:
        return any(announced.by_computer for announced in self.actions)

    def lines(self) -> list[str]:
        return [line for announced in self.actions for line in announced.lines()]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "computer": self.by_computer,
            "actions": [announced.to_json() for announced in self.actions],
        }


@dataclass(frozen=True)
class SeatView:
    """A seat at the table: its player, their score or standing in words, whether they move now, whether the
    computer plays it."""

    name: str
    status: str
    to_move: bool = False
    computer: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "to_move": self.to_move, "computer": self.computer}


@dataclass(frozen=True)
class TableView:
    """Everything the table shows but the board: see the module's docstring."""

    game: str
    title: str
    seats: tuple[SeatView, ...]
    status: str
    """What happens now (whose turn and what they may still do), or the result with its tie-break at the end."""
    turns: tuple[Turn, ...] = field(default_factory=tuple)
    """The last turns, oldest first; the last one is the turn just played (or the one being played)."""
    actions: int = 0
    over: bool = False
    to_move: str | None = None
    winner: str | None = None

    @property
    def last_turn(self) -> Turn | None:
        return self.turns[-1] if self.turns else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "seats": [seat.to_json() for seat in self.seats],
            "status": self.status,
            "turns": [turn.to_json() for turn in self.turns],
            "actions": self.actions,
            "over": self.over,
            "to_move": self.to_move,
            "winner": self.winner,
        }


class AtTheTable(Protocol):
    """What the view is read from: a play session (:class:`~referee.cli.table.session.PlaySession`)."""

    spec: AnyGameSpec
    game: Game[Any, Any]
    computer: ComputerPlayer | None
    announcements: list[Announcement]


TURNS_KEPT = 3
"""How many of the last turns :func:`table_view` carries (a larger screen shows more of them; the log has all)."""


def turns_of(announcements: list[Announcement], keep: int = TURNS_KEPT) -> tuple[Turn, ...]:
    """The last ``keep`` turns (a turn: one player's actions in a row) of what was announced."""
    turns: list[Turn] = []
    for announced in announcements:
        if turns and turns[-1].player == announced.player:
            turns[-1] = Turn(announced.player, (*turns[-1].actions, announced))
        else:
            turns.append(Turn(announced.player, (announced,)))
    return tuple(turns[-keep:])


def seat_statuses(session: AtTheTable) -> list[str]:
    """Each seat's standing in words: the room's own (``GameSpec.seat_status``) or, without one, the score the
    rules give it now."""
    game = session.game
    seat_status = session.spec.seat_status
    if seat_status is not None:
        return [seat_status(game, seat) for seat in range(len(game.players))]
    scores = game.rules.outcome(game.state).scores
    return [str(scores.get(name, "")) for name in game.players]


def table_view(session: AtTheTable, keep: int = TURNS_KEPT) -> TableView:
    """The table as it stands in ``session`` (see :class:`TableView`)."""
    from referee.i18n import _

    game = session.game
    spec = session.spec
    computer_seats = set(session.computer.seats) if session.computer is not None else set()
    mover = game.to_move
    statuses = seat_statuses(session)
    seats = tuple(
        SeatView(safe(name), safe(statuses[seat]), name == mover and not game.over, seat in computer_seats)
        for seat, name in enumerate(game.players)
    )
    outcome = game.rules.outcome(game.state)
    return TableView(
        game=spec.name,
        title=_(spec.title),
        seats=seats,
        status=safe(spec.status_line(game)),
        turns=turns_of(session.announcements, keep),
        actions=len(game.actions),
        over=game.over,
        to_move=mover,
        winner=outcome.winner if game.over else None,
    )
