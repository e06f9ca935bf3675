"""The Builders: Middle Ages (Les Bâtisseurs : Moyen-Âge, Bombyx 2013) — the pure rules, no I/O.

``RULES`` implements :class:`referee.engine.Rules`; the catalogue of all 84 cards is in :mod:`.cards`, the
rulebook with the referee's rulings in :mod:`.rulebook`, what an open site still needs and what a send costs in
:mod:`.sites`; :func:`score_final` scores a final position and :func:`state_from_final` makes it a state
(:mod:`.position`). Self-play's speed machinery is apart: :mod:`.selfplay` and :mod:`.plans`.
"""

from referee.builders.actions import Action, Buy, Done, Recruit, Reveal, Send, Start, TakeCoins
from referee.builders.cards import Card, Resources, candidates, card, cards_of, catalogue, lookup
from referee.builders.position import state_from_final
from referee.builders.rulebook import Topic, topic, topics
from referee.builders.rules import RULES, BuildersRules
from referee.builders.scoring import score_final
from referee.builders.sites import send_cost, still_needed
from referee.builders.state import END_VP, MAX_PLAYERS, MIN_PLAYERS, BuildersState, Seat, check_players, deal

__all__ = [
    "END_VP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RULES",
    "Action",
    "BuildersRules",
    "BuildersState",
    "Buy",
    "Card",
    "Done",
    "Recruit",
    "Resources",
    "Reveal",
    "Seat",
    "Send",
    "Start",
    "TakeCoins",
    "Topic",
    "candidates",
    "card",
    "cards_of",
    "catalogue",
    "check_players",
    "deal",
    "lookup",
    "score_final",
    "send_cost",
    "state_from_final",
    "still_needed",
    "topic",
    "topics",
]
