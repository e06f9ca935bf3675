"""The move stack every game shares (``referee.engine``): undo with and without copies, lazy announcements and
reasons. Coin Age serves as the game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.status import exit_status
from referee.coin_age import RULES
from referee.engine import Event, Game, Verdict
from referee.errors import ReplayError
from tests.coin_age.helpers import setup

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_actions(seed: int, count: int) -> list[str]:
    """The notation of a random legal game of up to ``count`` actions."""
    rng = random.Random(seed)
    played = Game(RULES, ["Ann", "Bob"], setup())
    while not played.over and len(played.actions) < count:
        played.push(RULES.random_action(played.state, rng))
    return played.actions


def replayed(actions: list[str], *, undo: bool) -> tuple[Game, ReplayError | None]:
    game = Game(RULES, ["Ann", "Bob"], setup(), undo=undo)
    try:
        game.replay(actions)
    except ReplayError as error:
        return game, error
    return game, None


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_a_replay_without_undo_copies_reaches_the_same_state(seed, count):
    actions = random_actions(seed, count)
    with_copies, _ = replayed(actions, undo=True)
    without, _ = replayed(actions, undo=False)
    assert without.state == with_copies.state
    assert without.actions == with_copies.actions
    assert without.summary() == with_copies.summary()


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 120), st.sampled_from(["capture Z9", "place Q", "slap QQ", "done"]))
def test_a_replay_without_undo_copies_fails_at_the_same_action(seed, count, bad):
    actions = random_actions(seed, count)
    actions.insert(len(actions) // 2, bad)
    with_copies, error = replayed(actions, undo=True)
    without, same_error = replayed(actions, undo=False)
    assert (error is None) == (same_error is None)
    if error is not None and same_error is not None:
        assert (same_error.index, same_error.action, same_error.cause.message) == (
            error.index,
            error.action,
            error.cause.message,
        )
        assert exit_status(same_error) == exit_status(error)
    assert without.state == with_copies.state
    assert without.actions == with_copies.actions


@SETTINGS
@given(st.integers(0, 2**32), st.integers(1, 30))
def test_undo_without_copies_replays_to_the_exact_state(seed, undos):
    actions = random_actions(seed, 80)
    with_copies, _ = replayed(actions, undo=True)
    without, _ = replayed(actions, undo=False)
    for _ in range(min(undos, len(actions))):
        assert without.pop() == with_copies.pop()
        assert without.state == with_copies.state
    if not with_copies.over:
        action = RULES.format(RULES.random_action(with_copies.state, random.Random(seed)), with_copies.state)
        with_copies.push_text(action)
        without.push_text(action)
        assert without.state == with_copies.state


def test_undo_on_an_empty_game_is_an_index_error():
    for undo in (True, False):
        game = Game(RULES, ["Ann", "Bob"], setup(), undo=undo)
        try:
            game.pop()
        except IndexError:
            continue
        raise AssertionError("pop of an empty game must raise IndexError")


def test_an_event_message_is_written_when_first_read_and_then_kept():
    calls = []

    def write() -> str:
        calls.append(1)
        return "Ann: 2 matched"

    event = Event("toss", write)
    assert calls == []
    assert event.message == "Ann: 2 matched" and event.message == "Ann: 2 matched"
    assert calls == [1]
    assert event == Event("toss", "Ann: 2 matched")
    assert event.data == {} and "Ann: 2 matched" in repr(event)


def test_a_verdict_reason_is_written_when_first_read():
    verdict = Verdict(True, "place", lambda: "Ann places the quarter", None)
    assert verdict.legal and verdict.rule == "place" and verdict.ruling is None
    assert verdict.reason == "Ann places the quarter"
    assert verdict == Verdict(True, "place", "Ann places the quarter")
    assert verdict != Verdict(False, "place", "Ann places the quarter")


def test_a_legal_reason_read_after_the_action_still_describes_the_state_before_it():
    game = Game(RULES, ["Ann", "Bob"], setup())
    game.replay(["slap QN", "place Q B2"])
    verdict = game.judge(game.parse("place N B2"))
    events = game.push(game.parse("slap P"))  # the toss ends the turn: the judged placement is no longer possible
    assert verdict.legal and verdict.reason == "Ann places the nickel on B2 on the quarter"
    assert [event.message for event in events] == ["Bob: 1 matched (P): place 1 and move"]
