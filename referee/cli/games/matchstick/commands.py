"""``referee matchstick``: its commands (Typer). Drawing the table and the menus are in
:mod:`referee.cli.games.matchstick.room`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.games.matchstick.room import (
    SPEC,
    TURNED_MARK,
    card_panel,
    complete_card,
    complete_topic,
    complete_value,
    glyph,
    players_and_setup,
)
from referee.cli.output import Output
from referee.cli.record_commands import GameCommands, Param, Values, add_shared_commands
from referee.cli.status import ExitStatus, fail
from referee.errors import RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.matchstick.segments import Transformation


app = typer.Typer(
    help="Matchstick Tycoon: 2–8 players, 7-segment cards made stronger with matchsticks.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


ExpansionOption = Annotated[
    int, typer.Option("--expansion", help="Copies of the expansion's G and H cards: 0, 2 or 4.", show_default=True)
]
DealAllOption = Annotated[
    bool, typer.Option("--deal-all", help="Deal the whole deck for any number of players (2–3 players too).")
]


def read_setup(players: str, values: Values, out: Output) -> tuple[list[str], dict[str, Any]]:
    """``--players``, ``--expansion`` and ``--deal-all`` into the players and the rules' setup."""
    return players_and_setup(players, values["expansion"], values["deal_all"], out)


add_shared_commands(
    app,
    SPEC,
    GameCommands(
        setup_options=(Param("expansion", ExpansionOption, 0), Param("deal_all", DealAllOption, False)),
        read_setup=read_setup,
        play_players=Param(
            "players",
            Annotated[
                str | None,
                typer.Option("--players", help="2 to 8 players in seat order, the leader first: Ann,Bob,Cid."),
            ],
            None,
        ),
        play_doc="Referee a live game: menus at a terminal, one action per line from a pipe.",
        simulate_players=Param(
            "players",
            Annotated[str, typer.Option("--players", help="2 to 8 players in seat order.")],
            "Ann,Bob,Cid,Dee",
        ),
        simulate_doc="Random legal self-play: statistics, benchmarks, fuzzing; checks the invariants of every game.",
        action_example="play 8 0",
        score_file_help="A record ('-' for standard input).",
        score_doc="The ranking of a record: the order of going out (if it ended now, for a game not over).",
        complete_topic=complete_topic,
    ),
)


# -- shapes ----------------------------------------------------------------------------------------------------
@app.command()
def shapes(
    ctx: typer.Context,
    card: Annotated[
        str | None, typer.Argument(help="A card (0 1 2 3 E 4 5 6 9 7 8 A b C d F G H).", autocompletion=complete_card)
    ] = None,
    into: Annotated[
        str | None, typer.Option("--into", help="The value to show: how, at what cost.", autocompletion=complete_value)
    ] = None,
) -> int:
    """What a card can become, at what cost: the transformation table, one card, or one card into one value."""
    from referee.matchstick.segments import parse_face, parse_value

    out = Output(ctx.obj)
    try:
        face = parse_face(card) if card is not None else None
        value = parse_value(into) if into is not None else None
    except RefereeError as error:
        raise fail(out, error) from None
    if face is None and value is None:
        shapes_table(out)
    elif face is None:
        assert value is not None
        shapes_makers(value, out)
    elif value is None:
        shapes_card(face, out)
    else:
        return shapes_into(face, value, out)
    return ExitStatus.SUCCESS


def expansion_note(value: str) -> str:
    from referee.matchstick.segments import EXPANSION_VALUES

    return _(" (expansion)") if value in EXPANSION_VALUES else ""


def shapes_table(out: Output) -> None:
    from rich.text import Text

    from referee.cli.output import Cell, Table
    from referee.matchstick.segments import ALL_CARDS, ALL_VALUES, TABLE

    color = out.env.color
    table = Table("", [_("card"), *ALL_VALUES], edge=False)
    for card in ALL_CARDS:
        cells: list[Cell] = []
        for value in ALL_VALUES:
            way = TABLE[card].get(value)
            if way is None:
                cells.append(Text(""))
            elif way.turned_over:
                cells.append(Text(f"{way.cost}{TURNED_MARK}", style="cyan" if color else ""))
            else:
                cells.append(Text(f"{way.cost} ", style="bold" if color and way.cost == 0 else ""))
        table.add_row([card, *cells])
    out.text(_("Matchsticks to show each value (rows: the physical cards; columns: the value shown)."))
    out.show(out.first_fitting(table.rich(), table.rich(tight=True)))
    out.text(
        _(
            "{mark} = turned over (180°); blank = impossible (matchsticks only add; never mirrored). "
            "G and H: the expansion only."
        ).format(mark=TURNED_MARK)
    )
    out.text(_("Computed from the segment shapes: referee matchstick shapes CARD [--into VALUE] for the details."))


