"""``history export``: the history in one of :data:`EXPORT_FORMATS`, a game at a time, by the policy of every file
the program makes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment
from referee.cli.history.opening import history_path, open_for_reading, say_damaged
from referee.cli.history.options import check_game_name
from referee.cli.output import Output
from referee.cli.status import ExitStatus, fail
from referee.cli.tab.option_values import EXPORT_FORMATS
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.history.store import LoggedGame


def export_command(
    env: Environment,
    format_name: str,
    game: str | None,
    file: str | None,
    history_file: str | None,
    force: bool = False,
    me: str | None = None,
    json_mode: bool = False,
) -> int:
    """Write the history in one of :data:`EXPORT_FORMATS`, a game at a time, by the policy of every file the
    program makes (:func:`referee.cli.files.write_output`: never over an existing file without ``--force``, never
    over the history itself, streamed to standard output, a FIFO or a device)."""
    from referee.cli.files import write_output
    from referee.history import export
    from referee.history.play_facts import bgg_id_of

    out = Output(env, json_mode)
    try:
        if json_mode and (file is None or file == "-"):
            raise InputError(_("--json tells what was written to FILE; the export itself goes to standard output"))
        if format_name not in EXPORT_FORMATS:
            raise InputError(
                _("--format: one of {formats}, not '{format}'").format(
                    formats=", ".join(EXPORT_FORMATS), format=format_name
                )
            )
        game = check_game_name(game)
        if me is not None:
            from referee.cli.records import check_player_name

            if format_name != "bgstats":
                raise InputError(_("--me: only with --format bgstats (the owner of the BG Stats app)"))

            me = check_player_name(me, "--me")
        history = open_for_reading(history_file)
        written = [0, 0, 0]  # games, of which damaged; plays a push link cannot carry, left out

        def games() -> Iterator[LoggedGame]:
            if history is None:
                return
            for logged in history.each_game(game=game):
                if format_name == "bgstats-push" and (logged.entry.incomplete or logged.entry.unscored):
                    written[2] += 1  # the link has no key for them (export.pushed): not written, not counted
                    continue
                written[0] += 1
                written[1] += bool(logged.entry.damaged)
                yield logged

        if format_name == "bgg":
            from referee.history.bgg import bgg_chunks

            total = history.count(game=game) if history is not None else 0
            chunks = bgg_chunks(games(), total, bgg_id_of)
        elif format_name == "bgstats":
            from referee.history.bgstats import bgsplay_chunks

            chunks = bgsplay_chunks(games(), bgg_id_of, me)
        elif format_name == "bgstats-push" and file is not None and file.lower().endswith((".html", ".htm")):
            chunks = export.push_page_chunks(games())  # one page: a link and a QR code per play
        else:
            producer = {"bgstats-push": export.bgstats_chunks, "csv": export.csv_chunks, "json": export.backup_chunks}
            chunks = producer[format_name](games())
        target = "-" if file is None else file
        if target == "-" and env.stdout_isatty:  # names from files never reach a terminal raw
            from referee.cli.output import safe

            chunks = (safe(chunk) for chunk in chunks)
        elif target == "-":  # nor through a pipe: ESC and C1 controls escaped (JSON reads them back as they were)
            from referee.cli.history.options import escape_controls

            chunks = (escape_controls(chunk) for chunk in chunks)
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
        say_damaged(out, written[1], history)
        if written[2]:
            out.note(
                ngettext(
                    "{count} abandoned or uncounted play left out (a BG Stats link has no key for it).",
                    "{count} abandoned or uncounted plays left out (a BG Stats link has no key for them).",
                    written[2],
                ).format(count=written[2])
            )
        if json_mode:
            out.json({"file": file, "format": format_name, "games": written[0], "damaged": written[1]})
        elif target != "-":
            out.note(
                ngettext("{count} game written to {file}.", "{count} games written to {file}.", written[0]).format(
                    count=written[0], file=file
                )
            )
    except RefereeError as error:
        raise fail(out, error) from None
    return ExitStatus.SUCCESS


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
