"""``history add`` and ``history import``: many games logged in one batch, each in its own savepoint, with an exact
account of what the history holds afterwards; the formats ``import`` reads (this program's JSON backup,
BoardGameGeek's play XML, BG Stats' play file).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.cli.env import Environment
from referee.cli.history.entries import SCORE_ONLY_SOURCES, Unfinished, entry_from_text, read_entries, record_files
from referee.cli.history.opening import open_for_writing
from referee.cli.history.options import checked_entries, game_names
from referee.cli.output import Output
from referee.cli.status import CommandFailed, ExitStatus, exit_status, fail
from referee.errors import InputError, RefereeError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.history.entry import GameEntry
    from referee.history.identity import Merged
    from referee.history.store import History


def add_command(
    env: Environment,
    paths: Sequence[str],
    json_mode: bool,
    history_file: str | None,
    incomplete: bool = False,
    keep_duplicates: bool = False,
) -> int:
    out = Output(env, json_mode)
    try:
        history = open_for_writing(history_file)
        files = record_files(paths)
    except RefereeError as error:
        raise fail(out, error) from None
    except KeyboardInterrupt:  # before the first game was read: the account all the same (nothing logged)
        out.error(_("interrupted"))
        out.error(_("stopped: 0 games are in the history from this run; nothing was read"))
        raise CommandFailed(ExitStatus.INTERRUPTED) from None
    if not files:
        out.note(_("No record found."))
    with history:
        batch = BatchLog(out, history, len(files), keep_duplicates)
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
        batch.say_merges()
        batch.say_versions()
    return batch.worst


class BatchLog:
    """Logging many games (``history add``, ``history import``): each game in its own savepoint, so a game that
    fails is reported in one line and skipped while the others go on; a failure of the history itself (a full
    disk, a lock held too long, a read-only or damaged file) stops the batch with an exact account of what the
    database holds and what was never read. Ctrl-C stops it the same way, keeping what was committed."""

    PATIENCE_SECONDS = 600.0
    """How long a batch waits for other referees' writes before it gives up (each wait is said in a line)."""

    def __init__(self, out: Output, history: History, expected: int | None, keep_duplicates: bool = False) -> None:
        self.out = out
        self.history = history
        self.keep_duplicates = keep_duplicates
        """Add a play that only looks like one already there (``--keep-duplicates``)."""
        self.merged: dict[str, int] = {}
        """Plays found already in the history, by what told it (``uuid``, ``origin``, ``bgg``, ``content``)."""
        history.patience = self.PATIENCE_SECONDS
        history.on_wait = lambda: out.note(_("The history is busy with another referee; waiting for it…"))
        self.expected = expected
        """How many games the batch was given (files), or None when they are read as they come (an import)."""
        self.seen = 0
        self.unfinished = 0
        self.refused = 0
        self.worst: int = ExitStatus.SUCCESS
        self.refusals_fail = expected is not None
        """Whether a game refused makes the exit status 2 (``history add``: each record named is input, as
        ``replay``'s); an import's refused plays are each said in one line and counted, and fail the command only
        when none of the file's plays could be taken (:meth:`settle_refusals`)."""
        self.stopped_by: str | None = None
        """Why the batch stopped before its end (the history failed, Ctrl-C), or None."""
        self.pending_sources: list[str] = []
        """Where the games of the open transaction came from (named if the transaction is lost)."""

    def run(self, items: Iterator[tuple[str, GameEntry | RefereeError]]) -> None:
        from referee.history.store import HistoryError

        current: tuple[str, GameEntry | RefereeError, tuple[int, int, int, int]] | None = None
        try:
            with self.history.batch():
                for source, outcome in items:
                    current = (source, outcome, (*self._accounted(), self.seen))
                    self.seen += 1
                    self._log_one(source, outcome)
                    current = None
        except HistoryError as error:  # the open transaction was rolled back
            self._stopped(error.message, ExitStatus.BAD_INPUT, lost=self.pending_sources)
            return
        except KeyboardInterrupt:  # what was logged is committed (the batch ends with a commit)
            self._stopped(_("interrupted"), ExitStatus.INTERRUPTED, lost=self._interrupted_game(current))
            return
        try:
            self.history.refresh_stale_ratings()
        except RefereeError as error:
            self.out.error(error.message)
            self.worst = max(self.worst, ExitStatus.BAD_INPUT)

    def _accounted(self) -> tuple[int, int, int]:
        """What the account holds so far: games logged (committed or in the open transaction), refused, unfinished."""
        return self.history.committed_plays + self.history.uncommitted, self.refused, self.unfinished

    def _interrupted_game(
        self, current: tuple[str, GameEntry | RefereeError, tuple[int, int, int, int]] | None
    ) -> list[str]:
        """The game Ctrl-C came in the middle of, once the batch has committed: counted where it is (the history
        holds it, it was refused or found unfinished) or else named as not logged; so that the parts of the
        account always add up to the games given (issue 34: it was read, and in no part)."""
        if current is None:
            return []
        source, outcome, before = current
        if self.seen == before[3] or self._accounted() != before[:3]:
            return []  # not counted as read yet (so counted as not read), or accounted for already
        if not isinstance(outcome, RefereeError):
            from referee.history.store import HistoryError

            try:
                found = self.history.find_hash(outcome.content_hash)
            except HistoryError:
                found = None
            if found is not None:  # in the history, logged just before Ctrl-C was counted
                self.history.committed["added"] += 1
                return []
        return [source]

    def _log_one(self, source: str, outcome: GameEntry | RefereeError) -> None:
        from referee.history.store import HistoryError

        before = self.history.uncommitted
        try:
            if isinstance(outcome, RefereeError):
                raise outcome
            for notice in outcome.notices:
                self.out.note(notice)
            merged = self.history.merge(outcome, keep_duplicates=self.keep_duplicates)
        except Unfinished as skipped:
            self.out.note(skipped.message)
            self.unfinished += 1
            return
        except HistoryError:
            self.pending_sources.append(source)  # not logged either
            raise
        except RefereeError as error:
            self.refused += 1
            status = _report_failed_game(self.out, error, source, source)
            if self.refusals_fail:
                self.worst = max(self.worst, status)
            return
        if merged.outcome == "probable":
            self.out.note(
                _(
                    "{where}: probably already in the history: #{id} (the same game, day, players and results);"
                    " not added (--keep-duplicates adds it)"
                ).format(where=source, id=merged.id)
            )
        elif merged.outcome == "present":
            self.merged[merged.why] = self.merged.get(merged.why, 0) + 1
        if merged.conflict:
            self.out.note(conflict_line(source, merged))
        if self.history.uncommitted > before:
            self.pending_sources.append(source)
        else:
            self.pending_sources.clear()  # committed with this game

    def _stopped(self, reason: str, status: int, lost: list[str]) -> None:
        """The history failed (or Ctrl-C): say what the database holds and what was not logged."""
        self.out.error(reason)
        self.stopped_by = reason
        committed = self.history.committed_plays
        if self.expected is None:
            self.out.error(
                ngettext(
                    "stopped: {committed} game is in the history from this run;"
                    " {lost} not logged, nothing after game {seen} read",
                    "stopped: {committed} games are in the history from this run;"
                    " {lost} not logged, nothing after game {seen} read",
                    committed,
                ).format(committed=committed, lost=len(lost), seen=self.seen)
            )
        else:
            self.out.error(
                ngettext(
                    "stopped: {committed} game is in the history from this run; {lost} not logged, {unread} not read",
                    "stopped: {committed} games are in the history from this run; {lost} not logged, {unread} not read",
                    committed,
                ).format(committed=committed, lost=len(lost), unread=self.expected - self.seen)
            )
        if lost:
            self.out.error(_("not logged (log them again): {names}").format(names=_names_list(lost)))
        self.worst = max(self.worst, status)

    def say_merges(self) -> None:
        """One line: the plays found already in the history, and how each was told (every merge is said)."""
        reasons = {
            "uuid": _("{n} by their uuid"),
            "origin": _("{n} by the app, owner and id they came from"),
            "bgg": _("{n} by their BoardGameGeek play id"),
            "content": _("{n} by their content"),
        }
        parts = [reasons[why].format(n=count) for why, count in sorted(self.merged.items()) if why in reasons]
        probable = self.history.committed["probable"]
        if probable:
            parts.append(
                ngettext(
                    "{n} probably already there (not added: listed above)",
                    "{n} probably already there (not added: listed above)",
                    probable,
                ).format(n=probable)
            )
        if parts:
            self.out.text(_("Merged with the history: {reasons}.").format(reasons="; ".join(parts)))

    def say_versions(self) -> None:
        """The run's last line: plays added, changed, unchanged and conflicting (docs/formats.md, "A play's
        versions")."""
        self.out.text(versions_line(self.history.committed))

    def settle_refusals(self) -> None:
        """An import whose every play was refused took nothing of the file: exit status 2, as a file refused
        whole (some plays taken and some refused: 0, the refused counted and each said; docs/formats.md)."""
        counts = self.counts()
        taken = sum(counts[key] for key in ("added", "present", "changed", "conflicting", "probable", "unfinished"))
        if self.refused and not taken:
            self.worst = max(self.worst, ExitStatus.BAD_INPUT)

    def counts(self) -> dict[str, int]:
        committed = self.history.committed
        return {
            "added": committed["added"],
            "present": committed["present"],
            "changed": committed["changed"],
            "conflicting": committed["conflicting"],
            "probable": committed["probable"],
            "unfinished": self.unfinished,
            "refused": self.refused,
            "not_read": 0 if self.expected is None else self.expected - self.seen,
        }


