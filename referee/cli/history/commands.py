"""``referee history …`` and ``referee stats`` (Typer), and the history options every game's ``play`` takes.

No ``from __future__ import annotations`` here: Typer reads these signatures. The commands themselves are in
:mod:`referee.cli.history`'s other modules (no Typer); ``history list`` and ``stats`` are also answered by the
fast path (:mod:`referee.cli.fast`).
"""

from typing import Annotated, Optional

import typer

from referee.cli.history import play_log
from referee.cli.history.batch import add_command, import_files
from referee.cli.history.exporting import export_command
from referee.cli.history.listing import edit_command, list_command, remove_command, rename_command, show_command
from referee.cli.history.stats_text import stats_command
from referee.cli.tab.option_values import complete_format, complete_game, complete_player

KeepDuplicatesOption = Annotated[
    bool,
    typer.Option(
        "--keep-duplicates",
        help="Also add plays like ones already logged (same game, day, players, results).",
    ),
]

LogOption = Annotated[
    Optional[bool],  # noqa: UP045 (Typer reads the annotation)
    typer.Option(
        "--log/--no-history",
        help="Log the finished game in the history (default at a terminal).",
        show_default=False,
    ),
]
"""``play --log`` / ``play --no-history``: one parameter of each game's ``play``."""

PlayHistoryOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--history",
        help="The history file (or a club's postgresql:// URL) to log into.",
    ),
]
"""``play --history FILE``: one parameter of each game's ``play``."""

LocationOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--location",
        help="Where the game is played (kept with it in the history).",
        callback=play_log.check_location,
    ),
]
"""``play --location L``: one parameter of each game's ``play``."""

HistoryFileOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--history",
        help="A history file, or a club's postgresql://… URL (default: $REFEREE_HISTORY).",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="JSON for scripts (see the contract).")]
GameOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--game", help="Only this game (its command word, as referee --help lists them).", autocompletion=complete_game
    ),
]
PlayerOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--player", help="Only games of this player.", autocompletion=complete_player),
]
WhereOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--location", help="Only games played here (as play --location kept it): one evening's tables."),
]


def _keep_location(ctx: typer.Context, value: Optional[str]) -> None:  # noqa: UP045
    ctx.meta["referee_location"] = value


StatsWhereOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--location",
        help="Only games played here (as play --location kept it): one evening's tables.",
        # not a value of the function: the fast path (which answers stats without Typer) leaves a command line
        # with --location to Typer, which passes it through ctx.meta
        expose_value=False,
        callback=_keep_location,
    ),
]
"""``stats --location``."""
SinceOption = Annotated[Optional[str], typer.Option("--since", help="Only games since this date (YYYY-MM-DD).")]  # noqa: UP045

_CLUB_HISTORY_HELP = "The club's history: postgresql://USER@HOST[:PORT]/DB."
ToClubOption = Annotated[Optional[str], typer.Option("--to", help=_CLUB_HISTORY_HELP)]  # noqa: UP045
"""``history push --to URL``."""
FromClubOption = Annotated[Optional[str], typer.Option("--from", help=_CLUB_HISTORY_HELP)]  # noqa: UP045
"""``history pull --from URL``."""
ServerOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--server", help="The club's database: postgresql://OWNER@HOST[:PORT]/DB."),
]
"""``history init --server URL`` (the database's owner)."""

history_app = typer.Typer(
    help="Every game remembered: list, show, remove, add records, rename a player, export, import.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@history_app.command("list")
def history_list(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    since: SinceOption = None,
    limit: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--limit", help="How many games, newest first (0: all; default 50)."),
    ] = None,
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """The logged games, newest first: date, game, players, result."""
    return list_command(ctx.obj, game, player, since, limit, json_mode, history)


@history_app.command("show")
def history_show(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="ID", help="The game's id (history list).")],
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """The score sheet of one game: the final breakdown, and for records the score after each turn."""
    return show_command(ctx.obj, game_id, json_mode, history)


@history_app.command("remove")
def history_remove(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="ID", help="The game's id (history list).")],
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """Remove one game from the history."""
    return remove_command(ctx.obj, game_id, history, json_mode)


@history_app.command("add")
def history_add(
    ctx: typer.Context,
    paths: Annotated[list[str], typer.Argument(metavar="RECORD|FOLDER...", help="Records, or folders of records.")],
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
    incomplete: Annotated[
        bool,
        typer.Option("--incomplete", help="Log unfinished records as abandoned games: kept, counted in no result."),
    ] = False,
    keep_duplicates: KeepDuplicatesOption = False,
) -> int:
    """Log finished records (unfinished ones are reported and skipped; a game already logged is not logged again)."""
    return add_command(ctx.obj, paths, json_mode, history, incomplete, keep_duplicates)


@history_app.command("edit")
def history_edit(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="ID", help="The game's id (history list).")],
    location: Annotated[Optional[str], typer.Option("--location", help='Where it was played ("" clears it).')] = None,  # noqa: UP045
    notes: Annotated[Optional[str], typer.Option("--notes", help='Notes on the game ("" clears them).')] = None,  # noqa: UP045
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """Set where a logged game was played and its notes (its result does not change)."""
    return edit_command(ctx.obj, game_id, location, notes, history, json_mode)


