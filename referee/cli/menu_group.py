"""What a room's first menu offers, as data: a kind of action and its actions. Kept apart from the menus that show
it (``referee.cli.table.menus``, which imports prompt_toolkit) so that a game's spec can name it from below the
table's layer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class MenuGroup:
    """A kind of action: an entry of the first menu, its actions the second menu (see
    :func:`referee.cli.table.menus.first_menu`)."""

    label: str
    actions: list[tuple[str, Any]] = field(default_factory=list)
    """(label, action) pairs: the action object the rules gave (labelled by the rules' formatter), or notation."""
    number: int | None = None
    """The number this kind of action keeps in the first menu all through a turn (the room numbers its kinds
    once: a key pressed means the same thing on every step), or None where the menu is one step (a toss)."""
