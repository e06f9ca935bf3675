"""A rules object imported at its first use, not when the program starts.

Every TAB and every one-shot command (``--version``, ``check``, ``score``) starts a new process, so the game
modules of the command line import no rules package, Rich or questionary at module level: a command pays only for
what it uses. A room writes ``RULES = cast("CoinAgeRules", LazyRules("referee.coin_age.rules"))`` (the class
imported for the type checker only): it reads like the import it replaces, mypy checks every use of it against the
game's own rules class (and the spec's ``rules`` against the contract, :class:`referee.engine.Rules`), and the
first attribute asked of it imports the module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from referee.cli.svg import Picture

RulesT = TypeVar("RulesT")


class LazyRules:
    """Stands for a game's ``RULES`` object; the first attribute asked of it imports the rules module.

    A rules object holds no per-game data (the state does), so what it answers never changes: each attribute is
    kept on this object after the first look-up and costs nothing more afterwards.
    """

    def __init__(self, module: str, name: str = "RULES") -> None:
        self._module = module
        self._name = name

    def unwrap(self) -> object:
        """The rules object itself."""
        rules: object = getattr(import_module(self._module), self._name)
        return rules

    def __getattr__(self, attribute: str) -> object:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        value = getattr(self.unwrap(), attribute)
        setattr(self, attribute, value)
        return value

    def __repr__(self) -> str:
        return f"<rules {self._module}.{self._name}, imported at first use>"


def unwrap(rules: RulesT) -> RulesT:
    """The rules object behind a :class:`LazyRules` (anything else is returned as it is), of the type the room
    declared it as."""
    return cast(RulesT, rules.unwrap()) if isinstance(rules, LazyRules) else rules


def drawn_by(module: str) -> Callable[[Any, Collection[str]], Picture]:
    """A room's ``picture``: the ``picture(game, marked)`` function of its picture ``module``, imported when a picture
    is first drawn. The picture module draws the table from the room's score and status (it imports the room); the
    room only names it, so the two never import each other and no command but a picture pays for drawing."""

    def picture(game: Any, marked: Collection[str]) -> Picture:
        drawn: Picture = import_module(module).picture(game, marked)
        return drawn

    return picture
