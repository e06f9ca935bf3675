"""Setup, notation, judging and applying: one test per rule or ruling."""

from __future__ import annotations

import pytest

from referee.cli.status import exit_status
from referee.errors import IllegalAction, NotationError, ReplayError, SetupError
from referee.matchstick import BASE_CARDS, PASS, RULES, Pass, Play, deal_sizes, rulebook
from referee.matchstick.state import Table

from .helpers import game, kinds, play, sane

# -- deal ----------------------------------------------------------------------------------------------------------


def test_deal_two_or_three_players_get_15_cards_each() -> None:
    assert game(["A", "B"]).state.cards == [15, 15]
    assert game().state.cards == [15, 15, 15]


def test_deal_four_to_eight_players_share_the_whole_deck_earlier_seats_get_extras() -> None:
    assert deal_sizes(4) == [14] * 4
    assert deal_sizes(5) == [12, 11, 11, 11, 11]
    assert deal_sizes(8) == [7] * 8
    assert sum(deal_sizes(6)) == 56
    assert deal_sizes(6, expansion=4) == [11, 11, 11, 11, 10, 10]


def test_deal_ruling_deal_all_for_any_number_of_players() -> None:
    assert game(["A", "B"], deal_all=True).state.cards == [28, 28]
    assert game(deal_all=True).state.cards == [19, 19, 18]
    assert game(deal_all=True, expansion=2).state.cards == [20, 20, 20]


def test_deal_ruling_hand_sizes_set_outright() -> None:
    assert game(hand_sizes=[3, 2, 1]).state.cards == [3, 2, 1]


@pytest.mark.parametrize(
    ("players", "setup"),
    [
        (["A"], {}),
        (["A", "B", "C", "D", "E", "F", "G", "H", "I"], {}),
        (["A", "A"], {}),
        (["A", "B"], {"expansion": 3}),
        (["A", "B"], {"expansion": True}),
        (["A", "B"], {"deal_all": "yes"}),
        (["A", "B"], {"hand_sizes": [1]}),
        (["A", "B"], {"hand_sizes": [30, 30]}),
        (["A", "B"], {"hand_sizes": [0, 3]}),
        (["A", "B"], {"hand_sizes": "15,15"}),
        (["A", "B"], {"handsizes": [1, 2]}),
    ],
)
def test_deal_refuses_a_setup_that_describes_no_game(players: list[str], setup: dict) -> None:
    with pytest.raises(SetupError):
        RULES.new_state(players, setup)


def test_deal_each_player_starts_with_one_matchstick_and_the_first_seat_leads() -> None:
    g = game(["Ann", "Bob", "Cid", "Dee"])
    assert g.state.matchsticks == [1, 1, 1, 1]
    assert g.to_move == "Ann"
    assert g.state.table is None


# -- notation ------------------------------------------------------------------------------------------------------


def test_notation_play_and_pass_case_insensitive() -> None:
    g = game(expansion=2)
    assert g.parse("PLAY 8 0 4 8") == Play("8", ("0", "4", "8"))
    assert g.parse("play e 3") == Play("E", ("3/E",))
    assert g.parse("Pass") == PASS
    assert g.parse("play g c") == Play("G", ("C",))


@pytest.mark.parametrize(
    "text", ["", "play", "play 8", "play 8 1 2 3 4 5 6", "play Z 1", "play 8 X", "fold", "pass 8", "play G C"]
)
def test_notation_errors_are_one_line(text: str) -> None:
    with pytest.raises(NotationError) as error:
        game().parse(text)
    assert "\n" not in str(error.value)


def test_notation_cards_in_any_order_are_the_same_play() -> None:
    assert Play("8", ("8", "4", "0")) == Play("8", ("0", "4", "8"))
    assert Play("e", ("3",)) == Play("E", ("3/E",))
    with pytest.raises(ValueError):
        Play("Z", ("8",))
    assert Play("9", ("9",)) == Play("9", ("6/9",))


def test_notation_canonical_text_writes_the_face_upright_as_played() -> None:
    g = game()
    for text, canonical in [
        ("play 8 8 4 0", "play 8 0 4 8"),
        ("play e e", "play E E"),
        ("play E 3", "play E E"),
        ("play 9 E", "play 9 3"),
        ("play 9 6", "play 9 9"),
        ("play 8 9", "play 8 6"),
        ("play 6 e", "play 6 E"),
        ("play B B", "play b b"),
        ("play F 1", "play F 1"),
        ("PASS", "pass"),
    ]:
        assert RULES.format(g.parse(text), g.state) == canonical


