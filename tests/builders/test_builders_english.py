"""The Builders for English-edition players: a card is found by its English name and by what it shows (its four
numbers), wherever a card is named; ``cards --names en`` shows the English names and says they are unverified."""

from __future__ import annotations

import json
import re
import subprocess

from referee.builders import RULES, cards
from tests.conftest import referee_command


def test_a_card_is_found_by_its_english_name() -> None:
    assert cards.candidates("The Bower") == ("B01",)
    assert cards.candidates("the bower") == ("B01",)
    assert cards.lookup("The Wooden Shack").id == "B02"


def test_a_card_is_found_by_the_four_numbers_it_shows() -> None:
    bower = cards.card("B01")
    shown = " ".join(map(str, bower.requires))
    assert "B01" in cards.candidates(shown)
    assert cards.candidates(shown.replace(" ", "")) == cards.candidates(shown)
    worker = cards.card("W01")
    assert "W01" in cards.candidates(" ".join(map(str, worker.produces)))


def test_workers_by_their_english_type() -> None:
    apprentices = cards.candidates("Apprentice")
    assert apprentices == cards.candidates("apprenti") and len(apprentices) == 6


def test_the_notation_takes_english_names_and_numbers_in_context() -> None:
    state = RULES.new_state(["Ann", "Bob"], {"seed": 3})
    building = state.row_buildings[0]
    card = cards.card(building)
    by_name = RULES.parse(f"start {card.name_en}", state)
    by_numbers = RULES.parse("start " + " ".join(map(str, card.requires)), state)
    assert RULES.format(by_name, state) == RULES.format(by_numbers, state) == f"start {building}"


def test_cards_names_en_says_the_names_are_unverified() -> None:
    result = subprocess.run(
        [*referee_command(), "builders", "cards", "--kind", "building", "--names", "en"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert "The Bower" in result.stdout and "La tonnelle" not in result.stdout
    assert "unofficial transcription" in result.stdout
    french = subprocess.run(
        [*referee_command(), "builders", "cards", "--kind", "building"], capture_output=True, text=True
    )
    assert "La tonnelle" in french.stdout and "The Bower" not in french.stdout
    bad = subprocess.run([*referee_command(), "builders", "cards", "--names", "de"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_cards_json_holds_the_unverified_english_name() -> None:
    result = subprocess.run([*referee_command(), "builders", "cards", "--json"], capture_output=True, text=True)
    first = json.loads(result.stdout)[0]
    assert first["name_fr"] == "La tonnelle" and first["name_en_unverified"] == "The Bower"


def test_play_names_en_names_the_cards_in_english_and_says_once_they_are_unverified() -> None:
    state = RULES.new_state(["Ann", "Bob"], {"seed": 3})
    building = cards.card(state.row_buildings[0])
    play = [*referee_command(), "builders", "play", "--players", "Ann,Bob", "--seed", "3"]
    lines = f"start {building.name_en}\nrecruit W01\n"  # typed by its English name; then a worker not face up
    english = subprocess.run([*play, "--names", "en"], input=lines, capture_output=True, text=True)
    assert english.returncode == 1
    assert english.stderr.count("unofficial transcription") == 1
    assert "W01 Apprentice is not face up" in english.stderr
    french = subprocess.run(play, input=lines, capture_output=True, text=True)
    assert "W01 Apprenti is not face up" in french.stderr and "unofficial" not in french.stderr
    refill = cards.card(re.search(r"([BM]\d\d) .* comes up in", french.stdout).group(1))  # "B06 Le lavoir comes up"
    assert f"{refill.id} {refill.name_fr} comes up" in french.stdout
    assert f"{refill.id} {refill.name_en} comes up" in english.stdout
    bad = subprocess.run([*play, "--names", "de"], input="", capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_english_names_at_the_table(tmp_path) -> None:
    """At a terminal, the face-up buildings and the menus carry the English names."""
    from tests.cli.terminal import ENTER, finish, spawn, type_line

    state = RULES.new_state(["Ann", "Bob"], {"seed": 3})
    building = cards.card(state.row_buildings[0])
    child = spawn(
        "builders",
        "play",
        "--players",
        "Ann,Bob",
        "--seed",
        "3",
        "--names",
        "en",
        "--record",
        str(tmp_path / "game.toml"),
        rows=40,
        columns=120,
    )
    try:
        child.expect_exact("unofficial transcription")
        child.expect_exact(building.name_en)
        child.expect_exact("Ann>")
        child.send(ENTER)
        type_line(child, "start a construction")
        child.expect_exact(f"{building.id} {building.name_en}")
        child.send("\x03")
        child.expect_exact("Press y")  # Ctrl-C asks first
        child.send("y")
        assert finish(child) != 0
    finally:
        child.close(force=True)
