"""The rules of Coin Age: setup, notation, legality (judging), applying, the end and scoring.

Pure: no I/O, no files (a map comes loaded, or as a table). Each rule has one place here, stated in the docstring
of its ``judge_*`` or ``apply_*`` method after ``docs/rules/coin-age.md``; rule topics named in verdicts are those
of ``referee coin-age rules``.
The actions are in :mod:`referee.coin_age.actions`, the state in :mod:`referee.coin_age.state`; the fast generator
of legal actions that self-play and menus use is in :mod:`referee.coin_age.index` (speed, not rules: a property
test checks it against the judge here).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from referee.coin_age.actions import DONE, SLAPS, Action, Capture, Done, Move, Pay, Place, Slap
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
from referee.coin_age.index import board_index, fair_toss, turn_actions
from referee.coin_age.maps import GameMap, load_map
from referee.coin_age.state import PLAYERS, CoinAgeState, starting_banks
from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.errors import NotationError, SetupError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    import random  # only the type of the generator self-play is given

__all__ = [
    "DONE",
    "PLAYERS",
    "RULES",
    "Action",
    "Capture",
    "CoinAgeRules",
    "CoinAgeState",
    "Done",
    "Move",
    "Pay",
    "Place",
    "Slap",
    "check_players",
    "setup_map",
]


def setup_map(value: object) -> GameMap:
    """The map of a setup: a map loaded by the caller, or a map table (validated here). A map's name is not
    resolved here: the rules read no files (the command line's map layer loads built-in and players' maps)."""
    if isinstance(value, GameMap):
        return value
    if isinstance(value, Mapping):
        return load_map(value, source="setup.map")
    if value is None:
        raise SetupError(_("setup.map is missing: the rules need a loaded map or a map table"))
    raise SetupError(_("setup.map must be a loaded map or a map table, not {value!r}").format(value=value))


def check_players(players: list[str]) -> tuple[str, ...]:
    """Two players with different names."""
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
    return NotationError(_("'{text}': write {usage}").format(text=" ".join(text.split()), usage=usage))


# -- the rules -------------------------------------------------------------------------------------------------
class CoinAgeRules(RulesBase[CoinAgeState, Action]):
    """Coin Age for the referee. See the module docstring."""

    name = "coin-age"

    def setup_summary(self, setup: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        """The map's name (a map is most of what makes two Coin Age games alike)."""
        name = state.get("map")
        return {"map": name} if isinstance(name, str) else {}

    def actor(self, state: CoinAgeState, action: Action) -> int | None:
        """A toss is the tosser's (it may end the other player's turn early); anything else is the player's in
        turn."""
        if isinstance(action, Slap):
            return state.tosser()
        if isinstance(action, Done) and not state.over:  # the turn it ends is the player in turn's
            return state.seat
        return self.to_move(state)

    def announcement(self, state: CoinAgeState, action: Action) -> str:
        """A toss is announced by its event (how many matched and what that allows); any other action by the
        words of its verdict."""
        return "" if isinstance(action, Slap) else self.judge(state, action).reason

    # setup ---------------------------------------------------------------------------------------------------
    def new_state(self, players: list[str], setup: Mapping[str, Any]) -> CoinAgeState:
        """Each player's bank: 4 dimes, 3 pennies, 2 nickels, 1 quarter. Heads (the first seat) tosses first."""
        unknown = sorted(set(setup) - {"map"})
        if unknown:
            raise SetupError(
                ngettext(
                    "unknown coin-age setup key: {keys} (known: map)",
                    "unknown coin-age setup keys: {keys} (known: map)",
                    len(unknown),
                ).format(keys=", ".join(map(repr, unknown)))
            )
        game_map = setup_map(setup.get("map"))
        board: list[list[Coin]] = [[] for _space in game_map.spaces]
        return CoinAgeState.on_map(check_players(players), game_map, board, starting_banks(STARTING_BANK))

    # notation ------------------------------------------------------------------------------------------------
    def parse(self, text: str, state: CoinAgeState) -> Action:
        """An action in the contract's notation (verbs and coins in any case; spaces by their map ids)."""
        words = text.split()
        if not words:
            raise NotationError(_("empty action"))
        verb, args = words[0].lower(), words[1:]
        actions = state.tables.actions
        match verb:
            case "slap":
                return self._parse_slap(text, args, state)
            case "place":
                if len(args) != 2:
                    raise _usage_error(text, "place COIN SPACE, e.g. place Q B2")
                return actions.places[parse_rank(args[0])][_space(args[1], state)]
            case "pay":
                if len(args) != 1:
                    raise _usage_error(text, "pay COIN, e.g. pay N")
                return actions.pays[parse_rank(args[0])]
            case "move":
                if len(args) != 2:
                    raise _usage_error(text, "move FROM TO, e.g. move B2 B3")
                return Move(_space(args[0], state), _space(args[1], state))
            case "capture":
                if len(args) != 1:
                    raise _usage_error(text, "capture SPACE, e.g. capture B2")
                return actions.captures[_space(args[0], state)]
            case "done" | "end":
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
        for char in letters:
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
        match action:
            case Place():
                return f"place {LETTER[action.rank]} {ids[action.space]}"
            case Slap():
                return "slap " + format_kinds(action.kinds)
            case Done():
                return "done"
            case Move():
                return f"move {ids[action.source]} {ids[action.target]}"
            case Capture():
                return f"capture {ids[action.space]}"
            case Pay():
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
                if self.to_move(state) == state.seat:
                    return _("end the turn")
                # nothing is left for the player in turn: the opponent is asked to toss, and this ends that turn
                return _("end {player}'s turn").format(player=state.players[state.seat])
        raise TypeError(action)

    # legality ------------------------------------------------------------------------------------------------
    def judge(self, state: CoinAgeState, action: Action) -> Verdict:
        """Legal or not, citing the rule topic either way: nothing once the game is over; a toss first, then the
        actions the toss allows (see each ``judge_*``)."""
        if state.over:
            return Verdict(False, "end", _("the game is over ({reason})").format(reason=state.end_reason))
        match action:
            case Slap():
                return self.judge_slap(state, action)
            case _ if not state.tossed:
                return self.judge_before_toss(state)
            case Place():
                return self.judge_place(state, action)
            case Done():
                return self.judge_done(state)
            case Move():
                return self.judge_move(state, action)
            case Capture():
                return self.judge_capture(state, action)
            case Pay():
                return self.judge_pay(state, action)
        raise TypeError(action)

    def judge_before_toss(self, state: CoinAgeState) -> Verdict:
        """Toss (rule topic ``toss``): a turn starts with the toss; nothing else comes before it."""
        return Verdict(
            False,
            "toss",
            _("{player} must toss first (slap) before acting").format(player=state.players[state.seat]),
        )

    def judge_done(self, state: CoinAgeState) -> Verdict:
        """Turn (rule topic ``turn``): every allowed action is optional, so the player in turn may end it at any
        time."""
        return Verdict(
            True,
            "turn",
            partial(_("{player} ends the turn").format, player=state.players[state.seat]),
            _("Ruling: the end of a turn is the next toss, or an explicit 'done'."),
        )

    def judge_slap(self, state: CoinAgeState, action: Slap) -> Verdict:
        """Toss (rule topic ``toss``): take one coin of each kind still in your bank and slap them down."""
        tosser = state.tosser()
        bank = state.banks[tosser]
        name = state.players[tosser]
        for missing in RANKS:
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

    def judge_place(self, state: CoinAgeState, action: Place) -> Verdict:
        """Place (rule topic ``place``): one of your matching coins, your side up, on an empty space or on a
        strictly higher coin; with 4 matches up to 2 placements, 3 after a pay."""
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

    def judge_pay(self, state: CoinAgeState, action: Pay) -> Verdict:
        """Pay (rule topic ``pay``): give a matching coin to the opponent's bank; only with 4 matches, at most
        once a turn; it allows the third placement."""
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

    def judge_move(self, state: CoinAgeState, action: Move) -> Verdict:
        """Move (rule topic ``move``): with 0 or 1 match, once a turn, all the coins of one space, order kept, to
        an empty adjacent space; any stack, any owner."""
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

    def judge_capture(self, state: CoinAgeState, action: Capture) -> Verdict:
        """Capture (rule topic ``capture``): with 0 matches, once a turn, take the lone coin of a space, or the
        top coin of a stack, into your bank; any owner."""
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
        match action:
            case Place():
                return self.apply_place(state, action)
            case Slap():
                return self.apply_slap(state, action)
            case Move():
                return self.apply_move(state, action)
            case Done():
                return self.apply_done(state)
            case Capture():
                return self.apply_capture(state, action)
            case Pay():
                return self.apply_pay(state, action)
        raise TypeError(action)

    def apply_slap(self, state: CoinAgeState, action: Slap) -> list[Event]:
        """Toss (rule topic ``toss``): a toss ends the turn in progress (when there is one) and starts the tosser's
        turn, with the allowance of its matches (see :func:`start_turn`)."""
        if state.tossed:
            state.seat = 1 - state.seat
        kinds = action.kinds
        start_turn(state, kinds)
        return [Event("toss", partial(toss_message, state.players[state.seat], kinds))]

    def apply_place(self, state: CoinAgeState, action: Place) -> list[Event]:
        """Place (rule topic ``place``): the coin leaves the bank for the top of the space, its owner's side up.
        End (rule topic ``end``): the game ends at once when the last empty space is filled, or the placer's bank
        is empty."""
        rank, seat = action.rank, state.seat
        bank = state.banks[seat]
        bank[rank] -= 1
        state.put(action.space, COIN[rank, seat])
        state.unused = state.unused - {rank}
        state.placements_left -= 1
        if not state.has_empty_space():
            reason = _("{player} filled the last empty space").format(player=state.players[seat])
        elif not any(bank.values()):
            reason = _("{player} placed their last coin").format(player=state.players[seat])
        else:
            return []
        state.over = True
        state.end_reason = reason
        return [Event("end", partial(end_message, state.copy()))]

    def apply_pay(self, state: CoinAgeState, action: Pay) -> list[Event]:
        """Pay (rule topic ``pay``): the coin goes to the opponent's bank, and one more placement is allowed."""
        state.banks[state.seat][action.rank] -= 1
        state.banks[1 - state.seat][action.rank] += 1
        state.unused = state.unused - {action.rank}
        state.placements_left += 1
        state.may_pay = False
        return []

    def apply_move(self, state: CoinAgeState, action: Move) -> list[Event]:
        """Move (rule topic ``move``): the whole stack, order kept, goes to the empty adjacent space."""
        state.move_stack(action.source, action.target)
        state.may_move = False
        return []

    def apply_capture(self, state: CoinAgeState, action: Capture) -> list[Event]:
        """Capture (rule topic ``capture``): the top coin goes to the capturer's bank, where it is theirs."""
        coin = state.take_top(action.space)
        state.banks[state.seat][coin.rank] += 1
        state.may_capture = False
        return []

    def apply_done(self, state: CoinAgeState) -> list[Event]:
        """Turn (rule topic ``turn``): ``done`` passes the turn (see :func:`end_turn`)."""
        end_turn(state)
        return []

    # generation (fast: referee.coin_age.index; checked against the judge by a property test) -------------------
    def legal_actions(self, state: CoinAgeState) -> Iterator[Action]:
        """Every legal action now: the turn's actions, ``done``, and the next toss."""
        if state.over:
            return
        yield from turn_actions(state)
        if state.tossed:
            yield DONE
        bank = state.banks[state.tosser()]
        kinds = [rank for rank in RANKS if bank[rank]]
        for mask in range(1 << len(kinds)):
            yield SLAPS[frozenset(kinds[i] for i in range(len(kinds)) if mask >> i & 1)]

    def turn_actions(self, state: CoinAgeState) -> list[Action]:
        """The legal place, pay, move and capture actions of the player in turn (none before the toss): places
        highest coin first, then pays, moves and captures, each in the map's order of spaces."""
        return turn_actions(state)

    def has_turn_action(self, state: CoinAgeState) -> bool:
        """Whether the player in turn may still do anything but end the turn."""
        return bool(turn_actions(state))

    def random_action(self, state: CoinAgeState, rng: random.Random) -> Action:
        """A random legal action for self-play: a fair toss when a turn starts, else any turn action or 'done'."""
        if state.tossed and not state.over:
            choices = turn_actions(state)
            if choices:
                choices.append(DONE)
                return rng.choice(choices)
        return fair_toss(state.banks[1 - state.seat if state.tossed else state.seat], rng)  # the tosser's

    self_play_action = random_action
    """Self-play takes a random legal action (:class:`RulesBase`'s default, without the call in between)."""

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
        board's index (``topped``) agrees with the board."""
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
@dataclass(frozen=True, slots=True)
class RegionControl:
    """A region as it stands: how many of its spaces each seat controls (holds the top coin of), the points of
    those coins, and the seat that controls strictly more (None on a tie, 0–0 included)."""

    region: int
    held: tuple[int, int]
    points: tuple[int, int]

    @property
    def leader(self) -> int | None:
        """Rule (regions): strictly more spaces controlled; a one-space region goes to whoever holds it."""
        if self.held[0] == self.held[1]:
            return None
        return 0 if self.held[0] > self.held[1] else 1


