"""The Builders hints: the cheapest ways to finish each open site, and the turn that gains the most VP.

For the player to move: each open site's missing resources can be covered by idle workers (sent: 1 action, then
2, 3 … to the same site this turn, and the worker's cost in écus) and by face-up workers (recruited first: one
more action). A face-up building or machine is a site too, started first (one more action): a turn may start a
site and finish it (``start M04``, ``send W02 M04``), recruiting on the way. A way's price is its actions and its
écus; actions beyond those left are bought at 5 écus each. The best turn combines ways to finish several sites
(workers freed by a finished site may be sent again), each combination played through the rules
(``RULES.judge``/``apply`` on a copy), so every plan shown is legal.
Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from referee.builders import cards
from referee.builders.actions import Buy, Recruit, Send, Start
from referee.builders.rules import RULES
from referee.builders.sites import send_cost, still_needed
from referee.builders.state import ACTION_PRICE, BuildersState

MAX_WORKERS_PER_WAY = 5
WAYS_PER_SITE = 3
MAX_SITES_PER_TURN = 3
MAX_PLANS_TRIED = 3000


@dataclass(frozen=True, slots=True)
class Way:
    """Workers that finish ``site``: ``idle`` already in the team, ``recruit`` from the face-up row."""

    site: str
    idle: tuple[str, ...]
    recruit: tuple[str, ...]
    actions: int
    ecus: int
    """Workers' costs plus 5 écus per action bought beyond the actions left."""
    start: bool = False
    """The site is a face-up card, started first (its action counted in ``actions``)."""


@dataclass(slots=True)
class TurnPlan:
    actions: list[Any]
    notation: list[str]
    vp: int
    ecus: int
    finished: list[str]
    needs_reveal: bool


def _produces(worker: str) -> tuple[int, ...]:
    return tuple(cards.card(worker).produces)


def site_ways(state: BuildersState, limit: int = WAYS_PER_SITE) -> dict[str, list[Way]]:
    """Per open site of the player to move: the cheapest ways to finish it (fewest écus, then actions), each
    minimal (no worker could be left out). A site already covered needs nothing (it is finished at once)."""
    seat = state.seats[state.current]
    return {
        site: _ways(state, site, still_needed(site, on), send_cost(state, site), False, limit)
        for site, on in seat.sites.items()
    }


def start_ways(state: BuildersState, limit: int = WAYS_PER_SITE) -> dict[str, list[Way]]:
    """Per face-up building or machine: the cheapest ways to start it and finish it this turn (its start one more
    action; sent to first, it costs 1 action a worker, then 2 …)."""
    return {
        card: found
        for card in state.row_buildings
        if (found := _ways(state, card, cards.card(card).requires, 1, True, limit))
    }


def _ways(state: BuildersState, site: str, missing: tuple[int, ...], first: int, start: bool, limit: int) -> list[Way]:
    """The cheapest minimal groups of idle and face-up workers that cover ``missing`` at ``site``, the first of
    them sent at ``first`` actions (each one after it at one more)."""
    seat = state.seats[state.current]
    pool = [(worker, False) for worker in seat.idle] + [(worker, True) for worker in state.row_workers]
    made = [_produces(worker) for worker, _row in pool]
    price = [cards.card(worker).cost for worker, _row in pool]
    found: list[Way] = []
    useful = [i for i in range(len(pool)) if any(m and p for m, p in zip(missing, made[i], strict=True))]
    for size in range(1, min(MAX_WORKERS_PER_WAY, len(useful)) + 1):
        for group in combinations(useful, size):
            total = [0, 0, 0, 0]
            for i in group:
                p = made[i]
                total[0] += p[0]
                total[1] += p[1]
                total[2] += p[2]
                total[3] += p[3]
            if not (
                total[0] >= missing[0] and total[1] >= missing[1] and total[2] >= missing[2] and total[3] >= missing[3]
            ):
                continue
            if any(
                all(total[r] - made[i][r] >= missing[r] for r in range(4)) for i in group
            ):  # not minimal: a worker could be left out
                continue
            recruit = tuple(pool[i][0] for i in group if pool[i][1])
            idle = tuple(pool[i][0] for i in group if not pool[i][1])
            sends = sum(first + k for k in range(size))
            actions = int(start) + len(recruit) + sends
            bought = max(0, actions - state.actions_left)
            ecus = sum(price[i] for i in group) + ACTION_PRICE * bought
            found.append(Way(site, idle, recruit, actions, ecus, start))
    found.sort(key=lambda way: (way.ecus, way.actions, way.recruit, way.idle))
    return found[:limit]


