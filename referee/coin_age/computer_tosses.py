"""The computer's tosses, fixed by the game: the toss of a turn is drawn from the match's seed and the toss's
number in the game, by a generator used for nothing else.

Rule (toss): one coin of each kind still in the bank is tossed, and each shows its side with probability 1/2. The
computer's coins are tossed by the referee, so a player who undoes the computer's turn, redoes it or resumes the
game must see the same toss again: otherwise undo would let a player toss the computer's coins until they fall
badly. Each toss is read from a keyed hash (BLAKE2b, personalised for this use) of ``(seed, toss number)``: one bit
per kind, so every kind matches with probability 1/2 independently, and nothing else the referee draws (a deal, a
search, another toss) shares or shifts these draws. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import secrets

from referee.coin_age.actions import SLAPS, Slap
from referee.coin_age.coins import RANKS

PERSONAL = b"coin-age-toss"
"""Sets these draws apart from any other use of the hash."""


def new_seed() -> int:
    """A seed for a match whose player gave none (kept in its record, so a resumed game tosses the same)."""
    return secrets.randbelow(2**31)


def toss_bits(seed: int, number: int) -> int:
    """Sixty-four fair random bits for toss ``number`` of the match with ``seed``."""
    digest = hashlib.blake2b(f"{seed}:{number}".encode(), digest_size=8, person=PERSONAL).digest()
    return int.from_bytes(digest, "big")


def computer_toss(seed: int, number: int, bank: dict[int, int]) -> Slap:
    """Toss ``number`` (the n-th toss of the game, from 1) of a bank: one coin of each kind still in it, a kind
    matching when its bit is set."""
    bits = toss_bits(seed, number)
    return SLAPS[frozenset(rank for rank in RANKS if bank.get(rank, 0) and bits >> rank & 1)]


def choice_bits(seed: int, number: int) -> int:
    """Random bits for a choice the computer makes in turn ``number`` (level 1 picks among good plans), apart from
    its tosses."""
    digest = hashlib.blake2b(f"{seed}:{number}:choice".encode(), digest_size=8, person=PERSONAL).digest()
    return int.from_bytes(digest, "big")
