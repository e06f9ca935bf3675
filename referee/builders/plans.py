"""What self-play remembers of each seat, kept current as actions apply — speed machinery, not rules.

Self-play (:mod:`.selfplay`) asks before every action what a seat's idle workers make together and what each of
its open sites still needs. Those change only when a worker or a site moves, so they are remembered (a
:class:`Plan` per seat, all in one :class:`Plans`) instead of being summed again before every action. The
``Plans`` of a state sits in the state's ``watcher`` slot, which is not part of the game (never compared, not
copied): the rules tell it of each action just before applying it (:meth:`Plans.note`), and only this module and
:mod:`.selfplay` read it.

The vocabulary, as python-chess names its bitboards:

* :data:`Packed` — an amount of each resource in one int, a :data:`WIDTH`-bit field each at the offsets
  :data:`STONE`, :data:`WOOD`, :data:`KNOWLEDGE`, :data:`TILE`; :func:`pack`, :func:`unpack`, :func:`covers`,
  :func:`present`;
* :data:`CardSet` — a set of cards, one bit per card of the catalogue (:data:`BIT`); :data:`MAKERS` and
  :data:`COSTING` are the sets that make some resource and that cost at most so many écus, :func:`card_set`,
  :func:`nth`. "The idle workers that make stone or tile and cost at most 3 écus" is then one intersection,
  ``idle & MAKERS[present(need)] & COSTING[3]``, and its size ``.bit_count()``.

What a site still needs is the rules' :func:`~referee.builders.sites.still_needed`, packed (:func:`site_plan`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.builders import cards
from referee.builders.actions import START, Action, Recruit, Reveal, Send, Start
from referee.builders.sites import still_needed
from referee.builders.state import BuildersState, Seat

MAX_SENSIBLE_SITES = 3
"""Self-play keeps at most this many open sites at once, as players at a table do."""

# -- packed resources ------------------------------------------------------------------------------------------
Packed = int
"""An amount of each resource (stone, wood, knowledge, tile) in one int: a :data:`WIDTH`-bit field each, at the
offsets :data:`STONE` … :data:`TILE`. Two amounts add and subtract as ints; whether one covers another takes a few
whole-int operations instead of four comparisons (see :func:`covers`)."""

WIDTH = 7
"""Bits per resource: 6 for the amount and a guard on top (:data:`GUARDS`). No amount can reach 64: all the cards
together make 43 of each resource, and a building needs at most 5. Four fields fit in 28 bits, so that a packed
amount is one of CPython's one-digit ints, on which arithmetic is fastest."""
STONE, WOOD, KNOWLEDGE, TILE = 0, WIDTH, 2 * WIDTH, 3 * WIDTH
"""Where each resource's field starts."""
FIELDS = (STONE, WOOD, KNOWLEDGE, TILE)
AMOUNT = (1 << (WIDTH - 1)) - 1
"""The amount bits of a field (without its guard)."""
LOW: Packed = sum(1 << offset for offset in FIELDS)
"""1 of each resource."""
GUARDS: Packed = LOW << (WIDTH - 1)
"""The top bit of each field."""
NOTHING: Packed = 0


def pack(amounts: cards.Resources) -> Packed:
    """Stone, wood, knowledge and tile in one int."""
    return amounts.stone << STONE | amounts.wood << WOOD | amounts.knowledge << KNOWLEDGE | amounts.tile << TILE


def unpack(packed: Packed) -> cards.Resources:
    """The four amounts of a packed one (for reading and tests)."""
    return cards.Resources(*((packed >> offset) & AMOUNT for offset in FIELDS))


def covers(made: Packed, need: Packed) -> bool:
    """True when ``made`` meets or exceeds ``need`` in every resource.

    With each field's guard bit set, ``made - need`` borrows from a field's guard exactly where that field of
    ``made`` is smaller (and never further): every guard survives when every resource is covered.
    """
    return ((made | GUARDS) - need) & GUARDS == GUARDS


def present(amounts: Packed) -> Packed:
    """Which resources ``amounts`` has any of: the guard bit (:data:`GUARDS`) of each such field, and no other.

    Taking 1 of each resource leaves a field's guard exactly where that field holds at least 1.
    """
    return ((amounts | GUARDS) - LOW) & GUARDS


