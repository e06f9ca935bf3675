"""Coins: four kinds ranked by physical size, owned by the face that shows.

Rank (by size, not face value): dime 1 < penny 2 < nickel 3 < quarter 4 [BGA]. The referee writes them
``D P N Q`` or ``1 2 3 4``. A coin on the board belongs to the player whose side shows: ``h`` heads (the first
seat) or ``t`` tails (the second seat).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.errors import NotationError
from referee.i18n import N_, _, ngettext

QUARTER, NICKEL, PENNY, DIME = 4, 3, 2, 1
RANKS: tuple[int, ...] = (QUARTER, NICKEL, PENNY, DIME)
"""The four kinds, highest rank first (the order the referee writes them in)."""

LETTER: dict[int, str] = {QUARTER: "Q", NICKEL: "N", PENNY: "P", DIME: "D"}


class _CoinNames(dict[int, str]):
    """The coin names, each in the current language when looked up (``NAME[rank]``)."""

    def __getitem__(self, rank: int) -> str:
        return _(super().__getitem__(rank))


NAME: dict[int, str] = _CoinNames({QUARTER: N_("quarter"), NICKEL: N_("nickel"), PENNY: N_("penny"), DIME: N_("dime")})
"""Each kind's name in the current language (in Chinese and Korean, by its value, as the players say it)."""
_BY_TOKEN: dict[str, int] = {**{letter: rank for rank, letter in LETTER.items()}, **{str(r): r for r in RANKS}}

STARTING_BANK: dict[int, int] = {QUARTER: 1, NICKEL: 2, PENNY: 3, DIME: 4}
"""Each player's bank at the start: 4 dimes, 3 pennies, 2 nickels, 1 quarter [OFF, BGA]."""

COINS_PER_PLAYER = sum(STARTING_BANK.values())

HEADS, TAILS = 0, 1
SIDE_LETTER = ("h", "t")


class Coin(NamedTuple):
    """A coin as it lies: its rank and the side showing (the seat that owns it)."""

    rank: int
    side: int

    def __str__(self) -> str:
        return LETTER[self.rank] + SIDE_LETTER[self.side]


COIN: dict[tuple[int, int], Coin] = {(rank, side): Coin(rank, side) for rank in RANKS for side in (HEADS, TAILS)}
"""The eight distinct coins, shared (coins are values)."""


def counted(rank: int, n: int) -> str:
    """``n`` coins of one kind in words: ``1 penny``, ``3 pennies``."""
    if rank == QUARTER:
        text = ngettext("{n} quarter", "{n} quarters", n)
    elif rank == NICKEL:
        text = ngettext("{n} nickel", "{n} nickels", n)
    elif rank == PENNY:
        text = ngettext("{n} penny", "{n} pennies", n)
    else:
        text = ngettext("{n} dime", "{n} dimes", n)
    return text.format(n=n)


def parse_rank(token: str) -> int:
    """A kind written as a letter (Q N P D) or a rank (4 3 2 1), any case."""
    rank = _BY_TOKEN.get(token.strip().upper())
    if rank is None:
        raise NotationError(
            _("unknown coin '{token}': write Q, N, P or D (or the rank 4, 3, 2, 1)").format(token=token)
        )
    return rank


def parse_coin(token: str) -> Coin:
    """A coin as a position file writes it: kind then side, e.g. ``Qh`` or ``Pt``."""
    text = token.strip()
    if len(text) != 2 or text[1].lower() not in SIDE_LETTER:
        raise NotationError(
            _("unknown coin '{token}': write a kind and a side, like Qh (quarter, heads) or Pt").format(token=token)
        )
    return COIN[(parse_rank(text[0]), SIDE_LETTER.index(text[1].lower()))]


def parse_bank(text: str) -> dict[int, int]:
    """A bank written as letters, e.g. ``DDP`` or ``D D P`` (an empty string is an empty bank)."""
    counts = dict.fromkeys(RANKS, 0)
    for char in text.replace(" ", "").replace(",", ""):
        counts[parse_rank(char)] += 1
    return counts


def format_kinds(ranks: object) -> str:
    """Kinds highest first, as letters: ``QN``; ``-`` for none."""
    letters = "".join([LETTER[rank] for rank in RANKS if rank in ranks])  # type: ignore[operator]
    return letters or "-"
