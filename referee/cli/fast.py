"""The fast path: the one-shot commands people type between turns, answered without Typer.

Typer 0.29 (with the Click it carries, and pydantic) and building the app cost about 200 ms, far more than the
rest of ``referee GAME check`` put together. Every TAB and every ``check`` or ``score`` typed between turns
starts a new process, so :func:`run` answers these command lines itself: ``GAME check``, ``GAME score``, ``GAME
draw``, ``history list`` and ``stats`` (see :data:`COMMANDS`), and TAB (see :mod:`referee.cli.tab.completion`).

Their options and arguments are read from the command tree (``command_tree.json``,
:mod:`referee.cli.tab.command_tree`), generated from the Typer app through its public API and checked by a test: the
fast path has no option list of its own, and imports no Typer. Anything unusual (``--help``, ``--``, an unknown
option, a missing or extra argument, a value of the wrong type, an option given twice) goes to Typer, which also
writes the usage errors. Tests run both paths on the same command lines and compare their output
byte for byte.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from referee import registry

if TYPE_CHECKING:
    from referee.cli.env import Environment
    from referee.cli.fast_values import CheckValues, DrawValues, HistoryListValues, ScoreValues, StatsValues
    from referee.cli.shared_commands import AnyGameSpec
    from referee.cli.tab.command_tree import Command, Param

DISABLE = "REFEREE_NO_FAST_PATH"
"""Set this environment variable to send every command line to Typer (the tests compare the two paths)."""

GAME = "GAME"
"""In :data:`COMMANDS`, the place of any registered game's command word."""


def _check(env: Environment, spec: AnyGameSpec | None, values: dict[str, Any]) -> int | None:
    from referee.cli.shared_commands import check_command

    assert spec is not None
    typed = cast("CheckValues", values)
    action = " ".join(typed["action"])
    return check_command(env, spec, typed["record"], action, typed["json_mode"], typed["draw"])


def _score(env: Environment, spec: AnyGameSpec | None, values: dict[str, Any]) -> int | None:
    from referee.cli.shared_commands import score_command

    assert spec is not None
    typed = cast("ScoreValues", values)
    if typed["log"] or typed["location"] is not None:  # writes the history: Typer's own way
        return None
    return score_command(env, spec, typed["file"], typed["json_mode"], typed["board"], typed["draw"])


def _draw(env: Environment, spec: AnyGameSpec | None, values: dict[str, Any]) -> int | None:
    from referee.cli.draw import draw_command

    assert spec is not None
    typed = cast("DrawValues", values)
    return draw_command(env, spec, typed["file"], typed["at"], typed["output"], typed["force"])


def _history_list(env: Environment, spec: AnyGameSpec | None, values: dict[str, Any]) -> int | None:
    from referee.cli.history.listing import list_command

    typed = cast("HistoryListValues", values)
    return list_command(
        env, typed["game"], typed["player"], typed["since"], typed["limit"], typed["json_mode"], typed["history"]
    )


def _stats(env: Environment, spec: AnyGameSpec | None, values: dict[str, Any]) -> int | None:
    from referee.cli.history.stats_text import stats_command

    typed = cast("StatsValues", values)
    return stats_command(
        env,
        typed["game"],
        typed["player"],
        typed["vs"],
        typed["since"],
        typed["json_mode"],
        typed["history"],
        typed["highlights"],
    )


def _play(env: Environment, spec: AnyGameSpec | None, values: dict[str, Any]) -> int | None:
    """``GAME play``: its first screen is drawn sooner without Typer (issue 45: under 0.5 s). A room that reads its
    setup only through its Typer commands (no ``GameSpec.play_start``) is left to Typer."""
    from referee.cli.table.start import play_from_values

    assert spec is not None
    if spec.play_start is None:
        return None
    try:
        return play_from_values(env, spec, values)
    except KeyboardInterrupt:  # before the session's own account: as the Typer app says it
        from referee.cli.output import Output
        from referee.cli.status import ExitStatus
        from referee.i18n import _

        Output(env).error(_("interrupted"))
        return ExitStatus.INTERRUPTED


Answer = Callable[["Environment", "AnyGameSpec | None", dict[str, Any]], "int | None"]

