"""The rules of Matchstick Tycoon: setup, judging, applying, legal actions, the end and the score.

Each rule lives in one place and cites its rulebook topic (``referee matchstick rules TOPIC``):

* ``deal``        — :func:`deal_sizes`, :meth:`MatchstickRules.new_state`
* ``lead``/``follow``/``strength``/``transform``/``copies``/``pass``/``revolution`` — :meth:`MatchstickRules.judge`
* ``clear``/``discard``/``out``/``end`` — :meth:`MatchstickRules.apply` and :func:`_advance`

Scores (a decision of this referee, documented in the ``end`` topic): a player who went out scores one point per
player who went out after them or is still in; a player still in scores 0. The winner is the first player out,
once the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from functools import cache, lru_cache
from typing import Any

from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.errors import SetupError
from referee.i18n import _, ngettext
from referee.matchstick.actions import PASS, Action, Pass, Play, card_face, format_action, parse_action
from referee.matchstick.segments import (
    ALL_CARDS,
    ALL_VALUES,
    COST,
    FACES,
    SHAPES,
    TABLE,
    cards_for,
    copies_of,
    deck_size,
    mirrored,
    order_text,
    turned,
    values_for,
)
from referee.matchstick.state import MatchstickState, Table, empty_copies

MIN_PLAYERS = 2
MAX_PLAYERS = 8
SMALL_DEAL = 15
"""2–3 players get 15 cards each; 4–8 players share the whole deck."""
STARTING_MATCHSTICKS = 1
MAX_CARDS_PER_PLAY = 5
"""1 to 5 cards of one value; 5 at once is a revolution."""
REVOLUTION = 5

_RANK = {value: i for i, value in enumerate(ALL_VALUES)}
_DECK_ORDER = {card: i for i, card in enumerate(ALL_CARDS)}
_SETUP_KEYS = {"expansion", "deal_all", "hand_sizes"}


# -- setup -------------------------------------------------------------------------------------------------------


def deal_sizes(players: int, expansion: int = 0, deal_all: bool = False) -> list[int]:
    """How many cards each seat is dealt.

    Rule (deal): 2–3 players get 15 cards each, 4–8 players share the whole deck. Ruling: ``deal_all`` shares the
    whole deck for any number of players; when it does not divide evenly, the earlier seats get the extra cards.
    """
    deck = deck_size(expansion)
    if players <= 3 and not deal_all:
        return [SMALL_DEAL] * players
    base, extra = divmod(deck, players)
    return [base + (1 if seat < extra else 0) for seat in range(players)]


def _read_setup(players: list[str], setup: Mapping[str, Any]) -> tuple[int, list[int]]:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(_("Matchstick Tycoon is for 2 to 8 players, not {n}").format(n=len(players)))
    if any(not isinstance(name, str) or not name.strip() for name in players):
        raise SetupError(_("every player needs a name"))
    if len(set(players)) != len(players):
        raise SetupError(_("two players have the same name: {names}").format(names=", ".join(players)))
    unknown = sorted(set(setup) - _SETUP_KEYS)
    if unknown:
        raise SetupError(
            ngettext(
                "unknown matchstick setup key: {keys} (known: expansion, deal_all, hand_sizes)",
                "unknown matchstick setup keys: {keys} (known: expansion, deal_all, hand_sizes)",
                len(unknown),
            ).format(keys=", ".join(unknown))
        )
    expansion = setup.get("expansion", 0)
    if expansion is None:
        expansion = 0
    if isinstance(expansion, bool) or not isinstance(expansion, int) or expansion not in (0, 2, 4):
        raise SetupError(_("expansion must be 0, 2 or 4 (copies of G and H), not {value!r}").format(value=expansion))
    deal_all = setup.get("deal_all", False)
    if deal_all is None:
        deal_all = False
    if not isinstance(deal_all, bool):
        raise SetupError(_("deal_all must be true or false, not {value!r}").format(value=deal_all))
    sizes = setup.get("hand_sizes")
    if sizes is None:
        return expansion, deal_sizes(len(players), expansion, deal_all)
    if not isinstance(sizes, list | tuple) or any(isinstance(n, bool) or not isinstance(n, int) for n in sizes):
        raise SetupError(_("hand_sizes must be a list of whole numbers, one per player"))
    if len(sizes) != len(players):
        raise SetupError(_("hand_sizes lists {given} hands for {n} players").format(given=len(sizes), n=len(players)))
    if any(n < 1 for n in sizes):
        raise SetupError(_("every hand in hand_sizes needs at least 1 card"))
    deck = deck_size(expansion)
    if sum(sizes) > deck:
        raise SetupError(
            _("hand_sizes deal {total} cards but the deck has only {deck}").format(total=sum(sizes), deck=deck)
        )
    return expansion, list(sizes)


# -- helpers for messages ---------------------------------------------------------------------------------------


def _cards_text(count: int, value: str) -> str:
    return _("a single {value}").format(value=value) if count == 1 else f"{count} × {value}"


def _sticks(n: int) -> str:
    return ngettext("{n} matchstick", "{n} matchsticks", n).format(n=n)


def _cost_text(play: Play) -> str:
    """``0 +1, 4 +3`` — each card, turned or not, and the sticks it takes."""
    parts = []
    counts: dict[str, int] = {}
    for card in play.cards:
        counts[card] = counts.get(card, 0) + 1
    for card, n in counts.items():
        way = TABLE[card][play.value]
        face = card_face(card, play.value)
        turned_word = _(" turned") if way.turned_over and len(FACES[card]) == 1 else ""
        times = f"{n} × " if n > 1 else ""
        parts.append(f"{times}{face}{turned_word} +{way.cost}")
    return ", ".join(parts)


def _could_mirror(card: str, value: str) -> bool:
    shape, target = SHAPES[FACES[card][0]], SHAPES[value]
    return mirrored(shape) <= target or mirrored(turned(shape)) <= target


def _stronger_values(value: str | None, reversed_: bool, expansion: int) -> tuple[str, ...]:
    """The values that beat ``value`` in the current order (all values on an empty table)."""
    values = values_for(expansion)
    if value is None:
        return values
    rank = _RANK[value]
    if reversed_:
        return tuple(v for v in values if _RANK[v] < rank)
    return tuple(v for v in values if _RANK[v] > rank)


_STRONGER = {
    (expansion, reversed_): {value: _stronger_values(value, reversed_, expansion) for value in (None, *ALL_VALUES)}
    for expansion in (0, 2, 4)
    for reversed_ in (False, True)
}
""":func:`_stronger_values` of every table, looked up as ``_STRONGER[expansion, reversed][value]``."""


def _build_candidates(expansion: int) -> dict[str, tuple[tuple[str, int, int], ...]]:
    """Per value: the card types that can show it, cheapest first, as (card, cost, copies in the game)."""
    result = {}
    for value in values_for(expansion):
        found = [
            (card, COST[card, value], copies_of(card, expansion))
            for card in cards_for(expansion)
            if (card, value) in COST
        ]
        result[value] = tuple(sorted(found, key=lambda item: item[1]))
    return result


_CANDIDATES = {expansion: _build_candidates(expansion) for expansion in (0, 2, 4)}

_COPIES = {expansion: {card: copies_of(card, expansion) for card in ALL_CARDS} for expansion in (0, 2, 4)}
"""``copies_of(card, expansion)`` as a table."""

_play = lru_cache(maxsize=4096)(Play)
"""``Play(value, cards)``, built once while it is in use: plays are immutable, and random self-play makes the same
ones again and again (building one normalises its value and cards: 10 times the cost of the look-up)."""

_table = cache(Table)
"""``Table(value, count, seat)``, built once: tables are immutable and few (values × counts × seats)."""


def _min_cost(
    played: Mapping[str, int], candidates: tuple[tuple[str, int, int], ...], count: int, budget: int
) -> int | None:
    """The fewest matchsticks ``count`` (at least 1) cards from ``candidates`` (cheapest first) can take, given the
    copies ``played`` already, if that fits ``budget``; None when too few copies are left or it costs more."""
    need, total = count, 0
    for card, cost, copies in candidates:
        if total + need * cost > budget:
            return None  # the cards still needed cost at least this much each
        left = copies - played[card]
        if left > 0:
            if left >= need:
                return total + need * cost
            total += left * cost
            need -= left
    return None


# -- the rules ---------------------------------------------------------------------------------------------------


class MatchstickRules(RulesBase[Any, Any]):
    """The pure rules of Matchstick Tycoon (implements :class:`referee.engine.Rules`)."""

    name = "matchstick"

    # -- setup -------------------------------------------------------------------------------------------------
    def new_state(self, players: list[str], setup: Mapping[str, Any]) -> MatchstickState:
        """Deal (see :func:`deal_sizes`), give each player 1 matchstick; ruling: the first seat leads."""
        expansion, sizes = _read_setup(list(players), setup)
        return MatchstickState(
            players=tuple(players),
            expansion=expansion,
            dealt=tuple(sizes),
            cards=list(sizes),
            matchsticks=[STARTING_MATCHSTICKS] * len(players),
            out=[],
            turn=0,
            table=None,
            passed=0,
            reversed=False,
            copies_played=empty_copies(expansion),
        )

    # -- notation ----------------------------------------------------------------------------------------------
    def parse(self, text: str, state: MatchstickState) -> Action:
        return parse_action(text, state.expansion)

    def format(self, action: Action, state: MatchstickState) -> str:
        return format_action(action)

    # -- judging -----------------------------------------------------------------------------------------------
    def judge(self, state: MatchstickState, action: Action) -> Verdict:
        """Whether ``action`` is legal for the player to move, citing the rule topic either way."""
        if state.turn is None:
            last = state.players[state.ranking()[-1]]
            return Verdict(False, "end", _("the game is over: {name} is the last player left").format(name=last))
        seat = state.turn
        name = state.players[seat]
        table = state.table
        if isinstance(action, Pass):
            if table is None:
                return Verdict(
                    False,
                    "lead",
                    _("{name} leads on an empty table and must play 1 to 5 cards: no passing").format(name=name),
                )
            return Verdict(True, "pass", _("{name} passes and takes a matchstick").format(name=name))
        if not isinstance(action, Play):
            return Verdict(False, "notation", _("not a matchstick action: {action!r}").format(action=action))
        return self._judge_play(state, seat, name, table, action)

    def _judge_play(self, state: MatchstickState, seat: int, name: str, table: Table | None, play: Play) -> Verdict:
        value, count = play.value, len(play.cards)
        topic = "lead" if table is None else "follow"
        if value not in _RANK or (_RANK[value] >= len(values_for(state.expansion))):
            return Verdict(False, "expansion", _("{value} exists only with the expansion").format(value=value))
        if not 1 <= count <= MAX_CARDS_PER_PLAY:
            return Verdict(False, topic, _("a play has 1 to 5 cards, not {n}").format(n=count))
        if table is not None:
            by = state.players[table.by]
            if count != table.count:
                return Verdict(
                    False,
                    "follow",
                    ngettext(
                        "the table holds {cards} played by {by}: follow with exactly {n} card, or pass",
                        "the table holds {cards} played by {by}: follow with exactly {n} cards, or pass",
                        table.count,
                    ).format(cards=_cards_text(table.count, table.value), by=by, n=table.count),
                )
            if value not in _STRONGER[state.expansion, state.reversed][table.value]:
                order = order_text(state.reversed, state.expansion)
                if state.reversed:
                    reason = _("{value} is not stronger than {table}: the order is reversed, {order}")
                else:
                    reason = _("{value} is not stronger than {table}: the order is {order}")
                return Verdict(False, "strength", reason.format(value=value, table=table.value, order=order))
        held = state.cards[seat]
        if count > held:
            return Verdict(
                False,
                topic,
                ngettext(
                    "{name} holds only {held} card, not {n}", "{name} holds only {held} cards, not {n}", held
                ).format(name=name, held=held, n=count),
            )
        cards: dict[str, int] = {}
        for card in play.cards:
            cards[card] = cards.get(card, 0) + 1
        for card in cards:
            if copies_of(card, state.expansion) == 0:
                return Verdict(
                    False, "expansion", _("the {card} card exists only with the expansion").format(card=card)
                )
            if (card, value) not in COST:
                ruling = None
                if _could_mirror(card, value):
                    ruling = _("Ruling: a card may be turned over but never mirrored.")
                return Verdict(
                    False,
                    "transform",
                    _(
                        "a {card} card can never show {value}: upright or turned over, its segments are not all "
                        "in {value}, and matchsticks only add"
                    ).format(card=card, value=value),
                    ruling,
                )
        for card, n in cards.items():
            played = state.copies_played[card]
            total = copies_of(card, state.expansion)
            if played + n > total:
                return Verdict(
                    False,
                    "copies",
                    _(
                        "only {total} copies of the {card} card exist and {played} have been played already; "
                        "this play needs {n}"
                    ).format(total=total, card=card, played=played, n=n),
                )
        cost = sum(COST[card, value] * n for card, n in cards.items())
        have = state.matchsticks[seat]
        if cost > have:
            return Verdict(
                False,
                "transform",
                _("showing {value} this way costs {cost} ({detail}) but {name} has {have}").format(
                    value=value, cost=_sticks(cost), detail=_cost_text(play), name=name, have=_sticks(have)
                ),
            )
        what = _cards_text(count, value)
        if cost:
            detail = _("{what} ({detail}: {cost})").format(what=what, detail=_cost_text(play), cost=_sticks(cost))
        else:
            detail = what
        if count == REVOLUTION:
            return Verdict(
                True, "revolution", _("{name} plays {detail}: a revolution").format(name=name, detail=detail)
            )
        if table is None:
            return Verdict(True, "lead", _("{name} leads {detail}").format(name=name, detail=detail))
        return Verdict(
            True,
            "follow",
            _("{name} plays {detail} over {table}").format(
                name=name, detail=detail, table=_cards_text(table.count, table.value)
            ),
        )

    # -- applying ----------------------------------------------------------------------------------------------
    def apply(self, state: MatchstickState, action: Action) -> list[Event]:
        """Apply a legal action in place; return what the referee announces.

        A play: the cards leave the hand, the matchsticks are spent, the copies are counted, 5 cards reverse the
        order. A pass: 1 matchstick from the supply. Then the turn moves on (see :func:`_advance`).
        """
        seat = state.turn
        assert seat is not None, "no action after the end of the game"
        events: list[Event] = []
        if isinstance(action, Pass):
            state.matchsticks[seat] += 1
            state.passed |= 1 << seat
        else:
            value, cards = action.value, action.cards
            count = len(cards)
            cost = 0
            played = state.copies_played
            for card in cards:
                cost += COST[card, value]
                played[card] += 1
            state.cards[seat] -= count
            state.matchsticks[seat] -= cost
            state.table = _table(value, count, seat)
            state.passed = 0
            if count == REVOLUTION:
                state.reversed = not state.reversed
                events.append(_revolution_event(state, seat))
            if state.cards[seat] == 0 and state.matchsticks[seat] == 0:
                _go_out(state, seat, events)
        _advance(state, seat, events)
        return events

    # -- legal actions -----------------------------------------------------------------------------------------
    def legal_actions(self, state: MatchstickState) -> Iterator[Action]:
        """Every legal action: pass (when following), then each (value, multiset of card types) that the copies
        not yet played, the player's card count and matchsticks allow."""
        seat = state.turn
        if seat is None:
            return
        table = state.table
        held, budget = state.cards[seat], state.matchsticks[seat]
        if table is None:
            counts: range | tuple[int, ...] = range(1, min(held, MAX_CARDS_PER_PLAY) + 1)
        else:
            yield PASS
            counts = (table.count,) if table.count <= held else ()
        values = _STRONGER[state.expansion, state.reversed][table.value if table else None]
        left = {card: state.copies_left(card) for card in state.copies_played}
        table_of_candidates = _CANDIDATES[state.expansion]
        for value in values:
            candidates = [(card, cost) for card, cost, _copies in table_of_candidates[value] if left[card] > 0]
            for count in counts:
                for cards in _multisets(candidates, 0, count, budget, left):
                    yield Play(value, cards)

    def random_action(self, state: MatchstickState, rng: random.Random) -> Action:
        """A random legal action, without listing them all.

        Uniform over "pass" (when allowed) and the feasible (value, count) pairs, then a random feasible multiset
        of cards for the pair. Raises ValueError once the game is over.
        """
        seat = state.turn
        if seat is None:
            raise ValueError("the game is over")
        table = state.table
        held, budget = state.cards[seat], state.matchsticks[seat]
        stronger = _STRONGER[state.expansion, state.reversed]
        if table is None:
            values = stronger[None]
            counts: tuple[int, ...] = _COUNTS[held if held < MAX_CARDS_PER_PLAY else MAX_CARDS_PER_PLAY]
            can_pass = False
        else:
            values = stronger[table.value]
            counts = (table.count,) if table.count <= held else ()
            can_pass = True
        per_value = len(counts)
        pairs = len(values) * per_value  # pair i is (values[i // per_value], counts[i % per_value]); then "pass"
        options = pairs + can_pass
        played = state.copies_played
        candidates_of = _CANDIDATES[state.expansion]
        random_ = rng.random
        infeasible = 0  # bit set of the pairs found infeasible, not to check twice
        if options:
            for _attempt in range(12):
                index = int(random_() * options)
                if index == pairs:
                    return PASS
                if infeasible >> index & 1:
                    continue
                value, count = values[index // per_value], counts[index % per_value]
                if _min_cost(played, candidates_of[value], count, budget) is not None:
                    return _play(value, _random_cards(played, candidates_of[value], count, budget, random_))
                infeasible |= 1 << index
        feasible = []
        for index in range(pairs):
            if not infeasible >> index & 1:
                value, count = values[index // per_value], counts[index % per_value]
                if _min_cost(played, candidates_of[value], count, budget) is not None:
                    feasible.append((value, count))
        if can_pass:
            index = int(random_() * (len(feasible) + 1))
            if index >= len(feasible):
                return PASS
            value, count = feasible[index]
        else:
            value, count = feasible[int(random_() * len(feasible))]
        return _play(value, _random_cards(played, candidates_of[value], count, budget, random_))

    # -- the end and the score ---------------------------------------------------------------------------------
    def to_move(self, state: MatchstickState) -> int | None:
        return state.turn

    def is_over(self, state: MatchstickState) -> bool:
        return state.turn is None

    def outcome(self, state: MatchstickState) -> Outcome:
        """Scores: each player who went out scores the number of players ranked after them; players still in 0.

        Ranking: the order of going out, then the players still in (fewest cards, then fewest matchsticks, then
        seat). Winner: the first player out, once the game is over.
        """
        n = len(state.players)
        scores = {name: 0 for name in state.players}
        for place, seat in enumerate(state.out):
            scores[state.players[seat]] = n - 1 - place
        ranking = [state.players[seat] for seat in state.ranking()]
        winner = ranking[0] if state.over else None
        return Outcome(scores=scores, ranking=ranking, winner=winner)

    def state_json(self, state: MatchstickState) -> dict[str, Any]:
        """The contract's ``state`` object, plus ``order`` (values weakest first as things stand),
        ``copies_played`` (card type → copies), ``out_order`` (names), ``passed`` (names who passed since the
        last play), ``expansion`` and ``to_move``."""
        players = {
            name: {
                "cards": state.cards[seat],
                "matchsticks": state.matchsticks[seat],
                "out": seat in state.out,
            }
            for seat, name in enumerate(state.players)
        }
        table = None
        if state.table is not None:
            table = {"value": state.table.value, "count": state.table.count, "by": state.players[state.table.by]}
        values = list(values_for(state.expansion))
        return {
            "players": players,
            "table": table,
            "reversed": state.reversed,
            "order": values[::-1] if state.reversed else values,
            "copies_played": dict(state.copies_played),
            "out_order": [state.players[seat] for seat in state.out],
            "passed": [name for seat, name in enumerate(state.players) if state.passed >> seat & 1],
            "expansion": state.expansion,
            "to_move": None if state.turn is None else state.players[state.turn],
        }

    def check_invariants(self, state: MatchstickState) -> list[str]:
        """What is wrong with a state; empty when all holds."""
        problems: list[str] = []
        n = len(state.players)
        copies = _COPIES[state.expansion]
        for card, played in state.copies_played.items():
            total = copies[card]
            if not 0 <= played <= total:
                problems.append(f"{played} copies of the {card} card played, but {total} exist")
        for seat, name in enumerate(state.players):
            if state.cards[seat] < 0:
                problems.append(f"{name} holds {state.cards[seat]} cards")
            if state.matchsticks[seat] < 0:
                problems.append(f"{name} has {state.matchsticks[seat]} matchsticks")
            if seat in state.out and (state.cards[seat] or state.matchsticks[seat]):
                problems.append(f"{name} is out with cards or matchsticks left")
        if sum(state.copies_played.values()) != sum(state.dealt) - sum(state.cards):
            problems.append("the cards played do not match the cards that left the hands")
        if sum(state.dealt) > deck_size(state.expansion):
            problems.append("more cards dealt than the deck holds")
        if len(set(state.out)) != len(state.out) or any(not 0 <= s < n for s in state.out):
            problems.append(f"the order of going out is broken: {state.out}")
        if state.turn is None:
            if len(state.out) != n - 1:
                problems.append(f"the game is over but only {len(state.out)} of {n - 1} players went out")
        else:
            if len(state.out) >= n - 1:
                problems.append("one player is left but the game goes on")
            if not 0 <= state.turn < n or state.turn in state.out:
                problems.append(f"seat {state.turn} is to move but is not in the game")
            elif state.cards[state.turn] == 0:
                problems.append(f"{state.players[state.turn]} is to move with no cards (should discard)")
        if state.table is not None:
            if not 1 <= state.table.count <= MAX_CARDS_PER_PLAY or not 0 <= state.table.by < n:
                problems.append(f"the table is broken: {state.table}")
            if state.passed >> state.table.by & 1:
                problems.append("the player who played last is marked as passed")
        elif state.passed:
            problems.append("passes recorded on an empty table")
        if state.passed >> n:
            problems.append("passes recorded for seats that do not exist")
        return problems


_COUNTS = {k: tuple(range(1, k + 1)) for k in range(MAX_CARDS_PER_PLAY + 1)}


def _multisets(
    candidates: list[tuple[str, int]], start: int, count: int, budget: int, left: Mapping[str, int]
) -> Iterator[tuple[str, ...]]:
    """Multisets of ``count`` card types from ``candidates[start:]`` (sorted by cost) within ``budget``."""
    if count == 0:
        yield ()
        return
    for index in range(start, len(candidates)):
        card, cost = candidates[index]
        if cost * 1 > budget:
            break
        for n in range(1, min(left[card], count) + 1):
            if n * cost > budget:
                break
            for rest in _multisets(candidates, index + 1, count - n, budget - n * cost, left):
                yield (card,) * n + rest


def _random_cards(
    played: dict[str, int],
    candidates: tuple[tuple[str, int, int], ...],
    count: int,
    budget: int,
    random_: Callable[[], float],
) -> tuple[str, ...]:
    """A random multiset of ``count`` cards from ``candidates`` (the ways to show one value, cheapest first) within
    ``budget``, in deck order; the pair (value, count) is known feasible.

    Invariant: the cheapest way to fill the remaining slots fits the budget. A card keeps it iff its cost plus the
    cheapest way to fill the other slots (``G_r``, copies as they stand) fits. Each slot picks uniformly among the
    cards that keep it.
    """
    taken = played.copy() if count > 1 else played  # the copies played, with the cards chosen so far
    chosen: list[str] = []
    for slot in range(count):
        rest = count - slot - 1
        limit = budget - (_min_cost(taken, candidates, rest, budget) or 0) if rest else budget
        options = []
        for candidate in candidates:
            card, cost, copies = candidate
            if cost > limit:
                break  # the candidates are cheapest first
            if taken[card] < copies:
                options.append(candidate)
        card, cost, _copies = options[int(random_() * len(options))]
        if rest:
            taken[card] += 1
        budget -= cost
        chosen.append(card)
    if count > 1:
        chosen.sort(key=_DECK_ORDER.__getitem__)
    return tuple(chosen)


# -- moving on: clearing, forced discards, going out, the end ----------------------------------------------------


def _go_out(state: MatchstickState, seat: int, events: list[Event]) -> None:
    """Rule (out): a player with no cards and no matchsticks goes out; players rank in the order they went out."""
    state.out.append(seat)
    state.passed &= ~(1 << seat)
    name, place, n = state.players[seat], len(state.out), len(state.players)
    events.append(
        Event(
            "out",
            lambda: _("{name} went out: place {place} of {n}").format(name=name, place=place, n=n),
            {"player": name, "place": place},
        )
    )


def _revolution_event(state: MatchstickState, seat: int) -> Event:
    name, reversed_, expansion = state.players[seat], state.reversed, state.expansion

    def message() -> str:
        order = order_text(reversed_, expansion)
        if reversed_:
            text = _("Revolution! {name} played 5 cards at once: the order is reversed, {order}")
        else:
            text = _("Revolution! {name} played 5 cards at once: the order is back to normal, {order}")
        return text.format(name=name, order=order)

    return Event("revolution", message, {"player": name, "reversed": reversed_})


def _clear_event(leader: str, by: str, by_is_out: bool) -> Event:
    def message() -> str:
        if by_is_out:
            text = _("Everyone passed and {by} is out: the table is cleared and {name} leads")
        else:
            text = _("Everyone else passed: the table is cleared and {name} leads")
        return text.format(name=leader, by=by)

    return Event("clear", message, {"leader": leader})


def _discard_event(name: str, left: int) -> Event:
    return Event(
        "discard",
        lambda: _("{name} has no cards left and discards a matchstick ({left} left)").format(name=name, left=left),
        {"player": name, "matchsticks": left},
    )


def _advance(state: MatchstickState, seat: int, events: list[Event]) -> None:
    """Move the turn on after ``seat`` acted, applying what the referee does by itself.

    * end: when one player is left the game ends, that player ranked last.
    * clear: when everyone still in except the player who played last has passed (or discarded) since that play,
      the table is cleared and that player leads; ruling: if they have gone out, the next player still in,
      clockwise, leads.
    * discard: a player with no cards but with matchsticks discards one instead of playing — forced, no
      matchstick taken, and it counts as not playing for clearing; with no matchstick left they go out.
    """
    players = state.players
    last = len(players) - 1
    out = state.out
    turn = seat
    while True:
        if len(out) >= last:
            _end(state, events)
            return
        table = state.table
        # with no pass since the play, someone else is still to act (one player left was checked above)
        if table is not None and state.passed and _everyone_else_passed(state, table.by):
            by = table.by
            by_is_out = by in out
            turn = state.next_in_game(by) if by_is_out else by
            state.table = None
            state.passed = 0
            events.append(_clear_event(players[turn], players[by], by_is_out))
        else:
            turn = state.next_in_game(turn)
        if state.cards[turn] > 0:
            state.turn = turn
            return
        # forced discard
        state.matchsticks[turn] -= 1
        left = state.matchsticks[turn]
        events.append(_discard_event(players[turn], left))
        if state.table is not None:
            state.passed |= 1 << turn
        if left == 0:
            _go_out(state, turn, events)


def _everyone_else_passed(state: MatchstickState, by: int) -> bool:
    """Everyone still in except ``by`` has passed (or discarded) since ``by`` played."""
    waiting = ~state.passed & ~(1 << by) & ((1 << len(state.players)) - 1)  # bit sets of seats
    for seat in state.out:
        waiting &= ~(1 << seat)
    return not waiting


def _end(state: MatchstickState, events: list[Event]) -> None:
    """Rule (end): play goes on until one player is left; that player ranks last."""
    state.turn = None
    state.table = None
    state.passed = 0
    ranking = [state.players[seat] for seat in state.ranking()]
    events.append(
        Event(
            "end",
            lambda: _("The game is over: {ranking}").format(
                ranking=", ".join(f"{place}. {name}" for place, name in enumerate(ranking, start=1))
            ),
            {"ranking": ranking, "winner": ranking[0]},
        )
    )


RULES = MatchstickRules()
"""The rules object the engine and the CLI use."""
