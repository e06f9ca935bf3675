"""The 7-segment shapes, the 180° turn, and the transformation table computed from them."""

from __future__ import annotations

import pytest

from referee.errors import NotationError
from referee.matchstick import segments
from referee.matchstick.segments import (
    ALL_CARDS,
    ALL_VALUES,
    BASE_CARDS,
    SHAPES,
    TABLE,
    becomes,
    deck_size,
    draw,
    draw_cells,
    makers,
    parse_card,
    parse_face,
    parse_value,
    transform_face,
    transformation,
    turned,
    ways,
)


def test_segments_table_of_the_reference() -> None:
    expected = {
        "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg", "6": "acdefg",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", "A": "abcefg", "b": "cdefg", "C": "adef", "d": "bcdeg",
        "E": "adefg", "F": "aefg", "G": "acdef", "H": "bcefg",
    }  # fmt: skip
    assert {v: "".join(sorted(s)) for v, s in SHAPES.items()} == expected


def test_turn_maps_a_d_b_e_c_f_g_g() -> None:
    assert turned(frozenset("a")) == frozenset("d")
    assert turned(frozenset("b")) == frozenset("e")
    assert turned(frozenset("c")) == frozenset("f")
    assert turned(frozenset("g")) == frozenset("g")
    for shape in SHAPES.values():
        assert turned(turned(shape)) == shape


def test_copies_3_turned_is_e_and_6_turned_is_9() -> None:
    assert turned(SHAPES["3"]) == SHAPES["E"]
    assert turned(SHAPES["6"]) == SHAPES["9"]


def test_copies_fourteen_physical_cards_56_in_the_deck() -> None:
    assert BASE_CARDS == ("0", "1", "2", "3/E", "4", "5", "6/9", "7", "8", "A", "b", "C", "d", "F")
    assert deck_size(0) == 56
    assert deck_size(2) == 60
    assert deck_size(4) == 64


@pytest.mark.parametrize(
    ("card", "value", "cost", "turned_over"),
    [
        ("6/9", "8", 1, False),  # 6 + 1 -> 8
        ("6/9", "9", 0, True),  # 6 turned -> 9
        ("1", "F", 2, True),  # 1 turned + 2 -> F
        ("3/E", "9", 1, False),  # 3 + 1 -> 9
        ("7", "3", 2, False),  # 7 + 2 -> 3
        ("0", "8", 1, False),  # 0 + 1 -> 8
        ("4", "8", 3, False),  # 4 + 3 -> 8
        ("3/E", "E", 0, True),  # 3 turned is E
    ],
)
def test_transform_worked_examples(card: str, value: str, cost: int, turned_over: bool) -> None:
    way = transformation(card, value)
    assert way is not None
    assert (way.cost, way.turned_over) == (cost, turned_over)


def test_transform_examples_add_the_right_segments() -> None:
    assert transformation("0", "8").added == ("g",)
    assert transformation("6/9", "8").added == ("b",)
    assert transformation("1", "F").added == ("a", "g")
    assert transformation("7", "3").added == ("d", "g")
    assert transformation("4", "8").added_names == ["top", "bottom", "lower left"]


def test_transform_every_card_reaches_8() -> None:
    for card in ALL_CARDS:
        assert transformation(card, "8") is not None


def test_transform_an_8_stays_8() -> None:
    assert set(TABLE["8"]) == {"8"}
    assert transformation("8", "8").cost == 0


def test_transform_a_1_reaches_all_but_2_and_5() -> None:
    assert set(ALL_VALUES) - set(TABLE["1"]) == {"2", "5"}


def test_transform_cost_is_size_difference_whichever_way_up() -> None:
    for card in ALL_CARDS:
        for face in segments.FACES[card]:
            for value in ALL_VALUES:
                for way in ways(face, value):
                    assert way.cost == len(SHAPES[value]) - len(SHAPES[face])


