"""The menus of ``matchstick play`` offer exactly the rules' legal actions, each an action object labelled by the
rules' formatter and applied as it is (no notation parsed again), over random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.games.matchstick.room import PlayMenu, ask_action, ask_cards, menu_groups
from referee.cli.table.menus import BACK, OpenGroup, first_menu
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
    """Every action the menus lead to, with the label of the entry that picks it (or "" when the play is the only
    one left once its value and count are known, and is played unasked)."""
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
                while todo:
                    step = menu.step(value, count, todo.pop())
                    if len(step.plays) == 1:
                        found[step.plays[0][1]] = ""
                        continue
                    assert len(step.plays or step.cards) > 1, step  # nothing is asked that has one answer
                    for label, play in step.plays:
                        found[play] = label
                    todo.extend((*step.chosen, card) for _label, card in step.cards)
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
            elif label:  # the physical cards of the play; the prompter adds the rules' notation
                assert all(f"{card} card" in label for card in action.cards), label
        for action in random.Random(seed).sample(sorted(menu, key=str), min(len(menu), 5)):
            trial = Game.from_state(RULES, game.players, game.setup, game.state.copy())
            trial.push(action)  # the object itself, as the session applies it
            assert trial.actions == [RULES.format(action, game.state)]


class Scripted:
    """A prompter that picks the entries whose labels start with the given words, in turn (or "back"), from the
    menus the real prompter shows (:func:`first_menu`)."""

    def __init__(self, *picks: str) -> None:
        self.picks = list(picks)
        self.questions: list[str] = []
        self.offered: list[list[str]] = []

    def choose_action(self, message: str, groups: list, topics: list[str], kinds: int = 0) -> Any:
        picked = self.select(message, first_menu(groups, kinds))
        if isinstance(picked, OpenGroup):
            group = groups[picked.index]
            return self.select(group.label, group.actions)
        return picked

    def select(self, message: str, choices: list[tuple[str, Any]], default: Any = None) -> Any:
        self.questions.append(message)
        self.offered.append([label for label, _value in choices])
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
    # leading, the values come first (play is the only kind of action); 8 → 2 cards → the cards; "back" once.
    # Every play of two cards showing 8 holds the 8 card: it is settled, and the few plays left are offered whole
    prompter = Scripted("8", "back", "8", "2", "0 card, add middle + 8 card")
    out = Quiet()
    action = ask_action(game, prompter, out)  # type: ignore[arg-type]
    assert action == Play("8", ("0", "8"))
    assert prompter.questions[0].startswith("Ann, your turn")
    assert out.lines == []  # the session announces the play with the rules' words, as it does a typed one
    game.push(action)
    assert game.actions == ["play 8 0 8"]
    # following: play or pass; the pass group holds one action, so its entry names it and picking it plays it
    follower = Scripted("pass")
    assert ask_action(game, follower, out) is PASS  # type: ignore[arg-type]
    assert any(label.endswith(": pass") for label in follower.offered[0])


def two_card_questions(seed: int) -> tuple[Game, str, int] | None:
    """A position of a random game, a value and a count whose cards take at least two questions."""
    for game in games(3, {"expansion": 4}, seed, every=2):
        menu = PlayMenu(game.state)
        for _label, value in menu.values():
            for _c, count in menu.counts(value):
                first = menu.step(value, count, ())
                if any(menu.step(value, count, (*first.chosen, card)).cards for _l, card in first.cards):
                    return game, value, count
    return None


def test_back_goes_back_one_question_not_to_the_start() -> None:
    found = next(found for seed in range(200) if (found := two_card_questions(seed)) is not None)
    game, value, count = found
    menu = PlayMenu(game.state)
    first = menu.step(value, count, ())
    card = next(card for _l, card in first.cards if menu.step(value, count, (*first.chosen, card)).cards)
    label_1 = next(label for label, choice in first.cards if choice == card)
    second = menu.step(value, count, (*first.chosen, card))

    class Picks(Scripted):
        """The scripted picks, then the first entry of every further question."""

        def select(self, message: str, choices: list[tuple[str, Any]], default: Any = None) -> Any:
            if not self.picks:
                self.picks.append(choices[0][0])
            return super().select(message, choices, default)

    # card 1 → "back" at card 2 → card 1 is asked again (not the value, not the count) → card 1 → card 2 → …
    prompter = Picks(label_1, "back", label_1, second.cards[0][0])
    play = ask_cards(menu, value, count, prompter)
    print(f"value={value} count={count} questions={prompter.questions}")
    assert prompter.questions[0] == prompter.questions[2]  # "back" at card 2 asked card 1 again
    assert prompter.questions[1] == prompter.questions[3] != prompter.questions[0]  # then card 2
    assert play is not None and card in play.cards and second.cards[0][1] in play.cards
    assert play in set(RULES.legal_actions(game.state))


def test_cards_no_play_can_do_without_are_never_asked() -> None:
    for seed in range(40):
        for game in games(4, {"expansion": 2}, seed, every=3):
            menu = PlayMenu(game.state)
            for _label, value in menu.values():
                for _c, count in menu.counts(value):
                    step = menu.step(value, count, ())
                    plays = menu.plays(value, count)
                    for card in step.chosen:  # settled before any question: in every play
                        assert all(card in play.cards for play in plays), (seed, value, count, card)
                    assert len(plays) == 1 or len(step.plays or step.cards) > 1, (seed, value, count)
