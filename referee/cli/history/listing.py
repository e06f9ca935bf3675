"""``history list``, ``show``, ``remove``, ``rename-player`` and ``edit``: the logged games as people and scripts read
them (a result told in the game's own words, an abandoned game as such).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment
from referee.cli.history.entries import SCORE_ONLY_SOURCES, SOURCE_NAMES
from referee.cli.history.opening import open_for_reading, open_for_writing, say_damaged
from referee.cli.history.options import (
    MAX_ID,
    check_free_text,
    check_game_name,
    check_name,
    game_names,
    game_spec,
    parse_since,
)
from referee.cli.output import Output
from referee.cli.status import ExitStatus, fail
from referee.errors import InputError, RefereeError
from referee.history.rows import describe
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.engine import Game
    from referee.history.entry import GameEntry
    from referee.history.store import LoggedGame


DEFAULT_LIST_LIMIT = 50
"""``history list`` shows the newest games (``--limit 0`` for all); ``--json`` gives all unless limited."""


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
    game's own words (``out in this order: …``); a play marked not to count in win statistics (BoardGameGeek's
    ``nowinstats``, BG Stats' ``ignored``) says so after it."""
    told = played_result_text(entry)
    return told + " " + _("(not counted in win statistics)") if entry.unscored else told


def played_result_text(entry: GameEntry) -> str:
    """The result as played (see :func:`result_text`)."""
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


def list_command(
    env: Environment,
    game: str | None,
    player: str | None,
    since: str | None,
    limit: int | None,
    json_mode: bool,
    history_file: str | None,
) -> int:
    out = Output(env, json_mode)
    try:
        game = check_game_name(game)
        player = check_name(player, "--player")
        since_key = parse_since(since)
        if limit is not None and not 0 <= limit <= MAX_ID:
            raise InputError(_("--limit must be 0 (all) to {most}").format(most=MAX_ID))
        history = open_for_reading(history_file)
        if limit is None:
            limit = 0 if json_mode else DEFAULT_LIST_LIMIT
        games: list[LoggedGame] = []
        more = False
        if history is not None:  # (closed after reading; what it found is said below)
            with history:
                games = history.games(game=game, player=player, since=since_key, limit=limit or None)
                more = bool(limit) and len(games) == limit
    except RefereeError as error:
        raise fail(out, error) from None
    damaged = sum(1 for logged in games if logged.entry.damaged)
    if json_mode:
        out.json([entry_document(logged) for logged in games])
        say_damaged(out, damaged, history)
        return ExitStatus.SUCCESS
    if not games:
        out.note(
            _("No game in the history{filter}.").format(filter=_(" for this filter") if game or player or since else "")
        )
        return ExitStatus.SUCCESS
    from referee.cli.output import Column, ScoreTable

    table = ScoreTable(
        "",
        [Column(_("id"), no_wrap=True), Column(_("date"), no_wrap=True), _("game"), _("players"), _("result")],
        left=5,
    )
    imported: list[str] = []
    for logged in games:
        entry = logged.entry
        game = entry.game
        if entry.kind in SCORE_ONLY_SOURCES:  # marked, and told under the table
            game += "*"
            if SOURCE_NAMES[entry.kind] not in imported:
                imported.append(SOURCE_NAMES[entry.kind])
        result = (
            result_text(entry) if not entry.damaged else _("damaged: {cells}").format(cells=describe(entry.damaged))
        )
        table.add_row([str(logged.id), local_time(entry.played), game, ", ".join(entry.names), result])
    for line in table.lines(out.width, titled=False):
        out.text(line)
    if imported:
        out.text(_("* imported from {apps}: a result without actions").format(apps=", ".join(sorted(imported))))
    if more:
        out.note(
            ngettext(
                "The newest {shown} game (--limit 0 for all).",
                "The newest {shown} games (--limit 0 for all).",
                len(games),
            ).format(shown=len(games))
        )
    say_damaged(out, damaged, history)
    return ExitStatus.SUCCESS


