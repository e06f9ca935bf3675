"""The catalogue of The Builders: Middle Ages — all 84 cards, loaded once from ``cards.toml``.

Facts [CARDS]: 34 buildings (B01–B34) and 8 machines (M01–M08) make the building deck; 42 workers (W01–W42):
6 Apprentices (cost 2), 12 Laborers (3), 16 Craftsmen (4), 8 Masters (5), each producing as many resources as it
costs. A machine, once built, is also a worker: it produces what its worker side shows and costs 0 écus.
Resources are always in the order stone, wood, knowledge, tile.

Cards are found by id (``B12``, ``b12``, ``B7`` → ``B07``), by French name (as printed on the French edition), by
English name (an unofficial, unverified transcription, for English-edition players) — case-insensitively and
ignoring accents and the kind of apostrophe (``l'etable`` finds ``L'étable``) — or by what the card shows: its four
numbers in the order stone, wood, knowledge, tile (``2 2 0 3``: a building's or machine's requirements, a worker's
skills). Machines share their French name between levels (``Une grue`` is M01 and M05), workers are named only by
their type, and several cards may show the same numbers, so a name may match several cards: :func:`candidates`
lists them, :func:`lookup` refuses an ambiguous name.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal, NamedTuple

from referee.errors import NotationError
from referee.i18n import N_, _

Kind = Literal["building", "machine", "worker"]
RESOURCES = (N_("stone"), N_("wood"), N_("knowledge"), N_("tile"))
"""The four resources, in the cards' order (English ids; ``_()`` them to show them)."""
KIND_NAMES = (N_("building"), N_("machine"), N_("worker"))
WORKER_TYPES = (N_("Apprentice"), N_("Laborer"), N_("Craftsman"), N_("Master"))
"""The workers' English names, by role (``_(card.name_en)`` shows a worker's in the player's language)."""
"""The kinds of card as words (``_(kind)`` shows one), marked here for the catalogues."""


class Resources(NamedTuple):
    """An amount of each resource, in the cards' order."""

    stone: int = 0
    wood: int = 0
    knowledge: int = 0
    tile: int = 0

    def covers(self, required: Resources) -> bool:
        """True when every resource meets or exceeds ``required``."""
        return all(have >= need for have, need in zip(self, required, strict=True))

    def describe(self) -> str:
        """``2 stone, 1 tile`` (zeros left out)."""
        parts = [f"{n} {_(name)}" for n, name in zip(self, RESOURCES, strict=True) if n]
        return ", ".join(parts) or _("nothing")


NOTHING = Resources()

NAME_STYLES = ("fr", "en")
"""How cards are named when shown: ``fr``, as printed on the French edition (the default), or ``en``, the English
names (buildings' and machines' from one unofficial transcription: say so where they are shown)."""
_names_shown: ContextVar[str] = ContextVar("names_shown", default="fr")


def show_names(style: str) -> None:
    """Name cards in ``style`` (one of :data:`NAME_STYLES`) from now on, in messages and tables."""
    if style not in NAME_STYLES:
        raise ValueError(style)
    _names_shown.set(style)


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``requires``/``vp``/``coins`` are the construction side (buildings and machines);
    ``cost``/``produces`` the worker side (workers and machines)."""

    id: str
    kind: Kind
    name_fr: str
    name_en: str
    vp: int = 0
    coins: int = 0
    requires: Resources = NOTHING
    cost: int = 0
    produces: Resources = NOTHING

    @property
    def is_construction(self) -> bool:
        """A card of the building deck: a building or a machine."""
        return self.kind != "worker"

    @property
    def is_worker(self) -> bool:
        """A card that can be sent to a site: a worker, or a machine once built."""
        return self.kind != "building"

    @property
    def name_en_verified(self) -> bool:
        """Workers' English type names are plain; buildings' and machines' English names are unverified."""
        return self.kind == "worker"

    @property
    def name(self) -> str:
        """The card's name as shown: French, or English when :func:`show_names` asked for it."""
        return self.name_en if _names_shown.get() == "en" and self.name_en else self.name_fr

    @property
    def label(self) -> str:
        """``B01 La tonnelle`` (``B01 The Bower`` with English names) — how messages name a card."""
        return f"{self.id} {self.name}"


