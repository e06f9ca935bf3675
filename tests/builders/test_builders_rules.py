"""Every rule of a turn and every ruling, one test each (named after the rule)."""

from __future__ import annotations

import pytest

from referee.builders import RULES, Buy, Done, Reveal, Send, Start, TakeCoins, topics
from referee.engine import Game
from referee.errors import IllegalAction, NotationError

apply, judge, stalled = RULES.apply, RULES.judge, RULES.stalled

SETUP = {
    "apprentices": ["W01", "W02"],
    "buildings": ["B01", "B05", "M01", "B12", "B22"],
    "workers": ["W07", "W19", "W35", "W12", "W24"],
}


def verdict(state, text):
    return judge(state, RULES.parse(text, state))


# -- a turn: 3 free actions, buy, take coins, done ------------------------------------------------------------
def test_turn_three_free_actions_then_refused_with_the_cost(table, act):
    state = table()
    act(state, "coins 1", "coins 1", "coins 1")
    v = verdict(state, "coins 1")
    assert not v.legal and v.rule == "coins" and "1 action" in v.reason and "0 left" in v.reason
    v = verdict(state, "start B01")
    assert not v.legal and v.rule == "start" and "costs 1 action" in v.reason


def test_buy_pays_5_ecus_to_the_bank_for_one_more_action_at_any_time(table, act):
    state = table()
    act(state, "buy")
    assert (state.seat.coins, state.bank, state.actions_left) == (5, 85, 4)
    act(state, "coins 6", "coins 1")
    assert state.actions_left == 0
    act(state, "buy")  # with no action left
    assert state.actions_left == 1 and state.seat.coins == 7 - 5 + 5


def test_buy_refused_without_5_ecus(table, put):
    state = put(table(), 0, coins=4)
    v = verdict(state, "buy")
    assert not v.legal and v.rule == "buy" and "5 écus" in v.reason


@pytest.mark.parametrize(("amount", "actions"), [(1, 1), (3, 2), (6, 3)])
def test_take_coins_1_3_6_for_1_2_3_actions(table, act, amount, actions):
    state = table()
    act(state, f"coins {amount}")
    assert state.seat.coins == 10 + amount
    assert state.bank == 80 - amount
    assert state.actions_left == 3 - actions


def test_take_coins_refused_when_it_costs_more_actions_than_left(table, act):
    state = table()
    act(state, "coins 1")
    v = verdict(state, "coins 6")
    assert not v.legal and "3 actions" in v.reason and "2 left" in v.reason


def test_ruling_take_coins_1_twice_gives_2_for_2_actions(table, act):
    state = table()
    assert verdict(state, "coins 1").ruling.startswith("Ruling:")
    act(state, "coins 1", "coins 1")
    assert state.seat.coins == 12 and state.actions_left == 1


def test_take_coins_notation_is_1_3_or_6(table):
    state = table()
    for text in ("coins 2", "coins", "coins x", "coins 4 5"):
        with pytest.raises(NotationError):
            RULES.parse(text, state)


def test_take_coins_reason_counts_ecus_in_the_singular_and_plural(table):
    state = table()
    assert verdict(state, "coins 1").reason == "1 écu for 1 action"
    assert verdict(state, "coins 3").reason == "3 écus for 2 actions"


def test_send_notation_names_the_word_that_is_no_card(table):
    state = table()
    with pytest.raises(NotationError, match="unknown card: 'W99'"):
        RULES.parse("send W99 B01", state)
    with pytest.raises(NotationError, match="unknown card: 'Z'"):
        RULES.parse("send W01 Z", state)
    with pytest.raises(NotationError, match="send WORKER SITE"):
        RULES.parse("send W01", state)


def test_ruling_done_ends_the_turn_early_and_free_actions_are_lost(table, act):
    state = table()
    act(state, "coins 1")
    v = verdict(state, "done")
    assert v.legal and v.rule == "actions" and "2 actions lost" in v.reason and v.ruling.startswith("Ruling:")
    act(state, "done")
    assert RULES.to_move(state) == 1 and state.actions_left == 3 and state.turn == 1
    act(state, "done")
    assert RULES.to_move(state) == 0 and state.turn == 2