# -- lead, follow, strength ---------------------------------------------------------------------------------------


def test_lead_must_play_no_passing() -> None:
    verdict = game().judge(PASS)
    assert not verdict.legal and verdict.rule == "lead"
    assert "no passing" in verdict.reason


def test_lead_one_to_five_cards_of_one_value_cites_lead() -> None:
    g = game()
    verdict = g.judge(g.parse("play 8 8 8"))
    assert verdict.legal and verdict.rule == "lead"
    assert not g.judge(Play("8", ())).legal
    assert not g.judge(Play("8", ("8",) * 6)).legal


def test_lead_cards_may_start_as_different_cards() -> None:
    g = game(hand_sizes=[15, 15, 15])
    g.state.matchsticks[0] = 4
    verdict = g.judge(g.parse("play 8 0 4"))
    assert verdict.legal and "4 matchsticks" in verdict.reason


def test_follow_same_number_of_cards() -> None:
    g = game()
    play(g, "play 5 5 5")
    verdict = g.judge(g.parse("play 7 7"))
    assert not verdict.legal and verdict.rule == "follow"
    assert "exactly 2 cards" in verdict.reason and "Ann" in verdict.reason
    assert g.judge(g.parse("play 7 7 7")).legal


def test_strength_follow_must_be_stronger_names_both_values_and_the_order() -> None:
    g = game()
    play(g, "play 8 8")
    for text in ("play 5 5", "play 8 8"):
        verdict = g.judge(g.parse(text))
        assert not verdict.legal and verdict.rule == "strength"
        assert "than 8" in verdict.reason and "0 < 1 < 2" in verdict.reason
    verdict = g.judge(g.parse("play 9 9"))
    assert verdict.legal and verdict.rule == "follow"


def test_strength_letters_above_digits_in_printed_order() -> None:
    g = game()
    play(g, "play 9 9")
    for value in ("A", "b", "C", "d", "E", "F"):
        card = {"E": "3", "A": "A"}.get(value, value)
        assert g.judge(g.parse(f"play {value} {card}")).legal
    play(g, "play F F")
    assert not g.judge(g.parse("play E E")).legal


def test_expansion_ruling_g_and_h_rank_above_f() -> None:
    g = game(expansion=2)
    play(g, "play F F")
    assert g.judge(g.parse("play G G")).legal
    play(g, "play G G")
    assert g.judge(g.parse("play H H")).legal
    assert not g.judge(g.parse("play F F")).legal


def test_expansion_values_unknown_without_it() -> None:
    verdict = game().judge(Play("G", ("G",)))
    assert not verdict.legal and verdict.rule == "expansion"


def test_lead_refuses_more_cards_than_the_player_holds() -> None:
    g = game(hand_sizes=[2, 15, 15])
    verdict = g.judge(g.parse("play 8 8 8 8"))
    assert not verdict.legal and verdict.rule == "lead"
    assert "holds only 2" in verdict.reason


def test_transform_refuses_a_card_that_can_never_show_the_value() -> None:
    g = game()
    g.state.matchsticks[0] = 9
    verdict = g.judge(g.parse("play 5 2"))
    assert not verdict.legal and verdict.rule == "transform"
    assert "2 card can never show 5" in verdict.reason
    assert verdict.ruling is not None and "mirrored" in verdict.ruling
    verdict = g.judge(g.parse("play 2 8"))
    assert not verdict.legal and verdict.rule == "transform" and verdict.ruling is None


def test_transform_refuses_without_enough_matchsticks_naming_cost_and_supply() -> None:
    g = game()
    verdict = g.judge(g.parse("play 8 0 4"))
    assert not verdict.legal and verdict.rule == "transform"
    assert "costs 4 matchsticks" in verdict.reason and "Ann has 1 matchstick" in verdict.reason
    assert "0 +1, 4 +3" in verdict.reason


def test_transform_matchsticks_are_spent() -> None:
    g = game()
    play(g, "play 7 7", "play 8 0")
    assert g.state.matchsticks == [1, 0, 1]
    assert g.state.cards == [14, 14, 15]


def test_transform_turning_over_is_free() -> None:
    g = game()
    play(g, "play 9 9", "play E 3")
    assert g.state.matchsticks == [1, 1, 1]


