"""The menus of ``matchstick play`` offer exactly the rules' legal actions, each an action object labelled by the
rules' formatter and applied as it is (no notation parsed again), over random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.games.matchstick.room import PlayMenu, ask_action, menu_groups
from referee.cli.prompts import BACK
from referee.engine import Game
from referee.matchstick import PASS, RULES, Play

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def games(players: int, setup: dict, seed: int, every: int = 5) -> Iterator[Game]:
    """Every ``every``-th position of a random self-play game, as a game at that position."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game(RULES, names, setup)
    step = 0
    while not game.over:
        if step % every == 0:
            yield Game.from_state(RULES, names, setup, game.state.copy())
        game.push(RULES.self_play_action(game.state, rng))
        step += 1


def offered(game: Game) -> dict[Any, str]:
    """Every action the menus lead to, with the label of the entry that picks it."""
    found: dict[Any, str] = {}
    menu = PlayMenu(game.state)
    for group in menu_groups(game):
        for label, entry in group.actions:
            if not isinstance(entry, str):
                found[entry] = label
                continue
            value = entry  # a value to show: its menus follow
            for _label, count in menu.counts(value):
                todo: list[tuple[str, ...]] = [()]
                seen: set[tuple[str, ...]] = set()
                while todo:
                    chosen = todo.pop()
                    for label, choice in menu.cards(value, count, chosen):
                        if isinstance(choice, Play):
                            found[choice] = label
                        elif (following := tuple(sorted((*chosen, choice)))) not in seen:
                            seen.add(following)
                            todo.append(following)
    return found


@SETTINGS
@given(
    players=st.integers(2, 6),
    setup=st.fixed_dictionaries({"expansion": st.sampled_from([0, 2, 4])}),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_menus_offer_exactly_the_legal_actions(players: int, setup: dict, seed: int) -> None:
    print(f"players={players} setup={setup} seed={seed}")
    for game in games(players, setup, seed):
        menu = offered(game)
        assert set(menu) == set(RULES.legal_actions(game.state))
        for action, label in menu.items():
            if action == PASS:
                assert label == RULES.format(action, game.state) == "pass"
            else:  # the physical card that completes the play; the prompter adds the rules' notation
                assert any(label.startswith(f"{card} card") for card in action.cards), label
        for action in random.Random(seed).sample(sorted(menu, key=str), min(len(menu), 5)):
            trial = Game.from_state(RULES, game.players, game.setup, game.state.copy())
            trial.push(action)  # the object itself, as the session applies it
            assert trial.actions == [RULES.format(action, game.state)]


class Scripted:
    """A prompter that picks the entries whose labels start with the given words, in turn (or "back")."""

    def __init__(self, *picks: str) -> None:
        self.picks = list(picks)
        self.questions: list[str] = []

    def choose_action(self, message: str, groups: list, topics: list[str]) -> Any:
        """As the real prompter: a group, then one of its entries."""
        self.questions.append(message)
        pick = self.picks.pop(0)
        group = next(group for group in groups if group.label.startswith(pick))
        return self.select(group.label, group.actions)

    def select(self, message: str, choices: list[tuple[str, Any]], default: Any = None) -> Any:
        self.questions.append(message)
        pick = self.picks.pop(0)
        if pick == "back":
            return BACK
        return next(value for label, value in choices if label.startswith(pick))


class Quiet:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def text(self, line: str) -> None:
        self.lines.append(line)

    def error(self, line: str) -> None:  # pragma: no cover - the menus offer legal plays only
        raise AssertionError(line)


def test_ask_action_returns_the_play_object_picked_through_the_menus() -> None:
    game = Game(RULES, ["Ann", "Bob", "Cid"], {})
    # play cards, 8 → 2 cards → the 8 card as it is → a 0 with the middle stick; "back" once on the way
    prompter = Scripted("play cards", "8", "back", "play cards", "8", "2", "8 card", "0 card")
    out = Quiet()
    action = ask_action(game, prompter, out)  # type: ignore[arg-type]
    assert action == Play("8", ("0", "8"))
    assert out.lines == [RULES.judge(game.state, action).reason]
    game.push(action)
    assert game.actions == ["play 8 0 8"]
    assert ask_action(game, Scripted("pass", "pass"), out) is PASS  # type: ignore[arg-type]
