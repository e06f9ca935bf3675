"""Coin Age: one test per rule and ruling of docs/rules/coin-age.md, named after it."""

from __future__ import annotations

import pytest

from referee.coin_age import RULES
from referee.coin_age.actions import Slap
from referee.coin_age.coins import DIME, NICKEL, PENNY, QUARTER
from referee.engine import Game
from referee.errors import IllegalAction, NotationError, ReplayError, SetupError
from referee.rulebook import rulebook

from .helpers import game, legal, setup, verdict


# -- components and setup --------------------------------------------------------------------------------------
def test_setup_each_bank_holds_4_dimes_3_pennies_2_nickels_1_quarter():
    state = game().state
    for bank in state.banks:
        assert bank == {QUARTER: 1, NICKEL: 2, PENNY: 3, DIME: 4}


def test_rank_is_by_size_dime_penny_nickel_quarter():
    assert (DIME, PENNY, NICKEL, QUARTER) == (1, 2, 3, 4)


def test_heads_the_first_seat_takes_the_first_turn():
    assert game().to_move == "Ann"
    played = game("slap QN")
    assert played.state.seat == 0 and played.to_move == "Ann"


def test_setup_refuses_other_than_two_players():
    with pytest.raises(SetupError):
        Game(RULES, ["Ann", "Bob", "Cid"], setup())


def test_the_face_showing_decides_the_owner():
    played = game("slap QN", "place Q B2", "slap P", "place P B2")
    assert [str(coin) for coin in played.state.board[played.state.map.index["B2"]]] == ["Qh", "Pt"]


# -- the toss --------------------------------------------------------------------------------------------------
def test_toss_only_kinds_in_the_bank():
    played = game("slap QN", "place Q B2", "done", "slap -", "done")
    # Ann's quarter is on the board: she cannot have tossed one. Naming it is bad input (exit 2), and a Slap built
    # directly is judged illegal.
    with pytest.raises(NotationError, match="no quarter"):
        played.parse("slap Q")
    assert not played.judge(Slap(frozenset({QUARTER}))).legal


def test_toss_with_fewer_kinds_means_four_matches_needs_all_four_kinds():
    played = game("slap QN", "place Q B2", "done", "slap -", "done")
    assert not played.judge(Slap(frozenset({QUARTER, NICKEL, PENNY, DIME}))).legal


@pytest.mark.parametrize(
    ("slap", "placements", "may_pay", "may_move", "may_capture"),
    [
        ("slap QNPD", 2, True, False, False),
        ("slap QNP", 2, False, False, False),
        ("slap QN", 2, False, False, False),
        ("slap Q", 1, False, True, False),
        ("slap -", 0, False, True, True),
    ],
)
def test_toss_actions_by_matches(slap, placements, may_pay, may_move, may_capture):
    state = game(slap).state
    assert (state.placements_left, state.may_pay, state.may_move, state.may_capture) == (
        placements,
        may_pay,
        may_move,
        may_capture,
    )


def test_toss_only_matched_coins_can_be_placed():
    played = game("slap QN")
    assert not legal(played, "place D B2")
    assert "did not match" in verdict(played, "place D B2").reason


def test_toss_each_matched_coin_once():
    played = game("slap QN", "place N B2")
    assert not legal(played, "place N B3")


def test_toss_unplaced_tossed_coins_stay_in_the_bank():
    played = game("slap QN", "place Q B2", "done")
    assert played.state.banks[0][NICKEL] == 2


def test_toss_actions_are_optional_and_in_any_order():
    played = game("slap QN", "place N A1", "slap -", "move A1 A2")
    played.push_text("capture A2")  # capture after move
    assert played.state.banks[1][NICKEL] == 3


# -- place -----------------------------------------------------------------------------------------------------
def test_place_on_an_empty_space():
    assert legal(game("slap QN"), "place Q B2")


def test_place_on_a_strictly_higher_coin_of_any_owner():
    played = game("slap QN", "place Q B2", "place N B3", "slap PD")
    assert legal(played, "place P B2")  # a penny may cover a quarter
    assert legal(played, "place D B3")


def test_place_same_rank_never_stacks():
    played = game("slap QN", "place N B2", "slap N")
    result = verdict(played, "place N B2")
    assert not result.legal and "same rank never stacks" in result.reason


