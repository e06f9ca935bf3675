"""The Typer app of ``referee``: the root command. Each registered game is its own Typer app, joined here with
``add_typer``.

Importing this module imports Typer (about 50 ms): :func:`referee.cli.main.run` answers ``--version`` without it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any, Protocol, runtime_checkable

import typer
from typer.core import TyperGroup

from referee import __version__, registry
from referee.cli.status import CommandFailed, ExitStatus, report
from referee.cli.tab.option_values import complete_language
from referee.errors import RefereeError
from referee.i18n import _


class RefereeGroup(TyperGroup):
    """The root command group: the one place where a command's end meets the exit status (HTTPie's pattern). A
    command returns its status; one that failed and said so raises :class:`~referee.cli.status.CommandFailed`; an
    error the referee reports and nobody caught becomes one line on standard error and the status of
    :func:`referee.cli.status.exit_status`."""

    def invoke(self, ctx: Any) -> Any:  # (Typer's Context, whose Click base Typer does not export)
        try:
            return super().invoke(ctx)
        except CommandFailed as failed:
            return failed.status
        except RefereeError as error:
            return report(error, ctx.obj)
        except KeyboardInterrupt:  # before the command's own account (Typer would end it at 130 with no word)
            return _interrupted(ctx.obj)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """Click's own; Ctrl-C while the command line is read (and the commands it names are loaded) is said in one
        line, as everywhere else, instead of Typer's silent exit 130."""
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            raise typer.Exit(_interrupted(kwargs.get("obj"))) from None

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Click's own, but a usage error (an unknown option, a missing argument) under ``--json`` also writes the
        error document ``{"error": {"message": …}}``: with ``--json``, standard output always holds one."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        from typer import Abort

        words = list(sys.argv[1:] if args is None else args)
        try:
            result = super().main(words, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as error:  # Click's usage errors (Typer's public base of them)
            if not isinstance(error, UsageProblem):
                raise
            problem = error
            problem.show()
            if "--json" in words:
                from referee.cli.output import json_text

                sys.stdout.write(json_text({"error": {"message": problem.format_message()}}) + "\n")
                sys.stdout.flush()
            sys.exit(problem.exit_code)
        except Abort:
            sys.stderr.write(_("Aborted!") + "\n")
            sys.exit(1)
        sys.exit(int(result) if isinstance(result, int) else ExitStatus.SUCCESS)


@runtime_checkable
class UsageProblem(Protocol):
    """What Click's usage errors offer (an unknown option, a missing argument)."""

    exit_code: int

    def show(self) -> None: ...

    def format_message(self) -> str: ...


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"referee {__version__}\n")
        raise typer.Exit(ExitStatus.SUCCESS)


def _main(
    ctx: typer.Context,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help="The language: en, zh-Hans, zh-Hant or ko (else LANGUAGE, LC_ALL, LANG).",
            autocompletion=complete_language,
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Referee a game, validate records, settle disputes, keep the score."""
    if ctx.obj is None:  # tests pass their own: app(args, obj=Environment(...))
        from referee.cli.env import Environment

        ctx.obj = Environment()


def build_app() -> typer.Typer:
    """The root app with one Typer app per registered game, joined under its command word."""
    from importlib import import_module

    root = typer.Typer(
        name="referee",
        cls=RefereeGroup,
        help=_("A referee and scorekeeper for tabletop games: {games}.").format(
            games=", ".join(_(entry.title) for entry in registry.GAMES.values())
        ),
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )
    root.callback()(_main)
    for entry in registry.GAMES.values():
        root.add_typer(import_module(entry.commands_module).app, name=entry.name)
    from referee.cli.history import commands as history

    root.add_typer(history.history_app, name="history")
    root.command("stats")(history.stats)
    return root


app = build_app()


def _interrupted(obj: object) -> ExitStatus:
    """Ctrl-C where no command's own account was given yet: one line, exit 130."""
    from referee.cli.env import Environment
    from referee.cli.output import Output

    Output(obj if isinstance(obj, Environment) else Environment()).error(_("interrupted"))
    return ExitStatus.INTERRUPTED
