"""Times read from files and options (``started``/``finished`` of records, ``--since``, imported plays), bounded
before use: a year from :data:`EARLIEST_YEAR` to :data:`LATEST_YEAR`, so that moving a time between time zones
(local, UTC) can never leave the range Python's dates can hold (year 1 at a negative offset, 9999 at a positive
one)."""

from __future__ import annotations

from datetime import UTC, datetime

EARLIEST_YEAR = 1900
LATEST_YEAR = 9998


def read_moment(text: str) -> datetime | None:
    """An ISO 8601 date or date and time within the years allowed, in UTC as well as where it was written (the
    history keeps UTC: ``1900-01-01T00:00:00+23:59`` is 1899 there); None when unreadable or out of range. A time
    without an offset is local time."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except (ValueError, TypeError):
        return None
    if not EARLIEST_YEAR <= moment.year <= LATEST_YEAR:
        return None
    try:
        moment = moment if moment.tzinfo is not None else moment.astimezone()
        in_utc = moment.astimezone(UTC)
    except (OverflowError, ValueError, OSError):
        return None
    return moment if EARLIEST_YEAR <= in_utc.year <= LATEST_YEAR else None  # the range holds in UTC, as stored


def in_range(text: str) -> bool:
    """Whether ``text`` is a readable time of an allowed year."""
    return read_moment(text) is not None


def utc_key(text: str | None) -> str | None:
    """A time as UTC ``YYYY-MM-DDTHH:MM:SS`` (sortable); None when it cannot be read or is out of range."""
    if not text:
        return None
    moment = read_moment(text)
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")
