"""The rules at the table: topics found by the words players use, source tags explained, no raw Markdown."""

from __future__ import annotations

import subprocess

import pytest

from referee.rulebook import rulebook
from tests.conftest import referee_command

PACKAGES = {"coin-age": "referee.coin_age", "builders": "referee.builders", "matchstick": "referee.matchstick"}


@pytest.mark.parametrize(
    ("package", "asked", "found"),
    [
        ("referee.coin_age", "score", "scoring"),
        ("referee.coin_age", "Scoring ", "scoring"),
        ("referee.coin_age", "tie", "tie-break"),
        ("referee.coin_age", "slap", "toss"),
        ("referee.coin_age", "cap", "capture"),
        ("referee.builders", "scoring", "score"),
        ("referee.builders", "rec", "recruit"),
        ("referee.matchstick", "rev", "revolution"),
    ],
)
def test_a_topic_is_found_by_synonym_or_prefix(package: str, asked: str, found: str) -> None:
    topic = rulebook(package).topic(asked)
    assert topic is not None and topic.name == found


def test_an_ambiguous_prefix_finds_nothing() -> None:
    assert rulebook("referee.builders").topic("re") is None  # recruit, reveal


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_source_tag_of_the_text_is_explained(game: str) -> None:
    import re

    book = rulebook(PACKAGES[game])
    explained = {tag for tag, _meaning in book.sources}
    for topic in book.topics:
        for group in re.findall(r"\[([A-Z0-9][A-Z0-9, -]*)\]", topic.text + " ".join(topic.rulings)):
            for tag in (part.strip() for part in group.split(",")):
                assert tag in explained, (game, topic.name, tag)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_rules_and_rulings_show_the_legend_and_no_backquotes(game: str) -> None:
    for arguments in ([], ["rulings"]):
        result = subprocess.run(
            [*referee_command(), game, "rules", *arguments], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0
        assert "Sources:" in result.stdout and "Ruling: the referee's own decision" in result.stdout
        assert "`" not in result.stdout


def test_rules_score_is_the_scoring_topic_of_coin_age() -> None:
    result = subprocess.run(
        [*referee_command(), "coin-age", "rules", "score"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout.startswith("Scoring (scoring)")
