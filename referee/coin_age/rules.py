"""The rules of Coin Age: state, actions, legality, application, end and scoring.

Pure: no I/O. Each rule has one place here, and its docstring or comment quotes it from
``docs/rules/coin-age.md``. Rule topics named in verdicts are those of ``referee coin-age rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

from referee.coin_age.builtin_maps import DEFAULT_MAP, builtin_map, builtin_map_names
from referee.coin_age.coins import (
    COIN,
    COINS_PER_PLAYER,
    LETTER,
    NAME,
    RANKS,
    STARTING_BANK,
    Coin,
    format_kinds,
    parse_rank,
)
from referee.coin_age.maps import GameMap, load_map
from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.errors import NotationError, SetupError
from referee.i18n import _

if TYPE_CHECKING:
    import random  # only the type of the generator self-play is given

PLAYERS = 2


# -- actions ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Slap:
    """The toss of the player whose turn starts: ``kinds`` are the kinds that matched (showed their side)."""

    kinds: frozenset[int]


@dataclass(frozen=True, slots=True)
class Place:
    rank: int
    space: int


@dataclass(frozen=True, slots=True)
class Pay:
    rank: int


@dataclass(frozen=True, slots=True)
class Move:
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Capture:
    space: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


Action = Slap | Place | Pay | Move | Capture | Done

DONE = Done()

SLAPS: dict[frozenset[int], Slap] = {
    frozenset(kinds): Slap(frozenset(kinds)) for count in range(len(RANKS) + 1) for kinds in combinations(RANKS, count)
}
"""The sixteen tosses (which kinds matched), made once and shared like the table's actions."""


@dataclass(frozen=True, slots=True)
class ActionTable:
    """Every place, pay, move and capture action a map allows, made once and shared (actions are values).

    Self-play asks for the legal actions on every action, so the table also holds them picked out by bitmasks of
    spaces (bit ``i`` = space ``i``, see :attr:`CoinAgeState.topped`): ``place_runs[rank]`` and ``capture_runs``
    by runs of spaces (see :func:`by_runs`); ``move_picks``, for each source space, the mask of the source and its
    neighbours and the source's moves by which of them are empty; ``moves_by_empty``, see :meth:`moves_into`.
    """

    places: dict[int, tuple[Place, ...]]
    pays: dict[int, Pay]
    moves: tuple[tuple[Move, ...], ...]
    captures: tuple[Capture, ...]
    place_runs: dict[int, tuple[tuple[tuple[Place, ...], ...], ...]]
    capture_runs: tuple[tuple[tuple[Capture, ...], ...], ...]
    move_picks: tuple[tuple[int, dict[int, tuple[Move, ...]]], ...]
    all_spaces: int
    moves_by_empty: dict[int, tuple[Move, ...]] = field(default_factory=dict)

    def moves_into(self, empty: int) -> tuple[Move, ...]:
        """The moves of a stack to an empty adjacent space when ``empty`` is the bitmask of the empty spaces, by
        source, then target; kept by ``empty`` (up to :data:`MASKS_KEPT` of them) once picked out."""
        found = self.moves_by_empty.get(empty)
        if found is None:
            moves: list[Move] = []
            for around, picks in self.move_picks:
                moves += picks[empty & around]
            found = tuple(moves)
            if len(self.moves_by_empty) < MASKS_KEPT:
                self.moves_by_empty[empty] = found
        return found


MASKS_KEPT = 1 << 14
"""How many sets of empty spaces an :class:`ActionTable` keeps the moves of (all of them on a 10-space map)."""


_ACTION_TABLES: dict[int, tuple[GameMap, ActionTable]] = {}


def action_table(game_map: GameMap) -> ActionTable:
    """The :class:`ActionTable` of a map (made at its first use)."""
    entry = _ACTION_TABLES.get(id(game_map))
    if entry is None or entry[0] is not game_map:
        spaces = range(len(game_map.spaces))
        places = {rank: tuple(Place(rank, space) for space in spaces) for rank in RANKS}
        captures = tuple(Capture(space) for space in spaces)
        moves = tuple(tuple(Move(source, target) for target in game_map.neighbours[source]) for source in spaces)
        table = ActionTable(
            places=places,
            pays={rank: Pay(rank) for rank in RANKS},
            moves=moves,
            captures=captures,
            place_runs={rank: by_runs(places[rank]) for rank in RANKS},
            capture_runs=by_runs(captures),
            move_picks=tuple(_move_picks(from_source) for from_source in moves),
            all_spaces=(1 << len(spaces)) - 1,
        )
        entry = _ACTION_TABLES[id(game_map)] = (game_map, table)
    return entry[1]