# -- start and recruit ----------------------------------------------------------------------------------------
def test_start_takes_a_face_up_building_for_one_action(table, act):
    state = table()
    act(state, "start B12", "reveal B02")
    assert state.seat.sites == {"B12": []} and state.actions_left == 2
    assert "B12" not in state.row_buildings and len(state.row_buildings) == 5


def test_start_refused_when_the_card_is_not_face_up_or_is_a_worker(table):
    state = table()
    v = verdict(state, "start B34")
    assert not v.legal and v.rule == "start" and "not face up" in v.reason
    v = verdict(state, "start W07")
    assert not v.legal and "recruit" in v.reason


def test_start_by_shared_french_name_resolves_to_the_face_up_machine(table):
    state = table()
    assert RULES.parse("start Une grue", state) == Start("M01")
    assert RULES.parse("START la Tonnelle", state) == Start("B01")


def test_recruit_is_one_action_and_free(table, act):
    state = table()
    act(state, "recruit W35", "reveal W20")
    assert state.seat.idle == ["W01", "W35"] and state.seat.coins == 10 and state.actions_left == 2


def test_recruit_refused_for_a_card_not_face_up_or_not_a_worker(table):
    state = table()
    assert not verdict(state, "recruit W40").legal
    v = verdict(state, "recruit B01")
    assert not v.legal and v.rule == "recruit"


# -- reveal: the told table's refills -------------------------------------------------------------------------
def test_ruling_reveal_is_the_next_action_by_the_same_player(table, act):
    state = table()
    act(state, "start B01")
    assert state.pending == "building" and RULES.to_move(state) == 0
    for text in ("coins 1", "done", "buy", "recruit W07"):
        v = verdict(state, text)
        assert not v.legal and v.rule == "reveal"
    legal = list(RULES.legal_actions(state))
    assert legal and all(isinstance(a, Reveal) for a in legal) and len(legal) == len(state.deck_buildings)
    act(state, "reveal B20")
    assert state.pending is None and "B20" in state.row_buildings and state.actions_left == 2


def test_ruling_reveal_refused_for_a_card_already_seen(table, act):
    state = table()
    act(state, "start B01")
    v = verdict(state, "reveal B05")  # face up already
    assert not v.legal and v.rule == "reveal" and "already been seen" in v.reason
    assert not verdict(state, "reveal B01").legal  # on Ann's site


def test_ruling_reveal_refused_from_the_wrong_deck(table, act):
    state = table()
    act(state, "recruit W07")
    v = verdict(state, "reveal B20")
    assert not v.legal and v.rule == "reveal"


def test_ruling_reveal_not_asked_for_is_illegal_and_unknown_card_is_notation(table):
    game = Game(RULES, ["Ann", "Bob"], SETUP)
    with pytest.raises(IllegalAction) as error:
        game.push_text("reveal B20")
    assert error.value.rule == "reveal"
    with pytest.raises(NotationError):
        game.push_text("reveal B77")
    game.push_text("start B01")
    with pytest.raises(NotationError):
        game.push_text("reveal X1")
    with pytest.raises(IllegalAction):
        game.push_text("reveal B12")
    game.push_text("reveal B20")


def test_ruling_seeded_game_deals_refills_itself_and_refuses_reveal():
    state = RULES.new_state(["Ann", "Bob"], {"seed": 5})
    first = state.row_buildings[0]
    coming = state.deck_buildings[0]
    events = apply(state, Start(first))
    assert state.pending is None and state.row_buildings[-1] == coming
    assert [e.kind for e in events] == ["deal"] and events[0].data["card"] == coming
    v = judge(state, Reveal(state.deck_buildings[0]))
    assert not v.legal and v.rule == "reveal" and "seed" in v.reason


