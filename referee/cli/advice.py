"""Odds and hints at the command line: ``coin-age odds``, ``coin-age hint``, ``matchstick hint``, ``builders hint``.

The game CLI modules hold thin Typer commands that call these; the searching lives in the pure modules
(``referee.coin_age.odds``, ``referee.coin_age.hint``, ``referee.matchstick.hint``, ``referee.builders.hint``).
Imported only when one of these commands runs.
"""

from __future__ import annotations

import re
import time
from fractions import Fraction

from referee.cli.cells import ljust
from referee.cli.common import fail, load_game
from referee.cli.env import current as current_env
from referee.cli.output import Output
from referee.cli.status import CommandExit, ExitStatus
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

START_UP_ALLOWANCE = 0.25
"""Seconds of a hint's --time kept back for starting Python, reading the record and printing."""

_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|sec|secs|seconds?)?\s*$", re.IGNORECASE)


def parse_duration(text: str) -> float:
    """``2s``, ``2``, ``0.5s``, ``500ms`` → seconds. Raises InputError."""
    found = _DURATION.match(text)
    if found is None:
        raise InputError(_("--time: '{text}' is not a duration; write e.g. 2s, 0.5s or 500ms").format(text=text))
    seconds = float(found.group(1))
    if (found.group(2) or "").lower() == "ms":
        seconds /= 1000
    if seconds <= 0:
        raise InputError(_("--time must be more than 0"))
    return seconds


def search_budget(total: float, started: float) -> float:
    """The seconds left for searching so that the whole command finishes within ``total`` (from ``started``)."""
    spent = time.perf_counter() - started
    return max(0.0, total * 0.85 - START_UP_ALLOWANCE - spent)


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def signed(value: float) -> str:
    return f"{value:+.2f}"


# -- Coin Age --------------------------------------------------------------------------------------------------
def coin_age_odds_command(record: str | None, bank_text: str | None, json_mode: bool) -> None:
    from referee.cli.games.coin_age import SPEC
    from referee.coin_age.coins import format_kinds, parse_bank
    from referee.coin_age.odds import ALLOWANCES, allowance_odds, match_odds, tossed_kinds

    out = Output(current_env(), json_mode)
    player: str | None = None
    try:
        if bank_text is not None:
            bank = parse_bank(bank_text)
        elif record is not None:
            game = load_game(SPEC, record, out)
            state = game.state
            if state.over:
                raise InputError(_("the game is over: nobody tosses again"))
            seat = state.tosser()
            player, bank = state.players[seat], state.banks[seat]
        else:
            raise InputError(_("give a record, or a bank with --bank (e.g. --bank QNPD)"))
    except RefereeError as error:
        raise fail(out, error) from None
    kinds = tossed_kinds(bank)
    matches = match_odds(len(kinds))
    allowances = allowance_odds(len(kinds))
    if json_mode:
        out.json(
            {
                "player": player,
                "kinds": format_kinds(kinds),
                "matches": {str(m): float(p) for m, p in matches.items()},
                "matches_exact": {str(m): fraction_text(p) for m, p in matches.items()},
                "allowances": {label: float(p) for label, p in allowances.items()},
                "allowances_exact": {label: fraction_text(p) for label, p in allowances.items()},
            }
        )
        raise CommandExit(ExitStatus.SUCCESS)
    who = _("{player} tosses").format(player=player) if player else _("Tossing")
    out.text(
        _("{who} {kinds} ({n} coins, each shows the tosser's side with probability 1/2):").format(
            who=who, kinds=format_kinds(kinds), n=len(kinds)
        )
    )
    for m, p in sorted(matches.items(), reverse=True):
        count = ngettext("{n} match", "{n} matches", m).format(n=m)
        out.text(f"  {ljust(count, 9)}: {fraction_text(p):>5} = {float(p):6.1%}   {_(ALLOWANCES[m])}")
    out.text(_("By allowance:"))
    for label, p in allowances.items():
        out.text(f"  {ljust(_(label), 30)} {fraction_text(p):>5} = {float(p):6.1%}")
    raise CommandExit(ExitStatus.SUCCESS)


def coin_age_hint_command(record: str, time_text: str, top: int, depth: int | None, json_mode: bool) -> None:
    started = time.perf_counter()
    from referee.cli.games.coin_age import SPEC
    from referee.coin_age.hint import search

    out = Output(current_env(), json_mode)
    try:
        total = parse_duration(time_text)
        if top < 1:
            raise InputError(_("--top must be at least 1"))
        if depth is not None and depth < 1:
            raise InputError(_("--depth must be at least 1"))
    except RefereeError as error:
        raise fail(out, error) from None
    game = load_game(SPEC, record, out)
    state = game.state
    if state.over:
        raise fail(out, _("the game is over: there is nothing to hint"))
    if not state.tossed:
        raise fail(
            out,
            _(
                "{player} has not tossed yet: record the slap first (the plan depends on it); "
                "see the odds with 'referee coin-age odds'"
            ).format(player=state.players[state.tosser()]),
        )
    import gc

    gc.disable()  # the search allocates many small objects and frees them all at once: collecting is wasted time
    try:
        result = search(state, time_limit=search_budget(total, started), max_depth=depth)
    finally:
        gc.enable()
    searched = result.plans[:top]
    if json_mode:
        out.json(
            {
                "player": state.players[state.seat],
                "depth": result.depth,
                "nodes": result.nodes,
                "seconds": round(result.seconds, 3),
                "plans": [{"actions": list(plan.notation), "value": round(plan.value, 4)} for plan in searched],
            }
        )
        raise CommandExit(ExitStatus.SUCCESS)
    out.text(
        ngettext(
            "{player} to play; searched {depth} turn deep in {seconds:.2f} s ({nodes} positions). "
            "Best plans, with the expected score margin:",
            "{player} to play; searched {depth} turns deep in {seconds:.2f} s ({nodes} positions). "
            "Best plans, with the expected score margin:",
            result.depth,
        ).format(player=state.players[state.seat], depth=result.depth, seconds=result.seconds, nodes=result.nodes)
    )
    for number, plan in enumerate(searched, start=1):
        out.text(f"  {number}. {signed(plan.value):>7}  {', '.join(plan.notation)}")
    raise CommandExit(ExitStatus.SUCCESS)