def test_place_lower_coin_cannot_be_covered():
    with pytest.raises(ReplayError) as caught:
        game("slap QN", "place Q B2", "slap PN", "place P B2", "place N B2")
    assert caught.value.index == 5
    assert isinstance(caught.value.cause, IllegalAction) and caught.value.cause.rule == "place"


def test_place_a_quarter_only_on_an_empty_space():
    played = game("slap N", "place N B2", "slap Q")
    result = verdict(played, "place Q B2")
    assert not result.legal and "quarter can only go on an empty space" in result.reason


def test_place_at_most_two_with_two_or_three_matches():
    played = game("slap QNP", "place Q A1", "place N A2")
    assert not legal(played, "place P A3")


# -- pay and the 4-match allowance -----------------------------------------------------------------------------
def test_pay_gives_a_matching_coin_to_the_opponents_bank():
    played = game("slap QNPD", "pay D")
    assert played.state.banks[0][DIME] == 3 and played.state.banks[1][DIME] == 5


def test_pay_only_with_four_matches():
    result = verdict(game("slap QNP"), "pay P")
    assert not result.legal and result.rule == "pay"


def test_ruling_four_match_allowance_pay_then_place_three():
    played = game("slap QNPD", "pay D", "place Q A1", "place N A2", "place P A3")
    assert played.state.placements_left == 0


def test_ruling_four_match_allowance_pay_after_the_first_placements():
    played = game("slap QNPD", "place Q A1", "place N A2")
    assert not legal(played, "place P A3")
    played.push_text("pay D")
    assert legal(played, "place P A3")


def test_ruling_four_match_allowance_pay_at_most_once():
    played = game("slap QNPD", "pay D")
    assert not legal(played, "pay P")


def test_ruling_four_match_allowance_no_third_placement_without_pay():
    played = game("slap QNPD", "place Q A1", "place N A2")
    result = verdict(played, "place P A3")
    assert not result.legal and "pay a coin first" in result.reason


# -- move ------------------------------------------------------------------------------------------------------
def test_move_the_whole_stack_order_kept_to_an_empty_adjacent_space():
    played = game("slap QN", "place Q B2", "slap P", "place P B2", "move B2 B3")
    board = played.state.board
    assert board[played.state.map.index["B2"]] == []
    assert [str(c) for c in board[played.state.map.index["B3"]]] == ["Qh", "Pt"]


def test_move_only_to_an_adjacent_space():
    played = game("slap QN", "place Q A1", "slap P")
    result = verdict(played, "move A1 C3")
    assert not result.legal and "not adjacent" in result.reason


def test_move_only_to_an_empty_space():
    played = game("slap QN", "place Q A1", "place N A2", "slap P")
    assert not legal(played, "move A1 A2")


def test_move_once_and_only_with_zero_or_one_match():
    assert not legal(game("slap QN", "place Q A1"), "move A1 A2")
    played = game("slap QN", "place Q A1", "slap P", "move A1 A2")
    assert not legal(played, "move A2 A3")


def test_ruling_moving_opponent_stacks_is_allowed():
    played = game("slap QN", "place Q A1", "slap P")
    result = verdict(played, "move A1 A2")
    assert result.legal and result.ruling and "opponent" in result.ruling


# -- capture ---------------------------------------------------------------------------------------------------
def test_capture_the_top_coin_into_your_bank_where_it_becomes_yours():
    played = game("slap QN", "place Q B2", "slap P", "place P B2", "done", "slap -", "capture B2")
    assert played.state.banks[0][PENNY] == 4
    assert [str(c) for c in played.state.board[played.state.map.index["B2"]]] == ["Qh"]


def test_capture_only_with_zero_matches():
    played = game("slap QN", "place Q B2", "slap P")
    assert not legal(played, "capture B2")


def test_capture_of_an_empty_space_is_refused():
    assert not legal(game("slap -"), "capture B2")


def test_ruling_capturing_your_own_coin_is_allowed():
    played = game("slap QN", "place Q B2", "done", "slap P", "done", "slap -")
    result = verdict(played, "capture B2")
    assert result.legal and result.ruling and "own coin" in result.ruling


def test_ruling_capturing_your_own_coin_is_quoted_in_rules_capture():
    topic = rulebook("referee.coin_age").topic("capture")
    assert topic is not None and any("own coin" in ruling for ruling in topic.rulings)


# -- end of a turn ---------------------------------------------------------------------------------------------
def test_ruling_end_of_turn_is_the_next_toss():
    played = game("slap QN", "place Q B2", "slap P")
    assert played.state.seat == 1
    assert played.state.banks[0][NICKEL] == 2  # Ann's unused nickel stays in her bank


