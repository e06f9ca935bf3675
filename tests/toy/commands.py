"""``referee nim``: the toy game's commands, built from the shared ones."""

from typing import Annotated

import typer

from referee.cli import shared_commands
from referee.cli.record_commands import JsonOption, add_record_commands
from referee.cli.records import parse_players
from tests.toy.room import SPEC, complete_topic

app = typer.Typer(help="Nim: a toy game of the tests.", no_args_is_help=True, rich_markup_mode=None)

add_record_commands(
    app,
    SPEC,
    action_example="take 2",
    score_file_help="A record.",
    score_doc="Score a record.",
    complete_topic=complete_topic,
)


@app.command()
def simulate(
    ctx: typer.Context,
    games: Annotated[int, typer.Option("--games", help="How many games.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed.")] = None,
    json_mode: JsonOption = False,
) -> int:
    """Random legal self-play."""
    return shared_commands.simulate_command(ctx.obj, SPEC, parse_players("Ann,Bob"), {}, games, seed, json_mode)
