"""Write ``docs/rules/<game>.md`` from each game's rulebook (run after editing a ``rulebook.toml``).

    python scripts/make_rules_docs.py          # write
    python scripts/make_rules_docs.py --check  # exit 1 when a page is stale (the test suite runs this)

The rulebook ``referee/<game>/rulebook.toml`` is the one source: ``referee GAME rules TOPIC`` prints its topics,
verdicts cite their names, and these pages lay the same text out for reading, with what each source tag stands
for (the rulebook's ``[sources]`` table) and, for Coin Age, the shipped original map (``maps/original.toml``).
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class GamePage:
    """One page: the command's name of the game, its rules package folder, and its page's title."""

    command: str
    package: str
    title: str


def pages() -> tuple[GamePage, ...]:
    """A page for every registered game whose rules package holds a rulebook (from the registry, in its order)."""
    from referee import registry

    found = []
    for entry in registry.GAMES.values():
        package = entry.rules.split(".")[1]
        if (ROOT / "referee" / package / "rulebook.toml").exists():
            found.append(GamePage(entry.name, package, entry.title))
    return tuple(found)


PAGES = pages()

TAG = re.compile(r"\[([^\]]+)\]")
TAG_NAME = re.compile(r"^[0-9A-Z][0-9A-Z-]*$")


def source_tags(text: str) -> set[str]:
    """The source tags cited in ``text``: ``[OFF, BGA]``, ``[OFF; NAV]``, ``[BGA short help; NAV]``, ``[4G: …]``."""
    tags: set[str] = set()
    for group in TAG.findall(text):
        for part in re.split(r"[,;]", group):
            words = part.strip().split()
            first = words[0].rstrip(":") if words else ""
            if TAG_NAME.match(first):
                tags.add(first)
    return tags


def markdown(text: str) -> str:
    """A rulebook text as Markdown: prose lines joined, ``- `` lines and indented lines as list items."""
    blocks: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    dashed = False  # the current item was written "- …", so an indented line continues it

    def flush_paragraph() -> None:
        if paragraph:
            blocks.append(" ".join(paragraph))
            paragraph.clear()

    def flush_items() -> None:
        if items:
            blocks.append("\n".join(f"- {item}" for item in items))
            items.clear()

    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            flush_paragraph()
            flush_items()
        elif line.startswith("- "):
            flush_paragraph()
            items.append(line[2:])
            dashed = True
        elif raw.startswith(" ") and items and dashed:
            items[-1] += " " + line
        elif raw.startswith(" "):
            flush_paragraph()
            items.append(line)
            dashed = False
        else:
            flush_items()
            paragraph.append(line)
    flush_paragraph()
    flush_items()
    return "\n\n".join(blocks)


def ruling_text(ruling: str) -> str:
    """A ruling without its leading ``Ruling:`` (the page says it is one)."""
    return ruling.removeprefix("Ruling:").strip()


def original_map() -> str:
    """The original Coin Age map as Markdown: spaces by region, then the borders."""
    data = tomllib.loads((ROOT / "maps" / "original.toml").read_text(encoding="utf-8"))
    regions: dict[str, Any] = data["regions"]
    lines = [
        "## The original map",
        "",
        "The referee ships one map: the original card (the land of Agea), `maps/original.toml`, used when no",
        "`--map` is given. Its spaces, with the ids the notation uses, region by region:",
        "",
        "| id | space | region |",
        "|---|---|---|",
    ]
    for space_id, space in data["spaces"].items():
        region = regions[space["region"]]
        lines.append(f"| {space_id} | {space['name']} | {region['name']} ({region['color']}) |")
    edges = ", ".join(f"{a}-{b}" for a, b in data["edges"])
    lines += ["", f"Borders ({len(data['edges'])}, each works both ways): {edges}.", ""]
    lines += [
        "Other published map cards are not shipped: their layouts are not available, and the referee does not",
        "invent them. Write the card you own as a map file (see [formats](../formats.md#coin-age-map-files)).",
        "",
    ]
    return "\n".join(lines)


def matchstick_shapes() -> str:
    """The segments of every value and the cost of every change, computed by the referee's own segment module."""
    from referee.matchstick import segments

    lines = [
        "## The cards' shapes",
        "",
        "Segments: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle.",
        "",
        "| value | segments |",
        "|---|---|",
    ]
    lines += [f"| {value} | {' '.join(sorted(shape))} |" for value, shape in segments.SHAPES.items()]
    values = segments.ALL_VALUES
    lines += [
        "",
        "What each physical card costs to show each value, in matchsticks (`t` = turned over; `·` = never), as",
        "`referee matchstick shapes CARD` prints it. Computed from the shapes above, never typed in:",
        "",
        "| card | " + " | ".join(values) + " |",
        "|---|" + "---|" * len(values),
    ]
    for card in segments.ALL_CARDS:
        cells = []
        for value in values:
            way = segments.transformation(card, value)
            cells.append("·" if way is None else f"{way.cost}{'t' if way.turned_over else ''}")
        lines.append(f"| {card} | " + " | ".join(cells) + " |")
    lines.append("")
    return "\n".join(lines)


