"""``history list`` and ``stats`` answered without Typer (start-up time: a one-shot command must stay within a few
times ``python -c pass``); anything unusual is left to Typer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.cli.env import Environment
from referee.cli.history.listing import list_command
from referee.cli.history.stats_text import stats_command

if TYPE_CHECKING:
    pass


_FAST_OPTIONS = {
    ("history", "list"): {"--game", "--player", "--since", "--limit", "--history"},
    ("stats",): {"--game", "--player", "--vs", "--since", "--history"},
}


_FAST_FLAGS = {
    ("history", "list"): {"--json"},
    ("stats",): {"--json", "--highlights"},
}


def run_fast(argv: Sequence[str]) -> int | None:
    """Answer ``history list`` and ``stats`` without Typer (see :mod:`referee.cli.fast`): the exit status; None to
    leave the command line to Typer (anything unusual: ``--help``, an unknown option, a missing value)."""
    command = (
        ("history", "list") if list(argv[:2]) == ["history", "list"] else ("stats",) if argv[:1] == ["stats"] else None
    )
    if command is None:
        return None
    allowed = _FAST_OPTIONS[command]
    values: dict[str, str] = {}
    flags: set[str] = set()
    words = list(argv[len(command) :])
    index = 0
    while index < len(words):
        word = words[index]
        if word in _FAST_FLAGS[command] and word not in flags:
            flags.add(word)
            index += 1
            continue
        option, equals, value = word.partition("=")
        if option not in allowed or option in values:
            return None
        if not equals:
            if index + 1 >= len(words) or words[index + 1].startswith("--"):
                return None
            value = words[index + 1]
            index += 1
        values[option] = value
        index += 1
    env = Environment()
    if command == ("stats",):
        return stats_command(
            env,
            values.get("--game"),
            values.get("--player"),
            values.get("--vs"),
            values.get("--since"),
            "--json" in flags,
            values.get("--history"),
            "--highlights" in flags,
        )
    else:
        limit = values.get("--limit")
        if limit is not None and not limit.strip().isdigit():
            return None
        return list_command(
            env,
            values.get("--game"),
            values.get("--player"),
            values.get("--since"),
            None if limit is None else int(limit),
            "--json" in flags,
            values.get("--history"),
        )
