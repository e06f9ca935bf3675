"""Nim, the toy game: one pile of sticks; each turn take 1, 2 or 3; whoever takes the last stick wins."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from referee.engine import Event, Outcome, RulesBase, Verdict
from referee.errors import NotationError, SetupError
from tests.toy import PILE

MOST = 3


@dataclass(frozen=True, slots=True)
class Take:
    count: int


@dataclass(slots=True)
class NimState:
    players: tuple[str, ...]
    pile: int
    current: int = 0
    last_taker: int | None = None

    def copy(self) -> NimState:
        return NimState(self.players, self.pile, self.current, self.last_taker)


class NimRules(RulesBase[NimState, Take]):
    name = "nim"

    def new_state(self, players: list[str], setup: Mapping[str, Any]) -> NimState:
        if len(players) != 2:
            raise SetupError(f"Nim is for two players, not {len(players)}")
        pile = setup.get("pile", PILE)
        if not isinstance(pile, int) or isinstance(pile, bool) or pile < 1:
            raise SetupError("setup.pile must be a whole number of sticks, at least 1")
        return NimState(tuple(players), pile)

    def parse(self, text: str, state: NimState) -> Take:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "take" or not (words[1].isascii() and words[1].isdigit()):
            raise NotationError(f"'{' '.join(words)}': write take N")  # (one line, whatever was typed)
        return Take(int(words[1]))

    def format(self, action: Take, state: NimState) -> str:
        return f"take {action.count}"

    def judge(self, state: NimState, action: Take) -> Verdict:
        """take: 1 to 3 sticks, no more than the pile holds (rule topic ``take``)."""
        if state.pile == 0:
            return Verdict(False, "end", "the game is over")
        if not 1 <= action.count <= min(MOST, state.pile):
            return Verdict(False, "take", f"take 1 to {min(MOST, state.pile)} sticks")
        return Verdict(True, "take", f"{action.count} of {state.pile} sticks")

    def apply(self, state: NimState, action: Take) -> list[Event]:
        state.pile -= action.count
        state.last_taker = state.current
        state.current = 1 - state.current
        return [Event("end", "the last stick is taken")] if state.pile == 0 else []

    def legal_actions(self, state: NimState) -> Iterator[Take]:
        if state.pile:
            yield from (Take(n) for n in range(1, min(MOST, state.pile) + 1))

    def to_move(self, state: NimState) -> int | None:
        return None if state.pile == 0 else state.current

    def is_over(self, state: NimState) -> bool:
        return state.pile == 0

    def outcome(self, state: NimState) -> Outcome:
        winner = None if state.last_taker is None or state.pile else state.players[state.last_taker]
        scores = {name: int(name == winner) for name in state.players}
        ranking = sorted(state.players, key=lambda name: -scores[name])
        return Outcome(scores, ranking, winner)

    def state_json(self, state: NimState) -> dict[str, Any]:
        return {"pile": state.pile}

    def check_invariants(self, state: NimState) -> list[str]:
        return [] if state.pile >= 0 else ["a negative pile"]


RULES = NimRules()
"""The rules as the contract every game keeps (:class:`referee.engine.Rules`): mypy strict names any method of it
the class lacks, or has with another signature."""
