"""Choosing the language: --lang, else the environment as gettext reads it; unknown languages are English."""

from __future__ import annotations

import pytest

from referee import i18n


@pytest.mark.parametrize(
    ("value", "language"),
    [
        ("en", "en"),
        ("en_US.UTF-8", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("zh-Hans", "zh-Hans"),
        ("zh_CN", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh_CN.UTF-8", "zh-Hans"),
        ("zh_SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-Hans-CN", "zh-Hans"),
        ("zh-Hant", "zh-Hant"),
        ("zh_TW", "zh-Hant"),
        ("zh-TW", "zh-Hant"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh_HK.Big5HKSCS", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("ko", "ko"),
        ("ko_KR", "ko"),
        ("ko_KR.UTF-8", "ko"),
        ("KO-kr", "ko"),
        ("fr_FR.UTF-8", None),
        ("ja", None),
        ("", None),
    ],
)
def test_tags_and_locale_names(value: str, language: str | None) -> None:
    assert i18n.normalize(value) == language


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_CN.UTF-8"}, "zh-Hans"),
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "ko_KR.UTF-8", "LANG": "zh_TW.UTF-8"}, "ko"),
        ({"LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}, "zh-Hans"),
        ({"LC_ALL": "", "LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LANGUAGE": "fr:ko:en", "LANG": "zh_TW.UTF-8"}, "ko"),
        ({"LANGUAGE": "fr", "LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        ({"LANGUAGE": "en", "LANG": "ko_KR.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "ko_KR.UTF-8"}, "en"),
    ],
)
def test_the_environment(environ: dict[str, str], language: str) -> None:
    assert i18n.from_environment(environ) == language


@pytest.mark.parametrize(
    ("argv", "rest", "value"),
    [
        (["coin-age", "rules"], ["coin-age", "rules"], None),
        (["--lang", "ko", "coin-age", "rules"], ["coin-age", "rules"], "ko"),
        (["--lang=zh-Hant", "coin-age", "rules"], ["coin-age", "rules"], "zh-Hant"),
        (["coin-age", "check", "r.toml", "done", "--lang", "zh_CN"], ["coin-age", "check", "r.toml", "done"], "zh_CN"),
        (["coin-age", "--lang", "ko", "--lang=en", "rules"], ["coin-age", "rules"], "en"),
        (["coin-age", "play", "--", "--lang", "ko"], ["coin-age", "play", "--", "--lang", "ko"], None),
    ],
)
def test_lang_is_taken_out_of_the_command_line(argv: list[str], rest: list[str], value: str | None) -> None:
    assert i18n.take_lang_option(argv) == (rest, value)


@pytest.mark.parametrize("argv", [["coin-age", "rules", "--lang"], ["--lang", "--json"], ["--lang="]])
def test_lang_needs_a_value(argv: list[str]) -> None:
    with pytest.raises(i18n.LangOptionError):
        i18n.take_lang_option(argv)


def test_a_catalogue_translates_and_pluralizes() -> None:
    before = i18n.current()
    try:
        i18n.use("ko")
        assert i18n.current() == "ko", "no compiled Korean catalogue: pip install -e . compiles them"
        assert i18n._("heads") == "앞면"
        assert i18n.ngettext("{n} card", "{n} cards", 1) == i18n.ngettext("{n} card", "{n} cards", 5) == "카드 {n}장"
        assert i18n._("a message no catalogue has") == "a message no catalogue has"
        i18n.use("xx")
        assert i18n.current() == "en"
        assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    finally:
        i18n.use(before)
