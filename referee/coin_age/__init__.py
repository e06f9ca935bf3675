"""Coin Age (Adam P. McIver, 2013): the pure rules. See ``docs/rules/coin-age.md``."""

from referee.coin_age.maps import GameMap, MapError, load_map
from referee.coin_age.rules import RULES, CoinAgeRules, CoinAgeState

__all__ = ["RULES", "CoinAgeRules", "CoinAgeState", "GameMap", "MapError", "load_map"]