def test_transform_at_most_5_sticks_on_one_card() -> None:
    costs = [way.cost for row in TABLE.values() for way in row.values()]
    assert max(costs) == 5
    assert transformation("1", "8").cost == 5


def test_transform_only_adds_subset_upright_or_turned() -> None:
    for card in ALL_CARDS:
        shape = SHAPES[segments.FACES[card][0]]
        for value in ALL_VALUES:
            possible = shape <= SHAPES[value] or turned(shape) <= SHAPES[value]
            assert (transformation(card, value) is not None) == possible


def test_transform_ruling_no_mirroring() -> None:
    # a 2 mirrored is a 5 and a 5 mirrored is a 2: neither is allowed
    assert transformation("2", "5") is None
    assert transformation("5", "2") is None


def test_transform_table_is_computed_not_typed() -> None:
    assert segments._build_table() == TABLE


def test_transform_face_is_relative_to_the_face_named() -> None:
    assert transform_face("E", "3").turned_over is True
    assert transform_face("E", "E").turned_over is False
    assert transform_face("9", "9").turned_over is False
    assert transform_face("2", "5") is None


def test_expansion_ruling_g_and_h_shapes() -> None:
    assert transformation("G", "G").cost == 0
    assert transformation("C", "G").cost == 1
    assert transformation("4", "H").cost == 1
    assert transformation("1", "H").cost == 3


@pytest.mark.parametrize(
    ("text", "value"), [("b", "b"), ("B", "b"), ("e", "E"), ("D", "d"), ("a", "A"), ("9", "9"), ("f", "F")]
)
def test_notation_values_are_case_insensitive(text: str, value: str) -> None:
    assert parse_value(text) == value


@pytest.mark.parametrize(
    ("text", "card"), [("6", "6/9"), ("9", "6/9"), ("3", "3/E"), ("E", "3/E"), ("e", "3/E"), ("6/9", "6/9")]
)
def test_notation_double_faced_cards_by_either_face(text: str, card: str) -> None:
    assert parse_card(text) == card


def test_notation_unknown_value_or_card() -> None:
    with pytest.raises(NotationError):
        parse_value("Z")
    with pytest.raises(NotationError):
        parse_card("10")
    with pytest.raises(NotationError, match="expansion"):
        parse_value("G", expansion=0)
    with pytest.raises(NotationError, match="expansion"):
        parse_card("h", expansion=0)
    assert parse_face("3/e") == "3"


def test_shapes_becomes_lists_every_value_with_cost_and_turn() -> None:
    found = {way.value: (way.cost, way.turned_over) for way in becomes("6")}
    assert found == {"6": (0, False), "8": (1, False), "9": (0, True)}
    ones = becomes("1", expansion=0)
    assert ones[0].value == "1" and ones[-1].value == "8"
    assert "G" not in {way.value for way in ones}


def test_shapes_makers_says_how_to_make_a_value() -> None:
    eights = makers("8", expansion=0)
    assert {way.card for way in eights} == set(BASE_CARDS)
    assert eights[0].card == "8" and eights[0].cost == 0
    fours = [way for way in eights if way.card == "4"]
    assert fours[0].describe() == "add top, bottom, lower left (3 matchsticks)"
    f_from_1 = [way for way in makers("F") if way.card == "1"]
    assert f_from_1[0].describe() == "turn it over and add top, middle (2 matchsticks)"


def test_shapes_draw_small_and_large() -> None:
    assert draw("8") == [" _ ", "|_|", "|_|"]
    assert draw("1") == ["   ", "  |", "  |"]
    assert draw("7") == [" _ ", "  |", "  |"]
    assert draw("8", large=True) == [" ___ ", "|   |", "|___|", "|   |", "|___|"]
    assert all(len(line) == 5 for line in draw("4", large=True))
    assert draw(frozenset("g")) == ["   ", " _ ", "   "]
    cells = draw_cells("0")
    assert ("_", "a") in cells[0]
