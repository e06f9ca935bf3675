"""Coin Age's map layer: where maps come from, and how a setup's map is loaded for the rules and written back.

A map is named in three ways: a built-in map (``maps/*.toml`` in the repository, ``referee/_maps`` in a wheel), a
player's own map in their maps folder (see :func:`user_maps_dir`), or a map file. This is the one place that
reads map files and the one place that says a map is unknown; the rules take the map loaded
(:class:`~referee.coin_age.maps.GameMap`) or as a table.

A record holds ``map = "original"`` for a built-in map and the whole map as a table otherwise (so it replays
anywhere): :func:`prepare_setup` turns that into the rules' setup, :func:`record_setup` back.

Plain :mod:`os.path` here: every ``check`` and ``score`` of a record loads its map through this module, and
:mod:`pathlib` would add several milliseconds to their start-up (it is imported only for players' maps).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from referee.errors import InputError
from referee.i18n import N_, _

if TYPE_CHECKING:
    from pathlib import Path

    from referee.cli.output import Output
    from referee.coin_age.maps import GameMap

DEFAULT_MAP = "original"
"""The map of a game when none is named (``--map`` left out, or a record without ``setup.map``)."""


# -- where maps are --------------------------------------------------------------------------------------------
def builtin_maps_dir() -> str:
    """Where the shipped maps are: inside the installed package, or the checkout's ``maps/``."""
    import referee

    package = os.path.dirname(os.path.realpath(referee.__file__))
    packaged = os.path.join(package, "_maps")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(package), "maps")


def builtin_map_names() -> list[str]:
    return sorted(name.removesuffix(".toml") for name in os.listdir(builtin_maps_dir()) if name.endswith(".toml"))


def builtin_map(name: str) -> GameMap | None:
    """A shipped map by file name (``original``, in any case), or None. Loaded once: the same object each time,
    which is how :func:`record_setup` knows a built-in map."""
    return _builtin_map(name.lower())


@cache
def _builtin_map(name: str) -> GameMap | None:
    import tomllib

    from referee.coin_age.maps import load_map

    file_name = f"{name}.toml"
    path = os.path.join(builtin_maps_dir(), file_name)
    if not name or os.sep in name or (os.altsep and os.altsep in name) or not os.path.isfile(path):
        return None
    with open(path, "rb") as handle:
        return load_map(tomllib.load(handle), source=f"maps/{file_name}")


def builtin_name(game_map: GameMap) -> str | None:
    """The name of a built-in map loaded by :func:`builtin_map`, or None for any other map."""
    for name in builtin_map_names():
        if builtin_map(name) is game_map:
            return name
    return None


def user_maps_dir() -> Path:
    """A player's own maps: ``$REFEREE_MAPS``, else ``$XDG_CONFIG_HOME/referee/maps`` (``~/.config/...``)."""
    from pathlib import Path

    if "REFEREE_MAPS" in os.environ:
        return Path(os.environ["REFEREE_MAPS"])
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "referee" / "maps"


def user_map_names() -> list[str]:
    folder = user_maps_dir()
    return sorted(path.stem for path in folder.glob("*.toml")) if folder.is_dir() else []


def map_names() -> list[str]:
    """Every map known by name: the built-in maps, then the player's own."""
    return [*builtin_map_names(), *user_map_names()]


def unknown_map(name: str) -> InputError:
    """The one message for a map name that is neither built in, nor the player's, nor a file."""
    return InputError(
        _("unknown map '{name}': the maps are {names}; or give a map file").format(
            name=" ".join(repr(name)[1:-1].split()), names=", ".join(map_names())
        )
    )


# -- loading ---------------------------------------------------------------------------------------------------
def load_map_file(path: str, out: Output) -> GameMap:
    """A map file (``-``: standard input), validated; its warnings go to ``out``."""
    from referee.cli.files import display_name, read_toml
    from referee.coin_age.maps import load_map

    game_map = load_map(read_toml(path, out.env.stdin), source=display_name(path))
    for warning in game_map.warnings:
        out.warn(warning)
    return game_map


