"""Coin Age odds and hints at the command line (``coin-age odds``, ``coin-age hint``); the search is in the
pure modules ``referee.coin_age.odds`` and ``referee.coin_age.hint``. Imported only when one of these runs."""

from __future__ import annotations

import time

from referee.cli.advice import fraction_text, group_alike, parse_duration, search_budget
from referee.cli.cells import ljust
from referee.cli.env import Environment
from referee.cli.output import Output
from referee.cli.shared_commands import load_game
from referee.cli.status import ExitStatus, fail
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext


def coin_age_odds_command(env: Environment, record: str | None, bank_text: str | None, json_mode: bool) -> int:
    from referee.cli.games.coin_age.room import SPEC
    from referee.coin_age.coins import format_kinds, parse_bank
    from referee.coin_age.odds import ALLOWANCES, allowance_odds, match_odds, tossed_kinds

    out = Output(env, json_mode)
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
        return ExitStatus.SUCCESS
    who = _("{player} tosses").format(player=player) if player else _("Tossing")
    out.text(
        ngettext(
            "{who} {kinds} ({n} coin, showing the tosser's side with probability 1/2):",
            "{who} {kinds} ({n} coins, each shows the tosser's side with probability 1/2):",
            len(kinds),
        ).format(who=who, kinds=format_kinds(kinds), n=len(kinds))
    )
    for m, p in sorted(matches.items(), reverse=True):
        count = ngettext("{n} match", "{n} matches", m).format(n=m)
        out.text(f"  {ljust(count, 9)}: {fraction_text(p):>5} = {float(p):6.1%}   {_(ALLOWANCES[m])}")
    out.text(_("By allowance:"))
    for label, p in allowances.items():
        out.text(f"  {ljust(_(label), 30)} {fraction_text(p):>5} = {float(p):6.1%}")
    return ExitStatus.SUCCESS


def coin_age_hint_command(
    env: Environment,
    record: str,
    time_text: str,
    top: int,
    depth: int | None,
    json_mode: bool,
    *,
    from_now: bool = False,
) -> int:
    """``from_now``: the time counts from this call, not from the process's start (``hint`` inside ``play``)."""
    started = time.perf_counter()
    from referee.cli.games.coin_age.room import SPEC
    from referee.coin_age.hint import search, win_chance

    out = Output(env, json_mode)
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
        limit = total * 0.9 if from_now else search_budget(total, started)
        result = search(state, time_limit=limit, max_depth=depth)
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
                "plans": [
                    {
                        "actions": list(plan.notation),
                        "value": round(plan.value, 4),
                        "win_chance": round(win_chance(plan.value), 4),
                        "margin": plan.margin,
                    }
                    for plan in searched
                ],
            }
        )
        return ExitStatus.SUCCESS
    out.text(
        ngettext(
            "{player} to play; searched {depth} turn deep in {seconds:.2f} s ({nodes} positions). "
            "Best plans, with the chance of winning (a draw counts half) and the score margin after the plan:",
            "{player} to play; searched {depth} turns deep in {seconds:.2f} s ({nodes} positions). "
            "Best plans, with the chance of winning (a draw counts half) and the score margin after the plan:",
            result.depth,
        ).format(player=state.players[state.seat], depth=result.depth, seconds=result.seconds, nodes=result.nodes)
    )
    shown = ((plan.notation, (round(win_chance(plan.value) * 100), plan.margin)) for plan in result.plans)
    groups = group_alike(shown, most=top)
    for number, group in enumerate(groups, start=1):
        chance, points = group.value
        out.text(f"  {number}. {chance:>3} % {points:+3d}  {', '.join(group.actions)}")
    if any(group.count > 1 for group in groups):
        out.text(_("  a/b: any one of these, all of equal value; a list given twice: two different ones."))
    return ExitStatus.SUCCESS


def play_hint(env: Environment, record: str, words: list[str]) -> int:
    """``hint`` in ``play``: ``coin-age hint`` for the record so far; ``hint --time 5s`` searches longer (2 s by
    default), counted from now (the game's own process has been running all along)."""
    from referee.errors import InputError

    time_text = "2s"
    if words[:1] == ["--time"] and len(words) == 2:
        time_text = words[1]
    elif words[:1] and words[0].startswith("--time="):
        time_text = words[0].removeprefix("--time=")
    elif words:
        raise InputError(_("hint takes --time and a duration (hint --time 5s), nothing else"))
    return coin_age_hint_command(env, record, time_text, 3, None, False, from_now=True)
