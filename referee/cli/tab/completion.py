"""TAB completion answered from the command tree, without importing Typer.

Every TAB runs ``referee`` with ``_REFEREE_COMPLETE=complete_SHELL`` and the words typed so far. Typer answers
by importing itself, building every command and parsing the words (over 100 ms); this module follows the same
steps as Typer's completion over the command tree (``command_tree.json``, :mod:`referee.cli.tab.command_tree`), which
``scripts/make_completions.py`` writes from the Typer app, and prints what Typer would print for bash, zsh, fish
and PowerShell.

It answers only the plain cases: words it does not know (an unknown command or option, ``--``, ``--name=value``,
an option before the subcommand) make :func:`complete` return None and Typer answers. A test compares the two
on thousands of command lines, byte for byte.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.cli.tab.command_tree import Command, Param

Item = tuple[str, "str | None", bool]
"""A completion: the word, its help (None: no help), and whether Rich would print that help otherwise than written
(markup: Typer answers)."""

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


OTHER_COMMANDS = ("history", "stats")
"""The root commands that are not games (the history's)."""


class Unsure(Exception):
    """The command line is not one of the plain cases: Typer answers it."""


def split_words(text: str) -> list[str]:
    """Split the command line as Typer does (``shlex``; an unfinished quote or escape keeps the partial word)."""
    import shlex

    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words: list[str] = []
    try:
        words.extend(lexer)
    except ValueError:
        words.append(lexer.token)
    return words


def words_and_incomplete(shell: str, environ: Mapping[str, str]) -> tuple[list[str], str]:
    """The complete words after the program's name, and the word being completed (each shell tells it its way)."""
    if shell == "bash":
        words = split_words(environ.get("COMP_WORDS", ""))
        index = int(environ.get("COMP_CWORD", "0"))
        if index < 1:
            raise Unsure(index)
        return words[1:index], words[index] if index < len(words) else ""
    line = environ.get("_TYPER_COMPLETE_ARGS", "")
    words = split_words(line)[1:]
    if shell in ("powershell", "pwsh"):
        incomplete = environ.get("_TYPER_COMPLETE_WORD_TO_COMPLETE", "")
        return (words[:-1] if incomplete else words), incomplete
    if words and not line.endswith(" "):
        return words[:-1], words[-1]
    return words, ""


# -- following the words through the tree --------------------------------------------------------------------
def find_option(command: Command, word: str) -> Param:
    for param in command.options:
        if word in param.names:
            return param
    raise Unsure(word)


def value_option(command: Command, word: str) -> Param | None:
    """The option taking a value that ``word`` names (as Typer, whether or not it was itself taken as a value)."""
    if not word.startswith("-") or word == "-":
        return None
    option = find_option(command, word)
    return option if not option.flag and word in option.opts else None


def resolve(tree: Command, words: list[str]) -> tuple[Command, set[str], list[str]]:
    """The command the words lead to, the options given on the command line (by name) and its positionals."""
    command, rest = tree, list(words)
    while command.is_group and rest:
        word = rest.pop(0)
        if word.startswith("-"):
            raise Unsure(word)  # an option of a group: rare, Typer decides
        if word not in command.commands:
            raise Unsure(word)
        command = command.commands[word]
    given: set[str] = set()
    positionals: list[str] = []
    while rest:
        word = rest.pop(0)
        if word == "--" or (word.startswith("-") and "=" in word):
            raise Unsure(word)
        if word.startswith("-") and word != "-":
            option = find_option(command, word)
            if not option.flag:
                if not rest:
                    raise Unsure(word)  # the option's value is what is being completed: handled by the caller
                rest.pop(0)
            given.add(option.name)
        else:
            positionals.append(word)
    return command, given, positionals


def value_items(param: Param, incomplete: str, words: list[str] | None = None) -> list[Item]:
    """The completions of a value: the parameter's function (given the words typed before, when it takes them, as
    Typer's ``(ctx, args, incomplete)``), else none."""
    if param.complete is None:
        return []
    module, function = param.complete.split(":")
    complete = getattr(import_module(module), function)
    items: list[Item] = []
    values = complete(None, list(words or []), incomplete) if param.complete_with_words else complete(incomplete)
    for value in values:
        if not isinstance(value, str):
            raise Unsure(value)  # (value, help) pairs: let Typer render the help
        if value.startswith(incomplete):
            items.append((value, None, False))
    return items


def command_items(command: Command, given: set[str], incomplete: str) -> list[Item]:
    """What a command offers for a word that is not a value: its subcommands, then (for ``-…``) its options."""
    items: list[Item] = [
        (name, child.help, child.help_markup) for name, child in command.commands.items() if name.startswith(incomplete)
    ]
    if incomplete and not incomplete[0].isalnum():
        for option in command.options:
            if option.hidden or (option.name in given and not option.multiple):
                continue
            items.extend(
                (name, option.help, option.help_markup) for name in option.names if name.startswith(incomplete)
            )
    return items


def completions(tree: Command, words: list[str], incomplete: str) -> list[Item]:
    """The completions of ``incomplete`` after ``words``, in Typer's order (raises :class:`Unsure`)."""
    if incomplete == "=" or ("=" in incomplete and incomplete.startswith("-")) or "--" in words:
        raise Unsure(incomplete)
    try:
        command, given, positionals = resolve(tree, words)
    except Unsure:
        # The one plain case among them: the last word is an option whose value is being completed.
        if not words or not words[-1].startswith("-"):
            raise
        command, given, positionals = resolve(tree, words[:-1])
        if command.is_group or value_option(command, words[-1]) is None:
            raise
    pending = value_option(command, words[-1]) if words else None
    if incomplete.startswith("-"):
        if pending is not None:
            raise Unsure(incomplete)
        return command_items(command, given, incomplete)
    if pending is not None:
        return value_items(pending, incomplete, words)
    taken = len(positionals)
    for argument in command.arguments:
        if argument.nargs == -1 or taken == 0:
            return value_items(argument, incomplete, words)
        taken -= argument.nargs
    return command_items(command, given, incomplete)


# -- printing them as the shell wants them ------------------------------------------------------------------
def help_width(environ: Mapping[str, str]) -> int:
    """The narrowest width Rich could wrap Typer's helps at (Typer prints helps through Rich)."""
    widths = [80]
    for name in ("TERMINAL_WIDTH", "COLUMNS"):
        if environ.get(name, "").isdigit():
            widths.append(int(environ[name]))
    for descriptor in (0, 1, 2):
        try:
            widths.append(os.get_terminal_size(descriptor).columns)
        except (OSError, ValueError):
            continue
    return min(widths)


def zsh_escape(text: str) -> str:
    return text.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`").replace(":", r"\\:")


def shell_help(shell: str, text: str) -> str:
    """A help as Typer's completion class for the shell prints it (a help with Rich markup never comes here: see
    :func:`formatted`)."""
    if shell == "zsh":
        return zsh_escape(text)
    if shell == "fish":
        return "".join(" " if char.isspace() else char for char in text)  # Typer's re.sub(r"\s", " ", …)
    return text


def formatted(shell: str, items: list[Item], environ: Mapping[str, str]) -> list[str]:
    """Each completion as Typer's completion class for the shell formats it."""
    if shell == "bash":
        return [value for value, _, _ in items]
    if any(markup for _, _, markup in items):
        raise Unsure("a help Rich would print otherwise than written")
    width = help_width(environ)
    helps = [None if text is None else shell_help(shell, text) for _, text, _ in items]
    if any(text is not None and len(text) >= width for text in helps):
        raise Unsure("a help Rich would wrap")
    lines = []
    for (value, _, _), text in zip(items, helps, strict=True):
        if shell == "zsh":
            lines.append(f'"{zsh_escape(value)}":"{text}"' if text else f'"{zsh_escape(value)}"')
        elif shell == "fish":
            lines.append(f"{value}\t{text}" if text else value)
        else:
            lines.append(f"{value}:::{text if text else ' '}")
    return lines


def complete(environ: Mapping[str, str]) -> int | None:
    """Answer a completion request like Typer: the exit status; None when it is not a plain case (Typer then
    answers)."""
    action, _, shell = environ.get("_REFEREE_COMPLETE", "").partition("_")
    if action != "complete" or shell not in SHELLS:
        return None
    from referee import registry
    from referee.cli.tab import command_tree

    tree = command_tree.root()
    if tree is None:  # no command tree to read: Typer answers
        return None
    try:
        words, incomplete = words_and_incomplete(shell, environ)
        known = set(registry.GAMES) | set(OTHER_COMMANDS)
        if known != set(tree.commands) and (not words or words[0] not in known & set(tree.commands)):
            return None  # the games changed since the tree was generated: Typer lists them (or the new one's words)
        lines = formatted(shell, completions(tree, words, incomplete), environ)
    except (Unsure, ValueError):
        return None
    if shell == "fish":
        fish_action = environ.get("_TYPER_COMPLETE_FISH_ACTION", "")
        if fish_action == "is-args":
            return 0 if lines else 1
        text = "\n".join(lines) if fish_action == "get-args" else ""
    elif shell == "zsh":
        text = "_arguments '*: :((" + "\n".join(lines) + "))'" if lines else "_files"
    else:
        text = "\n".join(lines)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return 0
