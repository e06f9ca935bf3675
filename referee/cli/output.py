"""Everything the referee prints: text for people (Rich, imported only when text is printed), JSON for scripts,
and one-line errors on standard error."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment

if TYPE_CHECKING:
    from rich.console import Console


def safe(text: str) -> str:
    """Text with control characters (escape sequences included) made visible, so none reaches a terminal raw."""
    if text.isprintable():
        return text
    return "".join(
        char if char in "\n\t" or not unicodedata.category(char).startswith("C") else repr(char)[1:-1] for char in text
    )


_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]")
"""What ``json.dumps(ensure_ascii=False)`` leaves raw but a terminal may act on: DEL, C1 controls (8-bit CSI),
format and bidi controls, line separators. Written as ``\\uXXXX`` escapes: the same JSON, safe to print."""


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(document: Any, *, indent: int | None = 2) -> str:
    """A JSON document as text that is safe to print (see ``_UNSAFE_IN_JSON``)."""
    return _UNSAFE_IN_JSON.sub(_json_escape, json.dumps(document, ensure_ascii=False, indent=indent))


class Output:
    """Where a command writes. ``json_mode`` keeps standard output for exactly one JSON document (or lines)."""

    def __init__(self, env: Environment, json_mode: bool = False) -> None:
        self.env = env
        self.json_mode = json_mode
        self._console: Console | None = None
        self._error_console: Console | None = None

    @property
    def console(self) -> Console:
        """A Rich console on standard output (created at first use: Rich costs start-up time)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(
                file=self.env.stdout,
                no_color=not self.env.color,
                force_terminal=self.env.color or None,
                color_system="auto" if self.env.color else None,
                highlight=False,
                emoji=False,
                soft_wrap=False,
                width=None if self.env.stdout_isatty else 100,
            )
        return self._console

    def text(self, message: str = "") -> None:
        """Plain text for people (no markup)."""
        if self.json_mode:
            return
        self.env.stdout.write(safe(message) + "\n")
        self.env.stdout.flush()

    def show(self, *renderables: Any) -> None:
        """Rich renderables (tables, panels) for people; nothing in JSON mode."""
        if self.json_mode:
            return
        self.console.print(*renderables)

    def json(self, document: Any, *, lines: bool = False) -> None:
        self.env.stdout.write(json_text(document, indent=None if lines else 2) + "\n")
        self.env.stdout.flush()

    def error(self, message: str) -> None:
        """One line on standard error."""
        self.env.stderr.write("referee: " + safe(message).replace("\n", " ") + "\n")
        self.env.stderr.flush()

    def warn(self, message: str) -> None:
        self.env.stderr.write("referee: warning: " + safe(message).replace("\n", " ") + "\n")
        self.env.stderr.flush()

    def note(self, message: str) -> None:
        """A message for the player that is not the game's output (stderr, so pipes and JSON stay clean)."""
        self.env.stderr.write(safe(message) + "\n")
        self.env.stderr.flush()
