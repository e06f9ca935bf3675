"""The Builders' computer seats at the command line: their options checked, and read back from a record's
``[computer]`` table so that ``play --resume`` continues the same match."""

from __future__ import annotations

from typing import Any

from referee.errors import InputError
from referee.i18n import _


def check_computer(seats: list[int], count: int | None, level: int, seconds: float) -> None:
    """The computer's seats (0-based) among ``count`` players (None: not known yet), its level and its time."""
    from referee.builders.computer import LEVELS

    if level not in LEVELS:
        raise InputError(_("--level is 1 (a beginner) to 5, not {level}").format(level=level))
    if not 0 < seconds <= 600:
        raise InputError(_("--computer-time is more than 0 and at most 600 seconds"))
    if count is not None:
        if any(not 0 <= seat < count for seat in seats):
            raise InputError(_("--computer: the seats are 1 to {count}").format(count=count))
        if len(seats) >= count:
            raise InputError(_("--computer: at least one seat stays human"))


def computer_from_record(table: dict[str, Any], players: int) -> Any:
    """The computer a record's ``[computer]`` table describes (see ``BuildersComputer.record_table``)."""
    from referee.builders.computer import DEFAULT_LEVEL, BuildersComputer
    from referee.cli.records import computer_table

    seats, level, seconds, seed = computer_table(table, DEFAULT_LEVEL, 0.5)
    chosen = sorted({seat - 1 for seat in seats})
    check_computer(chosen, players, level, seconds)
    return BuildersComputer(chosen, level, seconds, seed)
