"""Measured strength of the computer players against reference agents written here, apart from the computer's code.

    python benchmarks/strength.py coin-age --opponent uct --games 200 --time 0.25 [--level 5] [--workers 2]
    python benchmarks/strength.py builders --opponent greedy --players 2 --games 200 --time 0.5 [--level 4]
    python benchmarks/strength.py table [--games 200] [--workers 2]    # every line of docs/strength.md's table
    python benchmarks/strength.py coin-age --agent uct --opponent greedy   # a baseline: one reference agent vs another
    python benchmarks/strength.py coin-age --agent mcts --opponent greedy --time 1 --cpu-clock   # the yardstick
    python benchmarks/strength.py coin-age --opponent mcts --level 0    # the computer before issue 35
    python benchmarks/strength.py coin-age --pool --games 200 --time 0.5 --cpu-clock --markdown   # issue 49's pool
    python benchmarks/strength.py coin-age --agent ismcts --opponent greedy --time 0.5 --cpu-clock  # a member's gate
    python benchmarks/strength.py --quick                               # a few short games of every agent (tests)

Each game is refereed here: every action either side plays is checked against the rules' legal actions (an
illegal one stops the benchmark). The computer is ``referee``'s own (``referee.coin_age.computer.Computer``,
``referee.builders.computer.BuildersComputer``) given the same seconds per turn (Coin Age) or per action (The
Builders) as the reference agent, seats rotated from game to game, tosses and deals from the game's seed. A win
counts 1, a draw 1/2; the interval is the 95 % Wilson interval of the score. A Coin Age line also splits the score
by the luck of the tosses: the games where the measured side's coins matched more often than its opponent's
(``luckier``) and those where they matched less often (``unluckier``); the line of greedy against greedy shows how
much that luck alone decides between two equal players.

Equal time per turn: the computer thinks once a turn; ``flat`` and ``uct`` decide action by action, each decision
taking half of what is left of the turn's time (:class:`TurnClock`), so a turn costs each side the same.

The reference agents use only the rules' public questions (``legal_actions``, ``apply``, ``outcome``, ``copy``)
and share no code with the computers:

* Coin Age — ``random`` (any legal action), ``greedy`` (the plan for the turn with the best score margin as it
  would stand), ``flat`` (flat Monte Carlo: each legal action tried in random games to the end, round by round,
  the best mean result played), ``uct`` (a plain UCT tree search over single actions with chance nodes for the
  tosses, each outcome sampled at its probability, random play-outs, UCB1 with c = 0.7), ``mcts`` (the strong
  tree search described in issue 35, in ``coin_age_agents.py``: progressive bias and widening, the tree kept
  through a turn, heuristic play-outs, a reward mixing the result with the squashed margin), and in
  ``coin_age_pool.py``, issue 49's yardsticks: ``ismcts`` (an open-loop, information-set tree search: each
  iteration samples the tosses and walks the tree by actions alone, UCT with availability counts, light play-outs)
  and ``expectimax`` (its whole turn, the opponent's toss enumerated at its probabilities, the opponent's best
  whole-turn reply, greedy's score margin counted). ``--pool`` plays the measured side against every member of
  the pool (:data:`POOL`) and adds the pool's line (all its games together); ``--markdown`` writes the lines as
  the rows of docs/strength-coin-age.md's tables. ``--cpu-clock`` counts every side's time in CPU seconds, the
  computer's and the turn times reported included (a series then measures the same searches however loaded the
  machine is; its ``wall_seconds`` are then the CPU time of the process); ``STRENGTH_PROGRESS=FILE`` logs each
  game as it ends; ``STRENGTH_FIRST_GAME=N`` numbers a Coin Age series' games from N (their seeds), so a second
  run adds games to the first instead of repeating them.
* The Builders — ``random`` (any legal action), and in ``builders_agents.py``, written from their description
  before the computer was tuned: ``greedy`` (issue 35's greedy agent: the send gaining the most VP per action,
  at most two sites, the recruit covering most of what its sites need per écu, else the most écus, never a bought
  action) and ``montecarlo`` (Monte Carlo over whole turns: candidate turns played out to the end by greedy
  players, the hidden decks shuffled from the unseen cards by its own generator; its time is 3 × the seconds an
  action, a turn). A Builders line also gives the time each of the computer's actions took, timed around its
  call, at the 99th percentile and at most.

Not a test: the figures go into docs/strength.md by hand, with the command that made them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # (its Builders agents, when loaded from elsewhere)

import builders_agents

from benchmarks.coin_age_agents import CoinAgeMcts
from benchmarks.coin_age_pool import CoinAgeExpectimax, CoinAgeIsmcts
from referee.builders.rules import RULES as BUILDERS
from referee.coin_age.actions import Done, Slap
from referee.coin_age.rules import RULES as COIN_AGE

# -- scoring a series ---------------------------------------------------------------------------------------------


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a score rate (draws as half a win)."""
    if games == 0:
        return (0.0, 1.0)
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def result_for(outcome: Any, name: str) -> float:
    """1 a win, 1/2 a draw (no winner among the leaders), 0 a loss."""
    if outcome.winner is not None:
        return 1.0 if outcome.winner == name else 0.0
    best = max(outcome.scores.values())
    leaders = [player for player, points in outcome.scores.items() if points == best]
    return 1.0 / len(leaders) if name in leaders else 0.0


