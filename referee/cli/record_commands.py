"""The record commands every game has (replay, check, score, rules), registered once for each game's Typer app.

No ``from __future__ import annotations`` here: Typer reads these signatures, and the help texts that differ by
game are values of the enclosing call.
"""

from typing import Annotated

import typer

from referee.cli import shared_commands
from referee.cli.history.commands import HistoryFileOption
from referee.cli.shared_commands import GameSpec
from referee.cli.tab.action_words import complete_action
from referee.i18n import _

JsonOption = Annotated[bool, typer.Option("--json", help="JSON for scripts (see the contract).")]
GamesOption = Annotated[int, typer.Option("--games", help="How many games.")]
"""``simulate --games``, in every game."""
DrawOption = Annotated[
    str | None, typer.Option("--draw", metavar="FILE.svg", help="Also draw it as a picture (SVG) into this file.")
]
"""``check --draw`` and ``score --draw``."""
SimulationSeedOption = Annotated[int | None, typer.Option("--seed", help="Random seed, for repeatable runs.")]
"""``simulate --seed``, in every game."""
RecordOption = Annotated[str | None, typer.Option("--record", help="Write the game to this file.")]
"""``play --record``, in every game."""
ResumeOption = Annotated[str | None, typer.Option("--resume", help="Continue the game of this record.")]
"""``play --resume``, in every game."""


def add_record_commands(
    app: typer.Typer,
    spec: GameSpec,
    *,
    action_example: str,
    score_file_help: str,
    score_doc: str,
    complete_topic: object,
) -> None:
    """Add ``replay``, ``check``, ``score`` and ``rules`` to a game's app (after its ``play``, for the help order)."""

    @app.command()
    def replay(
        ctx: typer.Context,
        records: Annotated[list[str], typer.Argument(help="Record files ('-' for standard input).")],
        json_mode: JsonOption = False,
        jobs: Annotated[
            int | None, typer.Option("--jobs", help="Worker processes for many records (default: all cores).")
        ] = None,
    ) -> int:
        """Validate whole records from the first action."""
        return shared_commands.replay_command(ctx.obj, spec, records, json_mode, jobs)

    @app.command()
    def check(
        ctx: typer.Context,
        record: Annotated[str, typer.Argument(help="The record so far ('-' for standard input).")],
        action: Annotated[
            list[str],
            typer.Argument(
                help=_("The action in question, e.g. '{example}' (quoted, or as separate words).").format(
                    example=action_example
                ),
                autocompletion=complete_action,
            ),
        ],
        json_mode: JsonOption = False,
        draw: DrawOption = None,
    ) -> int:
        """Would ACTION be legal next? Which rule says so?"""
        return shared_commands.check_command(ctx.obj, spec, record, " ".join(action), json_mode, draw)

    def score(
        ctx: typer.Context,
        file: Annotated[str, typer.Argument(help=score_file_help)],
        json_mode: JsonOption = False,
        board: Annotated[bool, typer.Option("--board", help="Draw the table as well as the score.")] = False,
        log: Annotated[bool, typer.Option("--log", help="Log the game (or final position) in the history.")] = False,
        location: Annotated[
            str | None, typer.Option("--location", help="With --log: where the game was played.")
        ] = None,
        history: HistoryFileOption = None,
        draw: DrawOption = None,
    ) -> int:
        if location is not None and not log:
            raise typer.BadParameter(_("--location goes with --log (where the logged game was played)"))
        if log:
            from referee.cli.history.play_log import score_with_log

            return score_with_log(ctx.obj, spec, file, json_mode, board, history, location, draw)
        return shared_commands.score_command(ctx.obj, spec, file, json_mode, board, draw)

    score.__doc__ = score_doc
    app.command()(score)

    @app.command()
    def draw(
        ctx: typer.Context,
        file: Annotated[str, typer.Argument(metavar="RECORD|POSITION", help="A record or a position ('-': stdin).")],
        output: Annotated[str, typer.Option("-o", "--output", help="The picture to write: FILE.svg ('-': stdout).")],
        at: Annotated[int | None, typer.Option("--at", help="After this many actions of the record.")] = None,
        force: Annotated[bool, typer.Option("--force", help="Replace the picture if it exists.")] = False,
    ) -> int:
        """A picture (SVG) of the position: the table as it lies, the score as it stands."""
        from referee.cli.draw import draw_command

        return draw_command(ctx.obj, spec, file, at, output, force)

    @app.command()
    def rules(
        ctx: typer.Context,
        topic: Annotated[
            str | None, typer.Argument(help="A topic; none for all.", autocompletion=complete_topic)
        ] = None,
    ) -> int:
        """The rules and the referee's rulings, by topic."""
        return shared_commands.rules_command(ctx.obj, spec, topic)
