"""The Builders at the table: drawing, menus, setups and positions (no Typer here)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from referee.cli import shared_commands
from referee.cli.cells import cell_width
from referee.cli.lazy import advised_by, drawn_by
from referee.cli.output import Output, ScoreTable, sentences
from referee.cli.records import check_game, check_players, parse_players
from referee.cli.shared_commands import GameSample, GameSpec, OptionValues, PlayStart
from referee.engine import Game
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.builders import Action, BuildersState, Seat
    from referee.builders.cards import Card, Resources
    from referee.builders.rules import BuildersRules
    from referee.cli.env import Environment
    from referee.cli.menu_group import MenuGroup


def load_rules() -> BuildersRules:
    """The game's rules, imported at first use (start-up time: a command that judges nothing loads no engine)."""
    from referee.builders.rules import RULES

    return RULES


RESOURCE_STYLES = {"stone": "yellow", "wood": "green", "knowledge": "grey62", "tile": "blue"}
"""The game's colours: stone yellow, wood green, knowledge grey, tile blue."""
PLAYER_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")
KINDS = ("building", "machine", "worker")


# -- words for cards -------------------------------------------------------------------------------------------
def kind_name(card: Card) -> str:
    """``building``, ``machine``, or the worker's type (``Apprentice``, ``Laborer`` …)."""
    return _(card.name_en) if card.kind == "worker" else _(card.kind)


def resources_text(amounts: Resources | tuple[int, ...], empty: str = "—") -> Any:
    """``2 stone 1 tile`` in the game's colours (zeros left out)."""
    from rich.text import Text

    from referee.builders.cards import RESOURCES

    text = Text()
    for n, name in zip(amounts, RESOURCES, strict=True):
        if n:
            if text:
                text.append(" ")
            text.append(f"{n} {_(name)}", style=RESOURCE_STYLES[name])
    return text if text else Text(empty, style="dim")


# -- drawing the table -----------------------------------------------------------------------------------------
def render(game: Game[BuildersState, Action], out: Output) -> None:
    """Every player's purse, VP, idle workers and open sites; the rows, the bank, whose turn and what is left."""
    if out.json_mode:
        return
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    state = game.state
    position = state.tally
    parts: list[Any] = []
    outcome = load_rules().outcome(state)
    width = out.width
    compact = out.small_terminal(COMPACT_BELOW_ROWS, COMPACT_BELOW_COLUMNS)
    """On a small terminal, or a width where the full rows do not fit, a player is two lines, resources are four
    coloured numbers and the rows sit side by side: a 4-player table, the prompt and its menu fit 80×30, and
    nothing is cut at 60 columns."""
    if not compact and not position:
        compact = (
            max(
                out.natural_width(buildings_table(state.row_buildings, _("face-up buildings"))),
                out.natural_width(workers_table(state.row_workers)),
            )
            > width
        )
    hands_only = compact and not position and out.seats_shown
    """The screen's seat lines show each player's standing and the mover: the board keeps a line per hand."""
    names = max(cell_width(name) for name in state.players)
    for seat_index, (name, seat) in enumerate(zip(state.players, state.seats, strict=True)):
        score = outcome.scores[name]
        if hands_only:
            parts += hand_line(seat_index, name, seat, width, names)
        elif compact and not position:
            parts += compact_player(state, seat_index, name, seat, score, width)
        else:
            parts.append(player_block(state, seat_index, name, seat, score, position, width))
    if not position:
        title = "" if compact else _("face-up buildings")
        row_b = buildings_table(state.row_buildings, title, compact=compact, rule=not hands_only)
        row_w = workers_table(state.row_workers, compact=compact, rule=not hands_only)

        def side_by_side(row_b: Any, row_w: Any) -> bool:
            return out.natural_width(row_b) + ROWS_GAP + out.natural_width(row_w) <= width

        fits = side_by_side(row_b, row_w)  # (measured once: measuring a table costs as much as drawing it)
        if compact and not fits:  # side by side all the same, one blank between columns
            tight_b = buildings_table(state.row_buildings, title, compact=True, tight=True, rule=not hands_only)
            tight_w = workers_table(state.row_workers, compact=True, tight=True, rule=not hands_only)
            if side_by_side(tight_b, tight_w):
                row_b, row_w, fits = tight_b, tight_w, True
        if fits:
            rows = Table.grid(padding=(0, ROWS_GAP))
            rows.add_column()
            rows.add_column()
            rows.add_row(row_b, row_w)
            parts.append(rows)
        else:
            parts += [row_b, row_w]
        from referee.builders.describe import ecus_words

        b, w = len(state.deck_buildings), len(state.deck_workers)
        if compact:
            bank = _("Bank {ecus} · decks {b}+{w} · numbers: stone wood knowledge tile, é: écus to send").format(
                ecus=ecus_words(state.bank), b=b, w=w
            )
        else:
            bank = _("Bank: {ecus} · decks: {buildings}, {workers}").format(
                ecus=ecus_words(state.bank),
                buildings=ngettext("{n} building", "{n} buildings", b).format(n=b),
                workers=ngettext("{n} worker", "{n} workers", w).format(n=w),
            )
        if cell_width(bank) > width:  # the legend of the numbers on a line of its own
            head, _dot, tail = bank.rpartition(" · ")
            bank = f"{head}\n{tail}" if head else bank
        parts.append(Text(bank, style="dim"))
    if state.over:
        parts.append(score_table(game).rich())
    out.show(Group(*parts))
    out.text(status_line(game))


