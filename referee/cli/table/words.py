"""The session's words (``hint``, ``undo``, ``redo``, ``log``, ``rules``, ``quit``, ``back``): understood at every
prompt of ``play``, the turn's line and every menu, in English and in the player's language alike.

Pure (no prompt_toolkit): the session checks typed lines with it, and the menus take the same words.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from referee.i18n import N_, _

SESSION_WORDS: dict[str, str] = {
    "hint": N_("hint"),
    "undo": N_("undo"),
    "redo": N_("redo"),
    "log": N_("log"),
    "rules": N_("rules"),
    "quit": N_("quit"),
    "back": N_("back"),
}
"""Each session word in English, and its message (translated where it is used)."""


@lru_cache(maxsize=8192)
def normalized(text: str) -> str:
    """Case, accents and runs of spaces do not matter when matching what was typed. Remembered: every keystroke
    matches what is typed against the same entries (a turn's legal actions, a menu's)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())


def spellings(word: str) -> tuple[str, ...]:
    """How ``word`` may be typed: in English, and in the player's language when that differs."""
    translated = _(SESSION_WORDS[word])
    return (word,) if normalized(translated) == word else (word, translated)


def session_word(text: str) -> str | None:
    """The session word ``text`` is (in English), typed in English or in the player's language; None if none."""
    wanted = normalized(text)
    for word in SESSION_WORDS:
        if any(normalized(spelling) == wanted for spelling in spellings(word)):
            return word
    return None


def in_english(line: str) -> str:
    """A typed line with a leading session word put in English (``규칙 capture`` → ``rules capture``); any other
    line as it is."""
    first, _space, rest = line.strip().partition(" ")
    word = session_word(first)
    if word is None:
        return line.strip()
    return f"{word} {rest.strip()}".strip()
