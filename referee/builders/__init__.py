"""The Builders: Middle Ages (Les Bâtisseurs : Moyen-Âge, Bombyx 2013) — the pure rules, no I/O.

``RULES`` implements :class:`referee.engine.Rules`; the catalogue of all 84 cards is in :mod:`.cards`, the
rulebook with the referee's rulings in :mod:`.rulebook`, and :func:`score_final` scores a final position.
"""

from referee.builders.actions import Action, Buy, Done, Recruit, Reveal, Send, Start, TakeCoins
from referee.builders.cards import Card, Resources, candidates, card, cards_of, catalogue, lookup
from referee.builders.rulebook import Topic, topic, topics
from referee.builders.rules import RULES, BuildersRules, check_invariants, legal_actions, random_action, stalled
from referee.builders.scoring import score_final
from referee.builders.state import BuildersState, Seat, deal

__all__ = [
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
    "check_invariants",
    "deal",
    "legal_actions",
    "lookup",
    "random_action",
    "score_final",
    "stalled",
    "topic",
    "topics",
]
