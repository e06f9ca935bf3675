"""The installed ``referee`` in each language: whole piped games, illegal actions, --lang against LANG=, fallback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from referee import registry
from tests.conftest import referee_command

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
OPENING = ROOT / "examples" / "coin-age-opening.toml"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
LANGS = {"ko": "ko_KR.UTF-8", "zh-Hans": "zh_CN.UTF-8", "zh-Hant": "zh_TW.UTF-8"}
GAME_OVER = {"ko": "게임 종료", "zh-Hans": "游戏结束", "zh-Hant": "遊戲結束", "en": "Game over"}
PLAYERS = ["가영", "나래", "다솜"]


def rulebook_translated(package: str, option: str) -> bool:
    """Whether the game has its rulebook in the language (else ``rules`` shows the English one)."""
    from importlib import resources

    from referee import i18n

    folder = i18n.CATALOGUE_DIRS[i18n.normalize(option) or "en"]
    return resources.files(package).joinpath(f"rulebook.{folder}.toml").is_file()


def run(*args: str, lang: str = "C.UTF-8", stdin: str | None = None, python: list[str] | None = None):
    """The installed command in the locale ``lang`` (no other locale variable set), output captured as text."""
    env = {key: value for key, value in os.environ.items() if key not in LOCALE_VARIABLES}
    env.update(NO_COLOR="1", LANG=lang, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [*(python or referee_command()), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )


def whole_game(game: str, seed: int = 3) -> tuple[list[str], list[str]]:
    """The command-line arguments and actions of a random legal game played to its end (seeded), from the sample
    game the room declares, the players renamed in Korean."""
    from tests.robustness.helpers import PLAY_OPTIONS, random_game

    played = next(played for tried in range(seed, seed + 50) if (played := random_game(game, tried)).over)
    options = list(PLAY_OPTIONS[game])
    options[options.index("--players") + 1] = ",".join(PLAYERS[: len(played.players)])
    return [game, "play", *options], list(played.actions)


@cache
def english_game(game: str) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """The same game in English: its text output and its JSON summary (run once per game)."""
    args, actions = whole_game(game)
    summary = json.loads(run(*args, "--json", stdin="\n".join(actions)).stdout.splitlines()[-1])
    return run(*args, stdin="\n".join(actions) + "\n"), summary


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("game", list(registry.names()))
def test_a_whole_piped_game(game: str, lang: str) -> None:
    args, actions = whole_game(game)
    result = run(*args, lang=LANGS[lang], stdin="\n".join(actions) + "\n")
    assert result.returncode == 0, result.stderr
    assert GAME_OVER[lang] in result.stdout
    assert "Game over" not in result.stdout and "Traceback" not in result.stderr
    english, untranslated = english_game(game)
    assert english.returncode == 0 and GAME_OVER["en"] in english.stdout
    assert english.stdout != result.stdout
    # the JSON summary has the same keys and results in every language; only its reason texts are translated
    translated = json.loads(run(*args, "--json", lang=LANGS[lang], stdin="\n".join(actions)).stdout.splitlines()[-1])
    results = ("game", "players", "actions", "over", "to_move", "scores", "winner", "ranking")
    assert {key: translated[key] for key in results} == {key: untranslated[key] for key in results}
    assert set(translated) == set(untranslated) and set(translated["state"]) == set(untranslated["state"])


ILLEGAL = {
    "coin-age": (["coin-age", "play", "--players", "가영,나래"], "slap QN\ncapture B2\n"),
    "builders": (["builders", "play", "--players", "가영,나래", "--seed", "7"], "recruit W08\n"),
    "matchstick": (["matchstick", "play", "--players", "가영,나래"], "pass\n"),
}
ILLEGAL_WORDS = {
    ("coin-age", "ko"): "빼앗기는 0개 일치일 때만 가능합니다",
    ("coin-age", "zh-Hans"): "夺取需要 0 枚相符",
    ("coin-age", "zh-Hant"): "奪取需要 0 枚相符",
    ("coin-age", "en"): "capturing needs 0 matches",
    ("builders", "ko"): "W08",
    ("builders", "zh-Hans"): "没有公开",
    ("builders", "zh-Hant"): "沒有公開",
    ("builders", "en"): "is not face up",
    ("matchstick", "ko"): "패스 불가",
    ("matchstick", "zh-Hans"): "不能跳过",
    ("matchstick", "zh-Hant"): "不能跳過",
    ("matchstick", "en"): "no passing",
}


@pytest.mark.parametrize("lang", [*sorted(LANGS), "en"])
@pytest.mark.parametrize("game", sorted(ILLEGAL))
def test_an_illegal_action_is_explained_in_the_language(game: str, lang: str) -> None:
    args, stdin = ILLEGAL[game]
    result = run(*args, lang=LANGS.get(lang, "C.UTF-8"), stdin=stdin)
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("referee: ")
    assert ILLEGAL_WORDS[(game, lang)] in line
    if lang == "ko":
        assert "공개되어 있지 않습니다" in line or game != "builders"
    if lang != "en":
        assert ILLEGAL_WORDS[(game, "en")] not in line
    document = json.loads(run(*args, "--json", lang=LANGS.get(lang, "C.UTF-8"), stdin=stdin).stdout.splitlines()[-1])
    assert ILLEGAL_WORDS[(game, lang)] in document["error"]["message"]
    assert set(document) >= {"game", "players", "actions", "over", "to_move", "scores", "error"}


COMMANDS = [
    ["coin-age", "rules", "capture"],
    ["coin-age", "check", str(OPENING), "capture B2"],
    ["coin-age", "check", str(OPENING), "done", "--json"],
    ["builders", "play", "--help"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize(
    ("option", "locale"), [("zh-Hant", "zh_TW.UTF-8"), ("ko", "ko_KR.UTF-8"), ("zh_CN", "zh_CN.UTF-8")]
)
def test_lang_option_and_lang_variable_give_the_same(command: list[str], option: str, locale: str) -> None:
    by_variable = run(*command, lang=locale)
    for args in (["--lang", option, *command], [*command, f"--lang={option}"]):
        by_option = run(*args)
        assert (by_option.returncode, by_option.stdout, by_option.stderr) == (
            by_variable.returncode,
            by_variable.stdout,
            by_variable.stderr,
        )
    translated = command[1] != "rules" or rulebook_translated("referee.coin_age", option)
    assert by_variable.stdout != run(*command).stdout or command[-1] == "--json" or not translated


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_unknown_language_is_english(command: list[str]) -> None:
    """A language of the environment that referee does not speak is English in silence (LANG=fr_FR is common); one
    asked for with ``--lang`` is English with one warning line first."""
    english = run(*command)
    result = run(*command, lang="fr_FR.UTF-8")
    assert (result.returncode, result.stdout, result.stderr) == (english.returncode, english.stdout, english.stderr)
    asked = run("--lang", "xx", *command, lang="fr_FR.UTF-8")
    warning, _, rest = asked.stderr.partition("\n")
    assert "no language 'xx'" in warning
    assert (asked.returncode, asked.stdout, rest) == (english.returncode, english.stdout, english.stderr)


def test_lang_without_a_value_is_bad_input() -> None:
    result = run("coin-age", "rules", "--lang")
    assert result.returncode == 2
    assert result.stderr.startswith("referee: --lang") and "Traceback" not in result.stderr


def test_lang_is_in_the_help() -> None:
    assert "--lang" in run("--help").stdout


@pytest.mark.parametrize("locale", ["C.UTF-8", "ko_KR.UTF-8"])
def test_a_one_shot_command_does_not_import_gettext(locale: str) -> None:
    """English pays nothing for the catalogues; another language reads its catalogue without gettext either."""
    result = run("-X", "importtime", "-m", "referee", "coin-age", "check", str(OPENING), "done",
                 lang=locale, python=[sys.executable])  # fmt: skip
    assert result.returncode in (0, 1), result.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert "gettext" not in imported and "babel" not in imported
    assert "referee.i18n" in imported


@pytest.mark.parametrize("locale", ["C.UTF-8", "zh_TW.UTF-8"])
def test_the_typer_path_imports_no_more_in_another_language(locale: str) -> None:
    """Translating the help texts needs no Rich (``rules`` goes through Typer and draws no board; Typer itself
    imports gettext in every language)."""
    result = run("-X", "importtime", "-m", "referee", "coin-age", "rules", "capture", lang=locale,
                 python=[sys.executable])  # fmt: skip
    assert result.returncode == 0, result.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert "typer.main" in imported
    assert not {name for name in imported if name.split(".")[0] in ("rich", "babel")}
