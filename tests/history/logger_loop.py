"""A process that logs hand-made games in a loop (``python -m tests.history.logger_loop HISTORY FIRST COUNT``):
the reliability tests kill it at random moments, or run two at once."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.history.store import open_history
from tests.history.helpers import entry


def game(number: int):
    names = [f"P{number % 7}", f"Q{number % 5}", f"R{number % 3}"][: 2 + number % 2]
    scores = [(number * 7 + seat * 3) % 11 for seat in range(len(names))]
    order = sorted(range(len(names)), key=lambda seat: (-scores[seat], seat))
    places = [order.index(seat) + 1 for seat in range(len(names))]
    return entry("builders", names, scores, places, [names[order[0]]], f"2025-01-01T{number // 3600 % 24:02d}:00:00")


def unique_game(number: int):
    """A game no other number gives (its own player and minute): the sums of the concurrency tests are exact."""
    from datetime import datetime, timedelta

    names = [f"P{number % 7}", f"T{number}"]
    scores = [number % 11, (number * 3 + 1) % 11]
    order = sorted(range(2), key=lambda seat: (-scores[seat], seat))
    places = [order.index(seat) + 1 for seat in range(2)]
    played = (datetime(2025, 1, 1) + timedelta(minutes=number)).isoformat()
    return entry("builders", names, scores, places, [names[order[0]]], played)


def main() -> None:
    where, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    path: Path | str = where if where.startswith("postgresql://") else Path(where)
    for number in range(first, first + count):
        with open_history(path) as history:  # type: ignore[union-attr]
            history.log(unique_game(number) if sys.argv[4:] == ["unique"] else game(number))
    print("done", flush=True)


if __name__ == "__main__":
    main()
