"""The rules of The Builders: Middle Ages: what is legal, what an action does, when the game ends.

One place per rule:

* a turn [RB]: 3 free actions; ``buy`` — 5 écus to the bank for one more, at any time (:func:`_judge_buy`);
* start / recruit [RB]: 1 action, take a face-up card, the row is refilled at once (:func:`_refill`);
* reveal (ruling): told setups are told each refill, as the very next action (:func:`_judge_reveal`);
* send [RB]: the k-th worker sent to one site in one turn costs k actions; pay the worker's cost (machines 0);
  a busy worker cannot move (:func:`send_cost`, :func:`_judge_send`);
* completion [RB]: as soon as the site's workers cover all four requirements (:func:`_complete`);
* take coins [RB]: 1/3/6 écus for 1/2/3 actions; the bank pays what it holds (ruling, :func:`_pay`);
* end [RB]: a player ending a turn with 17 VP or more starts the last round (:func:`_end_turn`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any

from referee.builders import cards, selfplay
from referee.builders.actions import (
    BUY,
    COIN_ACTIONS,
    COINS,
    DONE,
    RECRUIT,
    REVEAL,
    SEND,
    START,
    Action,
    Buy,
    Done,
    Recruit,
    Reveal,
    Send,
    Start,
    TakeCoins,
    format_action,
    parse_action,
)
from referee.builders.rulebook import ruling
from referee.builders.scoring import rank
from referee.builders.state import ACTION_PRICE, FREE_ACTIONS, ROW_SIZE, TOTAL_ECUS, BuildersState, new_state
from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.i18n import _, ngettext

END_VP = 17
"""Ending a turn with this many VP starts the last round [RB]."""

_CARD = cards.catalogue()
_PRODUCES = {card.id: card.produces for card in _CARD.values()}
_COST = {card.id: card.cost for card in _CARD.values()}


def _actions(n: int) -> str:
    return ngettext("{n} action", "{n} actions", n).format(n=n)


def send_cost(state: BuildersState, site: str) -> int:
    """Actions to send one more worker to ``site`` now: 1 + the workers already sent there this turn [RB]."""
    return state.sent.get(site, 0) + 1


# -- judging --------------------------------------------------------------------------------------------------
def _no_actions(state: BuildersState, topic: str, what: str, cost: int) -> Verdict:
    return Verdict(
        False,
        topic,
        _("{what} costs {cost}; you have {left} left (buy one more for 5 écus)").format(
            what=what, cost=_actions(cost), left=state.actions_left
        ),
    )


def _judge_start(state: BuildersState, action: Start) -> Verdict:
    card = _CARD[action.card]
    if not card.is_construction:
        return Verdict(False, "start", _("{card} is a worker: recruit it").format(card=card.label))
    if action.card not in state.row_buildings:
        return Verdict(False, "start", _("{card} is not face up").format(card=card.label))
    if state.actions_left < 1:
        return _no_actions(state, "start", _("starting a construction"), 1)
    return Verdict(True, "start", _("{card} becomes an open site: 1 action").format(card=card.label))


def _judge_recruit(state: BuildersState, action: Recruit) -> Verdict:
    card = _CARD[action.card]
    if card.kind != "worker":
        return Verdict(False, "recruit", _("{card} is not a worker").format(card=card.label))
    if action.card not in state.row_workers:
        return Verdict(False, "recruit", _("{card} is not face up").format(card=card.label))
    if state.actions_left < 1:
        return _no_actions(state, "recruit", _("recruiting a worker"), 1)
    return Verdict(True, "recruit", _("{card} joins the team: 1 action, free").format(card=card.label))


def _judge_reveal(state: BuildersState, action: Reveal) -> Verdict:
    card = _CARD[action.card]
    rows = ruling("reveal", 0)
    if state.seeded:
        return Verdict(False, "reveal", _("the referee deals the cards itself (seeded game): no reveal"), rows)
    if state.pending is None:
        return Verdict(False, "reveal", _("no row is waiting for a card"), rows)
    wanted = "worker" if state.pending == "worker" else "building"
    if (card.kind == "worker") != (wanted == "worker"):
        return Verdict(
            False,
            "reveal",
            _("the {row} row is waiting, and {card} is not of that deck").format(row=_(wanted), card=card.label),
            rows,
        )
    deck = state.deck_workers if wanted == "worker" else state.deck_buildings
    if action.card not in deck:
        return Verdict(
            False, "reveal", _("{card} has already been seen: it is not in the deck").format(card=card.label), rows
        )
    return Verdict(True, "reveal", _("{card} comes up in the {row} row").format(card=card.label, row=_(wanted)), rows)


def _judge_send(state: BuildersState, action: Send) -> Verdict:
    seat = state.seat
    worker, site = _CARD[action.worker], _CARD[action.site]
    if not worker.is_worker:
        return Verdict(False, "send", _("{card} is a building, not a worker").format(card=worker.label))
    if action.worker not in seat.idle:
        if any(action.worker in on for on in seat.sites.values()):
            return Verdict(
                False,
                "send",
                _("{card} is busy: it stays on its site until the site is finished").format(card=worker.label),
            )
        if worker.kind == "machine":
            if action.worker in seat.sites:
                return Verdict(
                    False,
                    "machines",
                    _("{card} is not finished: a machine works only once built").format(card=worker.label),
                )
            return Verdict(
                False, "machines", _("{card} is not one of your finished machines").format(card=worker.label)
            )
        return Verdict(False, "send", _("{card} is not in your team").format(card=worker.label))
    if action.site not in seat.sites:
        if not site.is_construction:
            return Verdict(False, "send", _("{card} is not a building").format(card=site.label))
        if action.site in seat.built:
            return Verdict(False, "send", _("{card} is already finished").format(card=site.label))
        return Verdict(False, "send", _("{card} is not one of your open sites").format(card=site.label))
    cost = send_cost(state, action.site)
    if state.actions_left < cost:
        what = _("sending worker number {k} to {site} this turn").format(k=cost, site=action.site)
        return _no_actions(state, "send", what, cost)
    if worker.cost > seat.coins:
        return Verdict(
            False,
            "send",
            _("{card} costs {cost} écus; you have {coins}").format(
                card=worker.label, cost=worker.cost, coins=seat.coins
            ),
        )
    reason = _("{worker} to {site}: {actions}, {cost} écus").format(
        worker=action.worker, site=action.site, actions=_actions(cost), cost=worker.cost
    )
    if _covered([*seat.sites[action.site], action.worker], site.requires):
        return Verdict(True, "complete", reason + _("; {site} is then finished").format(site=site.label))
    return Verdict(True, "machines" if worker.kind == "machine" else "send", reason)


def _judge_coins(state: BuildersState, action: TakeCoins) -> Verdict:
    cost = COIN_ACTIONS[action.amount]
    if state.actions_left < cost:
        return _no_actions(
            state, "coins", ngettext("taking {n} écu", "taking {n} écus", action.amount).format(n=action.amount), cost
        )
    if state.bank < action.amount:
        return Verdict(
            True, "bank", _("the bank holds only {bank} écus: you get {bank}").format(bank=state.bank), ruling("bank")
        )
    ruled = ruling("coins") if action.amount == 1 else None
    taken = ngettext("{n} écu for {actions}", "{n} écus for {actions}", action.amount)
    return Verdict(True, "coins", taken.format(n=action.amount, actions=_actions(cost)), ruled)


def _judge_buy(state: BuildersState) -> Verdict:
    if state.seat.coins < ACTION_PRICE:
        return Verdict(False, "buy", _("one more action costs 5 écus; you have {coins}").format(coins=state.seat.coins))
    return Verdict(True, "buy", _("5 écus to the bank for one more action"))


def judge(state: BuildersState, action: Action) -> Verdict:
    """Whether ``action`` is legal now, citing the rulebook topic either way."""
    if state.over:
        return Verdict(False, "end", _("the game is over"))
    if state.pending is not None and not isinstance(action, Reveal):
        row = _(state.pending)
        return Verdict(
            False,
            "reveal",
            _("first say which card came up in the {row} row: reveal ID").format(row=row),
            ruling("reveal", 0),
        )
    match action:
        case Start():
            return _judge_start(state, action)
        case Recruit():
            return _judge_recruit(state, action)
        case Reveal():
            return _judge_reveal(state, action)
        case Send():
            return _judge_send(state, action)
        case TakeCoins():
            return _judge_coins(state, action)
        case Buy():
            return _judge_buy(state)
        case Done():
            if state.actions_left:
                return Verdict(
                    True,
                    "actions",
                    _("end of turn; {left} lost").format(left=_actions(state.actions_left)),
                    ruling("actions"),
                )
            return Verdict(True, "actions", _("end of turn"))
    raise TypeError(action)  # pragma: no cover


# -- applying -------------------------------------------------------------------------------------------------
# Each action has one function that applies it; ``events`` collects what the referee announces. An announcement's
# words are written only when read (self-play reads none): its message is a function of the values it names.


def _pay(state: BuildersState, amount: int, card: str | None, events: list[Event]) -> None:
    """The bank pays ``amount`` to the player in turn (for finishing ``card``, or for taking coins when None), or
    what it still holds (ruling: bank short)."""
    paid = amount if amount <= state.bank else state.bank  # (min() without its call, which costs more here)
    state.bank -= paid
    state.seats[state.current].coins += paid
    if paid < amount:
        why = _CARD[card].label if card is not None else _("taking coins")
        events.append(
            Event(
                "bank_short",
                lambda: _("the bank holds only {paid} écus of the {amount} due for {why}").format(
                    paid=paid, amount=amount, why=why
                ),
                {"due": amount, "paid": paid, "player": state.players[state.current]},
            )
        )


def _refill(state: BuildersState, row: list[str], deck: list[str], kind: str, events: list[Event]) -> None:
    """Refill a row at once [RB]: from the referee's own deck when seeded, else ask for a reveal (ruling)."""
    if not deck:
        events.append(
            Event(
                "deck_empty",
                lambda: _("the {row} deck is empty: the row is not refilled").format(row=_(kind)),
                {"deck": kind},
            )
        )
    elif state.seeded:
        card = deck.pop(0)
        row.append(card)
        events.append(
            Event(
                "deal",
                lambda: _("{card} comes up in the {row} row").format(card=_CARD[card].label, row=_(kind)),
                {"card": card, "deck": kind},
            )
        )
    else:
        state.pending = kind


