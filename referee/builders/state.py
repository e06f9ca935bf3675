"""The state of a game of The Builders, and how a game is set up.

Setup [RB]: the 42 building cards (machines included) are shuffled and 5 laid face up; each player gets one
random Apprentice, the other apprentices are shuffled into the worker deck and 5 workers laid face up; each
player gets 10 écus and the bank holds the rest (100 − 10 × players). Ruling: the first seat plays first.

The referee learns the table in one of two ways:

* **told** (``apprentices``, ``buildings``, ``workers``): the decks are then the cards still unseen, in no
  order; after each start or recruit the table tells the referee which card came up (a ``reveal`` action);
* **seeded** (``seed``): the referee deals itself, deterministically (see :func:`deal`), and refills the rows
  from the front of its decks; there is no ``reveal`` then.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.builders import cards
from referee.errors import SetupError
from referee.i18n import _, ngettext

TOTAL_ECUS = 100
START_ECUS = 10
FREE_ACTIONS = 3
ACTION_PRICE = 5
"""Écus for one more action [RB]."""
ROW_SIZE = 5
END_VP = 17
"""Ending a turn with this many VP starts the last round [RB]."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(slots=True)
class Seat:
    """What one player has: écus, finished cards, open sites with the workers on them, idle workers.

    A finished machine is both in ``built`` (it scores) and in the team, idle or on a site (it works).
    """

    coins: int = START_ECUS
    built: list[str] = field(default_factory=list)
    sites: dict[str, list[str]] = field(default_factory=dict)
    idle: list[str] = field(default_factory=list)
    vp: int = 0

    def copy(self) -> Seat:
        return Seat(self.coins, self.built[:], {site: on[:] for site, on in self.sites.items()}, self.idle[:], self.vp)

    def team(self) -> list[str]:
        """Every worker of the player: idle ones, then those on sites."""
        return self.idle + [w for on in self.sites.values() for w in on]


class Watcher(Protocol):
    """Something that watches a state and is not part of the game (self-play's plans, :mod:`.plans`)."""

    def note(self, state: BuildersState, action: Any) -> None:
        """``action`` is about to be applied to ``state``."""


@dataclass(slots=True)
class BuildersState:
    """A game in progress. Mutable; :meth:`copy` is deep, ``==`` compares everything.

    ``deck_buildings``/``deck_workers`` are the cards not yet seen: in dealing order when ``seeded``, else
    sorted by id (the referee does not know the order of a physical deck). ``pending`` names the row that
    awaits a ``reveal`` (told setups only). ``trigger`` is the seat that first ended a turn with 17 VP or more:
    from then on the round is being finished. ``tally`` marks a final tally typed from the table (see
    :mod:`.position`): only each player's finished cards and écus are known — no rows, decks, sites or turns.
    ``stalled`` says why a game that could no longer end was ended (ruling, :mod:`.stall`), else None.

    ``watcher`` is not part of the game: what self-play remembers of the seats (:mod:`.plans`), told of each action
    just before ``apply`` applies it. It is never compared, and a copy starts without one.
    """

    players: tuple[str, ...]
    seats: list[Seat]
    bank: int
    row_buildings: list[str]
    row_workers: list[str]
    deck_buildings: list[str]
    deck_workers: list[str]
    seeded: bool
    current: int = 0
    turn: int = 1
    actions_left: int = FREE_ACTIONS
    sent: dict[str, int] = field(default_factory=dict)
    pending: str | None = None
    trigger: int | None = None
    over: bool = False
    tally: bool = False
    stalled: str | None = None
    watcher: Watcher | None = field(default=None, compare=False, repr=False)

    def copy(self) -> BuildersState:
        return BuildersState(
            self.players,
            [seat.copy() for seat in self.seats],
            self.bank,
            self.row_buildings[:],
            self.row_workers[:],
            self.deck_buildings[:],
            self.deck_workers[:],
            self.seeded,
            self.current,
            self.turn,
            self.actions_left,
            dict(self.sent),
            self.pending,
            self.trigger,
            self.over,
            self.tally,
            self.stalled,
        )

    @property
    def seat(self) -> Seat:
        """The seat in turn."""
        return self.seats[self.current]

    @property
    def finishing_round(self) -> bool:
        return self.trigger is not None


def deal(seed: int, n_players: int) -> tuple[list[str], list[str], list[str]]:
    """The seeded deal: ``(apprentices per seat, building deck, worker deck)``, decks in dealing order.

    ``rng = random.Random(seed)``; shuffle the 42 building cards sorted by id; shuffle the 6 apprentices sorted
    by id and give the i-th to seat i; shuffle the other apprentices with the 36 other workers, sorted by id.
    The first 5 cards of each deck go face up; refills are drawn from the front.
    """
    rng = random.Random(seed)
    buildings = cards.construction_ids()
    shuffle(rng, buildings)
    apprentices = cards.apprentice_ids()
    shuffle(rng, apprentices)
    dealt = apprentices[:n_players]
    workers = cards.worker_ids()  # sorted by id
    for apprentice in dealt:
        workers.remove(apprentice)
    shuffle(rng, workers)
    return dealt, buildings, workers


