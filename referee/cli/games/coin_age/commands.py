"""``referee coin-age``: its commands (Typer). Drawing the board, the menus and the maps are in
:mod:`referee.cli.games.coin_age.room`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.files import display_name
from referee.cli.games.coin_age.maps import (
    DEFAULT_MAP,
    builtin_map,
    builtin_map_names,
    load_map_file,
    map_setup,
    user_map_names,
    user_maps_dir,
)
from referee.cli.games.coin_age.room import SPEC, complete_map, complete_topic, load_rules, players_and_setup
from referee.cli.output import Output
from referee.cli.record_commands import GameCommands, JsonOption, Param, Values, add_shared_commands
from referee.cli.status import ExitStatus, fail
from referee.engine import Game
from referee.errors import RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.coin_age.maps import GameMap


app = typer.Typer(
    help="Coin Age: 2 players, coins slapped on a map card.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
maps_app = typer.Typer(help="The map cards: list, show, validate.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(maps_app, name="maps")


PlayersOption = Annotated[str, typer.Option("--players", help="The two players, heads first: Ann,Bob.")]
MapOption = Annotated[
    str, typer.Option("--map", help="A map name, a map file, or 'random'.", autocompletion=complete_map)
]


def read_setup(players: str, values: Values, out: Output) -> tuple[list[str], dict[str, Any]]:
    """``--players`` and ``--map`` into the players and the rules' setup."""
    return players_and_setup(players, values["map_value"], out)


add_shared_commands(
    app,
    SPEC,
    GameCommands(
        setup_options=(Param("map_value", MapOption, DEFAULT_MAP),),
        read_setup=read_setup,
        play_players=Param(
            "players",
            Annotated[str | None, typer.Option("--players", help="The two players, heads first: Ann,Bob.")],
            None,
        ),
        play_doc="Referee a live game: typed or picked at a terminal, one action per line from a pipe.",
        simulate_players=Param("players", PlayersOption, "Heads,Tails"),
        simulate_doc="Random legal self-play: statistics, benchmarks, fuzzing; checks the invariants of every game.",
        action_example="capture B2",
        score_file_help="A record, or a position with [board] and [banks].",
        score_doc="Score a record, or a final position typed from the table.",
        complete_topic=complete_topic,
        after_json=(
            Param(
                "computer",
                Annotated[
                    str | None,
                    typer.Option("--computer", help="The seat the computer plays: 1 (heads) or 2 (tails)."),
                ],
                None,
            ),
            Param(
                "vs_computer",
                Annotated[
                    bool, typer.Option("--vs-computer", help="The computer plays one seat (see --computer-seat).")
                ],
                False,
            ),
            Param(
                "computer_seat",
                Annotated[
                    int | None,
                    typer.Option("--computer-seat", help="With --vs-computer: 1 (heads) or 2 (tails, the default)."),
                ],
                None,
            ),
            Param(
                "seed",
                Annotated[
                    int | None,
                    typer.Option("--seed", help="The computer's tosses, fixed by this number and the turn."),
                ],
                None,
            ),
            Param(
                "computer_time",
                Annotated[float, typer.Option("--computer-time", help="Seconds per computer turn.")],
                1.0,
            ),
            Param(
                "level",
                Annotated[int, typer.Option("--level", help="The computer's strength: 1 (a beginner) to 5.")],
                5,
            ),
            Param(
                "computer_tosses",
                Annotated[
                    str,
                    typer.Option("--computer-tosses", help="drawn by the referee, or typed: you slap its coins."),
                ],
                "drawn",
            ),
        ),
    ),
)


# -- maps ------------------------------------------------------------------------------------------------------
@maps_app.command("list")
def maps_list(ctx: typer.Context) -> int:
    """The installed maps (and your own, from your maps folder)."""
    out = Output(ctx.obj)
    for name in builtin_map_names():
        game_map = builtin_map(name)
        assert game_map is not None
        counts = map_counts(game_map, edges=False)
        out.text(f"{name:12} {game_map.name} ({counts})")
    for name in user_map_names():
        yours = _("your map")
        out.text(f"{name:12} {yours} ({user_maps_dir() / (name + '.toml')})")
    return ExitStatus.SUCCESS