def _complete(state: BuildersState, site: str, events: list[Event]) -> None:
    """The site is finished [RB]: workers back idle at once, printed coins from the bank, VP; a machine joins."""
    seat, card = state.seat, _CARD[site]
    player = state.players[state.current]
    seat.idle.extend(seat.sites.pop(site))
    seat.built.append(site)
    seat.vp += card.vp
    events.append(
        Event(
            "complete",
            lambda: _("{player} finishes {card}: {vp} VP, {coins} écus").format(
                player=player, card=card.label, vp=card.vp, coins=card.coins
            ),
            {"player": player, "card": site, "vp": card.vp, "coins": card.coins},
        )
    )
    if card.coins:
        _pay(state, card.coins, site, events)
    if card.kind == "machine":
        seat.idle.append(site)
        events.append(
            Event(
                "machine",
                lambda: _("{card} joins {player}'s team as a worker that costs no écus").format(
                    card=card.label, player=player
                ),
                {"player": player, "card": site},
            )
        )


def _end_turn(state: BuildersState, action: Done, events: list[Event]) -> None:
    """Done [RB]: end the turn; 17 VP at the end of a turn starts the last round, which ends with the last seat."""
    current = state.current
    if state.trigger is None and state.seats[current].vp >= END_VP:
        player, vp = state.players[current], state.seats[current].vp
        state.trigger = current
        events.append(
            Event(
                "trigger",
                lambda: _("{player} ends the turn with {vp} VP: the round is finished, then the game ends").format(
                    player=player, vp=vp
                ),
                {"player": player, "vp": vp},
            )
        )
    if state.trigger is not None and current == len(state.players) - 1:
        state.over = True
        state.actions_left = 0
        state.sent = {}
        # The score is worked out only when the announcement is read (the state no longer changes): self-play
        # scores each of its games once, and reads no announcement.
        events.append(Event("game_over", lambda: _("the game is over: {winner}").format(winner=_winner(state))))
        return
    if current == len(state.players) - 1:
        state.current = 0
        state.turn += 1
    else:
        state.current = current + 1
    state.actions_left = FREE_ACTIONS
    state.sent = {}