def versions_line(counts: dict[str, int]) -> str:
    """``Plays: 3 added, 1 changed, 12 unchanged, 1 conflicting.``: what every import, add, push and pull ends
    with (``unchanged``: already there as they are, or probably there and not added)."""
    return _("Plays: {added} added, {changed} changed, {unchanged} unchanged, {conflicting} conflicting.").format(
        added=counts["added"],
        changed=counts["changed"],
        unchanged=counts["present"] + counts["probable"],
        conflicting=counts["conflicting"],
    )


def conflict_line(where: str, merged: Merged) -> str:
    """One line for a play that met another version of itself in conflict, or shares an identity with a different
    play (see :class:`referee.history.identity.Merged`)."""
    if merged.conflict == "both":
        return _(
            "{where}: conflict: #{id} was changed on both sides since they last met; the newer change kept"
        ).format(where=where, id=merged.id)
    if merged.conflict == "kept":
        return _(
            "{where}: conflict: differs from #{id}, which was changed here since they last met (or holds the actions"
            " it comes from); #{id} kept as it is"
        ).format(where=where, id=merged.id)
    if merged.conflict == "unknown":
        kept = (
            _("the version with a date of its change taken")
            if merged.outcome == "changed"
            else _("#{id} kept as it is").format(id=merged.id)
        )
        return _(
            "{where}: conflict: differs from #{id}, logged before plays kept versions (whether it was changed here is"
            " not known); {kept}"
        ).format(where=where, id=merged.id, kept=kept)
    if merged.conflict == "rights":
        return _(
            "{where}: a newer version of #{id}, not taken: this login may only add games (changing one is an"
            " organiser's right)"
        ).format(where=where, id=merged.id)
    return _("{where}: conflict: another play holds its identity ({why}); added apart as #{id}").format(
        where=where, id=merged.id, why=merged.why or "bgg"
    )


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


