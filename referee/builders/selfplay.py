"""Fast generators of actions — speed machinery, not rules: every legal action at once (for menus and the rules'
``legal_actions``), one drawn uniformly (``random_action``), and one a player with a plan would consider
(``self_play_action``, for ``simulate``).

What is legal is written once, in the rules' judge methods (:mod:`.rules`); the generators here must agree with
them, and a property test checks that they do over random positions.

Uniform play over every legal action locks most games: it starts sites its workers can never finish and sends
workers that bring nothing a site still needs. A player with a plan (:func:`sensible_action`) sends a worker only
when it helps a site that the idle workers can finish, starts a site only when the idle workers together can
finish it (and fewer than :data:`~.plans.MAX_SENSIBLE_SITES` are open), recruits only when no such send is open
(or the team is small), and may always take coins, buy an action or end the turn. It picks uniformly among those,
reading what it remembers of each seat from :mod:`.plans`.
"""

from __future__ import annotations

import random
from typing import Any

from referee.builders import cards
from referee.builders.actions import BUY, COINS, DONE, RECRUIT, REVEAL, SEND, START, Action
from referee.builders.plans import COSTING, MAX_COST, get_ready, nth, plans_of
from referee.builders.sites import send_cost
from referee.builders.state import ACTION_PRICE, BuildersState

_COST = {card.id: card.cost for card in cards.catalogue().values()}


def below(rng: random.Random, count: int) -> int:
    """A uniform draw from ``range(count)``, made as ``rng.randrange(count)`` makes it (the same bits, the same
    result), without its checks of the argument."""
    bits = count.bit_length()
    place = rng.getrandbits(bits)
    while place >= count:
        place = rng.getrandbits(bits)
    return place


# -- every legal action ----------------------------------------------------------------------------------------
Groups = tuple[list[str], list[str], list[str], list[str], tuple[Action, ...]]
"""The legal actions by group (see :func:`legal_groups`)."""


def legal_groups(state: BuildersState) -> Groups:
    """The legal actions now, by group, while the game is on and no row awaits a reveal: the face-up buildings to
    start, the face-up workers to recruit, the idle workers the player can pay and the open sites that may still
    take one this turn (each pair is a send), and the rest: the coins that fit, buy, done. Nothing but buy and
    done without an action left."""
    seat, left = state.seats[state.current], state.actions_left
    end = (BUY, DONE) if seat.coins >= ACTION_PRICE else (DONE,)
    if not left:
        return [], [], [], [], end
    sites: list[str] = []
    workers: list[str] = []
    if seat.sites and seat.idle:
        if not state.sent:  # none sent this turn: every open site may take one
            sites = list(seat.sites)
        else:
            for site in seat.sites:
                if site not in state.sent or send_cost(state, site) <= left:  # (none sent there: 1 action)
                    sites.append(site)
        if sites:
            coins = seat.coins
            for worker in seat.idle:
                if _COST[worker] <= coins:
                    workers.append(worker)
    return state.row_buildings, state.row_workers, workers, sites, COINS[:left] + end


def legal_list(state: BuildersState) -> list[Action]:
    """Every legal action now, as a list: the reveals when a row waits, else starts, recruits, sends (worker by
    worker), coins, buy, done (see :func:`legal_groups`). Action objects are shared, never rebuilt."""
    if state.over:
        return []
    if state.pending is not None:
        deck = state.deck_workers if state.pending == "worker" else state.deck_buildings
        return [REVEAL[card] for card in deck]
    starts, recruits, workers, sites, rest = legal_groups(state)
    return [
        *(START[card] for card in starts),
        *(RECRUIT[card] for card in recruits),
        *(SEND[worker][site] for worker in workers for site in sites),
        *rest,
    ]


def uniform_action(state: BuildersState, rng: random.Random) -> Action:
    """A legal action chosen uniformly at random: the one at a random place of :func:`legal_list`, found without
    listing them all (the same draw as ``rng.choice(legal_list(state))``)."""
    if state.over or state.pending is not None:
        return rng.choice(legal_list(state))
    starts, recruits, workers, sites, rest = legal_groups(state)
    sends = len(workers) * len(sites)
    place = below(rng, len(starts) + len(recruits) + sends + len(rest))
    if place < len(starts):
        return START[starts[place]]
    place -= len(starts)
    if place < len(recruits):
        return RECRUIT[recruits[place]]
    place -= len(recruits)
    if place < sends:
        return SEND[workers[place // len(sites)]][sites[place % len(sites)]]
    return rest[place - sends]


# -- a sensible action -----------------------------------------------------------------------------------------
_MOST_COINS = len(COINS)
_OTHERS: list[tuple[tuple[Action, ...], tuple[Action, ...]]] = [
    ((*COINS[:left], DONE), (*COINS[:left], BUY, DONE)) for left in range(_MOST_COINS + 1)
]
"""``_OTHERS[left][can buy]``: the coins that fit in ``left`` actions, buy when the player has the écus, done."""


def sensible_action(state: BuildersState, rng: random.Random) -> Action:
    """A sensible action (see the module), chosen uniformly at random; the state awaits no reveal.

    The sensible actions are counted by group — starts; sends, site by site, helpers in catalogue order; coins,
    buy and done; recruits — and the one at a random place is taken, without listing them all.
    """
    left, coins = state.actions_left, state.seats[state.current].coins
    # (``x if x < most else most`` is ``min(x, most)`` without its call, which costs more than the rest of the line:
    # this runs for every self-play action; the same goes for the plain loops here and in :func:`.plans.get_ready`.)
    others = _OTHERS[left if left < _MOST_COINS else _MOST_COINS][coins >= ACTION_PRICE]
    if not left:
        return others[below(rng, len(others))]  # (the turn's last choice: buy, or done)
    plans: Any = state.watcher  # (:func:`.plans.plans_of`, written out)
    known = (plans.seats if plans is not None else plans_of(state))[state.current]
    if not known.ready:
        get_ready(state, known)
    count = 0  # sends: to each open site that may still take a worker this turn, each helper the player can pay
    if known.open:
        sent, payable = state.sent, COSTING[coins if coins < MAX_COST else MAX_COST]
        for site, helpers in known.open:
            if site not in sent or send_cost(state, site) <= left:  # (none sent there yet: 1 action, which is left)
                count += (helpers & payable).bit_count()
    starts = known.starts
    recruits = state.row_workers if not count or known.team < 3 else ()
    n_starts, n_others = len(starts), len(others)
    # A uniform place among them all: :func:`below`, written out (this is the draw of nine self-play actions in ten).
    total = n_starts + count + n_others + len(recruits)
    bits = total.bit_length()
    place = rng.getrandbits(bits)
    while place >= total:
        place = rng.getrandbits(bits)
    if place < n_starts:
        return starts[place]
    place -= n_starts
    if place < count:  # the same sends, counted again up to the place drawn
        for site, helpers in known.open:
            if site not in sent or send_cost(state, site) <= left:
                paid = helpers & payable
                if place < paid.bit_count():
                    return SEND[nth(paid, place)][site]
                place -= paid.bit_count()
    place -= count
    if place < n_others:
        return others[place]
    return RECRUIT[recruits[place - n_others]]