def _winner(state: BuildersState) -> str:
    """The winner of a finished game, or how it is shared."""
    outcome = outcome_of(state)
    return outcome.winner or outcome.tie_break or ""


def _apply_start(state: BuildersState, action: Start, events: list[Event]) -> None:
    """Start [RB]: 1 action; the face-up card becomes an open site and the row is refilled."""
    state.actions_left -= 1
    state.row_buildings.remove(action.card)
    state.seats[state.current].sites[action.card] = []
    _refill(state, state.row_buildings, state.deck_buildings, "building", events)


def _apply_recruit(state: BuildersState, action: Recruit, events: list[Event]) -> None:
    """Recruit [RB]: 1 action, free; the face-up worker joins the idle ones and the row is refilled."""
    state.actions_left -= 1
    state.row_workers.remove(action.card)
    state.seats[state.current].idle.append(action.card)
    _refill(state, state.row_workers, state.deck_workers, "worker", events)


def _apply_reveal(state: BuildersState, action: Reveal, events: list[Event]) -> None:
    """Reveal (ruling): the card told moves from the waiting row's deck to the row; no action spent."""
    if state.pending == "worker":
        state.deck_workers.remove(action.card)
        state.row_workers.append(action.card)
    else:
        state.deck_buildings.remove(action.card)
        state.row_buildings.append(action.card)
    state.pending = None