RUN = 5
"""Spaces per run in :func:`by_runs` (a run has 2**RUN subsets)."""
RUN_MASK = (1 << RUN) - 1


def by_runs(items: tuple[Any, ...]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """``items`` (``items[i]`` of space ``i``) cut in runs of :data:`RUN` spaces, each with its items picked out by
    each bitmask of its spaces: ``runs[k][bits]`` holds the items of the spaces ``RUN * k + i`` for each bit ``i``
    of ``bits``, in order (see :func:`pick`)."""
    runs = []
    for start in range(0, len(items), RUN):
        run = items[start : start + RUN]
        runs.append(tuple(tuple(item for i, item in enumerate(run) if bits >> i & 1) for bits in range(1 << RUN)))
    return tuple(runs)


def pick(found: list[Any], runs: tuple[tuple[tuple[Any, ...], ...], ...], spaces: int) -> None:
    """Append to ``found`` the items of :func:`by_runs` of the spaces in the bitmask ``spaces``, in order."""
    for subsets in runs:
        found += subsets[spaces & RUN_MASK]
        spaces >>= RUN


def _move_picks(from_source: tuple[Move, ...]) -> tuple[int, dict[int, tuple[Move, ...]]]:
    """The bitmask of a source space and its neighbours, and for each set of empty spaces among them, the moves
    from the source: none when the source itself is empty, else those to its empty neighbours, in order."""
    if not from_source:
        return 0, {0: ()}
    source = from_source[0].source
    around = 1 << source
    for move in from_source:
        around |= 1 << move.target
    picks = {}
    empty = around
    while True:  # every subset of `around`, from all of it down to none
        picks[empty] = () if empty >> source & 1 else tuple(m for m in from_source if empty >> m.target & 1)
        if not empty:
            return around, picks
        empty = (empty - 1) & around


# -- state -----------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class CoinAgeState:
    """Everything on the table, plus what the current toss still allows.

    ``board[i]`` is the stack on space ``i`` of the map, bottom coin first. ``banks[seat][rank]`` counts coins.
    ``seat`` is the player whose turn it is (or who tosses next when ``tossed`` is False). ``unused`` holds the
    matched kinds not yet placed or paid. ``table`` is the map's :class:`ActionTable` (shared, not compared).

    ``topped`` indexes the board by top coin, for speed (see :func:`board_index`): ``topped[rank]`` is the bitmask
    of the spaces (bit ``i`` = space ``i``) whose top coin has that rank, ``topped[EMPTY]`` that of the empty
    spaces. It is made from ``board`` when not given, kept with it by :meth:`CoinAgeRules.apply`, and checked
    against it by :meth:`CoinAgeRules.check_invariants`.
    """

    players: tuple[str, ...]
    map: GameMap
    table: ActionTable = field(compare=False, repr=False)
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
    topped: list[int] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.topped:
            self.topped = board_index(self.board)

    def copy(self) -> CoinAgeState:
        return CoinAgeState(
            self.players,
            self.map,
            self.table,
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

    # helpers that read like the rules
    def top(self, space: int) -> Coin | None:
        stack = self.board[space]
        return stack[-1] if stack else None

    def empty_spaces(self) -> list[int]:
        return [i for i, stack in enumerate(self.board) if not stack]

    def bank_size(self, seat: int) -> int:
        return sum(self.banks[seat].values())

    def tosser(self) -> int:
        """Who slaps next: the opponent once the current player has tossed, else the current player."""
        return 1 - self.seat if self.tossed else self.seat


EMPTY = 0
"""The rank of no coin: ``topped[EMPTY]`` is the bitmask of the empty spaces."""
INDEX_SIZE = max(RANKS) + 1
"""The length of :attr:`CoinAgeState.topped`: an entry for each rank, and for no coin."""


def board_index(board: list[list[Coin]]) -> list[int]:
    """:attr:`CoinAgeState.topped` of a board: for each rank, and for no coin, the bitmask of the spaces it tops."""
    topped = [0] * INDEX_SIZE
    for space, stack in enumerate(board):
        topped[stack[-1].rank if stack else EMPTY] |= 1 << space
    return topped


def resolve_map(value: object) -> GameMap:
    """The map of a setup: a built-in map's name, a map table, or an already loaded map."""
    if isinstance(value, GameMap):
        return value
    if value is None:
        value = DEFAULT_MAP
    if isinstance(value, str):
        found = builtin_map(value)
        if found is None:
            raise SetupError(
                _("unknown map '{name}': installed maps are {names}, or give a map file").format(
                    name=value, names=", ".join(builtin_map_names())
                )
            )
        return found
    if isinstance(value, Mapping):
        return load_map(value, source="setup.map")
    raise SetupError(_("setup.map must be a map name or a map table"))


def check_players(players: list[str]) -> tuple[str, ...]:
    if len(players) != PLAYERS:
        raise SetupError(_("Coin Age is for two players, not {count}").format(count=len(players)))
    if players[0] == players[1]:
        raise SetupError(_("the two players need different names"))
    return tuple(players)


def _space(token: str, state: CoinAgeState) -> int:
    """A space of the state's map written by its id, in any case."""
    found = state.map.lookup(token)
    if found is None:
        raise NotationError(
            _("unknown space '{token}': the spaces are {spaces}").format(
                token=token, spaces=" ".join(state.map.space_ids)
            )
        )
    return found


def _usage_error(text: str, usage: str) -> NotationError:
    """An action with too many or too few words after its verb: how to write it."""
    return NotationError(_("'{text}': write {usage}").format(text=text.strip(), usage=usage))


# -- the rules -------------------------------------------------------------------------------------------------
class CoinAgeRules(RulesBase[Any, Any]):
    """Coin Age for the referee. See the module docstring."""

    name = "coin-age"

    # setup ---------------------------------------------------------------------------------------------------
    def new_state(self, players: list[str], setup: Mapping[str, Any]) -> CoinAgeState:
        """Each player's bank: 4 dimes, 3 pennies, 2 nickels, 1 quarter. Heads (the first seat) tosses first."""
        game_map = resolve_map(setup.get("map"))
        return CoinAgeState(
            players=check_players(players),
            map=game_map,
            table=action_table(game_map),
            board=[[] for _space in game_map.spaces],
            banks=[dict(STARTING_BANK) for _seat in range(PLAYERS)],
        )

    # notation ------------------------------------------------------------------------------------------------
    def parse(self, text: str, state: CoinAgeState) -> Action:
        """An action in the contract's notation (verbs and coins in any case; spaces by their map ids)."""
        words = text.split()
        if not words:
            raise NotationError(_("empty action"))
        verb, args = words[0].lower(), words[1:]
        if verb == "slap":
            return self._parse_slap(text, args, state)
        table = state.table
        if verb == "place":
            if len(args) != 2:
                raise _usage_error(text, "place COIN SPACE, e.g. place Q B2")
            return table.places[parse_rank(args[0])][_space(args[1], state)]
        if verb == "pay":
            if len(args) != 1:
                raise _usage_error(text, "pay COIN, e.g. pay N")
            return table.pays[parse_rank(args[0])]
        if verb == "move":
            if len(args) != 2:
                raise _usage_error(text, "move FROM TO, e.g. move B2 B3")
            return Move(_space(args[0], state), _space(args[1], state))
        if verb == "capture":
            if len(args) != 1:
                raise _usage_error(text, "capture SPACE, e.g. capture B2")
            return table.captures[_space(args[0], state)]
        if verb in ("done", "end"):
            if args:
                raise _usage_error(text, "done")
            return DONE
        raise NotationError(
            _("unknown action '{verb}': the actions are slap, place, pay, move, capture, done").format(verb=words[0])
        )

    def _parse_slap(self, text: str, args: list[str], state: CoinAgeState) -> Slap:
        """``slap QN`` / ``slap Q N`` / ``slap -``: the kinds that matched, each once; a kind the tosser does not
        hold cannot have been tossed (bad input, not an illegal action)."""
        letters = "".join(args)
        if not letters:
            raise NotationError(_("'slap' needs the kinds that matched, or '-' for none: slap QN, slap -"))
        if letters == "-":
            return SLAPS[frozenset()]
        ranks = []
        missing = []
        bank = state.banks[state.tosser()]
        for char in letters:  # (plain loops: replaying a record parses every toss)
            rank = parse_rank(char)
            ranks.append(rank)
            if bank[rank] == 0:
                missing.append(rank)
        kinds = frozenset(ranks)
        if len(kinds) != len(ranks):
            raise NotationError(_("'{text}': each kind is tossed once, so list it once").format(text=text.strip()))
        if missing and not state.over:
            # The referee knows the bank: a kind that was not tossed cannot have matched (bad input, exit 2).
            raise NotationError(
                _("{player} has no {coin} in the bank, so no {coin} was tossed (the bank holds {kinds})").format(
                    player=state.players[state.tosser()],
                    coin=NAME[missing[0]],
                    kinds=format_kinds([rank for rank in RANKS if bank[rank]]),
                )
            )
        return SLAPS[kinds]

    def format(self, action: Action, state: CoinAgeState) -> str:
        """The canonical notation: lower-case verbs, coins as letters, kinds highest first, the map's space ids."""
        ids = state.map.space_ids
        if isinstance(action, Place):
            return f"place {LETTER[action.rank]} {ids[action.space]}"
        if isinstance(action, Slap):
            return "slap " + format_kinds(action.kinds)
        if isinstance(action, Done):
            return "done"
        if isinstance(action, Move):
            return f"move {ids[action.source]} {ids[action.target]}"
        if isinstance(action, Capture):
            return f"capture {ids[action.space]}"
        if isinstance(action, Pay):
            return f"pay {LETTER[action.rank]}"
        raise TypeError(action)

    def describe(self, action: Action, state: CoinAgeState) -> str:
        """The action in words, for menus."""
        game_map = state.map
        match action:
            case Slap(kinds):
                return _("toss: {kinds} matched").format(kinds=format_kinds(kinds))
            case Place(rank, space):
                target = game_map.spaces[space]
                top = state.top(space)
                where = _("on {coin}").format(coin=NAME[top.rank]) if top else _("empty")
                return _("place {coin} on {id} {name} ({where})").format(
                    coin=NAME[rank], id=target.id, name=target.name, where=where
                )
            case Pay(rank):
                return _("pay a {coin} to {opponent} (allows a third placement)").format(
                    coin=NAME[rank], opponent=state.players[1 - state.seat]
                )
            case Move(source, target):
                return _("move the stack on {a} {a_name} to {b} {b_name}").format(
                    a=game_map.spaces[source].id,
                    a_name=game_map.spaces[source].name,
                    b=game_map.spaces[target].id,
                    b_name=game_map.spaces[target].name,
                )
            case Capture(space):
                top = state.top(space)
                owner = state.players[top.side] if top else "?"
                return _("capture {owner}'s {coin} from {id} {name}").format(
                    owner=owner,
                    coin=NAME[top.rank] if top else "?",
                    id=game_map.spaces[space].id,
                    name=game_map.spaces[space].name,
                )
            case Done():
                return _("end the turn")
        raise TypeError(action)

    # legality ------------------------------------------------------------------------------------------------
    def judge(self, state: CoinAgeState, action: Action) -> Verdict:
        """Legal or not, citing the rule topic either way."""
        if state.over:
            return Verdict(False, "end", _("the game is over ({reason})").format(reason=state.end_reason))
        if isinstance(action, Slap):
            return self._judge_slap(state, action)
        if not state.tossed:
            return Verdict(
                False,
                "toss",
                _("{player} must toss first (slap) before acting").format(player=state.players[state.seat]),
            )
        if isinstance(action, Place):
            return self._judge_place(state, action)
        if isinstance(action, Done):
            return Verdict(
                True,
                "turn",
                partial(_("{player} ends the turn").format, player=state.players[state.seat]),
                _("Ruling: the end of a turn is the next toss, or an explicit 'done'."),
            )
        if isinstance(action, Move):
            return self._judge_move(state, action)
        if isinstance(action, Capture):
            return self._judge_capture(state, action)
        if isinstance(action, Pay):
            return self._judge_pay(state, action)
        raise TypeError(action)

    def _judge_slap(self, state: CoinAgeState, action: Slap) -> Verdict:
        """Toss: take one coin of each kind still in your bank and slap them down."""
        tosser = state.tosser()
        bank = state.banks[tosser]
        name = state.players[tosser]
        for missing in RANKS:  # (a plain loop: replaying a record judges every toss)
            if missing in action.kinds and bank[missing] == 0:
                tossed = format_kinds([rank for rank in RANKS if bank[rank]])
                return Verdict(
                    False,
                    "toss",
                    _("{player} has no {coin} in the bank, so tosses only {kinds}").format(
                        player=name, coin=NAME[missing], kinds=tossed
                    ),
                )
        return Verdict(
            True,
            "toss",
            partial(tossing_reason, name, len(action.kinds)),
            _("Ruling: the end of a turn is the next toss, or an explicit 'done'.") if state.tossed else None,
        )

    def _judge_place(self, state: CoinAgeState, action: Place) -> Verdict:
        """Place: one of your matching coins, your side up, on an empty space or on a strictly higher coin."""
        coin = NAME[action.rank]
        space = state.map.spaces[action.space]
        if action.rank not in state.matches:
            return Verdict(
                False,
                "place",
                _("the {coin} did not match in this toss (matched: {kinds})").format(
                    coin=coin, kinds=format_kinds(state.matches)
                ),
            )
        if action.rank not in state.unused:
            return Verdict(False, "place", _("the matching {coin} was already used this turn").format(coin=coin))
        if state.placements_left <= 0:
            if state.may_pay:
                reason = _("no placement left: with 4 matches, pay a coin first to place a third")
            else:
                reason = _("no placement left this turn ({allowance})").format(
                    allowance=allowance_text(len(state.matches))
                )
            return Verdict(
                False,
                "place",
                reason,
                _("Ruling: the 4-match allowance is up to 2 placements, 3 after a pay.")
                if len(state.matches) == 4
                else None,
            )
        top = state.top(action.space)
        if top is not None and top.rank <= action.rank:
            if action.rank == 4:
                reason = _("a quarter can only go on an empty space; {space} holds a {top}")
            elif top.rank == action.rank:
                reason = _("a {coin} cannot go on a {top} on {space}: the same rank never stacks")
            else:
                reason = _("a {coin} cannot cover a {top} on {space}: only a strictly higher coin can be covered")
            return Verdict(False, "place", reason.format(coin=coin, top=NAME[top.rank], space=space.id))
        return Verdict(True, "place", partial(placing_reason, state.players[state.seat], coin, space.id, top))

    def _judge_pay(self, state: CoinAgeState, action: Pay) -> Verdict:
        """Pay: give a matching coin to the opponent's bank; only with 4 matches; allows the third placement."""
        ruling = _("Ruling: the pay may come before or after the first placements, at most once, only with 4 matches.")
        coin = NAME[action.rank]
        if len(state.matches) != 4:
            return Verdict(
                False,
                "pay",
                _("paying needs 4 matches; this toss had {count}").format(count=len(state.matches)),
                ruling,
            )
        if not state.may_pay:
            return Verdict(False, "pay", _("a coin was already paid this turn"), ruling)
        if action.rank not in state.unused:
            return Verdict(False, "pay", _("the matching {coin} was already used this turn").format(coin=coin), ruling)
        return Verdict(
            True,
            "pay",
            partial(
                _("{player} pays the {coin} to {opponent} and may place a third coin").format,
                player=state.players[state.seat],
                coin=coin,
                opponent=state.players[1 - state.seat],
            ),
            ruling,
        )

    def _judge_move(self, state: CoinAgeState, action: Move) -> Verdict:
        """Move: all the coins of one space, order kept, to an empty adjacent space; any stack, any owner."""
        ids = state.map.space_ids
        ruling = _("Ruling: moving the opponent's stacks is allowed: the official text has no owner limit.")
        if not state.may_move:
            reason = (
                _("the move was already made this turn")
                if len(state.matches) <= 1
                else _("moving needs 0 or 1 match; this toss had {count}").format(count=len(state.matches))
            )
            return Verdict(False, "move", reason)
        if not state.board[action.source]:
            return Verdict(
                False, "move", _("{space} is empty: there is no stack to move").format(space=ids[action.source])
            )
        if action.target not in state.map.neighbours[action.source]:
            return Verdict(
                False, "move", _("{b} is not adjacent to {a}").format(a=ids[action.source], b=ids[action.target])
            )
        if state.board[action.target]:
            return Verdict(
                False,
                "move",
                _("{b} is not empty: a stack moves only to an empty adjacent space").format(b=ids[action.target]),
            )
        top = state.board[action.source][-1]
        return Verdict(
            True,
            "move",
            partial(
                _("{player} moves the stack on {a} to the empty adjacent {b}").format,
                player=state.players[state.seat],
                a=ids[action.source],
                b=ids[action.target],
            ),
            ruling if top.side != state.seat else None,
        )

    def _judge_capture(self, state: CoinAgeState, action: Capture) -> Verdict:
        """Capture: take the lone coin of a space, or the top coin of a stack, into your bank."""
        ids = state.map.space_ids
        ruling = _("Ruling: capturing your own coin is allowed: the official text has no owner limit.")
        if not state.may_capture:
            reason = (
                _("the capture was already made this turn")
                if not state.matches
                else _("capturing needs 0 matches; this toss had {count}").format(count=len(state.matches))
            )
            return Verdict(False, "capture", reason)
        top = state.top(action.space)
        if top is None:
            return Verdict(
                False, "capture", _("{space} is empty: there is nothing to capture").format(space=ids[action.space])
            )
        own = top.side == state.seat
        return Verdict(
            True,
            "capture",
            partial(
                _("{player} takes the top coin of {space}, {owner}'s {coin}, into the bank").format,
                player=state.players[state.seat],
                space=ids[action.space],
                owner=state.players[top.side],
                coin=NAME[top.rank],
            ),
            ruling if own else None,
        )

    # application ---------------------------------------------------------------------------------------------
    def apply(self, state: CoinAgeState, action: Action) -> list[Event]:
        """Apply a legal action (see :meth:`judge`) and return what the referee announces."""
        return _APPLY[type(action)](self, state, action)

    def _apply_slap(self, state: CoinAgeState, action: Slap) -> list[Event]:
        """A toss ends the turn in progress (when there is one) and starts the tosser's turn."""
        if state.tossed:
            state.seat = 1 - state.seat
        kinds = action.kinds
        start_turn(state, kinds)
        return [Event("toss", partial(toss_message, state.players[state.seat], kinds))]

    def _apply_place(self, state: CoinAgeState, action: Place) -> list[Event]:
        """The coin leaves the bank for the top of the space, its owner's side up. The game ends at once when the
        last empty space is filled, or the placer's bank is empty."""
        rank, seat, space = action.rank, state.seat, action.space
        bank = state.banks[seat]
        bank[rank] -= 1
        stack = state.board[space]
        topped, bit = state.topped, 1 << space
        topped[stack[-1].rank if stack else EMPTY] ^= bit  # the space is now topped by the coin placed
        topped[rank] |= bit
        stack.append(COIN[rank, seat])
        state.unused = state.unused - {rank}
        state.placements_left -= 1
        if not topped[EMPTY]:
            reason = _("{player} filled the last empty space").format(player=state.players[seat])
        elif not any(bank.values()):
            reason = _("{player} placed their last coin").format(player=state.players[seat])
        else:
            return []
        state.over = True
        state.end_reason = reason
        return [Event("end", partial(end_message, state.copy()))]

    def _apply_pay(self, state: CoinAgeState, action: Pay) -> list[Event]:
        """The coin goes to the opponent's bank, and one more placement is allowed."""
        state.banks[state.seat][action.rank] -= 1
        state.banks[1 - state.seat][action.rank] += 1
        state.unused = state.unused - {action.rank}
        state.placements_left += 1
        state.may_pay = False
        return []

    def _apply_move(self, state: CoinAgeState, action: Move) -> list[Event]:
        """The whole stack, order kept, goes to the empty adjacent space."""
        board, source, target = state.board, action.source, action.target
        stack = board[target] = board[source]
        board[source] = []
        moved = 1 << source | 1 << target  # the source is now empty, the target topped by the stack's top coin
        state.topped[EMPTY] ^= moved
        state.topped[stack[-1].rank] ^= moved
        state.may_move = False
        return []

    def _apply_capture(self, state: CoinAgeState, action: Capture) -> list[Event]:
        """The top coin goes to the capturer's bank, where it is theirs."""
        stack = state.board[action.space]
        coin = stack.pop()
        state.banks[state.seat][coin.rank] += 1
        state.topped[coin.rank] ^= 1 << action.space
        state.topped[stack[-1].rank if stack else EMPTY] |= 1 << action.space
        state.may_capture = False
        return []

    def _apply_done(self, state: CoinAgeState, action: Done) -> list[Event]:
        """``done``: the turn passes (see :func:`end_turn`)."""
        end_turn(state)
        return []

    # generation ----------------------------------------------------------------------------------------------
    def legal_actions(self, state: CoinAgeState) -> Iterator[Action]:
        """Every legal action now: the turn's actions, ``done``, and the next toss."""
        if state.over:
            return
        yield from self.turn_actions(state)
        if state.tossed:
            yield DONE
        bank = state.banks[state.tosser()]
        kinds = [rank for rank in RANKS if bank[rank]]
        for mask in range(1 << len(kinds)):
            yield Slap(frozenset(kinds[i] for i in range(len(kinds)) if mask >> i & 1))

    def turn_actions(self, state: CoinAgeState) -> Iterator[Action]:
        """The legal place, pay, move and capture actions of the player in turn."""
        if state.over or not state.tossed:
            return
        yield from self._turn_action_list(state)

    def _turn_action_list(self, state: CoinAgeState) -> list[Action]:
        """:meth:`turn_actions` as a list, built from the map's shared action objects (nothing allocated but the
        list: self-play asks this on every action). Places come highest coin first, then pays, moves, captures."""
        table = state.table
        topped = state.topped
        unused = state.unused
        found: list[Action] = []
        if state.placements_left > 0:
            allowed = topped[EMPTY]  # a coin goes on an empty space, or on a strictly higher coin:
            for rank in RANKS:  # highest first, so each rank may also go where the rank above is on top
                if rank in unused:
                    pick(found, table.place_runs[rank], allowed)
                allowed |= topped[rank]
        if state.may_pay:
            for rank in RANKS:
                if rank in unused:
                    found.append(table.pays[rank])
        if state.may_move:  # the whole stack, to an empty adjacent space
            found += table.moves_into(topped[EMPTY])
        if state.may_capture:  # the top coin of any stack
            pick(found, table.capture_runs, table.all_spaces ^ topped[EMPTY])
        return found

    def has_turn_action(self, state: CoinAgeState) -> bool:
        return next(self.turn_actions(state), None) is not None

    def random_action(self, state: CoinAgeState, rng: random.Random) -> Action:
        """A random legal action for self-play: a fair toss when a turn starts, else any turn action or 'done'."""
        if state.tossed and not state.over:
            choices = self._turn_action_list(state)
            if choices:
                choices.append(DONE)
                return rng.choice(choices)
        bank = state.banks[1 - state.seat if state.tossed else state.seat]  # the tosser's (state.tosser())
        random = rng.random
        matched = []
        for rank in RANKS:  # (a plain loop: on four kinds, a comprehension's own call costs more)
            if bank[rank] and random() < 0.5:
                matched.append(rank)
        return SLAPS[frozenset(matched)]

    # questions -----------------------------------------------------------------------------------------------
    def to_move(self, state: CoinAgeState) -> int | None:
        """The player in turn while something is still legal for them, otherwise the opponent, who must slap."""
        if state.over or not state.turn_known:
            return None
        if state.tossed and not self.has_turn_action(state):
            return 1 - state.seat
        return state.seat

    def is_over(self, state: CoinAgeState) -> bool:
        return state.over

    def outcome(self, state: CoinAgeState) -> Outcome:
        return score(state)

    def state_json(self, state: CoinAgeState) -> dict[str, Any]:
        ids = state.map.space_ids
        result: dict[str, Any] = {
            "map": state.map.name,
            "board": {ids[i]: [str(coin) for coin in stack] for i, stack in enumerate(state.board)},
            "banks": {
                state.players[seat]: {LETTER[rank]: state.banks[seat][rank] for rank in RANKS}
                for seat in range(PLAYERS)
            },
        }
        if state.tossed and not state.over:
            result["turn"] = {
                "player": state.players[state.seat],
                "matched": format_kinds(state.matches),
                "unused": format_kinds(state.unused),
                "placements_left": state.placements_left if state.unused else 0,
                "may_pay": state.may_pay and bool(state.unused),
                "may_move": state.may_move,
                "may_capture": state.may_capture,
            }
        if state.over:
            result["end"] = state.end_reason
        return result

    def check_invariants(self, state: CoinAgeState) -> list[str]:
        """20 coins always (board + banks); every stack strictly decreasing bottom to top; the end when due; the
        board's index (``topped``) agrees with the board. (Plain loops: self-play checks every game.)"""
        problems: list[str] = []
        totals = dict.fromkeys(RANKS, 0)
        for stack in state.board:
            top = None
            for coin in stack:
                totals[coin.rank] += 1
                if top is not None and coin.rank >= top.rank:
                    problems.append(f"stack not strictly decreasing: {' '.join(map(str, stack))}")
                top = coin
        should_end = all(state.board)  # no empty space left
        for bank in state.banks:
            for rank, count in bank.items():
                if count < 0:
                    problems.append(f"negative count of {NAME[rank]}")
                totals[rank] += count
            if sum(bank.values()) == 0:
                should_end = True  # a bank is empty
        for rank in RANKS:
            if totals[rank] != PLAYERS * STARTING_BANK[rank]:
                problems.append(f"{NAME[rank]}s: {totals[rank]} instead of {PLAYERS * STARTING_BANK[rank]}")
        coins = sum(totals.values())
        if coins != PLAYERS * COINS_PER_PLAYER:
            problems.append(f"{coins} coins instead of {PLAYERS * COINS_PER_PLAYER}")
        if state.topped != board_index(state.board):
            problems.append("the board's index (topped) does not match the board")
        if should_end != state.over:
            problems.append("the game is over" if state.over else "the game should have ended")
        return problems


# -- turn bookkeeping ------------------------------------------------------------------------------------------
def start_turn(state: CoinAgeState, kinds: frozenset[int]) -> None:
    """The allowance by matches: 4 → place 2 (or pay 1 to place 3); 3, 2 → place 2; 1 → place 1 and move;
    0 → capture and move. All optional, any order."""
    count = len(kinds)
    state.tossed = True
    state.turns += 1
    state.matches = kinds
    state.unused = kinds
    state.placements_left = 2 if count >= 2 else count
    state.may_pay = count == 4
    state.may_move = count <= 1
    state.may_capture = count == 0


def end_turn(state: CoinAgeState) -> None:
    """``done``: the turn passes to the opponent, who tosses next."""
    state.seat = 1 - state.seat
    state.tossed = False
    state.matches = state.unused = frozenset()
    state.placements_left = 0
    state.may_pay = state.may_move = state.may_capture = False


def placing_reason(player: str, coin: str, space: str, top: Coin | None) -> str:
    """Why a placement is legal, in words: who places which coin where, on what."""
    where = _("on the {top}").format(top=NAME[top.rank]) if top else _("on the empty space")
    return _("{player} places the {coin} on {space} {where}").format(player=player, coin=coin, space=space, where=where)


def tossing_reason(player: str, matches: int) -> str:
    """Why a toss is legal, in words: who tosses, how many kinds matched, and what that allows."""
    return _("{player} tosses one coin of each kind in the bank; {count} matched: {allowance}").format(
        player=player, count=matches, allowance=allowance_text(matches)
    )


def toss_message(player: str, kinds: frozenset[int]) -> str:
    """The announcement of a toss: who, how many kinds matched, which, and what that allows."""
    return _("{player}: {count} matched ({kinds}): {allowance}").format(
        player=player, count=len(kinds), kinds=format_kinds(kinds), allowance=allowance_text(len(kinds))
    )


def end_message(state: CoinAgeState) -> str:
    """The announcement of the end: why, the scores and the winner (or a draw)."""
    return _("The game is over: {reason}. {result}").format(reason=state.end_reason, result=result_text(score(state)))


def allowance_text(matches: int) -> str:
    """What a toss of ``matches`` matches allows (see :func:`start_turn`)."""
    if matches == 4:
        return _("place 2, or pay 1 to place 3")
    if matches >= 2:
        return _("place 2")
    if matches == 1:
        return _("place 1 and move")
    return _("capture and move")


# -- scoring ---------------------------------------------------------------------------------------------------
def score(state: CoinAgeState) -> Outcome:
    """Spaces (the top coin's rank to its owner) + region bonus + 1 per coin in the bank.

    Region bonus: in each region, the player who controls strictly more spaces than the opponent doubles the
    points of his controlling coins there; a tie, 0–0 included, doubles nothing; a one-space region is doubled
    for whoever holds it. Tie-break: the higher total rank value of the coins in the bank; still tied: a draw.
    """
    spaces = [0, 0]
    bonus = [0, 0]
    board = state.board
    for members in state.map.region_members:
        held = [0, 0]
        points = [0, 0]
        for space in members:
            stack = board[space]
            if stack:
                top = stack[-1]
                held[top.side] += 1
                points[top.side] += top.rank
        spaces[0] += points[0]
        spaces[1] += points[1]
        if held[0] != held[1]:
            leader = 0 if held[0] > held[1] else 1
            bonus[leader] += points[leader]
    bank = [0, 0]
    bank_value = [0, 0]
    for seat, counts in enumerate(state.banks):
        for rank, count in counts.items():
            bank[seat] += count
            bank_value[seat] += rank * count
    names = state.players
    scores: dict[str, int] = {}
    breakdown: dict[str, dict[str, int]] = {}
    for seat in range(PLAYERS):  # (plain loops: self-play scores every game, and comprehensions cost more)
        scores[names[seat]] = spaces[seat] + bonus[seat] + bank[seat]
        breakdown[names[seat]] = {
            "spaces": spaces[seat],
            "region_bonus": bonus[seat],
            "bank": bank[seat],
            "bank_value": bank_value[seat],
        }
    totals = list(scores.values())
    # The ranking: more points first, then the higher bank value, then heads.
    first = 0 if (totals[0], bank_value[0]) >= (totals[1], bank_value[1]) else 1
    order = (first, 1 - first)
    winner: str | None = names[first]
    tie_break = None
    if totals[0] == totals[1]:
        if bank_value[0] == bank_value[1]:
            winner = None
            tie_break = _("tied on {points} points and on bank value {value}: a draw").format(
                points=totals[0], value=bank_value[0]
            )
        else:
            tie_break = _("tied on {points} points; {winner} has the higher bank value ({high} against {low})").format(
                points=totals[0], winner=names[order[0]], high=bank_value[order[0]], low=bank_value[order[1]]
            )
    return Outcome(
        scores=scores,
        ranking=[names[order[0]], names[order[1]]],
        winner=winner,
        tie_break=tie_break,
        breakdown=breakdown,
    )


def result_text(outcome: Outcome) -> str:
    scores = ", ".join(f"{name} {points}" for name, points in outcome.scores.items())
    if outcome.winner is None:
        return _("{scores}: a draw").format(scores=scores)
    return _("{scores}: {winner} wins").format(scores=scores, winner=outcome.winner)


_APPLY: dict[type, Callable[[CoinAgeRules, CoinAgeState, Any], list[Event]]] = {
    Slap: CoinAgeRules._apply_slap,
    Place: CoinAgeRules._apply_place,
    Pay: CoinAgeRules._apply_pay,
    Move: CoinAgeRules._apply_move,
    Capture: CoinAgeRules._apply_capture,
    Done: CoinAgeRules._apply_done,
}
"""How each kind of action changes the state (:meth:`CoinAgeRules.apply`)."""

RULES = CoinAgeRules()
