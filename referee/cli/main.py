"""``referee``: the console script, the boundary of the process.

Every TAB and every one-shot command starts a new process, so this module imports almost nothing: ``--version``
is answered here without Typer, ``check``, ``score`` and TAB by :mod:`referee.cli.fast` (also without Typer: it
reads the command line's description generated from the Typer app), and anything else goes to the Typer app in
:mod:`referee.cli.app`. Before all that, ``--lang`` is taken out of the command line and chooses the language
(:mod:`referee.i18n`). What is process-wide is set here, before any command runs, and nowhere else: standard output's
guard (:mod:`referee.cli.streams`) and, for Typer's own words, gettext's domain and language."""

from __future__ import annotations

import os
import sys
from typing import Any

from referee.cli.status import CommandFailed, ExitStatus
from referee.cli.streams import GuardedStdout, ReaderGone
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
        language = i18n.normalize(value)
        if language is None:
            _say(f"referee: warning: no language '{value}' (the languages are {', '.join(i18n.LANGUAGES)}); English")
        i18n.use(language or i18n.ENGLISH)


def run() -> None:
    """The console script: no input ever produces a traceback, nor does a closed or failing stream."""
    if not _streams_usable():
        sys.exit(ExitStatus.BAD_INPUT)
    try:
        _choose_language()
        if sys.argv[1:] == ["--version"]:
            from referee import __version__

            sys.stdout.write(f"referee {__version__}\n")
            sys.stdout.flush()
            sys.exit(ExitStatus.SUCCESS)
        if sys.argv[1:2] in (["--install-completion"], ["--show-completion"]) and len(sys.argv) <= 3:
            from referee.cli.tab.shell_setup import completion_command

            status = completion_command(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None, os.environ)
            if status is not None:
                sys.exit(status)
        from referee.cli import fast

        status = fast.run(sys.argv[1:])
        if status is not None:
            sys.exit(status)
        from referee.cli.app import app
        from referee.cli.help_text import translated_command, typer_gettext_settings

        _tell_gettext(typer_gettext_settings())
        translated_command(app)(prog_name="referee")
    except CommandFailed as failed:  # the fast path's (Typer's end in RefereeGroup)
        sys.exit(failed.status)
    except RefereeError as error:  # one the fast path left unreported
        from referee.cli.status import report

        sys.exit(report(error))
    except KeyboardInterrupt:
        from referee.i18n import _

        _say("\nreferee: " + _("interrupted"))
        sys.exit(ExitStatus.INTERRUPTED)
    except (BrokenPipeError, ReaderGone):  # the reader went away (``| head -1``): nothing more to say to anyone
        _silence_stdout()
        sys.exit(ExitStatus.SUCCESS)
    except RecursionError:
        from referee.i18n import _

        _say("referee: " + _("the input is nested too deeply"))
        sys.exit(ExitStatus.BAD_INPUT)
    except OSError as error:
        _silence_stdout()
        if error.filename is not None:  # a path the system refused, wherever it was met
            from referee.cli.output import safe

            _say(f"referee: {safe(str(error.filename))}: {error.strerror}")
        else:
            _say(f"referee: cannot write the output ({error.strerror})")
        sys.exit(ExitStatus.BAD_INPUT)


def _tell_gettext(settings: tuple[str, str, str] | None) -> None:
    """Typer asks the process's :mod:`gettext` for its own words: its text domain and language, set here once,
    before the Typer app runs (see :func:`referee.cli.help_text.typer_gettext_settings`)."""
    if settings is None:
        return
    import gettext

    domain, folder, language = settings
    gettext.bindtextdomain(domain, folder)
    gettext.textdomain(domain)
    os.environ["LANGUAGE"] = language


def _streams_usable() -> bool:
    """Make the standard streams safe to use: text no encoding can hold is written as escapes (``\\u2014``) instead
    of failing, a closed standard error is replaced by nothing. A closed standard output cannot be: say so."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the life of the process
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    if sys.stdout is None:
        _say("referee: standard output is closed; nothing was done")
        return False
    sys.stdout = GuardedStdout(sys.stdout)  # (the process's own stream, set once here at the boundary)
    return True


def _say(line: str) -> None:
    """One line on standard error, if it can be written at all."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush of what is left fails no more."""
    if isinstance(sys.stdout, GuardedStdout):
        sys.stdout = sys.stdout.stream
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
