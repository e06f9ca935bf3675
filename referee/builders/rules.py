"""The rules of The Builders: Middle Ages: what is legal, what an action does, when the game ends.

:class:`BuildersRules` holds one method per rule, each named after it and stating it in its docstring:

* a turn [RB]: 3 free actions; ``buy`` — 5 écus to the bank for one more, at any time (:meth:`~BuildersRules.
  judge_buy`);
* start / recruit [RB]: 1 action, take a face-up card, the row is refilled at once (:meth:`~BuildersRules.refill`);
* reveal (ruling): told setups are told each refill, as the very next action (:meth:`~BuildersRules.judge_reveal`);
* send [RB]: the k-th worker sent to one site in one turn costs k actions; pay the worker's cost (machines 0);
  a busy worker cannot move (:func:`~referee.builders.sites.send_cost`, :meth:`~BuildersRules.judge_send`);
* completion [RB]: as soon as the site's workers cover all four requirements (:func:`~referee.builders.sites.
  still_needed`, :meth:`~BuildersRules.complete`);
* take coins [RB]: 1/3/6 écus for 1/2/3 actions; the bank pays what it holds (ruling, :meth:`~BuildersRules.pay`);
* end [RB]: a player ending a turn with :data:`END_VP` or more starts the last round (:meth:`~BuildersRules.
  apply_done`); a game that can no longer end is ended when a turn ends, scored as it stands (ruling,
  :mod:`.stall`, :meth:`~BuildersRules.end_stalled`).

The legal actions, a uniform random one and self-play's sensible one are generated fast in :mod:`.selfplay`; what
is legal is written only here, in the ``judge_*`` methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from operator import attrgetter
from typing import Any

from referee.builders import cards, invariants
from referee.builders.actions import (
    COIN_ACTIONS,
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
from referee.builders.selfplay import legal_list, sensible_action, uniform_action
from referee.builders.sites import send_cost, still_needed
from referee.builders.stall import FROZEN, stall
from referee.builders.state import (
    ACTION_PRICE,
    END_VP,
    FREE_ACTIONS,
    BuildersState,
    check_players,
    new_state,
)
from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.i18n import _, ngettext

__all__ = [
    "ACTION_PRICE",
    "END_VP",
    "EXPLORE",
    "RULES",
    "BuildersRules",
    "check_players",
    "send_cost",
    "stall_words",
    "still_needed",
]

EXPLORE = 0.1
"""How often self-play draws from all the legal actions instead of the sensible ones."""

_CARD = cards.catalogue()


def stall_words(why: str) -> str:
    """Why a game that could no longer end was ended (ruling, topic end)."""
    if why == FROZEN:
        return _(
            "the bank is empty, nothing is left to start or recruit and nobody can pay a worker: the game can no "
            "longer end, so it ends here and is scored as it stands (ruling)"
        )
    return _("nobody can reach 17 VP any more: the game ends here and is scored as it stands (ruling)")


def _actions(n: int) -> str:
    return ngettext("{n} action", "{n} actions", n).format(n=n)


def _no_actions(state: BuildersState, topic: str, what: str, cost: int) -> Verdict:
    return Verdict(
        False,
        topic,
        _("{what} costs {cost}; you have {left} left (buy one more for 5 écus)").format(
            what=what, cost=_actions(cost), left=state.actions_left
        ),
    )


class BuildersRules(RulesBase[BuildersState, Action]):
    """The :class:`~referee.engine.Rules` of The Builders: Middle Ages. The rules keep nothing between calls:
    everything about a game is in its :class:`~referee.builders.state.BuildersState`."""

    name = "builders"

    def setup_summary(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        """The seed, when the referee dealt the cards (the game can be dealt again)."""
        return {"seed": setup["seed"]} if "seed" in setup else {}

    # -- the setup and the notation ---------------------------------------------------------------------------
    def new_state(self, players: list[str], setup: Mapping[str, Any]) -> BuildersState:
        """The state before the first action, from a told or a seeded setup (see :mod:`.state`)."""
        return new_state(players, setup)

    def parse(self, text: str, state: BuildersState) -> Action:
        """An action from its notation (see :mod:`.actions`)."""
        return parse_action(text, state)

    def format(self, action: Action, state: BuildersState) -> str:
        """The canonical notation of an action: ids, never names."""
        return format_action(action)

    # -- judging ----------------------------------------------------------------------------------------------
    def judge(self, state: BuildersState, action: Action) -> Verdict:
        """Whether ``action`` is legal now, citing the rulebook topic either way. Nothing is legal once the game is
        over; while a row awaits a reveal, only the reveal is (ruling)."""
        if state.over:
            if state.stalled is not None:
                return Verdict(False, "end", stall_words(state.stalled), ruling("end", 1))
            return Verdict(False, "end", _("the game is over"))
        if state.pending is not None and not isinstance(action, Reveal):
            return Verdict(
                False,
                "reveal",
                _("first say which card came up in the {row} row: reveal ID").format(row=_(state.pending)),
                ruling("reveal", 0),
            )
        match action:
            case Start():
                return self.judge_start(state, action)
            case Recruit():
                return self.judge_recruit(state, action)
            case Reveal():
                return self.judge_reveal(state, action)
            case Send():
                return self.judge_send(state, action)
            case TakeCoins():
                return self.judge_coins(state, action)
            case Buy():
                return self.judge_buy(state, action)
            case Done():
                return self.judge_done(state, action)
        raise TypeError(action)  # pragma: no cover

    def judge_start(self, state: BuildersState, action: Start) -> Verdict:
        """Start [RB, topic start]: 1 action; take a face-up building or machine as an open site."""
        card = _CARD[action.card]
        if not card.is_construction:
            return Verdict(False, "start", _("{card} is a worker: recruit it").format(card=card.label))
        if action.card not in state.row_buildings:
            return Verdict(False, "start", _("{card} is not face up").format(card=card.label))
        if state.actions_left < 1:
            return _no_actions(state, "start", _("starting a construction"), 1)
        return Verdict(True, "start", _("{card} becomes an open site: 1 action").format(card=card.label))

    def judge_recruit(self, state: BuildersState, action: Recruit) -> Verdict:
        """Recruit [RB, topic recruit]: 1 action, free; take a face-up worker into the team."""
        card = _CARD[action.card]
        if card.kind != "worker":
            return Verdict(False, "recruit", _("{card} is not a worker").format(card=card.label))
        if action.card not in state.row_workers:
            return Verdict(False, "recruit", _("{card} is not face up").format(card=card.label))
        if state.actions_left < 1:
            return _no_actions(state, "recruit", _("recruiting a worker"), 1)
        return Verdict(True, "recruit", _("{card} joins the team: 1 action, free").format(card=card.label))

    def judge_reveal(self, state: BuildersState, action: Reveal) -> Verdict:
        """Reveal (ruling, topic reveal): in a told game, the card that came up to refill the row that waits, out
        of the cards of that deck not yet seen; no action spent. A seeded game deals itself: no reveal."""
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
        return Verdict(
            True, "reveal", _("{card} comes up in the {row} row").format(card=card.label, row=_(wanted)), rows
        )

    def judge_send(self, state: BuildersState, action: Send) -> Verdict:
        """Send [RB, topics send, machines, complete]: an idle worker of the team, or a finished machine, goes to
        one of the player's open sites; the k-th sent to one site this turn costs k actions, and the worker's cost
        in écus is paid (machines cost none). A worker on a site stays there until the site is finished."""
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
        reason = ngettext(
            "{worker} to {site}: {actions}, {cost} écu", "{worker} to {site}: {actions}, {cost} écus", worker.cost
        ).format(worker=action.worker, site=action.site, actions=_actions(cost), cost=worker.cost)
        if not any(still_needed(action.site, [*seat.sites[action.site], action.worker])):
            return Verdict(True, "complete", reason + _("; {site} is then finished").format(site=site.label))
        return Verdict(True, "machines" if worker.kind == "machine" else "send", reason)

    def judge_coins(self, state: BuildersState, action: TakeCoins) -> Verdict:
        """Take coins [RB, topic coins]: 1, 3 or 6 écus for 1, 2 or 3 actions; the bank pays what it holds (ruling,
        topic bank)."""
        cost = COIN_ACTIONS[action.amount]
        if state.actions_left < cost:
            taking = ngettext("taking {n} écu", "taking {n} écus", action.amount).format(n=action.amount)
            return _no_actions(state, "coins", taking, cost)
        if state.bank < action.amount:
            return Verdict(
                True,
                "bank",
                ngettext(
                    "the bank holds only {bank} écu: you get {bank}",
                    "the bank holds only {bank} écus: you get {bank}",
                    state.bank,
                ).format(bank=state.bank),
                ruling("bank"),
            )
        ruled = ruling("coins") if action.amount == 1 else None
        taken = ngettext("{n} écu for {actions}", "{n} écus for {actions}", action.amount)
        return Verdict(True, "coins", taken.format(n=action.amount, actions=_actions(cost)), ruled)

    def judge_buy(self, state: BuildersState, action: Buy) -> Verdict:
        """Buy [RB, topic buy]: one more action for 5 écus to the bank, at any time of the turn."""
        if state.seat.coins < ACTION_PRICE:
            return Verdict(
                False, "buy", _("one more action costs 5 écus; you have {coins}").format(coins=state.seat.coins)
            )
        return Verdict(True, "buy", _("5 écus to the bank for one more action"))

    def judge_done(self, state: BuildersState, action: Done) -> Verdict:
        """Done [RB, topic actions]: the turn may end at any time; actions left are lost (ruling)."""
        if state.actions_left:
            return Verdict(
                True,
                "actions",
                _("end of turn; {left} lost").format(left=_actions(state.actions_left)),
                ruling("actions"),
            )
        return Verdict(True, "actions", _("end of turn"))

    # -- applying ---------------------------------------------------------------------------------------------
    # Each action has one method that applies it; ``events`` collects what the referee announces. An announcement's
    # words are written only when read (self-play reads none): its message is a function of the values it names.
    def apply(self, state: BuildersState, action: Action) -> list[Event]:
        """Apply a legal action in place; return what the referee announces. What watches the state (self-play's
        plans, :mod:`.plans`) is told first."""
        if state.watcher is not None:
            state.watcher.note(state, action)
        events: list[Event] = []
        self._applying[type(action)](state, action, events)
        return events

    @cached_property
    def _applying(self) -> dict[type, Callable[[BuildersState, Any, list[Event]], None]]:
        """The rule that applies each kind of action (a look-up by type: self-play applies millions of actions,
        and a ``match`` over seven kinds cost about 1,000 instructions an action more)."""
        return {
            Start: self.apply_start,
            Recruit: self.apply_recruit,
            Reveal: self.apply_reveal,
            Send: self.apply_send,
            TakeCoins: self.apply_coins,
            Buy: self.apply_buy,
            Done: self.apply_done,
        }

    def apply_start(self, state: BuildersState, action: Start, events: list[Event]) -> None:
        """Start [RB]: 1 action; the face-up card becomes an open site and the row is refilled."""
        state.actions_left -= 1
        state.row_buildings.remove(action.card)
        state.seats[state.current].sites[action.card] = []
        self.refill(state, state.row_buildings, state.deck_buildings, "building", events)

    def apply_recruit(self, state: BuildersState, action: Recruit, events: list[Event]) -> None:
        """Recruit [RB]: 1 action, free; the face-up worker joins the idle ones and the row is refilled."""
        state.actions_left -= 1
        state.row_workers.remove(action.card)
        state.seats[state.current].idle.append(action.card)
        self.refill(state, state.row_workers, state.deck_workers, "worker", events)

    def apply_reveal(self, state: BuildersState, action: Reveal, events: list[Event]) -> None:
        """Reveal (ruling): the card told moves from the waiting row's deck to the row; no action spent."""
        if state.pending == "worker":
            state.deck_workers.remove(action.card)
            state.row_workers.append(action.card)
        else:
            state.deck_buildings.remove(action.card)
            state.row_buildings.append(action.card)
        state.pending = None

    def apply_send(self, state: BuildersState, action: Send, events: list[Event]) -> None:
        """Send [RB]: the k-th worker to a site this turn costs k actions; its cost goes to the bank; the site is
        finished as soon as its workers cover every requirement."""
        seat, worker, site = state.seats[state.current], action.worker, action.site
        cost = send_cost(state, site)
        state.sent[site] = cost
        state.actions_left -= cost
        price = _CARD[worker].cost
        seat.coins -= price
        state.bank += price
        seat.idle.remove(worker)
        on = seat.sites[site]
        on.append(worker)
        if not any(still_needed(site, on)):  # nothing more needed: finished
            self.complete(state, site, events)

    def apply_coins(self, state: BuildersState, action: TakeCoins, events: list[Event]) -> None:
        """Take coins [RB]: 1, 3 or 6 écus from the bank for 1, 2 or 3 actions."""
        state.actions_left -= COIN_ACTIONS[action.amount]
        self.pay(state, action.amount, None, events)

    def apply_buy(self, state: BuildersState, action: Buy, events: list[Event]) -> None:
        """Buy [RB]: 5 écus to the bank for one more action."""
        state.seats[state.current].coins -= ACTION_PRICE
        state.bank += ACTION_PRICE
        state.actions_left += 1

    def apply_done(self, state: BuildersState, action: Done, events: list[Event]) -> None:
        """Done [RB]: end the turn; :data:`END_VP` at the end of a turn starts the last round, which ends with the
        last seat."""
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
            events.append(
                Event("game_over", lambda: _("the game is over: {winner}").format(winner=self.winner_words(state)))
            )
            return
        if state.trigger is None and (why := stall(state)) is not None:
            self.end_stalled(state, why, events)
            return
        if current == len(state.players) - 1:
            state.current = 0
            state.turn += 1
        else:
            state.current = current + 1
        state.actions_left = FREE_ACTIONS
        state.sent = {}

    def end_stalled(self, state: BuildersState, why: str, events: list[Event]) -> None:
        """A game that can no longer end (ruling, topic end; :mod:`.stall`): nobody can reach 17 VP any more, or
        nothing but a bought action can change anything. It ends when the turn ends, scored as it stands."""
        state.over = True
        state.stalled = why
        state.actions_left = 0
        state.sent = {}
        events.append(Event("stalled", lambda: stall_words(why), {"reason": why}))
        events.append(
            Event("game_over", lambda: _("the game is over: {winner}").format(winner=self.winner_words(state)))
        )

    def pay(self, state: BuildersState, amount: int, card: str | None, events: list[Event]) -> None:
        """The bank pays ``amount`` to the player in turn (for finishing ``card``, or for taking coins when None),
        or what it still holds (ruling: bank short)."""
        paid = min(amount, state.bank)
        state.bank -= paid
        state.seats[state.current].coins += paid
        if paid < amount:
            why = _CARD[card].label if card is not None else _("taking coins")
            events.append(
                Event(
                    "bank_short",
                    lambda: ngettext(
                        "the bank holds only {paid} écu of the {amount} due for {why}",
                        "the bank holds only {paid} écus of the {amount} due for {why}",
                        paid,
                    ).format(paid=paid, amount=amount, why=why),
                    {"due": amount, "paid": paid, "player": state.players[state.current]},
                )
            )

    def refill(self, state: BuildersState, row: list[str], deck: list[str], kind: str, events: list[Event]) -> None:
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

    def complete(self, state: BuildersState, site: str, events: list[Event]) -> None:
        """Completion [RB]: the site is finished — its workers are idle again at once, the bank pays the écus
        printed on it, its VP count; a machine joins the team as a worker."""
        seat, card = state.seat, _CARD[site]
        player = state.players[state.current]
        seat.idle.extend(seat.sites.pop(site))
        seat.built.append(site)
        seat.vp += card.vp
        events.append(
            Event(
                "complete",
                lambda: ngettext(
                    "{player} finishes {card}: {vp} VP, {coins} écu",
                    "{player} finishes {card}: {vp} VP, {coins} écus",
                    card.coins,
                ).format(player=player, card=card.label, vp=card.vp, coins=card.coins),
                {"player": player, "card": site, "vp": card.vp, "coins": card.coins},
            )
        )
        if card.coins:
            self.pay(state, card.coins, site, events)
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

    # -- questions --------------------------------------------------------------------------------------------
    def legal_actions(self, state: BuildersState) -> Iterator[Action]:
        """Every legal action now: the reveals when a row waits, else starts, recruits, sends (worker by worker),
        coins, buy, done (generated in :mod:`.selfplay`)."""
        return iter(legal_list(state))

    def random_action(self, state: BuildersState, rng: random.Random) -> Action:
        """A legal action chosen uniformly at random (the same draw as ``rng.choice(list(legal_actions))``)."""
        return uniform_action(state, rng)

    def self_play_action(self, state: BuildersState, rng: random.Random) -> Action:
        """A legal action for ``simulate``, chosen uniformly at random among the sensible ones (see :mod:`.selfplay`).

        One action in ten (:data:`EXPLORE`) is drawn from all the legal ones, so that no legal action is ever out of
        reach (and a plan that leads nowhere is left); a row that awaits a reveal is always answered so.
        """
        if rng.random() < EXPLORE or state.pending is not None or state.over:
            return uniform_action(state, rng)
        return sensible_action(state, rng)

    def stalled(self, state: BuildersState) -> bool:
        """False: a game that can no longer end is ended by the rules themselves when the turn ends (ruling, topic
        end; :mod:`.stall`), so self-play never locks."""
        return False

    def to_move(self, state: BuildersState) -> int | None:
        """The seat that acts next (also the one who must reveal a refill), or None when the game is over."""
        return None if state.over else state.current

    is_over = attrgetter("over")  # type: ignore[assignment]  # a C callable (state) -> bool: mypy wants a def
    """``is_over(state)``: the state's own ``over`` flag — True once the last round is finished (see
    :meth:`apply_done`), or for a final tally. (A C callable, not a method: ``simulate`` asks it after every
    action.)"""

    def outcome(self, state: BuildersState) -> Outcome:
        """The score if the game ended now: VP + écus // 10, tie-breaks by VP then écus [RB]."""
        return rank(state.players, [s.vp for s in state.seats], [s.coins for s in state.seats])

    def winner_words(self, state: BuildersState) -> str:
        """The winner of a finished game, or how it is shared."""
        outcome = self.outcome(state)
        return outcome.winner or outcome.tie_break or ""

    def state_json(self, state: BuildersState) -> dict[str, Any]:
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
            "stalled": state.stalled,
        }

    def check_invariants(self, state: BuildersState) -> list[str]:
        """What is wrong with a state; empty when all holds (money, cards, rows, turn order: see
        :mod:`.invariants`)."""
        return invariants.check_invariants(state)


RULES = BuildersRules()
"""The rules as the contract every game keeps (:class:`referee.engine.Rules`): mypy strict names any method of it
the class lacks, or has with another signature."""
