"""What Coin Age's rules page (``docs/rules/coin-age.md``, written by ``scripts/make_rules_docs.py``) holds beyond
its rulebook: the shipped original map, read from its map file (the room's :data:`SPEC` names this module)."""

from __future__ import annotations

import os
import tomllib
from typing import Any

from referee.cli.games.coin_age.maps import builtin_maps_dir


def rules_appendix() -> str:
    """The original Coin Age map as Markdown: spaces by region, then the borders."""
    with open(os.path.join(builtin_maps_dir(), "original.toml"), "rb") as file:
        data = tomllib.load(file)
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