def score_table(game: Game[BuildersState, Action]) -> ScoreTable:
    """The ranking with each player's score: VP of buildings and machines + 1 per 10 écus (ties: see the rules)."""
    state = game.state
    outcome = load_rules().outcome(state)
    breakdown = outcome.breakdown or {}
    title = _("Final score") if state.over else _("The score if the game ended now")
    table = ScoreTable(title, [_("rank"), _("player"), _("VP"), _("écus"), _("+1 per 10 écus"), _("score")], left=2)
    for place, name in enumerate(outcome.ranking, start=1):
        parts = breakdown.get(name, {})
        seat = state.players.index(name)
        table.add_row(
            [
                str(place),
                name,
                str(parts.get("vp", 0)),
                str(parts.get("ecus", 0)),
                str(parts.get("ecu_points", 0)),
                str(outcome.scores[name]),
            ],
            PLAYER_STYLES[seat % len(PLAYER_STYLES)],
        )
    return table


def wrapped(label: str, entries: list[Any], separator: str, width: int) -> list[Any]:
    """``label`` then the entries, as many per line as fit in ``width`` cells; never splits an entry."""
    from rich.cells import cell_len
    from rich.text import Text

    indent = " " * cell_len(label)
    lines = [Text(label)]
    if not entries:
        lines[0].append("—", style="dim")
    for entry in entries:
        line = lines[-1]
        fresh = line.plain in (label, indent)
        if not fresh and line.cell_len + cell_len(separator) + entry.cell_len > width:
            line = Text(indent)
            lines.append(line)
            fresh = True
        if not fresh:
            line.append(separator, style="dim")
        line.append_text(entry)
    return lines


COMPACT_BELOW_ROWS = 40
COMPACT_BELOW_COLUMNS = 80
ROWS_GAP = 3
"""The blanks between the face-up buildings and the face-up workers when they sit side by side."""


def numbers_text(amounts: Resources | tuple[int, ...]) -> Any:
    """``2 0 2 1``: the four resources as numbers in their colours (stone, wood, knowledge, tile)."""
    from rich.text import Text

    from referee.builders.cards import RESOURCES

    text = Text()
    for n, name in zip(amounts, RESOURCES, strict=True):
        if text:
            text.append(" ")
        text.append(str(n), style=RESOURCE_STYLES[name] if n else "dim")
    return text


