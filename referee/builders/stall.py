"""A game that can no longer end (ruling, topic ``end``): the two positions in which it is ended and scored.

The rulebook [RB] ends the game only after a player ends a turn with 17 VP, and says nothing of a game in which
that can no longer happen; neither do Board Game Arena's help pages. It happens: a player who hoards open sites can
leave the building deck empty and the bank without a coin. The referee's ruling, applied when a turn ends and
nobody has yet reached 17 VP:

* **Nobody can reach 17 VP any more** (:func:`unreachable`): for every player, their VP plus the VP of every
  building or machine they could still finish is below 17. What a player could still finish is counted
  generously, so that no game that could still end is ever ended: their own open sites, the face-up buildings and
  the unseen deck, each one that the resources they could ever put to work would cover together, écus not counted:
  those of their idle workers, of every face-up and unseen worker, of the workers on each of their sites that
  these could finish (freed when it is), and of every machine they could build with all that. Workers stuck on a
  site that can never be finished never work again.
* **Nothing but a bought action can change anything** (:func:`frozen`): the bank holds no écu, both rows and both
  decks are empty (nothing to start or recruit), and no player can pay to send any idle worker to any of their
  open sites. Taking coins then brings nothing, and a bought action only gives 5 écus to the bank for the buyer to
  take fewer back.

The game then ends at once, scored as it stands (VP + 1 per 10 écus, the usual tie-breaks).
"""

from __future__ import annotations

from referee.builders import cards
from referee.builders.plans import PRODUCES, REQUIRES, VP, covers, pack
from referee.builders.sites import still_needed
from referee.builders.stall_speed import reaches_quickly
from referee.builders.state import END_VP, BuildersState, Seat

_CARD = cards.catalogue()

UNREACHABLE = "unreachable"
FROZEN = "frozen"


def stall(state: BuildersState) -> str | None:
    """Why the game can no longer end (:data:`UNREACHABLE` or :data:`FROZEN`), or None. Only while nobody has
    reached 17 VP at the end of a turn and the game is on."""
    if state.over or state.trigger is not None or state.tally:
        return None
    if unreachable(state):
        return UNREACHABLE
    if frozen(state):
        return FROZEN
    return None


def reachable_vp(state: BuildersState, seat: Seat) -> int:
    """The most VP ``seat`` could ever hold (see the module): its VP and the VP of every card it could finish.

    The resources it could ever put to work are counted generously, until nothing more can be added: those of its
    idle workers and of every face-up and unseen worker; then, for each of its open sites that these would cover
    (what the site still needs), those of the workers on it, freed when it is finished (and the machine's own, for
    a machine); and those of each face-up or unseen machine they would cover. A worker on a site that can never be
    finished never works again. (Amounts are packed four to an int, as :mod:`.plans` packs them.)"""
    made = 0
    for worker in (*seat.idle, *state.row_workers, *state.deck_workers):
        made += PRODUCES[worker]
    waiting = {site: pack(still_needed(site, on)) for site, on in seat.sites.items()}
    machines = [card for card in (*state.row_buildings, *state.deck_buildings) if _CARD[card].kind == "machine"]
    finished: list[str] = []
    added = True
    while added:
        added = False
        for site, need in waiting.items():
            if covers(made, need):
                del waiting[site]
                finished.append(site)
                for worker in seat.sites[site]:
                    made += PRODUCES[worker]
                if _CARD[site].kind == "machine":
                    made += PRODUCES[site]
                added = True
                break
        for machine in machines:
            if covers(made, REQUIRES[machine]):
                machines.remove(machine)
                made += PRODUCES[machine]
                added = True
                break
    total = seat.vp
    for card in finished:
        total += VP[card]
    for card in (*state.row_buildings, *state.deck_buildings):
        if covers(made, REQUIRES[card]):
            total += VP[card]
    return total


def unreachable(state: BuildersState) -> bool:
    """True when no player can ever reach 17 VP (see the module). (The quick look first, for speed: see
    :mod:`.stall_speed`.)"""
    for seat in state.seats:  # noqa: SIM110 (a plain loop: all() over a generator costs more, once a turn)
        if reaches_quickly(state, seat) or reachable_vp(state, seat) >= END_VP:
            return False
    return True


def frozen(state: BuildersState) -> bool:
    """True when nothing but buying an action can change the game (see the module)."""
    if state.bank or state.row_buildings or state.row_workers or state.deck_buildings or state.deck_workers:
        return False
    for seat in state.seats:
        if seat.sites and any(_CARD[worker].cost <= seat.coins for worker in seat.idle):
            return False
    return True
