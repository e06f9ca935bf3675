"""The rulebooks in Simplified Chinese, Traditional Chinese and Korean: the same topics as the English ones.

Each game's ``rulebook.<lang>.toml`` lies beside its ``rulebook.toml``. For every game and language the translation
parses, keeps the topic names (command words) in the same order, the same sources and the same number of rulings,
the same tags in its legend of the sources (``[sources]``), is really translated (no text left in English), keeps
every backquoted notation snippet, option, card id and source tag of the English topic unchanged, and keeps every
line within 80 terminal cells (CJK glyphs take two).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from importlib import resources
from typing import Any

import pytest


def translated_rulebooks() -> list[tuple[str, str]]:
    """(rulebook package, language) for every registered game and each language its sample declares."""
    from importlib import import_module

    from referee import registry

    found = []
    for name in registry.names():
        spec = import_module(registry.GAMES[name].spec_module).SPEC
        assert spec.sample is not None, f"{name}: its room declares no sample game"
        found += [(spec.rulebook_package, lang) for lang in spec.sample.languages]
    return found


MAX_CELLS = 80

NOTATION = (
    re.compile(r"`[^`]+`"),  # backquoted notation: `slap QN`, `place Q B2`, `reveal ID`, `[final]`
    re.compile(r"--[a-z][a-z-]*"),  # command-line options: --map, --deal-all, --expansion
    re.compile(r"\b[BMW]\d\d\b"),  # The Builders' card ids: B01, M08, W19
    re.compile(r"\bplay(?: [0-9A-Ha-h]){2,}(?![0-9A-Za-z])"),  # Matchstick plays: play 8 0 4 8, play E E
)
TAG = re.compile(r"\[([^\]]+)\]")
TAG_NAME = re.compile(r"\s*([0-9]*[A-Z][A-Z0-9-]*)(?![a-z])")
SCRIPT = {
    "zh_Hans": re.compile(r"[\u4e00-\u9fff]"),
    "zh_Hant": re.compile(r"[\u4e00-\u9fff]"),
    "ko": re.compile(r"[\uac00-\ud7a3]"),
}


def load(package: str, lang: str | None = None) -> dict[str, Any]:
    name = "rulebook.toml" if lang is None else f"rulebook.{lang}.toml"
    return tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


def whole(topic: dict[str, Any]) -> str:
    return "\n".join([topic["title"], topic["text"], *topic.get("rulings", [])])


def tags(text: str) -> set[str]:
    """The source tags cited in brackets: [OFF, BGA], [BGA short help; NAV], [4G: …] give OFF, BGA, NAV, 4G."""
    found: set[str] = set()
    for group in TAG.findall(text):
        for part in re.split(r"[,;，；、]", group):
            match = TAG_NAME.match(part)
            if match:
                found.add(match.group(1))
    return found


def notation(text: str) -> set[str]:
    return {snippet for pattern in NOTATION for snippet in pattern.findall(text)}


def cells(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in line)


CASES = [pytest.param(game, lang, id=f"{game.rsplit('.', 1)[1]}-{lang}") for game, lang in translated_rulebooks()]


def test_every_translation_beside_a_rulebook_is_declared_in_its_sample() -> None:
    """A ``rulebook.<lang>.toml`` its game's sample does not list would be left out of every test here."""
    found = {
        (package, entry.name.removeprefix("rulebook.").removesuffix(".toml"))
        for package in rulebook_packages()
        for entry in resources.files(package).iterdir()
        if entry.name.startswith("rulebook.") and entry.name.endswith(".toml") and entry.name != "rulebook.toml"
    }
    assert found == set(translated_rulebooks())


def rulebook_packages() -> list[str]:
    from importlib import import_module

    from referee import registry

    return [import_module(registry.GAMES[name].spec_module).SPEC.rulebook_package for name in registry.names()]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_same_topics_in_the_same_order_with_as_many_rulings(game: str, lang: str) -> None:
    english, translated = load(game), load(game, lang)
    assert [t["name"] for t in translated["topic"]] == [t["name"] for t in english["topic"]]
    assert list(translated.get("sources", {})) == list(english.get("sources", {}))  # the legend of the tags
    for source, target in zip(english["topic"], translated["topic"], strict=True):
        assert len(target.get("rulings", [])) == len(source.get("rulings", [])), source["name"]
        assert target.get("sources", []) == source.get("sources", []), source["name"]
        assert set(target) == set(source), source["name"]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_text_is_translated(game: str, lang: str) -> None:
    english, translated = load(game), load(game, lang)
    script = SCRIPT[lang]
    assert translated["game"].strip() and translated["game"] != english["game"]
    assert script.search(translated["game"])
    for tag, meaning in english.get("sources", {}).items():
        assert translated["sources"][tag] != meaning and script.search(translated["sources"][tag]), tag
    for source, target in zip(english["topic"], translated["topic"], strict=True):
        pairs = [
            (source["title"], target["title"]),
            (source["text"], target["text"]),
            *zip(source.get("rulings", []), target.get("rulings", []), strict=True),
        ]
        for original, translation in pairs:
            assert translation.strip(), f"{source['name']}: empty"
            assert translation.strip() != original.strip(), f"{source['name']}: left in English: {original!r}"
            assert script.search(translation), f"{source['name']}: not in {lang}: {translation!r}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_notation_and_source_tags_are_kept(game: str, lang: str) -> None:
    english, translated = load(game), load(game, lang)
    for source, target in zip(english["topic"], translated["topic"], strict=True):
        missing = notation(whole(source)) - notation(whole(target))
        assert not missing, f"{source['name']}: notation changed or lost: {sorted(missing)}"
        lost = tags(whole(source)) - tags(whole(target))
        assert not lost, f"{source['name']}: source tags lost: {sorted(lost)}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_rulings_are_marked_as_rulings(game: str, lang: str) -> None:
    prefix = {"zh_Hans": "裁定：", "zh_Hant": "裁定：", "ko": "판정:"}[lang]
    for topic in load(game, lang)["topic"]:
        for ruling in topic.get("rulings", []):
            assert ruling.startswith(prefix), f"{topic['name']}: {ruling!r}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_lines_fit_an_80_column_terminal(game: str, lang: str) -> None:
    for topic in load(game, lang)["topic"]:
        for line in whole(topic).splitlines():
            assert cells(line) <= MAX_CELLS, f"{topic['name']}: {cells(line)} cells: {line!r}"


def test_the_checks_can_fail() -> None:
    """The helpers see what they must: a lost tag, a changed snippet, a wide line."""
    assert tags("x [OFF, implied; NAV] y [BGA short help; NAV] [4G: four 8s] `[final]`") == {"OFF", "NAV", "BGA", "4G"}
    assert tags("[OFF, 隐含; NAV]") == {"OFF", "NAV"}
    assert notation("Notation: `slap QN`, then play 8 0 4 8 and --deal-all with W19.") == {
        "`slap QN`",
        "play 8 0 4 8",
        "--deal-all",
        "W19",
    }
    assert "`slap QN`" not in notation("记法：`slap QNx`")
    assert cells("钱币" * 41) > MAX_CELLS
