"""``--help`` in the player's language: the Typer command tree with every help text translated.

Typer takes each command's help from its docstring or ``help=`` when the app is built; :func:`translated_command`
builds the Click command of the app and replaces each text by its translation (the messages are extracted from the
source by :mod:`referee.i18n_extract`, which reads docstrings of commands and ``help=`` strings). Typer's own few
words (``Options``, ``Commands``…) go through the same catalogue. In English nothing is changed.
"""

from __future__ import annotations

from typing import Any

from referee import i18n
from referee.i18n import N_, _

TYPER_MESSAGES = (
    N_("Options"),
    N_("Commands"),
    N_("Arguments"),
    N_("required"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Show this message and exit."),
    N_("Usage: "),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""Typer's own words in a help page or a usage error (it asks :mod:`gettext` for them)."""

SHORT_HELP_CELLS = 60
"""The widest a command's one-line summary in a list of commands may be, in terminal cells (so that a list of
commands fits in 80 columns, as Click's own summaries do)."""


def _short_help(text: str) -> str:
    """The first sentence of a translated help text, cut to :data:`SHORT_HELP_CELLS` cells.

    Click shortens at spaces, which Chinese and Korean sentences may not have, so the summary is made here."""
    from referee.cli.cells import cell_width as cell_len

    first = text.strip().split("\n\n", 1)[0].replace("\n", " ")
    for end in ("。", ". "):
        index = first.find(end)
        if index != -1:
            first = first[: index + len(end)].strip()
    if cell_len(first) <= SHORT_HELP_CELLS:
        return first
    cut = ""
    for char in first:
        if cell_len(cut + char) > SHORT_HELP_CELLS - 1:
            break
        cut += char
    return cut.rstrip() + "…"


def _translate_tree(command: Any) -> None:
    """Every help text of a command and its subcommands in the current language, and their usage lines."""
    if getattr(command, "help", None):
        command.help = _(command.help)
        command.short_help = _short_help(command.help)
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            param.help = _(param.help)
    command.context_class = _translated_context(command.context_class)
    help_option = command.get_help_option(command.context_class(command))
    if help_option is not None:
        help_option.help = _("Show this message and exit.")
    for child in getattr(command, "commands", {}).values():
        _translate_tree(child)


_TRANSLATED_CONTEXTS: dict[Any, Any] = {}


def _translated_context(context_class: Any) -> Any:
    """A command's context class whose help formatter writes the usage line's ``Usage: `` in the current language
    (Click writes it in English whatever the language). Public attributes only: ``Command.context_class`` and
    ``Context.formatter_class``."""
    found = _TRANSLATED_CONTEXTS.get(context_class)
    if found is not None:
        return found
    base_formatter: Any = context_class.formatter_class

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        base_formatter.write_usage(self, prog, args, _("Usage: ") if prefix is None else prefix)

    formatter = type("TranslatedFormatter", (base_formatter,), {"write_usage": write_usage})
    translated = type("TranslatedContext", (context_class,), {"formatter_class": formatter})
    _TRANSLATED_CONTEXTS[context_class] = translated
    return translated


def typer_gettext_settings() -> tuple[str, str, str] | None:
    """What :mod:`gettext` must be told for Typer's own words ("Options", "Commands"…) to come in the current
    language: the text domain, the folder of its catalogues and the language (``LANGUAGE``); None in English.

    Typer asks the process's :mod:`gettext` for them, which reads only process-wide settings (the text domain and the
    ``LANGUAGE`` variable): so they are set once, by the console script before any command runs
    (:func:`referee.cli.main.run`), never from inside a command."""
    folder = i18n.CATALOGUE_DIRS.get(i18n.current())
    if folder is None:
        return None
    return i18n.DOMAIN, str(i18n.LOCALE_DIR), folder


def translated_command(app: Any) -> Any:
    """The Click command of a Typer app, its help texts in the current language (Rich's help pages are off:
    ``rich_markup_mode=None``). Changes nothing outside the command it returns."""
    import typer.main

    command = typer.main.get_command(app)
    if i18n.current() != i18n.ENGLISH:
        _translate_tree(command)
    return command
