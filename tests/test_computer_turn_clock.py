"""Time kept from the first turn (issue 45, item 5): a computer's turn is timed from when the table handed it over
(the action before it pushed: ``Game.pushed_at``), not from when its search began, so the referee's own work
before its first turn is inside its time like every other's. Tested with the clocks injected or read, never timed:
the deadline each search is given is compared with the moment the turn began."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from referee.engine import Game


def coin_age_setup() -> dict[str, Any]:
    from referee.cli.games.coin_age.room import SPEC

    return dict(SPEC.prepare_setup({"map": "original"}, "test"))


def test_a_push_notes_when_the_turn_was_handed_over_and_a_replay_or_undo_does_not() -> None:
    import time

    from referee.coin_age.rules import RULES

    game = Game(RULES, ["Ann", "Bob"], coin_age_setup())
    assert game.pushed_at is None
    before = time.monotonic()
    game.push_text("slap QN")
    assert game.pushed_at is not None and before <= game.pushed_at <= time.monotonic()
    game.pop()
    assert game.pushed_at is None  # taking back hands no turn over now
    game.replay(["slap QN", "place Q B2"])
    assert game.pushed_at is None  # a record read back (--resume) neither


def test_the_coin_age_computer_counts_its_turn_from_the_push_that_handed_it_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from referee.coin_age import computer as module
    from referee.coin_age.computer import KEPT_TO_SEARCH, Computer
    from referee.coin_age.rules import RULES

    deadlines: list[float] = []

    def plan_turn(self: Any, state: Any, deadline: float, *, reserve_cpu: float = 0.0) -> list[Any]:
        deadlines.append(deadline)
        return []

    monkeypatch.setattr(module.TreeSearch, "plan_turn", plan_turn)
    now = 1000.0
    computer = Computer(1, seed=3, time_limit=0.5, level=5, clock=lambda: now)
    game = Game(RULES, ["Ann", "Cpu"], coin_age_setup())
    game.push_text("slap -")  # Ann's toss: nothing matched, her turn is over; the computer tosses and plays
    # the table took 0.3 s after the push before asking (the first turn's imports, the record, the screen)
    table = SimpleNamespace(state=game.state, pushed_at=now - 0.3)
    computer(table)
    assert deadlines == [now - 0.3 + computer.search_time()]
    computer.actions(game.state)  # asked without a start: timed from now
    assert deadlines[-1] == now + computer.search_time()
    computer.actions(game.state, started=now + 5)  # a start after now (another clock) is taken as now
    assert deadlines[-1] == now + computer.search_time()
    computer.actions(game.state, started=now - 60)  # long past: a quarter of its search time is kept
    assert deadlines[-1] == now + computer.search_time() * KEPT_TO_SEARCH


def test_the_coin_age_computer_below_level_5_thinks_for_what_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.coin_age import computer as module
    from referee.coin_age.computer import Computer
    from referee.coin_age.rules import RULES

    limits: list[float | None] = []

    def search(state: Any, time_limit: float | None = None, max_depth: int | None = None) -> Any:
        limits.append(time_limit)
        return SimpleNamespace(plans=[])

    monkeypatch.setattr(module, "search", search)
    computer = Computer(1, seed=3, time_limit=1.0, level=3, clock=lambda: 50.0)
    game = Game(RULES, ["Ann", "Cpu"], coin_age_setup())
    game.push_text("slap -")
    computer.actions(game.state, started=49.75)
    computer.actions(game.state, started=10.0)  # long past: a quarter of its time is kept to find a plan
    assert limits == [pytest.approx(0.75), pytest.approx(0.25)]


def test_the_builders_computer_counts_its_action_from_the_push_that_handed_it_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from referee.builders import computer as module
    from referee.builders.computer import KEPT_TO_PLAN, TIME_SHARE, BuildersComputer
    from referee.builders.rules import RULES

    deadlines: list[float | None] = []
    real_plan_turn = module.plan_turn

    def plan_turn(
        state: Any, seat: int, beam_width: int, deadline: float | None = None, clock: Any = None
    ) -> list[Any]:
        deadlines.append(deadline)
        return real_plan_turn(state, seat, 1, None)

    monkeypatch.setattr(module, "plan_turn", plan_turn)
    game = Game(RULES, ["Ann", "Cpu"], {"seed": 7})
    game.push_text("done")
    computer = BuildersComputer([1], level=4, seconds=0.5, seed=1, clock=lambda: 100.0)  # its clock reads 100 s
    planning = 0.5 * TIME_SHARE
    for handed_over, deadline in ((99.9, 99.9 + planning), (90.0, 100.0 + planning * KEPT_TO_PLAN)):
        computer.plan = []
        (action,) = computer(SimpleNamespace(state=game.state, pushed_at=handed_over))
        assert RULES.judge(game.state, RULES.parse(action, game.state)).legal
        assert deadlines[-1] == deadline  # long after the handover, a quarter of its planning time is kept
