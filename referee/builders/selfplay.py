"""Self-play for ``simulate``: a random choice among the actions a player with a plan would consider.

Uniform play over every legal action locks most games: it starts sites its workers can never finish and sends
workers that bring nothing a site still needs. A player with a plan (:func:`sensible_action`) sends a worker only
when it helps a site that the idle workers can finish, starts a site only when the idle workers together can
finish it (and fewer than :data:`MAX_SENSIBLE_SITES` are open), recruits only when no such send is open (or the
team is small), and may always take coins, buy an action or end the turn. It picks uniformly among those.

What that needs of a seat — what its idle workers make, what each open site still needs — changes only when a
worker or a site moves, so it is remembered in the state (``state.plans``, one :class:`Plan` per seat) and kept
current as each action is applied (:func:`note_send` …), instead of being summed again before every action. What
follows from it and the face-up row (the starts and the open sites) is worked out again only after one of those
changed; what depends on the écus, the actions left and the sends of this turn is counted at each choice.

Sets of cards are held as :data:`Cards`: one bit per card, so that "the idle workers that make stone or tile and
cost at most 3 écus" is one intersection, ``idle & MAKERS[present(need)] & COSTING[3]``, and its size ``.bit_count()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.builders import cards
from referee.builders.actions import BUY, COINS, DONE, RECRUIT, SEND, START, Action, Recruit, Reveal, Send, Start
from referee.builders.state import ACTION_PRICE, BuildersState, Seat

MAX_SENSIBLE_SITES = 3
"""Self-play keeps at most this many open sites at once, as players at a table do."""

Made = int
"""An amount of each resource (stone, wood, knowledge, tile), packed in one int: :data:`WIDTH` bits each, stone
lowest (see :func:`pack`). Two amounts add and subtract as ints; whether one covers another, and what is still
lacking, take a few whole-int operations instead of four comparisons (see :func:`covers`)."""

WIDTH = 7
"""Bits per resource: 6 for the amount and a guard on top (:data:`GUARDS`). No amount can reach 64: all the cards
together make 43 of each resource, and a building needs at most 5. Four fields fit in 28 bits, so that a packed
amount is one of CPython's one-digit ints, on which arithmetic is fastest."""
LOW = sum(1 << (WIDTH * i) for i in range(4))
"""1 of each resource."""
GUARDS = LOW << (WIDTH - 1)
"""The top bit of each field."""
NOTHING: Made = 0
_CARD = cards.catalogue()


def pack(amounts: cards.Resources) -> Made:
    """Stone, wood, knowledge and tile in one int."""
    return sum(amount << (WIDTH * i) for i, amount in enumerate(amounts))


def unpack(made: Made) -> tuple[int, int, int, int]:
    """The four amounts of a packed one (for reading and tests)."""
    field = (1 << WIDTH) - 1
    return tuple((made >> (WIDTH * i)) & field for i in range(4))  # type: ignore[return-value]


_PRODUCES: dict[str, Made] = {c.id: pack(c.produces) for c in _CARD.values()}
_REQUIRES: dict[str, Made] = {c.id: pack(c.requires) for c in _CARD.values()}


def produced(workers: list[str]) -> Made:
    """What ``workers`` make together."""
    made = NOTHING
    for worker in workers:
        made += _PRODUCES[worker]
    return made


def covers(made: Made, need: Made) -> bool:
    """True when ``made`` meets or exceeds ``need`` in every resource.

    With each field's guard bit set, ``made - need`` borrows from a field's guard exactly where that field of
    ``made`` is smaller (and never further): every guard survives when every resource is covered.
    """
    return ((made | GUARDS) - need) & GUARDS == GUARDS


def lacking(need: Made, made: Made) -> Made:
    """What is still needed of ``need`` once ``made`` is brought (0 where it is met: surplus is lost).

    ``need - made`` field by field (guards set, as in :func:`covers`), kept where its guard survived (need ≥ made)
    and 0 elsewhere.
    """
    difference = (need | GUARDS) - made
    kept = (difference & GUARDS) >> (WIDTH - 1)  # 1 in the low bit of each field where need >= made
    return difference & (kept * ((1 << (WIDTH - 1)) - 1))


def present(amounts: Made) -> Made:
    """Which resources ``amounts`` has any of: the guard bit (:data:`GUARDS`) of each such field, and no other.

    Taking 1 of each resource leaves a field's guard exactly where that field holds at least 1.
    """
    return ((amounts | GUARDS) - LOW) & GUARDS


