"""Matchstick Tycoon at the table: drawing, menus (no Typer here).

The referee never sees a hand: it knows how many cards and matchsticks each player holds, the copies of each
physical card already played, the play to beat and the strength order. Rich and questionary are imported only
inside the functions that draw or ask (start-up time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.cli import shared_commands
from referee.cli.lazy import advised_by, drawn_by
from referee.cli.output import Column, Output, ScoreTable
from referee.cli.records import parse_players
from referee.cli.shared_commands import GameSample, GameSpec, OptionValues, PlayStart
from referee.cli.status import fail
from referee.engine import Game
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.cli.env import Environment
    from referee.cli.menu_group import MenuGroup
    from referee.matchstick import Action, MatchstickState, Play
    from referee.matchstick.rules import MatchstickRules


def load_rules() -> MatchstickRules:
    """The game's rules, imported at first use (start-up time: a command that judges nothing loads no engine)."""
    from referee.matchstick.rules import RULES

    return RULES


SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red", "cyan", "magenta")
STICK_STYLE = "bold orange1"
ADDED_STYLE = "bold bright_yellow"
TURNED_MARK = "↻"


def sticks(n: int) -> str:
    return _("free") if n == 0 else ngettext("{n} matchstick", "{n} matchsticks", n).format(n=n)


def card_count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def stick_count(n: int) -> str:
    return ngettext("{n} matchstick", "{n} matchsticks", n).format(n=n)


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


def status_line(game: Game[MatchstickState, Action]) -> str:
    state = game.state
    if state.over:
        ranking = load_rules().outcome(state).ranking
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
        n=ngettext("{n} stronger card", "{n} stronger cards", table.count).format(n=table.count),
    )


def seat_status(game: Game[MatchstickState, Action], seat: int) -> str:
    """A player's standing on one line: cards and matchsticks left, and whether they are out, played last or
    passed (the table's seats; the mover is marked there)."""
    state = game.state
    note = seat_note(state, seat)
    parts = [card_count(state.cards[seat]), stick_count(state.matchsticks[seat])]
    if note and state.turn != seat:
        parts.append(note)
    return " · ".join(parts)


COMPACT_BELOW_ROWS = 34
"""Below this many rows the table is drawn small (:func:`render_compact`), so the play to beat stays in view while
the prompt's menu is open on a 24-row terminal."""


def render(game: Game[MatchstickState, Action], out: Output) -> None:
    """The table (the play to beat drawn as 7-segment cards), the order, the players, the copies played."""
    from referee.matchstick.segments import order_text

    if out.json_mode:
        return
    if out.small_terminal(COMPACT_BELOW_ROWS):
        render_compact(game, out)
        return
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
    if count * 10 + 3 + len(order) <= out.width:
        top: Any = Table.grid(padding=(0, 3))
        top.add_column(no_wrap=True, min_width=count * 10 - 1)
        top.add_column()
        top.add_row(cards, info)
    else:  # five cards and the order do not fit side by side
        top = Group(cards, info)

    # the players
    players = ScoreTable("", ["", _("player"), _("cards"), _("matchsticks"), Column("")], left=2, edge=False)
    for seat, name in enumerate(names):
        to_move = state.turn == seat
        style = SEAT_STYLES[seat % len(SEAT_STYLES)] if color else ""
        if seat in state.out:
            style = "dim" if color else ""
        note = seat_note(state, seat)
        players.add_row(
            [
                "▶" if to_move else "",
                Text(name, style=style),
                str(state.cards[seat]),
                str(state.matchsticks[seat]),
                note,
            ]
        )

    copies = copies_table(state, color)
    out.show(Group(top, Text(""), players.rich(), copies))
    out.text(status_line(game))


def copies_table(state: MatchstickState, color: bool) -> Any:
    """How many copies of each physical card are played (a card's copies are limited: see the rules)."""
    from referee.matchstick.segments import cards_for

    physical = cards_for(state.expansion)
    copies = ScoreTable(
        "",
        [Column(_("card"), style="dim" if color else ""), *(Column(card, "center") for card in physical)],
        rules=False,
    )
    copies.add_row(
        [_("played"), *(str(state.copies_played[card]) if state.copies_played[card] else "·" for card in physical)]
    )
    return copies.rich()