def test_copies_only_four_of_each_physical_card() -> None:
    g = game()
    play(g, "play 7 7 7 7 7")  # four 7s
    play(g, "pass", "pass")
    assert g.to_move == "Ann"
    g.state.matchsticks[0] = 5
    verdict = g.judge(g.parse("play 8 7"))
    assert not verdict.legal and verdict.rule == "copies"
    assert "copies of the 7 card in the deck: 4; played already: 4" in verdict.reason


def test_copies_one_play_cannot_use_five_of_a_card() -> None:
    g = game()
    g.state.matchsticks[0] = 9
    verdict = g.judge(Play("8", ("8",) * 5))
    assert not verdict.legal and verdict.rule == "copies" and "this play needs 5" in verdict.reason


def test_copies_double_faced_card_counted_once_whatever_the_face() -> None:
    g = game()
    play(g, "play 6 6 6 6")
    assert g.state.copies_played["6/9"] == 3
    verdict = g.judge(g.parse("play 9 9 9 9"))  # 6 copies of the 6/9 card do not exist
    assert not verdict.legal and verdict.rule == "copies"


def test_copies_expansion_count_for_g_and_h() -> None:
    g = game(expansion=2)
    verdict = g.judge(g.parse("play G G G G"))
    assert not verdict.legal and verdict.rule == "copies" and "the deck: 2;" in verdict.reason
    assert game(expansion=4).judge(Play("G", ("G",) * 4)).legal


def test_pass_takes_one_matchstick_every_time() -> None:
    g = game()
    play(g, "play 3 3")
    verdict = g.judge(PASS)
    assert verdict.legal and verdict.rule == "pass"
    play(g, "pass")
    assert g.state.matchsticks == [1, 2, 1]


def test_pass_a_player_who_passed_may_play_later_in_the_round() -> None:
    g = game()
    play(g, "play 3 3", "pass", "play 5 5", "pass")
    assert g.to_move == "Bob"
    assert g.judge(g.parse("play 7 7")).legal
    play(g, "play 7 7")
    assert g.state.cards == [14, 14, 14]
    assert g.state.table == Table("7", 1, 1)


def test_clear_when_everyone_else_passed_the_last_player_leads() -> None:
    g = game()
    events = play(g, "play 7 7", "play 8 0", "pass")
    assert kinds(events) == []
    events = play(g, "pass")
    assert kinds(events) == ["clear"]
    assert "Bob leads" in events[0].message
    assert g.state.table is None and g.to_move == "Bob"
    assert not g.judge(PASS).legal


def test_clear_ruling_if_the_last_player_went_out_the_next_still_in_leads() -> None:
    g = game(["Ann", "Bob", "Cid", "Dee"], hand_sizes=[5, 1, 5, 5])
    play(g, "play 2 2")
    g.state.matchsticks[1] = 0
    events = play(g, "play 3 3")
    assert kinds(events) == ["out"]
    assert "Bob went out" in events[0].message
    assert g.to_move == "Cid"
    events = play(g, "pass", "pass", "pass")
    assert kinds(events) == ["clear"]
    assert g.to_move == "Cid"
    assert "Cid leads" in events[0].message and "Bob is out" in events[0].message


def test_revolution_five_cards_reverse_the_order() -> None:
    g = game()
    g.state.matchsticks[0] = 2
    events = play(g, "play 3 3 3 3 E 7")  # four 3/E cards and a 7 plus 2 sticks
    assert kinds(events) == ["revolution"]
    assert g.state.reversed
    verdict = g.judge(g.parse("play 4 4 4 4 4 4"))
    assert not verdict.legal and verdict.rule == "strength" and "reversed" in verdict.reason
    assert "F < E" in verdict.reason


def test_revolution_five_cards_need_a_changed_card() -> None:
    g = game()
    verdict = g.judge(g.parse("play 8 8 8 8 8 8"))
    assert not verdict.legal and verdict.rule == "copies"
    g.state.matchsticks[0] = 1
    verdict = g.judge(g.parse("play 8 8 8 8 8 0"))
    assert verdict.legal and verdict.rule == "revolution"


