"""The rules pages of ``docs/rules/`` are made from the rulebooks and kept current; every source tag is explained."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType

import pytest

from referee import registry
from tests.conftest import ROOT

SCRIPT = ROOT / "scripts" / "make_rules_docs.py"


def generator() -> ModuleType:
    """``scripts/make_rules_docs.py`` as a module (registered first: its dataclasses look themselves up)."""
    if "make_rules_docs" in sys.modules:
        return sys.modules["make_rules_docs"]
    spec = importlib.util.spec_from_file_location("make_rules_docs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_rules_docs"] = module
    spec.loader.exec_module(module)
    return module


def test_rules_pages_are_not_stale() -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


SHIPPED = [entry.name for entry in registry.GAMES.values() if entry.rules.startswith("referee.")]
"""The games this package ships (the test suite's toy game has no page in ``docs/rules/``)."""


@pytest.mark.parametrize("game", SHIPPED)
def test_every_source_tag_a_rulebook_cites_is_explained(game: str) -> None:
    make = generator()
    page = next(page for page in make.PAGES if page.command == game)
    assert make.unexplained_tags(page) == set()
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert "## Sources" in text and "**Ruling**" in text


def test_source_tags_are_read_from_every_way_the_rulebooks_write_them() -> None:
    tags = generator().source_tags("a [OFF, BGA] b [OFF; NAV] c [BGA short help; NAV] d [4G: four 8s] e [OFF, implied]")
    assert tags == {"OFF", "BGA", "NAV", "4G"}


def test_the_markdown_of_a_rulebook_text_keeps_its_lists() -> None:
    text = "Intro line\ncontinued.\n  4 matches: place 2\n  0 matches: capture\nAfter.\n- one\n  more\n- two"
    assert generator().markdown(text) == (
        "Intro line continued.\n\n- 4 matches: place 2\n- 0 matches: capture\n\nAfter.\n\n- one more\n- two"
    )
