"""Coin Age toss odds, exact: each tossed coin shows the tosser's side with probability 1/2, independently.

Rule (toss): one coin of each kind still in the bank is tossed, so with ``k`` kinds the number of matches is
binomial(k, 1/2): P(m) = C(k, m) / 2**k. The action allowance follows from the number of matches. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import combinations
from math import comb

from referee.coin_age.coins import RANKS
from referee.i18n import N_

ALLOWANCES: dict[int, str] = {
    4: N_("place 2, or pay 1 to place 3"),
    3: N_("place 2"),
    2: N_("place 2"),
    1: N_("place 1 and move"),
    0: N_("capture and move"),
}
"""The allowance by matches (the table of ``docs/rules/coin-age.md``), in the referee's words.

English, as JSON keys; ``_()`` one to show it."""


def tossed_kinds(bank: dict[int, int]) -> tuple[int, ...]:
    """The kinds tossed from a bank: one coin of each kind still in it, highest rank first."""
    return tuple(rank for rank in RANKS if bank.get(rank, 0) > 0)


def match_odds(kinds: int) -> dict[int, Fraction]:
    """P(number of matches = m) for m = 0 … kinds, exact."""
    if not 0 <= kinds <= len(RANKS):
        raise ValueError(f"between 0 and {len(RANKS)} kinds are tossed, not {kinds}")
    total = 2**kinds
    return {m: Fraction(comb(kinds, m), total) for m in range(kinds + 1)}


def allowance_odds(kinds: int) -> dict[str, Fraction]:
    """P(each action allowance), exact; allowances that cannot happen are left out (3 and 2 matches share one)."""
    result: dict[str, Fraction] = {}
    for matches, p in sorted(match_odds(kinds).items(), reverse=True):
        label = ALLOWANCES[matches]
        result[label] = result.get(label, Fraction(0)) + p
    return result


def outcomes(kinds: Iterable[int]) -> Iterator[tuple[frozenset[int], Fraction]]:
    """Every toss outcome (the set of kinds that matched) with its probability; they sum to 1."""
    tossed = tuple(kinds)
    p = Fraction(1, 2 ** len(tossed))
    for size in range(len(tossed) + 1):
        for matched in combinations(tossed, size):
            yield frozenset(matched), p
