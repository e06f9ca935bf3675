"""A clock for tests of deadlines: time that moves only when it is read (no wall time, so a test of a deadline
gives the same answer on an idle and on a loaded machine; timing itself is measured in ``benchmarks/``)."""

from __future__ import annotations


class SteppedClock:
    """Moves on ``step`` seconds each time it is read, and counts its readings."""

    def __init__(self, step: float, start: float = 0.0) -> None:
        self.step, self.now, self.reads = step, start, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now
