"""Reference agents for The Builders, written from their description before the computer was tuned (issue 35).

They use only the rules' public questions (``legal_actions``, ``judge``, ``apply``, ``outcome``, ``copy``) and the
card data, and share no code with ``referee.builders.computer``:

* :class:`Greedy` — the issue's greedy agent, as described there: it "sends the worker gaining the most VP per
  action spent (open sites valued by the share of their needs covered), keeps at most two sites open, recruits the
  worker that covers most of what its sites still need per écu, otherwise takes the most écus, and never buys
  actions". Where the description is silent: a site is worth its VP × (resources covered / resources required),
  so a send gains the change of that worth, divided by the actions the send costs (1, 2, 3 … to one site in a
  turn); it starts a building only while fewer than two sites are open, the face-up one with the most VP per
  resource required; "what its sites still need" is what they need beyond what its idle workers make; a recruit
  that covers nothing of that is not made; ties go to the first found (legal-action order), so it is deterministic.
* :class:`TurnMonteCarlo` — a stronger reference of our own design: at the start of each of its turns it draws
  candidate whole turns (the greedy agent's own turn, and turns of sensible random actions, all played on a copy
  whose hidden decks are shuffled from the unseen cards with its own generator), then plays each candidate out to
  the end of the game several times (every seat playing :class:`Greedy`, the hidden decks shuffled again for each
  play-out) and plays the turn with the best mean result (a win 1, a shared win 1/2, plus a hundredth of the score
  margin). Its time is per turn (``seconds`` × 3, the turn's three free actions); it plays the chosen turn action
  by action, and falls back on :class:`Greedy` when a card it meant to take did not come up.
"""

from __future__ import annotations

import random
import time
from typing import Any

from referee.builders.actions import Done, Recruit, Send, Start, TakeCoins
from referee.builders.cards import card
from referee.builders.rules import RULES
from referee.builders.state import BuildersState


def _produces(card_id: str) -> tuple[int, ...]:
    return tuple(card(card_id).produces)


def _needed(site: str, workers: list[str]) -> list[int]:
    need = list(card(site).requires)
    for worker in workers:
        for index, amount in enumerate(_produces(worker)):
            need[index] -= amount
    return [max(0, n) for n in need]


def site_share(site: str, workers: list[str]) -> float:
    """The site's VP × the share of its needs covered by the workers on it (the greedy agent's worth of a site)."""
    required = list(card(site).requires)
    total = sum(required)
    if not total:
        return float(card(site).vp)
    left = sum(_needed(site, workers))
    return card(site).vp * (total - left) / total


class Greedy:
    """The issue's greedy agent (see the module)."""

    MAX_SITES = 2

    def __init__(self, seat: int = 0, seconds: float = 0.0, seed: int = 0) -> None:
        self.seat = seat

    def choose(self, state: BuildersState) -> Any:
        return greedy_action(state)


def greedy_action(state: BuildersState) -> Any:
    """The greedy agent's action for the player in turn (see the module)."""
    seat = state.seats[state.current]
    legal = list(RULES.legal_actions(state))
    if not state.actions_left:
        return Done()
    # 1. the send gaining the most VP per action spent
    best_send: tuple[float, Any] | None = None
    for action in legal:
        if not isinstance(action, Send):
            continue
        on = seat.sites[action.site]
        gain = site_share(action.site, [*on, action.worker]) - site_share(action.site, on)
        if gain <= 0:
            continue
        rate = gain / (state.sent.get(action.site, 0) + 1)
        if best_send is None or rate > best_send[0] + 1e-12:
            best_send = (rate, action)
    if best_send is not None:
        return best_send[1]
    # 2. at most two sites open: start the face-up building with the most VP per resource required
    if len(seat.sites) < Greedy.MAX_SITES:
        starts = [action for action in legal if isinstance(action, Start)]
        if starts:
            return max(starts, key=lambda action: card(action.card).vp / max(1, sum(card(action.card).requires)))
    # 3. the recruit covering most of what its sites still need (beyond its idle workers) per écu
    still = [0, 0, 0, 0]
    for site, on in seat.sites.items():
        for index, amount in enumerate(_needed(site, on)):
            still[index] += amount
    for worker in seat.idle:
        for index, amount in enumerate(_produces(worker)):
            still[index] -= amount
    best_recruit: tuple[float, Any] | None = None
    for action in legal:
        if not isinstance(action, Recruit):
            continue
        covered = sum(min(max(0, s), p) for s, p in zip(still, _produces(action.card), strict=True))
        if covered <= 0:
            continue
        rate = covered / card(action.card).cost
        if best_recruit is None or rate > best_recruit[0] + 1e-12:
            best_recruit = (rate, action)
    if best_recruit is not None:
        return best_recruit[1]
    # 4. otherwise the most écus (never buying an action)
    coins = [action for action in legal if isinstance(action, TakeCoins)]
    if coins:
        return max(coins, key=lambda action: action.amount)
    return Done()


