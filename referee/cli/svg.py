"""A small SVG writer, as python-chess draws its boards: strings put together, every text escaped, no dependency.

A :class:`Picture` is a list of elements in a ``viewBox`` of the size it ends up needing; :meth:`Picture.text`
escapes whatever it is given (a player named ``<script>`` or ``&`` stays text), and characters XML cannot hold
(control characters) become U+FFFD. Accessible: every picture has a ``<title>`` and a ``<desc>`` that a screen
reader says, in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.xmltext import escape, quoteattr

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif"
INK = "#1f2328"
MUTED = "#57606a"
PAPER = "#ffffff"
LINE = "#d0d7de"
GOOD = "#1a7f37"
BAD = "#cf222e"
HIGHLIGHT = "#bf8700"


def attr(value: object) -> str:
    return quoteattr(value)


def number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


@dataclass
class Picture:
    """An SVG document being drawn; :meth:`svg` closes it with a ``viewBox`` of ``width`` × ``height``."""

    width: float
    height: float
    title: str
    description: str = ""
    elements: list[str] = field(default_factory=list)

    def add(self, element: str) -> None:
        self.elements.append(element)

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
        extra: str = "",
    ) -> None:
        self.add(
            f'<rect x="{number(x)}" y="{number(y)}" width="{number(width)}" height="{number(height)}"'
            f' rx="{number(radius)}" fill={attr(fill)} stroke={attr(stroke)}'
            f' stroke-width="{number(stroke_width)}"{extra}/>'
        )

    def circle(self, x: float, y: float, r: float, *, fill: str, stroke: str = INK, stroke_width: float = 1) -> None:
        self.add(
            f'<circle cx="{number(x)}" cy="{number(y)}" r="{number(r)}" fill={attr(fill)} stroke={attr(stroke)}'
            f' stroke-width="{number(stroke_width)}"/>'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = LINE, width: float = 1) -> None:
        self.add(
            f'<line x1="{number(x1)}" y1="{number(y1)}" x2="{number(x2)}" y2="{number(y2)}" stroke={attr(stroke)}'
            f' stroke-width="{number(width)}" stroke-linecap="round"/>'
        )

    def polyline(self, points: list[tuple[float, float]], *, stroke: str, width: float = 2) -> None:
        joined = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self.add(
            f'<polyline points="{joined}" fill="none" stroke={attr(stroke)} stroke-width="{number(width)}"'
            ' stroke-linejoin="round" stroke-linecap="round"/>'
        )

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
        """Text (escaped), its baseline at ``y``."""
        self.add(
            f'<text x="{number(x)}" y="{number(y)}" font-size="{number(size)}" fill={attr(fill)}'
            f" font-weight={attr(weight)} text-anchor={attr(anchor)}>{escape(content)}</text>"
        )

    def svg(self) -> str:
        width, height = number(self.width), number(self.height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}"'
            f' height="{height}" role="img" aria-labelledby="title desc" font-family={attr(FONT)}>\n'
            f'<title id="title">{escape(self.title)}</title>\n'
            f'<desc id="desc">{escape(self.description or self.title)}</desc>\n'
            f'<rect width="100%" height="100%" fill="{PAPER}"/>\n' + "\n".join(self.elements) + "\n</svg>\n"
        )


def text_width(text: str, size: float) -> float:
    """A rough width of ``text`` at font ``size`` (wide characters count double), to lay out columns."""
    from referee.cli.cells import cell_width

    return cell_width(text) * size * 0.58


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at font ``size`` (between words; CJK anywhere)."""
    from referee.cli.cells import fill

    columns = max(10, int(width / (size * 0.58)))
    return fill(text, columns).splitlines() or [""]
