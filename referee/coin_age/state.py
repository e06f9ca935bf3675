"""The state of a game of Coin Age: everything on the table, plus what the current toss still allows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.coin_age.coins import Coin
from referee.coin_age.index import EMPTY, LegalTables, TopIndex, board_index, legal_tables
from referee.coin_age.maps import GameMap

PLAYERS = 2


@dataclass(slots=True)
class CoinAgeState:
    """Everything on the table, plus what the current toss still allows.

    ``board[i]`` is the stack on space ``i`` of the map, bottom coin first. ``banks[seat][rank]`` counts coins.
    ``seat`` is the player whose turn it is (or who tosses next when ``tossed`` is False). ``matches`` are the
    kinds that matched in this turn's toss, ``unused`` those not yet placed or paid; ``placements_left``,
    ``may_pay``, ``may_move`` and ``may_capture`` what the toss still allows. ``turn_known`` is False for a
    position typed from the table (whose turn it is is unknown).

    For speed (see :mod:`referee.coin_age.index`), ``tables`` are the map's shared :class:`LegalTables` and
    ``topped`` indexes the board by top coin; the board changes only through :meth:`put`, :meth:`take_top` and
    :meth:`move_stack`, which keep the index (:func:`~referee.coin_age.index.retop` written out: self-play calls
    them on most actions). Neither is compared.
    """

    players: tuple[str, ...]
    map: GameMap
    tables: LegalTables = field(compare=False, repr=False)
    board: list[list[Coin]]
    banks: list[dict[int, int]]
    seat: int = 0
    tossed: bool = False
    matches: frozenset[int] = frozenset()
    unused: frozenset[int] = frozenset()
    placements_left: int = 0
    may_pay: bool = False
    may_move: bool = False
    may_capture: bool = False
    over: bool = False
    end_reason: str | None = None
    turns: int = 0
    turn_known: bool = True
    topped: TopIndex = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.topped:
            self.topped = board_index(self.board)

    @classmethod
    def on_map(
        cls,
        players: tuple[str, ...],
        game_map: GameMap,
        board: list[list[Coin]],
        banks: list[dict[int, int]],
        *,
        turn_known: bool = True,
    ) -> CoinAgeState:
        """A state with this board and these banks, before any toss."""
        return cls(players, game_map, legal_tables(game_map), board, banks, turn_known=turn_known)

    def copy(self) -> CoinAgeState:
        return CoinAgeState(
            self.players,
            self.map,
            self.tables,
            [list(stack) for stack in self.board],
            [dict(bank) for bank in self.banks],
            self.seat,
            self.tossed,
            self.matches,
            self.unused,
            self.placements_left,
            self.may_pay,
            self.may_move,
            self.may_capture,
            self.over,
            self.end_reason,
            self.turns,
            self.turn_known,
            list(self.topped),
        )

    # -- reading the table ----------------------------------------------------------------------------------
    def top(self, space: int) -> Coin | None:
        """The top coin on a space, or None when it is empty."""
        stack = self.board[space]
        return stack[-1] if stack else None

    def empty_spaces(self) -> list[int]:
        return [i for i, stack in enumerate(self.board) if not stack]

    def has_empty_space(self) -> bool:
        return bool(self.topped[EMPTY])

    def bank_size(self, seat: int) -> int:
        return sum(self.banks[seat].values())

    def tosser(self) -> int:
        """Who slaps next: the opponent once the current player has tossed, else the current player."""
        return 1 - self.seat if self.tossed else self.seat

    # -- changing the board (each keeps the index) ----------------------------------------------------------
    def put(self, space: int, coin: Coin) -> None:
        """Lay ``coin`` on top of the stack on ``space``."""
        stack = self.board[space]
        topped, mask = self.topped, 1 << space
        topped[stack[-1].rank if stack else EMPTY] ^= mask
        topped[coin.rank] |= mask
        stack.append(coin)

    def take_top(self, space: int) -> Coin:
        """Take the top coin off the stack on ``space``."""
        stack = self.board[space]
        coin = stack.pop()
        topped, mask = self.topped, 1 << space
        topped[coin.rank] ^= mask
        topped[stack[-1].rank if stack else EMPTY] |= mask
        return coin

    def move_stack(self, source: int, target: int) -> None:
        """Move the whole stack on ``source``, order kept, to the empty space ``target``."""
        board = self.board
        stack = board[target] = board[source]
        board[source] = []
        moved = 1 << source | 1 << target  # the source is now empty, the target topped by the stack's top coin
        self.topped[EMPTY] ^= moved
        self.topped[stack[-1].rank] ^= moved


def starting_banks(bank: Mapping[int, int]) -> list[dict[int, int]]:
    """Each player's bank, a copy of ``bank``."""
    return [dict(bank) for _seat in range(PLAYERS)]