def test_ruling_an_empty_deck_no_longer_refills_the_row(table, put, act):
    state = table()
    put(state, 1, idle=[w for w in state.deck_workers if w != "W40"])  # all but one worker dealt
    act(state, "recruit W07", "reveal W40")
    events = act(state, "recruit W19")
    assert [e.kind for e in events] == ["deck_empty"]
    assert state.pending is None and len(state.row_workers) == 4


# -- send -----------------------------------------------------------------------------------------------------
def masters_on_the_cathedral(table, put):
    """Ann: an open cathedral (5/4/4/4) and four idle masters; 40 écus."""
    return put(table(), 0, sites={"B34": []}, idle=["W35", "W36", "W37", "W38"], coins=40)


def test_send_kth_worker_to_the_same_site_in_a_turn_costs_k_actions(table, put, act):
    state = masters_on_the_cathedral(table, put)
    act(state, "send W35 B34")
    assert state.actions_left == 2
    assert "2 actions" in verdict(state, "send W36 B34").reason
    act(state, "send W36 B34")
    assert state.actions_left == 0
    v = verdict(state, "send W37 B34")
    assert not v.legal and v.rule == "send" and "costs 3 actions" in v.reason
    act(state, "buy", "buy", "buy", "send W37 B34")  # n = 3 workers: 1 + 2 + 3 = 6 actions
    assert state.actions_left == 0


def test_send_cost_resets_each_turn(table, put, act):
    state = masters_on_the_cathedral(table, put)
    act(state, "send W35 B34", "send W36 B34", "done", "done")
    assert verdict(state, "send W37 B34").reason.startswith("W37 to B34: 1 action")
    act(state, "send W37 B34")
    assert state.actions_left == 2


def test_send_to_different_sites_costs_1_each(table, put, act):
    state = put(table(), 0, sites={"B34": [], "B33": [], "B32": []}, idle=["W35", "W36", "W37"], coins=40)
    act(state, "send W35 B34", "send W36 B33", "send W37 B32")
    assert state.actions_left == 0


def test_send_pays_the_workers_cost_to_the_bank(table, put, act):
    state = masters_on_the_cathedral(table, put)
    bank = state.bank
    act(state, "send W35 B34")
    assert state.seat.coins == 35 and state.bank == bank + 5


def test_send_refused_for_a_worker_you_cannot_pay(table, put):
    state = put(table(), 0, sites={"B34": []}, idle=["W35"], coins=4)
    v = verdict(state, "send W35 B34")
    assert not v.legal and v.rule == "send" and "costs 5 écus; you have 4" in v.reason
    assert Send("W35", "B34") not in list(RULES.legal_actions(state))


def test_send_refused_for_a_busy_worker(table, put):
    state = put(table(), 0, sites={"B34": ["W35"], "B33": []}, coins=40)
    v = verdict(state, "send W35 B33")
    assert not v.legal and "busy" in v.reason


def test_send_refused_to_a_site_that_is_not_yours(table, put, act):
    state = put(table(), 1, sites={"B34": []})
    v = verdict(state, "send W01 B34")
    assert not v.legal and v.rule == "send" and "not one of your open sites" in v.reason
    v = verdict(state, "send W01 B01")  # face up, not started
    assert not v.legal
    v = verdict(state, "send W02 B34")  # Bob's worker, Ann's turn
    assert not v.legal and "not in your team" in v.reason


def test_send_by_worker_type_name_resolves_to_the_players_own_idle_worker(table, put):
    state = put(table(), 0, sites={"B34": []})
    assert RULES.parse("send Apprenti La cathédrale", state) == Send("W01", "B34")


# -- completion -----------------------------------------------------------------------------------------------
def test_complete_as_soon_as_requirements_are_met_workers_back_coins_and_vp(table, act):
    state = table()
    act(state, "start B01", "reveal B02", "recruit W12", "reveal W20")
    v = verdict(state, "send W12 B01")
    assert v.legal and v.rule == "complete" and "then finished" in v.reason
    events = act(state, "send W12 B01")
    assert [e.kind for e in events] == ["complete"]
    assert events[0].data == {"player": "Ann", "card": "B01", "vp": 0, "coins": 8}
    seat = state.seat
    assert seat.built == ["B01"] and seat.sites == {} and seat.idle == ["W01", "W12"]
    assert seat.coins == 10 - 3 + 8 and state.bank == 80 + 3 - 8


