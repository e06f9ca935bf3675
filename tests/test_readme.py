"""The README and the documentation pages work as printed: the opening commands, every `$` example, every path
and link.

The ``console`` blocks of the README and of each page of ``docs/`` are run in order, page by page, each page in a
scratch folder holding a copy of ``examples/``, with the installed ``referee`` first on the ``PATH``: each ``$``
line must finish (exit 0, or 1 for an illegal action, never a traceback) and print every output line shown under
it (``…`` stands for any text; a line of ``…`` alone for lines left out). ``text`` and ``sh`` blocks are not run.
Every file path the README and the pages name, and every relative link of the Markdown files, must exist. (The
site itself, links and anchors, is built by ``tests/test_docs_site.py``.)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT

README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").rglob("*.md"))
MARKDOWN = [README, *PAGES, EXAMPLES / "README.md"]
RUN = [page for page in [README, *PAGES] if "```console" in page.read_text(encoding="utf-8")]
"""The README and the pages that show commands to run."""
TEST_COMMAND = "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest"
PATH_IN_TEXT = re.compile(
    r"(?<![\w/.~$-])((?:examples|docs|maps|benchmarks|scripts|tests|completions|referee|\.ci)/[\w./-]*)(?![\w<{*])"
)
LINK = re.compile(r"\]\(([^)\s]+)\)")


@dataclass
class Example:
    """One ``$`` command of a console block and the output lines shown under it."""

    command: str
    output: list[str] = field(default_factory=list)


def fenced_blocks(text: str, language: str) -> list[list[str]]:
    """The lines of every fenced block of ``language``."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if current is None and line.strip() == f"```{language}":
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append(current)
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def console_examples(text: str) -> list[Example]:
    examples: list[Example] = []
    for block in fenced_blocks(text, "console"):
        for line in block:
            if line.startswith("$ "):
                examples.append(Example(line[2:]))
            elif examples and line.strip() and line.strip() != "…":
                examples[-1].output.append(line.rstrip())
    return examples


def shown(expected: str, lines: list[str]) -> bool:
    """Whether an output line shown in the README (``…`` = any text) is one of the ``lines`` printed."""
    pattern = re.compile(".*".join(re.escape(part) for part in expected.split("…")))
    return any(pattern.fullmatch(line) for line in lines)


def test_the_readme_opens_with_the_two_commands_and_ci_runs_the_second() -> None:
    first, second = fenced_blocks(README.read_text(encoding="utf-8"), "sh")[:2]
    assert first == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && referee coin-age play --players Ann,Bob"
    ]
    assert second == [TEST_COMMAND]
    assert TEST_COMMAND in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    opening = README.read_text(encoding="utf-8").split("```")[0]
    assert "## " not in opening  # nothing comes before the two commands but the title and their captions


def test_the_parser_reads_commands_and_their_output() -> None:
    text = "```console\n$ referee a\nline one   \n…\n\n$ referee b\n```\n```text\n$ not run\n```\n"
    found = console_examples(text)
    assert [(e.command, e.output) for e in found] == [("referee a", ["line one"]), ("referee b", [])]
    assert shown("1000 games (… s)", ["1000 games (0.74 s)"]) and not shown("a", ["ab"])


def test_the_readme_and_the_guides_show_examples() -> None:
    """The README's minute of each game, and each game's guide, show commands with what they print."""
    assert len(console_examples(README.read_text(encoding="utf-8"))) >= 8
    for guide in ("coin-age", "builders", "matchstick"):
        assert len(console_examples((ROOT / "docs" / f"{guide}.md").read_text(encoding="utf-8"))) >= 2, guide


@pytest.mark.e2e
@pytest.mark.parametrize("page", RUN, ids=[str(page.relative_to(ROOT)) for page in RUN])
def test_every_console_example_works_as_printed(page: Path, tmp_path: Path) -> None:
    examples = console_examples(page.read_text(encoding="utf-8"))
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    env.update(NO_COLOR="1", PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")  # a game finished here is logged in a history of its own
    for example in examples:
        result = subprocess.run(
            ["bash", "-c", example.command],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,  # a safety net for a hung command, not a promise of speed
            check=False,
        )
        printed = [line.rstrip() for line in (result.stdout + "\n" + result.stderr).splitlines()]
        assert "Traceback" not in result.stderr, example.command
        assert result.returncode in (0, 1), f"{example.command}: exit {result.returncode}: {result.stderr}"
        missing = [line for line in example.output if not shown(line, printed)]
        assert not missing, f"{page.name}: {example.command}: not printed: {missing}"


NAMING = [page for page in [README, *PAGES] if page.name != "developing.md"]
"""The pages whose paths must exist (the developers' guide also names the files of a game still to be added)."""


@pytest.mark.parametrize("page", NAMING, ids=[str(page.relative_to(ROOT)) for page in NAMING])
def test_every_path_a_page_names_exists(page: Path) -> None:
    named = set(PATH_IN_TEXT.findall(page.read_text(encoding="utf-8")))
    missing = sorted(path for path in named if not (ROOT / path.rstrip(".")).exists())
    assert not missing


def test_the_paths_are_found_where_they_are_named() -> None:
    named = set(PATH_IN_TEXT.findall((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")))
    assert {"benchmarks/run.py", "benchmarks/history.py"} <= named


@pytest.mark.parametrize("page", MARKDOWN, ids=[str(page.relative_to(ROOT)) for page in MARKDOWN])
def test_every_relative_link_leads_to_a_file_of_the_repository(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.exists() and ROOT in path.parents, f"{page.name}: {target}"


def test_nothing_names_a_path_outside_the_repository() -> None:
    # "sh[a]red" so that this pattern does not find itself
    outside = re.compile(r"\.\./sh[a]red|/work/sh[a]red|sh[a]red/(?:examples|reference)|CONTRACT\.md")
    folders = ["referee", "tests", "docs", "examples", "scripts", "benchmarks", "maps", "completions", ".ci"]
    files = [README, ROOT / "pyproject.toml"]
    files += [path for folder in folders for path in (ROOT / folder).rglob("*") if path.is_file()]
    found = [
        str(path.relative_to(ROOT))
        for path in files
        if path.suffix not in (".mo", ".pyc") and outside.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []
