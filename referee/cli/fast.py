"""The fast path: the one-shot commands people type between turns, answered without Typer.

Typer (with the Click it carries) costs about 50 ms to import and about 30 ms more to build the command tree, more
than the rest of ``referee GAME check`` put together. Every TAB and every ``check`` or ``score`` typed between turns
starts a new process, so :func:`run` answers exactly these command lines itself:

* ``referee GAME check RECORD ACTION [--json]`` and ``referee GAME score FILE [--json]``: the same command
  functions (:func:`referee.cli.shared_commands.check_command`, :func:`~referee.cli.shared_commands.score_command`)
  that Typer calls;
* ``referee GAME draw FILE -o OUT [--at N] [--force]`` (:func:`referee.cli.pictures.draw_command`);
* a TAB completion request (see :mod:`referee.cli.completion`).

Anything else, or anything unusual about these (``--help``, another option, ``--``, a missing or extra argument,
an argument that starts with ``-``), goes to Typer, which also writes the usage errors. Tests run both paths on
the same command lines and compare their output byte for byte.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from importlib import import_module

from referee import registry

POSITIONALS = {"check": 2, "score": 1}
"""The commands of the fast path and how many arguments each takes at least (the only option of both is
``--json``); ``check`` joins the words of its action (``check RECORD place Q B2``)."""

DISABLE = "REFEREE_NO_FAST_PATH"
"""Set this environment variable to send every command line to Typer (the tests compare the two paths)."""


def parse(argv: Sequence[str]) -> tuple[str, str, list[str], bool] | None:
    """``(game, command, arguments, json_mode)`` when ``argv`` is a plain check or score, else None (for Typer)."""
    if len(argv) < 2 or argv[0] not in registry.GAMES or argv[1] not in POSITIONALS:
        return None
    arguments: list[str] = []
    json_flags = 0
    for word in argv[2:]:
        if word == "--json":
            json_flags += 1
        elif word.startswith("-") and word != "-":
            return None
        else:
            arguments.append(word)
    wanted = POSITIONALS[argv[1]]
    if len(arguments) < wanted or (argv[1] == "score" and len(arguments) > wanted) or json_flags > 1:
        return None
    if argv[1] == "check":
        arguments = [arguments[0], " ".join(arguments[1:])]
    return argv[0], argv[1], arguments, json_flags == 1


def parse_draw(argv: Sequence[str]) -> tuple[str, str, str, int | None, bool] | None:
    """``(game, file, output, at, force)`` for a plain ``GAME draw FILE -o OUT [--at N] [--force]``, else None."""
    if len(argv) < 2 or argv[0] not in registry.GAMES or argv[1] != "draw":
        return None
    words = list(argv[2:])
    files: list[str] = []
    output: str | None = None
    at: int | None = None
    force = False
    while words:
        word = words.pop(0)
        if word in ("-o", "--output", "--at") and words and not (words[0].startswith("-") and words[0] != "-"):
            value = words.pop(0)
            if word == "--at":
                if not value.isdigit() or at is not None or len(value) > 9:
                    return None
                at = int(value)
            elif output is None:
                output = value
            else:
                return None
        elif word == "--force" and not force:
            force = True
        elif word.startswith("-") and word != "-":
            return None
        else:
            files.append(word)
    if len(files) != 1 or output is None:
        return None
    return argv[0], files[0], output, at, force


def run(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> int | None:
    """Answer ``argv`` if it is on the fast path: the command's exit status; None if not (for Typer)."""
    if environ.get(DISABLE):
        return None
    if "_REFEREE_COMPLETE" in environ:
        from referee.cli.completion import complete

        return complete(environ)
    if argv[:1] in (["history"], ["stats"]):
        from referee.cli.history.fast import run_fast

        return run_fast(argv)
    drawing = parse_draw(argv)
    if drawing is not None:
        from referee.cli.env import Environment
        from referee.cli.pictures import draw_command

        game_name, file, output, at, force = drawing
        return draw_command(
            Environment(), import_module(registry.GAMES[game_name].spec_module).SPEC, file, at, output, force
        )
    parsed = parse(argv)
    if parsed is None:
        return None
    game, command, arguments, json_mode = parsed
    from referee.cli import shared_commands
    from referee.cli.env import Environment

    spec = import_module(registry.GAMES[game].spec_module).SPEC
    if command == "check":
        return shared_commands.check_command(Environment(), spec, arguments[0], arguments[1], json_mode)
    return shared_commands.score_command(Environment(), spec, arguments[0], json_mode)
