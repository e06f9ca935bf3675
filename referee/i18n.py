"""The one message layer: every text a player reads goes through :func:`_` (and :func:`ngettext` for plurals).

The language is English, Simplified Chinese, Traditional Chinese or Korean (:data:`LANGUAGES`). It comes from
``--lang`` (taken out of the command line by :func:`take_lang_option`, see :func:`referee.cli.main.run`), else from
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` as gettext reads them; an unknown language is English.

Catalogues are ``referee/locale/<dir>/LC_MESSAGES/referee.mo``, compiled from the ``.po`` sources when the package
is built or installed (``hatch_build.py``). In English no catalogue is read; in another language the catalogue is
read by :func:`read_catalogue` without importing :mod:`gettext` (every one-shot command imports this module:
start-up time).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence

LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
DOMAIN = "referee"

ENGLISH = "en"
LANGUAGES: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant", "ko")
"""The languages of the referee, as ``--lang`` writes them."""

CATALOGUE_DIRS: dict[str, str] = {"zh-Hans": "zh_Hans", "zh-Hant": "zh_Hant", "ko": "ko"}
"""Each translated language's folder under :data:`LOCALE_DIR`."""

ENVIRONMENT_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""After ``LANGUAGE`` (a colon-separated list of preferences), the first of these that is set decides."""

_TRADITIONAL_REGIONS = {"tw", "hk", "mo", "hant"}


def normalize(value: str) -> str | None:
    """The language of a tag or locale name (``zh_TW.UTF-8``, ``zh-Hant``, ``ko``, ``C``…), None if unknown."""
    tag = value.strip().split(".", 1)[0].split("@", 1)[0].replace("_", "-").lower()
    if not tag:
        return None
    parts = tag.split("-")
    if parts[0] in ("en", "c", "posix"):
        return ENGLISH
    if parts[0] == "ko":
        return "ko"
    if parts[0] == "zh":
        if "hans" in parts[1:]:
            return "zh-Hans"
        return "zh-Hant" if _TRADITIONAL_REGIONS.intersection(parts[1:]) else "zh-Hans"
    return None


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, as gettext reads it; English when it names none of ours."""
    for entry in environ.get("LANGUAGE", "").split(":"):
        language = normalize(entry)
        if language is not None:
            return language
    for name in ENVIRONMENT_VARIABLES:
        value = environ.get(name)
        if value:
            return normalize(value) or ENGLISH
    return ENGLISH


class LangOptionError(ValueError):
    """``--lang`` given without a value."""


def take_lang_option(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """``argv`` without its ``--lang X`` / ``--lang=X`` (anywhere before ``--``), and the last value given."""
    rest: list[str] = []
    value: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word == "--lang":
            value = next(words, None)
            if value is None or not value or value.startswith("-"):
                raise LangOptionError("--lang")
        elif word.startswith("--lang="):
            value = word.split("=", 1)[1]
            if not value:
                raise LangOptionError("--lang")
        else:
            rest.append(word)
    return rest, value


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


_language: str = ENGLISH
_gettext: Callable[[str], str] = str
_ngettext: Callable[[str, str, int], str] = _english_plural


def catalogue_path(language: str) -> str | None:
    """The compiled catalogue of a translated language (None for English)."""
    folder = CATALOGUE_DIRS.get(language)
    if folder is None:
        return None
    return os.path.join(LOCALE_DIR, folder, "LC_MESSAGES", DOMAIN + ".mo")


def read_catalogue(path: str) -> tuple[dict[str, tuple[str, ...]], Callable[[int], int]]:
    """A compiled ``.mo`` catalogue: each message's forms by its singular, and the plural rule.

    Read here rather than with :mod:`gettext`, whose import (with :mod:`locale`) and parsing of the header's plural
    formula cost more start-up than the whole catalogue; the files are the UTF-8 ones ``hatch_build.py`` writes."""
    import struct

    with open(path, "rb") as catalogue:
        data = catalogue.read()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack_from(order + "3I", data, 8)
    keys = struct.unpack_from(f"{order}{2 * count}I", data, originals)
    values = struct.unpack_from(f"{order}{2 * count}I", data, translations)
    messages: dict[str, tuple[str, ...]] = {}
    for i in range(0, 2 * count, 2):
        key = data[keys[i + 1] : keys[i + 1] + keys[i]].decode()
        value = data[values[i + 1] : values[i + 1] + values[i]].decode()
        messages[key.split("\0", 1)[0]] = tuple(value.split("\0"))
    return messages, _plural_rule(messages.get("", ("",))[0])


def _plural_rule(header: str) -> Callable[[int], int]:
    """The plural rule of a catalogue's header (Chinese and Korean have one form; others go through gettext)."""
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:"):
            formula = line.split(":", 1)[1].strip()
            if formula.replace(" ", "").startswith("nplurals=1;"):
                return lambda n: 0
            import gettext

            return gettext.c2py(formula.split("plural=", 1)[1].rstrip(";"))
    return lambda n: 0 if n == 1 else 1


def use(language: str) -> None:
    """Speak ``language`` (one of :data:`LANGUAGES`; anything else, or a missing catalogue, is English)."""
    global _language, _gettext, _ngettext
    path = catalogue_path(language)
    if path is None or not os.path.isfile(path):
        _language, _gettext, _ngettext = ENGLISH, str, _english_plural
        return
    try:
        messages, plural = read_catalogue(path)
        plural(2)
    except Exception as error:  # a damaged, empty or unreadable file: English, and one line saying so
        _language, _gettext, _ngettext = ENGLISH, str, _english_plural
        _warn(f"referee: warning: the {language} messages cannot be read ({path}: {type(error).__name__}); English")
        return
    checked: dict[str, bool] = {}

    def fits(message: str, translation: str) -> bool:
        """A translation is used only if it has its message's placeholders (a damaged one is not)."""
        known = checked.get(message)
        if known is None:
            known = checked[message] = _placeholders(message) == _placeholders(translation)
        return known

    def translate(message: str) -> str:
        forms = messages.get(message)
        return forms[0] if forms and forms[0] and fits(message, forms[0]) else message

    def translate_plural(singular: str, plural_form: str, n: int) -> str:
        forms = messages.get(singular)
        if not forms:
            return _english_plural(singular, plural_form, n)
        try:
            form = forms[min(plural(n), len(forms) - 1)]
        except Exception:
            return _english_plural(singular, plural_form, n)
        return form if form and fits(singular, forms[0]) and fits(plural_form, form) else singular

    _language, _gettext, _ngettext = language, translate, translate_plural


def _placeholders(text: str) -> list[str]:
    """The ``{name}`` fields of a message, sorted (``{{`` is a brace, not a field)."""
    fields = []
    for part in text.replace("{{", "").replace("}}", "").split("{")[1:]:
        fields.append(part.split("}", 1)[0].split("!", 1)[0].split(":", 1)[0])
    return sorted(fields)


def _warn(line: str) -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(line + "\n")


def current() -> str:
    """The language messages are in now."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` in the current language."""
    return _ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for extraction without translating it now (it is translated where it is shown)."""
    return message


use(from_environment())

__all__ = ["LANGUAGES", "N_", "_", "current", "from_environment", "ngettext", "normalize", "use"]