def test_revolution_back_and_forth_and_stays_after_clearing() -> None:
    g = game(deal_all=True)
    g.state.matchsticks = [5, 5, 5]
    events = play(g, "play 9 9 9 9 9 5")  # Ann: four 6/9 cards turned to 9, and a 5 plus 1 stick
    assert kinds(events) == ["revolution"] and g.state.reversed
    assert g.judge(g.parse("play A A A A A 8")).rule == "strength"
    events = play(g, "play 0 0 0 0 0 C")  # Bob revolts back: 0 beats 9 in the reversed order
    assert kinds(events) == ["revolution"] and not g.state.reversed
    assert "back to normal" in events[0].message
    events = play(g, "play 8 8 8 8 8 2")  # Cid: 8 beats 0 again, and the order flips once more
    assert kinds(events) == ["revolution"] and g.state.reversed
    events = play(g, "pass", "pass")
    assert kinds(events) == ["clear"]
    assert g.state.reversed  # ruling: stays reversed after the table clears
    assert g.to_move == "Cid"
    play(g, "play 7 7")
    assert g.judge(g.parse("play 5 5")).legal
    assert not g.judge(g.parse("play 9 9")).legal
    assert RULES.state_json(g.state)["order"][0] == "F"


def test_revolution_on_a_lead_of_any_value() -> None:
    g = game()
    g.state.matchsticks[0] = 1
    events = play(g, "play 7 7 7 7 7 1")  # 1 + 1 -> 7
    assert kinds(events) == ["revolution"]
    assert "Ann played 5 cards at once" in events[0].message


# -- discard, out, end ----------------------------------------------------------------------------------------


def test_discard_forced_when_no_cards_but_matchsticks_and_counts_as_not_playing() -> None:
    g = game(hand_sizes=[1, 5, 5])
    events = play(g, "play 4 4")  # Ann: no cards, 1 matchstick: still in
    assert kinds(events) == []
    assert g.state.cards[0] == 0 and g.state.matchsticks[0] == 1
    events = play(g, "play 5 5", "pass")  # Bob, Cid; Ann must discard by herself
    assert kinds(events) == ["discard", "out", "clear"]
    assert "Ann has no cards left and discards a matchstick (0 left)" in events[0].message
    assert "Ann went out: place 1 of 3" in events[1].message
    # Cid passed and Ann's discard counts as not playing: everyone but Bob passed, Bob leads
    assert "Bob leads" in events[2].message
    assert g.to_move == "Bob" and g.state.table is None


def test_discard_gives_no_matchstick() -> None:
    g = game(hand_sizes=[1, 5, 5])
    g.state.matchsticks[0] = 3
    play(g, "play 4 4", "play 5 5", "pass")
    assert g.state.matchsticks[0] == 2
    assert 0 not in g.state.out


def test_discard_ruling_a_leader_with_no_cards_discards_and_the_next_leads() -> None:
    g = game(hand_sizes=[1, 5, 5])
    g.state.matchsticks[0] = 3
    events = play(g, "play 4 4", "pass", "pass")
    assert kinds(events) == ["clear", "discard"]
    assert "Ann leads" in events[0].message
    assert g.to_move == "Bob" and g.state.table is None
    assert g.state.matchsticks[0] == 2


def test_out_when_no_cards_and_no_matchsticks() -> None:
    g = game(hand_sizes=[1, 5, 5])
    g.state.matchsticks[0] = 0
    events = play(g, "play 4 4")
    assert kinds(events) == ["out"]
    assert g.state.out == [0]
    assert RULES.state_json(g.state)["players"]["Ann"] == {"cards": 0, "matchsticks": 0, "out": True}


def test_end_when_one_player_is_left_ranking_in_order_of_going_out() -> None:
    g = game(["Ann", "Bob"], hand_sizes=[1, 5])
    g.state.matchsticks[0] = 0
    events = play(g, "play 4 4")
    assert kinds(events) == ["out", "end"]
    assert "1. Ann, 2. Bob" in events[-1].message
    assert g.over and g.to_move is None
    outcome = RULES.outcome(g.state)
    assert outcome.ranking == ["Ann", "Bob"] and outcome.winner == "Ann"
    assert outcome.scores == {"Ann": 1, "Bob": 0}


def test_end_no_action_once_the_game_is_over() -> None:
    g = game(["Ann", "Bob"], hand_sizes=[1, 5])
    g.state.matchsticks[0] = 0
    play(g, "play 4 4")
    verdict = g.judge(PASS)
    assert not verdict.legal and verdict.rule == "end" and "Bob is the last player left" in verdict.reason
    with pytest.raises(IllegalAction):
        g.push(Play("8", ("8",)))
    assert list(RULES.legal_actions(g.state)) == []


def test_end_scores_if_the_game_ended_now() -> None:
    g = game(["Ann", "Bob", "Cid", "Dee"], hand_sizes=[1, 3, 2, 5])
    g.state.matchsticks[0] = 0
    play(g, "play 4 4")
    outcome = RULES.outcome(g.state)
    assert outcome.scores == {"Ann": 3, "Bob": 0, "Cid": 0, "Dee": 0}
    assert outcome.ranking == ["Ann", "Cid", "Bob", "Dee"]  # then fewest cards
    assert outcome.winner is None


