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
