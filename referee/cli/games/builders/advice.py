"""``builders hint`` at the command line; the search is in ``referee.builders.hint``."""

from __future__ import annotations

from referee.cli.common import fail, load_game
from referee.cli.env import Environment
from referee.cli.output import Output
from referee.cli.status import CommandExit, ExitStatus
from referee.i18n import _, ngettext


def builders_hint_command(env: Environment, record: str, json_mode: bool) -> None:
    from referee.builders import cards
    from referee.builders.hint import best_turn, site_ways
    from referee.cli.games.builders.room import SPEC

    out = Output(env, json_mode)
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