def user_map_file(name: str) -> str | None:
    """The file of the player's own map of this name, or None."""
    candidate = str(user_maps_dir() / f"{name}.toml")
    return candidate if os.sep not in name and os.path.isfile(candidate) else None


def find_map(value: str, out: Output) -> tuple[GameMap, bool]:
    """``--map NAME|FILE|random`` (and ``maps show``): the map, and whether it is a built-in one (a file of the same
    name in the current folder wins over a built-in map; ``random`` is a built-in map drawn at random)."""
    if value.lower() == "random":
        import random

        value = random.choice(builtin_map_names())
    found = builtin_map(value)
    if found is not None and not os.path.isfile(value):
        return found, True
    user_file = None if os.path.exists(value) else user_map_file(value)
    if user_file is not None:
        return load_map_file(user_file, out), False
    if os.path.exists(value) or value.endswith(".toml") or value == "-":
        return load_map_file(value, out), False
    raise unknown_map(value)


def map_setup(value: str, out: Output) -> dict[str, Any]:
    """``--map NAME|FILE|random`` → the rules' setup (the map loaded)."""
    return {"map": find_map(value, out)[0]}


# -- setups: from a record to the rules, and back ----------------------------------------------------------------
def setup_map(value: object, source: str) -> GameMap:
    """The map of a record's setup: a built-in map's name (or a player's map by name), or a whole map table
    (validated; ``source`` names the record in messages). No map: :data:`DEFAULT_MAP`."""
    from referee.coin_age.maps import GameMap, load_map

    if value is None:
        value = DEFAULT_MAP
    if isinstance(value, GameMap):
        return value
    if isinstance(value, str):
        found = builtin_map(value)
        if found is not None:
            return found
        user_file = user_map_file(value) if value else None
        if user_file is not None:
            from referee.cli.files import display_name, read_toml

            return load_map(read_toml(user_file), source=display_name(user_file))
        raise unknown_map(value)
    if isinstance(value, Mapping):
        return load_map(value, source=f"{source}: setup.map")
    raise InputError(_("setup.map must be a map name or a map table"))


def prepare_setup(setup: dict[str, Any], source: str) -> dict[str, Any]:
    """A record's setup made ready for the rules: its map loaded (see :func:`setup_map`)."""
    return {**setup, "map": setup_map(setup.get("map"), source)}


def record_setup(setup: dict[str, Any]) -> dict[str, Any]:
    """The rules' setup as a record holds it: a built-in map by its name, any other map as a whole table."""
    from referee.coin_age.maps import GameMap

    game_map = setup.get("map")
    if not isinstance(game_map, GameMap):
        return dict(setup)
    name = builtin_name(game_map)
    return {**setup, "map": name if name is not None else game_map.to_toml()}


SHIPPED_WORDS: dict[str, str] = {
    "Original": N_("Original"),
    "peaks": N_("peaks"),
    "forests": N_("forests"),
    "plains": N_("plains"),
    "silver": N_("silver"),
}
"""The shipped map's name and its regions' short names, as the board shows them, in the player's language (the
card's own place names stay as printed: they are names)."""


def shown_name(name: str) -> str:
    """A map's name or a region's short name as the board shows it: translated when it is the shipped map's, with
    the English word after it when that differs (``原版 (Original)``: what ``--map`` takes); else as written."""
    if name not in SHIPPED_WORDS:
        return name
    translated = _(SHIPPED_WORDS[name])
    return name if translated == name else f"{translated} ({name})"


def region_word(region_id: str) -> str:
    """A region's short name on the board, translated for the shipped map (no English after it: the board is
    narrow, and the region's full name is in ``maps show``)."""
    return _(SHIPPED_WORDS[region_id]) if region_id in SHIPPED_WORDS else region_id
