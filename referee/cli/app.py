"""The Typer app of ``referee``: the root command. Each game is its own Typer app, joined here with ``add_typer``.

Importing this module imports Typer (about 50 ms): :func:`referee.cli.main.run` answers ``--version`` without it."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee import __version__, registry
from referee.cli.status import CommandExit, ExitStatus

app = typer.Typer(
    name="referee",
    help="A referee and scorekeeper for tabletop games: Coin Age, The Builders: Middle Ages, Matchstick Tycoon.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def add_games(root: typer.Typer) -> None:
    """One Typer app per registered game, joined under its command word."""
    from importlib import import_module

    for entry in registry.GAMES.values():
        root.add_typer(import_module(entry.commands_module).app, name=entry.name)


add_games(app)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"referee {__version__}\n")
        raise CommandExit(ExitStatus.SUCCESS)


@app.callback()
def main(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Referee a game, validate records, settle disputes, keep the score."""
    if ctx.obj is None:  # tests pass their own: app(args, obj=Environment(...))
        from referee.cli.env import Environment

        ctx.obj = Environment()
