"""Logging from ``play`` and ``score``: the one call ``play`` makes when a game ends (:func:`log_finished_game`: at a
terminal it logs the game, from a pipe only with ``--log``, never with ``--no-history``; a history that cannot be
written is reported in one line and the game goes on), ``score --log``, and the ``play`` options they read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from referee.cli.env import Environment
from referee.cli.history.options import check_free_text
from referee.cli.output import Output
from referee.cli.status import ExitStatus, fail
from referee.errors import InputError, RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.shared_commands import AnyGameSpec
    from referee.cli.table.session import PlaySession


class PlayLogging(NamedTuple):
    """What ``play`` was told about the history: ``--log``/``--no-history`` (None: log at a terminal only),
    ``--history FILE`` and ``--location`` (checked by :func:`check_location`). Passed by each game's ``play`` to
    :func:`referee.cli.table.start.play_command`, which hands it with the finished session to
    :func:`log_finished_game`."""

    log: bool | None = None
    history: str | None = None
    location: str | None = None


def check_location(value: str | None) -> str | None:
    """Callback of ``play --location``: checked as notes are (a usage error if not), blank taken as none."""
    if value is not None:
        import typer

        try:
            check_free_text(value, "--location")
        except InputError as error:
            raise typer.BadParameter(error.message) from None
        value = value.strip() or None
    return value


def log_finished_game(session: PlaySession, logging: PlayLogging) -> None:
    """Log the session's game if it is over and logging is on (a terminal, or ``--log``; never ``--no-history``).

    Never raises: a history that cannot be written is reported in one line; the record file is already written."""
    game = session.game
    wanted = logging.log
    if not game.over or wanted is False or (wanted is None and not session.env.interactive):
        return
    out: Output = session.out
    try:
        from dataclasses import replace

        from referee.cli.history.opening import open_for_writing  # (here: what play's start-up needs not)
        from referee.history.entry import entry_from_game

        record = replace(session.record(), computer=None, location=None)  # the game's identity leaves them out
        text = record.to_toml().decode("utf-8")
        document: dict[str, Any] = {"game": record.game, "players": record.players, "actions": record.actions}
        if record.uuid is not None:
            document["uuid"] = record.uuid
        if record.setup:
            document["setup"] = record.setup
        entry = entry_from_game(game, document, text, times=(session.started, session.finished))
        entry.location = session.location
        try:
            with open_for_writing(logging.history) as history:
                game_id, added = history.log(entry)
        except RefereeError as error:
            if not _kept_locally(logging, out, entry, error):
                raise
            return
        if added:
            out.note(_("Logged in the history as game {id}.").format(id=game_id))
        else:
            out.note(_("Already in the history as game {id}.").format(id=game_id))
    except RefereeError as error:
        out.warn(_("not logged in the history: {reason}").format(reason=error.message))
        _say_how_to_log_later(session, logging, out)
    except Exception as error:  # logging never endangers the game
        out.warn(_("not logged in the history: {reason}").format(reason=f"{type(error).__name__}: {error}"))
        _say_how_to_log_later(session, logging, out)


def _kept_locally(logging: PlayLogging, out: Output, entry: Any, error: RefereeError) -> bool:
    """A club's history on a server that cannot be reached: the game logged in this machine's own history, and
    one line saying so with the command that sends it later (False when the history is not a server's, or the
    local one fails too)."""
    import shlex

    from referee.cli.history.opening import history_location
    from referee.history.errors import HistoryUnreachable
    from referee.history.server import display_url, is_server_url
    from referee.history.store import default_path, open_history

    where = history_location(logging.history)
    if not (isinstance(where, str) and is_server_url(where)) or not isinstance(error, HistoryUnreachable):
        return False
    local = default_path()
    try:
        with open_history(local) as history:  # type: ignore[union-attr]
            game_id, _added = history.log(entry)
    except RefereeError:
        return False
    command = shlex.join(["referee", "history", "push", "--to", display_url(where), "--history", str(local)])
    out.warn(
        _(
            "the club's history cannot be reached; the game is kept in {local} (game {id}) and in its record;"
            " send it later with: {command}"
        ).format(local=local, id=game_id, command=command)
    )
    return True


def _say_how_to_log_later(session: PlaySession, logging: PlayLogging, out: Output) -> None:
    """The exact command that logs the game once the history can be written (its record is on disk)."""
    import shlex

    path = session.record_path
    if path is None:
        return
    from referee.history.server import display_url, is_server_url

    history = logging.history
    if history and is_server_url(history):
        history = display_url(history)  # never a password on the screen
    command = ["referee", "history", "add", str(path)] + (["--history", str(history)] if history else [])
    out.note(_("Log it later with: {command}").format(command=shlex.join(command)))


def score_with_log(
    env: Environment,
    spec: AnyGameSpec,
    path: str,
    json_mode: bool,
    board: bool,
    history_file: str | None,
    location: str | None = None,
    draw: str | None = None,
) -> int:
    """``score FILE --log [--location L]``: score as usual, then log the record or position (a position counts as
    final), where it was played with it (set on the logged game when it is there already)."""
    import io

    from referee.cli import shared_commands
    from referee.cli.files import display_name, read_text
    from referee.cli.history.entries import Unfinished, entry_from_text
    from referee.cli.history.opening import open_for_writing

    out = Output(env, json_mode)
    try:
        text = read_text(path, env.stdin)
    except RefereeError:
        return shared_commands.score_command(env, spec, path, json_mode, board, draw)  # reports it as score does
    scoring = env
    if path == "-":  # standard input is read: score from the text read
        scoring = Environment(
            io.StringIO(text), env.stdout, env.stderr, False, env.stdout_isatty, env.no_color, env.stderr_isatty
        )
    from referee.cli.history.opening import history_path

    protect = (str(history_path(history_file)),)
    status = shared_commands.score_command(scoring, spec, path, json_mode, board, draw, protect)
    if status != ExitStatus.SUCCESS:
        return status
    try:
        if location is not None:
            check_free_text(location, "--location")
        entry = entry_from_text(text, display_name(path))
        entry.location = location.strip() or None if location is not None else None
        with open_for_writing(history_file) as history:
            game_id, added = history.log(entry)
            if not added and location is not None:
                history.edit(game_id, location=location.strip())
    except Unfinished as unfinished:  # the score stands; only a finished game (or a position) is logged
        out.warn(unfinished.message)
        return ExitStatus.SUCCESS
    except RefereeError as error:
        raise fail(out, error) from None
    out.note(
        (_("Logged in the history as game {id}.") if added else _("Already in the history as game {id}.")).format(
            id=game_id
        )
    )
    return ExitStatus.SUCCESS
