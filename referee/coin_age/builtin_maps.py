"""The maps that ship with the referee (``maps/*.toml`` in the repository, ``referee/_maps`` in a wheel)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from referee.coin_age.maps import GameMap, load_map

DEFAULT_MAP = "original"


def builtin_maps_dir() -> Path:
    """Where the shipped maps are: inside the installed package, or the checkout's ``maps/``."""
    packaged = Path(__file__).resolve().parent.parent / "_maps"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "maps"


def builtin_map_names() -> list[str]:
    return sorted(path.stem for path in builtin_maps_dir().glob("*.toml"))


@cache
def builtin_map(name: str) -> GameMap | None:
    """A shipped map by file name (``original``), or None."""
    path = builtin_maps_dir() / f"{name.lower()}.toml"
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return load_map(tomllib.load(handle), source=f"maps/{path.name}")