# -- Matchstick Tycoon -----------------------------------------------------------------------------------------
def matchstick_hint_command(record: str, hand_text: str, json_mode: bool) -> None:
    from referee.cli.games.matchstick import SPEC
    from referee.matchstick.hint import hand_plays, parse_hand

    out = Output(current_env(), json_mode)
    game = load_game(SPEC, record, out)
    state = game.state
    try:
        hand = parse_hand(hand_text, state)
    except RefereeError as error:
        raise fail(out, error) from None
    seat = state.turn
    assert seat is not None
    name, sticks = state.players[seat], state.matchsticks[seat]
    plays = hand_plays(state, hand)
    can_pass = state.table is not None
    if json_mode:
        out.json(
            {
                "player": name,
                "matchsticks": sticks,
                "table": None if state.table is None else {"value": state.table.value, "count": state.table.count},
                "reversed": state.reversed,
                "plans": [
                    {"actions": [play.notation], "value": -play.cost, "cost": play.cost, "revolution": play.revolution}
                    for play in plays
                ],
                "can_pass": can_pass,
            }
        )
        raise CommandExit(ExitStatus.SUCCESS)
    if state.table is None:
        head = ngettext(
            "{name} leads ({sticks} matchstick); plays from this hand, cheapest first:",
            "{name} leads ({sticks} matchsticks); plays from this hand, cheapest first:",
            sticks,
        )
    else:
        head = ngettext(
            "{name} to beat {count} × {value} ({sticks} matchstick); plays from this hand, cheapest first:",
            "{name} to beat {count} × {value} ({sticks} matchsticks); plays from this hand, cheapest first:",
            sticks,
        )
    table = state.table
    out.text(
        head.format(name=name, sticks=sticks, count=table.count if table else 0, value=table.value if table else "")
    )
    if not plays:
        out.text(_("  none: pass (and take a matchstick)"))
    for play in plays:
        mark = "  " + _("REVOLUTION") if play.revolution else ""
        if play.cost == 0:
            cost = _("free")
        else:
            cost = ngettext("{n} matchstick", "{n} matchsticks", play.cost).format(n=play.cost)
        out.text(f"  {play.notation:24} {cost}{mark}")
    if plays and can_pass:
        out.text(_("  or pass (take a matchstick)"))
    raise CommandExit(ExitStatus.SUCCESS)


# -- The Builders ----------------------------------------------------------------------------------------------
def builders_hint_command(record: str, json_mode: bool) -> None:
    from referee.builders import cards
    from referee.builders.hint import best_turn, site_ways
    from referee.cli.games.builders import SPEC

    out = Output(current_env(), json_mode)
    game = load_game(SPEC, record, out)
    state = game.state
    if state.over:
        raise fail(out, _("the game is over: there is nothing to hint"))
    if state.pending is not None:
        raise fail(out, _("first say which card came up in the {row} row (reveal ID)").format(row=state.pending))
    seat = state.seats[state.current]
    name = state.players[state.current]
    ways = site_ways(state)
    plan = best_turn(state, ways)
    if json_mode:
        out.json(
            {
                "player": name,
                "actions_left": state.actions_left,
                "coins": seat.coins,
                "sites": {
                    site: [
                        {"idle": list(way.idle), "recruit": list(way.recruit), "actions": way.actions, "ecus": way.ecus}
                        for way in found
                    ]
                    for site, found in ways.items()
                },
                "plans": []
                if plan is None
                else [
                    {
                        "actions": plan.notation,
                        "value": plan.vp,
                        "ecus": plan.ecus,
                        "finishes": plan.finished,
                        "needs_reveal": plan.needs_reveal,
                    }
                ],
            }
        )
        raise CommandExit(ExitStatus.SUCCESS)
    out.text(
        ngettext(
            "{name} to play: {left} action left, {coins} écus, idle: {idle}.",
            "{name} to play: {left} actions left, {coins} écus, idle: {idle}.",
            state.actions_left,
        ).format(name=name, left=state.actions_left, coins=seat.coins, idle=" ".join(seat.idle) or "-")
    )
    if not ways:
        out.text(_("No open site."))
    for site, found in ways.items():
        out.text(_("{site}: cheapest ways to finish it").format(site=cards.card(site).label))
        if not found:
            out.text(_("  none with the idle and face-up workers"))
        for way in found:
            parts = []
            if way.recruit:
                parts.append(_("recruit {workers}").format(workers=" ".join(way.recruit)))
            parts.append(_("send {workers}").format(workers=" ".join((*way.idle, *way.recruit))))
            cost = ngettext("{n} action", "{n} actions", way.actions).format(n=way.actions)
            out.text(f"  {', '.join(parts)}: {cost}, " + _("{n} écus").format(n=way.ecus))
    if plan is None:
        out.text(_("No site can be finished this turn."))
    else:
        out.text(
            _("Best turn: +{vp} VP for {ecus} écus ({sites}): {actions}").format(
                vp=plan.vp, ecus=plan.ecus, sites=" ".join(plan.finished), actions=", ".join(plan.notation)
            )
        )
        if plan.needs_reveal:
            out.text(_("(after each recruit, say which card came up: reveal ID)"))
    raise CommandExit(ExitStatus.SUCCESS)