# -- Coin Age ------------------------------------------------------------------------------------------------------


def coin_age_setup() -> dict[str, Any]:
    from referee.cli.games.coin_age.room import SPEC

    return SPEC.prepare_setup({"map": "original"}, "benchmark")


def deciding(state: Any) -> bool:
    """Whether the player in turn has a decision (tossed, something legal left); otherwise a toss comes next."""
    return bool(state.tossed and not state.over and COIN_AGE.to_move(state) == state.seat)


def decisions(state: Any) -> list[Any]:
    """The player in turn's choices: every legal action but the next toss."""
    return [action for action in COIN_AGE.legal_actions(state) if not isinstance(action, Slap)]


def toss(state: Any, rng: random.Random) -> Any:
    """A fair toss for whoever tosses next: each kind in the bank matches with probability 1/2."""
    bank = state.banks[state.tosser()]
    return Slap(frozenset(rank for rank in sorted(bank) if bank[rank] and rng.random() < 0.5))


def coin_age_key(state: Any) -> str:
    """What makes two positions the same: the rules' own account of the table and the turn (``state_json``)."""
    return json.dumps(COIN_AGE.state_json(state), sort_keys=True) + str((state.seat, state.tossed, state.over))


def random_playout(state: Any, rng: random.Random) -> Any:
    while not state.over:
        if deciding(state):
            COIN_AGE.apply(state, rng.choice(decisions(state)))
        else:
            COIN_AGE.apply(state, toss(state, rng))
    return state


class CoinAgeRandom:
    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> list[Any]:
        return [self.rng.choice(decisions(state))]


class CoinAgeGreedy:
    """The plan for the rest of the turn whose score margin, as it would stand, is best (first found on a tie)."""

    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.seat = seat

    def margin(self, state: Any) -> int:
        scores = COIN_AGE.outcome(state).scores
        return scores[state.players[self.seat]] - scores[state.players[1 - self.seat]]

    def choose(self, state: Any) -> list[Any]:
        best: tuple[int, list[Any]] | None = None
        seen: set[str] = set()
        stack: list[tuple[Any, list[Any]]] = [(state, [])]
        while stack:
            current, plan = stack.pop()
            if current.over or not deciding(current):
                value = self.margin(current)
                if best is None or value > best[0]:
                    best = (value, plan)
                continue
            for action in decisions(current):
                after = current.copy()
                COIN_AGE.apply(after, action)
                key = coin_age_key(after)
                if key in seen:
                    continue
                seen.add(key)
                stack.append((after, [*plan, action]))
        assert best is not None
        return best[1] or [Done()]