def page(game: GamePage) -> str:
    """The Markdown page of one game."""
    path = ROOT / "referee" / game.package / "rulebook.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sources: dict[str, str] = data.get("sources", {})
    topics: list[dict[str, Any]] = data.get("topic", [])
    lines = [
        f"# {game.title}: rules, sources and the referee's rulings",
        "",
        f"<!-- Generated by scripts/make_rules_docs.py from referee/{game.package}/rulebook.toml: edit that file and",
        "run the script again (a test fails when this page is stale). -->",
        "",
        f"{data['game']}.",
        "",
        f"This is what the referee enforces. `referee {game.command} rules TOPIC` prints each topic below at the",
        f"table, `referee {game.command} rules rulings` lists every ruling, and `check` quotes the rule topic (and the",
        "ruling, when one applies) of every verdict.",
        "",
        "Each fact carries, in square brackets, the tag of the source that states it. Where the sources are silent",
        "or disagree, the referee decides: each such decision is a **ruling**, listed under its topic.",
        "",
        "## Sources",
        "",
        "| tag | source |",
        "|---|---|",
    ]
    lines += [f"| [{tag}] | {text} |" for tag, text in sources.items()]
    lines += ["", "## Topics", ""]
    lines += [f"- [{topic.get('title', topic['name'])}](#{anchor(topic)}) (`{topic['name']}`)" for topic in topics]
    lines.append("")
    for topic in topics:
        lines += [f"### {topic.get('title', topic['name'])}", "", f"Topic `{topic['name']}`."]
        if topic.get("sources"):
            lines[-1] += " Sources: " + ", ".join(f"[{tag}]" for tag in topic["sources"]) + "."
        lines += ["", markdown(topic.get("text", "")), ""]
        rulings = topic.get("rulings", [])
        if rulings:
            lines += ["Rulings:", ""]
            lines += [f"- **Ruling**: {ruling_text(ruling)}" for ruling in rulings]
            lines.append("")
    if game.command == "coin-age":
        lines.append(original_map())
    if game.command == "matchstick":
        lines.append(matchstick_shapes())
    return "\n".join(lines).rstrip("\n") + "\n"


def anchor(topic: dict[str, Any]) -> str:
    """The anchor GitHub gives the heading of a topic."""
    title = str(topic.get("title", topic["name"])).lower()
    title = re.sub(r"[^\w\- ]", "", title)
    return title.replace(" ", "-")


def unexplained_tags(game: GamePage) -> set[str]:
    """Source tags a rulebook cites without saying in ``[sources]`` what they stand for."""
    data = tomllib.loads((ROOT / "referee" / game.package / "rulebook.toml").read_text(encoding="utf-8"))
    cited: set[str] = set()
    for topic in data.get("topic", []):
        cited |= source_tags(topic.get("text", ""))
        cited |= source_tags(" ".join(topic.get("rulings", [])))
        cited |= set(topic.get("sources", []))
    return cited - set(data.get("sources", {}))


def stale_pages() -> list[Path]:
    """The pages that differ from what the rulebooks give."""
    return [
        DOCS / f"{game.command}.md"
        for game in PAGES
        if not (DOCS / f"{game.command}.md").exists()
        or (DOCS / f"{game.command}.md").read_text(encoding="utf-8") != page(game)
    ]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        stale = stale_pages()
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run python scripts/make_rules_docs.py)")
        return 1 if stale else 0
    DOCS.mkdir(parents=True, exist_ok=True)
    for game in PAGES:
        (DOCS / f"{game.command}.md").write_text(page(game), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
