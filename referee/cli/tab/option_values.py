"""What TAB offers for an option's value: ``--lang``, ``--game``, ``history export --format``, ``--player`` and
``--vs`` (the names in the history). Typer and the fast path (:mod:`referee.cli.tab.completion`) both call these; they
import little (TAB runs the program), and never write anything.
"""

from __future__ import annotations

from typing import Any

EXPORT_FORMATS = ("bgg", "bgstats", "bgstats-push", "csv", "json")
"""The formats of ``history export`` (see :mod:`referee.cli.history.exporting`)."""

MAX_NAMES = 200
"""The most player names offered at once (a club's history can hold thousands)."""


def complete_language(incomplete: str) -> list[str]:
    from referee.i18n import LANGUAGES

    return [language for language in LANGUAGES if language.lower().startswith(incomplete.lower())]


def complete_game(incomplete: str) -> list[str]:
    from referee import registry

    return [name for name in registry.names() if name.startswith(incomplete.lower())]


def complete_format(incomplete: str) -> list[str]:
    return [name for name in EXPORT_FORMATS if name.startswith(incomplete.lower())]


def complete_player(ctx: Any, args: list[str], incomplete: str) -> list[str]:
    """The names in the history (``--history FILE`` when typed before, else the usual one) that begin with what is
    typed (as the shell matches a completion); the history is opened read-only, and nothing is offered if it cannot
    be read."""
    import os
    import sqlite3
    from pathlib import Path

    explicit = None
    if ctx is not None:  # Typer: the options parsed so far
        explicit = ctx.params.get("history")
    for index, word in enumerate(args if ctx is None else []):  # the fast path: the words typed so far
        if word == "--history" and index + 1 < len(args):
            explicit = args[index + 1]
        elif word.startswith("--history="):
            explicit = word.partition("=")[2]
    if explicit:
        path = Path(explicit).expanduser()
    else:
        from referee.history.store import default_path

        path = default_path()
    if not os.path.isfile(path):
        return []
    try:
        db = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True, timeout=0.2)
        try:
            rows = db.execute("SELECT DISTINCT name FROM totals ORDER BY name LIMIT ?", (MAX_NAMES * 5,)).fetchall()
        finally:
            db.close()
    except sqlite3.Error:
        return []
    names = sorted({str(name) for (name,) in rows if str(name).startswith(incomplete)}, key=str.casefold)
    return names[:MAX_NAMES]
