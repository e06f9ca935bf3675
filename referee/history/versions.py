"""A play's versions and the one rule by which two copies of a play are told the same, changed or in conflict.

Pure: no database. :meth:`referee.history.identity.PlayIdentity.merge` asks it for every way a play comes in
(``play``, ``history add``, ``history import`` of every format, ``push`` and ``pull``). The rule, as
``docs/formats.md`` ("A play's versions") writes it:

* **The same content** (:func:`same_content`): the same game and day at the table, the same players in the same
  seats, each with the same score and win or draw, finishing orders that do not contradict each other, the same
  abandoned or not-counted mark, and (where the incoming play says them) the same location and notes.
* **A newer version** (:func:`decide`): each play keeps when it was last changed (``changed``) and the version its
  history last took from elsewhere (``met``). Of two versions of one play the newest change wins. When both were
  changed since they last met (neither was made from the other), the newest still wins, and the meeting is
  reported as a conflict: nothing is merged silently. A play from a file that keeps no versions (another
  app's) corrects the play here when the play here is as it was when last met; when the play here was changed
  since, it is a conflict, and the play here is kept.
* **A version unknown**: a play logged before plays kept versions (a history older than schema version 7: no
  ``changed``) may have been changed here or not; another content meeting it is always a conflict, reported. A
  known version is newer than an unknown one, and wins; of two unknown ones the play here is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from referee.history.entry import GameEntry, local_day, name_key


def now_stamp() -> str:
    """The present moment as a version: UTC, ``YYYY-MM-DDTHH:MM:SS.ffffffZ`` (sortable text)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def login_name() -> str:
    """Who is changing a play here: the login running the command (``?`` when it cannot be told)."""
    import getpass

    try:
        return getpass.getuser()[:80] or "?"
    except (OSError, KeyError, ImportError):
        return "?"


def orders_agree(ranks: list[int], others: list[int]) -> bool:
    """Two finishing orders (a rank per seat, 1 first; equal ranks: shared, or not known) do not contradict each
    other: no two players are in one order ahead of each other and in the other behind. A play that gives only its
    winner (a BoardGameGeek play without points) leaves the others' order unknown, which contradicts nothing."""
    pairs = range(len(ranks))
    return not any((ranks[a] - ranks[b]) * (others[a] - others[b]) < 0 for a in pairs for b in pairs if a < b)


def _seats(entry: GameEntry) -> list[tuple[str, int | None, bool, bool]]:
    return [
        ("" if player.seat in entry.anonymous else name_key(player.name), player.score, player.winner, player.draw)
        for player in sorted(entry.players, key=lambda player: player.seat)
    ]


def same_result(one: GameEntry, other: GameEntry) -> bool:
    """The same game, day at the table, players in the same seats with the same scores and wins, and finishing
    orders that agree (:func:`orders_agree`): "probably the same play" when their identities differ."""
    if one.game != other.game or local_day(one) != local_day(other) or _seats(one) != _seats(other):
        return False
    by_seat = sorted(one.players, key=lambda player: player.seat)
    other_by_seat = sorted(other.players, key=lambda player: player.seat)
    return orders_agree([player.rank for player in by_seat], [player.rank for player in other_by_seat])


def same_content(stored: GameEntry, incoming: GameEntry) -> bool:
    """``incoming`` says nothing ``stored`` does not: the same result (:func:`same_result`), the same marks, and
    the same location and notes where ``incoming`` gives them (always, for a whole play: a backup's, a pull's)."""
    if not same_result(stored, incoming):
        return False
    if (stored.incomplete, stored.unscored) != (incoming.incomplete, incoming.unscored):
        return False
    if [player.name for player in stored.players] != [player.name for player in incoming.players]:
        return False
    for said, kept in ((incoming.location, stored.location), (incoming.notes, stored.notes)):
        if (said is not None or incoming.whole) and said != kept:
            return False
    return True


@dataclass(frozen=True)
class Decision:
    """What to do with a play already here (``stored``) that ``incoming`` is another version of: ``take`` the
    incoming version (else keep the one here); ``conflict``: both were changed since they last met (or the play
    here was changed since it last met a file that keeps no versions), said in one line."""

    take: bool
    conflict: bool


def decide(stored: GameEntry, incoming: GameEntry) -> Decision:
    """The rule of the module's docstring, for two versions of one play whose content differs.

    The play here is *clean* when it was not changed here since it last took a version from elsewhere (its
    ``changed`` is its ``met``; a play logged here took its first version from itself). A clean play takes a newer
    version. A play changed here since takes a version that was made from its own (the incoming ``met`` is its
    ``changed``), keeps its own over the version it was made from (the incoming ``changed`` is its ``met``), and
    otherwise meets it in conflict: both changed since they last met; the newest change wins, said. A play here of
    unknown version (logged before versions were kept) meets any other content in conflict: a known version wins
    over it, an unknown one does not."""
    if incoming.changed is None and stored.actions and not incoming.actions:
        return Decision(take=False, conflict=True)  # a result never overrides the actions it comes from
    if stored.changed is None:  # whether it was changed here since it last met is unknown: never merged silently
        return Decision(take=incoming.changed is not None, conflict=True)
    clean = stored.changed == stored.met
    if incoming.changed is None:  # a file that keeps no versions: a correction at its source
        return Decision(take=clean, conflict=not clean)
    newer = incoming.changed > (stored.changed or "")
    if clean or incoming.met == stored.changed:
        return Decision(take=newer, conflict=False)
    if incoming.changed == stored.met:
        return Decision(take=False, conflict=False)
    return Decision(take=newer, conflict=True)
