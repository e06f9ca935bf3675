"""The history's commands (``history …``, ``stats``) and the logging of finished games, without Typer.

Typer's wrappers are in :mod:`referee.cli.history`; ``history list`` and ``stats`` are also answered by
:func:`run_fast` without Typer (start-up time: a one-shot command must stay within a few times ``python -c pass``).

* :func:`log_finished_game` is the one call ``play`` makes when a game ends: at a terminal it logs the game, from a
  pipe only with ``--log``, never with ``--no-history``. A history that cannot be written is reported in one line
  and the game goes on (its record is written as before).
* Everything a game contributes comes from the rules through :func:`referee.history.entry.entry_from_game`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment
from referee.cli.output import Output
from referee.cli.status import CommandExit, ExitStatus, exit_status, fail
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.cli.common import GameSpec
    from referee.history.entry import GameEntry
    from referee.history.store import History, LoggedGame

MAX_ID = 2**63 - 1
"""The largest game id (and ``--limit``) SQLite can hold; a larger number names no game."""

SCORE_ONLY_SOURCES = ("bgg", "bgstats")
"""Where score-only plays come from (kept as the entry's ``kind``; see :mod:`referee.history.plays`)."""
SOURCE_NAMES = {"bgg": "BoardGameGeek", "bgstats": "BG Stats"}

DEFAULT_LIST_LIMIT = 50
"""``history list`` shows the newest games (``--limit 0`` for all); ``--json`` gives all unless limited."""

_play_options: dict[str, Any] = {"log": None, "history": None, "location": None}
"""The ``--log``/``--no-history``, ``--history`` and ``--location`` options of the running ``play`` (set by their
callbacks)."""


def remember_location(value: str | None) -> str | None:
    """Callback of ``play --location``: kept for :func:`log_finished_game` (checked as notes are)."""
    if value is not None:
        import typer

        try:
            _check_free_text(value, "--location")
        except InputError as error:
            raise typer.BadParameter(error.message) from None
        value = value.strip() or None
    _play_options["location"] = value
    return value


def play_location() -> str | None:
    """``play --location``, as given (None when it was not)."""
    location = _play_options.get("location")
    return location if isinstance(location, str) else None


def remember_log(value: bool | None) -> bool | None:
    """Callback of ``play --log/--no-history``: kept for :func:`log_finished_game`."""
    _play_options["log"] = value
    return value


def remember_history(value: str | None) -> str | None:
    """Callback of ``play --history FILE``."""
    _play_options["history"] = value
    return value


# -- where and what ----------------------------------------------------------------------------------------------
def history_path(explicit: str | None = None) -> Path:
    from referee.history.store import default_path

    return Path(explicit).expanduser() if explicit else default_path()


def game_spec(name: str) -> GameSpec:
    from importlib import import_module

    from referee import registry

    return import_module(registry.GAMES[name].spec_module).SPEC  # type: ignore[no-any-return]


def game_names() -> tuple[str, ...]:
    from referee import registry

    return registry.names()


class Unfinished(InputError):
    """A record of a game that is not over: reported and skipped by ``history add``."""


def entry_from_text(
    text: str, source: str, *, played_fallback: str | None = None, incomplete: bool = False
) -> GameEntry:
    """The history entry of a finished record, or of a position (scored as final), from its TOML text.

    Raises :class:`Unfinished` for a game not over (unless ``incomplete``: it is then an abandoned game, logged
    with the score as it stood), InputError for anything unreadable, and the replay's error (exit 1) for an
    illegal action."""
    import tomllib

    from referee.cli.common import game_record, replay_error_line, replay_record
    from referee.history.entry import entry_from_game

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(_("{file}: malformed TOML: {reason}").format(file=source, reason=error)) from None
    name = document.get("game")
    if name not in game_names():
        raise InputError(
            _("{file}: not a record of a game this referee knows ({games})").format(
                file=source, games=", ".join(game_names())
            )
        )
    spec = game_spec(name)
    if "actions" in document:
        record = game_record(spec, document, source)
        game, failure = replay_record(spec, record, source, undo=False)
        if failure is not None:
            from referee.errors import IllegalAction

            if isinstance(failure.cause, IllegalAction):
                raise IllegalAction(failure.cause.rule, replay_error_line(source, failure))
            raise InputError(replay_error_line(source, failure))
        if not game.over and not incomplete:
            raise Unfinished(
                _("{file}: the game is not over ({count} actions); not logged").format(
                    file=source, count=len(game.actions)
                )
            )
        return entry_from_game(game, document, text, played_fallback=played_fallback, incomplete=incomplete)
    position = spec.load_position(document, source, Output(Environment()))
    if position is None:
        raise InputError(_("{file}: neither a record (no 'actions') nor a position").format(file=source))
    return entry_from_game(position, document, text, kind="position", played_fallback=played_fallback)


def open_for_writing(explicit: str | None) -> History:
    from referee.history.store import open_history

    history = open_history(history_path(explicit), create=True)
    assert history is not None
    return history


def open_for_reading(explicit: str | None) -> History | None:
    from referee.history.store import open_history

    return open_history(history_path(explicit), create=False)


# -- logging from play and score -----------------------------------------------------------------------------------
def log_finished_game(session: Any) -> None:
    """Log the session's game if it is over and logging is on (a terminal, or ``--log``; never ``--no-history``).

    Never raises: a history that cannot be written is reported in one line; the record file is already written."""
    game = session.game
    wanted = _play_options.get("log")
    if not game.over or wanted is False or (wanted is None and not session.env.interactive):
        return
    out: Output = session.out
    try:
        from referee.cli.records import Record
        from referee.history.entry import entry_from_game

        record = Record(
            session.spec.name,
            list(game.players),
            session.spec.record_setup(dict(game.setup)),
            list(game.actions),
            started=session.started,
            finished=session.finished,
        )
        text = record.to_toml().decode("utf-8")
        document: dict[str, Any] = {"game": record.game, "players": record.players, "actions": record.actions}
        if record.setup:
            document["setup"] = record.setup
        entry = entry_from_game(game, document, text, times=(session.started, session.finished))
        entry.location = getattr(session, "location", None) or play_location()
        with open_for_writing(_play_options.get("history")) as history:
            game_id, added = history.log(entry)
        if added:
            out.note(_("Logged in the history as game {id}.").format(id=game_id))
        else:
            out.note(_("Already in the history as game {id}.").format(id=game_id))
    except RefereeError as error:
        out.warn(_("not logged in the history: {reason}").format(reason=error.message))
        _say_how_to_log_later(session, out)
    except Exception as error:  # logging never endangers the game
        out.warn(_("not logged in the history: {reason}").format(reason=f"{type(error).__name__}: {error}"))
        _say_how_to_log_later(session, out)


def _say_how_to_log_later(session: Any, out: Output) -> None:
    """The exact command that logs the game once the history can be written (its record is on disk)."""
    import shlex

    path = getattr(session, "record_path", None)
    if path is None:
        return
    history = _play_options.get("history")
    command = ["referee", "history", "add", str(path)] + (["--history", str(history)] if history else [])
    out.note(_("Log it later with: {command}").format(command=shlex.join(command)))


def score_with_log(
    env: Environment,
    spec: GameSpec,
    path: str,
    json_mode: bool,
    board: bool,
    history_file: str | None,
    location: str | None = None,
    draw: str | None = None,
) -> None:
    """``score FILE --log [--location L]``: score as usual, then log the record or position (a position counts as
    final), where it was played with it (set on the logged game when it is there already)."""
    import io

    from referee.cli import common
    from referee.cli.files import display_name, read_text

    out = Output(env, json_mode)
    try:
        text = read_text(path, env.stdin)
    except RefereeError:
        common.score_command(env, spec, path, json_mode, board, draw)  # reports the error as score does
        return
    scoring = env
    if path == "-":  # standard input is read: score from the text read
        scoring = Environment(
            io.StringIO(text), env.stdout, env.stderr, False, env.stdout_isatty, env.no_color, env.stderr_isatty
        )
    try:
        common.score_command(scoring, spec, path, json_mode, board, draw)
    except CommandExit as done:
        if done.exit_code != ExitStatus.SUCCESS:
            raise
    try:
        if location is not None:
            _check_free_text(location, "--location")
        entry = entry_from_text(text, display_name(path))
        entry.location = location.strip() or None if location is not None else None
        with open_for_writing(history_file) as history:
            game_id, added = history.log(entry)
            if not added and location is not None:
                history.edit(game_id, location=location.strip())
    except Unfinished as unfinished:  # the score stands; only a finished game (or a position) is logged
        out.warn(unfinished.message)
        raise CommandExit(ExitStatus.SUCCESS) from None
    except RefereeError as error:
        raise fail(out, error) from None
    out.note(
        (_("Logged in the history as game {id}.") if added else _("Already in the history as game {id}.")).format(
            id=game_id
        )
    )
    raise CommandExit(ExitStatus.SUCCESS)


# -- helpers -------------------------------------------------------------------------------------------------------
def check_game_name(game: str | None) -> str | None:
    if game is None:
        return None
    name = game.strip().lower()
    if name not in game_names():
        raise InputError(
            _("--game: unknown game '{game}'; the games are {games}").format(game=game, games=", ".join(game_names()))
        )
    return name


def parse_since(since: str | None) -> str | None:
    """``--since DATE`` (``2025-01-31``, or a date and time) as the UTC sort key of the history."""
    if since is None:
        return None
    from referee.moments import EARLIEST_YEAR, LATEST_YEAR, utc_key

    text = since.strip()
    key = utc_key(text if "T" in text or " " in text else text + "T00:00:00")
    if key is None:
        raise InputError(
            _("--since: '{date}' is not a date (YYYY-MM-DD) of the years {first} to {last}").format(
                date=since, first=EARLIEST_YEAR, last=LATEST_YEAR
            )
        )
    return key


def check_name(name: str | None, option: str) -> str | None:
    if name is None:
        return None
    if not name.strip():
        raise InputError(_("{option}: a player's name is needed").format(option=option))
    return name.strip()


def local_time(played: str) -> str:
    """The UTC sort key of a game as local time, for people: ``2025-01-31 20:15``."""
    try:
        moment = datetime.fromisoformat(played + "+00:00").astimezone()
    except (ValueError, OverflowError, OSError):
        return played
    return moment.strftime("%Y-%m-%d %H:%M")


def player_label(player: Any) -> str:
    """``Ann (heads, new)``: a player with their colour and whether they were marked new to the game."""
    details = [_(player.color)] if player.color else []
    if player.new:
        details.append(_("new"))
    return f"{player.name} ({', '.join(details)})" if details else player.name


def result_text(entry: GameEntry) -> str:
    """``Ann wins 31–24``, ``Ann and Bob draw 24–24``, ``Ann and Bob share the win``, or a ranking told in the
    game's own words (``out in this order: …``)."""
    from referee import registry
    from referee.history.entry import has_points

    winners = entry.winners
    if entry.incomplete:  # abandoned: the score as it stood, no result
        scores = entry.scores
        stood = ", ".join(f"{name} {scores[name]}" for name in entry.names if name in scores) if scores else ""
        return _("abandoned (counted in no result)") + (f": {stood}" if stood else "")
    if not has_points(entry.game):
        words = registry.facts(entry.game).ranking_words if registry.game(entry.game) else "{names}"
        return _(words).format(names=", ".join(entry.ranking))
    scores = entry.scores or {}
    points = "–".join(str(scores.get(name, "")) for name in entry.ranking)
    if len(winners) == 1:
        return _("{winner} wins {points}").format(winner=winners[0], points=points)
    if winners:
        return _("{names} share the win {points}").format(names=", ".join(winners), points=points)
    if entry.drawn:
        drew = [player.name for player in entry.players if player.draw]
        return _("{names} draw {points}").format(names=", ".join(drew), points=points)
    return _("no winner {points}").format(points=points)


# -- history list / show / remove / rename-player --------------------------------------------------------------
def list_command(
    env: Environment,
    game: str | None,
    player: str | None,
    since: str | None,
    limit: int | None,
    json_mode: bool,
    history_file: str | None,
) -> None:
    from referee.history.export import list_document

    out = Output(env, json_mode)
    try:
        game = check_game_name(game)
        player = check_name(player, "--player")
        since_key = parse_since(since)
        if limit is not None and limit < 0:
            raise InputError(_("--limit must be 0 (all) or more"))
        if limit is not None:
            limit = min(limit, MAX_ID)  # more than the history can hold is all of it
        history = open_for_reading(history_file)
        if limit is None:
            limit = 0 if json_mode else DEFAULT_LIST_LIMIT
        games: list[LoggedGame] = []
        more = False
        if history is not None:
            with history:
                games = history.games(game=game, player=player, since=since_key, limit=limit or None)
                more = bool(limit) and len(games) == limit
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json([list_document(logged) for logged in games])
        raise CommandExit(ExitStatus.SUCCESS)
    if not games:
        out.note(
            _("No game in the history{filter}.").format(filter=_(" for this filter") if game or player or since else "")
        )
        raise CommandExit(ExitStatus.SUCCESS)
    from referee.cli.output import ScoreTable

    table = ScoreTable("", [_("id"), _("date"), _("game"), _("players"), _("result")], left=5)
    for logged in games:
        entry = logged.entry
        table.add_row(
            [str(logged.id), local_time(entry.played), entry.game, ", ".join(entry.names), result_text(entry)]
        )
    for line in table.lines()[1:]:
        out.text(line)
    if more:
        out.note(_("The newest {shown} games (--limit 0 for all).").format(shown=len(games)))
    raise CommandExit(ExitStatus.SUCCESS)


def _logged_game(history_file: str | None, game_id: str) -> tuple[LoggedGame, Any]:
    try:
        number = int(game_id.strip().lstrip("#"))
    except ValueError:
        raise InputError(_("'{id}' is not a game id (a number, as history list shows)").format(id=game_id)) from None
    if not 1 <= number <= MAX_ID:
        raise InputError(_("no game {id} in the history").format(id=number))
    history = open_for_reading(history_file)
    if history is None:
        raise InputError(_("no game {id} in the history (it is empty)").format(id=number))
    with history:
        logged = history.get(number)
    if logged is None:
        raise InputError(_("no game {id} in the history").format(id=number))
    return logged, number


def replayed(entry: GameEntry) -> tuple[Any, list[dict[str, Any]]]:
    """The game of a logged entry, replayed from its record, and the score after each turn (records only)."""
    import tomllib

    from referee.cli.common import game_record, new_game

    if entry.game not in game_names():
        raise InputError(_("a game of '{game}', which this referee does not know").format(game=entry.game))
    if entry.kind in SCORE_ONLY_SOURCES:  # imported from another app: its result, no actions
        return None, []
    spec = game_spec(entry.game)
    try:
        document = tomllib.loads(entry.record)
    except (tomllib.TOMLDecodeError, TypeError, RecursionError) as error:
        raise InputError(_("its record in the history is damaged ({reason})").format(reason=error)) from None
    if entry.kind == "position":
        return spec.load_position(document, _("the history"), Output(Environment())), []
    record = game_record(spec, document, _("the history"))
    game = new_game(spec, record, _("the history"))
    turns: list[dict[str, Any]] = []
    actions: list[str] = []
    player = game.to_move
    for text in record.actions:
        action = game.parse(text)
        mover = game.actor(action)
        if actions and mover != player:
            outcome = game.rules.outcome(game.state)
            turns.append({"turn": len(turns) + 1, "player": player, "actions": actions, "scores": outcome.scores})
            actions = []
        player = mover
        game.push(action)
        actions.append(text)
        if game.over:
            outcome = game.rules.outcome(game.state)
            turns.append({"turn": len(turns) + 1, "player": player, "actions": actions, "scores": outcome.scores})
            actions = []
    if actions:
        outcome = game.rules.outcome(game.state)
        turns.append({"turn": len(turns) + 1, "player": player, "actions": actions, "scores": outcome.scores})
    return game, turns


def show_command(env: Environment, game_id: str, json_mode: bool, history_file: str | None) -> None:
    from referee.history.entry import game_title, has_points
    from referee.history.export import duration_minutes, list_document

    out = Output(env, json_mode)
    try:
        logged, number = _logged_game(history_file, game_id)
        try:
            game, turns = replayed(logged.entry)
        except RefereeError as error:
            raise InputError(_("game {id}: {reason}").format(id=number, reason=error.message)) from None
    except RefereeError as error:
        raise fail(out, error) from None
    entry = logged.entry
    if json_mode:
        document = list_document(logged)
        document["summary"] = game.summary() if game is not None else None
        document["turns"] = turns
        document["record"] = entry.record
        out.json(document)
        raise CommandExit(ExitStatus.SUCCESS)
    setup = ", ".join(f"{key} {value}" for key, value in entry.setup.items())
    duration = duration_minutes(entry)
    out.text(
        f"#{logged.id}  {game_title(entry.game)}  {local_time(entry.played)}"
        + (f"  ({duration} min)" if duration is not None else "")
        + (f"  [{setup}]" if setup else "")
    )
    out.text(
        _("Players (seat order): {names}").format(names=", ".join(player_label(player) for player in entry.players))
    )
    out.text(result_text(entry))
    if entry.kind in SCORE_ONLY_SOURCES:
        out.text(_("Imported from {source}: a result without actions.").format(source=SOURCE_NAMES[entry.kind]))
    if entry.location:
        out.text(_("Where: {location}").format(location=entry.location))
    if entry.notes:
        out.text(_("Notes: {notes}").format(notes=entry.notes))
    if game is not None:
        out.text()
        spec = game_spec(entry.game)
        for line in spec.score_table(game).lines():
            out.text(line)
    if turns:
        out.text()
        out.text(_("Score after each turn:"))
        for turn in turns:
            if not has_points(entry.game):
                scores = ""
            else:
                scores = "  " + "  ".join(f"{name} {points}" for name, points in turn["scores"].items())
            out.text(f"{turn['turn']:>4}. {turn['player']}: {' '.join(turn['actions'])}{scores}")
    raise CommandExit(ExitStatus.SUCCESS)


def remove_command(env: Environment, game_id: str, history_file: str | None) -> None:
    out = Output(env)
    try:
        logged, number = _logged_game(history_file, game_id)
        with open_for_writing(history_file) as history:
            history.remove(number)
    except RefereeError as error:
        raise fail(out, error) from None
    out.text(
        _("Removed game {id} ({game}, {date}: {names}).").format(
            id=number, game=logged.entry.game, date=local_time(logged.entry.played), names=", ".join(logged.entry.names)
        )
    )
    raise CommandExit(ExitStatus.SUCCESS)


def rename_command(env: Environment, old: str, new: str, history_file: str | None) -> None:
    from referee.cli.records import check_player_name

    out = Output(env)
    try:
        old_name = check_name(old, "OLD")
        new_name = check_player_name(new, "NEW")
        assert old_name is not None
        history = open_for_reading(history_file)
        changed = 0
        if history is not None:
            history.close()
            with open_for_writing(history_file) as history:
                changed = history.rename_player(old_name, new_name)
    except RefereeError as error:
        raise fail(out, error) from None
    if not changed:
        out.note(_("No game of '{name}' in the history; nothing changed.").format(name=old_name))
    else:
        out.text(_("'{old}' is now '{new}' in {count} games.").format(old=old_name, new=new_name, count=changed))
    raise CommandExit(ExitStatus.SUCCESS)


# -- history add / import ------------------------------------------------------------------------------------------
def record_files(paths: Sequence[str]) -> list[str]:
    """The files named, and the ``.toml`` files in the folders named (recursively, in name order)."""
    files: list[str] = []
    for path in paths:
        if path != "-" and Path(path).is_dir():
            files.extend(str(found) for found in sorted(Path(path).rglob("*.toml")) if found.is_file())
        else:
            files.append(path)
    return files


def entry_of_file(path: str, env: Any = None, incomplete: bool = False) -> tuple[str, GameEntry | RefereeError]:
    """The history entry of one record file, or the error that keeps it out (Unfinished for a game not over,
    unless ``incomplete``)."""
    from referee.cli.files import display_name, read_text

    source = display_name(path)
    try:
        text = read_text(path, env.stdin if env is not None else None)
        fallback = None
        if path != "-":
            fallback = datetime.fromtimestamp(os.path.getmtime(path)).astimezone().isoformat(timespec="seconds")
        return source, entry_from_text(text, source, played_fallback=fallback, incomplete=incomplete)
    except RefereeError as error:
        return source, error
    except OSError as error:
        return source, InputError(f"{source}: {error.strerror}")


PARALLEL_FROM = 64
"""``history add`` replays this many records or more in worker processes (one per core), logging in this one."""


def read_entries(
    files: Sequence[str], env: Any, incomplete: bool = False
) -> Iterator[tuple[str, GameEntry | RefereeError]]:
    """The entries of ``files`` in their order: replayed here, or for many files in worker processes."""
    from functools import partial

    from referee.cli.common import default_jobs

    jobs = min(default_jobs(), len(files))
    if jobs < 2 or len(files) < PARALLEL_FROM or "-" in files:
        for path in files:
            yield entry_of_file(path, env, incomplete)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(jobs, initializer=_ignore_interrupts) as pool:
        read = partial(entry_of_file, env=None, incomplete=incomplete)
        yield from pool.imap(read, files, chunksize=max(1, min(64, len(files) // (jobs * 8))))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the process that logs: it stops the batch and says what was committed."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def add_command(
    env: Environment, paths: Sequence[str], json_mode: bool, history_file: str | None, incomplete: bool = False
) -> None:
    out = Output(env, json_mode)
    try:
        history = open_for_writing(history_file)
    except RefereeError as error:
        raise fail(out, error) from None
    files = record_files(paths)
    if not files:
        out.note(_("No record found."))
    with history:
        batch = BatchLog(out, history, len(files))
        batch.run(read_entries(files, env, incomplete))
    counts: dict[str, Any] = dict(batch.counts())
    if json_mode:
        if batch.stopped_by is not None:
            counts["error"] = {"message": batch.stopped_by}
        out.json(counts)
    else:
        out.text(
            _("{added}, {present} already in the history, {unfinished} not finished, {refused} refused.").format(
                added=ngettext("{n} game added", "{n} games added", counts["added"]).format(n=counts["added"]),
                **{key: value for key, value in counts.items() if key != "added"},
            )
        )
    raise CommandExit(batch.worst)


class BatchLog:
    """Logging many games (``history add``, ``history import``): each game in its own savepoint, so a game that
    fails is reported in one line and skipped while the others go on; a failure of the history itself (a full
    disk, a lock held too long, a read-only or damaged file) stops the batch with an exact account of what the
    database holds and what was never read. Ctrl-C stops it the same way, keeping what was committed."""

    PATIENCE_SECONDS = 600.0
    """How long a batch waits for other referees' writes before it gives up (each wait is said in a line)."""

    def __init__(self, out: Output, history: History, expected: int | None) -> None:
        self.out = out
        self.history = history
        history.patience = self.PATIENCE_SECONDS
        history.on_wait = lambda: out.note(_("The history is busy with another referee; waiting for it…"))
        self.expected = expected
        """How many games the batch was given (files), or None when they are read as they come (an import)."""
        self.seen = 0
        self.unfinished = 0
        self.refused = 0
        self.worst: int = ExitStatus.SUCCESS
        self.stopped_by: str | None = None
        """Why the batch stopped before its end (the history failed, Ctrl-C), or None."""
        self.pending_sources: list[str] = []
        """Where the games of the open transaction came from (named if the transaction is lost)."""

    def run(self, items: Iterator[tuple[str, GameEntry | RefereeError]]) -> None:
        from referee.history.store import HistoryError

        try:
            with self.history.batch():
                for source, outcome in items:
                    self.seen += 1
                    self._log_one(source, outcome)
        except HistoryError as error:  # the open transaction was rolled back
            self._stopped(error.message, ExitStatus.BAD_INPUT, lost=self.pending_sources)
            return
        except KeyboardInterrupt:  # what was logged is committed (the batch ends with a commit)
            self._stopped(_("interrupted"), ExitStatus.INTERRUPTED, lost=[])
            return
        try:
            self.history.refresh_stale_ratings()
        except RefereeError as error:
            self.out.error(error.message)
            self.worst = max(self.worst, ExitStatus.BAD_INPUT)

    def _log_one(self, source: str, outcome: GameEntry | RefereeError) -> None:
        from referee.history.store import HistoryError

        before = self.history.uncommitted
        try:
            if isinstance(outcome, RefereeError):
                raise outcome
            self.history.log(outcome)
        except Unfinished as skipped:
            self.out.note(skipped.message)
            self.unfinished += 1
            return
        except HistoryError:
            self.pending_sources.append(source)  # not logged either
            raise
        except RefereeError as error:
            self.refused += 1
            self.worst = max(self.worst, _report_failed_game(self.out, error, source, source))
            return
        if self.history.uncommitted > before:
            self.pending_sources.append(source)
        else:
            self.pending_sources.clear()  # committed with this game

    def _stopped(self, reason: str, status: int, lost: list[str]) -> None:
        """The history failed (or Ctrl-C): say what the database holds and what was not logged."""
        self.out.error(reason)
        self.stopped_by = reason
        committed = self.history.committed["added"] + self.history.committed["present"]
        if self.expected is None:
            self.out.error(
                _(
                    "stopped: {committed} games are in the history from this run;"
                    " {lost} not logged, nothing after game {seen} read"
                ).format(committed=committed, lost=len(lost), seen=self.seen)
            )
        else:
            self.out.error(
                _(
                    "stopped: {committed} games are in the history from this run; {lost} not logged, {unread} not read"
                ).format(committed=committed, lost=len(lost), unread=self.expected - self.seen)
            )
        if lost:
            self.out.error(_("not logged (log them again): {names}").format(names=_names_list(lost)))
        self.worst = max(self.worst, status)

    def counts(self) -> dict[str, int]:
        committed = self.history.committed
        return {
            "added": committed["added"],
            "present": committed["present"],
            "unfinished": self.unfinished,
            "refused": self.refused,
            "not_read": 0 if self.expected is None else self.expected - self.seen,
        }


def _names_list(names: list[str], shown: int = 5) -> str:
    """A few names, then how many more."""
    if len(names) <= shown:
        return ", ".join(names)
    return ", ".join(names[:shown]) + " " + _("and {n} more").format(n=len(names) - shown)


def _report_failed_game(out: Output, error: RefereeError, source: str, where: str) -> int:
    """A game that could not be logged: one line, prefixed with ``where`` it came from unless the message names its
    ``source`` already; returns the exit status it calls for."""
    out.error(error.message if error.message.startswith(source) else f"{where}: {error.message}")
    return exit_status(error)


def import_command(env: Environment, file: str, history_file: str | None) -> None:
    """Restore a JSON export, read one game at a time (a backup of any size): each game replayed from its record
    and logged (games already there are skipped)."""
    from referee.cli.files import display_name, open_text_stream
    from referee.history.backup_reader import read_backup
    from referee.history.export import BACKUP_FORMAT, BACKUP_VERSION

    out = Output(env)
    source = display_name(file)
    try:
        stream: Any = open_text_stream(file, env.stdin)
        opening = stream.read(1024)
        stream = PeekedStream(opening, stream)
        if opening.lstrip()[:1] == "<":  # XML: a BoardGameGeek play log
            history = open_for_writing(history_file)
            _import_plays(out, stream, source, history, "bgg")
            return
        if opening.lstrip()[:1] == "{" and not re.match(r'\s*\{\s*"format"\s*:', opening):
            # a JSON object that is not this program's backup (whose "format" comes first): a BG Stats file
            history = open_for_writing(history_file)
            _import_plays(out, stream, source, history, "bgstats")
            return
        games = read_backup(stream, source, backup_format=BACKUP_FORMAT, newest_version=BACKUP_VERSION)
        first = next(games, _END)  # the header is checked before the history is opened
        history = open_for_writing(history_file)
    except UnicodeDecodeError:
        raise fail(out, InputError(_("{file}: not UTF-8 text").format(file=source))) from None
    except RefereeError as error:
        raise fail(out, error) from None
    stopped: list[RefereeError] = []

    def entries() -> Iterator[tuple[str, GameEntry | RefereeError]]:
        import itertools

        items = itertools.chain([] if first is _END else [first], games)
        number = 0
        while True:
            try:
                item = next(items, _END)
            except (RefereeError, UnicodeDecodeError) as error:  # the file itself: nothing after this is read
                stopped.append(
                    error
                    if isinstance(error, RefereeError)
                    else InputError(_("{file}: not UTF-8 text").format(file=source))
                )
                return
            if item is _END:
                return
            number += 1
            where = f"{source}: game {number}"
            try:
                yield where, _backup_entry(item, where)
            except RefereeError as error:
                yield where, error

    with history:
        batch = BatchLog(out, history, None)
        batch.run(entries())
        if stopped:
            out.error(stopped[0].message)
            out.error(_("nothing after game {number} of {file} was read").format(number=batch.seen, file=source))
            batch.worst = max(batch.worst, ExitStatus.BAD_INPUT)
        if batch.worst != ExitStatus.INTERRUPTED:
            try:
                for game in history.game_kinds():
                    history.recompute_ratings(game)
            except RefereeError as error:
                out.error(error.message)
                batch.worst = max(batch.worst, ExitStatus.BAD_INPUT)
    if file != "-":
        with suppress(OSError):
            stream.close()
    counts = batch.counts()
    out.text(
        _("{added}, {present} already in the history, {refused} refused.").format(
            added=ngettext("{n} game imported", "{n} games imported", counts["added"]).format(n=counts["added"]),
            present=counts["present"],
            refused=counts["refused"],
        )
    )
    raise CommandExit(batch.worst)


_END = object()
"""The end of a backup's games (a game may be any JSON value, null included)."""


class PeekedStream:
    """A text stream whose first characters were read already (to tell its format), read again from the start."""

    def __init__(self, opening: str, rest: Any) -> None:
        self.opening, self.rest = opening, rest

    def read(self, size: int = -1) -> str:
        if self.opening:
            if size < 0:
                text, self.opening = self.opening + self.rest.read(), ""
                return str(text)
            text, self.opening = self.opening[:size], self.opening[size:]
            return text
        return str(self.rest.read(size))

    def close(self) -> None:
        self.rest.close()


def _import_plays(out: Output, stream: Any, source: str, history: History, app: str) -> None:
    """Import another app's plays (``app``: ``bgg`` a BoardGameGeek plays file, ``bgstats`` a BG Stats file) as
    score-only plays: each play of a registered game (matched by its BoardGameGeek id, then by its name) logged
    unless it is there already; any other play one line, skipped."""
    from referee import registry
    from referee.cli.records import check_player_name
    from referee.history import bgg, bgstats

    by_id: dict[str, str] = {}
    by_title: dict[str, str] = {}
    for name in registry.names():
        bgg_id = registry.facts(name).bgg_id
        if bgg_id is not None:
            by_id[str(bgg_id)] = name
        entry = registry.game(name)
        if entry is not None:
            by_title[entry.title.casefold()] = name

    def game_of(objectid: str, title: str) -> str | None:
        return by_id.get(objectid.strip()) or by_title.get(title.strip().casefold())

    stopped: list[RefereeError] = []
    other_games = [0]

    def entries() -> Iterator[tuple[str, GameEntry | RefereeError]]:
        try:
            plays: Iterator[tuple[str, GameEntry | InputError]]
            if app == "bgg":
                plays = bgg.read_plays(stream, source, game_of, check_player_name)
            else:
                plays = bgstats.read_plays(bgstats.load(stream, source), source, game_of, check_player_name)
            for where, found in plays:
                if isinstance(found, bgg.OtherGame | bgstats.OtherGame):  # a log holds every game: not a fault
                    other_games[0] += 1
                    out.note(found.message)
                    continue
                yield where, found
        except RefereeError as error:
            stopped.append(error)
        except UnicodeDecodeError:
            stopped.append(InputError(_("{file}: not UTF-8 text").format(file=source)))

    with history:
        batch = BatchLog(out, history, None)
        batch.run(entries())
        if stopped:
            out.error(stopped[0].message)
            batch.worst = max(batch.worst, ExitStatus.BAD_INPUT)
        if batch.worst != ExitStatus.INTERRUPTED:
            try:
                for game in history.game_kinds():
                    history.recompute_ratings(game)
            except RefereeError as error:
                out.error(error.message)
                batch.worst = max(batch.worst, ExitStatus.BAD_INPUT)
    with suppress(OSError):
        stream.close()
    counts = batch.counts()
    out.text(
        _("{added}, {present} already in the history, {other} of other games skipped, {refused} refused.").format(
            added=ngettext("{n} play imported", "{n} plays imported", counts["added"]).format(n=counts["added"]),
            present=counts["present"],
            other=other_games[0],
            refused=counts["refused"],
        )
    )
    raise CommandExit(batch.worst)


def _backup_entry(item: Any, where: str) -> GameEntry:
    """The history entry of one game of a JSON backup."""
    if not isinstance(item, dict) or not isinstance(item.get("record"), str):
        raise InputError(_("{where}: no record").format(where=where))
    if item.get("source") in SCORE_ONLY_SOURCES:
        return _score_only_backup_entry(item, where)
    entry = entry_from_text(item["record"], where, incomplete=item.get("incomplete") is True)
    _restore_names(entry, item, where)
    if isinstance(item.get("played"), str):
        from referee.history.entry import utc_sort_key

        entry.played = utc_sort_key(item["played"]) or entry.played
    return entry


def _score_only_backup_entry(item: dict[str, Any], where: str) -> GameEntry:
    """A score-only play of a JSON backup (imported from another app: no actions), rebuilt from its players,
    scores, winners and ranking."""
    from referee.cli.records import check_player_name
    from referee.history.entry import utc_sort_key
    from referee.history.plays import PlayedSeat, label, score_only_entry

    game, names, scores = item.get("game"), item.get("players"), item.get("scores")
    winners, ranking = item.get("winners"), item.get("ranking")
    if not isinstance(game, str) or game not in game_names():
        raise InputError(_("{where}: not a game this referee keeps").format(where=where))
    if not isinstance(names, list) or len(names) < 2 or not isinstance(winners, list):
        raise InputError(_("{where}: no players").format(where=where))
    seats = []
    for name in names:
        checked = check_player_name(name, where)
        score = scores.get(name) if isinstance(scores, dict) else None
        if score is not None and (not isinstance(score, int) or isinstance(score, bool)):
            raise InputError(_("{where}: {name}'s score is not a whole number").format(where=where, name=checked))
        drew = item.get("drawn") is True and isinstance(ranking, list) and name in ranking[:1]
        colors, new_players = item.get("colors"), item.get("new_players")
        color = label(colors.get(name)) if isinstance(colors, dict) else None
        new = isinstance(new_players, list) and name in new_players
        seats.append(PlayedSeat(checked, score, name in winners or drew, color, new))
    played = utc_sort_key(item.get("played")) if isinstance(item.get("played"), str) else None
    if played is None:
        raise InputError(_("{where}: no time of play").format(where=where))

    def text(value: object) -> str | None:
        return value if isinstance(value, str) else None

    return score_only_entry(
        game,
        seats,
        source=str(item["source"]),
        identity={"hash": item.get("hash") or item["record"]},
        played=played,
        original=item["record"],
        ranking=ranking if isinstance(ranking, list) and all(isinstance(n, str) for n in ranking) else None,
        location=text(item.get("location")),
        notes=text(item.get("notes")),
        incomplete=item.get("incomplete") is True,
    )


def _restore_names(entry: GameEntry, item: dict[str, Any], where: str) -> None:
    """Names as the export has them (a player renamed after the game was logged), seat by seat."""
    from referee.cli.records import check_player_name

    names = item.get("players")
    if not isinstance(names, list) or len(names) != len(entry.players):
        return
    for player, name in zip(entry.players, names, strict=True):
        player.name = check_player_name(name, where)


# -- export ------------------------------------------------------------------------------------------------------
EXPORT_FORMATS = ("bgg", "bgstats", "bgstats-push", "csv", "json")


def export_command(
    env: Environment,
    format_name: str,
    game: str | None,
    file: str | None,
    history_file: str | None,
    force: bool = False,
) -> None:
    """Write the history in one of :data:`EXPORT_FORMATS`, a game at a time, by the policy of every file the
    program makes (:func:`referee.cli.files.write_output`: never over an existing file without ``--force``, never
    over the history itself, streamed to standard output, a FIFO or a device)."""
    from referee.cli.files import write_output
    from referee.history import export

    out = Output(env)
    try:
        if format_name not in EXPORT_FORMATS:
            raise InputError(
                _("--format: one of {formats}, not '{format}'").format(
                    formats=", ".join(EXPORT_FORMATS), format=format_name
                )
            )
        game = check_game_name(game)
        history = open_for_reading(history_file)
        written = [0]

        def games() -> Iterator[LoggedGame]:
            if history is None:
                return
            for logged in history.each_game(game=game):
                written[0] += 1
                yield logged

        if format_name == "bgg":
            from referee.history.bgg import bgg_chunks

            total = history.count(game=game) if history is not None else 0
            chunks = bgg_chunks(games(), total, export.bgg_id_of)
        elif format_name == "bgstats":
            from referee.history.bgstats import bgsplay_chunks

            chunks = bgsplay_chunks(games(), export.bgg_id_of)
        else:
            producer = {"bgstats-push": export.bgstats_chunks, "csv": export.csv_chunks, "json": export.backup_chunks}
            chunks = producer[format_name](games())
        target = "-" if file is None else file
        if target == "-" and env.stdout_isatty:  # names from files never reach a terminal raw
            from referee.cli.output import safe

            chunks = (safe(chunk) for chunk in chunks)
        try:
            write_output(
                target,
                (chunk.encode("utf-8") for chunk in chunks),
                what=_("the export"),
                force=force,
                protect=[history_path(history_file)],
                stdout=_binary_stdout(env),
            )
        finally:
            if history is not None:
                history.close()
        if target != "-":
            out.note(
                ngettext("{count} game written to {file}.", "{count} games written to {file}.", written[0]).format(
                    count=written[0], file=file
                )
            )
    except RefereeError as error:
        raise fail(out, error) from None
    raise CommandExit(ExitStatus.SUCCESS)


def edit_command(
    env: Environment, game_id: str, location: str | None, notes: str | None, history_file: str | None
) -> None:
    """Set where a logged game was played and its notes (nothing of its result changes)."""
    out = Output(env)
    try:
        if location is None and notes is None:
            raise InputError(_("nothing to change: give --location and/or --notes"))
        for option, value in (("--location", location), ("--notes", notes)):
            if value is not None:
                _check_free_text(value, option)
        _logged, number = _logged_game(history_file, game_id)
        with open_for_writing(history_file) as history:
            history.edit(number, location=None if location is None else location.strip(), notes=notes)
    except RefereeError as error:
        raise fail(out, error) from None
    out.text(_("Game {id} changed.").format(id=number))
    raise CommandExit(ExitStatus.SUCCESS)


MAX_NOTES = 2000
"""The longest notes (or location) a game keeps."""


def _check_free_text(value: str, option: str) -> None:
    """Notes and places are free text, but short and with no control characters other than line breaks."""
    import unicodedata

    if len(value) > MAX_NOTES:
        raise InputError(_("{option}: longer than {limit} characters").format(option=option, limit=MAX_NOTES))
    if any(unicodedata.category(char) == "Cc" and char != "\n" for char in value):
        raise InputError(_("{option}: holds control characters").format(option=option))


def _binary_stdout(env: Environment) -> Any:
    """The byte stream under the environment's standard output (tests give a text buffer without one)."""
    env.stdout.flush()
    return getattr(env.stdout, "buffer", None) or _TextSink(env.stdout)


class _TextSink:
    """Bytes written to a text stream (UTF-8)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, data: bytes) -> int:
        return int(self.stream.write(data.decode("utf-8")))

    def flush(self) -> None:
        self.stream.flush()


# -- stats -------------------------------------------------------------------------------------------------------
def stats_command(
    env: Environment,
    game: str | None,
    player: str | None,
    vs: str | None,
    since: str | None,
    json_mode: bool,
    history_file: str | None,
    with_highlights: bool = False,
) -> None:
    from referee.history.stats import statistics

    out = Output(env, json_mode)
    try:
        game = check_game_name(game)
        player = check_name(player, "--player")
        vs = check_name(vs, "--vs")
        if vs is not None and player is None:
            raise InputError(_("--vs needs --player: head to head is between two players"))
        if vs is not None and player is not None:
            from referee.players import name_key

            if name_key(vs) == name_key(player):
                raise InputError(
                    _("--vs: '{a}' and '{b}' are one player; head to head is between two").format(a=player, b=vs)
                )
        since_key = parse_since(since)
        history = open_for_reading(history_file)
        if history is None:
            document: dict[str, Any] = {"game": game, "players": {}}
        else:
            with history:
                document = statistics(history, game=game, player=player, vs=vs, since=since_key)
                if with_highlights:
                    from referee.history.highlights import highlights

                    document["highlights"] = highlights(history, game=game, player=player, since=since_key)
                course = None
                if game is not None and not json_mode and env.stdout_isatty and document["players"]:
                    from referee.cli.history_chart import MARKERS
                    from referee.history.entry import name_key

                    charted = list(document["players"])[: len(MARKERS)]
                    course = history.rating_course(game, [name_key(name) for name in charted])
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json(document)
        raise CommandExit(ExitStatus.SUCCESS)
    if not document["players"]:
        out.note(_("No game in the history for this filter."))
        raise CommandExit(ExitStatus.SUCCESS)
    if game is not None:
        print_game_stats(out, game, document)
        if course:
            from referee.cli.history_chart import chart_for

            chart_for(out, document, course)
    else:
        for kind, sub in document.get("by_game", {}).items():
            if sub["players"]:
                print_game_stats(out, kind, sub)
                out.text()
    if "head_to_head" in document:
        h2h = document["head_to_head"]
        (first, second) = list(h2h["wins"])
        out.text(
            _(
                "Head to head, {games} games: {a} won {a_wins}, {b} won {b_wins}, {draws} drawn, {shared} shared;"
                " ahead: {a} {a_ahead}, {b} {b_ahead}"
            ).format(
                games=h2h["games"],
                a=first,
                b=second,
                a_wins=h2h["wins"][first],
                b_wins=h2h["wins"][second],
                shared=h2h["shared_wins"],
                draws=h2h["draws"],
                a_ahead=h2h["ahead"][first],
                b_ahead=h2h["ahead"][second],
            )
        )
    if "highlights" in document:
        if game is not None or "head_to_head" in document:
            out.text()
        print_highlights(out, document["highlights"])
    raise CommandExit(ExitStatus.SUCCESS)


MONTHS_SHOWN = 12
"""Plays by month: the latest months shown at a terminal (``--json`` has them all)."""


def _duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    return (
        _("{hours} h {minutes} min").format(hours=hours, minutes=rest)
        if hours
        else _("{minutes} min").format(minutes=rest)
    )


def self_play_lines(figures: dict[str, Any]) -> list[str]:
    """``random self-play, 2 players: seat 1 51%, seat 2 49% (20000 games)``: what random legal players win by
    seat, for each player count shown (see :func:`referee.history.stats.self_play`)."""
    return [
        ngettext(
            "random self-play, {n} player: {seats} ({games} games)",
            "random self-play, {n} players: {seats} ({games} games)",
            int(count),
        ).format(
            n=count,
            games=found["games"],
            seats=", ".join(
                _("seat {seat} {rate:.0%}").format(seat=seat + 1, rate=rate)
                for seat, rate in enumerate(found["win_rates"])
            ),
        )
        for count, found in figures.items()
    ]


def wrapped(out: Output, text: str) -> None:
    """A long line of figures wrapped to 80 terminal cells (wide characters count two), its continuation indented."""
    from referee.cli.cells import fill

    indent = " " * (len(text) - len(text.lstrip()) + 4)
    out.text(fill(text, 78, subsequent_indent=indent))


def print_highlights(out: Output, found: dict[str, Any]) -> None:
    """The figures of ``stats --highlights`` as short lines (80 columns)."""
    from referee.history.entry import game_title

    def say(text: str) -> None:
        wrapped(out, text)

    say(
        _("Highlights: {games} games, {time} played ({timed} timed), H-index {h}").format(
            games=found["games"],
            time=_duration(found["minutes_played"]),
            timed=found["timed_games"],
            h=found["h_index"],
        )
    )
    months = list(found["plays_by_month"].items())[-MONTHS_SHOWN:]
    if months:
        say(_("Plays by month: {months}").format(months=", ".join(f"{month} {count}" for month, count in months)))
    for kind, figures in found["by_game"].items():
        counts = ", ".join(
            ngettext("{count} with {n} player", "{count} with {n} players", int(n)).format(count=games, n=n)
            for n, games in figures["player_counts"].items()
        )
        champion = figures["champion"]
        line = _("{game}: {games} games ({counts})").format(
            game=game_title(kind), games=figures["games"], counts=counts
        )
        if champion is not None:
            line += "; " + ngettext(
                "champion {name} ({wins} win in {games})", "champion {name} ({wins} wins in {games})", champion["wins"]
            ).format(**champion)
        say(line)
    for name, figures in found["players"].items():
        parts = [
            _("{games} games, {time}").format(games=figures["games"], time=_duration(figures["minutes_played"])),
            _("longest win streak {longest} (now {current})").format(**figures["streak"]),
            _("H-index: games {h}, players {p}").format(h=figures["h_index"], p=figures["player_h_index"]),
        ]
        if figures["nemesis"] is not None:
            parts.append(_("nemesis {name} ({games})").format(**figures["nemesis"]))
        if figures["favourite_victim"] is not None:
            parts.append(_("favourite victim {name} ({games})").format(**figures["favourite_victim"]))
        if figures["most_played_with"]:
            parts.append(
                _("most played with {names}").format(
                    names=", ".join(f"{met['name']} {met['games']}" for met in figures["most_played_with"])
                )
            )
        firsts = ", ".join(f"{game_title(kind)} {day}" for kind, day in figures["first_plays"].items())
        parts.append(_("first played {games}").format(games=firsts))
        say(f"{name}: " + "; ".join(parts))


def print_game_stats(out: Output, game: str, document: dict[str, Any]) -> None:
    from referee.cli.output import ScoreTable
    from referee.history.entry import game_title, has_points

    no_points = not has_points(game)
    shared = any(numbers["shared_wins"] for numbers in document["players"].values())
    headers = [_("player"), _("games"), _("wins"), _("draws")] + ([_("shared")] if shared else []) + [_("win rate")]
    if not no_points:
        headers += [_("average"), _("best")]
    headers.append(_("rating (mu − 3 sigma)"))
    table = ScoreTable(game_title(game), headers)
    seats: list[dict[str, int]] = []
    for name, numbers in document["players"].items():
        rating = numbers.get("rating")
        row = [
            name,
            str(numbers["games"]),
            str(numbers["wins"]),
            str(numbers["draws"]),
            *([str(numbers["shared_wins"])] if shared else []),
            f"{numbers['win_rate']:.0%}",
        ]
        if not no_points:
            average = numbers["average_score"]
            best = numbers["best_score"]
            row += ["" if average is None else f"{average:.1f}", "" if best is None else str(best)]
        row.append("" if rating is None else f"{rating['ordinal']:.1f} ({rating['mu']:.1f} ± {rating['sigma']:.1f})")
        table.add_row(row)
        for seat, numbers_at in enumerate(numbers["by_seat"]):
            while len(seats) <= seat:
                seats.append({"games": 0, "wins": 0})
            seats[seat]["games"] += numbers_at["games"]
            seats[seat]["wins"] += numbers_at["wins"]
    for line in table.lines():
        out.text(line)
    parts = [
        _("seat {seat}: {wins}/{games} won ({rate:.0%})").format(
            seat=seat + 1, wins=numbers["wins"], games=numbers["games"], rate=numbers["wins"] / numbers["games"]
        )
        for seat, numbers in enumerate(seats)
        if numbers["games"]
    ]
    wrapped(out, _("By seat (seat 1 moves first): {parts}").format(parts="; ".join(parts)))
    for line in self_play_lines(document.get("self_play", {})):
        wrapped(out, "  " + line)
    maps: dict[str, dict[str, int]] = {}
    for numbers in document["players"].values():
        for board, counts in numbers.get("by_map", {}).items():
            maps.setdefault(board, {"games": 0})
            maps[board]["games"] += counts["games"]
    if maps:
        for name, numbers in document["players"].items():
            boards = numbers.get("by_map", {})
            if boards:
                wrapped(
                    out,
                    f"  {name}: "
                    + "; ".join(f"{board} {counts['wins']}/{counts['games']}" for board, counts in boards.items()),
                )


# -- the fast path -----------------------------------------------------------------------------------------------
_FAST_OPTIONS = {
    ("history", "list"): {"--game", "--player", "--since", "--limit", "--history"},
    ("stats",): {"--game", "--player", "--vs", "--since", "--history"},
}
_FAST_FLAGS = {
    ("history", "list"): {"--json"},
    ("stats",): {"--json", "--highlights"},
}


def run_fast(argv: Sequence[str]) -> bool:
    """Answer ``history list`` and ``stats`` without Typer (see :mod:`referee.cli.fast`); False to leave the command
    line to Typer (anything unusual: ``--help``, an unknown option, a missing value)."""
    command = (
        ("history", "list") if list(argv[:2]) == ["history", "list"] else ("stats",) if argv[:1] == ["stats"] else None
    )
    if command is None:
        return False
    allowed = _FAST_OPTIONS[command]
    values: dict[str, str] = {}
    flags: set[str] = set()
    words = list(argv[len(command) :])
    index = 0
    while index < len(words):
        word = words[index]
        if word in _FAST_FLAGS[command] and word not in flags:
            flags.add(word)
            index += 1
            continue
        option, equals, value = word.partition("=")
        if option not in allowed or option in values:
            return False
        if not equals:
            if index + 1 >= len(words) or words[index + 1].startswith("--"):
                return False
            value = words[index + 1]
            index += 1
        values[option] = value
        index += 1
    env = Environment()
    if command == ("stats",):
        stats_command(
            env,
            values.get("--game"),
            values.get("--player"),
            values.get("--vs"),
            values.get("--since"),
            "--json" in flags,
            values.get("--history"),
            "--highlights" in flags,
        )
    else:
        limit = values.get("--limit")
        if limit is not None and not limit.strip().isdigit():
            return False
        list_command(
            env,
            values.get("--game"),
            values.get("--player"),
            values.get("--since"),
            None if limit is None else int(limit),
            "--json" in flags,
            values.get("--history"),
        )
    return True
