"""Where the history is (``--history``, ``$REFEREE_HISTORY``, the default folder) and opening it to read or to write."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.cli.output import Output
    from referee.history.store import History


def history_path(explicit: str | None = None) -> Path:
    from referee.history.store import default_path

    return Path(explicit).expanduser() if explicit else default_path()


def open_for_writing(explicit: str | None) -> History:
    from referee.history.store import open_history

    history = open_history(history_path(explicit), create=True)
    assert history is not None
    return history


def open_for_reading(explicit: str | None) -> History | None:
    from referee.history.store import open_history

    return open_history(history_path(explicit), create=False)


def say_left_out(out: Output, history: History) -> None:
    """One line on standard error when counts left damaged games or rows out (see :mod:`referee.history.rows`)."""
    from referee.i18n import ngettext

    count = len(history.left_out)
    if count:
        out.warn(
            ngettext(
                "{count} damaged entry of the history is left out of these figures ('history list' marks damaged"
                " games; 'history show ID' tells what is damaged)",
                "{count} damaged entries of the history are left out of these figures ('history list' marks damaged"
                " games; 'history show ID' tells what is damaged)",
                count,
            ).format(count=count)
        )


def say_damaged(out: Output, games: int, history: History | None = None) -> None:
    """One line on standard error when damaged games were shown or exported as far as they can be read, and one
    when the history's indexes were found damaged (the games were read without them)."""
    from referee.i18n import _, ngettext

    if history is not None and history.indexless:
        out.warn(
            _(
                "{file}: an index of the history is damaged; the games were read without it (slower)."
                " 'sqlite3 {file} REINDEX' rebuilds it"
            ).format(file=history.path)
        )
    if games:
        out.warn(
            ngettext(
                "{count} damaged game, given as far as it can be read ('history show ID' tells what is damaged)",
                "{count} damaged games, given as far as they can be read ('history show ID' tells what is damaged)",
                games,
            ).format(count=games)
        )
