"""``GAME draw RECORD|POSITION [--at N] -o FILE.svg``: the game of a record (after ``--at`` actions) or of a
position file, drawn by its room's picture (:mod:`referee.cli.pictures` holds what every picture shares and writes
it). Kept apart from the pictures, which the shared commands draw with (``check --draw``, ``score --draw``): this
command replays a record with them, so neither imports the other.
"""

from __future__ import annotations

from typing import Any

from referee.cli.pictures import check_svg, game_picture, write_picture
from referee.errors import InputError
from referee.i18n import _, ngettext


def game_at(spec: Any, path: str, env: Any, at: int | None) -> Any:
    """The game of a record after ``at`` of its actions (all by default), or of a position file."""
    from referee.cli.files import display_name, read_toml
    from referee.cli.shared_commands import game_record, replay_error_line, replay_record

    source = display_name(path)
    document = read_toml(path, env.stdin)
    if "actions" not in document:
        position = spec.load_position(document, source, _quiet(env))
        if position is None:
            raise InputError(
                _("{file}: neither a record (no 'actions') nor a position this game can draw").format(file=source)
            )
        if at is not None:
            raise InputError(_("--at counts the actions of a record; {file} is a position").format(file=source))
        return position
    record = game_record(spec, document, source)
    if at is not None and not 0 <= at <= len(record.actions):
        raise InputError(
            ngettext(
                "--at {n}: the record holds {count} action (0 to {count})",
                "--at {n}: the record holds {count} actions (0 to {count})",
                len(record.actions),
            ).format(n=at, count=len(record.actions))
        )
    record.actions = record.actions[:at] if at is not None else record.actions
    game, error = replay_record(spec, record, source, undo=False)
    if error is not None:
        raise InputError(replay_error_line(source, error))
    return game


def _quiet(env: Any) -> Any:
    from referee.cli.output import Output

    return Output(env)


def draw_command(env: Any, spec: Any, path: str, at: int | None, output: str, force: bool) -> int:
    """``GAME draw RECORD|POSITION [--at N] -o FILE.svg``."""
    from referee.cli.output import Output
    from referee.cli.status import ExitStatus, fail
    from referee.errors import RefereeError

    out = Output(env)
    try:
        check_svg(output)
        game = game_at(spec, path, env, at)
        write_picture(env, output, game_picture(spec, game), force=force, inputs=[path])
    except RefereeError as error:
        raise fail(out, error) from None
    if output != "-":
        out.note(_("Drew {file}.").format(file=output))
    return ExitStatus.SUCCESS