@dataclass(frozen=True)
class ImportAccount:
    """What one file's ``history import`` did: the exact account of its games, and its exit status."""

    file: str
    """The file as it was named (``-``: standard input)."""
    status: int
    """The file's exit status (the worst of its games', or why it stopped)."""
    added: int = 0
    present: int = 0
    """Already in the history (merged by identity)."""
    changed: int = 0
    """Already in the history, changed to the newer version the file holds."""
    conflicting: int = 0
    """Met in conflict (reported, one line each; see docs/formats.md, "A play's versions")."""
    probable: int = 0
    """Probably already there, not added (``--keep-duplicates`` adds them)."""
    unfinished: int = 0
    refused: int = 0
    other_games: int | None = None
    """Plays of games this referee does not keep, skipped (another app's plays; None for a backup)."""
    error: str | None = None
    """Why the file stopped being imported before its end (the history failed, Ctrl-C, the file itself), or None."""
    counted: bool = True
    """False when the file could not be read at all, or the history not opened (its account is only ``error``)."""

    def to_json(self, *, with_file: bool = False) -> dict[str, Any]:
        """The account under ``--json`` (see docs/json.md), with its ``file`` when one of several."""
        document: dict[str, Any] = {"file": self.file} if with_file else {}
        if not self.counted:
            return {**document, "error": {"message": self.error}}
        document.update(
            added=self.added,
            present=self.present,
            changed=self.changed,
            conflicting=self.conflicting,
            probable=self.probable,
            unfinished=self.unfinished,
            refused=self.refused,
        )
        if self.other_games is not None:
            document["other_games"] = self.other_games
        if self.error is not None:
            document["error"] = {"message": self.error}
        return document