def shuffle(rng: random.Random, deck: list[str]) -> None:
    """Shuffle ``deck`` in place: Fisher–Yates from the last card down, each place drawn with ``getrandbits`` and
    drawn again while out of range — draw for draw what ``random.shuffle`` does (CPython 3.11).

    Written out so that a seed deals the same cards whatever a later standard library changes, and because a deal
    is made for every simulated game.
    """
    getrandbits = rng.getrandbits
    for last in range(len(deck) - 1, 0, -1):
        count = last + 1
        bits = count.bit_length()
        place = getrandbits(bits)
        while place >= count:
            place = getrandbits(bits)
        deck[last], deck[place] = deck[place], deck[last]


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The players, checked: 2 to 4 [RB], each with a name, no name twice. Raises SetupError."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(_("The Builders is for 2 to 4 players, not {n}").format(n=len(players)))
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise SetupError(_("every player needs a name"))
    if len(set(players)) != len(players):
        raise SetupError(_("two players have the same name"))
    return tuple(players)


def _told_ids(setup: Mapping[str, Any], key: str, count: int, kind: str) -> list[str]:
    """The ids listed under ``setup[key]``: exactly ``count`` distinct cards of the right kind."""
    raw = setup.get(key)
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise SetupError(_("setup '{key}' must be a list of card ids").format(key=key))
    if len(raw) != count:
        raise SetupError(
            ngettext(
                "setup '{key}' needs {count} card, not {n}", "setup '{key}' needs {count} cards, not {n}", count
            ).format(key=key, count=count, n=len(raw))
        )
    ids = []
    for text in raw:
        found = cards.candidates(text)
        if kind == "building":
            found = tuple(c for c in found if cards.card(c).is_construction)
        else:
            found = tuple(c for c in found if cards.card(c).kind == "worker")
        if len(found) != 1:
            raise SetupError(_("setup '{key}': '{text}' is not one {kind} card").format(key=key, text=text, kind=kind))
        ids.append(found[0])
    if len(set(ids)) != len(ids):
        raise SetupError(_("setup '{key}' names a card twice").format(key=key))
    return ids


def new_state(players: list[str], setup: Mapping[str, Any]) -> BuildersState:
    """The state before the first action, from a told or a seeded setup. Raises SetupError."""
    names = check_players(players)
    n = len(names)
    unknown = set(setup) - {"seed", "apprentices", "buildings", "workers"}
    if unknown:
        raise SetupError(
            ngettext(
                "unknown builders setup key: {keys} (known: seed, apprentices, buildings, workers)",
                "unknown builders setup keys: {keys} (known: seed, apprentices, buildings, workers)",
                len(unknown),
            ).format(keys=", ".join(map(repr, sorted(unknown))))
        )
    if "seed" in setup:
        seed = setup["seed"]
        if set(setup) != {"seed"}:
            raise SetupError(_("a builders setup has either a seed or the cards on the table, not both"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(_("the seed must be a whole number"))
        apprentices, deck_b, deck_w = deal(seed, n)
        row_b, deck_b = deck_b[:ROW_SIZE], deck_b[ROW_SIZE:]
        row_w, deck_w = deck_w[:ROW_SIZE], deck_w[ROW_SIZE:]
        seeded = True
    else:
        if not {"apprentices", "buildings", "workers"} <= set(setup):
            raise SetupError(_("a builders setup needs a seed, or apprentices, buildings and workers"))
        apprentices = _told_ids(setup, "apprentices", n, "worker")
        if any(cards.card(a).cost != 2 for a in apprentices):
            raise SetupError(_("setup 'apprentices': each player starts with an Apprentice (W01-W06)"))
        row_b = _told_ids(setup, "buildings", ROW_SIZE, "building")
        row_w = _told_ids(setup, "workers", ROW_SIZE, "worker")
        if set(row_w) & set(apprentices):
            raise SetupError(_("setup: a face-up worker is also a player's apprentice"))
        deck_b = sorted(set(cards.construction_ids()) - set(row_b))
        deck_w = sorted(set(cards.worker_ids()) - set(row_w) - set(apprentices))
        seeded = False
    return BuildersState(
        players=names,
        seats=[Seat(idle=[a]) for a in apprentices],
        bank=TOTAL_ECUS - START_ECUS * n,
        row_buildings=list(row_b),
        row_workers=list(row_w),
        deck_buildings=list(deck_b),
        deck_workers=list(deck_w),
        seeded=seeded,
    )
