"""What a room names without importing it, imported at its first use, not when the program starts.

Every TAB and every one-shot command (``--version``, ``check``, ``score``) starts a new process, so the game
modules of the command line import no rules package, Rich or questionary at module level: a command pays only for
what it uses. A room's rules come from its own typed function, ``load_rules() -> <Game>Rules`` (the import inside
it, the class imported for the type checker only), which its :class:`~referee.cli.shared_commands.GameSpec` holds
as ``load_rules``; its picture from :func:`drawn_by`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.cli.env import Environment
    from referee.cli.svg import Picture
    from referee.engine import ActionT, Game, StateT


def drawn_by(module: str) -> Callable[[Game[StateT, ActionT], Collection[str]], Picture]:
    """A room's ``picture``: the ``picture(game, marked)`` function of its picture ``module``, imported when a picture
    is first drawn. The picture module draws the table from the room's score and status (it imports the room); the
    room only names it, so the two never import each other and no command but a picture pays for drawing."""

    def picture(game: Game[StateT, ActionT], marked: Collection[str]) -> Picture:
        drawn: Picture = import_module(module).picture(game, marked)
        return drawn

    return picture


def advised_by(module: str) -> Callable[[Environment, str, list[str]], int]:
    """A room's ``hint`` in ``play``: the ``play_hint(env, record, words)`` function of its advice ``module``, imported
    when a hint is first asked for. The advice module reads the room's spec (it imports the room); the room only
    names it, so the two never import each other."""

    def hint(env: Environment, record: str, words: list[str]) -> int:
        told: int = import_module(module).play_hint(env, record, words)
        return told

    return hint
