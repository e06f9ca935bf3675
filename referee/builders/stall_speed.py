"""Speed for the ruling on a game that can no longer end (:mod:`.stall`), not a rule: a quick look that settles the
usual case.

The rules run the stall check each time a turn ends; for most of a game the unseen deck alone holds the workers to
cover every building, and counting everything (:func:`referee.builders.stall.reachable_vp`) took half the time of
``builders simulate`` (``python benchmarks/builders_stall_time.py``; ``python benchmarks/run.py --only simulate``).
"""

from __future__ import annotations

from referee.builders.plans import GUARDS, PRODUCES, REQUIRES, VP
from referee.builders.state import END_VP, BuildersState, Seat


def reaches_quickly(state: BuildersState, seat: Seat) -> bool:
    """True when ``seat`` plainly could still reach 17 VP: its VP and the face-up and unseen buildings that the
    idle, face-up and unseen workers alone would cover make 17 already (what
    :func:`referee.builders.stall.reachable_vp` counts only grows from there: sites finished and machines built add
    to what is made, and a building covered stays covered). False says nothing: the full count then decides."""
    # (plain loops, and covers() written out: this runs each time a turn ends, in self-play too)
    produces, requires, vp = PRODUCES, REQUIRES, VP
    made = 0
    for worker in seat.idle:
        made += produces[worker]
    for worker in state.row_workers:
        made += produces[worker]
    for worker in state.deck_workers:
        made += produces[worker]
    guarded, total = made | GUARDS, seat.vp
    for buildings in (state.row_buildings, state.deck_buildings):
        for card in buildings:
            if (guarded - requires[card]) & GUARDS == GUARDS:  # covers(made, what it requires)
                total += vp[card]
                if total >= END_VP:
                    return True
    return False