def entry_document(logged: LoggedGame) -> dict[str, Any]:
    """One game as ``history list --json`` and ``show --json`` give it; a damaged game says which cells are."""
    from referee.history.export import list_document

    document = list_document(logged)
    if logged.entry.damaged:
        document["damaged"] = list(logged.entry.damaged)
    return document


@dataclass(frozen=True)
class TurnScores:
    """One turn of a replayed game as ``history show`` tells it: who moved, what they did, the score after it."""

    number: int
    player: str | None
    """Who moved (None where the rules name nobody, as before a Coin Age toss)."""
    actions: list[str]
    scores: dict[str, int]

    def to_json(self) -> dict[str, object]:
        return {"turn": self.number, "player": self.player, "actions": self.actions, "scores": self.scores}


@dataclass(frozen=True)
class ShownGame:
    """A logged game as ``history show`` tells it: the game as logged, the game replayed from its record (None for
    a result without actions, or a damaged game), and the score after each turn."""

    logged: LoggedGame
    game: Game[Any, Any] | None
    turns: list[TurnScores]

    def to_json(self) -> dict[str, object]:
        """``show --json``: the game as ``list --json`` gives it, its summary, its turns and its record."""
        document = entry_document(self.logged)
        document["summary"] = self.game.summary() if self.game is not None else None
        document["turns"] = [turn.to_json() for turn in self.turns]
        document["record"] = self.logged.entry.record
        return document


def _logged_game(history_file: str | None, game_id: str) -> tuple[LoggedGame, int]:
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


def replayed(entry: GameEntry) -> tuple[Game[Any, Any] | None, list[TurnScores]]:
    """The game of a logged entry, replayed from its record, and the score after each turn (records only)."""
    import tomllib

    from referee.cli.shared_commands import game_record, new_game

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
    turns: list[TurnScores] = []
    actions: list[str] = []
    player = game.to_move
    for text in record.actions:
        action = game.parse(text)
        mover = game.actor(action)
        if actions and mover != player:
            outcome = game.rules.outcome(game.state)
            turns.append(TurnScores(len(turns) + 1, player, actions, outcome.scores))
            actions = []
        player = mover
        game.push(action)
        actions.append(text)
        if game.over:
            outcome = game.rules.outcome(game.state)
            turns.append(TurnScores(len(turns) + 1, player, actions, outcome.scores))
            actions = []
    if actions:
        outcome = game.rules.outcome(game.state)
        turns.append(TurnScores(len(turns) + 1, player, actions, outcome.scores))
    return game, turns


def _shown_game(history_file: str | None, game_id: str) -> ShownGame:
    """The game ``game_id`` of the history, replayed; a damaged game as far as it can be read."""
    logged = _logged_game(history_file, game_id)[0]
    try:
        game, turns = replayed(logged.entry)
    except RefereeError:  # its game and kind are sound (else it is damaged already): its record does not replay
        logged.entry.damaged = logged.entry.damaged or ("record",)
        game, turns = None, []  # what is left of a damaged game is shown all the same
    return ShownGame(logged, game, turns)


def show_command(env: Environment, game_id: str, json_mode: bool, history_file: str | None) -> int:
    from referee.history.entry import game_title, has_points
    from referee.history.play_facts import duration_minutes

    out = Output(env, json_mode)
    try:
        shown = _shown_game(history_file, game_id)
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json(shown.to_json())
        return ExitStatus.SUCCESS
    logged, game, turns = shown.logged, shown.game, shown.turns
    entry = logged.entry
    setup = ", ".join(f"{key} {value}" for key, value in entry.setup.items() if value not in (0, False, "", None))
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
    if entry.damaged:
        out.text(
            _("Damaged in the history: {cells} (shown as far as it can be read; counted in no figure).").format(
                cells=describe(entry.damaged)
            )
        )
    if entry.kind in SCORE_ONLY_SOURCES:
        out.text(_("Imported from {source}: a result without actions.").format(source=SOURCE_NAMES[entry.kind]))
    if entry.location:
        out.text(_("Where: {location}").format(location=entry.location))
    if entry.notes:
        out.text(_("Notes: {notes}").format(notes=entry.notes))
    if game is not None:
        out.text()
        spec = game_spec(entry.game)
        for line in spec.score_table(game).lines(out.width):
            out.text(line)
    if turns:
        out.text()
        points = has_points(entry.game)
        out.text(_("Score after each turn:") if points else _("Turn by turn:"))
        for turn in turns:
            scores = "  " + "  ".join(f"{name} {score}" for name, score in turn.scores.items()) if points else ""
            out.text(f"{turn.number:>4}. {turn.player}: {', '.join(turn.actions)}{scores}")
    return ExitStatus.SUCCESS


