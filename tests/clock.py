"""Time in tests without racing the clock: a clock for tests of deadlines (time that moves only when it is read, so
a test of a deadline gives the same answer on an idle and on a loaded machine; timing itself is measured in
``benchmarks/``), and a wait for an event instead of a fixed while."""

from __future__ import annotations

from collections.abc import Callable


class SteppedClock:
    """Moves on ``step`` seconds each time it is read, and counts its readings."""

    def __init__(self, step: float, start: float = 0.0) -> None:
        self.step, self.now, self.reads = step, start, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def wait_until(condition: Callable[[], bool], what: str, *, alive: Callable[[], bool] = lambda: True) -> None:
    """Wait for an event: ``condition()`` true, looked at every 10 ms (how often to look, not how long to wait).
    Fails when ``alive()`` turns false first (the process that was to make it happen has ended), or after ten
    minutes: a safety net for a hung program, not a promise of speed."""
    import time

    give_up = time.monotonic() + 600
    while not condition():
        assert alive(), f"ended before {what}"
        assert time.monotonic() < give_up, f"never {what}"
        time.sleep(0.01)
