"""Open sites: what one still needs, and what sending one more worker to it costs.

These are the questions the rules, the menus, the hints and self-play all ask about a site; each is answered here
and nowhere else.

* Completion [RB]: a site is finished as soon as the resources its workers make cover all four of its
  requirements; a surplus is lost. :func:`still_needed` is what is missing, 0 where a requirement is met.
* Send [RB]: the k-th worker sent to one site in one turn costs k actions (:func:`send_cost`).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.builders import cards
from referee.builders.cards import Resources
from referee.builders.state import BuildersState

_CARD = cards.catalogue()
_REQUIRES = {card.id: tuple(card.requires) for card in _CARD.values()}
_PRODUCES = {card.id: tuple(card.produces) for card in _CARD.values()}
"""Each card's four requirements and four products, as plain tuples."""


def still_needed(site: str, workers: Iterable[str]) -> Resources:
    """What ``site`` still needs once ``workers`` are on it: each requirement less what they make, 0 where it is
    met (surplus is lost) [RB]. Nothing at all: the site is finished."""
    stone, wood, knowledge, tile = _REQUIRES[site]
    for worker in workers:
        made_stone, made_wood, made_knowledge, made_tile = _PRODUCES[worker]
        stone -= made_stone
        wood -= made_wood
        knowledge -= made_knowledge
        tile -= made_tile
    needed = (
        stone if stone > 0 else 0,
        wood if wood > 0 else 0,
        knowledge if knowledge > 0 else 0,
        tile if tile > 0 else 0,
    )
    return _new_tuple(Resources, needed)  # Resources(*needed), without its Python-level __new__ (self-play's hot path)


_new_tuple = tuple.__new__


def send_cost(state: BuildersState, site: str) -> int:
    """Actions to send one more worker to ``site`` now: 1 + the workers already sent there this turn [RB]."""
    return state.sent.get(site, 0) + 1
