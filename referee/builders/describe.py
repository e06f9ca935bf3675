"""Actions in words, for people choosing one: what the card is, what a send costs and what it leaves the site
needing. The rules' own wording of a legal action — menus label their entries with it; records hold the notation
(:func:`~referee.builders.actions.format_action`).
"""

from __future__ import annotations

from referee.builders import cards
from referee.builders.actions import Action, Buy, Done, Recruit, Reveal, Send, Start, TakeCoins, format_action
from referee.builders.sites import send_cost, still_needed
from referee.builders.state import BuildersState
from referee.i18n import _, ngettext


def actions_words(n: int) -> str:
    """``1 action``, ``2 actions``."""
    return ngettext("{n} action", "{n} actions", n).format(n=n)


def card_words(card_id: str) -> str:
    """A card in one line: its label (:attr:`Card.label`) and what it is (a worker's type, cost and products; a
    building's or a machine's VP, needs and reward)."""
    card = cards.card(card_id)
    if card.kind == "worker":
        if card.name == _(card.name_en):  # its type, already in the player's language
            return _("{card}: {cost} écus, makes {makes}").format(
                card=card.label, cost=card.cost, makes=card.produces.describe()
            )
        return _("{card} ({name}): {cost} écus, makes {makes}").format(
            card=card.label, name=_(card.name_en), cost=card.cost, makes=card.produces.describe()
        )
    what = _("{card}: {vp} VP, needs {needs}").format(card=card.label, vp=card.vp, needs=card.requires.describe())
    if card.kind == "machine":
        return what + _(", then works as {makes} for 0 écus").format(makes=card.produces.describe())
    return what + _(", pays {coins} écus").format(coins=card.coins)


def send_finishes(action: Send, state: BuildersState) -> bool:
    """True when this send finishes its site (the site then needs nothing more)."""
    on = state.seats[state.current].sites[action.site]
    return not any(still_needed(action.site, [*on, action.worker]))


def send_words(action: Send, state: BuildersState) -> str:
    """A send of the player in turn: the worker and what it makes, the site, its price in actions and écus, and
    what the site needs after it (or that it finishes the site)."""
    worker, site = action.worker, action.site
    card, target = cards.card(worker), cards.card(site)
    on = state.seats[state.current].sites[site]
    price = 0 if card.kind == "machine" else card.cost
    before, left = still_needed(site, on), still_needed(site, [*on, worker])
    if not any(left):
        outcome = _("FINISHES it: +{vp} VP, +{coins} écus").format(vp=target.vp, coins=target.coins)
        if target.kind == "machine":
            outcome = _("FINISHES it: +{vp} VP, and it joins your team").format(vp=target.vp)
    elif left == before:
        outcome = _("adds nothing it needs (still {left})").format(left=left.describe())
    else:
        outcome = _("then needs {left}").format(left=left.describe())
    return _("{worker} ({makes}) → {site}: {actions}, {price} écus; {outcome}").format(
        worker=card.label,
        makes=card.produces.describe(),
        site=target.label,
        actions=actions_words(send_cost(state, site)),
        price=price,
        outcome=outcome,
    )


def describe(action: Action, state: BuildersState) -> str:
    """A legal action of the player in turn, in words (see the module)."""
    match action:
        case Start(card) | Recruit(card) | Reveal(card):
            return card_words(card)
        case Send():
            return send_words(action, state)
        case TakeCoins(amount):
            taken = ngettext("{n} écu for {actions}", "{n} écus for {actions}", amount).format(
                n=amount, actions=actions_words(action.actions)
            )
            short = _(" (the bank holds only {bank})").format(bank=state.bank) if state.bank < amount else ""
            return taken + short
        case Buy() | Done():
            return format_action(action)
    raise TypeError(action)  # pragma: no cover
