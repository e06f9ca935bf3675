"""Coin Age at the table: drawing the board, the menus, positions, and the setup through the map layer
(:mod:`referee.cli.games.coin_age.maps`). No Typer here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.cli import shared_commands
from referee.cli.games.coin_age.maps import map_names, prepare_setup, record_setup, region_word, shown_name
from referee.cli.lazy import advised_by, drawn_by
from referee.cli.output import Output, ScoreTable, sentences
from referee.cli.records import check_game, check_players
from referee.cli.shared_commands import GameSample, GameSpec, OptionValues, PlayStart
from referee.engine import Game
from referee.errors import InputError, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.env import Environment
    from referee.cli.menu_group import MenuGroup
    from referee.coin_age.actions import Action
    from referee.coin_age.rules import CoinAgeRules
    from referee.coin_age.state import CoinAgeState


def load_rules() -> CoinAgeRules:
    """The game's rules, imported at first use (start-up time: a command that judges nothing loads no engine)."""
    from referee.coin_age.rules import RULES

    return RULES


SIDE_NAME = (_("heads"), _("tails"))
REGION_STYLES = {
    "brown": "dark_orange3",
    "dark green": "green4",
    "light green": "chartreuse3",
    "green": "green3",
    "grey": "grey62",
    "gray": "grey62",
    "blue": "dodger_blue2",
    "red": "red3",
    "yellow": "yellow3",
    "white": "white",
    "purple": "medium_purple",
    "orange": "orange3",
}
OWNER_STYLES = ("bold cyan", "bold magenta")


