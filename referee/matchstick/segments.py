"""The 7-segment shapes of Matchstick Tycoon, the physical cards, and what matchsticks can make of them.

Segments are named as on any 7-segment display::

     a          a top, b upper right, c lower right, d bottom,
    f b         e lower left, f upper left, g middle
     g
    e c
     d

Rule (reference "Segments"): a card can be shown as value V when its segments, upright or turned over (180°), are a
subset of V's segments; the cost is the number of segments added, ``|V| - |card|``, the same whichever way up.
Matchsticks only add, never remove. Ruling: the result must be exactly one of the game's glyphs, and a card is never
mirrored. The transformation table below is *computed* from the shapes, never typed in.

Names: values are written as printed on the cards, ``0``–``9``, ``A b C d E F`` (and ``G H`` with the expansion);
reading is case-insensitive. The two double-faced cards are ``3/E`` (3 one way up, E the other) and ``6/9``; a card
may be named by either face (``3`` or ``E``, ``6`` or ``9``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from referee.errors import NotationError
from referee.i18n import _, ngettext

SEGMENTS = "abcdefg"
"""The seven segments, in the usual order."""


def segment_name(segment: str) -> str:
    """The position of a segment in words (``a`` → ``top``)."""
    names = {
        "a": _("top"),
        "b": _("upper right"),
        "c": _("lower right"),
        "d": _("bottom"),
        "e": _("lower left"),
        "f": _("upper left"),
        "g": _("middle"),
    }
    return names[segment]


_TURN = {"a": "d", "b": "e", "c": "f", "d": "a", "e": "b", "f": "c", "g": "g"}
"""The 180° turn: a↔d, b↔e, c↔f, g↔g."""

_MIRROR = {"a": "a", "b": "f", "c": "e", "d": "d", "e": "c", "f": "b", "g": "g"}
"""A left–right mirror (b↔f, c↔e): not allowed by the ruling, used only to explain refusals."""

BASE_VALUES: tuple[str, ...] = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "b", "C", "d", "E", "F")
"""The sixteen values of the base game, weakest first in the normal order."""

EXPANSION_VALUES: tuple[str, ...] = ("G", "H")
"""Ruling: the expansion's values rank above F (…, E, F, G, H)."""

ALL_VALUES: tuple[str, ...] = BASE_VALUES + EXPANSION_VALUES

SHAPES: dict[str, frozenset[str]] = {
    value: frozenset(segments)
    for value, segments in {
        "0": "abcdef",
        "1": "bc",
        "2": "abdeg",
        "3": "abcdg",
        "4": "bcfg",
        "5": "acdfg",
        "6": "acdefg",
        "7": "abc",
        "8": "abcdefg",
        "9": "abcdfg",
        "A": "abcefg",
        "b": "cdefg",
        "C": "adef",
        "d": "bcdeg",
        "E": "adefg",
        "F": "aefg",
        "G": "acdef",  # Ruling: the standard 7-segment G
        "H": "bcefg",  # Ruling: the standard 7-segment H
    }.items()
}
"""The segments lit by each value (reference table; G and H by ruling)."""

BASE_CARDS: tuple[str, ...] = ("0", "1", "2", "3/E", "4", "5", "6/9", "7", "8", "A", "b", "C", "d", "F")
"""The 14 physical card types of the base game (4 copies each = 56 cards)."""

EXPANSION_CARDS: tuple[str, ...] = ("G", "H")
"""The expansion's card types (2 or 4 copies each)."""

ALL_CARDS: tuple[str, ...] = BASE_CARDS + EXPANSION_CARDS

BASE_COPIES = 4
EXPANSIONS: tuple[int, ...] = (0, 2, 4)
"""The copies of each expansion card (G, H) a game may have: none, 2 or 4."""
"""Copies of each base card type."""

FACES: dict[str, tuple[str, ...]] = {card: tuple(card.split("/")) for card in ALL_CARDS}
"""The faces of each card type, the upright face first (``3/E`` → ``("3", "E")``)."""

CARD_OF_FACE: dict[str, str] = {face: card for card, faces in FACES.items() for face in faces}
"""The physical card that shows a face (``E`` → ``3/E``)."""


def turned(shape: frozenset[str]) -> frozenset[str]:
    """A shape turned over (180°): a↔d, b↔e, c↔f, g↔g."""
    return frozenset(_TURN[s] for s in shape)


def mirrored(shape: frozenset[str]) -> frozenset[str]:
    """A shape mirrored left–right (not allowed; for explanations only)."""
    return frozenset(_MIRROR[s] for s in shape)


