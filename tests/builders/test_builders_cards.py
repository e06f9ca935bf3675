"""The catalogue against the facts of the reference [CARDS]."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from referee.builders import candidates, card, cards_of, catalogue, lookup
from referee.errors import NotationError

# A copy of the project's card data: all 84 cards as read from photographs of the physical cards of the French
# edition [CARDS], identical to three independent transcriptions (its "sources" key names them). The catalogue in
# referee/builders/cards.toml was transcribed from the same data; this test checks the two agree field by field.
JSON = Path(__file__).parents[1] / "data" / "builders-cards.json"
RES = ("stone", "wood", "knowledge", "tile")


def test_components_34_buildings_8_machines_42_workers():
    assert len(cards_of("building")) == 34
    assert len(cards_of("machine")) == 8
    assert len(cards_of("worker")) == 42
    assert len(catalogue()) == 84
    assert [c.id for c in cards_of("building")] == [f"B{i:02d}" for i in range(1, 35)]
    assert [c.id for c in cards_of("machine")] == [f"M{i:02d}" for i in range(1, 9)]
    assert [c.id for c in cards_of("worker")] == [f"W{i:02d}" for i in range(1, 43)]


def test_components_workers_by_type_6_12_16_8_costing_2_3_4_5():
    by_cost = Counter(c.cost for c in cards_of("worker"))
    assert by_cost == {2: 6, 3: 12, 4: 16, 5: 8}
    names = {c.cost: c.name_fr for c in cards_of("worker")}
    assert names == {2: "Apprenti", 3: "Manœuvre", 4: "Compagnon", 5: "Maître"}


def test_components_each_worker_produces_as_many_resources_as_it_costs():
    for worker in cards_of("worker"):
        assert sum(worker.produces) == worker.cost, worker.id


def test_components_only_duplicate_card_is_craftsman_w19_w30():
    signatures = Counter((c.cost, c.produces) for c in cards_of("worker"))
    dupes = [sig for sig, n in signatures.items() if n > 1]
    assert dupes == [(4, (1, 1, 1, 1))]
    assert [c.id for c in cards_of("worker") if (c.cost, c.produces) == dupes[0]] == ["W19", "W30"]
    constructions = Counter((c.requires, c.vp, c.coins) for c in catalogue().values() if c.is_construction)
    assert max(constructions.values()) == 1


def test_components_building_vp_total_110_and_machines_12_no_coins():
    assert sum(c.vp for c in cards_of("building")) == 110
    assert sum(c.vp for c in cards_of("machine")) == 12
    assert all(c.coins == 0 and c.cost == 0 and sum(c.produces) > 0 for c in cards_of("machine"))


def test_english_names_of_buildings_are_marked_unverified():
    assert not card("B01").name_en_verified
    assert card("W01").name_en == "Apprentice" and card("W01").name_en_verified


def test_catalogue_matches_the_reference_json_field_by_field():
    data = json.loads(JSON.read_text(encoding="utf-8"))
    for raw in data["buildings"] + data["machines"]:
        c = card(raw["id"])
        assert c.name_fr == raw["name_fr"]
        assert c.name_en == raw["name_en_unverified"]
        assert (c.vp, c.coins) == (raw["vp"], raw["coins"])
        assert c.requires == tuple(raw["requires"][r] for r in RES)
        if "total_required" in raw:
            assert sum(c.requires) == raw["total_required"]
        assert c.kind == ("machine" if raw["id"].startswith("M") else "building")
    for raw in data["machines"]:
        c = card(raw["id"])
        assert c.cost == raw["worker_cost"]
        assert c.produces == tuple(raw["produces_as_worker"][r] for r in RES)
    for raw in data["workers"]:
        c = card(raw["id"])
        assert c.kind == "worker"
        assert (c.name_fr, c.name_en, c.cost) == (raw["type_fr"], raw["type_en"], raw["cost"])
        assert c.produces == tuple(raw["produces"][r] for r in RES)
    assert len(data["buildings"]) + len(data["machines"]) + len(data["workers"]) == len(catalogue())


def test_lookup_by_id_any_case_and_unpadded():
    assert lookup("b12").id == "B12"
    assert lookup("B7").id == "B07"
    assert lookup("w07").id == "W07"


def test_lookup_by_french_name_case_and_accent_insensitive():
    assert lookup("L'étable").id == "B12"
    assert lookup("l'etable").id == "B12"
    assert lookup("L\u2019ÉTABLE").id == "B12"
    assert lookup("la cathedrale").id == "B34"
    assert lookup("Le château-fort").id == "B33"


def test_lookup_refuses_unknown_and_shared_names():
    with pytest.raises(NotationError):
        lookup("B99")
    with pytest.raises(NotationError):
        lookup("la tour eiffel")
    with pytest.raises(NotationError, match="M01, M05"):
        lookup("Une grue")
    assert candidates("une grue") == ("M01", "M05")
    assert len(candidates("apprenti")) == 6
