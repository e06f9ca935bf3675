"""Hints group plans alike (``advice.group_alike``): plans of equal value that differ only in where an
interchangeable coin goes are one line. Each line stands for exactly the plans it says, every plan is in one line,
and lines keep the plans' ranking. Over real hint results of random positions (seeds printed)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from referee.cli.advice import AlikePlans, group_alike
from referee.coin_age.hint import search, win_chance
from tests.advice.helpers import random_turn


def expand(group: AlikePlans) -> set[tuple[str, ...]]:
    """The plans a line stands for."""
    found = set()
    for choice in itertools.product(*(alternatives for _place, alternatives in group.slots)):
        if group.different and len(set(choice)) < len(choice):
            continue
        words = [list(action) for action in group.words]
        for ((action, word), _alternatives), picked in zip(group.slots, choice, strict=True):
            words[action][word] = picked
        found.add(tuple(" ".join(action) for action in words))
    return found


def plans(*rows: tuple[float, str]) -> list[tuple[tuple[str, ...], float]]:
    return [(tuple(text.split(", ")), value) for value, text in rows]


def test_plans_differing_in_where_one_coin_goes_are_one_line() -> None:
    ranked = plans(*((13.0, f"place N A2, pay D, place P {space}, done") for space in ("A3", "B1", "C2")))
    [line] = group_alike(ranked)
    assert line.actions == ["place N A2", "pay D", "place P A3/B1/C2", "done"] and line.count == 3


def test_two_coins_on_any_two_different_spaces_are_one_line() -> None:
    spaces = ("A1", "A2", "B1")
    ranked = plans(*((5.0, f"place N {a}, place P {b}, done") for a in spaces for b in spaces if a != b))
    [line] = group_alike(ranked)
    assert line.different and line.count == 6
    assert line.actions == ["place N A1/A2/B1", "place P A1/A2/B1", "done"]
    assert expand(line) == {plan for plan, _value in ranked}


def test_plans_of_different_values_are_never_one_line() -> None:
    ranked = plans((2.0, "place Q A1, done"), (1.0, "place Q A2, done"), (1.0, "place Q A3, done"))
    lines = group_alike(ranked)
    assert [line.actions for line in lines] == [["place Q A1", "done"], ["place Q A2/A3", "done"]]
    assert [line.value for line in lines] == [2.0, 1.0]


def test_plans_differing_in_two_places_without_every_combination_stay_apart() -> None:
    ranked = plans((1.0, "place Q A1, capture B1, done"), (1.0, "place Q A2, capture B2, done"))
    assert len(group_alike(ranked)) == 2
    assert len(group_alike(ranked, most=1)) == 1


def test_every_plan_of_a_real_hint_is_in_exactly_one_line_in_rank_order() -> None:
    rng = random.Random(20261124)
    checked = 0
    while checked < 150:
        state = random_turn(rng)
        if state is None:
            continue
        result = search(state, max_depth=1)
        # as `coin-age hint` shows them: the chance of winning in whole percent, and the margin the plan leaves
        ranked = [(plan.notation, (round(win_chance(plan.value) * 100), plan.margin)) for plan in result.plans]
        lines = group_alike(ranked)
        covered: list[tuple[str, ...]] = []
        for line in lines:
            members = expand(line)
            assert len(members) == line.count
            assert {value for notation, value in ranked if notation in members} == {line.value}
            covered += members
        assert sorted(covered) == sorted(notation for notation, _value in ranked), f"checked={checked}"
        firsts = [next(i for i, (n, _v) in enumerate(ranked) if n in expand(line)) for line in lines]
        assert firsts == sorted(firsts)  # a line ranks as its best plan
        assert [line.actions for line in group_alike(ranked, most=3)] == [line.actions for line in lines[:3]]
        checked += 1


def test_with_tied_a_card_recruited_then_sent_is_one_alternative_in_both_places() -> None:
    ranked = [
        (("recruit W10 W28", "send W10 W28"), (17, 5)),
        (("recruit W10 W31", "send W10 W31"), (17, 5)),
        (("recruit W22 W28", "send W22 W28"), (18, 5)),
    ]
    first, second = group_alike(ranked, tied=True)
    assert first.same and first.actions == ["recruit W10 W28/W31", "send W10 W28/W31"] and first.count == 2
    assert second.actions == ["recruit W22 W28", "send W22 W28"]
    assert len(group_alike(ranked)) == 3  # without tied (Coin Age), a list given twice means two different ones


def test_builders_hint_shares_a_line_among_ways_alike_but_for_an_equal_card() -> None:
    import subprocess

    from tests.conftest import referee_command

    example = Path(__file__).parents[2] / "examples" / "builders-opening.toml"
    result = subprocess.run([*referee_command(), "builders", "hint", str(example)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "recruit W10 W28/W31, send W10 W28/W31: 5 actions, 17 écus" in result.stdout
    assert "either one, for the same actions and écus" in result.stdout
