"""``referee builders``: its commands (Typer). Drawing the table, the menus, setups and positions are in
:mod:`referee.cli.games.builders.room`."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.cells import cell_width
from referee.cli.games.builders.room import (
    KINDS,
    RESOURCE_STYLES,
    SPEC,
    checked_names,
    checked_players,
    complete_kind,
    complete_topic,
    dealing_rules,
    kind_name,
    resources_text,
    unverified_names_note,
)
from referee.cli.output import Output
from referee.cli.record_commands import GameCommands, JsonOption, Param, Values, add_shared_commands
from referee.cli.status import ExitStatus, fail
from referee.errors import RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.builders.cards import Card


app = typer.Typer(
    help="The Builders: Middle Ages: 2 to 4 players, buildings, workers and écus.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


SeedOption = Annotated[int | None, typer.Option("--seed", help="Let the referee shuffle and deal (repeatable).")]
NamesOption = Annotated[
    str,
    typer.Option("--names", help="fr: as on the French edition; en: English (an unofficial transcription)."),
]


def read_simulated(players: str, values: Values, out: Output) -> tuple[list[str], dict[str, Any]]:
    """``simulate --players``: the players; the deal is the rules' (:func:`dealing_rules`), a new one each game."""
    return checked_players(players), {"seed": 0}


add_shared_commands(
    app,
    SPEC,
    GameCommands(
        setup_options=(),
        read_setup=read_simulated,
        play_players=Param(
            "players",
            Annotated[
                str | None,
                typer.Option("--players", help="2 to 4 players in seat order, first to move first: Ann,Bob,Cid."),
            ],
            None,
        ),
        play_doc="Referee a live game: menus at a terminal, one action per line from a pipe.",
        simulate_players=Param(
            "players", Annotated[str, typer.Option("--players", help="2 to 4 players: Ann,Bob.")], "Ann,Bob"
        ),
        simulate_doc=(
            "Random legal self-play, a new deal each game: statistics, benchmarks; checks the invariants of every game."
        ),
        action_example="send W07 B12",
        score_file_help="A record, or a final tally with a [final] table per player.",
        score_doc="Score a record, or the cards and écus in front of each player at the end.",
        complete_topic=complete_topic,
        play_setup_options=(
            Param("seed", SeedOption, None),
            Param(
                "apprentices",
                Annotated[
                    str | None,
                    typer.Option("--apprentices", help="Without --seed: each player's apprentice, W01,W02,…"),
                ],
                None,
            ),
            Param(
                "buildings",
                Annotated[
                    str | None, typer.Option("--buildings", help="Without --seed: the 5 face-up buildings, B01,…")
                ],
                None,
            ),
            Param(
                "workers",
                Annotated[str | None, typer.Option("--workers", help="Without --seed: the 5 face-up workers, W07,…")],
                None,
            ),
        ),
        table_options=(
            Param("card_names", NamesOption, "fr"),
            Param(
                "computer",
                Annotated[
                    str | None,
                    typer.Option(
                        "--computer", help="Seats the computer plays, numbered from 1 in --players order: 2 or 2,3."
                    ),
                ],
                None,
            ),
            Param(
                "level",
                Annotated[int, typer.Option("--level", help="The computer's strength: 1 (a beginner) to 5.")],
                4,
            ),
            Param(
                "computer_time",
                Annotated[float, typer.Option("--computer-time", help="Seconds the computer thinks per action.")],
                0.5,
            ),
        ),
        simulate_spec=lambda spec, values: dataclasses.replace(spec, load_rules=dealing_rules(values["seed"])),
    ),
)


