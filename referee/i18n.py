"""The one message layer: every text a player reads goes through :func:`_` (gettext-ready).

Catalogues go in ``referee/locale/<lang>/LC_MESSAGES/referee.mo``; with none installed the messages are
English. ``ngettext`` handles plurals.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

_LOCALE_DIR = Path(__file__).parent / "locale"
_translation = _gettext.translation("referee", localedir=_LOCALE_DIR, fallback=True)

_ = _translation.gettext
ngettext = _translation.ngettext

__all__ = ["_", "ngettext"]