@history_app.command("rename-player")
def history_rename(
    ctx: typer.Context,
    old: Annotated[str, typer.Argument(help="The name as logged (case and spaces do not matter).")],
    new: Annotated[str, typer.Argument(help="The name to use from now on.")],
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """Rename a player in every game (merges two spellings of one person)."""
    return rename_command(ctx.obj, old, new, history, json_mode)


@history_app.command("export")
def history_export(
    ctx: typer.Context,
    format_name: Annotated[
        str,
        typer.Option(
            "--format",
            help="bgg, bgstats (a .bgsplay file), bgstats-push, csv or json.",
            autocompletion=complete_format,
        ),
    ],
    file: Annotated[Optional[str], typer.Argument(help="The file to write (default: standard output).")] = None,  # noqa: UP045
    game: GameOption = None,
    history: HistoryFileOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
    output: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("-o", "--output", help="The file to write (bgstats-push to a .html file: a page of QR codes)."),
    ] = None,
    me: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--me", help="bgstats: the player who owns the BG Stats app the file is opened in."),
    ] = None,
    json_mode: Annotated[bool, typer.Option("--json", help="JSON for scripts: what was written (needs FILE).")] = False,
) -> int:
    """Export the history: BoardGameGeek's play XML, BG Stats' play file or its push links (or a page of them with
    QR codes), a CSV table, or JSON (the backup history import reads)."""
    return export_command(ctx.obj, format_name, game, output or file, history, force, me, json_mode)


@history_app.command("report")
def history_report(
    ctx: typer.Context,
    output: Annotated[str, typer.Option("-o", "--output", help="The HTML file to write ('-': standard output).")] = (
        "report.html"
    ),
    game: GameOption = None,
    player: Annotated[Optional[str], typer.Option("--player", help="Only the games of this player.")] = None,  # noqa: UP045
    since: Annotated[Optional[str], typer.Option("--since", help="Only games since this date (YYYY-MM-DD).")] = None,  # noqa: UP045
    history: HistoryFileOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
    json_mode: Annotated[
        bool, typer.Option("--json", help="JSON for scripts: what was written (not with -o -).")
    ] = False,
    location: WhereOption = None,
) -> int:
    """A season in one page: one self-contained HTML file of the games played, wins, ratings over time, seats,
    head to head, maps and the latest games drawn."""
    from referee.cli.history.report import report_command

    return report_command(ctx.obj, output, game, player, since, history, force, json_mode, location)


@history_app.command("import")
def history_import(
    ctx: typer.Context,
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE...",
            help="JSON or CSV exports of a history, BoardGameGeek plays XML, BG Stats play files (.bgsplay).",
        ),
    ],
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
    keep_duplicates: KeepDuplicatesOption = False,
) -> int:
    """Restore a JSON export, or import plays (BoardGameGeek, BG Stats, a CSV export) as results without actions,
    merging them with this history: a play already there is never logged twice; one that only looks like one
    there is said and left out unless --keep-duplicates."""
    return import_files(ctx.obj, files, history, keep_duplicates, json_mode)


@history_app.command("push")
def history_push(
    ctx: typer.Context,
    to: ToClubOption = None,
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """Send this history's games to a club's history on a PostgreSQL server, merged by each play's identity: run
    it again and nothing is added twice; cut in the middle, run it again to finish."""
    from referee.cli.history.club import push_command

    return push_command(ctx.obj, to, history, json_mode)


@history_app.command("pull")
def history_pull(
    ctx: typer.Context,
    source: FromClubOption = None,
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
) -> int:
    """Bring a club's games from a PostgreSQL server into this history, merged by each play's identity."""
    from referee.cli.history.club import pull_command

    return pull_command(ctx.obj, source, history, json_mode)


@history_app.command("init")
def history_init(
    ctx: typer.Context,
    server: ServerOption = None,
    json_mode: JsonOption = False,
) -> int:
    """Make a club's history on a PostgreSQL server: its schema, and two roles (referee_table adds games and
    reads; referee_organiser also edits, removes, renames and imports). Run by the database's owner."""
    from referee.cli.history.club import init_command

    return init_command(ctx.obj, server, json_mode)


def stats(
    ctx: typer.Context,
    game: GameOption = None,
    player: PlayerOption = None,
    vs: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--vs", help="Head to head of --player against this player.", autocompletion=complete_player),
    ] = None,
    since: SinceOption = None,
    json_mode: JsonOption = False,
    history: HistoryFileOption = None,
    highlights: Annotated[
        bool,
        typer.Option(
            "--highlights",
            help="Also plays a month, time played, streaks, H-index, nemesis, champions, firsts.",
        ),
    ] = False,
    _location: StatsWhereOption = None,
) -> int:
    """Per player: games, wins, win rate, scores, results by seat and map, rating; head to head with --vs."""
    location = ctx.meta.get("referee_location")
    return stats_command(ctx.obj, game, player, vs, since, json_mode, history, highlights, location)