class TurnClock:
    """Equal time per turn for an agent that decides action by action: ``seconds`` a turn, each decision taking half
    of what is left of its turn (the first half of it, then a quarter, …)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.turn: tuple[int, int] | None = None
        self.left = seconds

    def deadline(self, state: Any) -> float:
        turn = (state.turns, state.seat)
        if turn != self.turn:
            self.turn, self.left = turn, self.seconds
        share = self.left / 2
        self.left -= share
        return time.perf_counter() + share


class TimedAgent:
    """An agent that thinks ``seconds`` a turn (:class:`TurnClock`), drawing from its own ``seed``."""

    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.seat, self.clock, self.rng = seat, TurnClock(seconds), random.Random(seed)


class CoinAgeFlat(TimedAgent):
    """Flat Monte Carlo: round after round, each choice is followed by one random game; the best mean is played."""

    def choose(self, state: Any) -> list[Any]:
        choices = decisions(state)
        if len(choices) == 1:
            return choices
        totals = [0.0] * len(choices)
        name = state.players[self.seat]
        deadline = self.clock.deadline(state)
        rounds = 0
        while rounds < 1 or time.perf_counter() < deadline:
            for index, action in enumerate(choices):
                after = state.copy()
                COIN_AGE.apply(after, action)
                totals[index] += result_for(COIN_AGE.outcome(random_playout(after, self.rng)), name)
            rounds += 1
        return [choices[max(range(len(choices)), key=totals.__getitem__)]]


@dataclass
class Node:
    """A UCT node: visits, the total result for the player who chose the move into it, children by move."""

    visits: int = 0
    total: float = 0.0
    children: dict[Any, Node] = field(default_factory=dict)
    untried: list[Any] | None = None


class CoinAgeUct(TimedAgent):
    """Plain UCT over single actions; a toss is a chance node (its outcome sampled fairly, one child per outcome)."""

    C = 0.7

    def choose(self, state: Any) -> list[Any]:
        choices = decisions(state)
        if len(choices) == 1:
            return choices
        root = Node()
        deadline = self.clock.deadline(state)
        iterations = 0
        while iterations < 8 or time.perf_counter() < deadline:
            self.iterate(root, state.copy())
            iterations += 1
        best = max(root.children.items(), key=lambda item: item[1].visits)
        return [best[0]]

    def iterate(self, root: Node, state: Any) -> None:
        """One descent: select by UCB1 (sampling each toss), expand one action, play out at random, back up."""
        entered: list[tuple[Node, int | None]] = [(root, None)]  # each node, with the seat that moved into it
        node = root
        while not state.over:
            if not deciding(state):
                outcome = toss(state, self.rng)
                COIN_AGE.apply(state, outcome)
                node = node.children.setdefault(outcome, Node())
                entered.append((node, None))
                continue
            if node.untried is None:
                node.untried = decisions(state)
                self.rng.shuffle(node.untried)
            mover = state.seat
            if node.untried:
                action = node.untried.pop()
                COIN_AGE.apply(state, action)
                child = Node()
                node.children[action] = child
                node = child
                entered.append((node, mover))
                break
            log_n = math.log(max(1, node.visits))
            action, node = max(
                node.children.items(),
                key=lambda item: item[1].total / item[1].visits + self.C * math.sqrt(log_n / item[1].visits),
            )
            COIN_AGE.apply(state, action)
            entered.append((node, mover))
        random_playout(state, self.rng)
        outcome = COIN_AGE.outcome(state)
        for visited, mover in entered:
            visited.visits += 1
            if mover is not None:
                visited.total += result_for(outcome, state.players[mover])


class CoinAgeComputer:
    """``referee``'s own computer, as ``play --computer`` runs it. ``--level 0`` here (no such level at the table)
    is the computer before issue 35: the hint's expectimax over whole-turn plans given the whole time (level 4
    thinks half of it), the baseline the tree search of level 5 is measured against."""

    def __init__(self, seat: int, seconds: float, seed: int, level: int = 5) -> None:
        from referee.coin_age.computer import Computer

        if level == 0:
            self.computer = Computer(seat, seed=seed, time_limit=2 * seconds, level=4)
        else:
            self.computer = Computer(seat, seed=seed, time_limit=seconds, level=level)

    def choose(self, state: Any) -> list[Any]:
        texts = self.computer.actions(state)
        actions = []
        after = state.copy()
        for text in texts:
            action = COIN_AGE.parse(text, after)
            actions.append(action)
            COIN_AGE.apply(after, action)
        return actions


COIN_AGE_AGENTS: dict[str, Callable[..., Any]] = {
    "random": CoinAgeRandom,
    "greedy": CoinAgeGreedy,
    "flat": CoinAgeFlat,
    "uct": CoinAgeUct,
    "mcts": CoinAgeMcts,
    "ismcts": CoinAgeIsmcts,
    "expectimax": CoinAgeExpectimax,
}


def coin_age_game(job: tuple[int, str, float, int, str]) -> tuple[float, tuple[float, list[float]]]:
    """One game: the measured agent (the computer unless ``--agent`` names a reference agent, for a baseline) in
    seat ``game % 2``; its result (1, 1/2, 0), how much luckier its tosses were (:func:`toss_edge`) and the seconds
    each of its turns took (timed around its calls, in this process)."""
    game, opponent, seconds, level, measured = job
    game += int(os.environ.get("STRENGTH_FIRST_GAME", "0"))  # more games of a series: other seeds, same seats
    import gc

    gc.disable()
    setup = coin_age_setup()
    state = COIN_AGE.new_state(["Heads", "Tails"], setup)
    mine = game % 2
    agents: list[Any] = [None, None]
    if measured == "computer":
        agents[mine] = CoinAgeComputer(mine, seconds, seed=10_000 + game, level=level)
    else:
        agents[mine] = COIN_AGE_AGENTS[measured](mine, seconds, 10_000 + game)
    agents[1 - mine] = COIN_AGE_AGENTS[opponent](1 - mine, seconds, 20_000 + game)
    rng = random.Random(game)
    tossed, matched = [0, 0], [0, 0]
    spent: list[dict[int, float]] = [{}, {}]  # each seat's seconds a turn (its decisions of that turn summed)
    while not state.over:
        if not deciding(state):
            tosser = state.tosser()
            slap = toss(state, rng)
            tossed[tosser] += sum(1 for count in state.banks[tosser].values() if count)
            matched[tosser] += len(slap.kinds)
            COIN_AGE.apply(state, slap)
            gc.collect()
            continue
        seat, turn = state.seat, state.turns
        started = time.perf_counter()
        chosen = agents[seat].choose(state)
        spent[seat][turn] = spent[seat].get(turn, 0.0) + time.perf_counter() - started
        for action in chosen:
            if state.over or not deciding(state):
                break
            if action not in decisions(state):
                raise SystemExit(f"game {game}: seat {state.seat} played an illegal action {action!r}")
            COIN_AGE.apply(state, action)
    result = result_for(COIN_AGE.outcome(state), state.players[mine])
    progress = os.environ.get("STRENGTH_PROGRESS")
    if progress:  # a long series can be watched game by game: tail -f the file
        with open(progress, "a") as log:
            log.write(f"{game} {result} {max(spent[mine].values(), default=0.0):.3f}\n")
    return result, (toss_edge(matched, tossed, mine), list(spent[mine].values()))


def toss_edge(matched: list[int], tossed: list[int], seat: int) -> float:
    """How much more often ``seat``'s coins matched than its opponent's over the game (share of coins tossed that
    showed its side, less the opponent's): the luck of the tosses, for the luckier/unluckier split."""
    rate = [matched[side] / tossed[side] if tossed[side] else 0.5 for side in (0, 1)]
    return rate[seat] - rate[1 - seat]


# -- The Builders --------------------------------------------------------------------------------------------------


class BuildersRandom:
    def __init__(self, seat: int, seconds: float, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        return self.rng.choice(list(BUILDERS.legal_actions(state)))


BUILDERS_AGENTS: dict[str, Callable[..., Any]] = {
    "random": BuildersRandom,
    "greedy": builders_agents.Greedy,
    "montecarlo": builders_agents.TurnMonteCarlo,
}


def builders_game(job: tuple[int, str, float, int, int]) -> tuple[float, list[float]]:
    """One game of ``players`` seats: the computer in seat ``game % players``, the others reference agents; its
    result, and the seconds each of the computer's actions took, timed here around its call (outside its code)."""
    game, opponent, seconds, level, players = job
    from referee.builders.computer import BuildersComputer

    names = [f"P{seat + 1}" for seat in range(players)]
    state = BUILDERS.new_state(names, {"seed": 30_000 + game})
    mine = game % players
    computer = BuildersComputer([mine], level=level, seconds=seconds, seed=40_000 + game)
    others = {seat: BUILDERS_AGENTS[opponent](seat, seconds, 50_000 + 10 * game + seat) for seat in range(players)}
    times: list[float] = []
    for _step in range(5_000):  # (a game still on after so many actions is scored as it stands)
        if state.over:
            break
        seat = state.current
        if seat == mine:
            started = time.perf_counter()
            action = computer.choose(state)
            times.append(time.perf_counter() - started)
        else:
            action = others[seat].choose(state)
        if not BUILDERS.judge(state, action).legal:
            raise SystemExit(f"game {game}: seat {seat} played an illegal action {action!r}")
        BUILDERS.apply(state, action)
    result = result_for(BUILDERS.outcome(state), names[mine])
    progress = os.environ.get("STRENGTH_PROGRESS")
    if progress:  # a long series can be watched game by game: tail -f the file
        with open(progress, "a") as log:
            log.write(f"{game} {result} {max(times, default=0.0):.3f}\n")
    return result, times


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


# -- running a series ----------------------------------------------------------------------------------------------


def series(
    game_name: str,
    opponent: str,
    games: int,
    seconds: float,
    level: int,
    players: int,
    workers: int,
    measured: str = "computer",
) -> dict:
    started = time.perf_counter()
    if game_name == "coin-age":
        jobs: list[Any] = [(game, opponent, seconds, level, measured) for game in range(games)]
        run: Callable[[Any], float] = coin_age_game
    else:
        jobs = [(game, opponent, seconds, level, players) for game in range(games)]
        run = builders_game
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            played = list(pool.map(run, jobs))
    else:
        played = [run(job) for job in jobs]
    results = [result for result, _edge in played]
    score = sum(results)
    low, high = wilson(score, games)
    row = {
        "game": game_name,
        "agent": measured,
        "players": players,
        "opponent": opponent,
        "seconds": seconds,
        "level": level,
        "games": games,
        "wins": sum(1 for r in results if r == 1.0),
        "draws": sum(1 for r in results if 0 < r < 1),
        "score": round(score / games, 3),
        "points": score,
        "interval": [round(low, 3), round(high, 3)],
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    if game_name == "coin-age":
        row["by_luck"] = luck_split([(result, edge) for result, (edge, _times) in played])
        turn_times = sorted(spent for _result, (_edge, times) in played for spent in times)
        if turn_times:
            row["p99_turn_seconds"] = round(turn_times[math.ceil(0.99 * len(turn_times)) - 1], 3)
    else:
        times = [spent for _result, timed in played for spent in timed]
        row["p99_action_seconds"] = round(percentile(times, 0.99), 3)
        row["max_action_seconds"] = round(max(times, default=0.0), 3)
    return row


def paired(first: dict[int, float], second: dict[int, float]) -> str:
    """Two series' results on the games both played (same seeds, seats and tosses): each score, and the mean
    difference game by game with its 95 % interval (normal approximation)."""
    games = sorted(first.keys() & second.keys())
    if not games:
        return "no game in both logs"
    differences = [second[game] - first[game] for game in games]
    mean = sum(differences) / len(games)
    spread = sum((d - mean) ** 2 for d in differences) / max(1, len(games) - 1)
    half = 1.96 * math.sqrt(spread / len(games))
    score = [sum(series[game] for game in games) / len(games) for series in (first, second)]
    return (
        f"{len(games)} games: {score[0]:.1%} then {score[1]:.1%}, "
        f"difference {100 * mean:+.1f} ± {100 * half:.1f} points a game"
    )


def read_log(path: str) -> dict[int, float]:
    """A ``STRENGTH_PROGRESS`` log: each game's number and result."""
    with open(path) as log:
        return {int(game): float(result) for game, result, *_rest in (row.split() for row in log if row.strip())}


def luck_split(played: list[tuple[float, Any]]) -> dict[str, list[float]]:
    """The score in the games where the measured agent's coins matched more often than its opponent's (``luckier``)
    and in those where they matched less often (``unluckier``): each ``[games, score]``."""
    split: dict[str, list[float]] = {}
    for name, keep in (("luckier", lambda edge: edge > 0), ("unluckier", lambda edge: edge < 0)):
        scores = [result for result, edge in played if keep(edge)]
        split[name] = [len(scores), round(sum(scores) / len(scores), 3) if scores else 0.0]
    return split


POOL = ("greedy", "mcts", "ismcts", "expectimax")
"""Issue 49's pool of Coin Age yardsticks: every reference agent the computer must hold its own against."""


def pool_row(rows: list[dict]) -> dict:
    """The pool's line: every game of ``rows`` (one series against each member) counted together."""
    games = sum(row["games"] for row in rows)
    points = sum(row["points"] for row in rows)
    low, high = wilson(points, games)
    turn_times = [row["p99_turn_seconds"] for row in rows if "p99_turn_seconds" in row]
    return {
        **{key: rows[0][key] for key in ("game", "agent", "players", "seconds", "level")},
        "opponent": "pool",
        "games": games,
        "wins": sum(row["wins"] for row in rows),
        "draws": sum(row["draws"] for row in rows),
        "score": round(points / games, 3),
        "points": points,
        "interval": [round(low, 3), round(high, 3)],
        "wall_seconds": round(sum(row["wall_seconds"] for row in rows), 1),
        "p99_turn_seconds": max(turn_times, default=0.0),
        "worst": min(row["score"] for row in rows),
    }


def markdown(row: dict) -> str:
    """A Coin Age line as a row of docs/strength-coin-age.md: measured side, opponent, time a turn, games, score,
    95 % interval, the measured side's time a turn at the 99th percentile (the pool's: the most of its lines')."""
    low, high = row["interval"]
    return (
        f"| {row.get('agent', 'computer')} | {row['opponent']} | {row['seconds']} s | {row['games']} | "
        f"{row['score']:.1%} | {low:.1%}–{high:.1%} | {row.get('p99_turn_seconds', 0.0)} s |"
    )


def line(row: dict) -> str:
    low, high = row["interval"]
    who = f"{row['game']} ({row['players']} players)" if row["game"] == "builders" else row["game"]
    if row.get("agent", "computer") != "computer":
        who += f" {row['agent']}"
    return (
        f"{who:<22} vs {row['opponent']:<7} {row['seconds']:>5} s  level {row['level']}  {row['games']:>4} games  "
        f"{row['score']:6.1%}  (95 %: {low:.0%}–{high:.0%})  {row['wall_seconds']} s{luck(row)}{action_time(row)}"
    )


def action_time(row: dict) -> str:
    """A Builders line's time per computer action at the 99th percentile (and the longest), or nothing."""
    if "p99_action_seconds" not in row:
        return ""
    return f"  [action time p99 {row['p99_action_seconds']} s, max {row['max_action_seconds']} s]"


def luck(row: dict) -> str:
    """The luckier/unluckier split of a Coin Age line (see :func:`luck_split`), or nothing."""
    split = row.get("by_luck")
    if not split:
        return ""

    def part(name: str) -> str:
        games, score = split[name]
        return f"{score:.0%} of {games:.0f}" if games else "no game"

    p99 = f"; p99 {row['p99_turn_seconds']} s a turn" if "p99_turn_seconds" in row else ""
    return f"  [luckier tosses: {part('luckier')}; unluckier: {part('unluckier')}{p99}]"


TABLE = [
    ("coin-age", "random", 0.5, 5, 2, "computer"),
    ("coin-age", "greedy", 0.5, 5, 2, "computer"),
    ("coin-age", "flat", 0.5, 5, 2, "computer"),
    ("coin-age", "uct", 0.5, 5, 2, "computer"),
    ("coin-age", "mcts", 0.5, 5, 2, "computer"),
    ("coin-age", "mcts", 1.0, 5, 2, "computer"),
    ("coin-age", "mcts", 0.5, 0, 2, "computer"),  # the computer before issue 35 (see CoinAgeComputer)
    ("coin-age", "greedy", 0.5, 5, 2, "uct"),  # a baseline: how the plain tree search fares against greedy
    ("coin-age", "greedy", 1.0, 5, 2, "mcts"),  # the yardstick: the strong tree search against greedy
    ("coin-age", "greedy", 0.5, 5, 2, "greedy"),  # equal players: what the luck of the tosses alone decides
    ("coin-age", "ismcts", 0.5, 5, 2, "computer"),  # issue 49's pool (the whole of it: --pool)
    ("coin-age", "expectimax", 0.5, 5, 2, "computer"),
    ("coin-age", "greedy", 0.5, 5, 2, "ismcts"),  # each new member's gate: at least 65 % against greedy
    ("coin-age", "greedy", 0.5, 5, 2, "expectimax"),
    ("builders", "random", 0.5, 4, 2, "computer"),
    ("builders", "greedy", 0.5, 4, 2, "computer"),
    ("builders", "greedy", 0.5, 4, 3, "computer"),
    ("builders", "greedy", 0.5, 4, 4, "computer"),
    ("builders", "montecarlo", 0.1, 4, 2, "computer"),
    ("builders", "montecarlo", 0.1, 4, 3, "computer"),
    ("builders", "montecarlo", 0.1, 4, 4, "computer"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=["coin-age", "builders", "table"], default="table")
    parser.add_argument("--quick", action="store_true", help="one short game against every reference agent")
    parser.add_argument("--opponent", default="uct")
    parser.add_argument(
        "--agent", default="computer", help="Coin Age: measure a reference agent instead of the computer (a baseline)"
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=None, help="seconds per turn (Coin Age) or action (Builders)")
    parser.add_argument("--level", type=int, default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="Coin Age: every side counts its time in CPU seconds, not wall seconds (the turn times reported too)",
    )
    parser.add_argument("--pool", action="store_true", help="Coin Age: a series against every member of POOL")
    parser.add_argument("--markdown", action="store_true", help="Coin Age: the lines as docs' table rows")
    args = parser.parse_args()
    if args.cpu_clock:
        import benchmarks.coin_age_agents as coin_age_agents

        # before the computer's modules are imported (in CoinAgeComputer): their clocks' defaults bind it
        time.perf_counter = time.process_time
        coin_age_agents.CLOCK = time.process_time
    if args.quick:
        quick = [("coin-age", opponent, 0.02, 5, 2) for opponent in COIN_AGE_AGENTS]
        quick += [("builders", "random", 0.01, 2, 2), ("builders", "greedy", 0.01, 2, 4)]
        quick += [("builders", "montecarlo", 0.01, 2, 2)]
        rows = [
            series(game, opponent, 1, seconds, level, players, 1) for game, opponent, seconds, level, players in quick
        ]
    elif args.game == "table":
        rows = [
            series(game, opponent, args.games, seconds, level, players, args.workers, agent)
            for game, opponent, seconds, level, players, agent in TABLE
        ]
    else:
        agents = COIN_AGE_AGENTS if args.game == "coin-age" else BUILDERS_AGENTS
        if args.opponent not in agents:
            parser.error(f"--opponent: one of {', '.join(agents)}")
        seconds = args.time if args.time is not None else (0.25 if args.game == "coin-age" else 0.5)
        level = args.level if args.level is not None else (5 if args.game == "coin-age" else 4)
        if args.agent != "computer" and (args.game != "coin-age" or args.agent not in COIN_AGE_AGENTS):
            parser.error(f"--agent: computer, or for coin-age one of {', '.join(COIN_AGE_AGENTS)}")
        if args.pool and args.game != "coin-age":
            parser.error("--pool: coin-age only")
        opponents = POOL if args.pool else (args.opponent,)
        rows = []
        for opponent in opponents:
            rows.append(series(args.game, opponent, args.games, seconds, level, args.players, args.workers, args.agent))
            show(rows[-1], args)
        if args.pool:
            show(pool_row(rows), args)
        return
    for row in rows:
        show(row, args)


def show(row: dict, args: argparse.Namespace) -> None:
    """A line as asked: JSON, a docs table row, or text."""
    text = json.dumps(row) if args.json else markdown(row) if args.markdown and row["game"] == "coin-age" else line(row)
    print(text, flush=True)


if __name__ == "__main__":
    main()
