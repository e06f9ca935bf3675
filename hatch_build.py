"""Hatchling build hook: compile the gettext catalogues (``.po`` → ``.mo``) whenever the package is built.

``pip install .`` (a wheel) and ``pip install -e .`` (an editable install, which reads the source tree) both run it:
each ``referee/locale/<lang>/LC_MESSAGES/referee.po`` is compiled with Babel beside itself, and the compiled files
are added to the wheel (they are ignored by git, so they must be named to hatchling). Compiled catalogues are never
committed; ``scripts/update_catalogues.py`` refreshes the ``.po`` sources after messages change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("referee") / "locale"


def compile_catalogues(root: Path) -> list[Path]:
    """Compile every ``.po`` under ``referee/locale`` to the ``.mo`` beside it; the ``.mo`` paths, relative."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = []
    for po_path in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as source:
            catalogue = read_po(source, locale=po_path.parent.parent.name)
        mo_path = po_path.with_suffix(".mo")
        with mo_path.open("wb") as target:
            write_mo(target, catalogue, use_fuzzy=False)
        compiled.append(mo_path.relative_to(root))
    return compiled


class CatalogueBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Compiles the catalogues before hatchling collects the files of the wheel (standard or editable)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        compiled = compile_catalogues(root)
        if version != "editable":  # an editable install reads the source tree, where the files now are
            for mo_path in compiled:
                build_data["force_include"][str(root / mo_path)] = mo_path.as_posix()