def compact_player(
    state: BuildersState, seat_index: int, name: str, seat: Seat, score: int, width: int = 80
) -> list[Any]:
    """A player in two lines (more when they do not fit ``width``, never cut): purse, VP and score; then each idle
    worker with what it makes and what sending it costs, and each open site with what it still needs."""
    from rich.text import Text

    from referee.builders.describe import ecus_words

    style = PLAYER_STYLES[seat_index % len(PLAYER_STYLES)]
    in_turn = not state.over and seat_index == state.current
    head = Text("▶ " if in_turn else "  ", style="bold")
    head.append(name, style=style)
    head.append(
        _("  {ecus} · {vp} VP · score now {score}").format(ecus=ecus_words(seat.coins), vp=seat.vp, score=score)
    )
    head.append(_("  built: {ids}").format(ids=" ".join(seat.built) or "—"), style="dim")
    head.no_wrap = True
    head.overflow = "ellipsis"
    entries = hand_entries(seat)
    # The sites follow the idle workers; a player with no idle worker gets no "idle" heading over their sites.
    label = _("    idle: ") if seat.idle or not seat.sites else _("    sites: ")
    return [head, *wrapped(label, entries, " · ", width)]


def hand_line(seat_index: int, name: str, seat: Seat, width: int, names: int = 0) -> list[Any]:
    """A player's hand in one line (more when it does not fit ``width``): the name (padded to ``names`` cells),
    then each idle worker and each open site under their heading, as :func:`compact_player` shows them; for a
    table whose seat lines show the standing and the mover."""
    from rich.text import Text

    pad = " " * max(0, names - cell_width(name))
    heading = (_("    idle: ") if seat.idle or not seat.sites else _("    sites: ")).strip()  # as compact_player's
    label = f"  {name}{pad}  {heading} "
    lines = wrapped(label, hand_entries(seat), " · ", width)
    first = Text("  ")
    first.append(name, style=PLAYER_STYLES[seat_index % len(PLAYER_STYLES)])
    first.append(f"{pad}  {heading} ")
    first.append_text(lines[0][len(label) :])
    return [first, *lines[1:]]


def hand_entries(seat: Seat) -> list[Any]:
    """Each idle worker (what it makes, what sending it costs), then each open site (what it still needs)."""
    from rich.text import Text

    from referee.builders import cards as catalogue
    from referee.builders import still_needed

    entries: list[Any] = []
    for worker in seat.idle:
        card = catalogue.card(worker)
        entry = Text(f"{worker} ")
        entry.append_text(numbers_text(card.produces))
        entry.append(_(" {n} é").format(n=0 if card.kind == "machine" else card.cost), style="dim")
        entries.append(entry)
    for site, on in seat.sites.items():
        entry = Text(_("site {id} needs ").format(id=site), style="bold")
        entry.append_text(numbers_text(still_needed(site, on)))
        entries.append(entry)
    return entries


