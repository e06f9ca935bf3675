"""The commands every game has (play, replay, check, score, draw, rules, simulate), registered once for each game's
Typer app from its :class:`GameSpec` and its declared :class:`GameCommands` (its setup options, said once).

No ``from __future__ import annotations`` here: Typer reads these signatures, and the help texts that differ by
game are values of the enclosing call.
"""

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from referee.cli import shared_commands
from referee.cli.history.commands import HistoryFileOption, LocationOption, LogOption, PlayHistoryOption
from referee.cli.output import Output
from referee.cli.shared_commands import AnyGameSpec, GameSpec, OptionValues
from referee.cli.status import fail
from referee.cli.tab.action_words import complete_action
from referee.engine import ActionT, StateT
from referee.errors import RefereeError
from referee.i18n import _

JsonOption = Annotated[bool, typer.Option("--json", help="JSON for scripts (see the contract).")]
ServeOption = Annotated[
    str | None,
    typer.Option(
        "--serve",
        metavar="[HOST:]PORT",
        help="Serve the table's pages too: HOST:PORT or PORT (host 127.0.0.1).",
    ),
]
"""``play --serve``, in every game (see :mod:`referee.cli.serve`)."""
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
    spec: GameSpec[StateT, ActionT],
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


# -- play and simulate, from a game's declaration ---------------------------------------------------------------
Values = OptionValues


@dataclass(frozen=True)
class Param:
    """One option a game gives a shared command: its parameter name (the key of its value in :data:`Values`), its
    type annotated with its ``typer.Option``, and its default (none: the option is required)."""

    name: str
    annotation: object
    default: object = inspect.Parameter.empty


@dataclass(frozen=True)
class GameCommands:
    """What a game tells the shared commands about itself, each thing once: its setup options (after ``--players`` in
    ``play`` and ``simulate``) and how they are read, the help texts that are its own, and the options only its
    ``play`` has. :func:`add_shared_commands` makes the commands from it."""

    setup_options: tuple[Param, ...]
    """The options that choose the game's setup, in the order of ``--help`` (in ``play`` and ``simulate``)."""
    read_setup: Callable[[str, Values, Output], tuple[list[str], dict[str, Any]]]
    """``--players`` and the setup options' values into the players and the rules' setup (RefereeError: said)."""
    play_players: Param
    """``play --players`` (its help; optional: without it the table asks)."""
    play_doc: str
    simulate_players: Param
    """``simulate --players`` (its help and its default)."""
    simulate_doc: str
    action_example: str
    """An action as ``check`` takes it (in its help)."""
    score_file_help: str
    score_doc: str
    complete_topic: object
    """The room's completion of a rules topic (a function of the room module, named in the command tree)."""
    play_setup_options: tuple[Param, ...] | None = None
    """``play``'s setup options when they are not :attr:`setup_options` (The Builders deals or takes a deal)."""
    table_options: tuple[Param, ...] = ()
    """``play``'s own options between ``--location`` and ``--json``."""
    after_json: tuple[Param, ...] = ()
    """``play``'s own options after ``--json`` (the computer's)."""
    simulate_spec: Callable[[AnyGameSpec, Values], AnyGameSpec] | None = None
    """The spec ``simulate`` plays with, from its values (The Builders deals anew each game from ``--seed``)."""


def command_function(name: str, doc: str, params: list[Param], run: Callable[..., int]) -> Callable[..., int]:
    """A function Typer reads as a command: ``name(ctx, <params>) -> int``, its docstring the help, calling
    ``run(ctx, values)``."""

    def command(ctx: typer.Context, **values: Any) -> int:
        return run(ctx, values)

    context = inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)
    parameters = [context] + [
        inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, annotation=p.annotation, default=p.default)
        for p in params
    ]
    command.__signature__ = inspect.Signature(parameters, return_annotation=int)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": int}
    command.__name__ = command.__qualname__ = name
    command.__doc__ = doc
    return command


def add_shared_commands(app: typer.Typer, spec: GameSpec[StateT, ActionT], game: GameCommands) -> None:
    """Add ``play``, ``replay``, ``check``, ``score``, ``draw``, ``rules`` and ``simulate`` to a game's app, in
    that order (the game's own commands follow)."""

    def play(ctx: typer.Context, values: Values) -> int:
        from referee.cli.table.start import play_from_values

        return play_from_values(ctx.obj, spec, values, game.read_setup)

    play_setup = game.setup_options if game.play_setup_options is None else game.play_setup_options
    play_params = [
        game.play_players,
        *play_setup,
        Param("record", RecordOption, None),
        Param("resume", ResumeOption, None),
        Param("log", LogOption, None),
        Param("history", PlayHistoryOption, None),
        Param("location", LocationOption, None),
        *game.table_options,
        Param("json_mode", JsonOption, False),
        Param("serve", ServeOption, None),
        *game.after_json,
    ]
    app.command()(command_function("play", game.play_doc, play_params, play))
    add_record_commands(
        app,
        spec,
        action_example=game.action_example,
        score_file_help=game.score_file_help,
        score_doc=game.score_doc,
        complete_topic=game.complete_topic,
    )

    def simulate(ctx: typer.Context, values: Values) -> int:
        json_mode = bool(values["json_mode"])
        out = Output(ctx.obj, json_mode)
        try:
            names, setup = game.read_setup(values["players"], values, out)
        except RefereeError as error:
            raise fail(out, error) from None
        played = spec if game.simulate_spec is None else game.simulate_spec(spec, values)
        return shared_commands.simulate_command(
            ctx.obj, played, names, setup, values["games"], values["seed"], json_mode
        )

    simulate_params = [
        Param("games", GamesOption),
        Param("seed", SimulationSeedOption, None),
        game.simulate_players,
        *game.setup_options,
        Param("json_mode", JsonOption, False),
    ]
    app.command()(command_function("simulate", game.simulate_doc, simulate_params, simulate))
