"""The documentation site builds with ``mkdocs build --strict`` (no broken link, no missing anchor, no page the
``nav`` names and the folder lacks), and no page names a count of games that can go stale when a game is added."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from referee import registry
from tests.conftest import EXAMPLES, ROOT

mkdocs = pytest.importorskip("mkdocs", reason="the test extra installs MkDocs: pip install -e '.[test]'")


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "HOME": str(tmp_path)},
        timeout=600,  # a safety net, not a promise of speed
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (site / "index.html").exists() and (site / "rules" / "coin-age" / "index.html").exists()


def test_the_nav_names_every_page_but_the_generated_rules_pages() -> None:
    """A page nobody can reach from the menu is a page nobody reads: each is in ``nav``, except a game's generated
    rules page, reached from ``docs/rules/index.md`` (written from the registry, so a new game needs no nav line)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    named = set(re.findall(r":\s*([\w/.-]+\.md)\s*$", text, re.MULTILINE))
    pages = {str(page.relative_to(ROOT / "docs")) for page in (ROOT / "docs").rglob("*.md")}
    generated = {f"rules/{name}.md" for name in registry.names()}
    assert pages - named - generated == set()
    assert named - pages == set()


COUNT_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
COUNT_OF_GAMES = re.compile(
    r"\b(?:all |the |these |those )?(?P<count>both|" + "|".join(COUNT_WORDS) + r") (?:\w+ )?games?\b(?! (?:of|a|per))",
    re.IGNORECASE,
)
"""``three games``, ``all three games``, ``both games``, ``four tabletop games``: a count of the games the referee
knows, in words (figures count plays: ``10,000 games``; so do ``one game a page`` and ``two games per …``)."""


def counts_of_games(text: str) -> list[str]:
    """The counts of games ``text`` names: any but "one" (one game is a play, not the list of games)."""
    return [found.group(0) for found in COUNT_OF_GAMES.finditer(text) if found.group("count").lower() != "one"]


def test_the_count_finder_finds_counts_of_games_and_not_of_plays() -> None:
    assert counts_of_games("Three games: … in all three games … both games … four board games") == [
        "Three games",
        "all three games",
        "both games",
        "four board games",
    ]
    assert counts_of_games("one game a page; 1,000 games of Coin Age; two games per table; 12 games") == []


def places_that_describe_the_games() -> dict[str, str]:
    """What a newcomer reads about the games: the README, the package's description, examples/README.md, every
    page of docs/ but the generated rules pages and the measured figures (which count plays, in thousands)."""
    texts = {
        "README.md": (ROOT / "README.md").read_text(encoding="utf-8"),
        "pyproject.toml description": tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
            "description"
        ],
        "examples/README.md": (EXAMPLES / "README.md").read_text(encoding="utf-8"),
    }
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if page.parent.name != "rules" and page.name not in ("benchmarks.md", "strength.md"):
            texts[str(page.relative_to(ROOT))] = page.read_text(encoding="utf-8")
    return texts


@pytest.mark.parametrize("place", list(places_that_describe_the_games()))
def test_no_page_counts_the_games(place: str) -> None:
    """The games are named, or listed, never counted: a count goes stale the day a game is added by its registry
    line alone (docs/developing.md, "Adding a game"), and nothing else would tell."""
    text = places_that_describe_the_games()[place]
    assert counts_of_games(text) == [], f"{place}: word it without a count (the registry holds the games)"
