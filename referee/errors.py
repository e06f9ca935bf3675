"""The referee's errors: each says what went wrong in one line. They know nothing of processes: the command line
maps them to exit statuses in one place (:func:`referee.cli.status.exit_status`).

Two families, as in the contract's exit codes:

* :class:`InputError` (exit 2): the input could not be read — bad notation, an unknown card or space,
  malformed TOML, a map that fails validation, bad options.
* :class:`IllegalAction` (exit 1): a well-formed action that a rule forbids; it names the rule topic, so
  ``referee GAME rules TOPIC`` explains it.

No other exception is meant to reach a player.
"""

from __future__ import annotations

from referee.i18n import _


class RefereeError(Exception):
    """Base of every error the referee reports to a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(RefereeError):
    """The input could not be read (exit 2)."""


class NotationError(InputError):
    """An action that is not written in the game's notation, or names an unknown coin, card or space."""


class SetupError(InputError):
    """Setup options or a record's setup that describe no valid game (player count, map, cards)."""


class IllegalAction(RefereeError):
    """A well-formed action that breaks a rule (exit 1).

    ``rule`` is the topic of ``referee GAME rules`` that forbids it.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class GameOver(IllegalAction):
    """An action after the end of the game."""

    def __init__(self, message: str = "the game is over") -> None:
        super().__init__("end", message)


class ReplayError(RefereeError):
    """An action of a record (1-based ``index``) that could not be applied; wraps the cause."""

    def __init__(self, index: int, action: str, cause: RefereeError) -> None:
        super().__init__(
            _("action {index} '{action}': {message}").format(index=index, action=action, message=cause.message)
        )
        self.index = index
        self.action = action
        self.cause = cause
