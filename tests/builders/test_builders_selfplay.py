"""Self-play (``simulate``): only legal actions, exactly the sensible ones, uniformly; what it remembers is exact."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.builders import RULES, Send, Start, selfplay
from referee.builders.cards import card
from referee.builders.plans import MAX_SENSIBLE_SITES, Plans, get_ready, plan_of, plans_of
from referee.builders.selfplay import legal_list, sensible_action
from referee.builders.state import BuildersState

from .test_builders_properties import setups

apply, judge, random_action, self_play_action, stalled = (
    RULES.apply,
    RULES.judge,
    RULES.random_action,
    RULES.self_play_action,
    RULES.stalled,
)
SETTINGS = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def reference_sensible(state: BuildersState) -> list:
    """The sensible actions, worked out from scratch the plain way (the policy's definition, kept as an oracle)."""
    legal = legal_list(state)
    seat = state.seat
    idle_made = [sum(card(w).produces[i] for w in seat.idle) for i in range(4)]

    def covers(made, need):
        return all(have >= lack for have, lack in zip(made, need, strict=True))

    needs = {}
    for site, on in seat.sites.items():
        made = [sum(card(w).produces[i] for w in on) for i in range(4)]
        needs[site] = [max(0, need - have) for need, have in zip(card(site).requires, made, strict=True)]
    may_start = len(seat.sites) < min(len(seat.idle), MAX_SENSIBLE_SITES)
    kept, recruits, useful_send = [], [], False
    for action in legal:
        kind = type(action).__name__
        if kind == "Send":
            need = needs[action.site]
            helps = any(lack and made for lack, made in zip(need, card(action.worker).produces, strict=True))
            if covers(idle_made, need) and helps:
                useful_send = True
                kept.append(action)
        elif kind == "Start":
            if may_start and covers(idle_made, card(action.card).requires):
                kept.append(action)
        elif kind == "Recruit":
            recruits.append(action)
        else:
            kept.append(action)
    if not useful_send or len(seat.idle) + sum(len(on) for on in seat.sites.values()) < 3:
        kept += recruits
    return kept


class Drawn:
    """A stand-in for ``random.Random`` whose draw is chosen: ``getrandbits`` gives ``place`` first, then 0."""

    def __init__(self, place: int) -> None:
        self.place, self.asked = place, 0

    def getrandbits(self, bits: int) -> int:
        self.asked += 1
        return self.place if self.asked == 1 else 0


def every_sensible(state: BuildersState) -> list:
    """The action :func:`sensible_action` takes at each place it may draw (a place out of range is drawn again:
    the first such place is the number of sensible actions)."""
    listed = []
    for place in range(10_000):
        drawn = Drawn(place)
        action = sensible_action(state, drawn)
        if drawn.asked > 1:
            return listed
        listed.append(action)
    raise AssertionError("more than 10,000 sensible actions")


def test_below_draws_as_randrange_does():
    for count in (1, 2, 3, 7, 8, 9, 100):
        ours, theirs = random.Random(count), random.Random(count)
        assert [selfplay.below(ours, count) for _ in range(50)] == [theirs.randrange(count) for _ in range(50)]


def check_remembered(state: BuildersState) -> None:
    """Every remembered plan equals the plan worked out from scratch; remembered options equal fresh ones."""
    assert isinstance(state.watcher, Plans)
    for seat, plan in zip(state.seats, plans_of(state), strict=True):
        fresh = plan_of(seat)
        assert (plan.idle, plan.making, plan.sites, plan.team) == (fresh.idle, fresh.making, fresh.sites, fresh.team)
    plan = plans_of(state)[state.current]
    if plan.ready:
        fresh = plan_of(state.seat)
        get_ready(state, fresh)
        assert (plan.starts, plan.open) == (fresh.starts, fresh.open)


def walk(setup, steps: int, chooser):
    """A game played by ``chooser`` for at most ``steps`` actions: yields each state before an action."""
    players, table, seed = setup
    state = RULES.new_state(players, table)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over or stalled(state):
            return
        yield state, rng
        apply(state, chooser(state, rng))


@SETTINGS
@given(setups, st.integers(50, 400))
def test_every_self_play_action_is_legal_and_the_remembered_plans_stay_exact(setup, steps):
    for state, rng in walk(setup, steps, self_play_action):
        if state.watcher is not None:
            check_remembered(state)
        action = self_play_action(state, rng)
        assert judge(state, action).legal, action


@SETTINGS
@given(setups, st.integers(50, 300), st.booleans())
def test_each_place_is_a_different_sensible_action_and_each_sensible_action_has_one(setup, steps, uniform):
    """So a uniform place is a uniform sensible action. Also along uniform random play, which reaches odd
    positions (many sites, big idle teams, no écus)."""
    for state, _rng in walk(setup, steps, random_action if uniform else self_play_action):
        if state.pending is not None:
            continue
        listed = every_sensible(state)
        assert Counter(listed) == Counter(reference_sensible(state))
        assert all(judge(state, action).legal for action in listed)
        check_remembered(state)


@SETTINGS
@given(setups, st.integers(20, 300), st.integers(0, 2**32))
def test_random_action_draws_what_a_choice_from_the_legal_list_draws(setup, steps, draw):
    for state, _rng in walk(setup, steps, random_action):
        assert random_action(state, random.Random(draw)) == random.Random(draw).choice(legal_list(state))


def test_every_sensible_action_is_drawn_about_as_often(table, put):
    state = put(table(), 0, idle=["W35", "W07", "W12"], sites={"B12": []}, coins=10)
    listed = every_sensible(state)
    rng = random.Random(1)
    seen = Counter(sensible_action(state, rng) for _ in range(200 * len(listed)))
    assert set(seen) == set(listed)
    assert min(seen.values()) > 140 and max(seen.values()) < 260  # about 200 each


@SETTINGS
@given(setups, st.integers(100, 400))
def test_announcements_read_later_say_what_they_said_at_once(setup, steps):
    """An announcement's words are written when first read: by then the game has gone on, and they must not."""
    players, table, seed = setup
    state = RULES.new_state(players, table)
    rng = random.Random(seed)
    at_once, later = [], []
    for _ in range(steps):
        if state.over or stalled(state):
            break
        action = self_play_action(state, rng)
        twin = state.copy()
        at_once += [(event.kind, event.message, event.data) for event in apply(twin, action)]
        later += apply(state, action)
    assert [(event.kind, event.message, event.data) for event in later] == at_once


def test_plans_are_not_part_of_the_game():
    state = RULES.new_state(["Ann", "Bob"], {"seed": 7})
    fresh = state.copy()
    self_play_action(state, random.Random(1))
    assert state.watcher is not None and fresh.watcher is None
    assert state == fresh and state.copy().watcher is None


def test_self_play_games_end_and_keep_about_their_length_and_mix():
    """Sensible self-play finishes its games (none stall) in about 245 actions with two players."""
    lengths, mix = [], Counter()
    for seed in range(40):
        state = RULES.new_state(["Ann", "Bob"], {"seed": seed})
        rng = random.Random(seed)
        length = 0
        while not state.over:
            action = self_play_action(state, rng)
            mix[type(action)] += 1
            apply(state, action)
            length += 1
            assert not stalled(state)
        assert RULES.check_invariants(state) == []
        lengths.append(length)
    assert 200 < sum(lengths) / len(lengths) < 300
    total = sum(mix.values())
    assert 0.1 < mix[Send] / total < 0.3 and 0.03 < mix[Start] / total < 0.12


def test_packed_amounts_add_compare_and_subtract_as_four_numbers():
    """Self-play packs stone, wood, knowledge and tile in one int (:data:`.plans.Packed`): every operation on it
    gives what the four numbers would; what a site still needs, packed, is the rules' own answer packed."""
    from itertools import product

    from referee.builders.cards import Resources
    from referee.builders.plans import WIDTH, covers, pack, present, unpack

    amounts = [Resources(*four) for four in product((0, 1, 3, 5), repeat=4)]
    for made in amounts:
        assert unpack(pack(made)) == tuple(made)
        guards = [present(pack(made)) >> (WIDTH * i + WIDTH - 1) & 1 for i in range(4)]
        assert guards == [int(amount > 0) for amount in made]
        for need in amounts[::7]:
            assert covers(pack(made), pack(need)) == made.covers(need)
            still = tuple(max(0, n - m) for n, m in zip(need, made, strict=True))
            assert unpack(pack(Resources(*still))) == still
            assert unpack(pack(made) + pack(need)) == tuple(m + n for m, n in zip(made, need, strict=True))
    assert unpack(pack(Resources(43, 43, 43, 43))) == (43, 43, 43, 43)  # all the cards together, field by field


def test_a_site_plan_is_what_the_rules_say_the_site_still_needs():
    from referee.builders.plans import site_plan, unpack
    from referee.builders.sites import still_needed

    for site in ("B01", "B12", "B34", "M01", "M08"):
        for workers in ([], ["W07"], ["W07", "W19", "W35"], ["W01", "W02", "W03", "W04"]):
            need, _makers = site_plan(site, workers)
            assert unpack(need) == still_needed(site, workers)
