"""What every game's rules provide, and the move stack that sits on top of them.

Each game lives in its own package (``referee.coin_age``, ``referee.matchstick``, ``referee.builders``) with no
I/O. Its ``RULES`` object implements :class:`Rules`: it builds the first state from a setup, parses and formats
actions in the contract's notation, judges an action (legal or not, and which rule says so), applies it, lists
the legal actions, detects the end and scores.

:class:`Game` is the python-chess move stack: a record is the setup plus the list of actions, and the state is
always their replay. ``push`` checks and applies, ``pop`` takes the last action back exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from referee.errors import IllegalAction, RefereeError, ReplayError

if TYPE_CHECKING:
    import random

StateT = TypeVar("StateT", bound="GameState")
ActionT = TypeVar("ActionT")


class GameState(Protocol):
    """A game's state: mutable, copyable, comparable."""

    def copy(self) -> Self: ...


class Verdict:
    """The referee's answer about one action: legal or not, the rule topic, why in words, and the referee's ruling
    when one applies.

    ``reason`` is the text, or a function of no argument that writes it: it is then written when first read.
    Replaying a record asks only whether each action is legal, so the words for a legal action are usually left
    unwritten.
    """

    __slots__ = ("_reason", "legal", "rule", "ruling")

    def __init__(self, legal: bool, rule: str, reason: str | Callable[[], str], ruling: str | None = None) -> None:
        self.legal = legal
        self.rule = rule
        self._reason = reason
        self.ruling = ruling

    @property
    def reason(self) -> str:
        if not isinstance(self._reason, str):
            self._reason = self._reason()
        return self._reason

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.legal, self.rule, self.reason, self.ruling) == (
            other.legal,
            other.rule,
            other.reason,
            other.ruling,
        )

    def __repr__(self) -> str:
        return f"Verdict(legal={self.legal!r}, rule={self.rule!r}, reason={self.reason!r}, ruling={self.ruling!r})"


_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event:
    """Something the referee announces after an action (a completion, a forced discard, the end of the game).

    ``message`` is the text, or a function of no argument that writes it: it is then written when first read.
    Self-play and the replay of archives apply millions of actions and read none of their announcements.
    """

    __slots__ = ("_message", "data", "kind")

    def __init__(self, kind: str, message: str | Callable[[], str], data: Mapping[str, Any] = _NO_DATA) -> None:
        self.kind = kind
        self._message = message
        self.data = data

    @property
    def message(self) -> str:
        if not isinstance(self._message, str):
            self._message = self._message()
        return self._message

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.message, self.data) == (other.kind, other.message, other.data)

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, message={self.message!r}, data={dict(self.data)!r})"


@dataclass(slots=True)
class Outcome:
    """The score if the game ended now: points per player, the ranking, the winner and how it was decided."""

    scores: dict[str, int]
    ranking: list[str]
    winner: str | None
    tie_break: str | None = None
    breakdown: dict[str, dict[str, int]] | None = None