def import_files(
    env: Environment,
    files: Sequence[str],
    history_file: str | None,
    keep_duplicates: bool = False,
    json_mode: bool = False,
) -> int:
    """``history import FILE...``: each file in turn (see :func:`import_command`); the worst exit status. Under
    ``--json``, one document: a file's account, or with several files an array of each file's, in the order given,
    each with its ``file``. A file that cannot be read at all stops the command there (the files after it are not
    imported), its account in the array saying why."""
    out = Output(env, json_mode)
    accounts: list[ImportAccount] = []
    several = len(files) > 1
    for file in files:
        account = import_command(env, file, history_file, keep_duplicates, json_mode)
        accounts.append(account)
        if not account.counted:
            break
    if json_mode:
        if several:
            out.json([account.to_json(with_file=True) for account in accounts])
        else:
            out.json(accounts[0].to_json())
    worst = max((account.status for account in accounts), default=ExitStatus.SUCCESS)
    if accounts and not accounts[-1].counted:
        raise CommandFailed(worst)
    return worst


def import_command(
    env: Environment, file: str, history_file: str | None, keep_duplicates: bool = False, json_mode: bool = False
) -> ImportAccount:
    """Restore a JSON export, read one game at a time (a backup of any size): each game replayed from its record
    and logged (games already there are skipped); or import another app's plays, or the CSV export, as results.
    Says what it did for people (nothing under ``--json``: the caller writes the account); a file that cannot be
    read at all is said in one line, and its account says only why (``counted`` False)."""
    from referee.cli.files import display_name, open_text_stream
    from referee.history.backup_reader import read_backup
    from referee.history.export import BACKUP_FORMAT, BACKUP_VERSION

    out = Output(env, json_mode)
    source = display_name(file)
    try:
        stream: Any = open_text_stream(file, env.stdin)
        opening = stream.read(1024)
        stream = PeekedStream(opening, stream)
        from referee.history.csv_plays import is_export

        if opening.lstrip("\ufeff \t\r\n")[:1] == "<":  # XML: a BoardGameGeek play log
            history = open_for_writing(history_file)
            return _import_plays(out, file, stream, source, history, "bgg", keep_duplicates)
        if opening.lstrip("\ufeff \t\r\n")[:1] == "{" and not re.match(r'\ufeff?\s*\{\s*"format"\s*:', opening):
            # a JSON object that is not this program's backup (whose "format" comes first): a BG Stats file
            history = open_for_writing(history_file)
            return _import_plays(out, file, stream, source, history, "bgstats", keep_duplicates)
        if is_export(opening):  # this program's CSV export
            history = open_for_writing(history_file)
            return _import_plays(out, file, stream, source, history, "csv", keep_duplicates)
        games = read_backup(stream, source, backup_format=BACKUP_FORMAT, newest_version=BACKUP_VERSION)
        first = next(games, _END)  # the header is checked before the history is opened
        history = open_for_writing(history_file)
    except UnicodeDecodeError:
        return _unread(out, file, InputError(_("{file}: not UTF-8 text").format(file=source)))
    except RefereeError as error:
        return _unread(out, file, error)
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

    batch = _log_imported(out, history, entries(), stopped, source, keep_duplicates, say_where_it_stopped=True)
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
    batch.say_merges()
    batch.say_versions()
    return _account(file, batch)


def _account(file: str, batch: BatchLog, other_games: int | None = None) -> ImportAccount:
    """A file's account from its batch."""
    counts = batch.counts()
    return ImportAccount(
        file,
        batch.worst,
        added=counts["added"],
        present=counts["present"],
        changed=counts["changed"],
        conflicting=counts["conflicting"],
        probable=counts["probable"],
        unfinished=counts["unfinished"],
        refused=counts["refused"],
        other_games=other_games,
        error=batch.stopped_by,
    )