@app.command()
def cards(
    ctx: typer.Context,
    kind: Annotated[
        str | None, typer.Option("--kind", help="building, machine or worker.", autocompletion=complete_kind)
    ] = None,
    names: NamesOption = "fr",
    json_mode: JsonOption = False,
) -> int:
    """Every card of the game: id, name, VP, écus, resources."""
    from referee.builders import cards as catalogue

    out = Output(ctx.obj, json_mode)
    if kind is not None and kind.lower() not in KINDS:
        raise fail(out, _("--kind must be building, machine or worker, not '{kind}'").format(kind=kind))
    try:
        names = checked_names(names)
    except RefereeError as error:
        raise fail(out, error) from None
    catalogue.show_names(names)
    chosen = [c for c in catalogue.catalogue().values() if kind is None or c.kind == kind.lower()]
    if json_mode:
        out.json([card_json(c) for c in chosen])
        return ExitStatus.SUCCESS
    full = cards_table(chosen, compact=False)
    table = out.first_fitting(full, cards_table(chosen, compact=True), cards_table(chosen, compact=True, tight=True))
    out.show(table)
    if table is not full:
        out.text(_("numbers: stone wood knowledge tile") + _(" · → what a machine works as"))
    if names == "en":
        out.text(unverified_names_note())
        out.text(_("Buildings and machines: VP, écus paid on completion, resources needed."))
    else:
        out.text(
            _("Buildings and machines: VP, écus paid on completion, resources needed (names as printed, in French).")
        )
    out.text(_("Workers: écus paid each time one is sent to a site, resources made."))
    return ExitStatus.SUCCESS


def cards_table(chosen: list[Card], *, compact: bool, tight: bool = False) -> Any:
    """The cards as a Rich table: id, name, type, VP, écus, then each resource in a column of its own (needed by
    a building or machine, made by a worker) and what a machine works as. ``compact``: the four resources as four
    numbers in one column (``1 0 2 0``: stone wood knowledge tile), what a machine works as under its name
    (``→ 2 0 0 0``), and the names free to break between words; ``tight``, one blank between columns."""
    from rich.text import Text

    from referee.builders.cards import RESOURCES
    from referee.cli.games.builders.room import numbers_text
    from referee.cli.output import Column, Table

    if compact:
        resources = [Column(_("resources"), no_wrap=True)]
    else:
        resources = [
            Column(Text(_(name), style=RESOURCE_STYLES[name]), "right", min_width=cell_width(_(name)))
            for name in RESOURCES
        ]
    table = Table(
        "",
        [
            Column(_("id"), no_wrap=True),
            Column(_("name"), no_wrap=not compact),
            Column(_("type"), no_wrap=not compact),
            Column(_("VP"), "right", no_wrap=True),
            Column(_("écus"), "right", no_wrap=True),
            *resources,
            *([] if compact else [Column(_("works as"), no_wrap=True)]),
        ],
        edge=False,
    )
    for card in chosen:
        name = Text(card.name)
        if card.kind == "worker":
            amounts, vp, coins, extra = card.produces, "", _("−{n}").format(n=card.cost), Text("")
        else:
            amounts, vp = card.requires, str(card.vp)
            coins = _("+{n}").format(n=card.coins) if card.kind == "building" else "—"
            extra = resources_text(card.produces) if card.kind == "machine" else Text("")
            if compact and card.kind == "machine":
                name.append("\n→ ")
                name.append_text(numbers_text(card.produces))
        if compact:
            table.add_row([card.id, name, kind_name(card), vp, coins, numbers_text(amounts)])
            continue
        cells = [
            Text(str(n), style=RESOURCE_STYLES[name]) if n else Text("·", style="dim")
            for n, name in zip(amounts, RESOURCES, strict=True)
        ]
        table.add_row([card.id, name, kind_name(card), vp, coins, *cells, extra])
    return table.rich(tight=tight)


def card_json(card: Card) -> dict[str, Any]:
    document: dict[str, Any] = {"id": card.id, "kind": card.kind, "name_fr": card.name_fr}
    if card.kind == "worker":
        document.update(type=card.name_en, cost=card.cost, produces=card.produces._asdict())
    else:
        document.update(name_en_unverified=card.name_en, vp=card.vp, coins=card.coins, requires=card.requires._asdict())
        if card.kind == "machine":
            document.update(produces=card.produces._asdict(), cost=0)
    return document


# -- hints -----------------------------------------------------------------------------------------------------
@app.command()
def hint(
    ctx: typer.Context,
    record: Annotated[str, typer.Argument(help="The record so far ('-' for standard input).")],
    json_mode: Annotated[bool, typer.Option("--json", help="JSON for scripts (see the contract).")] = False,
) -> int:
    """The cheapest ways to finish each open site, and the turn that gains the most VP."""
    from referee.cli.games.builders.advice import builders_hint_command

    return builders_hint_command(ctx.obj, record, json_mode)