class Rules(Protocol[StateT, ActionT]):
    """The pure rules of one game. Implementations hold no per-game data: that lives in the state."""

    name: str
    """The game's command name: ``coin-age``, ``builders`` or ``matchstick``."""

    def setup_summary(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        """What of a game's setup the history keeps and shows (the Coin Age map's name), from the record's setup
        and the :meth:`state_json` of the finished game: small, JSON, the same for two games of the same setup."""
        ...

    def new_state(self, players: list[str], setup: Mapping[str, Any]) -> StateT:
        """The state before the first action. Raises :class:`~referee.errors.SetupError`."""
        ...

    def parse(self, text: str, state: StateT) -> ActionT:
        """An action from the notation. Raises :class:`~referee.errors.NotationError`."""
        ...

    def format(self, action: ActionT, state: StateT) -> str:
        """The canonical notation of an action (what records hold)."""
        ...

    def judge(self, state: StateT, action: ActionT) -> Verdict:
        """Whether ``action`` is legal now, citing the rule topic either way."""
        ...

    def apply(self, state: StateT, action: ActionT) -> list[Event]:
        """Apply a legal action in place and return what the referee announces."""
        ...

    def legal_actions(self, state: StateT) -> Iterator[ActionT]:
        """Every legal action now."""
        ...

    def to_move(self, state: StateT) -> int | None:
        """The seat that acts next, or None when the game is over."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def actor(self, state: StateT, action: ActionT) -> int | None:
        """The seat that performs ``action`` now (the one the referee names with it): usually :meth:`to_move`, but
        not always (a Coin Age toss is the tosser's, though the player in turn could still act)."""
        ...

    def announcement(self, state: StateT, action: ActionT) -> str:
        """What the referee says of a legal ``action`` as it is played at the table, before it is applied (``Ann
        leads 2 × 3``, ``5 écus to the bank for one more action``); empty when its events say it already."""
        ...

    def outcome(self, state: StateT) -> Outcome:
        """The score if the game ended now."""
        ...

    def state_json(self, state: StateT) -> dict[str, Any]:
        """The game-specific ``state`` object of the JSON summary."""
        ...

    def check_invariants(self, state: StateT) -> list[str]:
        """What is wrong with a state (coins conserved, stacks ordered, …); empty when all holds."""
        ...

    # -- self-play (``simulate``, property tests, the computer's fallback) ------------------------------------
    def random_action(self, state: StateT, rng: random.Random) -> ActionT:
        """One legal action drawn at random (each legal action can be drawn)."""
        ...

    def self_play_action(self, state: StateT, rng: random.Random) -> ActionT:
        """The legal action random self-play takes: :meth:`random_action`, or a game's own sensible policy."""
        ...

    def stalled(self, state: StateT) -> bool:
        """Whether random self-play has locked the game (it can never end); a game that cannot lock says False."""
        ...


class RulesBase(Rules[StateT, ActionT]):
    """What every game's rules class inherits: the self-play defaults of :class:`Rules`, each stated in terms
    of :meth:`legal_actions`. A game overrides them when it has a faster sampler or a policy of its own (kept in
    its own module beside the rules). It names the contract as its base, so mypy strict holds every game's class
    to it: a class that lacks a method of :class:`Rules` is abstract, and ``RULES = <Game>Rules()`` is an error
    ("Cannot instantiate abstract class"); a method with another signature is an error where it is defined. (What
    the history and exports ask of a game without playing it, its kind of result, draw policy and BoardGameGeek
    id, is its registry line's :class:`~referee.registry.GameFacts`.)"""

    def setup_summary(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def random_action(self, state: StateT, rng: random.Random) -> ActionT:
        return rng.choice(list(self.legal_actions(state)))

    def self_play_action(self, state: StateT, rng: random.Random) -> ActionT:
        return self.random_action(state, rng)

    def stalled(self, state: StateT) -> bool:
        return False

    def actor(self, state: StateT, action: ActionT) -> int | None:
        return self.to_move(state)

    def announcement(self, state: StateT, action: ActionT) -> str:
        """By default the words of the legal verdict (the rules' reason for allowing it)."""
        return self.judge(state, action).reason


class Game(Generic[StateT, ActionT]):
    """A game in progress: the setup, the accepted actions, and the state they replay to.

    With ``undo`` (the default) each action keeps a copy of the state before it, so :meth:`pop` is immediate: a
    player at the table takes actions back. ``undo=False`` keeps none (validating a record never takes an action
    back, and the copies were a good part of its cost); :meth:`pop` then replays the remaining actions instead.
    """

    def __init__(
        self, rules: Rules[StateT, ActionT], players: list[str], setup: Mapping[str, Any], *, undo: bool = True
    ) -> None:
        self.rules = rules
        self.players = list(players)
        self.setup = dict(setup)
        self.state: StateT = rules.new_state(self.players, self.setup)
        self.actions: list[str] = []
        self.pushed_at: float | None = None
        """When the last action was pushed (``time.monotonic()``), or None before any and after :meth:`replay`: for
        a computer seat, the moment its turn began as the table sees it (the line that handed it the turn was
        read), from which its time is counted, the referee's own work in between included."""
        self._undo_stack: list[StateT] | None = [] if undo else None
        self._start: StateT | None = None if undo else self.state.copy()

    @classmethod
    def from_state(
        cls, rules: Rules[StateT, ActionT], players: list[str], setup: Mapping[str, Any], state: StateT
    ) -> Game[StateT, ActionT]:
        """A game at a given state with no history (a position typed from the table)."""
        game = cls(rules, players, setup)
        game.state = state
        return game

    # -- the move stack ------------------------------------------------------------------------------------
    def parse(self, text: str) -> ActionT:
        return self.rules.parse(text, self.state)

    def judge(self, action: ActionT) -> Verdict:
        return self.rules.judge(self.state, action)

    def push(self, action: ActionT) -> list[Event]:
        """Check and apply ``action``; raise :class:`IllegalAction` and change nothing if it is illegal."""
        self.pushed_at = time.monotonic()
        verdict = self.rules.judge(self.state, action)
        if not verdict.legal:
            raise IllegalAction(verdict.rule, verdict.reason)
        text = self.rules.format(action, self.state)
        undo_stack = self._undo_stack
        before = self.state.copy() if undo_stack is not None else None
        events = self.rules.apply(self.state, action)
        if undo_stack is not None and before is not None:
            undo_stack.append(before)
        self.actions.append(text)
        return events

    def announcement(self, action: ActionT) -> str:
        """What the referee says of ``action`` as it is played now (see :meth:`Rules.announcement`)."""
        return self.rules.announcement(self.state, action)

    def actor(self, action: ActionT) -> str | None:
        """The name of the player who performs ``action`` now (see :meth:`Rules.actor`)."""
        seat = self.rules.actor(self.state, action)
        return None if seat is None else self.players[seat]

    def push_text(self, text: str) -> list[Event]:
        return self.push(self.parse(text))

    def pop(self) -> str:
        """Take back the last action and return its notation. Raises IndexError when there is none."""
        if not self.actions:
            raise IndexError("no action to take back")
        text = self.actions.pop()
        self.pushed_at = None  # taking back hands no turn over now
        if self._undo_stack is not None:
            self.state = self._undo_stack.pop()
        else:
            self.state = self._replayed(self.actions)
        return text

    def _replayed(self, actions: list[str]) -> StateT:
        """The state after ``actions`` (accepted before: they are applied without judging them again)."""
        assert self._start is not None, "a game kept without undo keeps its first state"
        state = self._start.copy()
        for text in actions:
            self.rules.apply(state, self.rules.parse(text, state))
        return state

    def replay(self, actions: Iterable[str]) -> None:
        """Push each action text; a failure raises :class:`ReplayError` with the 1-based index."""
        rules = self.rules
        for index, text in enumerate(actions, start=len(self.actions) + 1):
            try:
                self.push(rules.parse(text, self.state))
            except RefereeError as error:
                raise ReplayError(index, text, error) from None
        self.pushed_at = None  # a record read back hands no turn over now

    # -- questions -----------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def to_move(self) -> str | None:
        seat = self.rules.to_move(self.state)
        return None if seat is None else self.players[seat]

    def legal_actions(self) -> list[ActionT]:
        return list(self.rules.legal_actions(self.state))

    def summary(self) -> dict[str, Any]:
        """The contract's JSON summary of this game."""
        outcome = self.rules.outcome(self.state)
        over = self.over
        result: dict[str, Any] = {
            "game": self.rules.name,
            "players": self.players,
            "actions": len(self.actions),
            "over": over,
            "to_move": self.to_move,
            "scores": outcome.scores,
            "winner": outcome.winner if over else None,
            "ranking": outcome.ranking,
            "state": self.rules.state_json(self.state),
        }
        if outcome.breakdown is not None:
            result["breakdown"] = outcome.breakdown
        if outcome.tie_break is not None:
            result["tie_break"] = outcome.tie_break
        return result
