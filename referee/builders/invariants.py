"""What must hold of every state of The Builders (money, cards, rows, turn order): checked after every self-play
game and in the property tests; a failure is a bug of the referee, never a player's mistake."""

from __future__ import annotations

from referee.builders import cards
from referee.builders.sites import still_needed
from referee.builders.state import END_VP, ROW_SIZE, TOTAL_ECUS, BuildersState

_CARD = cards.catalogue()
_CONSTRUCTIONS = frozenset(cards.construction_ids())
_WORKERS = frozenset(cards.worker_ids())


def _cards_in_place(state: BuildersState) -> bool:
    """True when every card is where it can be, exactly once: each building or machine in the building deck, the
    row, a site or among a player's finished cards; each worker in the worker deck, the row or a team, and each
    finished machine in its owner's team. A count, made at the end of every self-play game; when it fails,
    :func:`_misplaced_cards` says what is wrong."""
    constructions = [*state.deck_buildings, *state.row_buildings]
    working = [*state.deck_workers, *state.row_workers]
    machines: list[str] = []
    for seat in state.seats:
        constructions += seat.sites
        constructions += seat.built
        team = seat.team()
        working += team
        for card in seat.built:
            if _CARD[card].kind == "machine":
                if card not in team:
                    return False
                machines.append(card)
    return (
        len(constructions) == len(_CONSTRUCTIONS)
        and set(constructions) == _CONSTRUCTIONS
        and len(working) == len(_WORKERS) + len(machines)
        and set(working) == _WORKERS.union(machines)
    )


def _misplaced_cards(state: BuildersState) -> list[str]:
    """Each card that is not in exactly one place, and where it is (see :func:`_cards_in_place`)."""
    problems: list[str] = []
    # Each building card in exactly one place: deck, row, a site, or built.
    places: dict[str, list[str]] = {}
    for card in state.deck_buildings:
        places.setdefault(card, []).append("building deck")
    for card in state.row_buildings:
        places.setdefault(card, []).append("building row")
    for name, seat in zip(state.players, state.seats, strict=True):
        for card in seat.sites:
            places.setdefault(card, []).append(f"{name}'s sites")
        for card in seat.built:
            places.setdefault(card, []).append(f"{name}'s built")
    for card in cards.construction_ids():
        if len(places.get(card, [])) != 1:
            problems.append(f"{card} is in {places.get(card, [])}")
    # Each worker card in exactly one place: deck, row, idle or on a site; a built machine in its owner's team.
    teams: dict[str, list[str]] = {}
    for card in state.deck_workers:
        teams.setdefault(card, []).append("worker deck")
    for card in state.row_workers:
        teams.setdefault(card, []).append("worker row")
    for name, seat in zip(state.players, state.seats, strict=True):
        for card in seat.team():
            teams.setdefault(card, []).append(f"{name}'s team")
        for card in seat.built:
            if _CARD[card].kind == "machine" and teams.get(card) != [f"{name}'s team"]:
                problems.append(f"machine {card} built by {name} is not in {name}'s team")
    for card in cards.worker_ids():
        if len(teams.get(card, [])) != 1:
            problems.append(f"{card} is in {teams.get(card, [])}")
    built = {card for seat in state.seats for card in seat.built}
    for card, where in teams.items():
        machine = _CARD[card].kind == "machine"
        if _CARD[card].kind == "building" or (machine and (len(where) != 1 or card not in built)):
            problems.append(f"{card} works but is not a finished machine")
    return problems


def check_invariants(state: BuildersState) -> list[str]:
    """What is wrong with a state; empty when all holds (money, cards, rows, turn order)."""
    problems: list[str] = []
    n = len(state.players)
    purses = sum(seat.coins for seat in state.seats)
    if state.bank + purses != TOTAL_ECUS:
        problems.append(f"bank {state.bank} + purses {purses} != {TOTAL_ECUS}")
    if state.bank < 0 or any(seat.coins < 0 for seat in state.seats):
        problems.append("negative écus")
    for name, seat in zip(state.players, state.seats, strict=True):
        if seat.vp != sum(_CARD[c].vp for c in seat.built):
            problems.append(f"{name}'s VP {seat.vp} is not the sum of the built cards")
        for site, on in seat.sites.items():
            if not any(still_needed(site, on)):
                problems.append(f"{name}'s site {site} is covered but not finished")
    if not _cards_in_place(state):
        problems += _misplaced_cards(state)
    for kind, row, deck in (
        ("building", state.row_buildings, state.deck_buildings),
        ("worker", state.row_workers, state.deck_workers),
    ):
        if len(row) > ROW_SIZE:
            problems.append(f"the {kind} row holds {len(row)} cards")
        short = ROW_SIZE - len(row) - (1 if state.pending == kind else 0)
        if short > 0 and deck:
            problems.append(f"the {kind} row is short while its deck is not empty")
    if not 0 <= state.current < n:
        problems.append(f"seat {state.current} does not exist")
    if state.actions_left < 0:
        problems.append("negative actions left")
    if state.pending is not None and state.seeded:
        problems.append("a seeded game awaits a reveal")
    if state.over and state.stalled is None and (state.trigger is None or state.current != n - 1):
        problems.append("the game ended before the round was finished")
    if state.trigger is not None and state.seats[state.trigger].vp < END_VP:
        problems.append(f"the last round started without {END_VP} VP")
    return problems
