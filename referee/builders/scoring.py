"""Scoring The Builders: the score, the tie-breaks, and scoring a final position nobody recorded.

Score [RB]: VP of finished buildings and machines + 1 VP per full 10 écus; unfinished sites score nothing.
Tie-breaks [RB]: the most VP from buildings (machines count), then the most écus. Ruling: still tied → a
shared win: ``winner`` is None and ``tie_break`` names everyone sharing it; the ranking keeps seat order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.builders import cards
from referee.builders.state import TOTAL_ECUS, check_players
from referee.engine import Outcome
from referee.errors import NotationError, SetupError
from referee.i18n import _, ngettext


def rank(players: list[str] | tuple[str, ...], vp: list[int], coins: list[int]) -> Outcome:
    """The outcome for players with these VP and écus (seat order)."""
    scores = {p: v + c // 10 for p, v, c in zip(players, vp, coins, strict=True)}
    keys = {p: (scores[p], v, c) for p, v, c in zip(players, vp, coins, strict=True)}
    ranking = sorted(players, key=lambda p: (-keys[p][0], -keys[p][1], -keys[p][2]))
    breakdown = {p: {"vp": v, "ecus": c, "ecu_points": c // 10} for p, v, c in zip(players, vp, coins, strict=True)}
    best, second = ranking[0], ranking[1]
    (score, best_vp, best_coins), (_s, second_vp, second_coins) = keys[best], keys[second]
    winner: str | None = best
    tie_break: str | None = None
    if keys[best] == keys[second]:
        sharing = [p for p in ranking if keys[p] == keys[best]]
        winner = None
        tie_break = _("tied at {score} points, {vp} VP and {coins} écus: {names} share the win").format(
            score=score, vp=best_vp, coins=best_coins, names=", ".join(sharing)
        )
    elif score == keys[second][0] and best_vp != second_vp:
        tie_break = ngettext(
            "tied at {score} point: {winner} has more VP from buildings ({a} > {b})",
            "tied at {score} points: {winner} has more VP from buildings ({a} > {b})",
            score,
        ).format(score=score, winner=best, a=best_vp, b=second_vp)
    elif score == keys[second][0]:
        tie_break = ngettext(
            "tied at {score} point and {vp} VP: {winner} has more écus ({a} > {b})",
            "tied at {score} points and {vp} VP: {winner} has more écus ({a} > {b})",
            score,
        ).format(score=score, vp=best_vp, winner=best, a=best_coins, b=second_coins)
    return Outcome(scores=scores, ranking=ranking, winner=winner, tie_break=tie_break, breakdown=breakdown)


def score_final(players: list[str], final: Mapping[str, Any]) -> Outcome:
    """Score a ``[final]`` position: each player's finished cards (ids or French names) and écus.

    Raises NotationError for an unknown card, SetupError for anything else that no game can reach: 2 to 4 players
    with distinct names (:func:`~referee.builders.state.check_players`), a player missing or unknown, a worker
    listed as built, a card built twice, more than 100 écus in all.
    """
    check_players(players)
    extra = set(final) - set(players)
    if extra:
        raise SetupError(_("[final] names someone not playing: {names}").format(names=", ".join(sorted(extra))))
    seen: dict[str, str] = {}
    vps: list[int] = []
    purses: list[int] = []
    for player in players:
        entry = final.get(player)
        if not isinstance(entry, Mapping):
            raise SetupError(_("[final] has no table for {player}").format(player=player))
        if set(entry) - {"built", "coins"}:
            raise SetupError(_("[final] {player}: only 'built' and 'coins' are allowed").format(player=player))
        built = entry.get("built", [])
        coins = entry.get("coins")
        if not isinstance(built, list) or not all(isinstance(x, str) for x in built):
            raise SetupError(_("[final] {player}: 'built' must be a list of card ids").format(player=player))
        if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
            raise SetupError(_("[final] {player}: 'coins' must be a whole number of écus").format(player=player))
        vp = 0
        for text in built:
            found = [c for c in cards.candidates(text) if cards.card(c).is_construction]
            if not cards.candidates(text):
                raise NotationError(_("unknown card: '{text}'").format(text=text))
            if len(found) != 1:
                raise SetupError(
                    _("[final] {player}: '{text}' is not one building or machine").format(player=player, text=text)
                )
            card_id = found[0]
            if card_id in seen:
                raise SetupError(
                    _("[final] {card} is built by both {a} and {b}").format(card=card_id, a=seen[card_id], b=player)
                    if seen[card_id] != player
                    else _("[final] {player} lists {card} twice").format(player=player, card=card_id)
                )
            seen[card_id] = player
            vp += cards.card(card_id).vp
        vps.append(vp)
        purses.append(coins)
    if sum(purses) > TOTAL_ECUS:
        raise SetupError(_("[final] the purses hold {n} écus, more than the game's 100").format(n=sum(purses)))
    return rank(players, vps, purses)
