"""What the odds and hint commands of every game share: durations, search budgets, number formats.

Each game's own odds and hint commands are in its room (``referee.cli.games.<game>.advice``).
"""

from __future__ import annotations

import re
import time
from fractions import Fraction

from referee.errors import InputError
from referee.i18n import _

START_UP_ALLOWANCE = 0.25
"""Seconds of a hint's --time kept back for starting Python, reading the record and printing."""

_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|sec|secs|seconds?)?\s*$", re.IGNORECASE)


def parse_duration(text: str) -> float:
    """``2s``, ``2``, ``0.5s``, ``500ms`` → seconds. Raises InputError."""
    found = _DURATION.match(text)
    if found is None:
        raise InputError(_("--time: '{text}' is not a duration; write e.g. 2s, 0.5s or 500ms").format(text=text))
    seconds = float(found.group(1))
    if (found.group(2) or "").lower() == "ms":
        seconds /= 1000
    if seconds <= 0:
        raise InputError(_("--time must be more than 0"))
    return seconds


def search_budget(total: float, started: float) -> float:
    """The seconds left for searching so that the whole command finishes within ``total`` (from ``started``)."""
    spent = time.perf_counter() - started
    return max(0.0, total * 0.85 - START_UP_ALLOWANCE - spent)


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def signed(value: float) -> str:
    return f"{value:+.2f}"