# -- sets of cards ---------------------------------------------------------------------------------------------
Cards = int
"""A set of cards: bit ``i`` stands for the ``i``-th card of the catalogue."""

_ORDER = list(_CARD)
BIT: dict[str, Cards] = {card: 1 << place for place, card in enumerate(_ORDER)}
_KINDS = [present(pack(cards.Resources(*(chosen >> i & 1 for i in range(4))))) for chosen in range(16)]
"""Every choice of resources (one of each chosen), as :func:`present` writes it."""
MAKERS: dict[Made, Cards] = {
    wanted: sum(BIT[c.id] for c in _CARD.values() if c.is_worker and present(_PRODUCES[c.id]) & wanted)
    for wanted in _KINDS
}
"""``MAKERS[present(need)]``: the cards that, as workers, make at least one of the resources of ``need``."""
MAX_COST = max(c.cost for c in _CARD.values())
COSTING = [sum(BIT[c.id] for c in _CARD.values() if c.is_worker and c.cost <= most) for most in range(MAX_COST + 1)]
"""``COSTING[écus]``: the cards that, as workers, cost at most so many écus (machines cost none)."""


def card_set(cards: list[str]) -> Cards:
    """These cards, as a set."""
    chosen = 0
    for card in cards:
        chosen |= BIT[card]
    return chosen


def nth(cards: Cards, n: int) -> str:
    """The ``n``-th card (from 0, in catalogue order) of a set of cards."""
    for _ in range(n):
        cards &= cards - 1  # without its first card
    return _ORDER[(cards & -cards).bit_length() - 1]


# -- what self-play remembers ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Plan:
    """What self-play remembers of one seat, kept current as actions apply (:func:`note_send` …): its idle
    workers (``idle``) and what they make together (``making``); for each of its open sites (``sites``), what it
    still needs (see :func:`lacking`) and the cards that make some of that (see :data:`MAKERS`); how many workers
    it has, idle or not (``team``).

    When ``ready``, ``starts`` and ``open`` follow from them and the face-up row (see :func:`get_ready`); a change
    of the team or the row makes them stale. ``starts``: the face-up constructions the idle workers can finish
    together (none once the seat has as many open sites as idle workers, or :data:`MAX_SENSIBLE_SITES`); ``open``:
    each open site the idle workers can finish together, with its helpers — the idle workers that make something
    it still needs.
    """

    idle: Cards
    making: Made
    sites: dict[str, tuple[Made, Cards]]
    team: int
    ready: bool = False
    starts: list[Start] = field(default_factory=list)
    open: list[tuple[str, Cards]] = field(default_factory=list)


def site_plan(need: Made) -> tuple[Made, Cards]:
    """What self-play remembers of an open site that still needs ``need``: that, and the cards that make some."""
    return need, MAKERS[((need | GUARDS) - LOW) & GUARDS]  # (:func:`present`, written out)


def plan_of(seat: Seat) -> Plan:
    """A seat's plan, from scratch."""
    sites = {site: site_plan(lacking(_REQUIRES[site], produced(on))) for site, on in seat.sites.items()}
    team = len(seat.idle) + sum(len(on) for on in seat.sites.values())
    return Plan(card_set(seat.idle), produced(seat.idle), sites, team)


def start_plans(state: BuildersState) -> list[Plan]:
    """The plans of every seat, from scratch, remembered in the state from now on."""
    state.plans = [plan_of(seat) for seat in state.seats]
    return state.plans


def get_ready(state: BuildersState, plan: Plan) -> None:
    """Work out the starts and open sites of ``plan``, the plan of the seat in turn."""
    seat, guarded = state.seats[state.current], plan.making | GUARDS
    # ``(guarded - need) & GUARDS == GUARDS`` is :func:`covers`\ ``(plan.making, need)``, written out: it is asked of
    # every face-up building and every open site each time a plan is worked out (plain loops, for the same reason).
    starts: list[Start] = []
    open_sites = len(seat.sites)
    if open_sites < MAX_SENSIBLE_SITES and open_sites < len(seat.idle):
        for card in state.row_buildings:
            if (guarded - _REQUIRES[card]) & GUARDS == GUARDS:
                starts.append(START[card])
    plan.starts = starts
    idle, sites = plan.idle, []
    for site, (need, makers) in plan.sites.items():
        if (guarded - need) & GUARDS == GUARDS:
            sites.append((site, idle & makers))
    plan.open = sites
    plan.ready = True


