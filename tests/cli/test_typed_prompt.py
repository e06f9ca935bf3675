"""Type or pick: what the prompts of ``play`` offer and accept, without a terminal.

A property over random positions of each game: every completion offered is a legal action, and every legal action
can be reached by typing (its notation is offered, whole or word by word).
"""

from __future__ import annotations

import random
from importlib import import_module

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from referee import registry
from referee.cli.table.typed_prompt import Entry, EntryCompleter, matching, next_words, normalized, resolve
from tests.robustness.helpers import PLAYERS, rules_setup

SEED = 20261123


def test_normalized_ignores_case_accents_and_spaces() -> None:
    assert normalized("  Une  Grue ") == "une grue"
    assert normalized("Écu") == normalized("ecu")


def test_matching_by_start_then_by_words_of_text_and_label() -> None:
    entries = [Entry("place Q B2", "quarter on Treewood"), Entry("place N B3", "nickel on Cedarville")]
    assert matching(entries, "place q") == [entries[0]]
    assert matching(entries, "B3") == [entries[1]]
    assert matching(entries, "treewood") == [entries[0]]
    assert matching(entries, "C2 B3") == []


def test_a_menu_entry_is_resolved_only_when_exactly_one_is_meant() -> None:
    entries = [Entry("place a coin"), Entry("move a stack"), Entry("end the turn")]
    assert resolve(entries, "", numbered=True) is None
    assert resolve(entries, "C2 B3", numbered=True) is None  # no match: nothing, not the first entry
    assert resolve(entries, "a", numbered=True) is None  # several match
    assert resolve(entries, "2", numbered=True) == entries[1]
    assert resolve(entries, "4", numbered=True) is None
    assert resolve(entries, "END THE TURN", numbered=True) == entries[2]
    assert resolve(entries, "move", numbered=True) == entries[1]


def test_a_number_that_starts_one_entry_means_that_entry_not_the_entry_of_that_number() -> None:
    """Matchstick's values menu: typing 8 means the value 8 (the tenth entry), not the eighth entry (the value 7)."""
    values = [Entry(f"{value}   free") for value in "0123456789"]
    assert resolve(values, "8", numbered=True) == values[8]
    completer = EntryCompleter(values, numbered=True)
    [shown] = completer.get_completions(Document("8"), CompleteEvent())
    assert shown.text == shown.display_text == "8   free"  # a menu of numbers shows no index to mistake for them
    words = EntryCompleter([Entry("place a coin"), Entry("end the turn")], numbered=True)
    assert [c.display_text for c in words.get_completions(Document("2"), CompleteEvent())] == [" 2. end the turn"]
    counts = [Entry("1"), Entry("2"), Entry("5  (revolution)")]
    assert resolve(counts, "5", numbered=True) == counts[2]
    assert resolve(counts, "3", numbered=True) is None  # 3 is not offered: not the third entry either


def test_many_actions_are_offered_word_by_word() -> None:
    entries = [Entry(f"play 8 {a} {b}") for a in range(10) for b in range(10)]
    assert next_words(entries, "play ") == [("play 8", 100)]
    assert ("play 8 3", 10) in next_words(entries, "play 8 ")


def offered(entries: list[Entry], typed: str) -> list[str]:
    completer = EntryCompleter(entries, numbered=False)
    return [c.text for c in completer.get_completions(Document(typed), CompleteEvent(text_inserted=True))]


def reachable(entries: list[Entry], target: str) -> bool:
    """Whether typing, taking a completion at each step, can reach ``target`` (what a player does with TAB)."""
    typed = ""
    for _ in range(12):
        if typed.strip() == target:
            return True
        steps = [text for text in offered(entries, typed) if target.startswith(text.strip())]
        if not steps:
            return False
        typed = max(steps, key=len)
    return typed.strip() == target


@pytest.mark.parametrize("name", list(registry.names()))
def test_every_completion_is_legal_and_every_legal_action_is_reachable(name: str) -> None:
    print(f"seed {SEED}")
    rng = random.Random(SEED)
    spec = import_module(registry.GAMES[name].spec_module).SPEC
    rules = spec.rules
    players, setup = PLAYERS[name], rules_setup(name)  # the sample game its room declares
    checked = 0
    for game_number in range(12):
        state = rules.new_state(players, setup)
        for _step in range(400):
            if rules.is_over(state):
                break
            legal = list(rules.legal_actions(state))
            texts = [rules.format(action, state) for action in legal]
            entries = [Entry(text) for text in texts]
            if _step % 7 == 0:
                for text in texts[:60]:
                    assert reachable(entries, text), (game_number, text)
                for prefix in ("", texts[0][:3], texts[-1][: len(texts[-1]) // 2]):
                    for completion in offered(entries, prefix):
                        if completion.endswith(" "):  # a word of several actions, each of them legal
                            assert any(text.startswith(completion) for text in texts), completion
                        else:
                            assert rules.judge(state, rules.parse(completion, state)).legal, completion
                checked += 1
            rules.apply(state, rules.self_play_action(state, rng))
    assert checked > 10, checked
