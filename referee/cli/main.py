"""``referee``: the console script.

Every TAB and every one-shot command starts a new process, so this module imports almost nothing: ``--version``
is answered here without Typer (about 50 ms of imports), ``check``, ``score`` and TAB by :mod:`referee.cli.fast`
(also without Typer), and anything else goes to the Typer app in :mod:`referee.cli.app`.
"""

from __future__ import annotations

import sys
from typing import Any

from referee.cli.status import ExitStatus
from referee.errors import RefereeError


def __getattr__(name: str) -> Any:
    if name == "app":  # referee.cli.main.app, as before the app moved to referee.cli.app
        from referee.cli.app import app

        return app
    raise AttributeError(name)


def run() -> None:
    """The console script: no input ever produces a traceback."""
    try:
        if sys.argv[1:] == ["--version"]:
            from referee import __version__

            sys.stdout.write(f"referee {__version__}\n")
            sys.stdout.flush()
            sys.exit(ExitStatus.SUCCESS)
        from referee.cli import fast

        if fast.run(sys.argv[1:]):
            sys.exit(ExitStatus.SUCCESS)
        from referee.cli.app import app

        app(prog_name="referee")
    except RefereeError as error:  # one the fast path left unreported (Typer's go through RefereeGroup)
        from referee.cli.status import ended_by

        raise ended_by(error) from None
    except KeyboardInterrupt:
        sys.stderr.write("\nreferee: interrupted\n")
        sys.exit(ExitStatus.INTERRUPTED)
    except BrokenPipeError:
        sys.exit(ExitStatus.SUCCESS)
    except RecursionError:
        sys.stderr.write("referee: the input is nested too deeply\n")
        sys.exit(ExitStatus.BAD_INPUT)