_CARD = cards.catalogue()
PRODUCES: dict[str, Packed] = {c.id: pack(c.produces) for c in _CARD.values()}
"""What each card makes as a worker, packed."""
REQUIRES: dict[str, Packed] = {c.id: pack(c.requires) for c in _CARD.values()}
"""What each card needs as a site, packed."""
VP: dict[str, int] = {c.id: c.vp for c in _CARD.values()}
"""The VP each card is worth when finished."""


def produced(workers: list[str]) -> Packed:
    """What ``workers`` make together."""
    made = NOTHING
    for worker in workers:
        made += PRODUCES[worker]
    return made


# -- sets of cards ---------------------------------------------------------------------------------------------
CardSet = int
"""A set of cards: bit ``i`` stands for the ``i``-th card of the catalogue."""

_ORDER = list(_CARD)
BIT: dict[str, CardSet] = {card: 1 << place for place, card in enumerate(_ORDER)}
_KINDS = [present(pack(cards.Resources(*(chosen >> i & 1 for i in range(4))))) for chosen in range(16)]
"""Every choice of resources (one of each chosen), as :func:`present` writes it."""
MAKERS: dict[Packed, CardSet] = {
    wanted: sum(BIT[c.id] for c in _CARD.values() if c.is_worker and present(PRODUCES[c.id]) & wanted)
    for wanted in _KINDS
}
"""``MAKERS[present(need)]``: the cards that, as workers, make at least one of the resources of ``need``."""
MAX_COST = max(c.cost for c in _CARD.values())
COSTING = [sum(BIT[c.id] for c in _CARD.values() if c.is_worker and c.cost <= most) for most in range(MAX_COST + 1)]
"""``COSTING[écus]``: the cards that, as workers, cost at most so many écus (machines cost none)."""


def card_set(chosen: list[str]) -> CardSet:
    """These cards, as a set."""
    found = 0
    for card in chosen:
        found |= BIT[card]
    return found


def nth(chosen: CardSet, n: int) -> str:
    """The ``n``-th card (from 0, in catalogue order) of a set of cards."""
    for _ in range(n):
        chosen &= chosen - 1  # without its first card
    return _ORDER[(chosen & -chosen).bit_length() - 1]


# -- what self-play remembers ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Plan:
    """What self-play remembers of one seat: its idle workers (``idle``) and what they make together
    (``making``); for each of its open sites (``sites``), what it still needs and the cards that make some of
    that (see :func:`site_plan`); how many workers it has, idle or not (``team``).

    When ``ready``, ``starts`` and ``open`` follow from them and the face-up row (see :func:`get_ready`); a change
    of the team or the row makes them stale. ``starts``: the face-up constructions the idle workers can finish
    together (none once the seat has as many open sites as idle workers, or :data:`MAX_SENSIBLE_SITES`); ``open``:
    each open site the idle workers can finish together, with its helpers — the idle workers that make something
    it still needs.
    """

    idle: CardSet
    making: Packed
    sites: dict[str, tuple[Packed, CardSet]]
    team: int
    ready: bool = False
    starts: list[Start] = field(default_factory=list)
    open: list[tuple[str, CardSet]] = field(default_factory=list)


class _SitePlans(dict[cards.Resources, tuple[Packed, CardSet]]):
    """What a site still needs, packed, and the cards that make some of that: worked out once per need."""

    def __missing__(self, need: cards.Resources) -> tuple[Packed, CardSet]:
        packed = pack(need)
        self[need] = plan = packed, MAKERS[present(packed)]
        return plan


_SITE_PLANS = _SitePlans()


def site_plan(site: str, workers: list[str]) -> tuple[Packed, CardSet]:
    """What self-play remembers of an open site with ``workers`` on it: what it still needs, packed, and the
    cards that make some of that."""
    return _SITE_PLANS[still_needed(site, workers)]