def region_control(state: CoinAgeState) -> list[RegionControl]:
    """Each region of the map, in the map's order, as it stands (see :class:`RegionControl`)."""
    board = state.board
    found = []
    for region, members in enumerate(state.map.region_members):
        held = [0, 0]
        points = [0, 0]
        for space in members:
            stack = board[space]
            if stack:
                top = stack[-1]
                held[top.side] += 1
                points[top.side] += top.rank
        found.append(RegionControl(region, (held[0], held[1]), (points[0], points[1])))
    return found


def score(state: CoinAgeState) -> Outcome:
    """Spaces (the top coin's rank to its owner) + region bonus + 1 per coin in the bank.

    Region bonus: in each region, the player who controls strictly more spaces than the opponent doubles the
    points of his controlling coins there; a tie, 0–0 included, doubles nothing; a one-space region is doubled
    for whoever holds it. Tie-break: the higher total rank value of the coins in the bank; still tied: a draw.
    """
    spaces = [0, 0]
    bonus = [0, 0]
    for region in region_control(state):
        spaces[0] += region.points[0]
        spaces[1] += region.points[1]
        if region.leader is not None:
            bonus[region.leader] += region.points[region.leader]
    bank = [0, 0]
    bank_value = [0, 0]
    for seat, counts in enumerate(state.banks):
        for rank, count in counts.items():
            bank[seat] += count
            bank_value[seat] += rank * count
    names = state.players
    scores: dict[str, int] = {}
    breakdown: dict[str, dict[str, int]] = {}
    for seat in range(PLAYERS):
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
            tie_break = ngettext(
                "tied on {points} point and on bank value {value}: a draw",
                "tied on {points} points and on bank value {value}: a draw",
                totals[0],
            ).format(points=totals[0], value=bank_value[0])
        else:
            tie_break = ngettext(
                "tied on {points} point; {winner} has the higher bank value ({high} against {low})",
                "tied on {points} points; {winner} has the higher bank value ({high} against {low})",
                totals[0],
            ).format(points=totals[0], winner=names[order[0]], high=bank_value[order[0]], low=bank_value[order[1]])
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


RULES = CoinAgeRules()
"""The rules as the contract every game keeps (:class:`referee.engine.Rules`): mypy strict names any method of it
the class lacks, or has with another signature."""
