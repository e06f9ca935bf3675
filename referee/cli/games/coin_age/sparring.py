"""The Coin Age computer seat at the command line: its options checked, and read back from a record's
``[computer]`` table so that ``play --resume`` continues the same match."""

from __future__ import annotations

from typing import Any

from referee.errors import InputError
from referee.i18n import _


def coin_age_computer(seat: int, seed: int | None, seconds: float, tosses: str, level: int) -> Any:
    """The computer of ``play --vs-computer`` (``seat`` 1 or 2), its options checked."""
    from referee.coin_age.computer import Computer

    if seat not in (1, 2) or not 0 < seconds <= 600:
        raise InputError(_("--computer-seat is 1 or 2, and --computer-time more than 0"))
    if tosses not in ("drawn", "typed"):
        raise InputError(_("--computer-tosses is 'drawn' or 'typed'"))
    if level not in (1, 2, 3, 4, 5):
        raise InputError(_("--level is 1 (a beginner) to 5, not {level}").format(level=level))
    return Computer(seat - 1, seed, time_limit=seconds, typed_tosses=tosses == "typed", level=level)


def computer_seat_of(computer: str | None, vs_computer: bool, computer_seat: int | None) -> int:
    """The computer's seat (from 1): ``--computer SEAT``, or ``--vs-computer`` with ``--computer-seat`` (2, tails,
    by default); both given, they must agree. Coin Age has two seats and one stays human."""
    if computer is not None:
        text = computer.strip()
        if text not in ("1", "2"):
            raise InputError(
                _("--computer takes one seat in Coin Age, 1 (heads) or 2 (tails), not '{text}'").format(text=computer)
            )
        seat = int(text)
        if computer_seat is not None and computer_seat != seat:
            raise InputError(
                _("--computer {seat} and --computer-seat {other} disagree").format(seat=seat, other=computer_seat)
            )
        return seat
    if not vs_computer:
        raise InputError(_("--computer-seat goes with --vs-computer (or say --computer SEAT)"))
    return 2 if computer_seat is None else computer_seat


def computer_from_record(table: dict[str, Any], players: int) -> Any:
    """The computer a record's ``[computer]`` table describes (see :meth:`Computer.record_table`)."""
    from referee.cli.records import computer_table

    seats, level, seconds, seed = computer_table(table, 5, 1.0)
    tosses = table.get("tosses", "drawn")
    if len(seats) != 1 or not isinstance(tosses, str):
        raise InputError(_("the record's [computer] table is not one this referee wrote (seats, level, time)"))
    return coin_age_computer(seats[0], seed, seconds, tosses, level)
