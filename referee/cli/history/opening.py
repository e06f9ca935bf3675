"""Where the history is (``--history``, ``$REFEREE_HISTORY``, the default folder) and opening it to read or to write."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.cli.output import Output
    from referee.history.store import History


def history_path(explicit: str | None = None) -> Path:
    """The history's file (for the rules that keep other files off it); a club's history on a server has none: a
    path no file has."""
    from referee.history.server import is_server_url

    where = history_location(explicit)
    if isinstance(where, str) or is_server_url(explicit):
        return Path("/nonexistent/referee-club-history")
    return where


def history_location(explicit: str | None = None) -> Path | str:
    """``--history`` (a file, or a club's ``postgresql://`` URL), else ``$REFEREE_HISTORY``, else the default file."""
    from referee.history.server import is_server_url
    from referee.history.store import default_location

    if explicit and is_server_url(explicit):
        return explicit
    return Path(explicit).expanduser() if explicit else default_location()


def open_for_writing(explicit: str | None) -> History:
    from referee.history.store import open_history

    history = open_history(history_location(explicit), create=True)
    assert history is not None
    return history


def open_for_reading(explicit: str | None) -> History | None:
    from referee.history.store import open_history

    return open_history(history_location(explicit), create=False)


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