def player_block(
    state: BuildersState, seat_index: int, name: str, seat: Seat, score: int, position: bool, width: int = 100
) -> Any:
    from rich.console import Group
    from rich.text import Text

    from referee.builders import END_VP, send_cost, still_needed
    from referee.builders import cards as catalogue
    from referee.builders.describe import ecus_words

    style = PLAYER_STYLES[seat_index % len(PLAYER_STYLES)]
    in_turn = not state.over and not position and seat_index == state.current
    head = Text("▶ " if in_turn else "  ", style="bold")
    head.append(name, style=style)
    head.append(
        _("  {ecus} · {vp} VP · score now {score}").format(ecus=ecus_words(seat.coins), vp=seat.vp, score=score),
        style="bold" if in_turn else "",
    )
    if state.trigger == seat_index:
        head.append(_("  (reached {vp} VP)").format(vp=END_VP), style="bold red")
    lines: list[Any] = [head]
    built_cards = [catalogue.card(c) for c in seat.built]
    built = [Text(_("{card} ({vp} VP)").format(card=card.label, vp=card.vp)) for card in built_cards]
    lines += wrapped(_("    built: "), built, ", ", width)
    if position:
        return Group(*lines)
    idle = []
    for worker in seat.idle:
        card = catalogue.card(worker)
        cost = (
            _("machine, 0 écus")
            if card.kind == "machine"
            else _("{kind}, {ecus}").format(kind=kind_name(card), ecus=ecus_words(card.cost))
        )
        entry = Text(f"{worker} ({cost}): ")
        entry.append_text(resources_text(card.produces))
        idle.append(entry)
    lines += wrapped(_("    idle:  "), idle, " | ", width)
    for site, on in seat.sites.items():
        card = catalogue.card(site)
        line = Text(_("    site {card} ").format(card=card.label))
        reward = (
            _("[{vp} VP, {ecus}]").format(vp=card.vp, ecus=ecus_words(card.coins))
            if card.kind == "building"
            else _("[{vp} VP, machine]").format(vp=card.vp)
        )
        line.append(reward, style="dim")
        line.append(_(" needs "))
        line.append_text(resources_text(still_needed(site, on)))
        line.append(_("; on it: {workers}").format(workers=" ".join(on) or "—"), style="dim")
        if in_turn and state.sent.get(site):
            cost_of_next = send_cost(state, site)
            line.append(
                ngettext(
                    "; next worker here costs {n} action", "; next worker here costs {n} actions", cost_of_next
                ).format(n=cost_of_next),
                style="italic",
            )
        lines.append(line)
    return Group(*lines)


def buildings_table(
    ids: list[str], title: str, *, compact: bool = False, tight: bool = False, rule: bool = True
) -> Any:
    """The face-up buildings and machines (``rule``: a line under the header)."""
    from rich.text import Text

    from referee.builders import cards as catalogue
    from referee.cli.output import Column, Table

    table = Table(
        title,
        [
            Column(_("id"), no_wrap=True, min_width=3),
            Column(_("name"), no_wrap=True, max_width=15 if compact else None),
            Column(_("VP"), "right", no_wrap=True),
            Column(_("écus"), "right", no_wrap=True),
            Column(_("needs"), no_wrap=True),
        ],
        edge=False,
        header_rule=rule,
        title_style="table.title",
    )
    needs = numbers_text if compact else resources_text
    for card_id in ids:
        card = catalogue.card(card_id)
        if card.kind == "building":
            table.add_row([card.id, card.name, str(card.vp), str(card.coins), needs(card.requires)])
        else:
            name = Text(card.name)
            name.append(_(" (machine)"), style="dim")
            table.add_row([card.id, name, str(card.vp), "—", needs(card.requires)])
    if not ids:
        table.add_row(["—", _("(the deck is empty)"), "", "", ""])
    return table.rich(tight=tight)


def workers_table(ids: list[str], *, compact: bool = False, tight: bool = False, rule: bool = True) -> Any:
    """The face-up workers (``rule``: a line under the header)."""
    from referee.builders import cards as catalogue
    from referee.cli.output import Column, Table

    table = Table(
        "" if compact else _("face-up workers"),
        [
            Column(_("id"), no_wrap=True, min_width=3),
            Column(_("type"), no_wrap=True),
            Column(_("écus"), "right", no_wrap=True),
            Column(_("makes"), no_wrap=True),
        ],
        edge=False,
        header_rule=rule,
        title_style="table.title",
    )
    for card_id in ids:
        card = catalogue.card(card_id)
        role = _(card.name_en)
        kind = card.name if compact or card.name == role else f"{card.name} ({role})"
        makes = numbers_text(card.produces) if compact else resources_text(card.produces)
        table.add_row([card.id, kind, str(card.cost), makes])
    if not ids:
        table.add_row(["—", _("(the deck is empty)"), "", ""])
    return table.rich(tight=tight)