def _fold(text: str) -> str:
    """Lowercase, accents stripped, apostrophes unified, spaces collapsed: the key names are matched on."""
    text = unicodedata.normalize("NFKD", text.replace("\u2019", "'").replace("`", "'"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.replace("œ", "oe").replace("Œ", "oe").lower().split())


_ID = re.compile(r"^([bmw])0*(\d{1,2})$", re.IGNORECASE)


@cache
def catalogue() -> dict[str, Card]:
    """Every card by id, in id order (B01…B34, M01…M08, W01…W42)."""
    data = tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8"))
    cards: dict[str, Card] = {}
    for raw in data["card"]:
        card = Card(
            id=raw["id"],
            kind=raw["kind"],
            name_fr=raw["name_fr"],
            name_en=raw.get("name_en_unverified", raw.get("name_en", "")),
            vp=raw.get("vp", 0),
            coins=raw.get("coins", 0),
            requires=Resources(**raw.get("requires", {})),
            cost=raw.get("cost", 0),
            produces=Resources(**raw.get("produces", {})),
        )
        cards[card.id] = card
    return cards


@cache
def _by_name() -> dict[str, tuple[str, ...]]:
    """Every French and English name, and every four numbers a card shows, with the cards they name."""
    names: dict[str, list[str]] = {}
    for card in catalogue().values():
        shown = [card.requires] if card.is_construction else []
        shown += [card.produces] if card.is_worker else []
        keys = {_fold(card.name_fr), _fold(card.name_en), *(" ".join(map(str, amounts)) for amounts in shown)}
        for key in keys - {""}:
            names.setdefault(key, []).append(card.id)
    return {name: tuple(ids) for name, ids in names.items()}


_SHOWN = re.compile(r"^(\d)\s*(\d)\s*(\d)\s*(\d)$")


def card(card_id: str) -> Card:
    """The card with this exact id; KeyError otherwise (internal use: ids already checked)."""
    return catalogue()[card_id]


def normalize_id(text: str) -> str | None:
    """``b7`` → ``B07`` if that card exists, else None."""
    match = _ID.match(text.strip())
    if not match:
        return None
    card_id = f"{match.group(1).upper()}{int(match.group(2)):02d}"
    return card_id if card_id in catalogue() else None


def candidates(text: str) -> tuple[str, ...]:
    """The ids a text may name: an id, or every card with that French or English name, or showing those four
    numbers (none when unknown)."""
    card_id = normalize_id(text)
    if card_id is not None:
        return (card_id,)
    key = _fold(text.strip().strip("\"'"))
    shown = _SHOWN.match(key)
    if shown is not None:
        key = " ".join(shown.groups())
    return _by_name().get(key, ())


def lookup(text: str) -> Card:
    """The one card named by an id or a French name. Raises NotationError when unknown or ambiguous."""
    found = candidates(text)
    if not found:
        raise NotationError(_("unknown card: '{text}'").format(text=text))
    if len(found) > 1:
        raise NotationError(
            _("'{text}' names several cards ({ids}): use the id").format(text=text, ids=", ".join(found))
        )
    return catalogue()[found[0]]


def cards_of(kind: Kind) -> list[Card]:
    """Every card of one kind, in id order."""
    return [c for c in catalogue().values() if c.kind == kind]


@cache
def _ids(kind: str) -> tuple[str, ...]:
    """The ids of the cards of one deck or kind, in id order: worked out once."""
    every = catalogue().values()
    if kind == "construction":
        return tuple(c.id for c in every if c.is_construction)
    if kind == "apprentice":
        return tuple(c.id for c in every if c.kind == "worker" and c.cost == 2)
    return tuple(c.id for c in every if c.kind == kind)


def construction_ids() -> list[str]:
    """The building deck: 34 buildings and 8 machines (a new list each time)."""
    return list(_ids("construction"))


def worker_ids() -> list[str]:
    """The 42 worker cards (a new list each time)."""
    return list(_ids("worker"))


def apprentice_ids() -> list[str]:
    """The 6 Apprentices (cost 2): one is dealt to each player at setup (a new list each time)."""
    return list(_ids("apprentice"))
