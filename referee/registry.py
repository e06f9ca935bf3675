"""The one list of games. Everything that needs to know which games exist reads it: the Typer app, the fast path,
records, replay's worker processes, the completion generator.

A game is three things: a rules package (pure: ``referee.<game>``, with a ``RULES`` object implementing
:class:`referee.engine.Rules`), one room of the command line (``referee.cli.games.<game>``: a ``room`` module with
its :class:`~referee.cli.common.GameSpec` named ``SPEC``, no Typer, and a ``commands`` module with its Typer ``app``),
and one line below.

This module imports only ``typing`` (loaded already): every TAB and every one-shot command reads it (start-up time).
"""

from __future__ import annotations

from typing import Any, NamedTuple  # not dataclasses: it imports inspect and ast, a third of TAB's start-up


class GameEntry(NamedTuple):
    """One game: its command word, its title, and where its rules and its command-line room live."""

    name: str
    """The command word: ``referee coin-age …``; also the ``game`` key of its records."""
    title: str
    rules: str
    """The module holding the game's ``RULES`` object."""
    room: str
    """The package of its command-line room: ``<room>.room`` holds ``SPEC`` (no Typer), ``<room>.commands`` its
    Typer ``app``."""

    @property
    def spec_module(self) -> str:
        return self.room + ".room"

    @property
    def commands_module(self) -> str:
        return self.room + ".commands"


GAMES: dict[str, GameEntry] = {}
"""The registered games by command word, in the order of ``referee --help``."""


def register(entry: GameEntry) -> GameEntry:
    """Add a game (or replace one of the same name); returns it."""
    GAMES[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (tests register toy games and take them away again)."""
    GAMES.pop(name, None)


def game(name: str) -> GameEntry | None:
    return GAMES.get(name)


def names() -> tuple[str, ...]:
    return tuple(GAMES)


def load_rules(name: str) -> Any:
    """The ``RULES`` object of a registered game (its facts: :attr:`~referee.engine.Rules.result_kind`,
    ``tie_policy``, ``bgg_id``, ``setup_summary``); imported on first use. KeyError for a game not registered."""
    from importlib import import_module

    return import_module(GAMES[name].rules).RULES


register(GameEntry("coin-age", "Coin Age", "referee.coin_age.rules", "referee.cli.games.coin_age"))
register(GameEntry("matchstick", "Matchstick Tycoon", "referee.matchstick.rules", "referee.cli.games.matchstick"))
register(GameEntry("builders", "The Builders: Middle Ages", "referee.builders.rules", "referee.cli.games.builders"))