def status_line(game: Game[BuildersState, Action]) -> str:
    from referee.builders import END_VP
    from referee.builders.describe import actions_words

    state = game.state
    outcome = load_rules().outcome(state)
    if state.over:
        if state.tally:
            head = _("Final position as typed.")
        else:
            head = _("Game over after turn {turn}.").format(turn=state.turn)
        verdict = _("{winner} wins.").format(winner=outcome.winner) if outcome.winner else _("A draw.")
        return sentences(head, verdict, outcome.tie_break or "")
    player = state.players[state.current]
    finishing = ""
    if state.trigger is not None:
        finishing = _(" Finishing round: {who} reached {vp} VP; the game ends after {last}'s turn.").format(
            who=state.players[state.trigger], vp=END_VP, last=state.players[-1]
        )
    if state.pending is not None:
        return (
            _("Turn {turn}: {player} must say which card came up in the {row} row.").format(
                turn=state.turn, player=player, row=_(state.pending)
            )
            + finishing
        )
    return (
        _("Turn {turn}: {player} to move, {left} left.").format(
            turn=state.turn, player=player, left=actions_words(state.actions_left)
        )
        + finishing
    )


def seat_status(game: Game[BuildersState, Action], seat_index: int) -> str:
    """A player's standing on one line: écus, VP, the score now, idle workers and open sites (the table's seats)."""
    from referee.builders.describe import ecus_words

    state = game.state
    seat = state.seats[seat_index]
    score = load_rules().outcome(state).scores[state.players[seat_index]]
    parts = [
        _("{ecus} · {vp} VP · score {score}").format(ecus=ecus_words(seat.coins), vp=seat.vp, score=score),
        ngettext("{n} idle worker", "{n} idle workers", len(seat.idle)).format(n=len(seat.idle)),
    ]
    if seat.sites:
        parts.append(_("sites: {ids}").format(ids=" ".join(seat.sites)))
    return " · ".join(parts)


# -- asking at a terminal --------------------------------------------------------------------------------------
def menu_groups(game: Game[BuildersState, Action]) -> list[MenuGroup]:
    """The menu of the player to move: the game's legal actions (action objects, each labelled by the rules' own
    words, :func:`referee.builders.describe.describe`), by kind — sends (those that finish a site first), starts,
    recruits, coins, then buy and done; or, while a row awaits a card, the reveals. Pure: no prompt."""
    from referee.builders import Buy, Done, Recruit, Reveal, Send, Start, TakeCoins
    from referee.builders.describe import actions_words, describe, ecus_words, send_finishes
    from referee.cli.menu_group import MenuGroup

    state = game.state
    legal = game.legal_actions()
    if state.pending is not None:
        reveals = [(describe(action, state), action) for action in legal if isinstance(action, Reveal)]
        group = MenuGroup(_("say which card came up in the {row} row").format(row=_(state.pending)), reveals)
        if len(reveals) == 1:  # the last card of a deck: still asked, so the table can be checked
            group.label += f": {reveals[0][0]}"
        return [group]
    sends = MenuGroup(_("send a worker to a site"), number=1)
    starts = MenuGroup(_("start a construction (1 action)"), number=2)
    recruits = MenuGroup(_("recruit a worker (1 action, free)"), number=3)
    coins = MenuGroup(_("take coins"), number=4)
    groups_after: list[MenuGroup] = []
    seat = state.seat
    for action in legal:
        entry = (describe(action, state), action)
        match action:
            case Start():
                starts.actions.append(entry)
            case Recruit():
                recruits.actions.append(entry)
            case Send():
                sends.actions.append(entry)
            case TakeCoins():
                coins.actions.append(entry)
            case Buy():
                groups_after.append(
                    MenuGroup(
                        _("buy one more action (5 écus; you have {ecus})").format(ecus=ecus_words(seat.coins)),
                        [entry],
                        number=5,
                    )
                )
            case Done():
                lost = _(" — {left} lost").format(left=actions_words(state.actions_left)) if state.actions_left else ""
                groups_after.append(MenuGroup(_("end the turn") + lost, [entry], number=ACTION_KINDS))
    sends.actions.sort(key=lambda pair: not send_finishes(pair[1], state))  # what finishes a building first
    return [group for group in (sends, starts, recruits, coins) if group.actions] + groups_after


