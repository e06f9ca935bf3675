"""A club's history on a PostgreSQL server: ``history push --to URL``, ``history pull --from URL`` (a personal
history and the club's merged by play identity, both ways) and ``history init --server URL`` (the schema and the
two roles).

Push and pull send every game of one history to the other through the merge rule of
:meth:`referee.history.store.History.merge` (a play changed on one side since they last met travels; changed on
both, the newest change wins and the conflict is said in one line),
:data:`~referee.history.store.History.BATCH_SIZE` games a transaction:
a game already there is never added twice, so running one again adds nothing, and one cut in the middle (the
network, the server killed) is finished by running it again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.cli.env import Environment
from referee.cli.output import Output
from referee.cli.status import ExitStatus, exit_status, fail
from referee.errors import RefereeError
from referee.i18n import _, ngettext


def server_url(out: Output, url: str | None, option: str) -> str:
    """The URL given to ``option``, checked: one line and exit 2 when it is missing or not a server's."""
    from referee.errors import InputError
    from referee.history.server import is_server_url

    if url is None:
        raise fail(out, InputError(_("{option} is needed: postgresql://USER@HOST[:PORT]/DB").format(option=option)))
    if not is_server_url(url):
        raise fail(
            out,
            InputError(
                _("{option}: a club's history is named by a URL, postgresql://USER@HOST[:PORT]/DB").format(
                    option=option
                )
            ),
        )
    return url


def push_command(env: Environment, url: str | None, history_file: str | None, json_mode: bool) -> int:
    """``history push --to URL``: this history's games into the club's."""
    from referee.cli.history.opening import history_location

    url = server_url(Output(env, json_mode), url, "--to")
    return _transfer(env, history_location(history_file), url, json_mode)


def pull_command(env: Environment, url: str | None, history_file: str | None, json_mode: bool) -> int:
    """``history pull --from URL``: the club's games into this history."""
    from referee.cli.history.opening import history_location

    url = server_url(Output(env, json_mode), url, "--from")
    return _transfer(env, url, history_location(history_file), json_mode)


def _transfer(env: Environment, source_at: Path | str, target_at: Path | str, json_mode: bool) -> int:
    from referee.cli.history.batch import conflict_line, versions_line
    from referee.history.store import GameRefused, HistoryError, open_history

    out = Output(env, json_mode)
    refused = damaged = 0
    opened: list[Any] = []  # the target, once open: what it holds from this run is said if the run stops
    try:
        source = open_history(source_at, create=False)
        if source is None:
            raise HistoryError(_("{history}: there is no history there").format(history=_shown(source_at)))
        with source:
            target = open_history(target_at, create=True)
            assert target is not None
            opened.append(target)
            target.patience = 120.0
            with target, target.batch():
                for logged in source.each_game():
                    if logged.entry.damaged:
                        damaged += 1
                        continue
                    try:
                        merged = target.merge(logged.entry)
                    except GameRefused:
                        refused += 1
                        continue
                    if merged.conflict:
                        out.note(conflict_line(f"#{logged.id}", merged))
                counts = target.committed
            counts = dict(target.committed)
    except RefereeError as error:
        if opened:  # cut in the middle (the server killed): what the target holds from this run, exactly
            sent = opened[0].committed_plays
            out.error(error.message)
            stopped = ngettext(
                "stopped: {n} game of this run is in {to} (committed); run it again to send the rest",
                "stopped: {n} games of this run are in {to} (committed); run it again to send the rest",
                sent,
            ).format(n=sent, to=_shown(target_at))
            raise fail(out, stopped, exit_status(error)) from None
        raise fail(out, error) from None
    document: dict[str, Any] = {
        "from": str(_shown(source_at)),
        "to": str(_shown(target_at)),
        "added": counts["added"],
        "present": counts["present"],
        "probable": counts["probable"],
        "changed": counts["changed"],
        "conflicting": counts["conflicting"],
        "refused": refused,
        "damaged": damaged,
    }
    if json_mode:
        out.json(document)
    else:
        out.text(
            _(
                "{added} added to {to}; {present} already there; {probable} probably there (not added);"
                " {refused} refused; {damaged} damaged (not sent)."
            ).format(**document)
        )
        out.text(versions_line(counts))
    return ExitStatus.SUCCESS


def _shown(where: Path | str) -> Path | str:
    from referee.history.server import display_url, is_server_url

    return display_url(where) if isinstance(where, str) and is_server_url(where) else where


def init_command(env: Environment, url: str | None, json_mode: bool) -> int:
    """``history init --server URL``: the club's schema (created or migrated) and its two roles, with what each
    may do (run by the database's owner; again, it changes nothing)."""
    from referee.history import server
    from referee.history.store import SCHEMA_VERSION, HistoryError, open_history

    out = Output(env, json_mode)
    url = server_url(out, url, "--server")
    try:
        history = open_history(url, create=True)
        assert history is not None
        with history:
            db = history.connection
            try:
                database = str(db.execute("SELECT current_database()").fetchone()[0])
                assert isinstance(db, server.ServerDatabase)  # a postgresql:// URL opens a server's history
                raw = db.raw
                with raw.transaction():
                    for statement, params in server.role_sql(database):
                        raw.execute(statement, params or None)
            except Exception as error:
                message = server.scrub(str(error).strip().splitlines()[0] if str(error).strip() else "", url)
                raise HistoryError(
                    _("{url}: the roles could not be made ({reason}); run this as the database's owner").format(
                        url=server.display_url(url), reason=message
                    )
                ) from None
    except RefereeError as error:
        raise fail(out, error) from None
    document = {
        "history": server.display_url(url),
        "version": SCHEMA_VERSION,
        "roles": {"table": server.TABLE_ROLE, "organiser": server.ORGANISER_ROLE},
    }
    if json_mode:
        out.json(document)
    else:
        out.text(
            _(
                "The club's history at {history} is ready (version {version}). Role {table}: adds games and reads;"
                " role {organiser}: also edits, removes, renames and imports. Give each login one of them, e.g."
                " CREATE ROLE table1 LOGIN PASSWORD '…' IN ROLE {table};"
            ).format(
                history=document["history"],
                version=SCHEMA_VERSION,
                table=server.TABLE_ROLE,
                organiser=server.ORGANISER_ROLE,
            )
        )
    return ExitStatus.SUCCESS
