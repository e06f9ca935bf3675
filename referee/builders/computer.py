"""A computer seat for The Builders: Middle Ages (speed machinery beside the rules; pure, no I/O).

It knows only what a player at the table can see: the face-up rows, every player's cards, workers and écus, and
how many cards each deck holds. The order of the decks is hidden: before it plans, it lays the cards not yet seen
in an order of its own (determinisation) drawn by its own generator, which never derives from the deal's seed
(``play`` gives it a fresh seed, kept in the record's ``[computer]`` table so that a resumed match goes on alike).

**Its judgement** (:func:`worth`) is what a seat can still finish, not how much it holds (:func:`prospect`): its
open sites, nearest to done first, then the two most promising face-up buildings, are finished one after another
in its mind — the cheapest workers that cover what each still needs (idle ones, those freed by a site finished
before, face-up ones at one more action to recruit), the écus they cost (taken as coins, 2 an action, when the
purse is short, but never more than the bank holds: the bank pays what it holds, and the écus it pays in may be
taken by the others first, so a site it cannot pay for counts for nothing) and the actions all this takes, at 3 a
turn. Each site counts for what it brings (VP, écus, a
machine's work) less the écus it costs, halved for each turn it is away (:data:`LATER`), and for nothing when no
worker it could get can cover it or when it would be done after the game is likely to end (when the leader of
the others would reach 17 VP). So a site it cannot work is worth nothing and one far off little: it starts a
building only to finish it, never empties the row to no purpose, and sends, recruits or takes coins by how much
sooner its sites are done. Écus held count for what they score (1 VP per 10); an idle worker it cannot pay to
send counts for nothing. The position is judged against the
best of the other players' prospects, so that ending the game is weighed: in the last round only the scores
count, with :data:`WIN` for being ahead, more than any margin of a game that goes on.

**Its planning**: the rest of its turn (buying actions included) is searched action by action, a beam of partial
turns judged by :func:`worth`, keeping the best :data:`BEAMS` of them at each step; the best whole turn is played
action by action, planned again after each start or recruit (a card came up that the plan could not know).

Levels (``--level``): 1 a beginner (a sensible action at random: ``simulate``'s policy); 2 to 5 plan the whole
turn, keeping 1, 3, 8 or 30 partial turns at each step (2 is a greedy planner: the best next action each time, and
whether ending the turn there is better). Each stops at the time
given: the deadline is read after every position it judges, and the best plan found so far is played.

It decides one action at a time; the session asks again until its turn is over. A row awaiting a ``reveal`` (cards
dealt at the table) is answered by the people at the table, never by the computer. Measured against reference
agents in ``benchmarks/strength.py`` (see docs/strength.md).
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from typing import Any

from referee.builders import cards
from referee.builders.actions import BUY, COIN_ACTIONS, DONE, Action, Buy, Done, Recruit, Send, Start, TakeCoins
from referee.builders.rules import RULES
from referee.builders.sites import still_needed
from referee.builders.state import ACTION_PRICE, END_VP, BuildersState, Seat

LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 4
BEAMS = {2: 1, 3: 3, 4: 8, 5: 30}
"""Partial turns the planner keeps at each step, by level."""
LONGEST_TURN = 12
"""Actions at most in a planned turn (three free ones and those bought: more than écus ever pay for)."""
TIME_SHARE = 0.5
"""The share of its time the planner plans for: the rest is left for what follows a plan (the session's own work)."""
KEPT_TO_PLAN = 0.25
"""The share of its planning time it always keeps, however long the table took to hand it the turn (its time is
counted from the handover: see :meth:`BuildersComputer.choose`), so that it never plays without looking."""

COIN = 0.1
"""An écu held, in VP: what it scores at the end (1 VP per 10)."""
ECU = 0.2
"""An écu paid for a worker, in VP, when choosing the workers that cover a site."""
LATER = 0.5
"""What a site finished a turn later is worth, as a share of it finished now."""
MACHINE_WORK = 1.0
"""What a finished machine is worth as a worker that costs no écus, beyond its VP."""
SPARE = 0.03
"""Each resource an idle worker makes that no site needs: the workforce for the next sites."""
WIN = 100.0
"""Being ahead when the game ends, in VP: more than any margin of a game that goes on (:func:`prospect` counts its
future, which an ended game no longer has), so that it ends a game it wins, never plays on for a wider margin."""
TIE = 1.5
"""Being level when the game ends, in VP."""
PACE = 1.5
"""VP a leading player gains in a turn, to guess how many turns are left."""
ROW_SHARE = 0.7
"""A face-up building counts for this share of what it would be worth as one's own site (another may take it)."""
ROW_OPTIONS = 2
"""The face-up buildings counted as sites one may start."""
ACTIONS_A_TURN = 3
ECUS_AN_ACTION = 2
"""Taking 6 écus for 3 actions: what an action brings when a site waits for écus."""

_CARD = cards.catalogue()
_PRODUCES = {c.id: tuple(c.produces) for c in _CARD.values()}
_COST = {c.id: c.cost for c in _CARD.values()}


def hidden_order_shuffled(state: BuildersState, rng: random.Random) -> BuildersState:
    """A copy of ``state`` whose decks are the cards not yet seen in an order drawn by ``rng`` (never the hidden
    order), dealt from by the copy itself: the planner may look past a start or a recruit without a ``reveal``."""
    guess = state.copy()
    guess.deck_buildings = sorted(guess.deck_buildings)  # the set of unseen cards, whatever order it lies in
    guess.deck_workers = sorted(guess.deck_workers)
    rng.shuffle(guess.deck_buildings)
    rng.shuffle(guess.deck_workers)
    guess.seeded = True
    return guess


_PRICE = {c.id: (ECU * c.cost + 0.4, ECU * c.cost + 0.8) for c in _CARD.values()}
"""A worker's price when it covers a site: its écus at :data:`ECU` and an action to send it (two when it must be
recruited first), in VP."""


_COVERS: dict[tuple[Any, ...], tuple[list[str], int, int] | None] = {}
"""Covers already worked out (the positions of one turn share most of them); emptied before each plan."""


def cover(missing: tuple[int, ...], pool: dict[str, bool]) -> tuple[list[str], int, int] | None:
    """:func:`find_cover`, remembered; ``pool`` is left as it is (the caller takes out the workers it uses)."""
    key = (missing, frozenset(pool.items()))
    if key in _COVERS:
        return _COVERS[key]
    if len(_COVERS) > 20_000:
        _COVERS.clear()
    found = _COVERS[key] = find_cover(missing, dict(pool))
    return found


def find_cover(missing: tuple[int, ...], pool: dict[str, bool]) -> tuple[list[str], int, int] | None:
    """The workers of ``pool`` (worker → whether it must be recruited from the face-up row first) that cover
    ``missing``, chosen greedily by resources covered per price (:data:`_PRICE`), taken out of the pool: who they
    are, their écus and the actions they take (a send each, and a recruit). None, the pool untouched, when the pool
    cannot cover it."""
    n0, n1, n2, n3 = missing
    chosen: list[str] = []
    recruited: list[bool] = []
    ecus = actions = 0
    while n0 > 0 or n1 > 0 or n2 > 0 or n3 > 0:
        best_rate, best = 0.0, ""
        for worker, in_row in pool.items():
            m0, m1, m2, m3 = _PRODUCES[worker]
            useful = (
                (m0 if m0 < n0 else n0 if n0 > 0 else 0)
                + (m1 if m1 < n1 else n1 if n1 > 0 else 0)
                + (m2 if m2 < n2 else n2 if n2 > 0 else 0)
                + (m3 if m3 < n3 else n3 if n3 > 0 else 0)
            )
            if useful > 0:
                rate = useful / _PRICE[worker][in_row]
                if rate > best_rate:
                    best_rate, best = rate, worker
        if not best:
            for worker, in_row in zip(chosen, recruited, strict=True):
                pool[worker] = in_row  # (the pool as it was)
            return None
        chosen.append(best)
        in_row = pool.pop(best)
        recruited.append(in_row)
        actions += 2 if in_row else 1
        ecus += _COST[best]
        m0, m1, m2, m3 = _PRODUCES[best]
        n0, n1, n2, n3 = n0 - m0, n1 - m1, n2 - m2, n3 - m3
    return chosen, ecus, actions


def _promise(site: str) -> float:
    """How much a face-up building promises, best first: minus what it brings per resource it needs."""
    return -reward(site) / max(1, sum(_CARD[site].requires))


def reward(site: str) -> float:
    """What finishing ``site`` brings: its VP, its écus, a machine's work."""
    card = _CARD[site]
    return card.vp + COIN * card.coins + (MACHINE_WORK if card.kind == "machine" else 0.0)


def turns_left(state: BuildersState, seat: int) -> float:
    """A guess of the turns ``seat`` has left: none in the last round, else as many as the leader of the others
    needs to reach 17 VP at :data:`PACE` (the seat itself ends the game when it gets there)."""
    if state.trigger is not None:
        return 0.0
    leader = max(other.vp for index, other in enumerate(state.seats) if index != seat)
    return max(1.0, (END_VP - leader) / PACE)


def worth(state: BuildersState, seat: int) -> float:
    """How good a position is for ``seat``: what it can still make (:func:`prospect`) less what the best of the
    others can (the planner's judgement, see the module, not a rule). In the last round, its score less the best
    of the others' (theirs with what those who still play can finish in a turn), and :data:`WIN` when ahead."""
    if state.over or state.trigger is not None:
        mine = _final(state.seats[seat])
        others = []
        for index, other in enumerate(state.seats):
            if index == seat:
                continue
            still_to_play = not state.over and index >= state.current and index > (state.trigger or 0)
            others.append(_others_prospect(state, index, 1.0) if still_to_play else _final(other))
        best = max(others)
        return mine - best + (WIN if mine > best else TIE if mine == best else 0.0)
    best = max(
        _others_prospect(state, index, turns_left(state, index)) for index in range(len(state.seats)) if index != seat
    )
    return prospect(state, seat, turns_left(state, seat)) - best


def _final(seat: Seat) -> float:
    """The score (VP + 1 per 10 écus), and a hundredth per écu for the tie-break."""
    return seat.vp + seat.coins // 10 + 0.01 * seat.coins


_OTHERS: dict[tuple[Any, ...], float] = {}
"""Other seats' prospects already worked out (they do not change during a seat's turn but for the rows)."""


def _others_prospect(state: BuildersState, index: int, left: float) -> float:
    """:func:`prospect` of another seat, remembered."""
    other = state.seats[index]
    key = (
        index,
        left,
        other.vp,
        other.coins,
        tuple(other.idle),
        tuple((site, tuple(on)) for site, on in other.sites.items()),
        tuple(other.built),
        tuple(state.row_buildings),
        tuple(state.row_workers),
    )
    found = _OTHERS.get(key)
    if found is None:
        if len(_OTHERS) > 5_000:
            _OTHERS.clear()
        found = _OTHERS[key] = prospect(state, index, left)
    return found


def prospect(state: BuildersState, seat: int, left: float) -> float:
    """What ``seat`` can still make, in VP, within ``left`` turns (see the module).

    The seat's open sites (then the two most promising face-up buildings, as sites it may start) are finished one
    after another in its mind, the nearest first: the cheapest workers that cover each (its idle ones, those freed
    by a site finished before, face-up ones recruited), the écus they cost (taken as coins, 2 an action, when
    short, up to what the bank holds; a site's écus come in when it is finished, as far as the bank holds them)
    and the actions all this takes, at 3 a turn. A site whose écus it cannot get counts for nothing. A site counts
    for what it brings less the écus it costs, worth :data:`LATER` less each turn later, and nothing if no worker
    can cover it or if it would be finished after the game is likely to end. Écus held count for what they score
    at the end (1 VP per 10); what they buy sooner is counted in the turns saved; an idle worker it cannot pay to
    send (with what it holds and the bank holds) counts for nothing.
    """
    player = state.seats[seat]
    total = player.vp + COIN * player.coins
    total += MACHINE_WORK * sum(1 for built in player.built if _CARD[built].kind == "machine")
    pool = dict.fromkeys(player.idle, False)
    for worker in state.row_workers:
        pool[worker] = True
    purse, actions, bank = player.coins, 0, state.bank
    sites: list[tuple[str, list[str], float]] = sorted(
        ((site, on, 1.0) for site, on in player.sites.items()),
        key=lambda item: (sum(still_needed(item[0], item[1])), -reward(item[0])),
    )
    sites += [(site, [], ROW_SHARE) for site in sorted(state.row_buildings, key=_promise)[:ROW_OPTIONS]]
    for site, on, share in sites:
        found = cover(still_needed(site, on), pool)
        if found is None:
            continue
        workers, ecus, sends = found
        if ecus > purse + bank:
            continue  # écus it cannot get: the bank cannot pay them (starved), so the site is not counted on
        short = 0
        if ecus > purse:
            short = -(-(ecus - purse) // ECUS_AN_ACTION)
        turns = (actions + sends + (1 if share < 1 else 0) + short) / ACTIONS_A_TURN
        if turns > left:
            break
        actions += sends + (1 if share < 1 else 0) + short
        taken = min(short * ECUS_AN_ACTION, bank)  # the bank pays what it holds (ruling, topic bank)
        purse += taken - ecus
        bank -= taken  # (what it pays its workers goes to the bank, but the others may take it first)
        total += share * LATER**turns * (reward(site) - COIN * ecus)
        paid = min(_CARD[site].coins, bank)
        purse += paid
        bank -= paid
        for worker in workers:
            del pool[worker]
        for worker in (*on, *workers):
            pool[worker] = False  # free again once the site is finished
        if _CARD[site].kind == "machine":
            pool[site] = False
    spendable = purse + bank
    for worker, in_row in pool.items():
        if not in_row and _COST[worker] <= spendable:  # (one it cannot pay to send is no workforce)
            total += SPARE * sum(_PRODUCES[worker])
    return total


MAX_SITES = 3
"""It starts a building only while it has fewer open sites than this."""
CHOICES = 3
"""At most this many starts, recruits and workers sent to each site are planned with at each step (the most
promising ones)."""


def candidates(state: BuildersState) -> list[Action]:
    """The actions worth planning with: the most promising starts (while fewer than four sites are open), recruits
    of the face-up workers that make most of what its sites still need per écu, sends of the workers that cover
    most of what a site still needs per écu, the coins that fit, a bought action once none is left, done."""
    seat = state.seats[state.current]
    starts: list[Start] = []
    recruits: list[Recruit] = []
    sends: dict[str, list[tuple[float, Action]]] = {}
    rest: list[Action] = []
    wanted = [0, 0, 0, 0]
    needs = {site: still_needed(site, on) for site, on in seat.sites.items()}
    for need in needs.values():
        for index in range(4):
            wanted[index] += need[index]
    for action in RULES.legal_actions(state):
        kind = type(action)
        if kind is Send:
            send: Any = action
            useful = _useful(needs[send.site], _PRODUCES[send.worker])
            if useful:
                sends.setdefault(send.site, []).append((-useful / (1 + _COST[send.worker]), action))
        elif isinstance(action, Start):
            if len(seat.sites) < MAX_SITES:
                starts.append(action)
        elif isinstance(action, Recruit):
            recruits.append(action)
        elif kind is Buy:
            if not state.actions_left:
                rest.append(action)
        else:
            rest.append(action)
    chosen: list[Action] = []
    for found in sends.values():
        found.sort(key=lambda item: item[0])
        chosen += [action for _rate, action in found[:CHOICES]]
    starts.sort(key=lambda start: _promise(start.card))
    recruits.sort(key=lambda recruit: -(_useful(wanted, _PRODUCES[recruit.card]) + 0.1) / _COST[recruit.card])
    return chosen + starts[:CHOICES] + recruits[:CHOICES] + rest


def _useful(need: tuple[int, ...] | list[int], made: tuple[int, ...]) -> int:
    """How much of ``need`` a worker that makes ``made`` covers."""
    return sum(m if m < n else n for m, n in zip(made, need, strict=True) if n > 0)


def _key(state: BuildersState) -> tuple[Any, ...]:
    """What tells two positions of one turn apart (the same actions in another order reach the same one)."""
    seat = state.seats[state.current]
    return (
        state.current,
        state.actions_left,
        seat.coins,
        seat.vp,
        tuple(sorted(seat.idle)),
        tuple(sorted((site, tuple(sorted(on))) for site, on in seat.sites.items())),
        tuple(sorted(state.sent.items())),
        tuple(state.row_buildings),
        tuple(state.row_workers),
    )


def plan_turn(
    state: BuildersState,
    seat: int,
    beam_width: int,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[Any]:
    """The rest of ``seat``'s turn that leaves it the best :func:`worth`, by beam search over :func:`candidates`
    (``beam_width`` partial turns kept at each step; ``clock`` is read against the deadline after each position
    judged); ``state`` is a guess with its decks in an order of the planner's own (:func:`hidden_order_shuffled`). A
    turn ends when the seat passes it on or the game ends."""
    beam: list[tuple[float, list[Any], BuildersState]] = [(worth(state, seat), [], state)]
    best: tuple[float, list[Any]] | None = None
    seen: set[tuple[Any, ...]] = set()
    out_of_time = False
    for _step in range(LONGEST_TURN):
        grown: list[tuple[float, list[Any], BuildersState]] = []
        for _value, actions, current in beam:
            for action in candidates(current):
                after = current.copy()
                RULES.apply(after, action)
                plan = [*actions, action]
                if after.over or after.current != seat:
                    value = worth(after, seat)
                    if best is None or value > best[0]:
                        best = (value, plan)
                else:
                    key = _key(after)
                    if key not in seen:
                        seen.add(key)
                        grown.append((worth(after, seat), plan, after))
                if deadline is not None and clock() > deadline:
                    out_of_time = True
                    break
            if out_of_time:
                break
        if not grown or out_of_time:
            break
        grown.sort(key=lambda item: -item[0])
        beam = grown[:beam_width]
    if best is not None and (not out_of_time or not beam or best[0] >= beam[0][0]):
        return best[1]
    if beam and beam[0][1]:
        return beam[0][1]
    return [DONE]


class BuildersComputer:
    """Plays the ``seats`` (0-based) at ``level`` with ``seconds`` per action, drawing from its own ``seed`` (a
    fresh one when None: never the deal's); ``clock`` tells the time its deadlines are kept by (tests give it one of
    their own)."""

    def __init__(
        self,
        seats: list[int],
        level: int = DEFAULT_LEVEL,
        seconds: float = 0.5,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.seats = list(seats)
        self.clock = clock
        self.level = level
        self.seconds = seconds
        self.seed = secrets.randbits(32) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.plan: list[tuple[Any, tuple[Any, ...]]] = []
        """The rest of the turn planned: each action with the position it was planned from."""

    def record_table(self) -> dict[str, Any]:
        """The record's ``[computer]`` table: ``seats`` (from 1), ``level``, ``time`` per action, its ``seed``."""
        return {
            "seats": [seat + 1 for seat in self.seats],
            "level": self.level,
            "time": self.seconds,
            "seed": self.seed,
        }

    def choose(self, state: BuildersState, started: float | None = None) -> Any:
        """The action the computer plays now (it is one of its seats' turn, no reveal awaited). Its time is counted
        from ``started`` (its clock's time when the table handed it the action, the referee's work since then
        included), else from now; so its first action, with whatever the referee did first for it, ends within its
        time like every other (a quarter of its planning time is kept whatever the handover took:
        :data:`KEPT_TO_PLAN`)."""
        now = self.clock()
        started = now if started is None else min(started, now)
        seat = state.current
        if self.level <= 1:
            return RULES.self_play_action(state, self.rng)
        if self.plan and self.plan[0][1] == (state.turn, *_key(state)):
            action = self.plan.pop(0)[0]
            if RULES.judge(state, action).legal:
                return action
        # What the last plan remembered is let go: kept, it would make each of Python's full garbage collections
        # (which may come in the middle of a plan) long enough to overrun the time.
        _COVERS.clear()
        _OTHERS.clear()
        guess = hidden_order_shuffled(state, self.rng)
        planning = self.seconds * TIME_SHARE
        deadline = max(started + planning, now + planning * KEPT_TO_PLAN)
        plan = plan_turn(guess, seat, BEAMS.get(self.level, BEAMS[DEFAULT_LEVEL]), deadline, self.clock)
        action = plan[0]
        if not RULES.judge(state, action).legal:  # (cannot happen: the guess differs only in unseen cards)
            return DONE
        # The rest of the plan, each action with the position it is meant for; none past a start or a recruit (a
        # card comes up that the plan could not know) or past the turn (the next is planned afresh).
        self.plan = []
        after = guess.copy()
        RULES.apply(after, action)
        previous = action
        for step in plan[1:]:
            if isinstance(previous, Start | Recruit) or after.current != seat or after.over:
                break
            self.plan.append((step, (after.turn, *_key(after))))
            RULES.apply(after, step)
            previous = step
        return action

    def __call__(self, game: Any) -> list[str]:
        """The session's hook: the action a computer seat plays now (notation), or none when a person is to act
        (another seat's turn, or a row awaiting the card that came up); timed from when the action before it was
        pushed (:attr:`referee.engine.Game.pushed_at`)."""
        state: BuildersState = game.state
        if state.over or state.pending is not None or state.current not in self.seats:
            return []
        action = self.choose(state, getattr(game, "pushed_at", None))
        return [RULES.format(action, state)]


__all__ = [
    "ACTION_PRICE",
    "BEAMS",
    "BUY",
    "COIN_ACTIONS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "BuildersComputer",
    "Done",
    "TakeCoins",
    "hidden_order_shuffled",
    "plan_turn",
    "worth",
]
