"""``referee`` run in this process: the Typer app built once (building it is most of an in-process call), each
call with streams of its own, so tables of hundreds of commands stay fast."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from referee.cli.env import Environment


@cache
def _command() -> Any:
    import typer.main

    from referee.cli.main import app

    return typer.main.get_command(app)


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``referee ARGS`` (an exception is left to propagate: a
    traceback is what the tests forbid)."""
    stdout, stderr = io.StringIO(), io.StringIO()
    environment = Environment(
        stdin=io.StringIO(stdin), stdout=stdout, stderr=stderr, stdin_isatty=False, stdout_isatty=False, no_color=True
    )
    code = _command().main(list(args), prog_name="referee", standalone_mode=False, obj=environment) or 0
    return int(code), stdout.getvalue(), stderr.getvalue()
