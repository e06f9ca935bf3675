"""Coin Age map cards: spaces, colour-coded regions and adjacency, and their validation.

A map is data (a TOML table, see the contract): ``name``, ``edges`` (undirected pairs, each once),
``[regions]`` (id → name, colour) and ``[spaces]`` (id → name, region). An optional ``layout`` lists the rows
of the card, top first, for drawing; without it, rows are read off the space ids (``A1`` … ``C3``).

Validation follows the contract: an unknown space or region, a space in no region, an edge from a space to
itself, a repeated edge, a region with no space, or fewer than two spaces make the map unusable
(:class:`MapError`); a map that is not connected or does not have ten spaces is usable with a warning.

A map is also refused beyond the limits the referee is made for: at most :data:`MAX_SPACES` spaces and at most
:data:`MAX_NEIGHBOURS` neighbours per space (the published maps have ten spaces, none with more than six
neighbours). The rules' tables grow with spaces × neighbours (no table over sets of neighbours), so within these
limits a map's tables take well under a second and a few megabytes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.errors import InputError
from referee.i18n import _

STANDARD_SPACE_COUNT = 10
MAX_SPACES = 100
"""The most spaces a map may have (ten times a published map)."""
MAX_NEIGHBOURS = 60
"""The most neighbours (adjacent spaces) one space may have."""


class MapError(InputError):
    """A map that fails validation (exit 2). ``faults`` lists every fault found, one line each."""

    def __init__(self, message: str, faults: list[str] | None = None) -> None:
        super().__init__(message)
        self.faults = faults or [message]


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name: str
    color: str | None


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    region: str


@dataclass(frozen=True)
class GameMap:
    """A validated map. Spaces keep the file's order; ``index`` numbers them for the state's board list."""

    name: str
    spaces: tuple[Space, ...]
    regions: tuple[Region, ...]
    edges: tuple[tuple[str, str], ...]
    layout: tuple[tuple[str, ...], ...]
    warnings: tuple[str, ...] = ()
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    space_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The space ids in the file's order (``space_ids[i]`` names space ``i``)."""
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    region_members: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {space.id: i for i, space in enumerate(self.spaces)}
        adjacent: list[set[int]] = [set() for _space in self.spaces]
        for a, b in self.edges:
            adjacent[index[a]].add(index[b])
            adjacent[index[b]].add(index[a])
        members = tuple(
            tuple(i for i, space in enumerate(self.spaces) if space.region == region.id) for region in self.regions
        )
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "space_ids", tuple(space.id for space in self.spaces))
        object.__setattr__(self, "neighbours", tuple(tuple(sorted(n)) for n in adjacent))
        object.__setattr__(self, "region_members", members)

    def space(self, space_id: str) -> Space:
        return self.spaces[self.index[space_id]]

    def region(self, region_id: str) -> Region:
        return next(region for region in self.regions if region.id == region_id)

    def lookup(self, text: str) -> int | None:
        """The index of a space written in any case, or None."""
        found = self.index.get(text.upper())
        if found is None:
            found = next((i for sid, i in self.index.items() if sid.upper() == text.upper()), None)
        return found

    def to_toml(self) -> dict[str, Any]:
        """The map as a TOML table (what a record made with ``--map FILE`` holds)."""
        table: dict[str, Any] = {"name": self.name, "edges": [list(edge) for edge in self.edges]}
        table["layout"] = [list(row) for row in self.layout]
        table["regions"] = {r.id: {"name": r.name, **({"color": r.color} if r.color else {})} for r in self.regions}
        table["spaces"] = {s.id: {"name": s.name, "region": s.region} for s in self.spaces}
        return table


_ID_ROW = re.compile(r"^([A-Za-z]+)(\d+)$")


