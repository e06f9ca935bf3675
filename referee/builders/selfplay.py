"""Self-play for ``simulate``: a random choice among the actions a player with a plan would consider.

Uniform play over every legal action locks most games: it starts sites its workers can never finish and sends
workers that bring nothing a site still needs. A player with a plan (:func:`sensible_action`) sends a worker only
when it helps a site that the idle workers can finish, starts a site only when the idle workers together can
finish it (and fewer than :data:`MAX_SENSIBLE_SITES` are open), recruits only when no such send is open (or the
team is small), and may always take coins, buy an action or end the turn. It picks uniformly among those.

What that needs of a seat — what its idle workers make, what each open site still needs — changes only when a
worker or a site moves, so it is remembered in the state (``state.plans``, one :class:`Plan` per seat) and kept
current by :func:`note` as each action is applied, instead of being summed again before every action. What
follows from it and the face-up row (the starts and the open sites) is worked out again only after one of those
changed; what depends on the écus, the actions left and the sends of this turn is counted at each choice.

Sets of cards are held as :data:`Cards`: one bit per card, so that "the idle workers that make stone or tile and
cost at most 3 écus" is one intersection, ``idle & MAKERS[kinds] & COSTING[3]``, and its size ``.bit_count()``.
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

Made = tuple[int, int, int, int]
"""An amount of each resource: stone, wood, knowledge, tile."""

NOTHING: Made = (0, 0, 0, 0)
_CARD = cards.catalogue()
_PRODUCES: dict[str, Made] = {c.id: c.produces for c in _CARD.values()}
_REQUIRES: dict[str, Made] = {c.id: c.requires for c in _CARD.values()}


def add(a: Made, b: Made) -> Made:
    """Both amounts together."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def subtract(a: Made, b: Made) -> Made:
    """``a`` without ``b``."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def produced(workers: list[str]) -> Made:
    """What ``workers`` make together."""
    made = NOTHING
    for worker in workers:
        made = add(made, _PRODUCES[worker])
    return made


def lacking(need: Made, made: Made) -> Made:
    """What is still needed of ``need`` once ``made`` is brought (0 where it is met: surplus is lost)."""
    return (
        max(0, need[0] - made[0]),
        max(0, need[1] - made[1]),
        max(0, need[2] - made[2]),
        max(0, need[3] - made[3]),
    )


def covers(made: Made, need: Made) -> bool:
    """True when ``made`` meets or exceeds ``need`` in every resource."""
    return made[0] >= need[0] and made[1] >= need[1] and made[2] >= need[2] and made[3] >= need[3]


def kinds(amounts: Made) -> int:
    """Which resources ``amounts`` has any of, as bits: stone 1, wood 2, knowledge 4, tile 8."""
    return (amounts[0] > 0) | (amounts[1] > 0) << 1 | (amounts[2] > 0) << 2 | (amounts[3] > 0) << 3


# -- sets of cards ---------------------------------------------------------------------------------------------
Cards = int
"""A set of cards: bit ``i`` stands for the ``i``-th card of the catalogue."""

_ORDER = list(_CARD)
BIT: dict[str, Cards] = {card: 1 << place for place, card in enumerate(_ORDER)}
MAKERS = [sum(BIT[c.id] for c in _CARD.values() if c.is_worker and kinds(c.produces) & wanted) for wanted in range(16)]
"""``MAKERS[kinds]``: the cards that, as workers, make at least one of these kinds of resource."""
MAX_COST = max(c.cost for c in _CARD.values())
COSTING = [sum(BIT[c.id] for c in _CARD.values() if c.is_worker and c.cost <= most) for most in range(MAX_COST + 1)]
"""``COSTING[écus]``: the cards that, as workers, cost at most so many écus (machines cost none)."""


def card_set(cards: list[str]) -> Cards:
    """These cards, as a set."""
    return sum(BIT[card] for card in cards)


def nth(cards: Cards, n: int) -> str:
    """The ``n``-th card (from 0, in catalogue order) of a set of cards."""
    for _ in range(n):
        cards &= cards - 1  # without its first card
    return _ORDER[(cards & -cards).bit_length() - 1]


# -- what self-play remembers ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Plan:
    """What self-play remembers of one seat, kept current by :func:`note`: its idle workers (``idle``) and what
    they make together (``making``); for each of its open sites (``sites``), what it still needs (see
    :func:`lacking`) and the cards that make some of that (see :data:`MAKERS`); how many workers it has, idle or
    not (``team``).

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
    return need, MAKERS[kinds(need)]


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
    seat, making = state.seats[state.current], plan.making
    plan.starts = []
    if len(seat.sites) < min(len(seat.idle), MAX_SENSIBLE_SITES):
        plan.starts = [START[card] for card in state.row_buildings if covers(making, _REQUIRES[card])]
    idle = plan.idle
    plan.open = [(site, idle & makers) for site, (need, makers) in plan.sites.items() if covers(making, need)]
    plan.ready = True


