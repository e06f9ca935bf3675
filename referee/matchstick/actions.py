"""The two actions of Matchstick Tycoon and their notation.

Notation (contract): ``play V c1 c2 …`` — first the value shown, then each physical card played — and ``pass``.
Reading is case-insensitive; the 3/E card may be written ``3`` or ``E`` (also ``3/E``), the 6/9 card ``6`` or ``9``.

Canonical text (what records hold), decided here: ``play`` then the value as printed (``A b C d E F``), then the
cards in deck order (0 1 2 3/E 4 5 6/9 7 8 A b C d F G H), each double-faced card written by the face that is
upright as it is played — ``E`` when the 3/E card is turned to show its E side (``play E E``, ``play 6 E``),
otherwise ``3`` (``play 9 3``, ``play 8 3``); likewise ``9`` or ``6``.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import NotationError
from referee.i18n import _
from referee.matchstick.segments import ALL_CARDS, ALL_VALUES, CARD_OF_FACE, FACES, TABLE, parse_card, parse_value

MAX_CARDS_PER_PLAY = 5
"""Rule (lead): a play is 1 to 5 cards all showing one value."""

_CARD_ORDER = {card: i for i, card in enumerate(ALL_CARDS)}
_VALUE_KEY = {**{v.lower(): v for v in ALL_VALUES}, **{v: v for v in ALL_VALUES}}
_CARD_KEY = {**{c: c for c in ALL_CARDS}, **CARD_OF_FACE}


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``cards`` (physical card types, a multiset) all showing ``value``.

    The value may be written in any case (``"e"`` → ``"E"``). Cards may be given by face (``"E"``, ``"9"``);
    they are stored as card types (``"3/E"``, ``"6/9"``) in deck order, so two plays of the same cards compare
    equal whatever order they were written in.
    """

    value: str
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        value = _VALUE_KEY.get(self.value) or _VALUE_KEY.get(str(self.value).lower())
        if value is None:
            raise ValueError(f"unknown value {self.value!r}")
        if value != self.value:
            object.__setattr__(self, "value", value)
        try:
            cards = tuple(sorted((_CARD_KEY[c] for c in self.cards), key=_CARD_ORDER.__getitem__))
        except KeyError as error:
            raise ValueError(f"unknown card {error}") from None
        if cards != self.cards:
            object.__setattr__(self, "cards", cards)

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass and take a matchstick (not allowed when leading)."""


PASS = Pass()

Action = Play | Pass


def parse_action(text: str, expansion: int) -> Action:
    """An action from its notation. Raises NotationError (one line) for anything unreadable."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(_("empty action: write 'play VALUE CARD…' or 'pass'"))
    verb = words[0].lower()
    if verb == "pass":
        if len(words) > 1:
            raise NotationError(_("'pass' takes nothing after it: '{text}'").format(text=text.strip()))
        return PASS
    if verb != "play":
        raise NotationError(
            _("unknown action '{text}': write 'play VALUE CARD…' (e.g. 'play 8 0 4') or 'pass'").format(
                text=text.strip()
            )
        )
    if len(words) < 2:
        raise NotationError(_("'play' needs a value and 1 to 5 cards, e.g. 'play 8 0 4'"))
    value = parse_value(words[1], expansion)
    cards = [parse_card(word, expansion) for word in words[2:]]
    if not 1 <= len(cards) <= MAX_CARDS_PER_PLAY:
        raise NotationError(
            _("'play {value}' needs 1 to 5 cards after the value, not {n}").format(value=value, n=len(cards))
        )
    return Play(value, tuple(cards))


def card_face(card: str, value: str) -> str:
    """How a card is written in a play showing ``value``: the face upright as played (``E`` for 3/E shown as E)."""
    faces = FACES[card]
    if len(faces) == 1:
        return faces[0]
    way = TABLE[card].get(value)
    return faces[1] if way is not None and way.turned_over else faces[0]


def format_action(action: Action) -> str:
    """The canonical notation of an action (see the module docstring)."""
    if isinstance(action, Pass):
        return "pass"
    return " ".join(["play", action.value, *(card_face(card, action.value) for card in action.cards)])