def values_for(expansion: int) -> tuple[str, ...]:
    """The values of a game, weakest first in the normal order."""
    return ALL_VALUES if expansion else BASE_VALUES


def cards_for(expansion: int) -> tuple[str, ...]:
    """The physical card types of a game."""
    return ALL_CARDS if expansion else BASE_CARDS


def copies_of(card: str, expansion: int) -> int:
    """How many copies of a card type exist: 4, or the expansion's count for G and H (0 without it)."""
    if card in EXPANSION_CARDS:
        return expansion
    return BASE_COPIES


@cache
def deck_size(expansion: int) -> int:
    """56 cards, plus 2 × 2 or 2 × 4 with the expansion."""
    return sum(copies_of(card, expansion) for card in cards_for(expansion))


# -- parsing names ---------------------------------------------------------------------------------------------

_VALUE_BY_KEY: dict[str, str] = {v.lower(): v for v in ALL_VALUES}
_FACE_BY_KEY: dict[str, str] = {f.lower(): f for f in CARD_OF_FACE}
_CARD_BY_KEY: dict[str, str] = {
    **{f.lower(): CARD_OF_FACE[f] for f in CARD_OF_FACE},
    **{c.lower(): c for c in ALL_CARDS},
}


def parse_value(text: str, expansion: int = 4) -> str:
    """A value from its name, case-insensitively (``b`` or ``B`` → ``b``). Raises NotationError."""
    value = _VALUE_BY_KEY.get(text.strip().lower())
    if value is None:
        raise NotationError(
            _("unknown value '{text}': use one of {values}").format(text=text, values=" ".join(ALL_VALUES))
        )
    if value in EXPANSION_VALUES and not expansion:
        raise NotationError(_("{value} exists only with the expansion (--expansion 2 or 4)").format(value=value))
    return value


def parse_face(text: str, expansion: int = 4) -> str:
    """A card face (``3``, ``E``, ``6``, ``9``, ``A``…), case-insensitively. Raises NotationError."""
    face = _FACE_BY_KEY.get(text.strip().lower())
    if face is None:
        card = _CARD_BY_KEY.get(text.strip().lower())
        if card is None:
            raise NotationError(_("unknown card '{text}': use one of {cards}").format(text=text, cards=_cards_text()))
        face = FACES[card][0]
    if face in EXPANSION_VALUES and not expansion:
        raise NotationError(_("the {face} card exists only with the expansion (--expansion 2 or 4)").format(face=face))
    return face


def parse_card(text: str, expansion: int = 4) -> str:
    """A physical card type from a face or its full name (``E``, ``3`` or ``3/E`` → ``3/E``). Raises NotationError."""
    return CARD_OF_FACE[parse_face(text, expansion)]


def _cards_text() -> str:
    return " ".join(ALL_CARDS)


# -- transformations ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transformation:
    """How a card face becomes a value: the matchsticks it costs, whether it is turned over, which segments are added.

    ``turned_over`` is relative to the face the card is held by (for a physical card, its upright face: 3 for the
    3/E card, 6 for the 6/9 card). ``added`` lists the segments the matchsticks fill, in ``abcdefg`` order.
    """

    face: str
    value: str
    cost: int
    turned_over: bool
    added: tuple[str, ...]

    @property
    def card(self) -> str:
        """The physical card type."""
        return CARD_OF_FACE[self.face]

    @property
    def added_names(self) -> list[str]:
        """The added segments by position (``top``, ``middle``, …)."""
        return [segment_name(s) for s in self.added]

    def describe(self) -> str:
        """In words: ``turn it over and add the top and middle (2 matchsticks)``."""
        if not self.added:
            return _("turn it over (no matchstick)") if self.turned_over else _("as it is (no matchstick)")
        places = ", ".join(self.added_names)
        if self.turned_over:
            text = _("turn it over and add {places}").format(places=places)
        else:
            text = _("add {places}").format(places=places)
        sticks = ngettext("{n} matchstick", "{n} matchsticks", self.cost).format(n=self.cost)
        return f"{text} ({sticks})"


def ways(face: str, value: str) -> list[Transformation]:
    """Every way a card held by ``face`` can show ``value``: as it is and/or turned over (never mirrored).

    When turning a card over gives the same shape (0, 8), only the upright way is listed.
    """
    shape, target = SHAPES[face], SHAPES[value]
    found = []
    for is_turned, candidate in ((False, shape), (True, turned(shape))):
        if is_turned and candidate == shape:
            continue
        if candidate <= target:
            added = tuple(s for s in SEGMENTS if s in target and s not in candidate)
            found.append(Transformation(face, value, len(added), is_turned, added))
    return found


