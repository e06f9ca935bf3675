"""``referee matchstick``: Matchstick Tycoon at the table (2–8 players, hidden hands).

The referee never sees a hand: it knows how many cards and matchsticks each player holds, the copies of each
physical card already played, the play to beat and the strength order. Rich and questionary are imported only
inside the functions that draw or ask (start-up time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli import common
from referee.cli.commands import JsonOption, add_record_commands
from referee.cli.common import GameSpec, fail
from referee.cli.env import current as current_env
from referee.cli.lazy import LazyRules
from referee.cli.output import Output
from referee.cli.records import parse_players
from referee.cli.status import ExitStatus
from referee.engine import Game
from referee.errors import InputError, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.matchstick import MatchstickState
    from referee.matchstick.segments import Transformation

RULES = LazyRules("referee.matchstick.rules")
"""The game's rules, imported at first use (start-up time: see referee.cli.lazy)."""

app = typer.Typer(
    help="Matchstick Tycoon: 2–8 players, 7-segment cards made stronger with matchsticks.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 8
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red", "cyan", "magenta")
STICK_STYLE = "bold orange1"
ADDED_STYLE = "bold bright_yellow"
TURNED_MARK = "↻"


def _rank(value: str) -> int:
    from referee.matchstick.segments import ALL_VALUES

    return ALL_VALUES.index(value)


def stronger_values(state: MatchstickState) -> list[str]:
    """The values that beat the table as things stand (all values on an empty table), weakest first."""
    from referee.matchstick.segments import values_for

    values = list(values_for(state.expansion))
    if state.reversed:
        values.reverse()
    if state.table is None:
        return values
    rank = values.index(state.table.value)
    return values[rank + 1 :]


def cheapest(state: MatchstickState, value: str, count: int, used: dict[str, int] | None = None) -> int | None:
    """The fewest matchsticks ``count`` cards showing ``value`` can take, given the copies not yet played (and
    ``used`` in this play); None when too few copies are left."""
    from referee.matchstick.segments import TABLE, cards_for

    used = used or {}
    options = sorted(
        (way.cost, card) for card in cards_for(state.expansion) if (way := TABLE[card].get(value)) is not None
    )
    need, total = count, 0
    for cost, card in options:
        take = min(state.copies_left(card) - used.get(card, 0), need)
        if take > 0:
            total += take * cost
            need -= take
        if need == 0:
            return total
    return None


def play_counts(state: MatchstickState, seat: int) -> list[int]:
    held = state.cards[seat]
    if state.table is not None:
        return [state.table.count] if state.table.count <= held else []
    return list(range(1, min(held, 5) + 1))


def playable(state: MatchstickState) -> dict[str, tuple[list[int], int]]:
    """value → (the counts it can be played with, the cheapest cost of one of them) for the player to move."""
    seat = state.turn
    if seat is None:
        return {}
    budget = state.matchsticks[seat]
    result: dict[str, tuple[list[int], int]] = {}
    for value in stronger_values(state):
        counts, best = [], None
        for count in play_counts(state, seat):
            cost = cheapest(state, value, count)
            if cost is not None and cost <= budget:
                counts.append(count)
                best = cost if best is None else min(best, cost)
        if counts and best is not None:
            result[value] = (counts, best)
    return result


def sticks(n: int) -> str:
    return _("free") if n == 0 else (_("1 matchstick") if n == 1 else _("{n} matchsticks").format(n=n))


def card_count(n: int) -> str:
    return _("1 card") if n == 1 else _("{n} cards").format(n=n)


def stick_count(n: int) -> str:
    return _("1 matchstick") if n == 1 else _("{n} matchsticks").format(n=n)


def cards_text(count: int, value: str) -> str:
    return _("a single {value}").format(value=value) if count == 1 else f"{count} × {value}"


# -- drawing ---------------------------------------------------------------------------------------------------
def glyph(shape: str | frozenset[str], color: bool, *, large: bool = True, added: tuple[str, ...] = ()) -> Any:
    """A 7-segment figure as Rich Text; ``added`` segments (new matchsticks) are drawn double and highlighted."""
    from rich.text import Text

    from referee.matchstick.segments import draw_cells

    text = Text()
    rows = draw_cells(shape, large=large)
    for number, row in enumerate(rows):
        for piece, segment in row:
            if segment is not None and segment in added:
                piece = piece.replace("_", "═") if "_" in piece else piece.replace("|", "║")
                text.append(piece, style=ADDED_STYLE if color else "")
            elif segment is not None:
                text.append(piece, style=STICK_STYLE if color else "")
            else:
                text.append(piece)
        if number < len(rows) - 1:
            text.append("\n")
    return text


def card_panel(shape: str | frozenset[str], color: bool, *, title: str | None = None, **kwargs: Any) -> Any:
    from rich import box
    from rich.panel import Panel

    return Panel(
        glyph(shape, color, **kwargs),
        box=box.ROUNDED,
        padding=(0, 1),
        expand=False,
        title=title,
        border_style="grey50" if color else "",
    )


def empty_panel(color: bool) -> Any:
    from rich import box
    from rich.panel import Panel
    from rich.text import Text

    return Panel(
        Text("\n" + _("empty") + "\n", justify="center"), box=box.ROUNDED, width=11, style="dim" if color else ""
    )


def row_of(renderables: list[Any]) -> Any:
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))
    for _item in renderables:
        grid.add_column()
    grid.add_row(*renderables)
    return grid