def _apply_send(state: BuildersState, action: Send, events: list[Event]) -> None:
    """Send [RB]: the k-th worker to a site this turn costs k actions; its cost goes to the bank; the site is
    finished as soon as its workers cover every requirement."""
    seat, worker, site = state.seats[state.current], action.worker, action.site
    cost = state.sent.get(site, 0) + 1
    state.sent[site] = cost
    state.actions_left -= cost
    price = _COST[worker]
    seat.coins -= price
    state.bank += price
    seat.idle.remove(worker)
    on = seat.sites[site]
    on.append(worker)
    if _covered(on, _CARD[site].requires):
        _complete(state, site, events)


def _apply_coins(state: BuildersState, action: TakeCoins, events: list[Event]) -> None:
    """Take coins [RB]: 1, 3 or 6 écus from the bank for 1, 2 or 3 actions."""
    state.actions_left -= COIN_ACTIONS[action.amount]
    _pay(state, action.amount, None, events)


def _apply_buy(state: BuildersState, action: Buy, events: list[Event]) -> None:
    """Buy [RB]: 5 écus to the bank for one more action."""
    state.seats[state.current].coins -= ACTION_PRICE
    state.bank += ACTION_PRICE
    state.actions_left += 1


_APPLY: dict[type, tuple[Callable[[BuildersState, Any, list[Event]], None], selfplay.Noting | None]] = {
    Start: (_apply_start, selfplay.note_start),
    Recruit: (_apply_recruit, selfplay.note_recruit),
    Reveal: (_apply_reveal, selfplay.note_reveal),
    Send: (_apply_send, selfplay.note_send),
    TakeCoins: (_apply_coins, None),
    Buy: (_apply_buy, None),
    Done: (_end_turn, None),
}
"""Each action: the function that applies it, and what self-play notes of it (None: it moves no worker)."""


def apply(state: BuildersState, action: Action) -> list[Event]:
    """Apply a legal action in place; return what the referee announces. Self-play's plans, when the state holds
    them, are kept current (see :mod:`.selfplay`)."""
    applied, noted = _APPLY[type(action)]
    if noted is not None and state.plans is not None:
        noted(state, state.plans[state.current], action)
    events: list[Event] = []
    applied(state, action, events)
    return events


def _covered(workers: list[str], requires: cards.Resources) -> bool:
    """True when the workers' production meets or exceeds every requirement (surplus is lost) [RB]."""
    s = w = k = t = 0
    for worker in workers:
        stone, wood, knowledge, tile = _PRODUCES[worker]
        s += stone
        w += wood
        k += knowledge
        t += tile
    return s >= requires[0] and w >= requires[1] and k >= requires[2] and t >= requires[3]


# -- questions ------------------------------------------------------------------------------------------------


def legal_groups(state: BuildersState) -> tuple[list[str], list[str], list[str], list[str], tuple[Action, ...]]:
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
    if seat.sites and seat.idle:  # (plain loops: on lists this short, a comprehension's own call costs more)
        sent, coins = state.sent, seat.coins
        if not sent:  # none sent this turn: every open site may take one
            sites = list(seat.sites)
        else:
            for site in seat.sites:
                if sent.get(site, 0) < left:  # the k-th worker sent to one site in a turn costs k actions
                    sites.append(site)
        if sites:
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


def legal_actions(state: BuildersState) -> Iterator[Action]:
    """Every legal action now (see :func:`legal_list`)."""
    return iter(legal_list(state))