COMMANDS: dict[tuple[str, ...], Answer] = {
    (GAME, "check"): _check,
    (GAME, "score"): _score,
    (GAME, "draw"): _draw,
    (GAME, "play"): _play,
    ("history", "list"): _history_list,
    ("stats",): _stats,
}
"""The commands of the fast path, each with the function that answers it from the values read (by the names of
the Typer command's parameters, its defaults filled in, each read as the command's ``TypedDict`` in
:mod:`referee.cli.fast_values` says, generated from the same tree), or declines (None: Typer answers)."""


def parse(command: Command, words: Sequence[str]) -> dict[str, Any] | None:
    """The values of a command line for one command of the command tree, by parameter name, defaults filled in;
    None when anything is unusual (Typer then reads it, and says what is wrong). An option Click checks through a
    callback (``play --location``) goes to Typer when given; not given, its callback is given None and keeps it
    (an option with another default goes to Typer always)."""
    options: dict[str, Param] = {}
    negative: dict[str, Param] = {}
    arguments: list[Param] = []
    checked: set[str] = set()
    for param in command.params:
        if param.callback and param.expose_value:  # Click calls it, given or not: Typer's own when given
            if not param.is_option or param.default is not None:
                return None
            checked.add(param.name)
        if not param.is_option:
            arguments.append(param)
        else:
            for name in param.opts:
                options[name] = param
            for name in param.secondary_opts:
                negative[name] = param
    values: dict[str, Any] = {param.name: param.default for param in options.values() if param.expose_value}
    given: set[str] = set()
    positional: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if not word.startswith("-") or word == "-":
            positional.append(word)
            continue
        name, equals, value = word.partition("=") if word.startswith("--") else (word, "", "")
        off = negative.get(name)
        if off is not None:  # --no-history: the flag's negative name
            if equals or off.name in given:
                return None
            given.add(off.name)
            values[off.name] = False
            continue
        found = options.get(name)
        if found is None or found.name in given or found.multiple or not found.expose_value:
            return None  # unknown, twice, several values, or --help
        given.add(found.name)
        if found.flag:
            if equals:
                return None
            values[found.name] = True
            continue
        if not equals:
            if index >= len(words) or (words[index].startswith("-") and words[index] != "-"):
                return None
            value = words[index]
            index += 1
        converted = _value(found, value)
        if converted is None:
            return None
        values[found.name] = converted
    if any(param.required and param.name not in given for param in options.values()) or checked & given:
        return None
    for param in arguments:
        if param.nargs == -1:
            taken, positional = positional, []
            if param.required and not taken:
                return None
            values[param.name] = taken
        elif positional:
            values[param.name] = positional.pop(0)
        elif param.required:
            return None
        else:
            values[param.name] = param.default
    return None if positional else values


def _value(param: Param, text: str) -> Any:
    """A value as its option's kind reads it; None when Typer should read it (and perhaps refuse it)."""
    if param.kind == "text":
        return text
    if param.kind == "int" and re.fullmatch(r"[0-9]{1,9}", text):
        return int(text)
    if param.kind == "float" and re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,9})?", text):
        return float(text)
    return None


def read(argv: Sequence[str]) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    """The command of :data:`COMMANDS` a command line is (a game's as ``("GAME", "check")``) and its values, read
    by :func:`parse` from the command tree; None when it is not on the fast path."""
    if argv[:1] and argv[0] in registry.GAMES:
        command: tuple[str, ...] = (GAME, *argv[1:2])
    else:
        command = tuple(argv[:2]) if argv[:1] == ["history"] else tuple(argv[:1])
    if command not in COMMANDS:
        return None
    from referee.cli.tab import command_tree

    node = command_tree.root()
    for word in argv[: len(command)]:
        node = node.commands.get(word) if node is not None else None
    if node is None:  # a game registered since the tree was generated: Typer knows it
        return None
    values = parse(node, argv[len(command) :])
    return None if values is None else (command, values)


def run(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> int | None:
    """Answer ``argv`` if it is on the fast path: the command's exit status; None if not (for Typer)."""
    if environ.get(DISABLE):
        return None
    if "_REFEREE_COMPLETE" in environ:
        from referee.cli.tab.completion import complete

        return complete(environ)
    found = read(argv)
    if found is None:
        return None
    command, values = found
    from referee.cli.env import Environment
    from referee.cli.shared_commands import load_spec

    spec = load_spec(argv[0]) if command[0] == GAME else None
    return COMMANDS[command](Environment(), spec, values)
