"""``referee nim``: the toy game's commands, the shared ones plus ``play`` and ``simulate``."""

from typing import Annotated, Optional

import typer

from referee.cli import shared_commands
from referee.cli.history.commands import LocationOption, LogOption, PlayHistoryOption
from referee.cli.history.play_log import PlayLogging
from referee.cli.record_commands import (
    GamesOption,
    JsonOption,
    RecordOption,
    ResumeOption,
    SimulationSeedOption,
    add_record_commands,
)
from referee.cli.records import parse_players
from tests.toy.room import SPEC, complete_topic
from tests.toy.rules import PILE

app = typer.Typer(help="Nim: a toy game of the tests.", no_args_is_help=True, rich_markup_mode=None)

PileOption = Annotated[int, typer.Option("--pile", help="Sticks in the pile at the start.")]


@app.command()
def play(
    ctx: typer.Context,
    players: Annotated[Optional[str], typer.Option("--players", help="The two players: Ann,Bob.")] = None,  # noqa: UP045
    pile: PileOption = PILE,
    record: RecordOption = None,
    resume: ResumeOption = None,
    log: LogOption = None,
    history: PlayHistoryOption = None,
    location: LocationOption = None,
    json_mode: JsonOption = False,
) -> int:
    """Referee a live game: menus at a terminal, one action per line from a pipe."""
    from referee.cli.table.start import play_command

    names = parse_players(players) if players and resume is None else None
    setup = {"pile": pile} if names is not None else None
    logging = PlayLogging(log, history, location)
    return play_command(ctx.obj, SPEC, names, setup, record, resume, json_mode, None, logging)


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
    games: GamesOption,
    seed: SimulationSeedOption = None,
    players: Annotated[str, typer.Option("--players", help="The two players.")] = "Ann,Bob",
    pile: PileOption = PILE,
    json_mode: JsonOption = False,
) -> int:
    """Random legal self-play."""
    return shared_commands.simulate_command(
        ctx.obj, SPEC, parse_players(players), {"pile": pile}, games, seed, json_mode
    )
