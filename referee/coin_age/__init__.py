"""Coin Age (Adam P. McIver, 2013): the pure rules (no files read: a map comes loaded, or as a table). See
``docs/rules/coin-age.md``.

``actions`` (what a player does), ``state`` (the table), ``rules`` (judging, applying, scoring), ``index`` (the
fast generator of legal actions self-play uses: speed, not rules), ``maps`` (a map table validated), ``position``
(a position typed from the table), ``odds``, ``hint`` and ``computer`` (advice and the computer opponent).
"""

from referee.coin_age.maps import GameMap, MapError, load_map
from referee.coin_age.rules import RULES, CoinAgeRules, CoinAgeState

__all__ = ["RULES", "CoinAgeRules", "CoinAgeState", "GameMap", "MapError", "load_map"]
