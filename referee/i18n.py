"""The one message layer: every text a player reads goes through :func:`_` (gettext-ready).

Catalogues go in ``referee/locale/<lang>/LC_MESSAGES/referee.mo``; with none installed the messages are
English, and :mod:`gettext` is not even imported (every one-shot command imports this module: start-up time).
``ngettext`` handles plurals.
"""

from __future__ import annotations

import os
from collections.abc import Callable

_LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _messages() -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``gettext`` and ``ngettext`` of the installed catalogue for the user's language, else English."""
    if not os.path.isdir(_LOCALE_DIR):
        return str, _english_plural
    import gettext

    translation = gettext.translation("referee", localedir=_LOCALE_DIR, fallback=True)
    return translation.gettext, translation.ngettext


_, ngettext = _messages()

__all__ = ["_", "ngettext"]