def _default_layout(space_ids: list[str]) -> tuple[tuple[str, ...], ...]:
    """Rows read off ids like ``A1``: letter = row, number = column; anything else goes on a row of its own."""
    rows: dict[str, list[tuple[int, str]]] = {}
    for sid in space_ids:
        match = _ID_ROW.match(sid)
        key, column = (match.group(1).upper(), int(match.group(2))) if match else ("~" + sid, 0)
        rows.setdefault(key, []).append((column, sid))
    return tuple(tuple(sid for _col, sid in sorted(rows[key])) for key in sorted(rows))


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MapError(_("{where} must be a non-empty string").format(where=where))
    if _unprintable(value):
        raise MapError(_("{where} holds control characters").format(where=where))
    return value


def _unprintable(text: str) -> bool:
    """Control characters (escape sequences included) and line or paragraph separators never reach a terminal: a
    map holding them is refused."""
    return any(unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp") for char in text)


def _one_line(text: str) -> str:
    """A fault that quotes an id from the file: control characters and line separators escaped (one line)."""
    return "".join(char if not _unprintable(char) else repr(char)[1:-1] for char in text)


def _over_the_limits(space_count: int, edges: list[tuple[str, str]]) -> str | None:
    """The one fault that says how the map goes beyond :data:`MAX_SPACES` or :data:`MAX_NEIGHBOURS`, or None."""
    if space_count > MAX_SPACES:
        return _("the map has {count} spaces; a map may have at most {limit}").format(
            count=space_count, limit=MAX_SPACES
        )
    degree: dict[str, int] = {}
    for a, b in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    crowded = sorted((sid for sid, count in degree.items() if count > MAX_NEIGHBOURS), key=lambda sid: -degree[sid])
    if not crowded:
        return None
    return _("space {space} has {count} neighbours; a space may have at most {limit}").format(
        space=crowded[0], count=degree[crowded[0]], limit=MAX_NEIGHBOURS
    )


def _bad_space_id(space_id: str) -> bool:
    """A space id is one word of the action notation: no blanks, no '#' (a comment), nothing unprintable."""
    return not space_id or _unprintable(space_id) or any(char.isspace() or char == "#" for char in space_id)


def load_map(table: Mapping[str, Any], *, source: str = "map") -> GameMap:
    """Validate a map table and build the :class:`GameMap`; raise :class:`MapError` naming the first fault."""

    def fault(message: str) -> MapError:
        return MapError(f"{source}: {message}")

    if not isinstance(table, Mapping):
        raise fault(_("a map must be a table"))
    try:
        name = _text(table.get("name"), "name")
    except MapError as error:
        raise fault(error.message) from None
    regions_table = table.get("regions")
    spaces_table = table.get("spaces")
    edges_list = table.get("edges")
    if not isinstance(regions_table, Mapping) or not regions_table:
        raise fault(_("the map has no [regions] table"))
    if not isinstance(spaces_table, Mapping):
        raise fault(_("the map has no [spaces] table"))
    if not isinstance(edges_list, list):
        raise fault(_("'edges' must be a list of pairs of space ids"))

    faults: list[str] = []
    regions: list[Region] = []
    for region_id, entry in regions_table.items():
        if not isinstance(entry, Mapping):
            faults.append(_("region {region} must be a table with a name").format(region=region_id))
            continue
        region_name = entry.get("name", region_id)
        color = entry.get("color")
        if not isinstance(region_name, str) or (color is not None and not isinstance(color, str)):
            faults.append(_("region {region}: name and color must be strings").format(region=region_id))
            continue
        if _unprintable(region_id) or _unprintable(region_name) or (color is not None and _unprintable(color)):
            faults.append(_("region {region!r}: control characters in its id, name or color").format(region=region_id))
            continue
        regions.append(Region(region_id, region_name, color))
    region_ids = {region.id for region in regions}

    spaces: list[Space] = []
    for space_id, entry in spaces_table.items():
        if not isinstance(entry, Mapping):
            faults.append(_("space {space} must be a table with a name and a region").format(space=space_id))
            continue
        region = entry.get("region")
        space_name = entry.get("name", space_id)
        if _bad_space_id(space_id):
            faults.append(
                _("space id {space!r} must be one word (no blanks, '#' or control characters)").format(space=space_id)
            )
        elif isinstance(space_name, str) and _unprintable(space_name):
            faults.append(_("space {space}: control characters in its name").format(space=space_id))
        elif region is None:
            faults.append(_("space {space} is in no region").format(space=space_id))
        elif not isinstance(region, str) or not isinstance(space_name, str):
            faults.append(_("space {space}: name and region must be strings").format(space=space_id))
        elif region not in region_ids:
            faults.append(_("space {space} is in unknown region '{region}'").format(space=space_id, region=region))
        else:
            spaces.append(Space(space_id, space_name, region))
    space_ids = {space.id for space in spaces}
    if len({sid.upper() for sid in space_ids}) != len(space_ids):
        faults.append(_("two space ids differ only in case (actions are case-insensitive)"))
    if len(spaces_table) < 2:
        faults.append(_("a map needs at least two spaces, this one has {count}").format(count=len(spaces_table)))
    for region in regions:
        if not any(space.region == region.id for space in spaces):
            faults.append(_("region {region} has no space").format(region=region.id))

    edges: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for number, edge in enumerate(edges_list, start=1):
        if not (isinstance(edge, list) and len(edge) == 2 and all(isinstance(end, str) for end in edge)):
            faults.append(_('edge {number} must be a pair of space ids, like ["A1", "A2"]').format(number=number))
            continue
        a, b = edge
        unknown = [end for end in (a, b) if end not in spaces_table]
        if unknown:
            faults.append(_("edge {a}-{b} names unknown space '{space}'").format(a=a, b=b, space="', '".join(unknown)))
        elif a == b:
            faults.append(_("edge {a}-{b} joins a space to itself").format(a=a, b=b))
        elif frozenset((a, b)) in seen:
            faults.append(_("edge {a}-{b} is listed twice (edges are undirected)").format(a=a, b=b))
        else:
            seen.add(frozenset((a, b)))
            if a in space_ids and b in space_ids:
                edges.append((a, b))
    over = _over_the_limits(len(spaces_table), edges)
    if over is not None:
        faults.append(over)
    if faults:
        faults = [_one_line(f) for f in faults]
        raise MapError(f"{source}: " + "; ".join(faults), faults=[f"{source}: {f}" for f in faults])

    layout_value = table.get("layout")
    if layout_value is None:
        layout = _default_layout([space.id for space in spaces])
    else:
        if not (
            isinstance(layout_value, list)
            and all(isinstance(row, list) and all(isinstance(sid, str) for sid in row) for row in layout_value)
        ):
            raise fault(_("'layout' must be a list of rows of space ids"))
        flat = [sid for row in layout_value for sid in row]
        if sorted(map(str, flat)) != sorted(space_ids):
            raise fault(_("'layout' must list every space exactly once"))
        layout = tuple(tuple(row) for row in layout_value)

    warnings: list[str] = []
    if len(spaces) != STANDARD_SPACE_COUNT:
        warnings.append(
            _("{source}: the map has {count} spaces; every published map has ten").format(
                source=source, count=len(spaces)
            )
        )
    unreached = _unreachable(space_ids, edges, spaces[0].id)
    if unreached:
        warnings.append(
            _("{source}: the map is not connected: {spaces} cannot be reached from {start}").format(
                source=source, spaces=", ".join(sorted(unreached)), start=spaces[0].id
            )
        )
    return GameMap(name, tuple(spaces), tuple(regions), tuple(edges), layout, tuple(warnings))


def _unreachable(space_ids: set[str], edges: list[tuple[str, str]], start: str) -> set[str]:
    adjacent: dict[str, set[str]] = {sid: set() for sid in space_ids}
    for a, b in edges:
        adjacent[a].add(b)
        adjacent[b].add(a)
    seen = {start}
    frontier = [start]
    while frontier:
        for nxt in adjacent[frontier.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return space_ids - seen
