"""The rules of Matchstick Tycoon: setup, judging, applying, the end and the score.

Each rule lives in one place and cites its rulebook topic (``referee matchstick rules TOPIC``):

* ``deal``        — :func:`deal_sizes`, :meth:`MatchstickRules.new_state`
* ``pass``        — :meth:`MatchstickRules.judge_pass`, :meth:`MatchstickRules.apply_pass`
* ``lead``/``follow``/``strength``/``transform``/``copies``/``expansion`` — :meth:`MatchstickRules.judge_play`
  (with :func:`stronger_values` and :func:`play_cost`)
* ``revolution``  — :meth:`MatchstickRules.apply_play`
* ``clear``/``discard``/``out``/``end`` — :meth:`MatchstickRules.move_on`, :meth:`MatchstickRules.go_out`,
  :meth:`MatchstickRules.end_game`

The legal actions, random self-play and the menus' choices come from the fast generator in
:mod:`referee.matchstick.sampler`, which a property test checks against :meth:`MatchstickRules.judge`.

Scores (a decision of this referee, documented in the ``end`` topic): a player who went out scores one point per
player who went out after them or is still in; a player still in scores 0. The winner is the first player out,
once the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.errors import SetupError
from referee.i18n import _, ngettext
from referee.matchstick import sampler
from referee.matchstick.actions import MAX_CARDS_PER_PLAY, Action, Pass, Play, card_face, format_action, parse_action
from referee.matchstick.segments import (
    COST,
    EXPANSIONS,
    FACES,
    SHAPES,
    TABLE,
    copies_of,
    deck_size,
    mirrored,
    order_text,
    turned,
    values_for,
)
from referee.matchstick.state import MatchstickState, Table, empty_copies

__all__ = [
    "MAX_CARDS_PER_PLAY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "REVOLUTION",
    "RULES",
    "MatchstickRules",
    "check_players",
    "deal_sizes",
    "play_cost",
    "stronger_values",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
SMALL_DEAL = 15
"""2–3 players get 15 cards each; 4–8 players share the whole deck."""
STARTING_MATCHSTICKS = 1
REVOLUTION = 5
"""Rule (revolution): 5 cards played at once reverse the strength order."""

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


def check_players(players: list[str]) -> None:
    """Rule (deal): 2 to 8 players, each with a name of their own. Raises :class:`SetupError`."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(_("Matchstick Tycoon is for 2 to 8 players, not {n}").format(n=len(players)))
    if any(not isinstance(name, str) or not name.strip() for name in players):
        raise SetupError(_("every player needs a name"))
    if len(set(players)) != len(players):
        raise SetupError(_("two players have the same name: {names}").format(names=", ".join(map(repr, players))))


def _read_setup(players: list[str], setup: Mapping[str, Any]) -> tuple[int, list[int]]:
    check_players(players)
    unknown = sorted(set(setup) - _SETUP_KEYS)
    if unknown:
        raise SetupError(
            ngettext(
                "unknown matchstick setup key: {keys} (known: expansion, deal_all, hand_sizes)",
                "unknown matchstick setup keys: {keys} (known: expansion, deal_all, hand_sizes)",
                len(unknown),
            ).format(keys=", ".join(map(repr, unknown)))
        )
    expansion = setup.get("expansion", 0)
    if expansion is None:
        expansion = 0
    if isinstance(expansion, bool) or not isinstance(expansion, int) or expansion not in EXPANSIONS:
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
            ngettext(
                "hand_sizes deal {total} card but the deck has only {deck}",
                "hand_sizes deal {total} cards but the deck has only {deck}",
                sum(sizes),
            ).format(total=sum(sizes), deck=deck)
        )
    return expansion, list(sizes)


# -- what a play is worth ----------------------------------------------------------------------------------------


def stronger_values(state: MatchstickState) -> tuple[str, ...]:
    """The values that beat the table, weakest first as the order stands (every value on an empty table).

    Rule (strength): ``0 < 1 < … < 9 < A < b < C < d < E < F`` (then ``G < H`` with the expansion); after a
    revolution the order is reversed.
    """
    order = values_for(state.expansion)
    if state.reversed:
        order = order[::-1]
    if state.table is None:
        return order
    return order[order.index(state.table.value) + 1 :]


def play_cost(play: Play) -> int:
    """Rule (transform): the matchsticks a play takes — for each card, those added to show the value (none when it
    shows it as printed, upright or turned over)."""
    value, cost = play.value, 0
    for card in play.cards:
        cost += COST[card, value]
    return cost


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