def way_text(way: Transformation) -> str:
    return way.describe()


def shapes_card(face: str, out: Output) -> None:
    from referee.cli.output import Column, Table
    from referee.matchstick.segments import ALL_VALUES, CARD_OF_FACE, FACES, becomes, ways

    color = out.env.color
    card = CARD_OF_FACE[face]
    faces = FACES[card]
    title = _("The {card} card").format(card=card)
    if len(faces) > 1:
        title += _(" (held as {face}; turned over it is {other})").format(
            face=face, other=faces[1] if face == faces[0] else faces[0]
        )
    out.text(title + expansion_note(face))
    out.show(card_panel(face, color))
    results = becomes(face)
    table = Table(
        "", [Column(_("value")), Column(_("sticks"), "right"), Column(_("turned over")), Column(_("how"))], edge=False
    )
    for way in results:
        table.add_row(
            [
                way.value + expansion_note(way.value),
                str(way.cost),
                _("yes") if way.turned_over else "",
                way_text(way),
            ]
        )
    out.show(out.first_fitting(table.rich(), table.rich(tight=True)))
    strip = []
    for way in results:
        figure = glyph(way.value, color, large=False, added=way.added)
        figure.append(f"\n{way.value}+{way.cost}")
        strip.append(figure)
    out.show(out.side_by_side(strip))
    never = [v for v in ALL_VALUES if not ways(face, v)]
    out.text(
        ngettext(
            "It can become {n} value; never {never}.", "It can become {n} values; never {never}.", len(results)
        ).format(n=len(results), never=" ".join(never) or _("nothing"))
    )


def shapes_into(face: str, value: str, out: Output) -> int:
    from referee.matchstick.segments import CARD_OF_FACE, FACES, SHAPES, turned, ways

    color = out.env.color
    card = CARD_OF_FACE[face]
    found = ways(face, value)
    if not found:
        out.text(
            _(
                "The {face} card can never show {value}: upright or turned over, its segments are not all in {value}, "
                "and matchsticks only add (a card is never mirrored)."
            ).format(face=face, value=value)
        )
        out.show(out.side_by_side([card_panel(face, color, title=face), card_panel(value, color, title=value)]))
        return ExitStatus.ILLEGAL
    for way in found:
        out.text(f"{face} → {value}: {way.describe()}")
    way = found[0]
    panels = [card_panel(face, color, title=face)]
    if way.turned_over:
        panels.append(card_panel(turned(SHAPES[face]), color, title=_("turned")))
    panels.append(card_panel(value, color, title=value, added=way.added))
    out.show(out.side_by_side(panels))
    if way.added:
        out.text(_("═ ║ = the matchsticks added"))
    if card != face and len(FACES[card]) > 1:
        out.text(_("(the {card} card)").format(card=card))
    return ExitStatus.SUCCESS


def shapes_makers(value: str, out: Output) -> None:
    from referee.matchstick.segments import makers

    out.text(_("Cards that can show {value}{note}, cheapest first:").format(value=value, note=expansion_note(value)))
    for way in makers(value):
        out.text(f"  {way.face:2} {way.describe()}")


# -- hints -----------------------------------------------------------------------------------------------------
@app.command()
def hint(
    ctx: typer.Context,
    record: Annotated[str, typer.Argument(help="The record so far ('-' for standard input).")],
    hand: Annotated[str, typer.Option("--hand", help='Your hand (private, typed by you): "0 4 4 7 C".')],
    json_mode: Annotated[bool, typer.Option("--json", help="JSON for scripts (see the contract).")] = False,
) -> int:
    """Every legal play from your hand that beats the table, with its matchstick cost, cheapest first."""
    from referee.cli.games.matchstick.advice import matchstick_hint_command

    return matchstick_hint_command(ctx.obj, record, hand, json_mode)
