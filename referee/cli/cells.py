"""Terminal cell widths of text: Chinese, Japanese and Korean characters take two cells, combining marks none.

Plain-text tables and padded columns use these instead of ``len`` and ``str.ljust`` so they line up in every
language. (Rich measures its own tables; this module avoids importing Rich where plain text is printed.)
"""

from __future__ import annotations

import unicodedata


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def ljust(text: str, width: int) -> str:
    """``text`` padded on the right to ``width`` cells."""
    return text + " " * max(0, width - cell_width(text))


def rjust(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` cells."""
    return " " * max(0, width - cell_width(text)) + text


def _breaks_anywhere(char: str) -> bool:
    """A Chinese or Japanese character: a line may break before or after it (Korean breaks at blanks)."""
    return unicodedata.east_asian_width(char) in ("W", "F") and not ("\uac00" <= char <= "\ud7a3")


def _chunks(text: str) -> list[str]:
    """Pieces a line may break between: words, blanks, and single Chinese characters (with their punctuation); a
    word that names a file is one piece."""
    chunks: list[str] = []
    for number, blank_separated in enumerate(text.split(" ")):
        if number:
            chunks.append(" ")
        if looks_like_a_file(blank_separated):
            chunks.append(blank_separated)  # a file name is never broken
            continue
        word = ""
        for char in blank_separated:
            if _breaks_anywhere(char) and not unicodedata.category(char).startswith("P"):
                if word:
                    chunks.append(word)
                chunks.append(char)
                word = ""
            else:
                word += char
        if word:
            chunks.append(word)
    merged: list[str] = []
    for chunk in chunks:
        category = unicodedata.category(chunk[0])
        if merged and merged[-1] != " " and category in ("Pe", "Po", "Pf"):
            merged[-1] += chunk  # a closing mark or comma never starts a line
        elif merged and merged[-1] != " " and unicodedata.category(merged[-1][-1]) in ("Ps", "Pi"):
            merged[-1] += chunk  # an opening mark never ends one
        else:
            merged.append(chunk)
    return merged


def looks_like_a_file(word: str) -> bool:
    """A word that names a file (``games/ann.toml``, ``对局.toml``): a path separator in it, or a name ending in
    ``.ext``. Lines never break inside one, not even between its Chinese characters."""
    import re

    return "/" in word or "\\" in word or re.search(r"[^./\s]\.[A-Za-z0-9]{1,5}$", word) is not None


KEEP_TOGETHER = "\x00"
"""Stands for a blank inside a text that :func:`fill` keeps whole (a file name with blanks), while it is filled."""


def fill(text: str, width: int, subsequent_indent: str = "", keep: tuple[str, ...] = ()) -> str:
    """``textwrap.fill`` measured in terminal cells, breaking between Chinese characters as well as at blanks, but
    never inside a word that names a file (:func:`looks_like_a_file`), nor inside a text of ``keep`` (file names
    with blanks), nor at a hyphen: a word wider than ``width`` stays whole on a line of its own."""
    for whole in keep:
        if " " in whole:
            text = text.replace(whole, whole.replace(" ", KEEP_TOGETHER))
    if text.isascii():
        import textwrap

        filled = textwrap.fill(
            text, width, subsequent_indent=subsequent_indent, break_long_words=False, break_on_hyphens=False
        )
        return filled.replace(KEEP_TOGETHER, " ")
    lines: list[str] = []
    line = ""
    for chunk in _chunks(text.strip()):
        if chunk == " " and not line.strip():
            continue
        if chunk != " " and line.strip() and cell_width(line + chunk) > width:
            lines.append(line.rstrip())
            line = subsequent_indent
        line += chunk
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(lines).replace(KEEP_TOGETHER, " ")


HARD_WRAPPED_FROM = 66
"""A line of a rulebook text at least this many cells wide was broken only to keep the file narrow: the next line
goes on with its sentence (unless it is indented, a list item or a label). Shorter lines end where they mean to."""


def reflow(text: str) -> list[str]:
    """The lines of a text as its author meant them, hard wraps undone: a line joins the one before it when that
    one is long (:data:`HARD_WRAPPED_FROM`), does not end in a colon, and this one is not indented, a list item
    (``-``, ``*``, ``•``) or a label (``Notation:``). Chinese and Japanese join without a blank."""
    import re

    label = re.compile(r"^\S{1,14}[:：]\s")
    lines: list[str] = []
    for line in text.splitlines():
        previous = lines[-1] if lines else ""
        starts_anew = (
            not line.strip()
            or not previous.strip()
            or line[:1].isspace()
            or line.lstrip()[:2] in ("- ", "* ", "• ")
            or label.match(line) is not None
            or previous.rstrip().endswith((":", "："))
            or cell_width(previous) < HARD_WRAPPED_FROM
        )
        if starts_anew:
            lines.append(line)
            continue
        close = _breaks_anywhere(previous.rstrip()[-1]) and _breaks_anywhere(line.lstrip()[0])
        lines[-1] = previous.rstrip() + ("" if close else " ") + line.strip()
    return lines