def test_ruling_end_of_turn_by_done():
    played = game("slap QN", "done")
    assert played.state.seat == 1 and not played.state.tossed


def test_to_move_is_the_opponent_once_nothing_is_left():
    played = game("slap QN", "place Q B2", "place N B3")
    assert played.to_move == "Bob"
    assert game("slap QN", "place Q B2").to_move == "Ann"


def test_actions_before_the_toss_are_refused():
    with pytest.raises(IllegalAction) as caught:
        Game(RULES, ["Ann", "Bob"], setup()).push_text("place Q B2")
    assert caught.value.rule == "toss"


# -- end of the game -------------------------------------------------------------------------------------------
def fill_board_actions() -> list[str]:
    """A legal game that fills the tenth space with a placement."""
    return [
        "slap QN", "place Q A1", "place N A2",
        "slap QN", "place Q A3", "place N B1",
        "slap NP", "place N B2", "place P B3",
        "slap NP", "place N B4", "place P C1",
        "slap PD", "place P C2",
    ]  # fmt: skip


def test_end_when_the_last_empty_space_is_filled():
    played = game(*fill_board_actions())
    assert not played.over
    played.push_text("place D C3")
    assert played.over and played.to_move is None
    assert "last empty space" in played.state.end_reason


def test_end_is_immediate_remaining_actions_are_lost():
    played = game(*fill_board_actions())
    played.push_text("place D C3")
    assert not legal(played, "done")
    assert not legal(played, "slap -")


def test_end_when_a_player_has_placed_all_their_coins():
    # Ann places her ten coins while Bob passes; Bob captures nothing (0 matches are not tossed: he tosses P).
    actions = [
        "slap QN", "place Q A1", "place N A2", "slap P", "done",
        "slap NP", "place N A3", "place P B1", "slap P", "done",
        "slap PD", "place P B2", "place D B3", "slap P", "done",
        "slap PD", "place P B4", "place D A1", "slap P", "done",
        "slap D", "place D A2", "slap P", "done",
    ]  # fmt: skip
    played = game(*actions)
    assert played.state.bank_size(0) == 1 and not played.over
    played.push_text("slap D")
    played.push_text("place D A3")
    assert played.over and "last coin" in played.state.end_reason


def test_end_only_a_placement_can_fill_the_last_space():
    played = game(*fill_board_actions())
    assert played.state.empty_spaces() == [played.state.map.index["C3"]]


# -- notation --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("slap QND", "slap QND"),
        ("slap Q N D", "slap QND"),
        ("SLAP dnq", "slap QND"),
        ("slap 4 3", "slap QN"),
        ("slap -", "slap -"),
        ("place q b2", "place Q B2"),
        ("place 4 B2", "place Q B2"),
        ("pay n", "pay N"),
        ("move b2 b3", "move B2 B3"),
        ("capture B2", "capture B2"),
        ("done", "done"),
    ],
)
def test_notation_round_trip(text, canonical):
    played = game()
    assert RULES.format(played.parse(text), played.state) == canonical


@pytest.mark.parametrize("text", ["place X B2", "place Q Z9", "slap QQ", "slap", "jump B2", "move B2", "place Q"])
def test_notation_errors(text):
    with pytest.raises(NotationError):
        game().parse(text)


def test_every_verdict_cites_a_rulebook_topic():
    names = set(rulebook("referee.coin_age").names)
    played = game("slap QN", "place Q B2")
    for text in ["place N B3", "place N B2", "place D B3", "pay N", "move B2 B3", "capture B2", "done", "slap P"]:
        assert verdict(played, text).rule in names


def test_done_with_nothing_left_names_whose_turn_it_ends() -> None:
    """Rule (turn): a toss with no match leaves the player in turn nothing to do; the opponent is asked to toss,
    and ``done``, still legal, ends the first player's turn: the menus say whose."""
    from referee.coin_age.actions import DONE

    played = Game(RULES, ["Ann", "Bob"], setup())
    played.push_text("slap -")
    state = played.state
    assert played.to_move == "Bob" and RULES.judge(state, DONE).legal
    assert RULES.describe(DONE, state) == "end Ann's turn"
    played.push_text("slap QN")
    played.push_text("place Q A1")
    assert played.to_move == "Bob" and RULES.describe(DONE, played.state) == "end the turn"