def status_line(game: Game[MatchstickState, Any]) -> str:
    state = game.state
    if state.over:
        ranking = RULES.outcome(state).ranking
        return _("Game over: {ranking}.").format(
            ranking=", ".join(f"{place}. {name}" for place, name in enumerate(ranking, start=1))
        )
    name = game.to_move
    table = state.table
    if table is None:
        return _("{name} leads: 1 to 5 cards showing one value.").format(name=name)
    return _("{name} to move: beat {by}'s {cards} with {n}, or pass.").format(
        name=name,
        cards=_("single {value}").format(value=table.value) if table.count == 1 else f"{table.count} × {table.value}",
        by=state.players[table.by],
        n=_("1 stronger card") if table.count == 1 else _("{n} stronger cards").format(n=table.count),
    )


def render(game: Game[MatchstickState, Any], out: Output) -> None:
    """The table (the play to beat drawn as 7-segment cards), the order, the players, the copies played."""
    from referee.matchstick.segments import cards_for, order_text

    if out.json_mode:
        return
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    state = game.state
    color = out.env.color
    names = state.players

    # the table and the strength order
    info = Text()
    if state.table is None:
        info.append(_("The table is empty."), style="bold" if color else "")
        cards: Any = empty_panel(color)
    else:
        table = state.table
        info.append(_("To beat: "), style="bold" if color else "")
        info.append(cards_text(table.count, table.value), style=STICK_STYLE if color else "")
        info.append("\n" + _("played by {name}").format(name=names[table.by]))
        cards = row_of([card_panel(table.value, color) for _i in range(table.count)])
    order = order_text(state.reversed, state.expansion)
    info.append("\n\n" + _("Strength, weakest first:") + "\n")
    info.append(order, style="bold" if color else "")
    if state.reversed:
        info.append("\n" + _("REVERSED by a revolution (5 cards at once)"), style="bold red" if color else "")
    else:
        info.append("\n" + _("normal order (5 cards at once reverse it)"), style="dim" if color else "")
    count = state.table.count if state.table is not None else 1
    if count * 10 + 3 + len(order) <= out.console.width:
        top: Any = Table.grid(padding=(0, 3))
        top.add_column(no_wrap=True, min_width=count * 10 - 1)
        top.add_column()
        top.add_row(cards, info)
    else:  # five cards and the order do not fit side by side
        top = Group(cards, info)

    # the players
    players = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    players.add_column("")
    players.add_column(_("player"))
    players.add_column(_("cards"), justify="right")
    players.add_column(_("matchsticks"), justify="right")
    players.add_column("")
    places = {seat: place for place, seat in enumerate(state.out, start=1)}
    for seat, name in enumerate(names):
        to_move = state.turn == seat
        style = SEAT_STYLES[seat % len(SEAT_STYLES)] if color else ""
        if seat in places:
            note = _("out: place {place}").format(place=places[seat])
            style = "dim" if color else ""
        elif state.over:
            note = _("last: place {place}").format(place=len(names))
        elif to_move:
            note = _("to move") + (_(" (leads)") if state.table is None else "")
        elif state.table is not None and state.table.by == seat:
            note = _("played last")
        elif state.passed >> seat & 1:
            note = _("passed")
        else:
            note = ""
        players.add_row(
            "▶" if to_move else "",
            Text(name, style=style),
            str(state.cards[seat]),
            str(state.matchsticks[seat]),
            note,
        )

    # the copies played
    copies = Table(box=None, pad_edge=False, show_header=True, padding=(0, 1))
    copies.add_column(_("card"), style="dim" if color else "")
    physical = cards_for(state.expansion)
    for card in physical:
        copies.add_column(card, justify="center")
    copies.add_row(
        _("played"), *(str(state.copies_played[card]) if state.copies_played[card] else "·" for card in physical)
    )
    out.show(Group(top, Text(""), players, copies))
    out.text(status_line(game))


