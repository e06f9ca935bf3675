"""A small SVG writer, as python-chess draws its boards: :mod:`xml.etree.ElementTree` elements, escaped by
construction (a player named ``<script>`` or ``&`` is an element's text, never markup), no dependency.

A :class:`Picture` is a list of elements in a ``viewBox`` of the size it ends up needing; characters XML cannot hold
(control characters) become U+FFFD. Accessible: every picture has a ``<title>`` and a ``<desc>`` that a screen
reader says, in the player's language. Imported only when a picture is made (ElementTree is not paid at start-up).
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree  # writing our own pictures; untrusted XML is read with defusedxml only
from dataclasses import dataclass, field

from referee.xmltext import clean

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif"
INK = "#1f2328"
MUTED = "#57606a"
PAPER = "#ffffff"
LINE = "#d0d7de"
GOOD = "#1a7f37"
BAD = "#cf222e"
HIGHLIGHT = "#bf8700"
NAMESPACE = "http://www.w3.org/2000/svg"


def number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def element(tag: str, text: object = None, /, **attributes: str) -> ElementTree.Element:
    """An element ``tag`` with ``attributes`` (``stroke_width`` written ``stroke-width``) and ``text``, made XML-safe
    (:func:`referee.xmltext.clean`); ElementTree escapes both when it writes them."""
    made = ElementTree.Element(tag, {name.replace("_", "-"): clean(value) for name, value in attributes.items()})
    if text is not None:
        made.text = clean(text)
    return made


@dataclass
class Picture:
    """An SVG document being drawn; :meth:`svg` closes it with a ``viewBox`` of ``width`` × ``height``."""

    width: float
    height: float
    title: str
    description: str = ""
    elements: list[ElementTree.Element] = field(default_factory=list)

    def add(self, drawn: ElementTree.Element) -> None:
        self.elements.append(drawn)

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "none",
        stroke: str = "none",
        radius: float = 0,
        stroke_width: float = 1,
        dashes: str | None = None,
    ) -> None:
        """A rectangle (``radius``: its rounded corners; ``dashes``: a dashed border, ``stroke-dasharray``)."""
        drawn = element("rect", x=number(x), y=number(y), width=number(width), height=number(height),
                        rx=number(radius), fill=fill, stroke=stroke, stroke_width=number(stroke_width))  # fmt: skip
        if dashes is not None:
            drawn.set("stroke-dasharray", clean(dashes))
        self.add(drawn)

    def circle(self, x: float, y: float, r: float, *, fill: str, stroke: str = INK, stroke_width: float = 1) -> None:
        self.add(element("circle", cx=number(x), cy=number(y), r=number(r), fill=fill, stroke=stroke,
                         stroke_width=number(stroke_width)))  # fmt: skip

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = LINE, width: float = 1) -> None:
        self.add(element("line", x1=number(x1), y1=number(y1), x2=number(x2), y2=number(y2), stroke=stroke,
                         stroke_width=number(width), stroke_linecap="round"))  # fmt: skip

    def polyline(self, points: list[tuple[float, float]], *, stroke: str, width: float = 2) -> None:
        joined = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self.add(element("polyline", points=joined, fill="none", stroke=stroke, stroke_width=number(width),
                         stroke_linejoin="round", stroke_linecap="round"))  # fmt: skip

    def text(
        self,
        x: float,
        y: float,
        content: object,
        *,
        size: float = 14,
        fill: str = INK,
        weight: str = "normal",
        anchor: str = "start",
    ) -> None:
        """Text (an element's text: never markup), its baseline at ``y``."""
        self.add(element("text", content, x=number(x), y=number(y), font_size=number(size), fill=fill,
                         font_weight=weight, text_anchor=anchor))  # fmt: skip

    def place(self, part: Picture, y: float) -> None:
        """``part``'s elements as a group, moved down by ``y`` (its own title and size left out)."""
        group = element("g", transform=f"translate(0 {y:.1f})")
        group.extend(part.elements)
        self.add(group)

    def root(self) -> ElementTree.Element:
        """The whole picture as an ``<svg>`` element (to write, or to put inside a page)."""
        width, height = number(self.width), number(self.height)
        svg = element("svg", xmlns=NAMESPACE, viewBox=f"0 0 {width} {height}", width=width, height=height, role="img",
                      aria_labelledby="title desc", font_family=FONT)  # fmt: skip
        svg.append(element("title", self.title, id="title"))
        svg.append(element("desc", self.description or self.title, id="desc"))
        svg.append(element("rect", width="100%", height="100%", fill=PAPER))
        svg.extend(self.elements)
        ElementTree.indent(svg, space="")
        return svg

    def svg(self) -> str:
        return ElementTree.tostring(self.root(), encoding="unicode") + "\n"


def text_width(text: str, size: float) -> float:
    """A rough width of ``text`` at font ``size`` (wide characters count double), to lay out columns."""
    from referee.cli.cells import cell_width

    return cell_width(text) * size * 0.58


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at font ``size`` (between words; CJK anywhere)."""
    from referee.cli.cells import fill

    columns = max(10, int(width / (size * 0.58)))
    return fill(text, columns).splitlines() or [""]