def random_action(state: BuildersState, rng: random.Random) -> Action:
    """A legal action chosen uniformly at random: the one at a random place of :func:`legal_list`, found without
    listing them all (the same draw as ``rng.choice(legal_list(state))``)."""
    if state.over or state.pending is not None:
        return rng.choice(legal_list(state))
    starts, recruits, workers, sites, rest = legal_groups(state)
    sends = len(workers) * len(sites)
    place = selfplay.below(rng, len(starts) + len(recruits) + sends + len(rest))
    if place < len(starts):
        return START[starts[place]]
    place -= len(starts)
    if place < len(recruits):
        return RECRUIT[recruits[place]]
    place -= len(recruits)
    if place < sends:
        return SEND[workers[place // len(sites)]][sites[place % len(sites)]]
    return rest[place - sends]


EXPLORE = 0.1
"""How often self-play draws from all the legal actions instead of the sensible ones."""


def self_play_action(state: BuildersState, rng: random.Random) -> Action:
    """A legal action for ``simulate``, chosen uniformly at random among the sensible ones (see :mod:`.selfplay`).

    One action in ten (:data:`EXPLORE`) is drawn from all the legal ones, so that no legal action is ever out of
    reach (and a plan that leads nowhere is left); a row that awaits a reveal is always answered so.
    """
    if rng.random() < EXPLORE or state.pending is not None or state.over:
        return random_action(state, rng)
    return selfplay.sensible_action(state, rng)


def stalled(state: BuildersState) -> bool:
    """True when the game can no longer end: nobody has 17 VP and no card can ever be finished again.

    That is: no worker is left to recruit (row and deck empty) and no player can send a worker anywhere (none
    idle, or no open site and no face-up building). Random self-play can reach this by starting more sites than
    its workers can finish; the rules are silent, so the game is not ended here — a simulator should stop it.
    """
    if state.row_workers or state.deck_workers or state.pending or state.over or state.trigger is not None:
        return False
    return not any(seat.vp >= END_VP or (seat.idle and (seat.sites or state.row_buildings)) for seat in state.seats)


def to_move(state: BuildersState) -> int | None:
    """The seat that acts next (also the one who must reveal a refill), or None when the game is over."""
    return None if state.over else state.current


def outcome_of(state: BuildersState) -> Outcome:
    """The score if the game ended now: VP + écus // 10, tie-breaks by VP then écus [RB]."""
    return rank(state.players, [s.vp for s in state.seats], [s.coins for s in state.seats])


def state_json(state: BuildersState) -> dict[str, Any]:
    """The contract's builders ``state`` (bank, players, row) plus the referee's bookkeeping."""
    return {
        "bank": state.bank,
        "players": {
            name: {
                "coins": seat.coins,
                "vp": seat.vp,
                "built": list(seat.built),
                "sites": {site: list(on) for site, on in seat.sites.items()},
                "idle": list(seat.idle),
            }
            for name, seat in zip(state.players, state.seats, strict=True)
        },
        "row": {"buildings": sorted(state.row_buildings), "workers": sorted(state.row_workers)},
        "deck": {"buildings": len(state.deck_buildings), "workers": len(state.deck_workers)},
        "turn": state.turn,
        "current": None if state.over else state.players[state.current],
        "actions_left": state.actions_left,
        "sent_this_turn": dict(state.sent),
        "awaiting_reveal": state.pending,
        "seeded": state.seeded,
        "finishing_round": state.trigger is not None,
        "triggered_by": None if state.trigger is None else state.players[state.trigger],
    }


_CONSTRUCTIONS = frozenset(cards.construction_ids())
_WORKERS = frozenset(cards.worker_ids())


def _cards_in_place(state: BuildersState) -> bool:
    """True when every card is where it can be, exactly once: each building or machine in the building deck, the
    row, a site or among a player's finished cards; each worker in the worker deck, the row or a team, and each
    finished machine in its owner's team. A count, made at the end of every self-play game; when it fails,
    :func:`_misplaced_cards` says what is wrong."""
    constructions = [*state.deck_buildings, *state.row_buildings]
    working = [*state.deck_workers, *state.row_workers]
    machines: list[str] = []
    for seat in state.seats:
        constructions += seat.sites
        constructions += seat.built
        team = seat.team()
        working += team
        for card in seat.built:
            if _CARD[card].kind == "machine":
                if card not in team:
                    return False
                machines.append(card)
    return (
        len(constructions) == len(_CONSTRUCTIONS)
        and set(constructions) == _CONSTRUCTIONS
        and len(working) == len(_WORKERS) + len(machines)
        and set(working) == _WORKERS.union(machines)
    )


def _misplaced_cards(state: BuildersState) -> list[str]:
    """Each card that is not in exactly one place, and where it is (see :func:`_cards_in_place`)."""
    problems: list[str] = []
    # Each building card in exactly one place: deck, row, a site, or built.
    places: dict[str, list[str]] = {}
    for card in state.deck_buildings:
        places.setdefault(card, []).append("building deck")
    for card in state.row_buildings:
        places.setdefault(card, []).append("building row")
    for name, seat in zip(state.players, state.seats, strict=True):
        for card in seat.sites:
            places.setdefault(card, []).append(f"{name}'s sites")
        for card in seat.built:
            places.setdefault(card, []).append(f"{name}'s built")
    for card in cards.construction_ids():
        if len(places.get(card, [])) != 1:
            problems.append(f"{card} is in {places.get(card, [])}")
    # Each worker card in exactly one place: deck, row, idle or on a site; a built machine in its owner's team.
    teams: dict[str, list[str]] = {}
    for card in state.deck_workers:
        teams.setdefault(card, []).append("worker deck")
    for card in state.row_workers:
        teams.setdefault(card, []).append("worker row")
    for name, seat in zip(state.players, state.seats, strict=True):
        for card in seat.team():
            teams.setdefault(card, []).append(f"{name}'s team")
        for card in seat.built:
            if _CARD[card].kind == "machine" and teams.get(card) != [f"{name}'s team"]:
                problems.append(f"machine {card} built by {name} is not in {name}'s team")
    for card in cards.worker_ids():
        if len(teams.get(card, [])) != 1:
            problems.append(f"{card} is in {teams.get(card, [])}")
    built = {card for seat in state.seats for card in seat.built}
    for card, where in teams.items():
        machine = _CARD[card].kind == "machine"
        if _CARD[card].kind == "building" or (machine and (len(where) != 1 or card not in built)):
            problems.append(f"{card} works but is not a finished machine")
    return problems


def check_invariants(state: BuildersState) -> list[str]:
    """What is wrong with a state; empty when all holds (money, cards, rows, turn order)."""
    problems: list[str] = []
    n = len(state.players)
    purses = sum(seat.coins for seat in state.seats)
    if state.bank + purses != TOTAL_ECUS:
        problems.append(f"bank {state.bank} + purses {purses} != {TOTAL_ECUS}")
    if state.bank < 0 or any(seat.coins < 0 for seat in state.seats):
        problems.append("negative écus")
    for name, seat in zip(state.players, state.seats, strict=True):
        if seat.vp != sum(_CARD[c].vp for c in seat.built):
            problems.append(f"{name}'s VP {seat.vp} is not the sum of the built cards")
        for site, on in seat.sites.items():
            if _covered(on, _CARD[site].requires):
                problems.append(f"{name}'s site {site} is covered but not finished")
    if not _cards_in_place(state):
        problems += _misplaced_cards(state)
    for kind, row, deck in (
        ("building", state.row_buildings, state.deck_buildings),
        ("worker", state.row_workers, state.deck_workers),
    ):
        if len(row) > ROW_SIZE:
            problems.append(f"the {kind} row holds {len(row)} cards")
        short = ROW_SIZE - len(row) - (1 if state.pending == kind else 0)
        if short > 0 and deck:
            problems.append(f"the {kind} row is short while its deck is not empty")
    if not 0 <= state.current < n:
        problems.append(f"seat {state.current} does not exist")
    if state.actions_left < 0:
        problems.append("negative actions left")
    if state.pending is not None and state.seeded:
        problems.append("a seeded game awaits a reveal")
    if state.over and (state.trigger is None or state.current != n - 1):
        problems.append("the game ended before the round was finished")
    if state.trigger is not None and state.seats[state.trigger].vp < END_VP:
        problems.append("the last round started without 17 VP")
    return problems


class BuildersRules(RulesBase[Any, Any]):
    """The :class:`~referee.engine.Rules` of The Builders: Middle Ages: the functions of this module under the
    engine's names (they are static: the rules keep nothing between calls)."""

    name = "builders"
    new_state = staticmethod(new_state)
    parse = staticmethod(parse_action)
    judge = staticmethod(judge)
    apply = staticmethod(apply)
    legal_actions = staticmethod(legal_actions)
    random_action = staticmethod(random_action)
    self_play_action = staticmethod(self_play_action)
    to_move = staticmethod(to_move)
    is_over = staticmethod(attrgetter("over"))
    """True once the last round is finished (see :func:`_end_turn`)."""
    stalled = staticmethod(stalled)
    outcome = staticmethod(outcome_of)
    state_json = staticmethod(state_json)
    check_invariants = staticmethod(check_invariants)

    def format(self, action: Action, state: BuildersState) -> str:
        return format_action(action)


RULES = BuildersRules()
