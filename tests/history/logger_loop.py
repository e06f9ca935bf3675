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


def main() -> None:
    where, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    path: Path | str = where if where.startswith("postgresql://") else Path(where)
    for number in range(first, first + count):
        with open_history(path) as history:  # type: ignore[union-attr]
            history.log(game(number))
    print("done", flush=True)


if __name__ == "__main__":
    main()
