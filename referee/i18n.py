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

    Read here rather than with :mod:`gettext`: ``import gettext`` (with :mod:`locale` and :mod:`re`) costs a one-shot
    command in another language more start-up than reading the whole catalogue (measured for issue 34: about
    20 ms of a 60 ms ``check``); the files are the UTF-8 ones ``hatch_build.py`` writes. Every translation is
    checked by :func:`check_catalogue` before the catalogue is used."""
    import struct

    with open(path, "rb") as catalogue:
        data = catalogue.read()
    magic = data[:4]
    if magic not in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde"):
        raise ValueError("not a gettext catalogue")
    order = "<" if magic == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack_from(order + "3I", data, 8)
    keys = struct.unpack_from(f"{order}{2 * count}I", data, originals)
    values = struct.unpack_from(f"{order}{2 * count}I", data, translations)
    messages: dict[str, tuple[str, ...]] = {}
    english: dict[str, tuple[str, ...]] = {}
    for i in range(0, 2 * count, 2):
        key = data[keys[i + 1] : keys[i + 1] + keys[i]].decode()
        value = data[values[i + 1] : values[i + 1] + values[i]].decode()
        originals_of = tuple(key.split("\0"))
        messages[originals_of[0]] = tuple(value.split("\0"))
        english[originals_of[0]] = originals_of
    problem = check_catalogue(messages, english)
    if problem is not None:
        raise CatalogueRefused(problem)
    return messages, _plural_rule(messages.get("", ("",))[0])


class CatalogueRefused(ValueError):
    """A translation that would fail when formatted: the whole catalogue is refused (English instead)."""


def _fields(text: str) -> list[tuple[str, str, str]] | None:
    """The ``{name!conversion:spec}`` fields of a message as ``str.format`` reads them; None if it cannot read it."""
    import _string  # type: ignore[import-not-found]  # string.Formatter.parse's own, without string's import of re

    try:
        return [
            (name, conversion or "", spec or "")
            for _literal, name, spec, conversion in _string.formatter_parser(text)
            if name is not None
        ]
    except ValueError:
        return None


_NUMBER_TYPES = {"d": 1, "n": 1, "x": 1, "X": 1, "o": 1, "b": 1, "c": 65}


def _sample(spec: str) -> object:
    """A value a message's field of this spec is given: a number for a numeric type, else text."""
    kind = spec[-1:] if spec else ""
    if kind in _NUMBER_TYPES:
        return _NUMBER_TYPES[kind]
    if kind and kind in "eEfFgG%":
        return 1.5
    return "x"


def check_catalogue(messages: Mapping[str, tuple[str, ...]], english: Mapping[str, tuple[str, ...]]) -> str | None:
    """Formats every translation once with sample values, as the code will: None when all of them can be, else the
    first message that cannot. A translation may use only the fields of its message (name, conversion and spec
    as the message writes them: ``{games:d}`` for ``{games}`` would fail with the text it is given), and no
    width or precision longer than three digits."""
    for key, forms in messages.items():
        if not key:
            continue
        originals = english.get(key, (key,))
        allowed: set[tuple[str, str, str]] = set()
        for original in originals:
            fields = _fields(original)
            if fields is None:
                return key
            allowed.update(fields)
        samples: dict[str, object] = {}
        for name, _conversion, spec in allowed:
            if not name.isidentifier():
                return key  # positional, indexed or attribute fields: no message of the referee has them
            if spec and max(map(len, _digit_runs(spec)), default=0) > 3:
                return key  # a width of thousands of characters (or more than memory holds)
            samples[name] = _sample(spec)
        for form in forms:
            if not form:
                continue
            if "{" not in form and "}" not in form:
                continue
            fields = _fields(form)
            if fields is None or not set(fields) <= allowed:
                return key
            try:
                form.format(**samples)
            except Exception:  # whatever formatting raises: the catalogue is not used
                return key
    return None


def _digit_runs(spec: str) -> list[str]:
    runs, current = [], ""
    for char in spec:
        if char.isdigit():
            current += char
        else:
            if current:
                runs.append(current)
            current = ""
    return runs + ([current] if current else [])


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
    except CatalogueRefused as error:  # a translation that would fail: English, and one line saying so
        _language, _gettext, _ngettext = ENGLISH, str, _english_plural
        message = str(error)[:60].replace("\n", " ")
        _warn(f"referee: warning: the {language} messages are damaged ({path}: {message!r}); English")
        return
    except Exception as error:  # a damaged, empty or unreadable file: English, and one line saying so
        _language, _gettext, _ngettext = ENGLISH, str, _english_plural
        _warn(f"referee: warning: the {language} messages cannot be read ({path}: {type(error).__name__}); English")
        return

    def translate(message: str) -> str:
        forms = messages.get(message)
        return forms[0] if forms and forms[0] else message

    def translate_plural(singular: str, plural_form: str, n: int) -> str:
        forms = messages.get(singular)
        if not forms:
            return _english_plural(singular, plural_form, n)
        try:
            form = forms[min(plural(n), len(forms) - 1)]
        except Exception:
            return _english_plural(singular, plural_form, n)
        return form or _english_plural(singular, plural_form, n)

    _language, _gettext, _ngettext = language, translate, translate_plural


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
