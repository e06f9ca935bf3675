"""Text written into XML (SVG pictures, the season report, BoardGameGeek's play files) as XML 1.0 can hold it:
characters it cannot (most control characters) made visible as U+FFFD. The escaping itself is ElementTree's, which
writes every text and attribute value escaped: this module does only what it does not (it writes such characters
as they are, and no parser would read the file back)."""

from __future__ import annotations

import re

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def clean(value: object) -> str:
    """Text as XML 1.0 can hold it."""
    return _NOT_XML.sub("\ufffd", str(value))