def test_complete_surplus_is_lost_and_vp_count(table, put, act):
    state = masters_on_the_cathedral(table, put)
    act(state, "send W35 B34", "send W36 B34", "buy", "buy", "buy", "send W37 B34", "done", "done")
    events = act(state, "send W38 B34")  # 6/4/5/5 covers 5/4/4/4
    assert events[0].kind == "complete" and state.seat.vp == 8 and state.seat.built == ["B34"]
    assert sorted(state.seat.idle) == ["W01", "W35", "W36", "W37", "W38"]


def test_complete_workers_freed_may_be_sent_again_the_same_turn(table, put, act):
    state = put(table(), 0, sites={"B01": [], "B02": []}, idle=["W12"])
    act(state, "send W12 B01")
    assert state.seat.idle == ["W01", "W12"]
    act(state, "send W12 B02")
    assert state.seat.sites == {"B02": ["W12"]} and state.actions_left == 1


def test_machines_built_give_vp_no_coins_and_join_the_team(table, put, act):
    state = put(table(), 0, sites={"M01": []}, idle=["W06"])
    events = act(state, "send W06 M01")
    assert [e.kind for e in events] == ["complete", "machine"]
    seat = state.seat
    assert seat.built == ["M01"] and seat.vp == 1 and "M01" in seat.idle
    assert seat.coins == 10 - 2


def test_machines_as_workers_cost_no_ecus_but_actions_escalating(table, put, act):
    state = put(table(), 0, sites={"B34": []}, idle=["W35"], built=["M05"], coins=10)
    act(state, "send W35 B34")
    v = verdict(state, "send M05 B34")
    assert v.legal and v.rule == "machines" and "2 actions, 0 écus" in v.reason
    act(state, "send M05 B34")
    assert state.seat.coins == 5 and state.actions_left == 0
    assert state.seat.sites["B34"] == ["W35", "M05"]


def test_machines_work_only_once_built(table, put):
    state = put(table(), 0, sites={"M01": [], "B34": []})
    v = verdict(state, "send M01 B34")
    assert not v.legal and v.rule == "machines"


# -- the bank -------------------------------------------------------------------------------------------------
def test_ruling_bank_short_pays_what_it_holds_on_completion(table, put, act):
    state = put(table(), 0, sites={"B01": []}, idle=["W12"], coins=89)  # bank: 80 - 79 = 1
    events = act(state, "send W12 B01")  # pays 3 → bank 4; B01 prints 8
    short = [e for e in events if e.kind == "bank_short"]
    assert short and short[0].data["due"] == 8 and short[0].data["paid"] == 4
    assert state.bank == 0 and state.seat.coins == 90


def test_ruling_bank_short_take_coins_gives_what_it_holds(table, put, act):
    state = put(table(), 0, coins=88)  # bank 2
    v = verdict(state, "coins 3")
    assert v.legal and v.rule == "bank" and v.ruling.startswith("Ruling:")
    events = act(state, "coins 3")
    assert [e.kind for e in events] == ["bank_short"] and state.bank == 0 and state.seat.coins == 90
    events = act(state, "coins 1")  # still legal: the bank pays nothing
    assert events[0].data == {"due": 1, "paid": 0, "player": "Ann"} and state.actions_left == 0