def _count_verdict(table: Table, by: str) -> Verdict:
    return Verdict(
        False,
        "follow",
        ngettext(
            "the table holds {cards} played by {by}: follow with exactly {n} card, or pass",
            "the table holds {cards} played by {by}: follow with exactly {n} cards, or pass",
            table.count,
        ).format(cards=_cards_text(table.count, table.value), by=by, n=table.count),
    )


def _strength_verdict(state: MatchstickState, value: str, table: Table) -> Verdict:
    order = order_text(state.reversed, state.expansion)
    if state.reversed:
        reason = _("{value} is not stronger than {table}: the order is reversed, {order}")
    else:
        reason = _("{value} is not stronger than {table}: the order is {order}")
    return Verdict(False, "strength", reason.format(value=value, table=table.value, order=order))


def _shape_verdict(card: str, value: str) -> Verdict:
    ruling = _("Ruling: a card may be turned over but never mirrored.") if _could_mirror(card, value) else None
    return Verdict(
        False,
        "transform",
        _(
            "a {card} card can never show {value}: upright or turned over, its segments are not all "
            "in {value}, and matchsticks only add"
        ).format(card=card, value=value),
        ruling,
    )


# -- the rules ---------------------------------------------------------------------------------------------------


class MatchstickRules(RulesBase[MatchstickState, Action]):
    """The pure rules of Matchstick Tycoon (implements :class:`referee.engine.Rules`)."""

    name = "matchstick"

    def setup_summary(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        """The expansion played with (0, 2 or 4 extra cards)."""
        return {"expansion": state["expansion"]} if "expansion" in state else {}

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
        match action:
            case Pass():
                return self.judge_pass(state, state.turn)
            case Play():
                return self.judge_play(state, state.turn, action)
            case _:
                return Verdict(False, "notation", _("not a matchstick action: {action!r}").format(action=action))

    def judge_pass(self, state: MatchstickState, seat: int) -> Verdict:
        """Rule (pass): a player may pass instead of beating the table, and takes a matchstick; rule (lead): the
        leader, on an empty table, must play."""
        name = state.players[seat]
        if state.table is None:
            return Verdict(
                False,
                "lead",
                _("{name} leads on an empty table and must play 1 to 5 cards: no passing").format(name=name),
            )
        return Verdict(True, "pass", _("{name} passes and takes a matchstick").format(name=name))

    def judge_play(self, state: MatchstickState, seat: int, play: Play) -> Verdict:
        """Rules (lead, follow, strength, copies, transform, expansion): a play is 1 to 5 cards the player holds,
        all showing one value of the game. On an empty table any such play leads; otherwise it follows with
        exactly as many cards as the table holds, showing a stronger value. Each card shows the value upright or
        turned over, never mirrored, with matchsticks added (never taken away); the player pays the matchsticks
        from their own; no more copies of a card are played than the game has."""
        name, table = state.players[seat], state.table
        value, count = play.value, len(play.cards)
        topic = "lead" if table is None else "follow"
        if value not in values_for(state.expansion):
            return Verdict(False, "expansion", _("{value} exists only with the expansion").format(value=value))
        if not 1 <= count <= MAX_CARDS_PER_PLAY:
            return Verdict(False, topic, _("a play has 1 to 5 cards, not {n}").format(n=count))
        if table is not None:
            if count != table.count:
                return _count_verdict(table, state.players[table.by])
            if value not in stronger_values(state):
                return _strength_verdict(state, value, table)
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
                return _shape_verdict(card, value)
        for card, n in cards.items():
            played, total = state.copies_played[card], copies_of(card, state.expansion)
            if played + n > total:
                return Verdict(
                    False,
                    "copies",
                    _(
                        "copies of the {card} card in the deck: {total}; played already: {played}; this play needs {n}"
                    ).format(total=total, card=card, played=played, n=n),
                )
        cost, have = play_cost(play), state.matchsticks[seat]
        if cost > have:
            return Verdict(
                False,
                "transform",
                _("showing {value} this way costs {cost} ({detail}) but {name} has {have}").format(
                    value=value, cost=_sticks(cost), detail=_cost_text(play), name=name, have=_sticks(have)
                ),
            )
        return self._play_verdict(state, seat, play, cost)

    def _play_verdict(self, state: MatchstickState, seat: int, play: Play, cost: int) -> Verdict:
        """The words for a legal play: a lead, a follow, or a revolution."""
        name, table = state.players[seat], state.table
        what = _cards_text(len(play.cards), play.value)
        if cost:
            detail = _("{what} ({detail}: {cost})").format(what=what, detail=_cost_text(play), cost=_sticks(cost))
        else:
            detail = what
        if len(play.cards) == REVOLUTION:
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
        """Apply a legal action in place; return what the referee announces. Then the turn moves on
        (:meth:`move_on`)."""
        seat = state.turn
        assert seat is not None, "no action after the end of the game"
        events: list[Event] = []
        match action:
            case Pass():
                self.apply_pass(state, seat)
            case Play():
                self.apply_play(state, seat, action, events)
        self.move_on(state, seat, events)
        return events

    def apply_pass(self, state: MatchstickState, seat: int) -> None:
        """Rule (pass): the player takes 1 matchstick from the supply; the pass counts towards clearing."""
        state.matchsticks[seat] += 1
        state.passed |= 1 << seat

    def apply_play(self, state: MatchstickState, seat: int, play: Play, events: list[Event]) -> None:
        """Rules (lead, follow, revolution, out): the cards leave the hand and lie on the table, the matchsticks are
        spent, the copies are counted; 5 cards reverse the strength order; a player left with no cards and no
        matchsticks goes out."""
        value, cards = play.value, play.cards
        count = len(cards)
        played = state.copies_played
        for card in cards:
            played[card] += 1
        state.cards[seat] -= count
        state.matchsticks[seat] -= play_cost(play)
        state.table = sampler.shared_table(value, count, seat)
        state.passed = 0
        if count == REVOLUTION:
            state.reversed = not state.reversed
            events.append(_revolution_event(state, seat))
        if state.cards[seat] == 0 and state.matchsticks[seat] == 0:
            self.go_out(state, seat, events)

    # -- moving on: clearing, forced discards, going out, the end ------------------------------------------------
    def move_on(self, state: MatchstickState, seat: int, events: list[Event]) -> None:
        """Move the turn on after ``seat`` acted, applying what the referee does by itself.

        * end: when one player is left the game ends, that player ranked last.
        * clear: when everyone still in except the player who played last has passed (or discarded) since that
          play, the table is cleared and that player leads; ruling: if they have gone out, the next player still
          in, clockwise, leads.
        * discard: a player with no cards but with matchsticks discards one instead of playing — forced, no
          matchstick taken, and it counts as not playing for clearing; with no matchstick left they go out.
        """
        players = state.players
        last = len(players) - 1
        out = state.out
        turn = seat
        while True:
            if len(out) >= last:
                self.end_game(state, events)
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
                self.go_out(state, turn, events)

    def go_out(self, state: MatchstickState, seat: int, events: list[Event]) -> None:
        """Rule (out): a player with no cards and no matchsticks goes out; players rank in the order they went
        out."""
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

    def end_game(self, state: MatchstickState, events: list[Event]) -> None:
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

    # -- legal actions and self-play ---------------------------------------------------------------------------
    def legal_actions(self, state: MatchstickState) -> Iterator[Action]:
        """Every legal action: pass (when following), then each (value, multiset of card types) that the copies
        not yet played, the player's card count and matchsticks allow (the fast generator of
        :mod:`referee.matchstick.sampler`)."""
        return sampler.legal_actions(state)

    def random_action(self, state: MatchstickState, rng: random.Random) -> Action:
        """A random legal action, drawn without listing them all (:func:`referee.matchstick.sampler.random_action`):
        uniform over pass and the feasible (value, count) pairs, then over the cards for the pair."""
        return sampler.random_action(state, rng)

    def self_play_action(self, state: MatchstickState, rng: random.Random) -> Action:
        """Random self-play takes a random legal action (:meth:`random_action`; called here without the detour)."""
        return sampler.random_action(state, rng)

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
        for card, played in state.copies_played.items():
            total = copies_of(card, state.expansion)
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


# -- the referee's announcements -----------------------------------------------------------------------------------


def _everyone_else_passed(state: MatchstickState, by: int) -> bool:
    """Everyone still in except ``by`` has passed (or discarded) since ``by`` played."""
    waiting = ~state.passed & ~(1 << by) & ((1 << len(state.players)) - 1)  # bit sets of seats
    for seat in state.out:
        waiting &= ~(1 << seat)
    return not waiting


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


RULES = MatchstickRules()
"""The rules as the contract every game keeps (:class:`referee.engine.Rules`): mypy strict names any method of it
the class lacks, or has with another signature."""
"""The rules object the engine and the CLI use."""
