"""Matchstick Tycoon hints: the plays a private hand allows now, with their matchstick cost.

The referee never sees hands; the player types their own. The hand is checked against what the referee knows (how
many cards the player holds, how many copies of each card are still unplayed), then every legal play made only of
cards in the hand is listed, cheapest first. Uses only the public rules (``RULES.legal_actions``, ``judge``,
``play_cost``). Pure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.matchstick.actions import Play
from referee.matchstick.rules import REVOLUTION, RULES, play_cost, stronger_values
from referee.matchstick.segments import FACES, copies_of, parse_card
from referee.matchstick.state import MatchstickState


@dataclass(frozen=True, slots=True)
class HandPlay:
    """A legal play from the hand: the action, its notation, its cost in matchsticks, and whether it revolts."""

    action: Play
    notation: str
    cost: int
    revolution: bool


def parse_hand(text: str, state: MatchstickState) -> Counter[str]:
    """The hand of the player to move, as card types. Raises NotationError or InputError when it cannot be theirs."""
    seat = state.turn
    if seat is None:
        raise InputError(_("the game is over: there is nothing to hint"))
    tokens = text.replace(",", " ").split()
    hand = Counter(parse_card(token, state.expansion) for token in tokens)
    held = state.cards[seat]
    name = state.players[seat]
    if sum(hand.values()) != held:
        raise InputError(
            ngettext(
                "--hand lists {given} card, but {name} holds {held}",
                "--hand lists {given} cards, but {name} holds {held}",
                sum(hand.values()),
            ).format(given=sum(hand.values()), name=name, held=held)
        )
    for card, count in sorted(hand.items()):
        left = copies_of(card, state.expansion) - state.copies_played[card]
        if count > left:
            raise InputError(
                ngettext(
                    "--hand has {count} × {card}, but only {left} of its copies is still unplayed ({total} in all)",
                    "--hand has {count} × {card}, but only {left} of its copies are still unplayed ({total} in all)",
                    left,
                ).format(count=count, card="/".join(FACES[card]), left=left, total=copies_of(card, state.expansion))
            )
    return hand


def hand_plays(state: MatchstickState, hand: Counter[str]) -> list[HandPlay]:
    """Every legal play made of cards in ``hand`` (that beats the table, or leads), cheapest first; among equal
    costs the weaker value first (the stronger cards are kept), then fewer cards."""
    strength = {value: rank for rank, value in enumerate(stronger_values(state))}
    found: list[HandPlay] = []
    for action in RULES.legal_actions(state):
        if not isinstance(action, Play):
            continue
        needed = Counter(action.cards)
        if any(hand[card] < n for card, n in needed.items()):
            continue
        if not RULES.judge(state, action).legal:  # the rules have the last word
            continue
        found.append(HandPlay(action, RULES.format(action, state), play_cost(action), len(action.cards) == REVOLUTION))
    found.sort(key=lambda play: (play.cost, strength[play.action.value], len(play.action.cards), play.notation))
    return found
