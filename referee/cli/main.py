"""``referee``: the console script.

Every TAB and every one-shot command starts a new process, so this module imports almost nothing: ``--version``
is answered here without Typer (about 50 ms of imports), ``check``, ``score`` and TAB by :mod:`referee.cli.fast`
(also without Typer), and anything else goes to the Typer app in :mod:`referee.cli.app`. Before all that,
``--lang`` is taken out of the command line and chooses the language (:mod:`referee.i18n`).
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


def _choose_language() -> None:
    """Take ``--lang`` out of ``sys.argv`` (so the fast path and Typer see a clean command line) and speak it."""
    from referee import i18n

    try:
        sys.argv[1:], value = i18n.take_lang_option(sys.argv[1:])
    except i18n.LangOptionError:
        sys.stderr.write("referee: --lang needs a language: " + ", ".join(i18n.LANGUAGES) + "\n")
        sys.exit(ExitStatus.BAD_INPUT)
    if value is not None:
        i18n.use(i18n.normalize(value) or i18n.ENGLISH)


def run() -> None:
    """The console script: no input ever produces a traceback."""
    try:
        _choose_language()
        if sys.argv[1:] == ["--version"]:
            from referee import __version__

            sys.stdout.write(f"referee {__version__}\n")
            sys.stdout.flush()
            sys.exit(ExitStatus.SUCCESS)
        from referee.cli import fast

        if fast.run(sys.argv[1:]):
            sys.exit(ExitStatus.SUCCESS)
        from referee.cli.app import app
        from referee.cli.help_text import translated_command

        translated_command(app)(prog_name="referee")
    except RefereeError as error:  # one the fast path left unreported (Typer's go through RefereeGroup)
        from referee.cli.status import ended_by

        raise ended_by(error) from None
    except KeyboardInterrupt:
        from referee.i18n import _

        sys.stderr.write("\nreferee: " + _("interrupted") + "\n")
        sys.exit(ExitStatus.INTERRUPTED)
    except BrokenPipeError:
        sys.exit(ExitStatus.SUCCESS)
    except RecursionError:
        from referee.i18n import _

        sys.stderr.write("referee: " + _("the input is nested too deeply") + "\n")
        sys.exit(ExitStatus.BAD_INPUT)
