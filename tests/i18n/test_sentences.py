"""Every message the referee can print, rendered in English with sample values, is a sentence a person can read: a
capital after a full stop, no doubled space between words, a full sentence starting with a capital, and no count
of one before a plural ("1 écus", "the 1 actions before it", "1 games").

The messages are read from the template the catalogues are made from (``referee/locale/referee.pot``, kept current
by ``scripts/update_catalogues.py``, itself checked by ``tests/i18n/test_catalogues.py``). Each check is also run
on text made to break it, so that the check itself is seen to fail.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

TEMPLATE = Path(__file__).resolve().parents[2] / "referee" / "locale" / "referee.pot"

PLURAL_NOUNS = (
    "actions|écus|games|points|coins|cards|matchsticks|spaces|regions|edges|wins|characters|entries|copies|hands|"
    "players|values|bytes|neighbours|buildings|workers|turns|seconds|minutes|records|files|plays|stacks|sites|draws|"
    "ratings|months|days|hours|lines|topics|rulings|tosses|matches|placements|quarters|nickels|pennies|dimes"
)
COUNT_FIELDS = frozenset(
    [
        "count",
        "n",
        "games",
        "shown",
        "total",
        "given",
        "held",
        "limit",
        "most",
        "size",
        "spaces",
        "regions",
        "edges",
        "draws",
        "length",
        "bank",
        "paid",
        "amount",
        "cost",
        "coins",
        "price",
        "points",
        "left",
        "committed",
        "lost",
        "unread",
        "deck",
        "k",
        "wins",
        "actions",
        "played",
        "score",
        "value",
        "vp",
    ]
)
"""Placeholders that hold a number: sampled as 1, the count that needs a singular."""

NEVER_ONE: dict[str, str] = {
    "  draws: {draws}; mean length {length} actions": "a mean length of games, never one action",
    "random self-play ({n} players)": "self-play needs two players at least",
    "{count} characters: no action is this long (Ctrl-U clears the line)": "more than 200 characters",
    "{count} entries match '{text}': type more, or pick one.": "said only when two entries or more match",
    "the line is longer than {limit} bytes; no action is": "a limit in the thousands",
    "space {space} has {count} neighbours; a space may have at most {limit}": "said only above the limit",
    "the map has {count} spaces; a map may have at most {limit}": "said only above the limit",
    "{source}: the map has {count} spaces; every published map has ten": "a map has two spaces at least",
    "{file}: 'location' must be text without control characters (at most {most} characters)": "a limit",
    "{where}: the name '{name}…' is longer than {limit} characters": "a limit",
    "{option}: longer than {limit} characters": "a limit",
    "{where}: {what} cut to {limit} characters (of {length})": "a limit (2,000)",
    "{file}: the record would grow past {size} bytes, the most the referee reads back; this action is not "
    "recorded": "a limit in megabytes",
    "[final] the purses hold {n} écus, more than the game's 100": "said only above 100",
    "{card} costs {cost} écus; you have {coins}": "a worker costs 2 to 5 écus",
    "hand_sizes lists {given} hands for {n} players": "a game has two players at least",
    "tied at {score} points, {vp} VP and {coins} écus: {names} share the win": "the rules' tie-break, to convert",
}
"""Messages whose count is never one (why), or that the rules packages still word so (marked "to convert")."""


def messages() -> Iterator[tuple[str, ...]]:
    """Every message of the template: a one-tuple, or (singular, plural)."""
    with TEMPLATE.open("rb") as file:
        catalog = read_po(file)
    for message in catalog:
        if message.id:
            yield message.id if isinstance(message.id, tuple) else (message.id,)


def render(text: str, count: int = 1) -> str:
    """``text`` with each placeholder given a sample: ``count`` where it holds a number, else a name."""
    parts = []
    for literal, field, spec, _conversion in string.Formatter().parse(text):
        parts.append(literal)
        if field is None:
            continue
        name = field.split(".")[0].split("[")[0]
        if spec and spec.endswith("%"):
            parts.append("50.0%")
        elif name in COUNT_FIELDS:
            parts.append(str(count))
        else:
            parts.append("Ann")
    return "".join(parts)


def lower_after_full_stop(text: str) -> bool:
    """A sentence after a full stop that starts in lower case (``leads. tied on 9 points``); abbreviations and
    file names (``e.g.``, ``.svg``) are not full stops."""
    return re.search(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)[a-z)][.!?] +[a-z]", text) is not None


def doubled_space(text: str) -> bool:
    """Two blanks between words inside a line (leading blanks indent a line and are not counted)."""
    return any(re.search(r"\S {2,}\S", line.strip()) for line in text.splitlines())


def sentence_in_lower_case(text: str) -> bool:
    """A whole sentence (ending in a full stop, none before it) that starts with a lower-case letter. A fragment
    meant to follow something (an event under an action) ends without a full stop."""
    stripped = text.strip()
    return stripped.endswith(".") and stripped.count(". ") == 0 and re.match(r"[a-z]", stripped) is not None


def one_before_plural(text: str) -> bool:
    """``1 écus``, ``1 games``: a count of one before a plural noun."""
    return re.search(rf"(?<![\d.,/])\b1 ({PLURAL_NOUNS})\b", text) is not None


# -- the checks, each seen to fail first ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("check", "bad", "good"),
    [
        (lower_after_full_stop, "Jun leads. tied on 9 points", "Jun leads. Tied on 9 points"),
        (doubled_space, "Not over (position as typed).  tied", "Not over (position as typed). Tied"),
        (sentence_in_lower_case, "the record was written.", "The record was written."),
        (one_before_plural, "The record holds the 1 actions before it.", "The record holds the 1 action before it."),
        (one_before_plural, "1 écus", "1 écu"),
    ],
)
def test_each_check_fails_on_what_it_is_for(check: object, bad: str, good: str) -> None:
    assert callable(check)
    assert check(bad) and not check(good)


def test_every_message_rendered_starts_its_sentences_with_a_capital() -> None:
    found = [text for text in messages() for form in text if lower_after_full_stop(render(form))]
    assert not found, found


def test_no_message_rendered_holds_a_doubled_space_between_words() -> None:
    found = [text for text in messages() for form in text if doubled_space(render(form))]
    assert not found, found


def test_a_whole_sentence_starts_with_a_capital() -> None:
    found = [
        text
        for text in messages()
        for form in text
        if sentence_in_lower_case(render(form))
        and not form.startswith(("  ", "fr:", "bgstats:", "bgg,", "building,", "drawn by"))
    ]
    assert not found, found


def test_no_count_of_one_before_a_plural() -> None:
    """A message holding a count says it through ngettext: its singular, rendered with 1, names one thing; a message
    without ngettext must not put a count before a plural noun, unless that count is never one."""
    found = []
    for text in messages():
        if len(text) == 2:  # ngettext: the singular with one
            if one_before_plural(render(text[0], 1)):
                found.append(text[0])
        elif one_before_plural(render(text[0], 1)) and text[0] not in NEVER_ONE:
            found.append(text[0])
    assert not found, found


def test_the_lists_of_exceptions_name_real_messages() -> None:
    """A message converted (or reworded) leaves the lists: they can only shrink."""
    known = {form for text in messages() for form in text}
    stale = sorted(text for text in [*NEVER_ONE] if text not in known)
    assert not stale, stale
    still_plural = [text for text in [*NEVER_ONE] if not one_before_plural(render(text, 1))]
    assert not still_plural, still_plural
