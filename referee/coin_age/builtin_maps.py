"""The maps that ship with the referee (``maps/*.toml`` in the repository, ``referee/_maps`` in a wheel).

Plain ``os.path`` here: every ``check`` and ``score`` of a record reads its map through this module, and
:mod:`pathlib` would add several milliseconds to their start-up.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache

from referee.coin_age.maps import GameMap, load_map

DEFAULT_MAP = "original"


def builtin_maps_dir() -> str:
    """Where the shipped maps are: inside the installed package, or the checkout's ``maps/``."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    packaged = os.path.join(package, "_maps")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(package), "maps")


def builtin_map_names() -> list[str]:
    return sorted(name.removesuffix(".toml") for name in os.listdir(builtin_maps_dir()) if name.endswith(".toml"))


@cache
def builtin_map(name: str) -> GameMap | None:
    """A shipped map by file name (``original``), or None."""
    file_name = f"{name.lower()}.toml"
    path = os.path.join(builtin_maps_dir(), file_name)
    if not os.path.isfile(path):
        return None
    with open(path, "rb") as handle:
        return load_map(tomllib.load(handle), source=f"maps/{file_name}")