# What each action changes in the plan of the seat in turn, noted just before the action is applied (``apply``
# calls these when the state holds plans: see ``referee.builders.rules._APPLY``). Coins, buy and done move no
# worker: the plans stay as they are, ready or not.
Noting = Callable[[BuildersState, Plan, Any], None]


def note_start(state: BuildersState, plan: Plan, action: Start) -> None:
    """A start opens a site, and changes the row (every seat's starts)."""
    plan.sites[action.card] = site_plan(_REQUIRES[action.card])
    _row_changed(state)


def note_recruit(state: BuildersState, plan: Plan, action: Recruit) -> None:
    """A recruit adds an idle worker."""
    plan.idle |= BIT[action.card]
    plan.making += _PRODUCES[action.card]
    plan.team += 1
    plan.ready = False


def note_send(state: BuildersState, plan: Plan, action: Send) -> None:
    """A send moves an idle worker to a site; when that finishes the site, its workers (and a machine) are idle."""
    worker, site = action.worker, action.site
    need = lacking(plan.sites[site][0], _PRODUCES[worker])
    if need != NOTHING:
        plan.sites[site] = site_plan(need)
        plan.idle &= ~BIT[worker]
        plan.making -= _PRODUCES[worker]
    else:  # finished: the workers on it are idle again (the one sent with them, so it never leaves them) ...
        del plan.sites[site]
        back = state.seats[state.current].sites[site]
        if _CARD[site].kind == "machine":  # ... and a machine joins them
            back = [*back, site]
            plan.team += 1
        plan.idle |= card_set(back)
        plan.making += produced(back)
    plan.ready = False


def note_reveal(state: BuildersState, plan: Plan, action: Reveal) -> None:
    """A reveal changes a row."""
    _row_changed(state)


def _row_changed(state: BuildersState) -> None:
    """The building row changed: every seat's starts must be worked out again."""
    for plan in state.plans or ():
        plan.ready = False


# -- choosing --------------------------------------------------------------------------------------------------
def below(rng: random.Random, count: int) -> int:
    """A uniform draw from ``range(count)``, made as ``rng.randrange(count)`` makes it (the same bits, the same
    result), without its checks of the argument."""
    bits = count.bit_length()
    place = rng.getrandbits(bits)
    while place >= count:
        place = rng.getrandbits(bits)
    return place


_MOST_COINS = len(COINS)
_OTHERS = [((*COINS[:left], DONE), (*COINS[:left], BUY, DONE)) for left in range(_MOST_COINS + 1)]
"""``_OTHERS[left][can buy]``: the coins that fit in ``left`` actions, buy when the player has the écus, done."""


def sensible_action(state: BuildersState, rng: random.Random) -> Action:
    """A sensible action (see the module), chosen uniformly at random; the state awaits no reveal.

    The sensible actions are counted by group — starts; sends, site by site, helpers in catalogue order; coins,
    buy and done; recruits — and the one at a random place is taken, without listing them all.
    """
    left, coins = state.actions_left, state.seats[state.current].coins
    # (``x if x < most else most`` is ``min(x, most)`` without its call, which costs more than the rest of the line:
    # this runs for every self-play action; the same goes for the plain loops here and in :func:`get_ready`.)
    others = _OTHERS[left if left < _MOST_COINS else _MOST_COINS][coins >= ACTION_PRICE]
    if not left:
        return others[below(rng, len(others))]
    known = (state.plans or start_plans(state))[state.current]
    if not known.ready:
        get_ready(state, known)
    count = 0  # sends: to each open site that may still take a worker this turn, each helper the player can pay
    if known.open:
        sent, payable = state.sent, COSTING[coins if coins < MAX_COST else MAX_COST]
        for site, helpers in known.open:
            # the k-th worker sent to one site in a turn costs k actions (none sent yet: a turn's first choices)
            if not sent or sent.get(site, 0) < left:
                count += (helpers & payable).bit_count()
    starts = known.starts
    recruits = state.row_workers if not count or known.team < 3 else ()
    n_starts, n_others = len(starts), len(others)
    place = below(rng, n_starts + count + n_others + len(recruits))
    if place < n_starts:
        return starts[place]
    place -= n_starts
    if place < count:  # the same sends, counted again up to the place drawn
        sent, payable = state.sent, COSTING[coins if coins < MAX_COST else MAX_COST]
        for site, helpers in known.open:
            if not sent or sent.get(site, 0) < left:
                paid = helpers & payable
                if place < paid.bit_count():
                    return SEND[nth(paid, place)][site]
                place -= paid.bit_count()
    place -= count
    if place < n_others:
        return others[place]
    return RECRUIT[recruits[place - n_others]]
