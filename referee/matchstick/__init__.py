"""Matchstick Tycoon: the pure rules (no I/O).

``RULES`` implements :class:`referee.engine.Rules`; :mod:`~referee.matchstick.segments` holds the 7-segment shapes
and the transformation table computed from them; :mod:`~referee.matchstick.rulebook` loads the rules and rulings by
topic.
"""

from referee.matchstick.actions import PASS, Action, Pass, Play, format_action, parse_action
from referee.matchstick.rules import RULES, MatchstickRules, deal_sizes
from referee.matchstick.segments import (
    ALL_CARDS,
    ALL_VALUES,
    BASE_CARDS,
    BASE_VALUES,
    SHAPES,
    TABLE,
    Transformation,
    becomes,
    draw,
    draw_cells,
    makers,
    parse_card,
    parse_face,
    parse_value,
    transform_face,
    transformation,
)
from referee.matchstick.state import MatchstickState, Table

__all__ = [
    "ALL_CARDS",
    "ALL_VALUES",
    "BASE_CARDS",
    "BASE_VALUES",
    "PASS",
    "RULES",
    "SHAPES",
    "TABLE",
    "Action",
    "MatchstickRules",
    "MatchstickState",
    "Pass",
    "Play",
    "Table",
    "Transformation",
    "becomes",
    "deal_sizes",
    "draw",
    "draw_cells",
    "format_action",
    "makers",
    "parse_action",
    "parse_card",
    "parse_face",
    "parse_value",
    "transform_face",
    "transformation",
]
