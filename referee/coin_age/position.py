"""A Coin Age position typed from the table (``[board]`` and ``[banks]``), for scoring a game nobody recorded."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from referee.coin_age.coins import NAME, RANKS, STARTING_BANK, counted, parse_bank, parse_coin
from referee.coin_age.rules import check_players, setup_map
from referee.coin_age.state import PLAYERS, CoinAgeState
from referee.errors import InputError, NotationError
from referee.i18n import _


def state_from_position(
    players: list[str], setup: Mapping[str, Any], board: Mapping[str, Any], banks: Mapping[str, Any]
) -> tuple[CoinAgeState, list[str]]:
    """Build the state of a position and return it with warnings (coins missing from the table). The map of
    ``setup`` comes loaded (or as a table), as for :meth:`CoinAgeRules.new_state`.

    Refused (InputError): an unknown space or coin, a stack that is not strictly decreasing bottom to top, more
    coins of a kind than the two sets hold, a bank for an unknown player. The game is over when the board is full
    or a bank is empty; whose turn it is is unknown.
    """
    names = check_players(players)
    game_map = setup_map(setup.get("map"))
    stacks: list[list[Any]] = [[] for _space in game_map.spaces]
    for space_id, text in board.items():
        index = game_map.lookup(space_id)
        if index is None:
            raise NotationError(_("[board]: unknown space '{space}'").format(space=space_id))
        if not isinstance(text, str):
            raise InputError(_('[board].{space} must be a string of coins like "Qh Pt"').format(space=space_id))
        stack = [parse_coin(token) for token in text.split()]
        for lower, upper in pairwise(stack):
            if upper.rank >= lower.rank:
                raise InputError(
                    _(
                        "[board].{space}: a {upper} cannot lie on a {lower}; stacks go strictly down, bottom first"
                    ).format(space=space_id, upper=NAME[upper.rank], lower=NAME[lower.rank])
                )
        stacks[index] = stack
    unknown = [name for name in banks if name not in names]
    if unknown:
        raise InputError(_("[banks]: '{name}' is not a player of this game").format(name=unknown[0]))
    bank_counts = []
    for name in names:
        text = banks.get(name, "")
        if not isinstance(text, str):
            raise InputError(_('[banks].{name} must be a string of coin letters like "DDP"').format(name=name))
        bank_counts.append(parse_bank(text))
    warnings: list[str] = []
    for rank in RANKS:
        count = sum(coin.rank == rank for stack in stacks for coin in stack) + sum(b[rank] for b in bank_counts)
        expected = PLAYERS * STARTING_BANK[rank]
        if count > expected:
            raise InputError(
                _("the position has {coins}; the two sets hold only {expected}").format(
                    coins=counted(rank, count), expected=expected
                )
            )
        if count < expected:
            warnings.append(
                _("the position has {coins} of {expected}: {missing} missing").format(
                    coins=counted(rank, count), expected=expected, missing=expected - count
                )
            )
    state = CoinAgeState.on_map(names, game_map, stacks, bank_counts, turn_known=False)
    if not state.empty_spaces():
        state.over, state.end_reason = True, _("the board is full")
    elif any(state.bank_size(seat) == 0 for seat in range(PLAYERS)):
        state.over, state.end_reason = True, _("a bank is empty")
    return state, warnings