ACTION_KINDS = 6
"""The kinds of action a turn's first menu numbers, each keeping its number all through a turn: 1 send a worker,
2 start a construction, 3 recruit, 4 take coins, 5 buy an action, 6 end the turn."""


def ask_action(game: Game[BuildersState, Action], prompter: Any, out: Output) -> Any:
    """The next action of the player to move, from the menu (:func:`menu_groups`): an action object, or a session
    command (undo, rules, quit)."""
    from referee.builders.describe import actions_words, ecus_words

    state = game.state
    player = state.players[state.current]
    topics = shared_commands.topic_names(SPEC)
    groups = menu_groups(game)
    if state.pending is not None:
        message = _("{player}: a new {row} card is face up. Which one?").format(player=player, row=_(state.pending))
    else:
        message = _("{player}: {left} left, {ecus}. Your action?").format(
            player=player, left=actions_words(state.actions_left), ecus=ecus_words(state.seat.coins)
        )
    return prompter.choose_action(message, groups, topics, ACTION_KINDS)


# -- the setup: dealt with a seed, or told -----------------------------------------------------------------------
def told_ids(text: str | None, option: str) -> list[str] | None:
    if text is None:
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


def canonical_setup(players: list[str], setup: dict[str, Any]) -> dict[str, Any]:
    """Check a told setup by building its first state, and return it with ids (names accepted on input)."""
    state = load_rules().new_state(players, setup)
    if "seed" in setup:
        return setup
    return {
        "apprentices": [seat.idle[0] for seat in state.seats],
        "buildings": list(state.row_buildings),
        "workers": list(state.row_workers),
    }


def ask_setup(players: list[str], known: dict[str, list[str] | None], json_mode: bool) -> dict[str, Any]:
    """At a terminal: ask each player's apprentice and the five face-up buildings and workers still missing."""
    from referee.builders import cards as catalogue
    from referee.builders.describe import card_words
    from referee.builders.state import ROW_SIZE
    from referee.cli.table.menus import Prompter

    prompter = Prompter(to_stderr=json_mode)
    seen: set[str] = {c for ids in known.values() if ids for c in ids}
    apprentices = known["apprentices"]
    if apprentices is None:
        apprentices = []
        for name in players:
            free = [c for c in catalogue.apprentice_ids() if c not in seen]
            picked = prompter.select(
                _("{player}'s starting apprentice?").format(player=name), [(card_words(c), c) for c in free]
            )
            apprentices.append(picked)
            seen.add(picked)
    result: dict[str, Any] = {"apprentices": apprentices}
    for key, ids, row in (
        ("buildings", catalogue.construction_ids(), _("building")),
        ("workers", catalogue.worker_ids(), _("worker")),
    ):
        chosen = known[key]
        if chosen is None:
            chosen = []
            for number in range(1, ROW_SIZE + 1):
                free = [c for c in ids if c not in seen]
                picked = prompter.select(
                    _("Face-up {row} {n} of {total}?").format(row=row, n=number, total=ROW_SIZE),
                    [(card_words(c), c) for c in free],
                )
                chosen.append(picked)
                seen.add(picked)
        result[key] = chosen
    return result