def _unread(out: Output, file: str, error: RefereeError) -> ImportAccount:
    """A file that could not be read at all (or the history not opened): one line; its account says why."""
    out.error(error.message)
    return ImportAccount(file, exit_status(error), error=error.message, counted=False)


def _log_imported(
    out: Output,
    history: History,
    entries: Iterator[tuple[str, GameEntry | RefereeError]],
    stopped: list[RefereeError],
    source: str,
    keep_duplicates: bool = False,
    *,
    say_where_it_stopped: bool = False,
) -> BatchLog:
    """Log an import's games in one batch; say why the file stopped being read (``stopped``, filled while
    ``entries`` is read); then recompute every game's ratings (an import may add games older than the last)."""
    with history:
        batch = BatchLog(out, history, None, keep_duplicates)
        batch.run(checked_entries(entries))  # the name rule of play, and notes cleaned, at this door too
        batch.settle_refusals()
        if stopped:
            out.error(stopped[0].message)
            batch.stopped_by = batch.stopped_by or stopped[0].message  # the account says why (--json: its error)
            if say_where_it_stopped:
                out.error(_("nothing after game {number} of {file} was read").format(number=batch.seen, file=source))
            batch.worst = max(batch.worst, ExitStatus.BAD_INPUT)
        if batch.worst != ExitStatus.INTERRUPTED:
            try:
                for game in history.game_kinds():
                    history.recompute_ratings(game)
            except RefereeError as error:
                out.error(error.message)
                batch.worst = max(batch.worst, ExitStatus.BAD_INPUT)
    return batch


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

    def readline(self, size: int = -1) -> str:
        """One line (at most ``size`` characters), the characters read already first."""
        if self.opening:
            end = self.opening.find("\n")
            if end >= 0 and (size < 0 or end < size):
                line, self.opening = self.opening[: end + 1], self.opening[end + 1 :]
                return line
            if size >= 0 and len(self.opening) >= size:
                line, self.opening = self.opening[:size], self.opening[size:]
                return line
            line, self.opening = self.opening, ""
            return line + str(self.rest.readline(-1 if size < 0 else size - len(line)))
        return str(self.rest.readline(size))

    def close(self) -> None:
        self.rest.close()


def _import_plays(
    out: Output, file: str, stream: Any, source: str, history: History, app: str, keep_duplicates: bool = False
) -> ImportAccount:
    """Import another app's plays (``app``: ``bgg`` a BoardGameGeek plays file, ``bgstats`` a BG Stats file) as
    score-only plays: each play of a registered game (matched by its BoardGameGeek id, then by its name) logged
    unless it is there already; any other play one line, skipped."""
    from referee import registry
    from referee.cli.records import check_player_name
    from referee.history import bgg, bgstats, csv_plays
    from referee.history.plays import NoPlayers, OtherGame

    by_id: dict[str, str] = {}
    by_title: dict[str, str] = {}
    for name in registry.names():
        bgg_id = registry.facts(name).bgg_id
        if bgg_id is not None:
            by_id[str(bgg_id)] = name
        entry = registry.game(name)
        if entry is not None:
            by_title[entry.title.casefold()] = name
        for title in registry.facts(name).other_titles:  # BoardGameGeek's primary name in its own language
            by_title[title.casefold()] = name

    def game_of(objectid: str, title: str) -> str | None:
        return by_id.get(objectid.strip()) or by_title.get(title.strip().casefold())

    def game_named(name: str) -> str | None:
        return name if name in registry.names() else None

    stopped: list[RefereeError] = []
    other_games = [0]
    without_players = [0]

    def entries() -> Iterator[tuple[str, GameEntry | RefereeError]]:
        try:
            plays: Iterator[tuple[str, GameEntry | InputError]]
            if app == "bgg":
                plays = bgg.read_plays(stream, source, game_of, check_player_name)
            elif app == "csv":
                plays = csv_plays.read_plays(stream, source, game_named, check_player_name)
            else:
                plays = bgstats.read_plays(bgstats.load(stream, source), source, game_of, check_player_name)
            for where, found in plays:
                if isinstance(found, OtherGame):  # a log holds every game: not a fault
                    other_games[0] += 1
                    out.note(found.message)
                    continue
                if isinstance(found, NoPlayers):  # logged without its players: no result to keep, not a fault
                    without_players[0] += 1
                    out.note(found.message)
                    continue
                yield where, found
        except RefereeError as error:
            stopped.append(error)
        except UnicodeDecodeError:
            stopped.append(InputError(_("{file}: not UTF-8 text").format(file=source)))

    batch = _log_imported(out, history, entries(), stopped, source, keep_duplicates)
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
    if without_players[0]:
        out.text(
            ngettext(
                "{n} play without players skipped.", "{n} plays without players skipped.", without_players[0]
            ).format(n=without_players[0])
        )
    batch.say_merges()
    batch.say_versions()
    return _account(file, batch, other_games[0])


