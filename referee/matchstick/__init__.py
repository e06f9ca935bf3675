"""Matchstick Tycoon: the pure rules (no I/O).

``RULES`` implements :class:`referee.engine.Rules`; :mod:`~referee.matchstick.segments` holds the 7-segment shapes
and the transformation table computed from them; :mod:`~referee.matchstick.sampler` is the fast generator of legal
plays (random self-play, ``legal_actions``, the menus' choices: ``play_options``, ``card_choices``, ``plays_of``);
:mod:`~referee.matchstick.rulebook` loads the rules and rulings by topic.
"""

from referee.matchstick.actions import (
    MAX_CARDS_PER_PLAY,
    PASS,
    Action,
    Pass,
    Play,
    card_face,
    format_action,
    parse_action,
)
from referee.matchstick.rules import (
    REVOLUTION,
    RULES,
    MatchstickRules,
    check_players,
    deal_sizes,
    play_cost,
    stronger_values,
)
from referee.matchstick.sampler import PlayOption, card_choices, play_options, plays_of
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
    "MAX_CARDS_PER_PLAY",
    "PASS",
    "REVOLUTION",
    "RULES",
    "SHAPES",
    "TABLE",
    "Action",
    "MatchstickRules",
    "MatchstickState",
    "Pass",
    "Play",
    "PlayOption",
    "Table",
    "Transformation",
    "becomes",
    "card_choices",
    "card_face",
    "check_players",
    "deal_sizes",
    "draw",
    "draw_cells",
    "format_action",
    "makers",
    "parse_action",
    "parse_card",
    "parse_face",
    "parse_value",
    "play_cost",
    "play_options",
    "plays_of",
    "stronger_values",
    "transform_face",
    "transformation",
]