def _play(state: BuildersState, ways: tuple[Way, ...]) -> TurnPlan | None:
    """Play ways one after another through the rules (buying actions when short); None when one is illegal."""
    current = state.copy()
    seat_index = current.current
    start_vp = current.seats[seat_index].vp
    start_coins = current.seats[seat_index].coins
    actions: list[Any] = []
    notation: list[str] = []
    needs_reveal = False

    def push(action: Any) -> bool:
        nonlocal needs_reveal
        if current.pending is not None:
            return False
        buy = Buy()
        while current.actions_left < _needed(current, action) and RULES.judge(current, buy).legal:
            notation.append(RULES.format(buy, current))
            actions.append(buy)
            RULES.apply(current, buy)
        verdict = RULES.judge(current, action)
        if not verdict.legal:
            return False
        notation.append(RULES.format(action, current))
        actions.append(action)
        RULES.apply(current, action)
        if current.pending is not None:
            needs_reveal = True
            # The table tells which card came up; the plan goes on without it (the row is not used again).
            current.pending = None
        return True

    finished: list[str] = []
    for way in ways:
        if way.start and not push(Start(way.site)):
            return None
        for worker in way.recruit:
            if not push(Recruit(worker)):
                return None
        for worker in (*way.idle, *way.recruit):
            if way.site not in current.seats[seat_index].sites:
                break
            if not push(Send(worker, way.site)):
                return None
        if way.site in current.seats[seat_index].sites:
            return None
        finished.append(way.site)
    seat = current.seats[seat_index]
    return TurnPlan(actions, notation, seat.vp - start_vp, start_coins - seat.coins, finished, needs_reveal)


def _needed(state: BuildersState, action: Any) -> int:
    """The actions ``action`` costs now (a send: see :func:`~referee.builders.sites.send_cost`; else 1)."""
    if isinstance(action, Send):
        return send_cost(state, action.site)
    return 1


def best_turn(state: BuildersState, ways: dict[str, list[Way]] | None = None) -> TurnPlan | None:
    """The plan for this turn that gains the most VP (then spends the fewest écus), among combinations of the
    cheapest ways of the open sites (``ways``, else :func:`site_ways`) and of the face-up cards started this turn
    (:func:`start_ways`), each checked through the rules; None when no site can be finished this turn."""
    if state.over or state.pending is not None:
        return None
    ways = {**(site_ways(state) if ways is None else ways), **start_ways(state)}
    seat = state.seats[state.current]
    max_actions = state.actions_left + seat.coins // ACTION_PRICE
    options = [
        [way for way in found if way.actions <= max_actions and way.ecus <= seat.coins] for found in ways.values()
    ]
    options = [found for found in options if found]
    best: TurnPlan | None = None
    tried = 0

    def extend(start: int, picked: tuple[Way, ...], actions: int, ecus: int) -> None:
        nonlocal best, tried
        if picked:
            tried += 1
            recruits = [worker for way in picked for worker in way.recruit]
            if len(recruits) != len(set(recruits)):
                return
            # Idle workers may serve two sites one after the other (freed by the first); the rules decide.
            plan = _play(state, picked)
            if plan is None:
                return
            key = (plan.vp, -plan.ecus, -len(plan.actions))
            if best is None or key > (best.vp, -best.ecus, -len(best.actions)):
                best = plan
        if len(picked) >= MAX_SITES_PER_TURN or tried >= MAX_PLANS_TRIED:
            return
        for index in range(start, len(options)):
            for way in options[index]:
                if actions + way.actions <= max_actions and ecus + way.ecus <= seat.coins:
                    extend(index + 1, (*picked, way), actions + way.actions, ecus + way.ecus)

    extend(0, (), 0, 0)
    return best