def play_setup(
    names: list[str],
    seed: int | None,
    apprentices: str | None,
    buildings: str | None,
    workers: str | None,
    json_mode: bool,
    interactive: bool,
) -> dict[str, Any]:
    told = {
        "apprentices": told_ids(apprentices, "--apprentices"),
        "buildings": told_ids(buildings, "--buildings"),
        "workers": told_ids(workers, "--workers"),
    }
    if seed is not None:
        if any(value is not None for value in told.values()):
            raise InputError(_("--seed deals the cards: leave out --apprentices, --buildings and --workers"))
        return canonical_setup(names, {"seed": seed})
    missing = [f"--{key}" for key, value in told.items() if value is None]
    if missing:
        if not interactive:
            raise InputError(
                _(
                    "without --seed, tell the referee the table: {options} (e.g. --buildings B01,B05,M01,B12,B22)"
                ).format(options=", ".join(missing))
            )
        return canonical_setup(names, ask_setup(names, told, json_mode))
    return canonical_setup(names, told)


def checked_players(players: str) -> list[str]:
    """``--players``: the names, checked by the rules (2 to 4 players). Raises InputError."""
    from referee.builders import check_players

    names = parse_players(players)
    check_players(names)
    return names


# -- positions: a [final] tally --------------------------------------------------------------------------------
def load_position(document: dict[str, Any], source: str, out: Output) -> Game[BuildersState, Action] | None:
    """A game at the final tally of a ``[final]`` document (see :mod:`referee.builders.position`), or None when the
    document holds none."""
    from referee.builders import state_from_final

    if "final" not in document:
        return None
    check_game(document, SPEC.name, source)
    players = check_players(document, source)
    final = document["final"]
    if not isinstance(final, Mapping):
        raise InputError(_("{file}: [final] must be a table").format(file=source))
    state = state_from_final(players, final)
    return Game.from_state(load_rules(), players, {"seed": 0}, state)  # (the seed only makes a first state to replace)


# -- play's start ------------------------------------------------------------------------------------------------
def unverified_names_note() -> str:
    """Said once wherever English names of buildings and machines are shown."""
    return _(
        "English names of buildings and machines: one unofficial transcription, not checked against the "
        "English edition; the French names are those printed on the French edition."
    )


def checked_names(names: str) -> str:
    """``fr`` or ``en`` (any case: one of ``cards.NAME_STYLES``); InputError otherwise."""
    from referee.builders.cards import NAME_STYLES
    from referee.errors import InputError

    if names.lower() not in NAME_STYLES:
        raise InputError(_("--names is fr or en, not '{names}'").format(names=names))
    return names.lower()


def play_start(env: Environment, values: OptionValues, out: Output) -> PlayStart:
    """``play``: the card names shown, the players (unless resuming), the computer's seats, then the deal (after the
    seats: a deal typed at the table is asked of the people only); the note on English names said once."""
    from referee.builders.cards import show_names

    players, resume, card_names = values["players"], values["resume"], values["card_names"]
    json_mode = values["json_mode"]
    names, setup = None, None
    seats: list[int] | None = None
    show_names(checked_names(card_names))
    if resume is None and players:
        names = checked_players(players)
    if values["computer"] is not None:
        seats = computer_seats(values["computer"], names, resume, values["level"], values["computer_time"], env)
    if names is not None:
        setup = play_setup(
            names,
            values["seed"],
            values["apprentices"],
            values["buildings"],
            values["workers"],
            json_mode,
            env.interactive,
        )
    if card_names.lower() == "en":  # said once, wrapped between words at a terminal
        if env.interactive and not json_mode:
            from rich.text import Text

            Output(env.screen()).show(Text(unverified_names_note(), style="dim"))
        else:
            out.note(unverified_names_note())
    player = None
    if seats is not None:
        from referee.builders.computer import BuildersComputer

        player = BuildersComputer(seats, values["level"], values["computer_time"])  # its own seed: never the deal's
    return names, setup, player


