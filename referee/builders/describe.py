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
            return _("{card}: {cost}, makes {makes}").format(
                card=card.label, cost=ecus_words(card.cost), makes=card.produces.describe()
            )
        return _("{card} ({name}): {cost}, makes {makes}").format(
            card=card.label, name=_(card.name_en), cost=ecus_words(card.cost), makes=card.produces.describe()
        )
    what = _("{card}: {vp} VP, needs {needs}").format(card=card.label, vp=card.vp, needs=card.requires.describe())
    if card.kind == "machine":
        return what + _(", then works as {makes} for 0 écus").format(makes=card.produces.describe())
    return what + _(", pays {ecus}").format(ecus=ecus_words(card.coins))


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
        outcome = _("FINISHES it: +{vp} VP, +{ecus}").format(vp=target.vp, ecus=ecus_words(target.coins))
        if target.kind == "machine":
            outcome = _("FINISHES it: +{vp} VP, and it joins your team").format(vp=target.vp)
    elif left == before:
        outcome = _("adds nothing it needs (still {left})").format(left=left.describe())
    else:
        outcome = _("then needs {left}").format(left=left.describe())
    return _("{worker} ({makes}) → {site}: {actions}, {price}; {outcome}").format(
        worker=card.label,
        makes=card.produces.describe(),
        site=target.label,
        actions=actions_words(send_cost(state, site)),
        price=ecus_words(price),
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


def ecus_words(n: int) -> str:
    """``1 écu``, ``4 écus``."""
    return ngettext("{n} écu", "{n} écus", n).format(n=n)


def printed(card_id: str) -> str:
    """A card as the table finds it (the ids are the referee's, not printed): what kind of card, its printed name,
    and for a worker what its face shows (its type and what it makes: sixteen cards share "Compagnon"), with the
    id: ``the building B23 Le relais postal``, ``the worker W40 Maître (2 stone, 3 tile)``."""
    card = cards.card(card_id)
    if card.kind == "building":
        return _("the building {card}").format(card=card.label)
    if card.kind == "machine":
        return _("the machine {card}").format(card=card.label)
    return _("the worker {card} ({makes})").format(card=card.label, makes=card.produces.describe())


def named(text: str) -> str:
    """An action's notation with each card it names followed by its printed name (``send W30 Compagnon B23 Le
    relais postal`` reads as ``send W30 Compagnon → B23 Le relais postal``): the log a person checks the table
    against."""
    words = text.split()
    if words[:1] == ["send"] and len(words) == 3:
        return f"send {cards.card(words[1]).label} → {cards.card(words[2]).label}"
    return " ".join(cards.card(word).label if word in cards.catalogue() else word for word in words)


def announce(action: Action, state: BuildersState) -> str:
    """What the referee says of a legal action of the player in turn as it is played, for the people who carry
    it out on the table (the computer's seat above all): the cards as printed, the actions spent, the écus paid
    (see :func:`paid`)."""
    match action:
        case Start(card):
            return _("takes {card} as an open site: 1 action").format(card=printed(card))
        case Recruit(card):
            return _("takes {card} into the team: 1 action, free").format(card=printed(card))
        case Send(worker, site):
            cost = paid(action, state)
            words = _("sends {worker} to its site {site}: {actions}, pays {ecus} to the bank").format(
                worker=printed(worker),
                site=cards.card(site).label,
                actions=actions_words(cost["actions"]),
                ecus=ecus_words(cost["ecus"]),
            )
            if send_finishes(action, state):
                target = cards.card(site)
                words += _("; that finishes it: {vp} VP").format(vp=target.vp)
            return words
        case TakeCoins(amount):
            return _("takes {ecus} from the bank: {actions}").format(
                ecus=ecus_words(min(amount, state.bank)), actions=actions_words(action.actions)
            )
        case Buy():
            return _("pays 5 écus to the bank for one more action")
        case Done():
            return ""  # "done" says it
        case Reveal(card):
            return _("{card} came up").format(card=printed(card))
    raise TypeError(action)  # pragma: no cover


def paid(action: Action, state: BuildersState) -> dict[str, int]:
    """What a legal action of the player in turn costs them: ``actions`` spent and ``ecus`` paid to the bank (a
    send pays the worker's cost, a machine nothing; buy pays 5)."""
    match action:
        case Send(worker, site):
            card = cards.card(worker)
            return {"actions": send_cost(state, site), "ecus": 0 if card.kind == "machine" else card.cost}
        case Start() | Recruit():
            return {"actions": 1, "ecus": 0}
        case TakeCoins():
            return {"actions": action.actions, "ecus": 0}
        case Buy():
            return {"actions": 0, "ecus": 5}
    return {"actions": 0, "ecus": 0}
