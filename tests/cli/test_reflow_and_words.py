"""Pure helpers of the table: a rulebook's hard wraps undone (its paragraphs, lists and labels kept), and the
session's words understood in English and in the player's language."""

from __future__ import annotations

from referee import i18n
from referee.cli.cells import HARD_WRAPPED_FROM, reflow
from referee.cli.table.words import in_english, session_word, spellings

LONG = "Take the lone coin of a space, or the top coin of a stack, into your bank [OFF, BGA]. It is yours from"


def test_a_hard_wrapped_line_goes_on_with_its_sentence() -> None:
    assert len(LONG) >= HARD_WRAPPED_FROM
    assert reflow(f"{LONG}\nthen on.\nNotation: 'capture B2'.") == [f"{LONG} then on.", "Notation: 'capture B2'."]


def test_a_short_line_ends_where_it_means_to() -> None:
    assert reflow("a↔d, b↔e.\nWhile playing, a card may be turned.") == [
        "a↔d, b↔e.",
        "While playing, a card may be turned.",
    ]


def test_lists_indents_labels_and_colons_start_new_lines() -> None:
    text = f"{LONG}:\n  4 matches: place 2\n{LONG}\n- a list item\n{LONG}\nExamples: 6 + 1 → 8"
    assert reflow(text) == [f"{LONG}:", "  4 matches: place 2", LONG, "- a list item", LONG, "Examples: 6 + 1 → 8"]


def test_chinese_joins_without_a_blank_and_korean_with_one() -> None:
    chinese = "钱" * 40
    assert reflow(f"{chinese}\n币。") == [f"{chinese}币。"]
    korean = "한국어 " * 12
    assert reflow(f"{korean.strip()}\n문장") == [f"{korean.strip()} 문장"]


def test_session_words_in_english_and_in_the_players_language() -> None:
    assert session_word("QUIT") == "quit" and session_word("place") is None
    assert in_english("rules capture") == "rules capture"
    i18n.use("ko")
    try:
        translated = spellings("rules")
        assert len(translated) == 2 and translated[0] == "rules"
        assert session_word(translated[1]) == "rules"
        assert in_english(f"{translated[1]} capture") == "rules capture"
        assert session_word("undo") == "undo"  # English is understood in every language
    finally:
        i18n.use("en")
