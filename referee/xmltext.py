"""Text written into XML (SVG pictures, the season report, BoardGameGeek's play files) as XML 1.0 can hold it:
characters it cannot (most control characters) made visible as U+FFFD. The escaping itself is ElementTree's, which
writes every text and attribute value escaped: this module does only what it does not (it writes such characters
as they are, and no parser would read the file back).

:func:`tag` makes an HTML element of such text: the season report (``history report``) and BG Stats' push page are
built of them, as the pictures are of SVG elements (:mod:`referee.cli.svg`), and written by ElementTree."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree  # writing our own pages; untrusted XML is read with defusedxml only

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def clean(value: object) -> str:
    """Text as XML 1.0 can hold it."""
    return _NOT_XML.sub("\ufffd", str(value))


def tag(
    name: str, text: object = None, /, *children: ElementTree.Element, css: str | None = None, **attributes: str
) -> ElementTree.Element:
    """An HTML element: ``text`` and ``attributes`` made XML-safe (:func:`clean`) and escaped by ElementTree when
    written (a name is never markup), ``css`` its class, then ``children``."""
    made = ElementTree.Element(name, {key: clean(value) for key, value in attributes.items()})
    if css is not None:
        made.set("class", css)
    if text is not None:
        made.text = clean(text)
    made.extend(children)
    return made


def html_head(title: str, style: str) -> ElementTree.Element:
    """The ``<head>`` of a page the referee writes: UTF-8, the phone's width, its title and its own style sheet
    (a page stands alone: nothing is fetched)."""
    return tag(
        "head",
        None,
        tag("meta", charset="utf-8"),
        tag("meta", name="viewport", content="width=device-width, initial-scale=1"),
        tag("title", title),
        tag("style", style),
    )


def html_text(element: ElementTree.Element) -> str:
    """An element written as HTML (``<meta>`` without an end tag, ``<style>`` as it is)."""
    return ElementTree.tostring(element, encoding="unicode", method="html")