def _backup_entry(item: Any, where: str) -> GameEntry:
    """The history entry of one game of a JSON backup."""
    if not isinstance(item, dict) or not isinstance(item.get("record"), str):
        raise InputError(_("{where}: no record").format(where=where))
    if item.get("source") in SCORE_ONLY_SOURCES:
        return _score_only_backup_entry(item, where)
    entry = entry_from_text(item["record"], where, incomplete=item.get("incomplete") is True)
    _restore_names(entry, item, where)
    if item.get("played") is not None:
        played = _played(item["played"])
        if played is None:
            raise InputError(_no_time(where))
        entry.played = played
    _restore_identity(entry, item)
    _restore_whole(entry, item, where)
    return entry


def _played(value: object) -> str | None:
    """A backup's ``played``: a UTC time, or the day alone of a play known only by its day (kept a day)."""
    from referee.history.entry import utc_sort_key
    from referee.history.play_facts import is_day

    if not isinstance(value, str):
        return None
    if is_day(value):
        return value if utc_sort_key(value + "T12:00:00Z") is not None else None
    return utc_sort_key(value)


def _no_time(where: str) -> str:
    from referee.moments import EARLIEST_YEAR, LATEST_YEAR

    return _("{where}: 'played' must be a date and time of the years {first} to {last}").format(
        where=where, first=EARLIEST_YEAR, last=LATEST_YEAR
    )


def _restore_identity(entry: GameEntry, item: dict[str, Any]) -> None:
    """A backup's play keeps its identity: its ``uuid`` (a record's own, else the one the history gave it), where it
    came from and its BoardGameGeek play id (see :meth:`referee.history.store.History.merge`)."""
    from referee.history.entry import checked_uuid

    entry.uuid = entry.uuid or checked_uuid(item.get("uuid"))
    origin = item.get("origin")
    if isinstance(origin, dict) and all(isinstance(origin.get(key), str) for key in ("app", "owner", "id")):
        entry.origin = (str(origin["app"])[:40], str(origin["owner"])[:120], str(origin["id"])[:80])
    bgg_play = item.get("bgg_play")
    if isinstance(bgg_play, str) and bgg_play.isdigit() and len(bgg_play) < 16:
        entry.bgg_play = bgg_play


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
    from referee.history.entry import has_points
    from referee.history.plays import bounded_text, read_score, seats_in_order

    seats = []
    listed = item.get("anonymous")
    anonymous: list[Any] = listed if isinstance(listed, list) else []
    for index, name in enumerate(names):
        checked = check_player_name(name, where)
        score = read_score(scores.get(name) if isinstance(scores, dict) else None, has_points(game), checked, where)
        drew = item.get("drawn") is True and isinstance(ranking, list) and name in ranking[:1]
        colors, new_players = item.get("colors"), item.get("new_players")
        color = label(colors.get(name)) if isinstance(colors, dict) else None
        new = isinstance(new_players, list) and name in new_players
        seats.append(
            (index, index, PlayedSeat(checked, score, name in winners or drew, color, new, anonymous=name in anonymous))
        )
    incomplete, unscored = item.get("incomplete") is True, item.get("nowinstats") is True
    ordered = seats_in_order(seats, has_points(game), where, incomplete=True, game=game)
    if [seat.name for seat in ordered] != [seat.name for _o, _i, seat in seats]:  # anonymous players renamed
        ranking = None
    played = _played(item.get("played"))
    if played is None:
        raise InputError(
            _no_time(where) if item.get("played") is not None else _("{where}: no time of play").format(where=where)
        )

    def text(value: object) -> str | None:
        return value if isinstance(value, str) else None

    def moment(value: object) -> str | None:
        return value if isinstance(value, str) and utc_sort_key(value) is not None else None

    notices: list[str] = []
    setup = item.get("setup")
    board = setup.get("map") if isinstance(setup, dict) and isinstance(setup.get("map"), str) else None
    entry = score_only_entry(
        game,
        ordered,
        source=str(item["source"]),
        identity={"hash": item.get("hash") or item["record"]},
        played=played,
        original=item["record"],
        ranking=ranking if isinstance(ranking, list) and all(isinstance(n, str) for n in ranking) else None,
        location=bounded_text(item.get("location"), _("the location"), where, notices),
        notes=bounded_text(item.get("notes"), _("the notes"), where, notices),
        started=moment(item.get("started")),
        finished=moment(item.get("finished")),
        incomplete=incomplete,
        unscored=unscored,
        board=board[:80] if board else None,
        notices=notices,
    )
    _restore_identity(entry, item)
    _restore_whole(entry, item, where)
    return entry


