"""The rulebooks in each language: the same topics, under the same names, each with its text and rulings."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from referee import i18n
from referee.rulebook import rulebook, rulebook_file


def rulebook_packages() -> list[str]:
    """The rulebook package of every registered game (a game without a translation is skipped, and said)."""
    from importlib import import_module

    from referee import registry

    return [import_module(registry.GAMES[name].spec_module).SPEC.rulebook_package for name in registry.names()]


GAMES = rulebook_packages()


def topics(package: str, name: str) -> list[dict]:
    return tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8")).get("topic", [])


TRANSLATED = [
    (package, language)
    for package in GAMES
    for language in sorted(i18n.CATALOGUE_DIRS)
    if rulebook_file(package, language) != "rulebook.toml"
]
"""Each rulebook translation a registered game ships (a game without one shows its rules in English)."""


@pytest.mark.parametrize(("package", "language"), TRANSLATED)
def test_a_translated_rulebook_has_every_topic(package: str, language: str) -> None:
    name = rulebook_file(package, language)
    english, translated = topics(package, "rulebook.toml"), topics(package, name)
    assert [topic["name"] for topic in translated] == [topic["name"] for topic in english]
    for mine, theirs in zip(translated, english, strict=True):
        assert mine.get("text", "").strip(), f"{name}: topic {mine['name']} has no text"
        assert len(mine.get("rulings", ())) == len(theirs.get("rulings", ())), f"{name}: rulings of {mine['name']}"


@pytest.mark.parametrize("package", GAMES)
def test_the_rulebook_follows_the_language(package: str) -> None:
    before = i18n.current()
    try:
        i18n.use("en")
        english = rulebook(package)
        for language in i18n.CATALOGUE_DIRS:
            i18n.use(language)
            book = rulebook(package)
            assert book.names == english.names
            expected = rulebook_file(package, language) != "rulebook.toml"
            assert (book.topics != english.topics) == expected
    finally:
        i18n.use(before)


def test_a_rulebook_in_korean_is_read_when_there_is_one(tmp_path, monkeypatch) -> None:
    package = tmp_path / "i18n_toy_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rulebook.toml").write_text(
        'game = "Nim"\n[[topic]]\nname = "take"\ntitle = "Taking"\ntext = "Take 1."\n'
    )
    (package / "rulebook.ko.toml").write_text(
        'game = "님"\n[[topic]]\nname = "take"\ntitle = "가져가기"\ntext = "1개를 가져갑니다."\n', encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    before = i18n.current()
    try:
        i18n.use("ko")
        assert i18n.current() == "ko"
        assert rulebook("i18n_toy_game").topic("take").title == "가져가기"
        i18n.use("zh-Hant")  # no Traditional Chinese rulebook: the English one
        assert rulebook("i18n_toy_game").topic("take").title == "Taking"
        i18n.use("en")
        assert rulebook("i18n_toy_game").game == "Nim"
    finally:
        i18n.use(before)