# -- asking at a terminal --------------------------------------------------------------------------------------
PLAY = "\x00play"


def way_label(card: str, value: str, left: int) -> str:
    from referee.matchstick.segments import FACES, TABLE

    way = TABLE[card][value]
    face = FACES[card][1] if way.turned_over and len(FACES[card]) > 1 else FACES[card][0]
    if len(FACES[card]) > 1:
        how = _("{card} card, {face} side up").format(card=card, face=face)
        if way.added:
            how += ", " + _("add {places}").format(places=", ".join(way.added_names))
    else:
        how = _("{card} card").format(card=card) + ", " + way.describe().split(" (")[0]
    return _("{how} — {cost} ({left} not played yet)").format(how=how, cost=sticks(way.cost), left=left)


def ask_action(game: Game[MatchstickState, Any], prompter: Any, out: Output) -> str:
    """Menus offering only legal choices: play (value → count → each physical card) or pass."""
    from referee.cli.prompts import BACK, MenuGroup

    state = game.state
    seat = state.turn
    assert seat is not None
    name = state.players[seat]
    options = playable(state)
    topics = common.topic_names(SPEC)
    while True:
        groups: list[MenuGroup] = []
        if options:
            label = (
                _("play cards")
                if state.table is None
                else _("play {n} stronger than {value}").format(
                    n=_("1 card") if state.table.count == 1 else _("{n} cards").format(n=state.table.count),
                    value=state.table.value,
                )
            )
            groups.append(MenuGroup(label, [("", PLAY)]))
        if state.table is not None:
            groups.append(
                MenuGroup(
                    _("pass and take a matchstick (then {n})").format(n=state.matchsticks[seat] + 1),
                    [("pass", "pass")],
                )
            )
        message = _("{name}, your turn ({cards}, {sticks})").format(
            name=name, cards=card_count(state.cards[seat]), sticks=stick_count(state.matchsticks[seat])
        )
        answer = prompter.choose_action(message, groups, topics)
        if answer != PLAY:
            return answer
        text = ask_play(state, prompter, options)
        if text == BACK:
            continue
        verdict = game.judge(game.parse(text))
        if not verdict.legal:
            out.error(verdict.reason)
            continue
        out.text(verdict.reason)
        return text


def ask_play(state: MatchstickState, prompter: Any, options: dict[str, tuple[list[int], int]]) -> str:
    from referee.cli.prompts import BACK
    from referee.matchstick.segments import ALL_CARDS, FACES, TABLE, cards_for

    seat = state.turn
    assert seat is not None
    budget = state.matchsticks[seat]
    values = [
        (
            f"{value:3} "
            + (_("free") if best == 0 else _("from {cost}").format(cost=sticks(best)))
            + (_("  (5 cards: revolution)") if options[value][0] == [5] else ""),
            value,
        )
        for value, (_counts, best) in options.items()
    ]
    value = prompter.select(_("Which value is shown?"), [*values, (_("back"), BACK)])
    if value == BACK:
        return BACK
    counts = options[value][0]
    if len(counts) == 1:
        count = counts[0]
    else:
        picked = prompter.select(
            _("How many cards showing {value}? (5 at once is a revolution)").format(value=value),
            [(str(n) + (_("  (revolution)") if n == 5 else ""), str(n)) for n in counts] + [(_("back"), BACK)],
        )
        if picked == BACK:
            return BACK
        count = int(picked)
    used: dict[str, int] = {}
    chosen: list[str] = []
    spent = 0
    last: str | None = None
    for slot in range(count):
        rest = count - slot - 1
        choices = []
        for card in cards_for(state.expansion):
            way = TABLE[card].get(value)
            left = state.copies_left(card) - used.get(card, 0)
            if way is None or left <= 0:
                continue
            used[card] = used.get(card, 0) + 1
            floor = cheapest(state, value, rest, used)
            used[card] -= 1
            if floor is None or spent + way.cost + floor > budget:
                continue
            choices.append((way.cost, ALL_CARDS.index(card), way_label(card, value, left), card))
        choices.sort()
        question = _("Card {i} of {n} shown as {value}: which physical card? ({left} left)").format(
            i=slot + 1, n=count, value=value, left=stick_count(budget - spent)
        )
        if count == 1:
            question = _("Which physical card shows {value}? ({left})").format(value=value, left=stick_count(budget))
        card = prompter.select(
            question, [(label, card) for _cost, _order, label, card in choices] + [(_("back"), BACK)], default=last
        )
        if card == BACK:
            return BACK
        used[card] = used.get(card, 0) + 1
        spent += TABLE[card][value].cost
        chosen.append(card)
        last = card
    faces = [
        FACES[card][1] if TABLE[card][value].turned_over and len(FACES[card]) > 1 else FACES[card][0] for card in chosen
    ]
    return " ".join(["play", value, *faces])