# -- the end --------------------------------------------------------------------------------------------------
def test_end_first_seat_reaching_17_vp_at_turn_end_finishes_the_round(table, put, act):
    state = put(table(), 0, built=["B34", "B33", "B01"])  # 15 VP
    state = put(state, 0, sites={"B03": []}, idle=["W16"])  # +1 VP → 16
    state = put(state, 0, sites={"M01": []}, idle=["W06"])  # +1 VP → 17
    act(state, "send W16 B03", "send W06 M01")
    assert state.seat.vp == 17 and state.trigger is None and not state.over
    events = act(state, "done")
    assert [e.kind for e in events] == ["trigger"] and state.trigger == 0
    assert RULES.to_move(state) == 1 and not RULES.is_over(state)
    events = act(state, "coins 6", "done")
    assert [e.kind for e in events] == ["game_over"]
    assert RULES.is_over(state) and RULES.to_move(state) is None
    assert list(RULES.legal_actions(state)) == []
    v = judge(state, Done())
    assert not v.legal and v.rule == "end"


def test_end_last_seat_reaching_17_vp_ends_the_game_at_once(table, put, act):
    state = put(table(), 1, built=["B34", "B33", "B32"])  # Bob: 21 VP
    act(state, "done")  # Ann: no trigger
    assert state.trigger is None
    events = act(state, "done")
    assert [e.kind for e in events] == ["trigger", "game_over"] and state.over
    assert RULES.outcome(state).winner == "Bob"
    assert events[-1].message == "the game is over: Bob"  # written when read, from the finished state


@pytest.mark.parametrize("trigger", [0, 1, 2])
def test_end_finishing_round_gives_everyone_the_same_number_of_turns(table, put, act, trigger):
    state = put(table(players=("Ann", "Bob", "Cid")), trigger, built=["B34", "B33", "B32"])
    turns = [0, 0, 0]
    while not state.over:
        turns[state.current] += 1
        act(state, "done")
    assert turns == [1, 1, 1]
    assert state.trigger == trigger


def test_end_a_later_17_vp_does_not_restart_the_round(table, put, act):
    state = put(table(players=("Ann", "Bob", "Cid")), 0, built=["B34", "B33", "B32"])
    put(state, 1, built=["B31", "B30", "B29", "B28"])
    act(state, "done", "done")
    assert state.trigger == 0 and not state.over
    act(state, "done")
    assert state.over


# -- rule topics ----------------------------------------------------------------------------------------------
def test_every_verdict_cites_a_topic_of_the_rulebook(table, put):
    state = put(table(), 0, sites={"B34": [], "M01": []}, idle=["W35"], built=["M05"])
    texts = [
        "start B01",
        "start B34",
        "recruit W07",
        "recruit W40",
        "reveal B20",
        "send W35 B34",
        "send M01 B34",
        "send W02 B34",
        "send W35 B01",
        "coins 1",
        "coins 6",
        "buy",
        "done",
    ]
    names = set(topics())
    for text in texts:
        assert verdict(state, text).rule in names, text
    assert judge(state, TakeCoins(3)).rule in names
    assert judge(state, Buy()).rule in names


# -- ruling: a game that can no longer end is ended (topic end) -------------------------------------------------
def _bare(state, bank=0):
    """No card left to start or recruit (rows and decks emptied) and the bank at ``bank``: a position at the end
    of a long game, built by hand (the cards taken out are not placed anywhere: only the ruling is under test)."""
    for pile in (state.row_buildings, state.deck_buildings, state.row_workers, state.deck_workers):
        pile.clear()
    state.bank = bank
    return state


def _rich_in_sites(state, put, coins):
    """Ann holds three sites worth 21 VP and the workers that could cover each, with ``coins`` écus."""
    state = put(
        state,
        0,
        idle=["W38", "W20", "W31", "W26", "W36", "W40", "W22"],
        sites={"B34": [], "B33": [], "B32": []},
        coins=coins,
    )
    state.seats[0].idle.remove("W01")  # (her apprentice, so that none of her workers costs less than 3)
    return state


