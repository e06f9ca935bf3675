"""Map files: the original map exactly as in the reference, and every fault the validator must name."""

from __future__ import annotations

import copy

import pytest

from referee.cli.games.coin_age.maps import builtin_map
from referee.coin_age.maps import MapError, load_map

# The reference's 19 edges, as written there.
ORIGINAL_EDGES = [
    "A1-A2", "A1-B1", "A1-B2", "A2-A3", "A2-B2", "A2-B3", "A3-B3", "A3-B4", "B1-B2", "B2-B3",
    "B3-B4", "C1-C2", "C1-B1", "C1-B2", "C2-C3", "C2-B2", "C2-B3", "C3-B3", "C3-B4",
]  # fmt: skip


def test_original_map_is_exactly_the_reference():
    game_map = builtin_map("original")
    assert game_map is not None and game_map.warnings == ()
    names = {space.id: (space.name, game_map.region(space.region).name) for space in game_map.spaces}
    assert names == {
        "A1": ("Hellag Dum", "The Copper Peaks"),
        "A2": ("Stone Rock", "The Copper Peaks"),
        "A3": ("Mount Cragro", "The Copper Peaks"),
        "B1": ("Grey Hills", "The Copper Peaks"),
        "B2": ("Treewood", "The Forests of Coindor"),
        "B3": ("Cedarville", "The Forests of Coindor"),
        "C1": ("The Gentle Wood", "The Forests of Coindor"),
        "B4": ("Townsville", "Plains of Kashe"),
        "C3": ("Goldfarme", "Plains of Kashe"),
        "C2": ("The Silver City", "The Silver City"),
    }
    assert {frozenset(edge) for edge in game_map.edges} == {frozenset(e.split("-")) for e in ORIGINAL_EDGES}
    assert len(game_map.edges) == 19
    assert sorted(len(members) for members in game_map.region_members) == [1, 2, 3, 4]


def small_map():
    return {
        "name": "Small",
        "edges": [["A1", "A2"]],
        "regions": {"r": {"name": "R", "color": "grey"}},
        "spaces": {"A1": {"name": "a", "region": "r"}, "A2": {"name": "b", "region": "r"}},
    }


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda m: m["edges"].append(["A1", "Z9"]), "unknown space 'Z9'"),
        (lambda m: m["spaces"]["A1"].update(region="nowhere"), "unknown region 'nowhere'"),
        (lambda m: m["spaces"]["A1"].pop("region"), "A1 is in no region"),
        (lambda m: m["edges"].append(["A1", "A1"]), "joins a space to itself"),
        (lambda m: m["edges"].append(["A2", "A1"]), "listed twice"),
        (lambda m: m["regions"].update(empty={"name": "E"}), "region empty has no space"),
        (lambda m: m["spaces"].pop("A2") and m.update(edges=[]), "at least two spaces"),
    ],
)
def test_validation_refuses(change, words):
    table = copy.deepcopy(small_map())
    change(table)
    with pytest.raises(MapError) as caught:
        load_map(table, source="card.toml")
    assert words in caught.value.message
    assert caught.value.message.startswith("card.toml: ")


def test_validation_unknown_edge_names_both_spaces():
    table = small_map()
    table["edges"].append(["A1", "Z9"])
    with pytest.raises(MapError) as caught:
        load_map(table)
    assert "A1-Z9" in caught.value.message


def test_validation_lists_every_fault():
    table = small_map()
    table["edges"] += [["A1", "Z9"], ["A2", "A2"]]
    with pytest.raises(MapError) as caught:
        load_map(table)
    assert len(caught.value.faults) == 2


def test_validation_warns_when_not_connected_or_not_ten_spaces():
    table = small_map()
    table["spaces"]["A3"] = {"name": "c", "region": "r"}
    game_map = load_map(table)
    assert any("not connected" in w for w in game_map.warnings)
    assert any("ten" in w for w in game_map.warnings)


def test_map_table_round_trip():
    game_map = builtin_map("original")
    assert load_map(game_map.to_toml()) == game_map
