"""The catalogues: every message translated in every language, with the same placeholders, and none stale."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from referee.i18n import CATALOGUE_DIRS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "referee" / "locale"
TEMPLATE = LOCALE / "referee.pot"
PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")


def read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields (with their format and conversion) and ``%d``-style specifiers of a message, sorted."""
    found = [match.group(0) for match in PERCENT.finditer(text) if match.group(0) != "%%"]
    try:
        for _literal, field, spec, conversion in string.Formatter().parse(text):
            if field is not None:
                suffix = ("!" + conversion if conversion else "") + (":" + spec if spec else "")
                found.append("{" + field + suffix + "}")
    except ValueError as error:
        found.append(f"<malformed: {error}>")
    return sorted(found)


def key(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


TEMPLATE_IDS = [message.id for message in read(TEMPLATE) if message.id]


@pytest.mark.parametrize("folder", sorted(CATALOGUE_DIRS.values()))
def test_every_message_is_translated_with_the_same_placeholders(folder: str) -> None:
    catalog = read(LOCALE / folder / "LC_MESSAGES" / "referee.po")
    assert not catalog.fuzzy, f"{folder}: the header is marked fuzzy (its plural forms would be ignored)"
    untranslated, mismatched = [], []
    for message_id in TEMPLATE_IDS:
        message = catalog.get(key(message_id))
        strings: tuple[str, ...] = ()
        if message is not None:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message is None or message.fuzzy or not strings or not all(strings):
            untranslated.append(key(message_id))
            continue
        originals = message_id if isinstance(message_id, tuple) else (message_id,)
        for translation in strings:
            # a language with one plural form uses the plural message's placeholders (the count is in both)
            if placeholders(translation) != placeholders(originals[-1]):
                mismatched.append((originals[-1], translation))
    assert not untranslated, f"{folder}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert not mismatched, f"{folder}: placeholders differ: {mismatched[:5]}"


def test_the_template_is_not_stale() -> None:
    """Extracting the messages again finds exactly the template's (run scripts/update_catalogues.py if not)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from update_catalogues import extract, message_ids
    finally:
        sys.path.pop(0)
    fresh = message_ids(extract())
    committed = message_ids(read(TEMPLATE))
    assert fresh - committed == set(), f"new messages not in the template: {sorted(map(str, fresh - committed))[:5]}"
    gone = sorted(map(str, committed - fresh))
    assert not gone, f"template messages gone from the code: {gone[:5]}"


def test_placeholders_are_read_as_a_translator_would() -> None:
    assert placeholders("{name} holds {n:>3} cards, {share:.1%}") == ["{n:>3}", "{name}", "{share:.1%}"]
    assert placeholders("%d of %(total)s, 100%%") == ["%(total)s", "%d"]
    assert placeholders("{name!r}") == ["{name!r}"]
    assert placeholders("{name}") != placeholders("{nom}")


def test_every_message_is_extractable() -> None:
    """Babel reads ``_("…")`` calls, not f-strings: no literal message may sit inside an f-string or be built by one
    (``_(f"…")``), or it never reaches the catalogues (format the translation instead: ``_("… {name}").format``)."""
    import ast

    hidden = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext")
            ):
                continue
            if any(isinstance(argument, ast.JoinedStr) for argument in node.args):
                hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Call)
                        and isinstance(inner.func, ast.Name)
                        and inner.func.id in ("_", "ngettext")
                        and any(isinstance(argument, ast.Constant) for argument in inner.args)
                    ):
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}: {ast.unparse(inner)}")
    assert not hidden, "messages Babel cannot extract:\n" + "\n".join(hidden)
