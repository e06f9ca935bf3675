"""Matchstick hints: every play listed is legal and from the hand, none is missed, cheapest first."""

from __future__ import annotations

import json
import random
import subprocess
from collections import Counter

import pytest

from referee.errors import InputError
from referee.matchstick.actions import Play
from referee.matchstick.hint import hand_plays, parse_hand
from referee.matchstick.rules import RULES
from referee.matchstick.segments import COST, cards_for, copies_of


def random_hand(state, rng: random.Random) -> Counter:
    """A hand the player to move could hold: their card count, from copies not played yet."""
    pool = [
        card
        for card in cards_for(state.expansion)
        for _n in range(copies_of(card, state.expansion) - state.copies_played[card])
    ]
    return Counter(rng.sample(pool, state.cards[state.turn]))


def random_state(rng: random.Random):
    state = RULES.new_state(["Ann", "Bob", "Cat"][: rng.choice((2, 3))], {})
    for _step in range(rng.randrange(0, 40)):
        if state.turn is None:
            break
        RULES.apply(state, RULES.random_action(state, rng))
    return None if state.turn is None else state


def test_hand_plays_are_legal_complete_and_cheapest_first() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 300:
        state = random_state(rng)
        if state is None:
            continue
        hand = random_hand(state, rng)
        plays = hand_plays(state, hand)
        for play in plays:
            assert RULES.judge(state, play.action).legal
            assert all(hand[card] >= n for card, n in Counter(play.action.cards).items())
            assert play.cost == sum(COST[card, play.action.value] for card in play.action.cards)
            assert play.revolution == (len(play.action.cards) == 5)
        expected = {
            action
            for action in RULES.legal_actions(state)
            if isinstance(action, Play) and not Counter(action.cards) - hand
        }
        assert {play.action for play in plays} == expected
        costs = [play.cost for play in plays]
        assert costs == sorted(costs)
        checked += 1


def test_parse_hand_checks_count_and_copies() -> None:
    state = RULES.new_state(["Ann", "Bob"], {"hand_sizes": [5, 5]})
    assert parse_hand("0 4 4 7 C", state) == Counter({"0": 1, "4": 2, "7": 1, "C": 1})
    assert parse_hand("E 9 3 6 8", state) == Counter({"3/E": 2, "6/9": 2, "8": 1})
    with pytest.raises(InputError):
        parse_hand("0 4 4 7", state)
    RULES.apply(state, RULES.parse("play 4 4 4", state))
    RULES.apply(state, RULES.parse("pass", state))
    with pytest.raises(InputError):
        parse_hand("0 4 4 7 C", state)  # only 2 fours are unplayed and Ann holds 3 cards


def test_a_revolution_is_marked() -> None:
    state = RULES.new_state(["Ann", "Bob"], {"hand_sizes": [5, 5]})
    plays = hand_plays(state, Counter({"8": 4, "0": 1}))
    revolutions = [play for play in plays if play.revolution]
    assert [play.notation for play in revolutions] == ["play 8 0 8 8 8 8"]
    assert revolutions[0].cost == 1


@pytest.mark.e2e
def test_cli_matchstick_hint(referee: list[str], tmp_path) -> None:
    record = tmp_path / "game.toml"
    record.write_text(
        'game = "matchstick"\nplayers = ["Ann", "Bob"]\nsetup = { hand_sizes = [5, 5] }\nactions = ["play 4 4"]\n'
    )
    done = subprocess.run(
        [*referee, "matchstick", "hint", str(record), "--hand", "0 4 4 7 C", "--json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["plans"][0] == {"actions": ["play 7 7"], "value": 0, "cost": 0, "revolution": False}
    for plan in document["plans"]:
        checked = subprocess.run(
            [*referee, "matchstick", "check", str(record), plan["actions"][0]], capture_output=True
        )
        assert checked.returncode == 0
    done = subprocess.run(
        [*referee, "matchstick", "hint", str(record), "--hand", "0 4"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "holds 5" in done.stderr