def note(state: BuildersState, action: Action) -> None:
    """Bring the remembered plans up to date for ``action``, just before it is applied (a no-op without them).

    A start opens a site and changes the row; a recruit adds an idle worker; a send moves an idle worker to a
    site, and when that finishes the site its workers (and a finished machine) are idle again; a reveal changes a
    row. Coins, buy and done move no worker: the plans stay ready.
    """
    if state.plans is not None:
        noted = _NOTE.get(type(action))
        if noted is not None:
            noted(state, state.plans[state.current], action)


def _note_start(state: BuildersState, plan: Plan, action: Start) -> None:
    plan.sites[action.card] = site_plan(_REQUIRES[action.card])
    _row_changed(state)


def _note_recruit(state: BuildersState, plan: Plan, action: Recruit) -> None:
    plan.idle |= BIT[action.card]
    plan.making = add(plan.making, _PRODUCES[action.card])
    plan.team += 1
    plan.ready = False


def _note_send(state: BuildersState, plan: Plan, action: Send) -> None:
    worker, site = action.worker, action.site
    need = lacking(plan.sites[site][0], _PRODUCES[worker])
    if need != NOTHING:
        plan.sites[site] = site_plan(need)
        plan.idle &= ~BIT[worker]
        plan.making = subtract(plan.making, _PRODUCES[worker])
    else:  # finished: the workers on it are idle again (the one sent with them, so it never leaves them) ...
        del plan.sites[site]
        back = state.seats[state.current].sites[site]
        if _CARD[site].kind == "machine":  # ... and a machine joins them
            back = [*back, site]
            plan.team += 1
        plan.idle |= card_set(back)
        plan.making = add(plan.making, produced(back))
    plan.ready = False


def _note_reveal(state: BuildersState, plan: Plan, action: Reveal) -> None:
    _row_changed(state)


def _row_changed(state: BuildersState) -> None:
    """The building row changed: every seat's starts must be worked out again."""
    for plan in state.plans or ():
        plan.ready = False


_NOTE: dict[type, Callable[[BuildersState, Plan, Any], None]] = {
    Start: _note_start,
    Recruit: _note_recruit,
    Send: _note_send,
    Reveal: _note_reveal,
}


# -- choosing --------------------------------------------------------------------------------------------------
def below(rng: random.Random, count: int) -> int:
    """A uniform draw from ``range(count)``, made as ``rng.randrange(count)`` makes it (the same bits, the same
    result), without its checks of the argument."""
    bits = count.bit_length()
    place = rng.getrandbits(bits)
    while place >= count:
        place = rng.getrandbits(bits)
    return place


_OTHERS = [((*COINS[:left], DONE), (*COINS[:left], BUY, DONE)) for left in range(len(COINS) + 1)]
"""``_OTHERS[left][can buy]``: the coins that fit in ``left`` actions, buy when the player has the écus, done."""


def sensible_action(state: BuildersState, rng: random.Random) -> Action:
    """A sensible action (see the module), chosen uniformly at random; the state awaits no reveal.

    The sensible actions are counted by group — starts; sends, site by site, helpers in catalogue order; coins,
    buy and done; recruits — and the one at a random place is taken, without listing them all.
    """
    seat, left = state.seats[state.current], state.actions_left
    coins = seat.coins
    others = _OTHERS[min(left, len(COINS))][coins >= ACTION_PRICE]
    if not left:
        return others[below(rng, len(others))]
    known = (state.plans or start_plans(state))[state.current]
    if not known.ready:
        get_ready(state, known)
    sent, payable = state.sent, COSTING[min(coins, MAX_COST)]
    count = 0  # sends: to each open site that may still take a worker this turn, each helper the player can pay
    for site, helpers in known.open:
        if sent.get(site, 0) < left:  # the k-th worker sent to one site in a turn costs k actions
            count += (helpers & payable).bit_count()
    starts = known.starts
    recruits = state.row_workers if not count or known.team < 3 else ()
    place = below(rng, len(starts) + count + len(others) + len(recruits))
    if place < len(starts):
        return starts[place]
    place -= len(starts)
    if place < count:  # the same sends, counted again up to the place drawn
        for site, helpers in known.open:
            if sent.get(site, 0) < left:
                paid = helpers & payable
                if place < paid.bit_count():
                    return SEND[nth(paid, place)][site]
                place -= paid.bit_count()
    place -= count
    if place < len(others):
        return others[place]
    return RECRUIT[recruits[place - len(others)]]
