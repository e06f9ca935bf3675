"""Coin Age at the table: drawing the board, the menus, positions and maps (no Typer here)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from referee.cli import common
from referee.cli.common import GameSpec
from referee.cli.files import display_name, read_toml
from referee.cli.lazy import LazyRules
from referee.cli.output import Output, ScoreTable
from referee.cli.records import check_game, check_players
from referee.engine import Game
from referee.errors import InputError
from referee.i18n import N_, _

if TYPE_CHECKING:
    from pathlib import Path

    from referee.coin_age.maps import GameMap
    from referee.coin_age.rules import CoinAgeState

RULES = LazyRules("referee.coin_age.rules")
"""The game's rules, imported at first use (start-up time: see referee.cli.lazy)."""
DEFAULT_MAP = "original"
"""The map when none is named (``referee.coin_age.builtin_maps.DEFAULT_MAP``; a test keeps the two equal)."""


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
    from pathlib import Path  # here: check and score import this module and need no pathlib (start-up time)

    if "REFEREE_MAPS" in os.environ:
        return Path(os.environ["REFEREE_MAPS"])
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "referee" / "maps"


def user_map_names() -> list[str]:
    folder = user_maps_dir()
    return sorted(path.stem for path in folder.glob("*.toml")) if folder.is_dir() else []


def load_map_file(path: str, out: Output) -> GameMap:
    from referee.coin_age.maps import load_map

    game_map = load_map(read_toml(path, out.env.stdin), source=display_name(path))
    for warning in game_map.warnings:
        out.warn(warning)
    return game_map


def map_setup(value: str, out: Output) -> dict[str, Any]:
    """``--map NAME|FILE|random`` → the record's setup: a built-in map by name, any other map as a whole table."""
    import random
    from pathlib import Path

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

    out.show(Group(Text(game_map.name, style="bold"), *rows, score_table(game).rich()))
    out.text(status_line(game))


def score_table(game: Game[CoinAgeState, Any]) -> ScoreTable:
    """The score if the game ended now: each player's bank coins, then spaces + region bonus + bank = total."""
    from referee.coin_age.coins import RANKS

    state = game.state
    outcome = RULES.outcome(state)
    breakdown = outcome.breakdown or {}
    when = _("final score") if state.over else _("the score if the game ended now")
    table = ScoreTable(
        f"{state.map.name}: {when}",
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
def load_position(document: dict[str, Any], source: str, out: Output) -> Game[CoinAgeState, Any] | None:
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
    for warning in warnings:
        out.warn(f"{source}: {warning}")
    return Game.from_state(RULES, players, setup, state)


SPEC = GameSpec(
    name="coin-age",
    title=N_("Coin Age"),
    rules=RULES,
    rulebook_package="referee.coin_age",
    render=render,
    score_table=score_table,
    status_line=status_line,
    load_position=load_position,
    ask_action=ask_action,
)


def complete_topic(incomplete: str) -> list[str]:
    return [name for name in common.topic_names(SPEC) if name.startswith(incomplete.lower())]


def complete_map(incomplete: str) -> list[str]:
    from referee.coin_age.builtin_maps import builtin_map_names

    return [name for name in [*builtin_map_names(), *user_map_names(), "random"] if name.startswith(incomplete)]