@maps_app.command("show")
def maps_show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="A map name or a map file.", autocompletion=complete_map)],
    json_mode: JsonOption = False,
) -> int:
    """Draw a map: spaces by row, regions, adjacency."""
    out = Output(ctx.obj, json_mode)
    try:
        setup = map_setup(name, out)
        game = Game(load_rules(), ["Heads", "Tails"], setup)
    except RefereeError as error:
        raise fail(out, error) from None
    game_map = game.state.map
    if json_mode:
        out.json(game_map.to_toml())
        return ExitStatus.SUCCESS
    render_map(game_map, out)
    return ExitStatus.SUCCESS


def map_counts(game_map: GameMap, *, edges: bool = True) -> str:
    """``10 spaces, 4 regions, 19 edges`` (each counted through ngettext: a player's map may have one region)."""
    parts = [
        ngettext("{n} space", "{n} spaces", len(game_map.spaces)).format(n=len(game_map.spaces)),
        ngettext("{n} region", "{n} regions", len(game_map.regions)).format(n=len(game_map.regions)),
    ]
    if edges:
        parts.append(ngettext("{n} edge", "{n} edges", len(game_map.edges)).format(n=len(game_map.edges)))
    return ", ".join(parts)


def render_map(game_map: GameMap, out: Output) -> None:
    out.text(_("{name}: {counts}").format(name=game_map.name, counts=map_counts(game_map)))
    for row in game_map.layout:
        out.text("  " + "   ".join(f"{sid} {game_map.space(sid).name}" for sid in row))
    out.text(_("Regions:"))
    for region, members in zip(game_map.regions, game_map.region_members, strict=True):
        spaces = ", ".join(game_map.spaces[i].id for i in members)
        colour = f" ({region.color})" if region.color else ""
        out.text(f"  {region.name}{colour}: {spaces}")
    out.text(_("Adjacent:"))
    for i, space in enumerate(game_map.spaces):
        out.text(f"  {space.id}: {' '.join(game_map.spaces[n].id for n in game_map.neighbours[i])}")


@maps_app.command("validate")
def maps_validate(ctx: typer.Context, files: Annotated[list[str], typer.Argument(help="Map files to check.")]) -> int:
    """Check map files; explain every fault in plain words."""
    from referee.coin_age.maps import MapError

    out = Output(ctx.obj)
    worst = ExitStatus.SUCCESS
    for path in files:
        try:
            game_map = load_map_file(path, out)
        except MapError as error:
            for fault in error.faults:
                out.error(fault)
            worst = ExitStatus.BAD_INPUT
            continue
        except RefereeError as error:
            out.error(error.message)
            worst = ExitStatus.BAD_INPUT
            continue
        out.text(
            _("{file}: ok — {name}, {counts}").format(
                file=display_name(path), name=game_map.name, counts=map_counts(game_map)
            )
        )
    return worst


# -- odds, hints -----------------------------------------------------------------------------------------------
@app.command()
def odds(
    ctx: typer.Context,
    record: Annotated[str | None, typer.Argument(help="The record so far: odds for the next toss.")] = None,
    bank: Annotated[str | None, typer.Option("--bank", help="Odds for any bank instead, e.g. QNPD or DDP.")] = None,
    json_mode: JsonOption = False,
) -> int:
    """Exact odds of the next toss: each number of matches and each action allowance."""
    from referee.cli.games.coin_age.advice import coin_age_odds_command

    return coin_age_odds_command(ctx.obj, record, bank, json_mode)


@app.command()
def hint(
    ctx: typer.Context,
    record: Annotated[str, typer.Argument(help="The record so far, ending after the slap of the player in turn.")],
    time_limit: Annotated[str, typer.Option("--time", help="Time for the whole command: 2s, 500ms.")] = "2s",
    top: Annotated[int, typer.Option("--top", help="How many plans to show.")] = 5,
    depth: Annotated[int | None, typer.Option("--depth", help="Stop at this depth (turns).")] = None,
    json_mode: JsonOption = False,
) -> int:
    """The best plans for the current turn (expectimax over the opponent's toss and reply)."""
    from referee.cli.games.coin_age.advice import coin_age_hint_command

    return coin_age_hint_command(ctx.obj, record, time_limit, top, depth, json_mode)
