"""``referee coin-age``: Coin Age at the table."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli import common
from referee.cli.commands import JsonOption, add_record_commands
from referee.cli.common import GameSpec, fail
from referee.cli.env import current as current_env
from referee.cli.files import display_name, read_toml
from referee.cli.lazy import LazyRules
from referee.cli.output import Output
from referee.cli.records import check_game, check_players, parse_players
from referee.cli.status import ExitStatus
from referee.engine import Game
from referee.errors import InputError, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.coin_age.maps import GameMap
    from referee.coin_age.rules import CoinAgeState

RULES = LazyRules("referee.coin_age.rules")
"""The game's rules, imported at first use (start-up time: see referee.cli.lazy)."""
DEFAULT_MAP = "original"
"""The map when none is named (``referee.coin_age.builtin_maps.DEFAULT_MAP``; a test keeps the two equal)."""

app = typer.Typer(
    help="Coin Age: 2 players, coins slapped on a map card.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
maps_app = typer.Typer(help="The map cards: list, show, validate.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(maps_app, name="maps")

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


# -- maps: built-in, the player's own folder, or a file --------------------------------------------------------
def user_maps_dir() -> Path:
    """A player's own maps: ``$REFEREE_MAPS``, else ``$XDG_CONFIG_HOME/referee/maps`` (``~/.config/...``)."""
    if "REFEREE_MAPS" in os.environ:
        return Path(os.environ["REFEREE_MAPS"])
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "referee" / "maps"


def user_map_names() -> list[str]:
    folder = user_maps_dir()
    return sorted(path.stem for path in folder.glob("*.toml")) if folder.is_dir() else []


def load_map_file(path: str, out: Output | None = None) -> GameMap:
    from referee.coin_age.maps import load_map

    game_map = load_map(read_toml(path, current_env().stdin), source=display_name(path))
    if out is not None:
        for warning in game_map.warnings:
            out.warn(warning)
    return game_map


def map_setup(value: str, out: Output) -> dict[str, Any]:
    """``--map NAME|FILE|random`` → the record's setup: a built-in map by name, any other map as a whole table."""
    from referee.coin_age.builtin_maps import builtin_map, builtin_map_names

    if value.lower() == "random":
        value = random.choice(builtin_map_names())
    if builtin_map(value) is not None and not Path(value).is_file():
        return {"map": value.lower()}
    user_file = user_maps_dir() / f"{value}.toml"
    if not Path(value).exists() and user_file.is_file():
        return {"map": load_map_file(str(user_file), out).to_toml()}
    if Path(value).exists() or value.endswith(".toml") or value == "-":
        return {"map": load_map_file(value, out).to_toml()}
    raise InputError(
        _("unknown map '{name}': installed maps are {names}; or give a map file").format(
            name=value, names=", ".join(builtin_map_names() + user_map_names())
        )
    )


# -- drawing the table -----------------------------------------------------------------------------------------
def render(game: Game[CoinAgeState, Any], out: Output) -> None:
    """The board as the card looks (rows top first, each space's stack top coin first), banks and score."""
    from referee.coin_age.coins import LETTER, RANKS

    if out.json_mode:
        return
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    state = game.state
    game_map = state.map
    names = state.players

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
            subtitle=Text(region.id[:10]),
            subtitle_align="right",
            border_style=style,
            box=box.ROUNDED,
            width=20,
            padding=(0, 1),
        )

    rows = []
    for row in game_map.layout:
        grid = Table.grid(padding=(0, 0))
        if len(row) < max(len(r) for r in game_map.layout):
            grid.add_column(width=10)
            cells: list[Any] = [""]
        else:
            cells = []
        for _space in row:
            grid.add_column()
        grid.add_row(*cells, *(space_panel(space_id) for space_id in row))
        rows.append(grid)

    outcome = RULES.outcome(state)
    breakdown = outcome.breakdown or {}
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for header in (_("player"), _("side"), "Q N P D", _("spaces"), _("regions"), _("bank"), _("total")):
        table.add_column(header, justify="right" if header not in (_("player"), _("side")) else "left")
    for seat, name in enumerate(names):
        bank = state.banks[seat]
        parts = breakdown[name]
        table.add_row(
            Text(name, style=OWNER_STYLES[seat]),
            f"{'ht'[seat]} {SIDE_NAME[seat]}",
            " ".join(str(bank[rank]) for rank in RANKS),
            str(parts["spaces"]),
            str(parts["region_bonus"]),
            str(parts["bank"]),
            str(outcome.scores[name]),
        )
    out.show(Group(Text(f"{game_map.name}", style="bold"), *rows, table))
    out.text(status_line(game))


def status_line(game: Game[CoinAgeState, Any]) -> str:
    from referee.coin_age.coins import LETTER, RANKS

    state = game.state
    outcome = RULES.outcome(state)
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
        tie = f" {outcome.tie_break}." if outcome.tie_break else ""
        return f"{head} {verdict}{tie}".strip()
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


# -- asking at a terminal --------------------------------------------------------------------------------------
TOSS = "\x00toss"
VERB_LABELS = {
    "place": _("place a coin"),
    "pay": _("pay a coin (4 matches: allows a third placement)"),
    "move": _("move a stack"),
    "capture": _("capture a coin"),
    "done": _("end the turn"),
}


def ask_action(game: Game[CoinAgeState, Any], prompter: Any, out: Output) -> str:
    from referee.cli.prompts import MenuGroup
    from referee.coin_age.coins import LETTER, NAME, RANKS

    state = game.state
    topics = common.topic_names(SPEC)
    groups: list[MenuGroup] = []
    if state.tossed and RULES.has_turn_action(state):
        order = {space_id: i for i, space_id in enumerate(sid for row in state.map.layout for sid in row)}
        by_key: dict[str, MenuGroup] = {}
        entries = [(RULES.format(action, state), action) for action in RULES.turn_actions(state)]
        entries.sort(key=lambda entry: [order.get(word, -1) for word in entry[0].split()[1:]])
        for text, action in entries:
            words = text.split()
            if words[0] == "place":  # one submenu per coin: its spaces
                key, label = text[:7], _("place the {coin} ({letter})").format(coin=NAME[action.rank], letter=words[1])
            else:
                key, label = words[0], VERB_LABELS[words[0]]
            group = by_key.setdefault(key, MenuGroup(label))
            group.actions.append((RULES.describe(action, state), text))
        groups = list(by_key.values())
        tosser = state.players[1 - state.seat]
        groups.append(MenuGroup(_("end the turn ({player} tosses next)").format(player=tosser), [("done", "done")]))
        message = _("{player}, your action").format(player=state.players[state.seat])
    else:
        tosser_seat = state.tosser()
        tosser = state.players[tosser_seat]
        groups.append(MenuGroup(_("{player} tosses: say which coins matched").format(player=tosser), [("", TOSS)]))
        message = _("{player}'s turn").format(player=tosser)
    answer = prompter.choose_action(message, groups, topics)
    if answer != TOSS:
        return answer
    seat = state.tosser()
    bank = state.banks[seat]
    choices = [(f"{NAME[rank]} ({LETTER[rank]})", LETTER[rank]) for rank in RANKS if bank[rank]]
    matched = prompter.checkbox(
        _("{player} tosses {kinds}. Which show {side}?").format(
            player=state.players[seat], kinds=" ".join(value for _label, value in choices), side=SIDE_NAME[seat]
        ),
        choices,
    )
    return "slap " + ("".join(matched) or "-")


# -- positions -------------------------------------------------------------------------------------------------
def load_position(document: dict[str, Any], source: str) -> Game[CoinAgeState, Any] | None:
    from referee.coin_age.position import state_from_position

    if "board" not in document and "banks" not in document:
        return None
    check_game(document, SPEC.name, source)
    players = check_players(document, source)
    setup = document.get("setup", {})
    board, banks = document.get("board", {}), document.get("banks", {})
    if not isinstance(setup, dict) or not isinstance(board, dict) or not isinstance(banks, dict):
        raise InputError(_("{file}: [setup], [board] and [banks] must be tables").format(file=source))
    state, warnings = state_from_position(players, setup, board, banks)
    out = Output(current_env())
    for warning in warnings:
        out.warn(f"{source}: {warning}")
    return Game.from_state(RULES, players, setup, state)


SPEC = GameSpec(
    name="coin-age",
    title="Coin Age",
    rules=RULES,
    rulebook_package="referee.coin_age",
    render=render,
    load_position=load_position,
    ask_action=ask_action,
)


# -- commands --------------------------------------------------------------------------------------------------
def complete_topic(incomplete: str) -> list[str]:
    return [name for name in common.topic_names(SPEC) if name.startswith(incomplete.lower())]


def complete_map(incomplete: str) -> list[str]:
    from referee.coin_age.builtin_maps import builtin_map_names

    return [name for name in [*builtin_map_names(), *user_map_names(), "random"] if name.startswith(incomplete)]


PlayersOption = Annotated[str, typer.Option("--players", help="The two players, heads first: Ann,Bob.")]
MapOption = Annotated[
    str, typer.Option("--map", help="A map name, a map file, or 'random'.", autocompletion=complete_map)
]


def players_and_setup(players: str, map_value: str, out: Output) -> tuple[list[str], dict[str, Any]]:
    try:
        names = parse_players(players)
        if len(names) != 2:
            raise InputError(_("Coin Age is for two players, not {count}").format(count=len(names)))
        return names, map_setup(map_value, out)
    except RefereeError as error:
        raise fail(out, error) from None


@app.command()
def play(
    players: Annotated[str | None, typer.Option("--players", help="The two players, heads first: Ann,Bob.")] = None,
    map_value: MapOption = DEFAULT_MAP,
    record: Annotated[str | None, typer.Option("--record", help="Write the game to this file.")] = None,
    resume: Annotated[str | None, typer.Option("--resume", help="Continue the game of this record.")] = None,
    json_mode: JsonOption = False,
    vs_computer: Annotated[bool, typer.Option("--vs-computer", help="The hint engine plays one seat.")] = False,
    computer_seat: Annotated[
        int, typer.Option("--computer-seat", help="The computer's seat: 1 (heads) or 2 (tails).")
    ] = 2,
    seed: Annotated[int | None, typer.Option("--seed", help="The computer's tosses, repeatable.")] = None,
    computer_time: Annotated[float, typer.Option("--computer-time", help="Seconds per computer turn.")] = 1.0,
) -> None:
    """Referee a live game: menus at a terminal, one action per line from a pipe."""
    from referee.cli.session import play_command

    out = Output(current_env(), json_mode)
    names, setup = (None, None)
    if resume is None:
        names, setup = players_and_setup(players or "", map_value, out) if players else (None, None)
    computer = None
    if vs_computer:
        from referee.coin_age.computer import Computer

        if computer_seat not in (1, 2) or computer_time <= 0:
            raise fail(out, _("--computer-seat is 1 or 2, and --computer-time more than 0"))
        computer = Computer(computer_seat - 1, seed, time_limit=computer_time)
    play_command(SPEC, names, setup, record, resume, json_mode, computer)


add_record_commands(
    app,
    SPEC,
    action_example="capture B2",
    score_file_help="A record, or a position with [board] and [banks].",
    score_doc="Score a record, or a final position typed from the table.",
    complete_topic=complete_topic,
)


@app.command()
def simulate(
    games: Annotated[int, typer.Option("--games", help="How many games.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed, for repeatable runs.")] = None,
    players: PlayersOption = "Heads,Tails",
    map_value: MapOption = DEFAULT_MAP,
    json_mode: JsonOption = False,
) -> None:
    """Random legal self-play: statistics, benchmarks, fuzzing; checks the invariants of every game."""
    out = Output(current_env(), json_mode)
    names, setup = players_and_setup(players, map_value, out)
    common.simulate_command(SPEC, names, setup, games, seed, json_mode)


# -- maps ------------------------------------------------------------------------------------------------------
@maps_app.command("list")
def maps_list() -> None:
    """The installed maps (and your own, from your maps folder)."""
    from referee.coin_age.builtin_maps import builtin_map, builtin_map_names

    out = Output(current_env())
    for name in builtin_map_names():
        game_map = builtin_map(name)
        assert game_map is not None
        out.text(f"{name:12} {game_map.name} ({len(game_map.spaces)} spaces, {len(game_map.regions)} regions)")
    for name in user_map_names():
        out.text(f"{name:12} {_('your map')} ({user_maps_dir() / (name + '.toml')})")
    raise typer.Exit(ExitStatus.SUCCESS)


@maps_app.command("show")
def maps_show(
    name: Annotated[str, typer.Argument(help="A map name or a map file.", autocompletion=complete_map)],
    json_mode: JsonOption = False,
) -> None:
    """Draw a map: spaces by row, regions, adjacency."""
    out = Output(current_env(), json_mode)
    try:
        setup = map_setup(name, out)
        game = Game(RULES, ["Heads", "Tails"], setup)
    except RefereeError as error:
        raise fail(out, error) from None
    game_map = game.state.map
    if json_mode:
        out.json(game_map.to_toml())
        raise typer.Exit(ExitStatus.SUCCESS)
    render_map(game_map, out)
    raise typer.Exit(ExitStatus.SUCCESS)


def render_map(game_map: GameMap, out: Output) -> None:
    out.text(
        f"{game_map.name}: {len(game_map.spaces)} spaces, {len(game_map.regions)} regions, {len(game_map.edges)} edges"
    )
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
def maps_validate(files: Annotated[list[str], typer.Argument(help="Map files to check.")]) -> None:
    """Check map files; explain every fault in plain words."""
    from referee.coin_age.maps import MapError

    out = Output(current_env())
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
            _("{file}: ok — {name}, {spaces} spaces in {regions} regions, {edges} edges").format(
                file=display_name(path),
                name=game_map.name,
                spaces=len(game_map.spaces),
                regions=len(game_map.regions),
                edges=len(game_map.edges),
            )
        )
    raise typer.Exit(worst)


# -- odds, hints -----------------------------------------------------------------------------------------------
@app.command()
def odds(
    record: Annotated[str | None, typer.Argument(help="The record so far: odds for the next toss.")] = None,
    bank: Annotated[str | None, typer.Option("--bank", help="Odds for any bank instead, e.g. QNPD or DDP.")] = None,
    json_mode: JsonOption = False,
) -> None:
    """Exact odds of the next toss: each number of matches and each action allowance."""
    from referee.cli.advice import coin_age_odds_command

    coin_age_odds_command(record, bank, json_mode)


@app.command()
def hint(
    record: Annotated[str, typer.Argument(help="The record so far, ending after the slap of the player in turn.")],
    time_limit: Annotated[str, typer.Option("--time", help="Time for the whole command: 2s, 500ms.")] = "2s",
    top: Annotated[int, typer.Option("--top", help="How many plans to show.")] = 5,
    depth: Annotated[int | None, typer.Option("--depth", help="Stop at this depth (turns).")] = None,
    json_mode: JsonOption = False,
) -> None:
    """The best plans for the current turn (expectimax over the opponent's toss and reply)."""
    from referee.cli.advice import coin_age_hint_command

    coin_age_hint_command(record, time_limit, top, depth, json_mode)