def determinized(state: BuildersState, rng: random.Random) -> BuildersState:
    """A copy whose decks are the unseen cards in an order drawn by ``rng`` (the hidden order is never read)."""
    guess = state.copy()
    guess.deck_buildings = sorted(guess.deck_buildings)
    guess.deck_workers = sorted(guess.deck_workers)
    rng.shuffle(guess.deck_buildings)
    rng.shuffle(guess.deck_workers)
    return guess


def result_value(state: BuildersState, seat: int) -> float:
    """A win 1, a shared win 1/2, a loss 0, plus a hundredth of the score margin over the best other player."""
    outcome = RULES.outcome(state)
    name = state.players[seat]
    scores = outcome.scores
    others = max(points for player, points in scores.items() if player != name)
    if outcome.winner is not None:
        won = 1.0 if outcome.winner == name else 0.0
    else:
        won = 0.5 if scores[name] == max(scores.values()) else 0.0
    return won + 0.01 * (scores[name] - others)


def greedy_playout(state: BuildersState, limit: int = 2000) -> BuildersState:
    """Every seat plays the greedy agent to the end of the game (or ``limit`` actions)."""
    for _step in range(limit):
        if state.over:
            break
        RULES.apply(state, greedy_action(state))
    return state


class TurnMonteCarlo:
    """Monte Carlo over whole turns with determinized hidden decks (see the module)."""

    CANDIDATES = 8

    def __init__(self, seat: int = 0, seconds: float = 0.5, seed: int = 0) -> None:
        self.seat, self.seconds, self.rng = seat, seconds, random.Random(seed)
        self.plan: list[Any] = []
        self.turn: tuple[int, int] | None = None

    def choose(self, state: BuildersState) -> Any:
        if (state.turn, state.current) != self.turn:
            self.turn = (state.turn, state.current)
            self.plan = self.best_turn(state)
        while self.plan:
            action = self.plan.pop(0)
            if RULES.judge(state, action).legal:
                return action
            self.plan = []
        return greedy_action(state)

    def sample_turn(self, state: BuildersState, greedy: bool) -> list[Any]:
        """One candidate turn on a determinized copy: the greedy turn, or sensible random actions."""
        current = determinized(state, self.rng)
        seat, actions = current.current, []
        for _step in range(20):
            if current.over or current.current != seat:
                break
            action = greedy_action(current) if greedy else RULES.self_play_action(current, self.rng)
            actions.append(action)
            RULES.apply(current, action)
        return actions

    def best_turn(self, state: BuildersState) -> list[Any]:
        deadline = time.perf_counter() + self.seconds * 3
        seen: dict[tuple[str, ...], list[Any]] = {}
        for index in range(self.CANDIDATES * 3):
            turn = self.sample_turn(state, greedy=index == 0)
            key = tuple(RULES.format(action, state) for action in turn)
            seen.setdefault(key, turn)
            if len(seen) >= self.CANDIDATES:
                break
        candidates = list(seen.values())
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = 0
        while rounds < 2 or time.perf_counter() < deadline:
            for index, turn in enumerate(candidates):
                current = determinized(state, self.rng)
                seat = current.current
                legal = True
                for action in turn:
                    if current.over or current.current != seat or not RULES.judge(current, action).legal:
                        legal = False
                        break
                    RULES.apply(current, action)
                if not legal:
                    totals[index] -= 1.0
                    counts[index] += 1
                    continue
                totals[index] += result_value(greedy_playout(current), seat)
                counts[index] += 1
                if time.perf_counter() > deadline and rounds >= 2:
                    break
            rounds += 1
        best = max(range(len(candidates)), key=lambda i: totals[i] / max(1, counts[i]))
        return list(candidates[best])


AGENTS: dict[str, Any] = {"greedy": Greedy, "montecarlo": TurnMonteCarlo}
