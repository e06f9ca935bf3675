"""``matchstick hint`` at the command line; the search is in ``referee.matchstick.hint``."""

from __future__ import annotations

from referee.cli.env import Environment
from referee.cli.output import Output
from referee.cli.shared_commands import load_game
from referee.cli.status import ExitStatus, fail
from referee.errors import RefereeError
from referee.i18n import _, ngettext


def matchstick_hint_command(env: Environment, record: str, hand_text: str, json_mode: bool) -> int:
    from referee.cli.games.matchstick.room import SPEC
    from referee.matchstick.hint import hand_plays, parse_hand

    out = Output(env, json_mode)
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
        return ExitStatus.SUCCESS
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
    return ExitStatus.SUCCESS


def play_hint(env: Environment, record: str, words: list[str]) -> int:
    """``hint`` in ``play``: ``matchstick hint`` for the record so far and the hand typed after it (the referee
    does not see the cards in a hand): ``hint 0 4 8 8``."""
    from referee.errors import InputError

    if not words:
        raise InputError(_("hint needs your hand, the cards you hold: hint 0 4 8 8"))
    return matchstick_hint_command(env, record, " ".join(words), False)
