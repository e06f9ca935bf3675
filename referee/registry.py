"""The one list of games. Everything that needs to know which games exist reads it: the Typer app, the fast path,
records, replay's worker processes, the completion generator.

A game is three things: a rules package (pure: ``referee.<game>``, with a ``RULES`` object implementing
:class:`referee.engine.Rules`), one room of the command line (``referee.cli.games.<game>``: a ``room`` module with
its :class:`~referee.cli.shared_commands.GameSpec` named ``SPEC``, no Typer, and a ``commands`` module with its
Typer ``app``), and one line below.

This module imports only ``typing`` (loaded already): every TAB and every one-shot command reads it (start-up time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NamedTuple  # not dataclasses: it imports inspect and ast (start-up)

if TYPE_CHECKING:
    from referee.engine import Rules


def N_(message: str) -> str:
    """Marks a message for translation (shown through ``_()`` where it is used); the registry imports no i18n."""
    return message


ResultKind = Literal["points", "ranking"]
"""How a game's result is told: ``points`` (scores decide; the history keeps them), or ``ranking`` (an order with no
points, such as Matchstick Tycoon's order of going out: the history keeps no scores)."""

TiePolicy = Literal["draw", "shared-win"]
"""What a finished game with no single winner is: a ``draw`` (nobody wins; the history counts a draw), or a
``shared-win`` (the players at the top all win), as the game's own rules say."""


class GameFacts(NamedTuple):
    """What the history, its statistics and its exports ask of a game without playing it: read from its registry
    line, so listing a history of any size loads no rules engine (start-up time)."""

    result_kind: ResultKind = "points"
    """``points``, or ``ranking``: a result told as an order without points (Matchstick Tycoon's going out)."""
    tie_policy: TiePolicy = "draw"
    """A game over with no single winner: ``draw`` (nobody wins), or ``shared-win`` (they all win)."""
    bgg_id: int | None = None
    """The game's BoardGameGeek id (``boardgamegeek.com/boardgame/<id>``), the key other apps match plays by."""
    ranking_words: str = N_("in this order: {names}")
    """How a result of kind ``ranking`` is told (English; translated where shown)."""
    seats: tuple[int, int] = (2, 8)
    """How many players a game is played by (fewest, most): a play from another app with more or fewer is refused."""
    other_titles: tuple[str, ...] = ()
    """Other names a game is known by in other apps (BoardGameGeek's primary name, in its own language)."""
    seat_colours: tuple[str, ...] = ()
    """What each seat plays as at the table, kept as the player's colour (as scorekeeping apps keep one): Coin Age's
    heads and tails (the first player named is heads). Empty: the game gives seats no colour."""


class GameEntry(NamedTuple):
    """One game: its command word, its title, where its rules and its command-line room live, and its facts."""

    name: str
    """The command word: ``referee coin-age …``; also the ``game`` key of its records."""
    title: str
    rules: str
    """The module holding the game's ``RULES`` object."""
    room: str
    """The package of its command-line room: ``<room>.room`` holds ``SPEC`` (no Typer), ``<room>.commands`` its
    Typer ``app``."""
    facts: GameFacts = GameFacts()

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


def facts(name: str) -> GameFacts:
    """A game's facts (:class:`GameFacts`); a game not registered has the defaults (points; a tie is a draw)."""
    entry = GAMES.get(name)
    return entry.facts if entry is not None else GameFacts()


def load_rules(name: str) -> Rules[Any, Any]:
    """The ``RULES`` object of a registered game (``setup_summary``, ``actor``, the rules themselves); imported on
    first use. KeyError for a game not registered. Typed as the contract: its methods are checked where it is used;
    its state and action types are the game's, which a caller naming the game by a string cannot know (its room's
    ``SPEC: GameSpec[<State>, <Action>]`` holds them)."""
    from importlib import import_module

    rules: Rules[Any, Any] = import_module(GAMES[name].rules).RULES
    return rules


# BoardGameGeek ids: Coin Age as the README of the navpil/coinage project gives it; The Builders: Middle Ages from
# BoardGameGeek play data; none could be confirmed for Matchstick Tycoon, listed on BoardGameGeek under its Japanese
# primary name (matched by its names instead; see docs/formats.md: not checked on the site).
register(
    GameEntry(
        "coin-age",
        N_("Coin Age"),
        "referee.coin_age.rules",
        "referee.cli.games.coin_age",
        GameFacts(bgg_id=146130, seats=(2, 2), seat_colours=(N_("heads"), N_("tails"))),
    )
)
register(
    GameEntry(
        "matchstick",
        N_("Matchstick Tycoon"),
        "referee.matchstick.rules",
        "referee.cli.games.matchstick",
        GameFacts(
            result_kind="ranking",
            ranking_words=N_("out in this order: {names}"),
            seats=(2, 8),
            other_titles=("マッチ売りの大富豪", "マッチ売りの大富豪 (Matchstick Tycoon)"),
        ),
    )
)
register(
    GameEntry(
        "builders",
        N_("The Builders: Middle Ages"),
        "referee.builders.rules",
        "referee.cli.games.builders",
        GameFacts(bgg_id=144553, seats=(2, 4)),
    )
)


EXTRA_GAMES = "REFEREE_EXTRA_GAMES"
"""Modules to import after the games above, comma-separated, each registering a game of its own with
:func:`register` (a game kept outside this package: the test suite's toy game is registered this way for every
test and every ``referee`` the tests start)."""


def _register_extra_games() -> None:
    import os
    import sys

    for module in filter(None, (word.strip() for word in os.environ.get(EXTRA_GAMES, "").split(","))):
        try:
            __import__(module)
        except Exception as error:  # a game that cannot be loaded is said once; the others are there
            sys.stderr.write(f"referee: warning: {EXTRA_GAMES}: {module}: {type(error).__name__}: {error}\n")


_register_extra_games()