def seat_note(state: MatchstickState, seat: int) -> str:
    """What the players' table says of a seat: out (and its place), to move, played last, passed."""
    places = {seat: place for place, seat in enumerate(state.out, start=1)}
    if seat in places:
        return _("out: place {place}").format(place=places[seat])
    if state.over:
        return _("last: place {place}").format(place=len(state.players))
    if state.turn == seat:
        return _("to move") + (_(" (leads)") if state.table is None else "")
    if state.table is not None and state.table.by == seat:
        return _("played last")
    if state.passed >> seat & 1:
        return _("passed")
    return ""


def render_compact(game: Game[MatchstickState, Action], out: Output) -> None:
    """The table on a small terminal (24 rows): the play to beat in small 7-segment figures with what to beat, by
    whom and the order beside them; a line per player (two players a line past six); the copies played; the
    status. At most twelve rows, so the prompt and its menu fit under it."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from referee.matchstick.segments import order_text

    state = game.state
    color = out.env.color
    names = state.players
    info = Text()
    if state.table is None:
        figures: Any = Text("\n" + _("empty") + "\n", style="dim" if color else "")
        info.append(_("The table is empty."), style="bold" if color else "")
    else:
        table = state.table
        figures = row_of([glyph(table.value, color, large=False) for _i in range(table.count)])
        info.append(_("To beat: "), style="bold" if color else "")
        info.append(cards_text(table.count, table.value), style=STICK_STYLE if color else "")
        info.append(" · " + _("played by {name}").format(name=names[table.by]))
    info.append("\n" + order_text(state.reversed, state.expansion).replace(" ", ""), style="bold" if color else "")
    if state.reversed:
        info.append("\n" + _("REVERSED by a revolution (5 cards at once)"), style="bold red" if color else "")
    else:
        info.append("\n" + _("normal order (5 cards at once reverse it)"), style="dim" if color else "")
    top = Table.grid(padding=(0, 3))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(figures, info)

    per_line = 1 if len(names) <= 6 else 2
    seats = Table.grid(padding=(0, 4))
    for _column in range(per_line):
        seats.add_column()
    row: list[Any] = []
    for seat, name in enumerate(names):
        line = Text("▶ " if state.turn == seat else "  ")
        line.append(name, style=SEAT_STYLES[seat % len(SEAT_STYLES)] if color else "")
        line.append(f"  {card_count(state.cards[seat])} · {stick_count(state.matchsticks[seat])}")
        note = seat_note(state, seat)
        if note and (per_line == 1 or seat in state.out):  # two a line: the marker shows who moves
            line.append(f"  {note}", style="dim" if color else "")
        row.append(line)
        if len(row) == per_line:
            seats.add_row(*row)
            row = []
    if row:
        seats.add_row(*row, *([""] * (per_line - len(row))))

    copies = copies_table(state, color)
    out.show(Group(top, seats, copies))
    out.text(status_line(game))


def score_table(game: Game[MatchstickState, Action]) -> ScoreTable:
    """The ranking (the game has no points): the order of going out, then the players still in, who have no place
    until the game ends (they are listed in seat order, with a dash for their place)."""
    state = game.state
    outcome = load_rules().outcome(state)
    if state.over:
        title, placed = _("Final ranking"), outcome.ranking
    else:
        title = _("Not over: the players out so far, then those still in")
        out_first = [state.players[seat] for seat in state.out]
        placed = out_first + [name for name in state.players if name not in out_first]
    table = ScoreTable(title, [_("place"), _("player"), _("cards"), _("matchsticks")], left=2)
    for place, name in enumerate(placed, start=1):
        seat = state.players.index(name)
        shown = str(place) if state.over or place <= len(state.out) else "—"
        table.add_row(
            [shown, name, str(state.cards[seat]), str(state.matchsticks[seat])],
            SEAT_STYLES[seat % len(SEAT_STYLES)],
        )
    return table


# -- asking at a terminal --------------------------------------------------------------------------------------
# The menus offer the rules' legal actions and nothing else: which values can be played, with which counts and at
# what cheapest cost (``play_options``), and which physical cards can still fill each slot of a play
# (``card_choices``) come from the rules package; the entries of the last menu are the ``Play`` actions themselves
# (the prompter shows each with the rules' notation), and "pass" is the ``Pass`` action. :func:`menu_groups` and
# :class:`PlayMenu` are pure; :func:`ask_action` only asks.


@dataclass(frozen=True, eq=False)
class PlayMenu:
    """The menus of a play, a pure tree over one position: which value is shown → how many cards → each physical
    card in turn. Every path ends in a legal ``Play`` (the entries of the last card's menu), and every legal play
    ends some path."""

    state: MatchstickState

    def values(self) -> list[tuple[str, str]]:
        """(label, value) for each value that can be played now, weakest first as the order stands."""
        from referee.matchstick import REVOLUTION, play_options

        return [
            (
                f"{value:3} "
                + (_("free") if option.cheapest == 0 else _("from {cost}").format(cost=sticks(option.cheapest)))
                + (_("  (5 cards: revolution)") if option.counts == (REVOLUTION,) else ""),
                value,
            )
            for value, option in play_options(self.state).items()
        ]

    def counts(self, value: str) -> list[tuple[str, int]]:
        """(label, count) for each number of cards ``value`` can be played with."""
        from referee.matchstick import REVOLUTION, play_options

        option = play_options(self.state).get(value)
        counts = option.counts if option is not None else ()
        return [(str(n) + (_("  (revolution)") if n == REVOLUTION else ""), n) for n in counts]

    def plays(self, value: str, count: int) -> list[Play]:
        """The legal plays of ``count`` cards showing ``value`` (the rules' list)."""
        from referee.matchstick import plays_of

        return plays_of(self.state, value, count)

    def step(self, value: str, count: int, chosen: tuple[str, ...]) -> CardStep:
        """What is still open in a play of ``count`` cards showing ``value`` once ``chosen`` are picked.

        The cards that every play left holds are taken as picked (nobody need be asked for them); then, when the
        plays left are few, they are offered whole, else the cards that can fill the next slot, cheapest first."""
        from collections import Counter

        from referee.matchstick import Play, card_choices, play_cost

        state = self.state
        picked = Counter(chosen)
        left = [play for play in self.plays(value, count) if not picked - Counter(play.cards)]
        rests = [Counter(play.cards) - picked for play in left]
        common = Counter(rests[0]) if rests else Counter()  # a copy: &= changes it in place
        for rest in rests[1:]:
            common &= rest
        settled = Play(value, (*chosen, *common.elements())).cards if common else tuple(chosen)
        if len(left) <= WHOLE_PLAYS:
            left.sort(key=play_cost)  # stable: the rules' order among plays of one cost
            return CardStep(settled, [(self.play_label(play), play) for play in left], [])
        open_cards = {card for rest in rests for card, n in rest.items() if n > common[card]}
        return CardStep(
            settled,
            [],
            [
                (way_label(card, value, cost, state.copies_left(card) - settled.count(card)), card)
                for card, cost, _copies in card_choices(state, value, count, settled)
                if card in open_cards
            ],
        )

    def play_label(self, play: Play) -> str:
        """The physical cards of ``play``, how each shows its value, and what the play costs in all."""
        from collections import Counter

        from referee.matchstick import play_cost

        parts = [how_label(card, play.value) + (f" ×{n}" if n > 1 else "") for card, n in Counter(play.cards).items()]
        return _("{cards} — {cost}").format(cards=" + ".join(parts), cost=sticks(play_cost(play)))


WHOLE_PLAYS = 8
"""At most this many plays left, they are offered whole (one step) rather than card by card."""


@dataclass(frozen=True)
class CardStep:
    """One question of a play's cards: the cards ``chosen`` so far (with those no play left could do without),
    and either the ``plays`` left, offered whole, or the ``cards`` that can fill the next slot."""

    chosen: tuple[str, ...]
    plays: list[tuple[str, Any]]
    cards: list[tuple[str, str]]


def menu_groups(game: Game[MatchstickState, Action]) -> list[MenuGroup]:
    """The first menu: play cards (its entries: the values of :meth:`PlayMenu.values`, whose menus follow) when a
    play is possible, and pass (the ``Pass`` action, labelled by the rules' notation) when the rules allow it."""
    from referee.cli.menu_group import MenuGroup
    from referee.matchstick import PASS

    state = game.state
    seat = state.turn
    if seat is None:
        return []
    groups: list[MenuGroup] = []
    values = PlayMenu(state).values()
    if values:
        label = (
            _("play cards")
            if state.table is None
            else _("play {n} stronger than {value}").format(
                n=ngettext("{n} card", "{n} cards", state.table.count).format(n=state.table.count),
                value=state.table.value,
            )
        )
        groups.append(MenuGroup(label, values))
    if load_rules().judge(state, PASS).legal:
        groups.append(
            MenuGroup(
                _("pass and take a matchstick (then {n})").format(n=state.matchsticks[seat] + 1),
                [(load_rules().format(PASS, state), PASS)],
            )
        )
    return groups


def how_label(card: str, value: str) -> str:
    """How a physical card shows ``value``: which side up and where matchsticks are added."""
    from referee.matchstick import card_face
    from referee.matchstick.segments import FACES, TABLE

    way = TABLE[card][value]
    if len(FACES[card]) > 1:
        how = _("{card} card, {face} side up").format(card=card, face=card_face(card, value))
        if way.added:
            how += ", " + _("add {places}").format(places=", ".join(way.added_names))
        return how
    return _("{card} card").format(card=card) + ", " + way.describe().split(" (")[0]


def way_label(card: str, value: str, cost: int, left: int) -> str:
    """How a physical card shows ``value``, what it costs, and how many of its copies are still unplayed."""
    return _("{how} — {cost} ({left} not played yet)").format(how=how_label(card, value), cost=sticks(cost), left=left)


def ask_action(game: Game[MatchstickState, Action], prompter: Any, out: Output) -> Any:
    """Menus offering only legal choices: play (value → count → each physical card) or pass. Returns the action
    object picked, or a session command."""
    from referee.matchstick import play_options

    state = game.state
    seat = state.turn
    assert seat is not None
    name = state.players[seat]
    topics = shared_commands.topic_names(SPEC)
    message = _("{name}, your turn ({cards}, {sticks})").format(
        name=name, cards=card_count(state.cards[seat]), sticks=stick_count(state.matchsticks[seat])
    )
    while True:
        answer = prompter.choose_action(message, menu_groups(game), topics)
        if not (isinstance(answer, str) and answer in play_options(state)):
            return answer  # the Pass action, or a session command
        play = ask_play(PlayMenu(state), answer, prompter)
        if play is None:
            continue
        verdict = game.judge(play)  # the menus offer legal plays only; the rules have the last word
        if not verdict.legal:
            out.error(verdict.reason)
            continue
        return play  # the session announces it with the rules' words, as it does a typed play


def ask_play(menu: PlayMenu, value: str, prompter: Any) -> Any:
    """The rest of the menus of a play showing ``value``: how many cards (when more than one count is possible),
    then its cards (:func:`ask_cards`); the ``Play`` picked, or None for "back" from the first of these."""
    from referee.cli.table.menus import BACK

    counts = menu.counts(value)
    while True:
        if len(counts) == 1:
            count = counts[0][1]
        else:
            picked = prompter.select(
                _("How many cards showing {value}? (5 at once is a revolution)").format(value=value),
                [*((label, str(n)) for label, n in counts), (_("back"), BACK)],
            )
            if picked == BACK:
                return None
            count = int(picked)
        play = ask_cards(menu, value, count, prompter)
        if play is not None:
            return play
        if len(counts) == 1:
            return None


def ask_cards(menu: PlayMenu, value: str, count: int, prompter: Any) -> Any:
    """The physical cards of a play of ``count`` cards showing ``value``, asking only what is open
    (:meth:`PlayMenu.step`): a play that is the only one left is returned unasked. "back" goes back one question;
    from the first, it returns None."""
    from referee.cli.table.menus import BACK
    from referee.matchstick import Play, play_cost

    state = menu.state
    seat = state.turn
    assert seat is not None
    budget = state.matchsticks[seat]
    asked: list[tuple[str, ...]] = []
    """What was chosen before each question asked so far ("back" returns to the last)."""
    chosen: tuple[str, ...] = ()
    while True:
        step = menu.step(value, count, chosen)
        if len(step.plays) == 1:
            return step.plays[0][1]
        left = stick_count(budget - play_cost(Play(value, step.chosen)))
        if count == 1:
            question = _("Which physical card shows {value}? ({left})").format(value=value, left=left)
        elif step.plays:
            question = _("Which cards show {value}? ({left})").format(value=value, left=left)
        else:
            question = _("Card {i} of {n} shown as {value}: which physical card? ({left} left)").format(
                i=len(step.chosen) + 1, n=count, value=value, left=left
            )
        choice = prompter.select(question, [*(step.plays or step.cards), (_("back"), BACK)])
        if choice == BACK:
            if not asked:
                return None
            chosen = asked.pop()
            continue
        if isinstance(choice, Play):
            return choice
        asked.append(chosen)
        chosen = (*step.chosen, choice)


# -- setup -----------------------------------------------------------------------------------------------------
def make_setup(count: int, expansion: int, deal_all: bool) -> dict[str, Any]:
    from referee.matchstick import deal_sizes
    from referee.matchstick.segments import EXPANSIONS

    if expansion not in EXPANSIONS:
        raise InputError(_("--expansion must be 0, 2 or 4 (copies of G and H), not {n}").format(n=expansion))
    return {"expansion": expansion, "deal_all": deal_all, "hand_sizes": deal_sizes(count, expansion, deal_all)}


def players_and_setup(players: str, expansion: int, deal_all: bool, out: Output) -> tuple[list[str], dict[str, Any]]:
    try:
        from referee.matchstick import check_players

        names = parse_players(players)
        check_players(names)
        return names, make_setup(len(names), expansion, deal_all)
    except RefereeError as error:
        raise fail(out, error) from None


def rules_appendix() -> str:
    """The end of the game's rules page (imported only when the page is written)."""
    from referee.cli.games.matchstick.rules_page import rules_appendix as appendix

    return appendix()


def play_start(env: Environment, values: OptionValues, out: Output) -> PlayStart:
    """``play``: the players, ``--expansion`` and ``--deal-all`` (unless resuming); no computer."""
    if values["resume"] is None and values["players"]:
        names, setup = players_and_setup(values["players"], values["expansion"], values["deal_all"], out)
        return names, setup, None
    return None, None, None


SPEC: GameSpec[MatchstickState, Action] = GameSpec(
    name="matchstick",
    load_rules=load_rules,
    rulebook_package="referee.matchstick",
    render=render,
    score_table=score_table,
    status_line=status_line,
    ask_action=ask_action,
    menu_groups=menu_groups,
    seat_status=seat_status,
    hint=advised_by("referee.cli.games.matchstick.advice"),
    picture=drawn_by("referee.cli.games.matchstick.picture"),
    rules_appendix=rules_appendix,
    sample=GameSample(
        ("Ann", "Bob", "Cy"),
        {"expansion": 0, "deal_all": False, "hand_sizes": [15, 15, 15]},
        ("--players", "Ann,Bob,Cy"),
        ("pass", "play 8 0", "play"),
        ("zh_Hans", "zh_Hant", "ko"),
        vocabulary=("play", "pass", "8", "0", "4", "6", "9", "3", "E", "G", "H", "A", "-1", "10", "99", "1", "5"),
        setup_keys=("expansion", "deal_all", "hand_sizes"),
    ),
    play_start=play_start,
)


complete_topic = shared_commands.topic_completer(SPEC, __name__)


def complete_card(incomplete: str) -> list[str]:
    from referee.matchstick.segments import ALL_CARDS, FACES

    faces = [face for card in ALL_CARDS for face in FACES[card]]
    return [face for face in faces if face.lower().startswith(incomplete.lower())]


def complete_value(incomplete: str) -> list[str]:
    from referee.matchstick.segments import ALL_VALUES

    return [value for value in ALL_VALUES if value.lower().startswith(incomplete.lower())]
