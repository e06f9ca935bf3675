"""Text written into XML (SVG pictures, BoardGameGeek's play files): escaped, and characters XML 1.0 cannot hold
(most control characters) made visible as U+FFFD. Plain string work: ``xml.sax.saxutils`` would import
``urllib.request`` (about 30 ms of start-up) for the same three replacements."""

from __future__ import annotations

import re

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def clean(value: object) -> str:
    """Text as XML 1.0 can hold it."""
    return _NOT_XML.sub("\ufffd", str(value))


def escape(value: object) -> str:
    """Element text: ``&``, ``<`` and ``>`` escaped (after :func:`clean`)."""
    return clean(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(value: object) -> str:
    """An attribute value with its double quotes: escaped as element text, and its quotes and line breaks too."""
    text = escape(value).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    return f'"{text}"'