def test_end_an_8_player_game_to_the_end() -> None:
    players = [f"P{i}" for i in range(1, 9)]
    g = game(players)
    assert g.state.cards == [7] * 8
    # every round the leader plays a single card as it is and everyone else passes, until one player is left
    turns = 0
    while not g.over:
        state = g.state
        if state.table is None:
            card = next(card for card in BASE_CARDS if state.copies_left(card) > 0)
            face = card.split("/")[0]
            play(g, f"play {face} {face}")
        else:
            play(g, "pass")
        turns += 1
        assert turns < 2000
        sane(g.state)
    outcome = RULES.outcome(g.state)
    assert len(outcome.ranking) == 8 and sorted(outcome.ranking) == sorted(players)
    assert outcome.winner == outcome.ranking[0]
    assert sorted(outcome.scores.values()) == list(range(8))
    assert RULES.outcome(g.state).ranking == [players[seat] for seat in g.state.out] + [
        name for name in players if players.index(name) not in g.state.out
    ]


# -- the example, json, rulebook ---------------------------------------------------------------------------------


def test_example_matchstick_opening_record(examples) -> None:
    import tomllib

    record = tomllib.loads((examples / "matchstick-opening.toml").read_text())
    g = game(record["players"], **record["setup"])
    g.replay(record["actions"])
    assert g.to_move == "Nia"
    state = RULES.state_json(g.state)
    assert state["players"] == {
        "Kai": {"cards": 13, "matchsticks": 2, "out": False},
        "Lou": {"cards": 13, "matchsticks": 2, "out": False},
        "Mo": {"cards": 14, "matchsticks": 3, "out": False},
        "Nia": {"cards": 13, "matchsticks": 1, "out": False},
    }
    assert state["table"] is None and state["reversed"] is False
    summary = g.summary()
    assert summary["to_move"] == "Nia" and summary["over"] is False and summary["winner"] is None


def test_example_replay_names_the_illegal_action() -> None:
    g = game()
    with pytest.raises(ReplayError) as error:
        g.replay(["play 7 7", "play 5 5"])
    assert error.value.index == 2 and exit_status(error.value) == 1
    assert "not stronger than 7" in error.value.message


def test_state_json_table_by_name() -> None:
    g = game()
    play(g, "play 8 8")
    assert RULES.state_json(g.state)["table"] == {"value": "8", "count": 1, "by": "Ann"}


def test_undo_pop_restores_the_exact_state() -> None:
    g = game()
    before = g.state.copy()
    play(g, "play 7 7")
    assert g.pop() == "play 7 7"
    assert g.state == before


def test_rulebook_every_verdict_topic_exists_with_rulings() -> None:
    names = set(rulebook.names())
    assert {"lead", "follow", "strength", "transform", "pass", "clear", "revolution", "discard", "out", "deal",
            "copies", "end", "expansion"} <= names  # fmt: skip
    for topic in rulebook.topics().values():
        assert topic.title and topic.text
        assert all(ruling.startswith("Ruling:") for ruling in topic.rulings)
    assert rulebook.topic("CLEAR").name == "clear"
    assert any("next player still in" in r for r in rulebook.topic("clear").rulings)


def test_pass_is_a_single_action_value() -> None:
    assert Pass() == PASS


def test_invariants_catch_a_broken_state() -> None:
    g = game()
    state = g.state.copy()
    state.copies_played["7"] = 5
    state.matchsticks[1] = -1
    state.cards[2] = -2
    problems = RULES.check_invariants(state)
    assert any("7 card" in p for p in problems)
    assert any("-1 matchsticks" in p for p in problems)
    assert any("-2 cards" in p for p in problems)
    broken = g.state.copy()
    broken.turn = None
    assert any("only 0 of 2 players went out" in p for p in RULES.check_invariants(broken))


def test_strength_order_reads_reversed_in_the_refusal() -> None:
    g = game()
    g.state.reversed = True
    play(g, "play 5 5")
    verdict = g.judge(g.parse("play 7 7"))
    assert not verdict.legal and verdict.rule == "strength"
    assert "the order is reversed, F < E < d < C < b < A < 9 < 8 < 7 < 6 < 5 < 4 < 3 < 2 < 1 < 0" in verdict.reason
