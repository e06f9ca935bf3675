"""The actions of The Builders and their notation (``start B12``, ``send W07 B12``, ``coins 3``, ``done`` …).

Cards are written by id or by French name. A French name shared by several cards (machine levels, worker
types) is resolved by the position when exactly one of them fits (the face-up one for ``start``, the player's
own idle worker for ``send`` …); otherwise the id is needed. The canonical form — what records hold — always
uses ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.builders import cards
from referee.builders.state import BuildersState
from referee.errors import NotationError
from referee.i18n import _


@dataclass(frozen=True, slots=True)
class Start:
    """Take a face-up building or machine as an open site (1 action)."""

    card: str


@dataclass(frozen=True, slots=True)
class Recruit:
    """Take a face-up worker into the team (1 action, free)."""

    card: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """The card that came up to refill a row (told setups; no action spent)."""

    card: str


@dataclass(frozen=True, slots=True)
class Send:
    """Send an idle worker (or finished machine) to one of the player's open sites."""

    worker: str
    site: str


@dataclass(frozen=True, slots=True)
class TakeCoins:
    """Take 1, 3 or 6 écus for 1, 2 or 3 actions."""

    amount: int

    @property
    def actions(self) -> int:
        return COIN_ACTIONS[self.amount]


@dataclass(frozen=True, slots=True)
class Buy:
    """Pay 5 écus for one more action."""


@dataclass(frozen=True, slots=True)
class Done:
    """End the turn."""


Action = Start | Recruit | Reveal | Send | TakeCoins | Buy | Done

COIN_ACTIONS = {1: 1, 3: 2, 6: 3}
"""Take coins: écus → actions [RB]."""

VERBS = ("start", "recruit", "reveal", "send", "coins", "buy", "done")

# Every action the game can have, built once: actions are frozen values, so the legal-action lists and self-play
# hand out these shared objects instead of building new ones.
START = {c: Start(c) for c in cards.construction_ids()}
RECRUIT = {c: Recruit(c) for c in cards.worker_ids()}
REVEAL = {c: Reveal(c) for c in cards.catalogue()}
SEND = {w: {s: Send(w, s) for s in cards.construction_ids()} for w, c in cards.catalogue().items() if c.is_worker}
"""``SEND[worker][site]``: every worker or machine to every building or machine."""
COINS = (TakeCoins(1), TakeCoins(3), TakeCoins(6))
"""Take coins, by the actions they cost: ``COINS[:n]`` are those that fit in ``n`` actions."""
BUY, DONE = Buy(), Done()


def format_action(action: Action) -> str:
    """The canonical notation of an action."""
    match action:
        case Start(card):
            return f"start {card}"
        case Recruit(card):
            return f"recruit {card}"
        case Reveal(card):
            return f"reveal {card}"
        case Send(worker, site):
            return f"send {worker} {site}"
        case TakeCoins(amount):
            return f"coins {amount}"
        case Buy():
            return "buy"
        case Done():
            return "done"
    raise TypeError(action)  # pragma: no cover


def _resolve(text: str, fits: Iterable[str]) -> str:
    """The one card ``text`` names, using ``fits`` (the cards that make sense here) to settle shared names."""
    found = cards.candidates(text)
    if not found:
        raise NotationError(_("unknown card: '{text}'").format(text=text))
    if len(found) == 1:
        return found[0]
    fitting = set(fits)
    narrowed = [c for c in found if c in fitting]
    if len(narrowed) == 1:
        return narrowed[0]
    raise NotationError(_("'{text}' names several cards ({ids}): use the id").format(text=text, ids=", ".join(found)))


def parse_action(text: str, state: BuildersState) -> Action:
    """An action from its notation (case-insensitive; ids or French names). Raises NotationError."""
    words = text.split("#", 1)[0].split()
    if not words:
        raise NotationError(_("empty action"))
    verb, args = words[0].lower(), words[1:]
    seat = state.seats[state.current]
    if verb in ("buy", "done"):
        if args:
            raise NotationError(_("'{verb}' takes nothing after it").format(verb=verb))
        return Buy() if verb == "buy" else Done()
    if verb == "coins":
        if len(args) != 1 or not args[0].isdigit() or int(args[0]) not in COIN_ACTIONS:
            raise NotationError(_("take coins is written 'coins 1', 'coins 3' or 'coins 6'"))
        return TakeCoins(int(args[0]))
    if verb not in VERBS:
        raise NotationError(
            _("unknown action '{verb}': expected one of {verbs}").format(verb=words[0], verbs=", ".join(VERBS))
        )
    if not args:
        raise NotationError(_("'{verb}' needs a card").format(verb=verb))
    rest = " ".join(args)
    if verb == "start":
        return Start(_resolve(rest, state.row_buildings))
    if verb == "recruit":
        return Recruit(_resolve(rest, state.row_workers))
    if verb == "reveal":
        return Reveal(_resolve(rest, state.deck_workers if state.pending == "worker" else state.deck_buildings))
    # send WORKER SITE: try every split of the words into two card names.
    for cut in range(1, len(args)):
        worker_text, site_text = " ".join(args[:cut]), " ".join(args[cut:])
        if cards.candidates(worker_text) and cards.candidates(site_text):
            return Send(_resolve(worker_text, seat.idle), _resolve(site_text, seat.sites))
    if len(args) == 2:  # two words, one of them no card: say which
        return Send(_resolve(args[0], seat.idle), _resolve(args[1], seat.sites))
    raise NotationError(_("send is written 'send WORKER SITE', e.g. 'send W07 B12'"))