def computer_seats(
    text: str, names: list[str] | None, resume: str | None, level: int, seconds: float, env: Any
) -> list[int]:
    """The computer's seats (0-based) from ``--computer 2,3`` (1-based, in seat order); at least one stays human."""
    from referee.cli.games.builders.sparring import check_computer
    from referee.errors import InputError

    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts or not all(part.isdigit() and len(part) < 3 for part in parts):
        raise InputError(_("--computer takes seat numbers from 1, like 2 or 2,3, not '{text}'").format(text=text))
    seats = sorted({int(part) - 1 for part in parts})
    count = len(names) if names is not None else _players_in(resume, env)
    check_computer(seats, count, level, seconds)
    return seats


def _players_in(resume: str | None, env: Any) -> int | None:
    """How many players the record being resumed has (None when it cannot be read: play says why)."""
    if resume is None:
        return None
    from referee.cli.files import read_toml

    try:
        players = read_toml(resume, env.stdin).get("players")
    except RefereeError:
        return None
    return len(players) if isinstance(players, list) else None


SPEC: GameSpec[BuildersState, Action] = GameSpec(
    name="builders",
    load_rules=load_rules,
    rulebook_package="referee.builders",
    render=render,
    score_table=score_table,
    status_line=status_line,
    load_position=load_position,
    describe=lambda action, state: describe_action(action, state),
    announce=lambda action, state: _describe().announce(action, state),
    paid=lambda action, state: _describe().paid(action, state),
    named=lambda text: _describe().named(text),
    ask_action=ask_action,
    menu_groups=menu_groups,
    seat_status=seat_status,
    hint=advised_by("referee.cli.games.builders.advice"),
    menu_kinds=ACTION_KINDS,
    picture=drawn_by("referee.cli.games.builders.picture"),
    computer_from_record=lambda table, players: _computer_from_record(table, players),
    play_start=play_start,
    sample=GameSample(
        ("Ann", "Bob", "Cy"),
        {"seed": 7},
        ("--players", "Ann,Bob,Cy", "--seed", "7"),
        ("coins 3", "send W99 B01", "buy"),
        ("zh_Hans", "zh_Hant", "ko"),
        vocabulary=(
            *("start", "recruit", "reveal", "send", "coins", "buy", "done", "B01", "B34", "B35", "M01", "M08"),
            *("M09", "W01", "W42", "W43", "W00", "1", "3", "6", "2", "-1", "Cabane", "Apprenti", "B1", "w7"),
        ),
        setup_keys=("seed", "apprentices", "buildings", "workers"),
        computer_play=(
            *("--players", "Ann,Bob", "--seed", "7", "--computer", "2", "--level", "2", "--computer-time", "0.1"),
        ),
    ),
)


def _computer_from_record(table: dict[str, Any], players: int) -> Any:
    from referee.cli.games.builders.sparring import computer_from_record

    return computer_from_record(table, players)


def _describe() -> Any:
    from referee.builders import describe

    return describe


def describe_action(action: Any, state: Any) -> str:
    from referee.builders.describe import describe

    return describe(action, state)


def dealing_rules(seed: int | None) -> Callable[[], BuildersRules]:
    """The rules for self-play (``simulate``'s ``load_rules``): each simulated game gets its own seeded deal,
    repeatable from ``--seed``; everything else is the game's rules."""
    from referee.builders.rules import BuildersRules

    class DealingRules(BuildersRules):
        def __init__(self) -> None:
            self._rng = random.Random(seed)

        def new_state(self, players: list[str], setup: Mapping[str, Any]) -> BuildersState:
            return super().new_state(players, {"seed": self._rng.randrange(2**31)})

    rules = DealingRules()
    return lambda: rules


complete_topic = shared_commands.topic_completer(SPEC, __name__)


def complete_kind(incomplete: str) -> list[str]:
    return [kind for kind in KINDS if kind.startswith(incomplete.lower())]
