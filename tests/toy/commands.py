"""``referee nim``: the toy game's commands, the shared ones made from its spec and its one setup option."""

from typing import Annotated, Any, Optional

import typer

from referee.cli.output import Output
from referee.cli.record_commands import GameCommands, Param, Values, add_shared_commands
from referee.cli.records import parse_players
from tests.toy import PILE
from tests.toy.room import SPEC, complete_topic

app = typer.Typer(help="Nim: a toy game of the tests.", no_args_is_help=True, rich_markup_mode=None)

PileOption = Annotated[int, typer.Option("--pile", help="Sticks in the pile at the start.")]


def read_setup(players: str, values: Values, out: Output) -> tuple[list[str], dict[str, Any]]:
    return parse_players(players), {"pile": values["pile"]}


add_shared_commands(
    app,
    SPEC,
    GameCommands(
        setup_options=(Param("pile", PileOption, PILE),),
        read_setup=read_setup,
        play_players=Param(
            "players",
            Annotated[Optional[str], typer.Option("--players", help="The two players: Ann,Bob.")],  # noqa: UP045
            None,
        ),
        play_doc="Referee a live game: menus at a terminal, one action per line from a pipe.",
        simulate_players=Param(
            "players", Annotated[str, typer.Option("--players", help="The two players.")], "Ann,Bob"
        ),
        simulate_doc="Random legal self-play.",
        action_example="take 2",
        score_file_help="A record.",
        score_doc="Score a record.",
        complete_topic=complete_topic,
    ),
)
