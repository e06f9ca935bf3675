"""``builders hint`` at the command line; the search is in ``referee.builders.hint``."""

from __future__ import annotations

from referee.builders.describe import ecus_words
from referee.cli.advice import group_alike
from referee.cli.env import Environment
from referee.cli.output import Output
from referee.cli.shared_commands import load_game
from referee.cli.status import ExitStatus, fail
from referee.i18n import _, ngettext

WAYS_SEARCHED = 12
"""Ways to finish a site looked at for the text, so that ways alike but for an equal card share a line and the
lines shown are as many as the JSON's ways."""


def builders_hint_command(env: Environment, record: str, json_mode: bool) -> int:
    from referee.builders import cards
    from referee.builders.hint import WAYS_PER_SITE, best_turn, site_ways
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
    searched = site_ways(state, limit=WAYS_SEARCHED)  # cheapest first: the JSON's and the plan's are the first few
    ways = {site: found[:WAYS_PER_SITE] for site, found in searched.items()}
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
        return ExitStatus.SUCCESS
    out.text(
        ngettext(
            "{name} to play: {left} action left, {ecus}, idle: {idle}.",
            "{name} to play: {left} actions left, {ecus}, idle: {idle}.",
            state.actions_left,
        ).format(name=name, left=state.actions_left, ecus=ecus_words(seat.coins), idle=" ".join(seat.idle) or "-")
    )
    if not ways:
        out.text(_("No open site."))
    alike = False
    for site, found in searched.items():
        out.text(_("{site}: cheapest ways to finish it").format(site=cards.card(site).label))
        if not found:
            out.text(_("  none with the idle and face-up workers"))
        lines = group_alike(
            (
                (
                    ((f"recruit {' '.join(way.recruit)}",) if way.recruit else ())
                    + (f"send {' '.join((*way.idle, *way.recruit))}",),
                    (way.ecus, way.actions),
                )
                for way in found
            ),
            most=len(ways[site]),
            tied=True,
        )
        for line in lines:
            ecus, actions = line.value
            parts = []
            for words in line.actions:
                verb, _space, workers = words.partition(" ")
                template = _("recruit {workers}") if verb == "recruit" else _("send {workers}")
                parts.append(template.format(workers=workers))
            cost = ngettext("{n} action", "{n} actions", actions).format(n=actions)
            out.text(f"  {', '.join(parts)}: {cost}, " + ecus_words(ecus))
            alike = alike or line.count > 1
    if alike:
        out.text(_("  a/b: either one, for the same actions and écus (the same one wherever it appears)."))
    if plan is None:
        out.text(_("No site can be finished this turn."))
    else:
        # plan.ecus is what the turn costs: the workers and actions paid, less what the buildings finished pay
        template = (
            _("Best turn: +{vp} VP for {ecus} ({sites}): {actions}")
            if plan.ecus >= 0
            else _("Best turn: +{vp} VP and +{ecus} ({sites}): {actions}")
        )
        out.text(
            template.format(
                vp=plan.vp,
                ecus=ecus_words(abs(plan.ecus)),
                sites=" ".join(plan.finished),
                actions=", ".join(plan.notation),
            )
        )
        if plan.needs_reveal:
            out.text(_("(after each start or recruit, say which card came up: reveal ID)"))
    return ExitStatus.SUCCESS


def play_hint(env: Environment, record: str, words: list[str]) -> int:
    """``hint`` in ``play``: ``builders hint`` for the record so far (it takes no words)."""

    return builders_hint_command(env, record, False)