def remove_command(env: Environment, game_id: str, history_file: str | None, json_mode: bool = False) -> int:
    out = Output(env, json_mode)
    try:
        logged, number = _logged_game(history_file, game_id)
        with open_for_writing(history_file) as history:
            history.remove(number)
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json({"removed": number, "game": logged.entry.game, "players": logged.entry.names})
    out.text(
        _("Removed game {id} ({game}, {date}: {names}).").format(
            id=number, game=logged.entry.game, date=local_time(logged.entry.played), names=", ".join(logged.entry.names)
        )
    )
    return ExitStatus.SUCCESS


def rename_command(env: Environment, old: str, new: str, history_file: str | None, json_mode: bool = False) -> int:
    from referee.cli.records import check_player_name

    out = Output(env, json_mode)
    try:
        old_name = check_name(old, "OLD")
        new_name = check_player_name(new, "NEW")
        assert old_name is not None
        history = open_for_reading(history_file)
        changed = 0
        if history is not None:
            with history:
                _check_renamed_seats(history, old_name, new_name)
            with open_for_writing(history_file) as history:
                changed = history.rename_player(old_name, new_name)
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        out.json({"old": old_name, "new": new_name, "games": changed})
    elif not changed:
        out.note(_("No game of '{name}' in the history; nothing changed.").format(name=old_name))
    else:
        out.text(
            ngettext(
                "'{old}' is now '{new}' in {count} game.", "'{old}' is now '{new}' in {count} games.", changed
            ).format(old=old_name, new=new_name, count=changed)
        )
    return ExitStatus.SUCCESS


def _check_renamed_seats(history: Any, old: str, new: str) -> None:
    """The name rule of ``play`` for every game the rename changes: no game may end with two seats that are one
    player or look alike (``Jun`` renamed ``lris`` beside ``Iris``)."""
    from referee.cli.records import check_distinct
    from referee.players import name_key

    old_key = name_key(old)
    for logged in history.games(player=old):
        names = [new if name_key(name) == old_key else name for name in logged.entry.names]
        check_distinct(names, _("game {id}").format(id=logged.id))


def edit_command(
    env: Environment,
    game_id: str,
    location: str | None,
    notes: str | None,
    history_file: str | None,
    json_mode: bool = False,
) -> int:
    """Set where a logged game was played and its notes (nothing of its result changes)."""
    out = Output(env, json_mode)
    try:
        if location is None and notes is None:
            raise InputError(_("nothing to change: give --location and/or --notes"))
        for option, value in (("--location", location), ("--notes", notes)):
            if value is not None:
                check_free_text(value, option)
        _logged, number = _logged_game(history_file, game_id)
        with open_for_writing(history_file) as history:
            history.edit(number, location=None if location is None else location.strip(), notes=notes)
    except RefereeError as error:
        raise fail(out, error) from None
    if json_mode:
        document: dict[str, Any] = {"id": number}
        if location is not None:
            document["location"] = location.strip() or None
        if notes is not None:
            document["notes"] = notes or None
        out.json(document)
    out.text(_("Game {id} changed.").format(id=number))
    return ExitStatus.SUCCESS
