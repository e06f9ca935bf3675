"""Coin Age odds: exact, summing to 1, equal to the enumeration of every way the coins can fall."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from referee.coin_age.coins import parse_bank
from referee.coin_age.odds import ALLOWANCES, allowance_odds, match_odds, outcomes, tossed_kinds


@pytest.mark.parametrize("kinds", range(5))
def test_match_odds_sum_to_one_and_match_enumeration(kinds: int) -> None:
    odds = match_odds(kinds)
    assert sum(odds.values()) == 1
    falls = list(product((True, False), repeat=kinds))  # every coin: the tosser's side or not
    counted = Counter(sum(fall) for fall in falls)
    assert odds == {m: Fraction(counted[m], len(falls)) for m in range(kinds + 1)}


@pytest.mark.parametrize("kinds", range(5))
def test_allowance_odds_group_the_match_odds(kinds: int) -> None:
    odds = allowance_odds(kinds)
    assert sum(odds.values()) == 1
    expected: dict[str, Fraction] = {}
    for m, p in match_odds(kinds).items():
        expected[ALLOWANCES[m]] = expected.get(ALLOWANCES[m], Fraction(0)) + p
    assert odds == expected


def test_four_kinds_known_values() -> None:
    odds = match_odds(4)
    assert odds == {0: Fraction(1, 16), 1: Fraction(4, 16), 2: Fraction(6, 16), 3: Fraction(4, 16), 4: Fraction(1, 16)}
    assert allowance_odds(4)["place 2"] == Fraction(10, 16)


@pytest.mark.parametrize("bank", ["QNPD", "DDDD", "QPP", "", "NNPD"])
def test_outcomes_are_every_subset_of_the_kinds_in_the_bank(bank: str) -> None:
    kinds = tossed_kinds(parse_bank(bank))
    assert len(kinds) == len(set(bank))
    found = list(outcomes(kinds))
    assert sum(p for _matched, p in found) == 1
    assert len({matched for matched, _p in found}) == 2 ** len(kinds)
    by_count = Counter()
    for matched, p in found:
        by_count[len(matched)] += p
    assert dict(by_count) == match_odds(len(kinds))


@pytest.mark.e2e
def test_cli_odds_json_for_a_bank(referee: list[str]) -> None:
    done = subprocess.run([*referee, "coin-age", "odds", "--bank", "QNPD", "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["matches"] == {"0": 0.0625, "1": 0.25, "2": 0.375, "3": 0.25, "4": 0.0625}
    assert document["matches_exact"]["2"] == "3/8"
    assert sum(document["allowances"].values()) == pytest.approx(1)


@pytest.mark.e2e
def test_cli_odds_for_the_player_to_toss(referee: list[str], tmp_path) -> None:
    record = tmp_path / "game.toml"
    record.write_text('game = "coin-age"\nplayers = ["Ann", "Bob"]\nactions = ["slap Q", "place Q B2", "done"]\n')
    done = subprocess.run([*referee, "coin-age", "odds", str(record), "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["player"] == "Bob"
    assert document["kinds"] == "QNPD"
    done = subprocess.run([*referee, "coin-age", "odds"], capture_output=True, text=True)
    assert done.returncode == 2