def _restore_whole(entry: GameEntry, item: dict[str, Any], where: str) -> None:
    """A backup of version 2 restores every field of the play as the history held it (its ``seats`` given): each
    player seat by seat, the location and notes (none when empty), the marks, times, length, content hash and
    version. A backup of version 1 gives less, and is read as far as it goes."""
    from referee.cli.records import check_player_name
    from referee.history.entry import PlayerResult, has_points, utc_sort_key
    from referee.history.plays import MAX_SCORE, bounded_text, label

    seats = item.get("seats")
    if not isinstance(seats, list):
        return
    if len(seats) != len(entry.players) or not all(isinstance(seat, dict) for seat in seats):
        raise InputError(_("{where}: its 'seats' do not match its players").format(where=where))

    def whole(value: object, low: int, high: int) -> int | None:
        return value if type(value) is int and low <= value <= high else None

    players, anonymous = [], set()
    for number, seat in enumerate(seats):
        place, rank = whole(seat.get("place"), 1, 64), whole(seat.get("rank"), 1, 64)
        score = seat.get("score")
        if place is None or rank is None or (score is not None and whole(score, -MAX_SCORE, MAX_SCORE) is None):
            raise InputError(_("{where}: its 'seats' do not match its players").format(where=where))
        if seat.get("anonymous") is True:
            anonymous.add(number)
        name = seat.get("name")
        players.append(
            PlayerResult(
                check_player_name(name, where),
                number,
                score if has_points(entry.game) else None,
                place,
                rank,
                seat.get("winner") is True,
                seat.get("draw") is True,
                label(seat.get("color")),
                seat.get("new") is True,
            )
        )
    entry.players, entry.anonymous = players, frozenset(anonymous)
    notices: list[str] = []
    entry.location = bounded_text(item.get("location"), _("the location"), where, notices)
    entry.notes = bounded_text(item.get("notes"), _("the notes"), where, notices)
    entry.notices = [*entry.notices, *notices]
    entry.incomplete = item.get("incomplete") is True
    entry.unscored = item.get("nowinstats") is True and not entry.incomplete
    for key in ("started", "finished"):
        value = item.get(key)
        setattr(entry, key, value if isinstance(value, str) and utc_sort_key(value) is not None else None)
    entry.minutes = whole(item.get("minutes"), 1, 99_999)
    entry.backup_id = whole(item.get("id"), 1, 2**62)
    content = item.get("hash")
    if isinstance(content, str) and 0 < len(content) <= 200:
        entry.content_hash = content
    stamps = [item.get(key) for key in ("changed", "changed_by", "met")]
    if all(stamp is None or (isinstance(stamp, str) and 0 < len(stamp) <= 80) for stamp in stamps):
        entry.changed, entry.changed_by, entry.met = stamps
    entry.whole = True


def _restore_names(entry: GameEntry, item: dict[str, Any], where: str) -> None:
    """Names as the export has them (a player renamed after the game was logged), seat by seat."""
    from referee.cli.records import check_player_name

    names = item.get("players")
    if not isinstance(names, list) or len(names) != len(entry.players):
        return
    for player, name in zip(entry.players, names, strict=True):
        player.name = check_player_name(name, where)
