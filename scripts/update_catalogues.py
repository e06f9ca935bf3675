"""Refresh the message catalogues after messages change (see docs/translating.md).

    python scripts/update_catalogues.py           # extract, update the .po files, compile, report
    python scripts/update_catalogues.py --check   # exit 1 when the .pot is stale or a message is untranslated

1. extract every message of the package into ``referee/locale/referee.pot`` with Babel (``babel.cfg``: the gettext
   calls ``_``, ``N_``, ``ngettext`` and the help texts of the Typer commands);
2. update ``referee/locale/<lang>/LC_MESSAGES/referee.po`` for each language (new messages come in untranslated,
   removed ones go);
3. compile each ``.po`` to its ``.mo`` (as the build hook does at install), so the checkout speaks it at once;
4. list the messages still untranslated in each language.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from referee.i18n import CATALOGUE_DIRS  # noqa: E402

LOCALE = ROOT / "referee" / "locale"
TEMPLATE = LOCALE / "referee.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def extract() -> Catalog:
    """Every message of the package, as ``pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2`` finds them."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalog = Catalog(project="referee", domain="referee", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def po_text(catalog: Catalog, *, template: bool = False) -> bytes:
    """A catalogue as a ``.po`` file: messages sorted, file names without line numbers (fewer merge conflicts)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, sort_output=True, include_lineno=False, ignore_obsolete=True, width=120)
    return buffer.getvalue()


def message_ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id if isinstance(message.id, str) else tuple(message.id) for message in catalog if message.id}


def untranslated(catalog: Catalog) -> list[str]:
    """The messages of a catalogue with no translation (or only a fuzzy one)."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def compile_catalogues() -> None:
    """Each ``.po`` to the ``.mo`` beside it, as ``hatch_build.py`` does when the package is installed."""
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        catalog = read(po_path, po_path.parent.parent.name)
        with po_path.with_suffix(".mo").open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when something is out of date")
    args = parser.parse_args(argv)
    template = extract()
    status = 0
    if args.check:
        if not TEMPLATE.exists() or message_ids(read(TEMPLATE)) != message_ids(template):
            print(f"{TEMPLATE.relative_to(ROOT)} is stale: run python scripts/update_catalogues.py")
            status = 1
    else:
        LOCALE.mkdir(parents=True, exist_ok=True)
        TEMPLATE.write_bytes(po_text(template))
    for folder in CATALOGUE_DIRS.values():
        po_path = LOCALE / folder / "LC_MESSAGES" / "referee.po"
        if po_path.exists():
            catalog = read(po_path, folder)
        else:
            catalog = Catalog(locale=folder, project="referee", domain="referee", charset="utf-8")
        if not args.check:
            catalog.update(template, no_fuzzy_matching=True)
            po_path.parent.mkdir(parents=True, exist_ok=True)
            po_path.write_bytes(po_text(catalog))
        missing = untranslated(catalog) if not args.check else untranslated(_updated(catalog, template))
        print(f"{folder}: {len(catalog)} messages, {len(missing)} untranslated")
        for message in missing:
            print(f"  {message!r}")
        status = status or (1 if missing and args.check else 0)
    if not args.check:
        compile_catalogues()
    return status


def _updated(catalog: Catalog, template: Catalog) -> Catalog:
    copy = read_po(io.BytesIO(po_text(catalog)), locale=catalog.locale)
    copy.update(template, no_fuzzy_matching=True)
    return copy


if __name__ == "__main__":
    sys.exit(main())