def test_ruling_a_game_nobody_can_bring_to_17_vp_is_ended_when_the_turn_ends():
    """The example record: Ann starts every building, Bob recruits every worker; Ann's apprentice can finish none
    of her sites, Bob has none. The turn that takes the last card ends the game, scored as it stands."""
    import tomllib

    from tests.conftest import EXAMPLES

    record = tomllib.loads((EXAMPLES / "builders-stalled.toml").read_text())
    game = Game(RULES, record["players"], record["setup"])
    for text in record["actions"][:-1]:
        game.push(game.parse(text))
    assert not game.over and game.state.stalled is None
    events = game.push(game.parse("done"))
    assert game.over and game.state.stalled == "unreachable"
    assert [event.kind for event in events] == ["stalled", "game_over"]
    assert "nobody can reach 17 VP" in events[0].message
    assert RULES.outcome(game.state).scores == {"Ann": 1, "Bob": 1}
    v = judge(game.state, TakeCoins(6))
    assert not v.legal and v.rule == "end" and "17 VP" in v.reason and v.ruling.startswith("Ruling: a game that")
    assert RULES.check_invariants(game.state) == []


def test_ruling_a_game_only_a_bought_action_could_change_is_ended(table, put):
    """The bank is empty, nothing is left to start or recruit, and Ann (21 VP of sites her workers could cover)
    cannot pay any of them: only buying an action could move an écu. The game ends when the turn ends."""
    state = _bare(_rich_in_sites(table(), put, coins=2))
    state.seats[1].coins = 98
    assert not stalled(state)  # (the rules end such a game themselves: self-play never sees it locked)
    events = apply(state, Done())
    assert state.over and state.stalled == "frozen"
    assert "nobody can pay a worker" in events[0].message
    assert RULES.outcome(state).winner == "Bob"  # 9 points against 0


def test_ruling_a_game_that_can_still_end_goes_on(table, put):
    """Ann can pay a worker (the bank is empty, but money flows back to it as she pays): the game goes on."""
    state = _bare(_rich_in_sites(table(), put, coins=5))
    state.seats[1].coins = 95
    apply(state, Done())
    assert not state.over and state.stalled is None and state.current == 1


def test_ruling_a_machine_that_could_be_built_counts_toward_what_a_player_could_finish(table, put):
    """Ann's big sites need wood that only a machine she could build (M02: 1 stone 1 knowledge; it makes 2 wood)
    would add: with it she could still reach 17 VP and the game goes on; without it, it ends."""
    from referee.builders.stall import reachable_vp

    state = put(
        table(), 0, idle=["W38", "W26", "W39", "W24"], sites={"B34": [], "B33": [], "B32": [], "M02": []}, coins=20
    )
    state.seats[0].idle.remove("W01")
    _bare(state, bank=40)
    state.seats[1].coins = 40
    assert reachable_vp(state, state.seats[0]) == 1 + 8 + 7 + 6
    apply(state, Done())
    assert not state.over
    apply(state, Done())
    del state.seats[0].sites["M02"]
    assert reachable_vp(state, state.seats[0]) == 6  # B32 only: no wood for the others
    apply(state, Done())
    assert state.over and state.stalled == "unreachable"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ruling_the_quick_look_at_who_can_still_reach_17_vp_never_says_more_than_the_full_count(seed):
    """The stall check's shortcut (``reaches_quickly``: the buildings the workers alone would cover) says a player
    can still reach 17 VP only when the full count (``reachable_vp``) says so too, in positions of random games of
    2 to 4 players played by any legal action (which hoard sites and empty the bank); both answers occur."""
    import random

    from referee.builders.stall import reachable_vp
    from referee.builders.stall_speed import reaches_quickly
    from referee.builders.state import END_VP

    rng = random.Random(seed)
    answers = set()
    for players in (2, 3, 4):
        state = RULES.new_state([f"P{seat + 1}" for seat in range(players)], {"seed": seed * 10 + players})
        for _step in range(3_000):
            if state.over:
                break
            if state.pending is None:
                for seat in state.seats:
                    quick = reaches_quickly(state, seat)
                    answers.add(quick)
                    assert not quick or reachable_vp(state, seat) >= END_VP, f"seed {seed}, {players} players"
            apply(state, RULES.random_action(state, rng))
    assert answers == {True, False}, f"seed {seed}: only {answers}"