# -- drawing the table -----------------------------------------------------------------------------------------
def render(game: Game[CoinAgeState, Action], out: Output) -> None:
    """The board as the card looks (rows top first, each space's stack top coin first), banks and score."""
    from referee.coin_age.coins import LETTER

    if out.json_mode:
        return
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    state = game.state
    game_map = state.map

    def space_panel(space_id: str) -> Panel:
        index = game_map.index[space_id]
        space = game_map.spaces[index]
        region = game_map.region(space.region)
        style = REGION_STYLES.get((region.color or "").lower(), "")
        body = Text(space.name[:16], style="dim")
        body.append("\n")
        stack = state.board[index]
        if not stack:
            body.append("·", style="dim")
        for coin in reversed(stack):
            body.append(f"{LETTER[coin.rank]}{'ht'[coin.side]} ", style=OWNER_STYLES[coin.side])
        return Panel(
            body,
            title=Text(space.id),
            title_align="left",
            subtitle=Text(region_word(region.id)[:10]),
            subtitle_align="right",
            border_style=style,
            box=box.ROUNDED,
            width=PANEL_WIDTH,
            padding=(0, 1),
        )

    def space_cell(space_id: str) -> Text:
        """A space on one line: its id in its region's colour and its stack, top coin first."""
        index = game_map.index[space_id]
        region = game_map.region(game_map.spaces[index].region)
        cell = Text(space_id, style=REGION_STYLES.get((region.color or "").lower(), "") or "bold")
        stack = state.board[index]
        if not stack:
            cell.append(" ·", style="dim")
        for coin in reversed(stack):
            cell.append(f" {LETTER[coin.rank]}{'ht'[coin.side]}", style=OWNER_STYLES[coin.side])
        return cell

    widest = max(len(row) for row in game_map.layout)
    compact = out.small_terminal(COMPACT_BELOW_ROWS, PANEL_WIDTH * widest)
    """Below these sizes, a space is a line, not a card, and the score a plain table: at 80×24 the whole board, the
    score, the prompt and its menu stay in view."""
    cell_width = PANEL_WIDTH if not compact else max(12, min(PANEL_WIDTH, out.width // widest))
    rows = []
    for row in game_map.layout:
        grid = Table.grid(padding=(0, 0))
        cells: list[Any] = []
        if len(row) < widest:
            grid.add_column(width=cell_width // 2)
            cells.append("")
        for _space in row:
            grid.add_column(width=cell_width if compact else None)
        grid.add_row(*cells, *(space_cell(space_id) if compact else space_panel(space_id) for space_id in row))
        rows.append(grid)
    table = score_table(game)
    if compact:
        out.show(Group(Text(shown_name(game_map.name), style="bold"), *rows))
        out.show(regions_text(state, out.width))
        for line in table.lines(out.width, titled=False):
            out.text(line)
    else:
        out.show(Group(Text(shown_name(game_map.name), style="bold"), *rows, table.rich()))
    out.text(coin_legend())
    out.text(status_line(game))


PANEL_WIDTH = 20
COMPACT_BELOW_ROWS = 34


def regions_text(state: CoinAgeState, width: int) -> Any:
    """The regions under the compact board (whose spaces are one line each and show no region): each region's
    spaces, in its colour, and who controls more of them now (the rules' :func:`region_control`), e.g.
    ``peaks A1 A2 A3 B1: Ann 2–1``, as many a line as fit ``width``."""
    from rich.text import Text

    from referee.coin_age.rules import region_control

    game_map = state.map
    entries = []
    for control in region_control(state):
        region = game_map.regions[control.region]
        members = " ".join(game_map.space_ids[i] for i in game_map.region_members[control.region])
        entry = Text(f"{region_word(region.id)} ", style=REGION_STYLES.get((region.color or "").lower(), "") or "bold")
        entry.append(members + ": ")
        if control.leader is None:
            entry.append(_("even {a}–{b}").format(a=control.held[0], b=control.held[1]), style="dim")
        else:
            entry.append(
                _("{name} {more}–{fewer}").format(
                    name=state.players[control.leader],
                    more=control.held[control.leader],
                    fewer=control.held[1 - control.leader],
                )
            )
        entries.append(entry)
    label = Text(_("Regions: "))
    lines = [label.copy()]
    for entry in entries:
        started = lines[-1].cell_len > label.cell_len
        if started and lines[-1].cell_len + 3 + entry.cell_len > width:
            lines.append(Text(" " * label.cell_len))
        elif started:
            lines[-1].append(" · ", style="dim")
        lines[-1].append_text(entry)
    return Text("\n").join(lines)


def coin_legend() -> str:
    """One line saying what the coin codes under the board mean."""
    return _("Q quarter 4 · N nickel 3 · P penny 2 · D dime 1 · h heads, t tails · top first")


def score_table(game: Game[CoinAgeState, Action]) -> ScoreTable:
    """The score if the game ended now: each player's bank coins, then spaces + region bonus + bank = total."""
    from referee.coin_age.coins import RANKS

    state = game.state
    outcome = load_rules().outcome(state)
    breakdown = outcome.breakdown or {}
    when = _("final score") if state.over else _("the score if the game ended now")
    table = ScoreTable(
        f"{shown_name(state.map.name)}: {when}",
        [_("player"), _("side"), "Q N P D", _("spaces"), _("regions"), _("bank"), _("total")],
        left=3,
    )
    for seat, name in enumerate(state.players):
        parts = breakdown[name]
        table.add_row(
            [
                name,
                f"{'ht'[seat]} {SIDE_NAME[seat]}",
                " ".join(str(state.banks[seat][rank]) for rank in RANKS),
                str(parts["spaces"]),
                str(parts["region_bonus"]),
                str(parts["bank"]),
                str(outcome.scores[name]),
            ],
            OWNER_STYLES[seat],
        )
    return table


def status_line(game: Game[CoinAgeState, Action]) -> str:
    from referee.coin_age.coins import LETTER, RANKS

    state = game.state
    outcome = load_rules().outcome(state)
    if state.over or not state.turn_known:
        reason = state.end_reason or _("position as typed")
        head = (
            _("Game over: {reason}.").format(reason=reason)
            if state.over
            else _("Not over ({reason}).").format(reason=reason)
        )
        if outcome.winner is None:
            verdict = _("A draw.") if state.over else ""
        elif state.over:
            verdict = _("{winner} wins.").format(winner=outcome.winner)
        else:
            verdict = _("{winner} leads.").format(winner=outcome.winner)
        return sentences(head, verdict, outcome.tie_break or "")
    player = game.to_move
    if state.tossed and game.rules.to_move(state) == state.seat:
        left = []
        if state.placements_left and state.unused:
            left.append(
                _("place {n} ({kinds})").format(
                    n=state.placements_left, kinds="".join(LETTER[r] for r in RANKS if r in state.unused)
                )
            )
        if state.may_pay and state.unused:
            left.append(_("pay 1"))
        if state.may_move:
            left.append(_("move"))
        if state.may_capture:
            left.append(_("capture"))
        return _("{player} to move: {left}, or done.").format(player=player, left=", ".join(left))
    return _("{player} to toss ({kinds}).").format(
        player=player, kinds=" ".join(LETTER[r] for r in RANKS if state.banks[state.tosser()][r])
    )


def seat_status(game: Game[CoinAgeState, Action], seat: int) -> str:
    """A player's standing on one line: their side, the score if the game ended now with its breakdown, and the
    coins left in their bank (the table's seats)."""
    from referee.coin_age.coins import LETTER, RANKS

    state = game.state
    outcome = load_rules().outcome(state)
    name = state.players[seat]
    parts = (outcome.breakdown or {}).get(name, {})
    bank = " ".join(f"{LETTER[rank]}{state.banks[seat][rank]}" for rank in RANKS)
    return _("{side} · {total} = spaces {spaces} + regions {bonus} + bank {bank_points} · bank {bank}").format(
        side=SIDE_NAME[seat],
        total=outcome.scores[name],
        spaces=parts.get("spaces", 0),
        bonus=parts.get("region_bonus", 0),
        bank_points=parts.get("bank", 0),
        bank=bank,
    )


# -- asking at a terminal --------------------------------------------------------------------------------------
VERB_LABELS = {
    "Pay": _("pay a coin (4 matches: allows a third placement)"),
    "Move": _("move a stack"),
    "Capture": _("capture a coin"),
}


KIND_NUMBERS = {"Pay": 5, "Move": 6, "Capture": 7}
"""The number each kind of action keeps in a turn's first menu: 1-4 place a coin (the quarter to the dime), 5 pay,
6 move, 7 capture, 8 end the turn; a key means the same thing on every step of a turn."""
ACTION_KINDS = 8


def menu_groups(game: Game[CoinAgeState, Action]) -> list[MenuGroup]:
    """The menus, as data: in a turn, a group per coin to place (its spaces), the pays, the moves, the captures,
    and ending the turn; when a toss is due, one group of the legal tosses (which kinds matched). Every entry is
    an action object of the rules, labelled by the rules' :meth:`describe`."""
    from referee.cli.menu_group import MenuGroup
    from referee.coin_age.actions import DONE, Capture, Move, Place, Slap
    from referee.coin_age.coins import LETTER, NAME, RANKS

    state = game.state
    rules = load_rules()
    if state.tossed and rules.has_turn_action(state):
        order = {space_id: i for i, space_id in enumerate(sid for row in state.map.layout for sid in row)}
        ids = state.map.space_ids

        def where(action: Action) -> list[int]:
            """The menu's order, as the words of the action's notation: a coin before any space, spaces as laid
            out on the card (so pays come first, then places by space, then moves and captures by space)."""
            match action:
                case Place(space=space):
                    return [-1, order[ids[space]]]
                case Move(source=source, target=target):
                    return [order[ids[source]], order[ids[target]]]
                case Capture(space=space):
                    return [order[ids[space]]]
            return [-1]

        by_key: dict[object, MenuGroup] = {}
        for action in sorted(rules.turn_actions(state), key=where):
            if isinstance(action, Place):  # one submenu per coin: its spaces
                key: object = (Place, action.rank)
                label = _("place the {coin} ({letter})").format(coin=NAME[action.rank], letter=LETTER[action.rank])
                number = 1 + RANKS.index(action.rank)
            else:
                key, label = type(action), VERB_LABELS[type(action).__name__]
                number = KIND_NUMBERS[type(action).__name__]
            group = by_key.setdefault(key, MenuGroup(label, number=number))
            group.actions.append((rules.describe(action, state), action))
        tosser = state.players[1 - state.seat]
        done = MenuGroup(
            _("end the turn ({player} tosses next)").format(player=tosser), [("done", DONE)], number=ACTION_KINDS
        )
        return sorted([*by_key.values(), done], key=lambda group: group.number or 0)
    seat = state.tosser()
    tosses = [
        (rules.describe(action, state), action) for action in rules.legal_actions(state) if isinstance(action, Slap)
    ]
    label = _("{player} tosses: say which coins matched").format(player=state.players[seat])
    return [MenuGroup(label, tosses)]


def ask_action(game: Game[CoinAgeState, Action], prompter: Any, out: Output) -> object:
    """The next action picked from the menus of :func:`menu_groups` (an action object), or a session command."""
    state = game.state
    if state.tossed and load_rules().has_turn_action(state):
        message = _("{player}, your action").format(player=state.players[state.seat])
    else:
        message = _("{player} tosses: say which coins matched").format(player=state.players[state.tosser()])
    return prompter.choose_action(message, menu_groups(game), shared_commands.topic_names(SPEC), ACTION_KINDS)


# -- positions -------------------------------------------------------------------------------------------------
def load_position(document: dict[str, Any], source: str, out: Output) -> Game[CoinAgeState, Action] | None:
    from referee.coin_age.position import state_from_position

    if "board" not in document and "banks" not in document:
        return None
    check_game(document, SPEC.name, source)
    players = check_players(document, source)
    setup = document.get("setup", {})
    board, banks = document.get("board", {}), document.get("banks", {})
    if not isinstance(setup, dict) or not isinstance(board, dict) or not isinstance(banks, dict):
        raise InputError(_("{file}: [setup], [board] and [banks] must be tables").format(file=source))
    setup = prepare_setup(setup, source)
    state, warnings = state_from_position(players, setup, board, banks)
    for warning in warnings:
        out.warn(f"{source}: {warning}")
    return Game.from_state(load_rules(), players, setup, state)


def rules_appendix() -> str:
    """The end of the game's rules page (imported only when the page is written)."""
    from referee.cli.games.coin_age.rules_page import rules_appendix as appendix

    return appendix()


# -- play's start ------------------------------------------------------------------------------------------------
def players_and_setup(players: str, map_value: str, out: Output) -> tuple[list[str], dict[str, Any]]:
    """The players of ``--players`` and the rules' setup of ``--map`` (the map loaded by the map layer)."""
    try:
        from referee.cli.games.coin_age.maps import map_setup
        from referee.cli.records import parse_players

        names = parse_players(players)
        if len(names) != 2:
            raise InputError(_("Coin Age is for two players, not {count}").format(count=len(names)))
        return names, map_setup(map_value, out)
    except RefereeError as error:
        from referee.cli.status import fail

        raise fail(out, error) from None


def play_start(env: Environment, values: OptionValues, out: Output) -> PlayStart:
    """``play``: the players and the map (unless resuming), and the computer of ``--computer`` or
    ``--vs-computer``."""
    names, setup = (None, None)
    if values["resume"] is None and values["players"]:
        names, setup = players_and_setup(values["players"], values["map_value"], out)
    player = None
    computer, vs_computer, computer_seat = values["computer"], values["vs_computer"], values["computer_seat"]
    if vs_computer or computer is not None or computer_seat is not None:
        from referee.cli.games.coin_age.sparring import coin_age_computer, computer_seat_of

        seat = computer_seat_of(computer, vs_computer, computer_seat)
        player = coin_age_computer(
            seat, values["seed"], values["computer_time"], values["computer_tosses"], values["level"]
        )
    return names, setup, player


SPEC: GameSpec[CoinAgeState, Action] = GameSpec(
    name="coin-age",
    load_rules=load_rules,
    rulebook_package="referee.coin_age",
    render=render,
    score_table=score_table,
    status_line=status_line,
    prepare_setup=prepare_setup,
    record_setup=record_setup,
    load_position=load_position,
    describe=lambda action, state: load_rules().describe(action, state),
    ask_action=ask_action,
    menu_groups=menu_groups,
    seat_status=seat_status,
    hint=advised_by("referee.cli.games.coin_age.advice"),
    menu_kinds=ACTION_KINDS,
    picture=drawn_by("referee.cli.games.coin_age.picture"),
    rules_appendix=rules_appendix,
    computer_from_record=lambda table, players: _computer_from_record(table, players),
    play_start=play_start,
    refuse_at_table=lambda game, action: refuse_at_table(game, action),
    sample=GameSample(
        ("Ann", "Bob"),
        {"map": "original"},
        ("--players", "Ann,Bob"),
        ("done", "capture B2", "fly away"),
        ("zh_Hans", "zh_Hant", "ko"),
        vocabulary=(
            *("slap", "place", "pay", "move", "capture", "done", "end", "Q", "N", "P", "D", "4", "1", "0", "-"),
            *("QND", "QQ", "A1", "B2", "C3", "Z9", "a1", "QNPD"),
        ),
        setup_keys=("map",),
        computer_play=(
            *("--players", "Ann,Bob", "--vs-computer", "--seed", "3", "--computer-time", "0.1", "--level", "2"),
        ),
    ),
)


def refuse_at_table(game: Game[CoinAgeState, Action], action: Action) -> str | None:
    """``done`` typed at the prompt of the player who must toss: the rules take it (it ends the turn of the player
    in turn, who has nothing left to do), but that player's toss ends that turn anyway, and the line is not theirs
    to end it with: refused, so nothing is recorded that the player did not mean."""
    from referee.coin_age.actions import Done

    state = game.state
    if not isinstance(action, Done) or game.rules.to_move(state) == state.seat:
        return None
    return _("{player} must toss now: 'done' would end {other}'s turn, which the toss ends anyway.").format(
        player=game.to_move, other=state.players[state.seat]
    )


def _computer_from_record(table: dict[str, Any], players: int) -> Any:
    from referee.cli.games.coin_age.sparring import computer_from_record

    return computer_from_record(table, players)


complete_topic = shared_commands.topic_completer(SPEC, __name__)


def complete_map(incomplete: str) -> list[str]:
    return [name for name in [*map_names(), "random"] if name.startswith(incomplete)]