# -- setup -----------------------------------------------------------------------------------------------------
def make_setup(count: int, expansion: int, deal_all: bool) -> dict[str, Any]:
    from referee.matchstick import deal_sizes

    if expansion not in (0, 2, 4):
        raise InputError(_("--expansion must be 0, 2 or 4 (copies of G and H), not {n}").format(n=expansion))
    return {"expansion": expansion, "deal_all": deal_all, "hand_sizes": deal_sizes(count, expansion, deal_all)}


def players_and_setup(players: str, expansion: int, deal_all: bool, out: Output) -> tuple[list[str], dict[str, Any]]:
    try:
        names = parse_players(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise InputError(_("Matchstick Tycoon is for 2 to 8 players, not {n}").format(n=len(names)))
        return names, make_setup(len(names), expansion, deal_all)
    except RefereeError as error:
        raise fail(out, error) from None


SPEC = GameSpec(
    name="matchstick",
    title="Matchstick Tycoon",
    rules=RULES,
    rulebook_package="referee.matchstick",
    render=render,
    ask_action=ask_action,
)


# -- commands --------------------------------------------------------------------------------------------------
def complete_topic(incomplete: str) -> list[str]:
    return [name for name in common.topic_names(SPEC) if name.startswith(incomplete.lower())]


def complete_card(incomplete: str) -> list[str]:
    from referee.matchstick.segments import ALL_CARDS, FACES

    faces = [face for card in ALL_CARDS for face in FACES[card]]
    return [face for face in faces if face.lower().startswith(incomplete.lower())]


def complete_value(incomplete: str) -> list[str]:
    from referee.matchstick.segments import ALL_VALUES

    return [value for value in ALL_VALUES if value.lower().startswith(incomplete.lower())]


ExpansionOption = Annotated[
    int, typer.Option("--expansion", help="Copies of the expansion's G and H cards: 0, 2 or 4.", show_default=True)
]
DealAllOption = Annotated[
    bool, typer.Option("--deal-all", help="Deal the whole deck for any number of players (2–3 players too).")
]


@app.command()
def play(
    players: Annotated[
        str | None, typer.Option("--players", help="2 to 8 players in seat order, the leader first: Ann,Bob,Cid.")
    ] = None,
    expansion: ExpansionOption = 0,
    deal_all: DealAllOption = False,
    record: Annotated[str | None, typer.Option("--record", help="Write the game to this file.")] = None,
    resume: Annotated[str | None, typer.Option("--resume", help="Continue the game of this record.")] = None,
    json_mode: JsonOption = False,
) -> None:
    """Referee a live game: menus at a terminal, one action per line from a pipe."""
    from referee.cli.session import play_command

    out = Output(current_env(), json_mode)
    names, setup = (None, None)
    if resume is None and players:
        names, setup = players_and_setup(players, expansion, deal_all, out)
    play_command(SPEC, names, setup, record, resume, json_mode)


add_record_commands(
    app,
    SPEC,
    action_example="play 8 0",
    score_file_help="A record ('-' for standard input).",
    score_doc="The ranking of a record: the order of going out (if it ended now, for a game not over).",
    complete_topic=complete_topic,
)


@app.command()
def simulate(
    games: Annotated[int, typer.Option("--games", help="How many games.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed, for repeatable runs.")] = None,
    players: Annotated[str, typer.Option("--players", help="2 to 8 players in seat order.")] = "Ann,Bob,Cid,Dee",
    expansion: ExpansionOption = 0,
    deal_all: DealAllOption = False,
    json_mode: JsonOption = False,
) -> None:
    """Random legal self-play: statistics, benchmarks, fuzzing; checks the invariants of every game."""
    out = Output(current_env(), json_mode)
    names, setup = players_and_setup(players, expansion, deal_all, out)
    common.simulate_command(SPEC, names, setup, games, seed, json_mode)


# -- shapes ----------------------------------------------------------------------------------------------------
@app.command()
def shapes(
    card: Annotated[
        str | None, typer.Argument(help="A card (0 1 2 3 E 4 5 6 9 7 8 A b C d F G H).", autocompletion=complete_card)
    ] = None,
    into: Annotated[
        str | None, typer.Option("--into", help="The value to show: how, at what cost.", autocompletion=complete_value)
    ] = None,
) -> None:
    """What a card can become, at what cost: the transformation table, one card, or one card into one value."""
    from referee.matchstick.segments import parse_face, parse_value

    out = Output(current_env())
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
        raise typer.Exit(shapes_into(face, value, out))
    raise typer.Exit(ExitStatus.SUCCESS)


def expansion_note(value: str) -> str:
    from referee.matchstick.segments import EXPANSION_VALUES

    return _(" (expansion)") if value in EXPANSION_VALUES else ""


def shapes_table(out: Output) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from referee.matchstick.segments import ALL_CARDS, ALL_VALUES, TABLE

    color = out.env.color
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column(_("card"), justify="left")
    for value in ALL_VALUES:
        table.add_column(value, justify="right")
    for card in ALL_CARDS:
        cells = []
        for value in ALL_VALUES:
            way = TABLE[card].get(value)
            if way is None:
                cells.append(Text(""))
            elif way.turned_over:
                cells.append(Text(f"{way.cost}{TURNED_MARK}", style="cyan" if color else ""))
            else:
                cells.append(Text(f"{way.cost} ", style="bold" if color and way.cost == 0 else ""))
        table.add_row(card, *cells)
    out.text(_("Matchsticks to show each value (rows: the physical cards; columns: the value shown)."))
    out.show(table)
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
    from rich import box
    from rich.table import Table

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
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(_("value"))
    table.add_column(_("sticks"), justify="right")
    table.add_column(_("turned over"))
    table.add_column(_("how"))
    for way in results:
        table.add_row(
            way.value + expansion_note(way.value),
            str(way.cost),
            _("yes") if way.turned_over else "",
            way_text(way),
        )
    out.show(table)
    strip = []
    for way in results:
        figure = glyph(way.value, color, large=False, added=way.added)
        figure.append(f"\n{way.value}+{way.cost}")
        strip.append(figure)
    out.show(row_of(strip))
    never = [v for v in ALL_VALUES if not ways(face, v)]
    out.text(
        _("It can become {n} values; never {never}.").format(n=len(results), never=" ".join(never) or _("nothing"))
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
        out.show(row_of([card_panel(face, color, title=face), card_panel(value, color, title=value)]))
        return ExitStatus.ILLEGAL
    for way in found:
        out.text(f"{face} → {value}: {way.describe()}")
    way = found[0]
    panels = [card_panel(face, color, title=face)]
    if way.turned_over:
        panels.append(card_panel(turned(SHAPES[face]), color, title=_("turned")))
    panels.append(card_panel(value, color, title=value, added=way.added))
    out.show(row_of(panels))
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
    record: Annotated[str, typer.Argument(help="The record so far ('-' for standard input).")],
    hand: Annotated[str, typer.Option("--hand", help='Your hand (private, typed by you): "0 4 4 7 C".')],
    json_mode: Annotated[bool, typer.Option("--json", help="JSON for scripts (see the contract).")] = False,
) -> None:
    """Every legal play from your hand that beats the table, with its matchstick cost, cheapest first."""
    from referee.cli.advice import matchstick_hint_command

    matchstick_hint_command(record, hand, json_mode)
