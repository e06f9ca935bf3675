"""The Typer app of ``referee``: the root command. Each game is its own Typer app, joined here with ``add_typer``.

Importing this module imports Typer (about 50 ms): :func:`referee.cli.main.run` answers ``--version`` without it."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee import __version__
from referee.cli import builders, coin_age, matchstick
from referee.cli.status import CommandExit, ExitStatus

app = typer.Typer(
    name="referee",
    help="A referee and scorekeeper for tabletop games: Coin Age, The Builders: Middle Ages, Matchstick Tycoon.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
app.add_typer(coin_age.app, name="coin-age")
app.add_typer(matchstick.app, name="matchstick")
app.add_typer(builders.app, name="builders")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"referee {__version__}\n")
        raise CommandExit(ExitStatus.SUCCESS)


@app.callback()
def main(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help="The language: en, zh-Hans, zh-Hant or ko (also after any command); else LANGUAGE, LC_ALL, LANG.",
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Referee a game, validate records, settle disputes, keep the score."""
