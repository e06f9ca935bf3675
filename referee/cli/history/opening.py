"""Where the history is (``--history``, ``$REFEREE_HISTORY``, the default folder) and opening it to read or to write."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