def plan_of(seat: Seat) -> Plan:
    """A seat's plan, from scratch."""
    sites = {site: site_plan(site, on) for site, on in seat.sites.items()}
    team = len(seat.idle) + sum(len(on) for on in seat.sites.values())
    return Plan(card_set(seat.idle), produced(seat.idle), sites, team)


def get_ready(state: BuildersState, plan: Plan) -> None:
    """Work out the starts and open sites of ``plan``, the plan of the seat in turn."""
    seat, guarded = state.seats[state.current], plan.making | GUARDS
    # ``(guarded - need) & GUARDS == GUARDS`` is :func:`covers`\ ``(plan.making, need)`` written out, and the loops
    # are plain: this is asked of every face-up building and every open site each time a plan is worked out.
    starts: list[Start] = []
    open_sites = len(seat.sites)
    if open_sites < MAX_SENSIBLE_SITES and open_sites < len(seat.idle):
        for card in state.row_buildings:
            if (guarded - REQUIRES[card]) & GUARDS == GUARDS:
                starts.append(START[card])
    plan.starts = starts
    idle, sites = plan.idle, []
    for site, (need, makers) in plan.sites.items():
        if (guarded - need) & GUARDS == GUARDS:
            sites.append((site, idle & makers))
    plan.open = sites
    plan.ready = True


_MOVING = frozenset((Send, Start, Recruit, Reveal))
"""The actions that move a worker or a site, or change the row: coins, buy and done leave the plans as they are."""


class Plans:
    """Every seat's :class:`Plan`, watching one state: told of each action just before it is applied
    (:meth:`note`), it changes the plan of the seat in turn as the action will. Coins, buy and done move no
    worker: the plans stay as they are, ready or not."""

    __slots__ = ("seats",)

    def __init__(self, state: BuildersState) -> None:
        self.seats = [plan_of(seat) for seat in state.seats]

    def note(self, state: BuildersState, action: Action) -> None:
        """``action`` is about to be applied to ``state``: change the plans as it will."""
        kind = type(action)
        if kind not in _MOVING:
            return
        taken: Any = action  # (its kind is known from ``kind``: no isinstance on this path, run per self-play action)
        if kind is Send:  # an idle worker moves to a site, which it may finish
            self.note_send(state, taken)
        elif kind is Start:  # a new open site, and a change of the row (every seat's starts)
            self.seats[state.current].sites[taken.card] = site_plan(taken.card, [])
            self.row_changed()
        elif kind is Recruit:  # one more idle worker
            plan = self.seats[state.current]
            plan.idle |= BIT[taken.card]
            plan.making += PRODUCES[taken.card]
            plan.team += 1
            plan.ready = False
        elif kind is Reveal:  # a change of a row
            self.row_changed()

    def note_send(self, state: BuildersState, action: Send) -> None:
        """A send moves an idle worker to a site; when that finishes the site, its workers (and a machine) are
        idle again."""
        worker, site = action.worker, action.site
        plan, on = self.seats[state.current], state.seats[state.current].sites[site]
        if not covers(PRODUCES[worker], plan.sites[site][0]):  # the site still needs something after it
            plan.sites[site] = site_plan(site, [*on, worker])
            plan.idle &= ~BIT[worker]
            plan.making -= PRODUCES[worker]
        else:  # finished: the workers on it are idle again (the one sent with them, so it never leaves them) ...
            del plan.sites[site]
            back = on
            if _CARD[site].kind == "machine":  # ... and a machine joins them
                back = [*on, site]
                plan.team += 1
            plan.idle |= card_set(back)
            plan.making += produced(back)
        plan.ready = False

    def row_changed(self) -> None:
        """The building row changed: every seat's starts must be worked out again."""
        for plan in self.seats:
            plan.ready = False


def plans_of(state: BuildersState) -> list[Plan]:
    """The plans of every seat of ``state``: those it holds, else new ones, watching it from now on."""
    watcher: Any = state.watcher
    if watcher is None:
        watcher = state.watcher = Plans(state)
    return watcher.seats  # type: ignore[no-any-return]


def forget(state: BuildersState) -> None:
    """Drop the plans of a state that was changed by other means than ``apply`` (a test putting cards in place)."""
    state.watcher = None