def transform_face(face: str, value: str) -> Transformation | None:
    """The way a face shows a value (upright preferred), or None when it never can."""
    found = ways(face, value)
    return found[0] if found else None


def _build_table() -> dict[str, dict[str, Transformation]]:
    table: dict[str, dict[str, Transformation]] = {}
    for card in ALL_CARDS:
        row: dict[str, Transformation] = {}
        for value in ALL_VALUES:
            # a card may be held by either face; the upright face is preferred when both work
            for face in FACES[card]:
                way = transform_face(face, value)
                if way is not None:
                    row[value] = way
                    break
        table[card] = row
    return table


TABLE: dict[str, dict[str, Transformation]] = _build_table()
"""Physical card → value → the (preferred) transformation; a missing value means the card can never show it."""

COST: dict[tuple[str, str], int] = {(card, value): t.cost for card, row in TABLE.items() for value, t in row.items()}
"""(physical card, value) → matchsticks; absent when impossible."""


def transformation(card: str, value: str) -> Transformation | None:
    """For a physical card type (``3/E``) and a value: None, or the cost, whether turned over and segments added.

    ``turned_over`` is relative to the card's upright face: ``transformation("6/9", "9")`` is the 6 face turned over
    at no cost. Use :func:`transform_face` for a turn relative to another face.
    """
    return TABLE[card].get(value)


def becomes(face: str, expansion: int = 4) -> list[Transformation]:
    """All values a card held by ``face`` can become, cheapest first, then weakest first (for ``shapes CARD``)."""
    result = [w for value in values_for(expansion) for w in ways(face, value)[:1]]
    order = {v: i for i, v in enumerate(ALL_VALUES)}
    return sorted(result, key=lambda t: (t.cost, order[t.value]))


def makers(value: str, expansion: int = 4) -> list[Transformation]:
    """Every card that can show ``value``, by face and way, cheapest first (for ``shapes --into VALUE``)."""
    result = [
        way
        for card in cards_for(expansion)
        for face in FACES[card]
        for way in ways(face, value)
        # on a double-faced card "3 turned over" is "E as it is": list each face as it is
        if not (way.turned_over and len(FACES[card]) > 1)
    ]
    return sorted(result, key=lambda t: (t.cost, ALL_CARDS.index(t.card), t.turned_over))


# -- drawing -----------------------------------------------------------------------------------------------------

_SMALL = (
    ((1, "a", "_"),),
    ((0, "f", "|"), (1, "g", "_"), (2, "b", "|")),
    ((0, "e", "|"), (1, "d", "_"), (2, "c", "|")),
)
_LARGE = (
    ((1, "a", "___"),),
    ((0, "f", "|"), (4, "b", "|")),
    ((0, "f", "|"), (1, "g", "___"), (4, "b", "|")),
    ((0, "e", "|"), (4, "c", "|")),
    ((0, "e", "|"), (1, "d", "___"), (4, "c", "|")),
)


def draw_cells(shape: str | frozenset[str], *, large: bool = False) -> list[list[tuple[str, str | None]]]:
    """A shape as rows of (text, segment or None) pieces, so a caller can colour each segment.

    ``shape`` is a value (``"8"``) or a set of segments. Pieces join to the lines of :func:`draw`.
    """
    segments = SHAPES[shape] if isinstance(shape, str) else shape
    layout, width = (_LARGE, 5) if large else (_SMALL, 3)
    rows = []
    for row in layout:
        pieces: list[tuple[str, str | None]] = []
        column = 0
        for start, segment, text in row:
            if start > column:
                pieces.append((" " * (start - column), None))
            pieces.append((text if segment in segments else " " * len(text), segment if segment in segments else None))
            column = start + len(text)
        if column < width:
            pieces.append((" " * (width - column), None))
        rows.append(pieces)
    return rows


def draw(shape: str | frozenset[str], *, large: bool = False) -> list[str]:
    """A shape as 7-segment ASCII art: 3 lines of 3 characters, or 5 lines of 5 with ``large``.

    >>> draw("8")
    [' _ ', '|_|', '|_|']
    """
    return ["".join(text for text, _segment in row) for row in draw_cells(shape, large=large)]


@cache
def order_text(reversed_: bool, expansion: int) -> str:
    """The strength order in words, weakest first: ``0 < 1 < … < F`` (or reversed after a revolution)."""
    values = values_for(expansion)
    return " < ".join(reversed(values) if reversed_ else values)
