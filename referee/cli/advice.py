"""What the odds and hint commands of every game share: durations, search budgets, number formats.

Each game's own odds and hint commands are in its room (``referee.cli.games.<game>.advice``).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from referee.errors import InputError
from referee.i18n import _

START_UP_ALLOWANCE = 0.25
"""Seconds of a hint's --time kept back for starting Python and reading the record, where the process's own times
cannot be read (see :func:`budget`)."""

_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|sec|secs|seconds?)?\s*$", re.IGNORECASE)


def parse_duration(text: str) -> float:
    """``2s``, ``2``, ``0.5s``, ``500ms`` → seconds. Raises InputError."""
    found = _DURATION.match(text)
    if found is None:
        raise InputError(_("--time: '{text}' is not a duration; write e.g. 2s, 0.5s or 500ms").format(text=text))
    seconds = float(found.group(1))
    if (found.group(2) or "").lower() == "ms":
        seconds /= 1000
    if seconds <= 0:
        raise InputError(_("--time must be more than 0"))
    return seconds


MIN_SHARE = 0.2
"""The least share of a core :func:`budget` assumes (a process that had less is stretched no further)."""
AFTER_SEARCH_ALLOWANCE = 0.1
"""Seconds of a hint's --time kept back, with 15 % of it, for printing and exiting after the search (where the
time since the process started can be read)."""


def search_budget(total: float, started: float) -> float:
    """The seconds left for searching so that the whole command finishes within ``total`` (the command began at
    ``started``): :func:`budget`, with the process's own times where they can be read."""
    return budget(total, time.perf_counter() - started, process_times())


def budget(total: float, spent: float, process: tuple[float, float] | None) -> float:
    """The seconds left for searching out of ``total``, ``spent`` seconds into the command.

    ``process``: the wall and CPU seconds since the process started (:func:`process_times`). With them, the start-up
    is counted as it was (Python, the imports, reading the record), and what is kept back for after the search
    (15 % of ``total`` and :data:`AFTER_SEARCH_ALLOWANCE`) is stretched by the share of a core the process has had,
    its CPU time over its wall time: on a loaded machine that work takes longer. Without them (None: no ``/proc``),
    the start-up is guessed (:data:`START_UP_ALLOWANCE`) and 15 % kept back."""
    if process is None:
        return max(0.0, total * 0.85 - START_UP_ALLOWANCE - spent)
    wall, cpu = process
    share = cpu / wall if wall >= 0.05 else 1.0
    kept = (total * 0.15 + AFTER_SEARCH_ALLOWANCE) / min(1.0, max(MIN_SHARE, share))
    return max(0.0, total - kept - max(wall, spent))


def process_times() -> tuple[float, float] | None:
    """The wall and CPU seconds since this process started (Linux's ``/proc``), or None where they cannot be
    read."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        with open("/proc/uptime", "rb") as uptime:
            now = float(uptime.read().split()[0])
        wall = now - int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22, the start time in clock ticks
    except (OSError, IndexError, ValueError):
        return None
    return max(wall, 0.0), time.process_time()


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


MOST_ALTERNATIVES = 4
"""A varying word with more alternatives than this is written ``A2/A3/…/C3 (9)`` (a plan of two such words fits 80
columns)."""


@dataclass(slots=True)
class AlikePlans:
    """Ranked plans of one value that differ only in one or two words (where interchangeable coins go, which of
    equal cards): shown as one line, each such word written as its alternatives (``place P A3/B1/C2``)."""

    words: list[list[str]]
    """Each action's words, as in the best plan of the group."""
    value: Any
    """The plans' value: a number (points to the hundredth), or what the caller ranks by (écus and actions)."""
    count: int = 1
    """How many plans the line stands for."""
    slots: list[tuple[tuple[int, int], list[str]]] = field(default_factory=list)
    """For each word that varies, its place (action, word) and its alternatives, in rank order."""
    different: bool = False
    """Two slots with the same alternatives, never the same one twice (two coins on two different spaces)."""
    same: bool = False
    """Two slots with the same alternatives, always the same one in both (a worker recruited, then sent)."""

    @property
    def actions(self) -> list[str]:
        """The actions, each varying word written as ``a/b/c``."""
        shown = [list(words) for words in self.words]
        for (action, word), alternatives in self.slots:
            if len(alternatives) > MOST_ALTERNATIVES:  # the first few, the last, and how many
                few = [*alternatives[: MOST_ALTERNATIVES - 2], "…", alternatives[-1]]
                shown[action][word] = "/".join(few) + f" ({len(alternatives)})"
            else:
                shown[action][word] = "/".join(alternatives)
        return [" ".join(words) for words in shown]


def group_alike(
    plans: Iterable[tuple[Sequence[str], Any]], most: int | None = None, *, tied: bool = False
) -> list[AlikePlans]:
    """Ranked plans (notation, value), best first, as lines of plans alike: of the same value (a float to the
    hundredth shown) and the same actions but for one word, or two words that take every combination of their
    alternatives (or every pair of two different ones from one list; with ``tied``, also the same one in both
    places, as a worker recruited then sent). A line ranks as its best plan; with ``most``, the first ``most`` lines
    (plans are read run of equal value by run until there are enough)."""
    groups: list[AlikePlans] = []
    run: list[tuple[list[list[str]], Any]] = []
    run_value: object = None
    for notation, value in plans:
        shown = round(value, 2) if isinstance(value, float) else value
        if shown != run_value and run:
            groups += _group_run(run, tied)
            run = []
            if most is not None and len(groups) >= most:
                break
        run_value = shown
        run.append(([action.split() for action in notation], value))
    else:
        groups += _group_run(run, tied)
    return groups if most is None else groups[:most]


def _group_run(run: list[tuple[list[list[str]], Any]], tied: bool) -> list[AlikePlans]:
    """The plans of one value in lines: the largest clean groups first (two varying words, then one), each plan
    in one line; lines in the order of their best plan."""
    from collections import defaultdict

    Slot = tuple[int, int]
    by_one: dict[tuple[object, Slot, object], list[int]] = defaultdict(list)
    by_two: dict[tuple[object, Slot, Slot, object], list[int]] = defaultdict(list)
    for index, (words, _value) in enumerate(run):
        shape = tuple(len(action) for action in words)
        flat = [" ".join(action) for action in words]
        places = [(i, j) for i, action in enumerate(words) for j in range(len(action))]
        for n, first in enumerate(places):
            by_one[(shape, first, _without(flat, words, first))].append(index)
            if len(run) >= 2 if tied else len(run) >= 4:
                for second in places[n + 1 :]:
                    by_two[(shape, first, second, _without(flat, words, first, second))].append(index)
    candidates: list[tuple[int, int, AlikePlans, list[int]]] = []
    for (_shape, first, second, _rest), members in by_two.items():
        group = _two_slot_group(run, members, first, second, tied)
        if group is not None:
            candidates.append((-len(members), members[0], group, members))
    for (_shape, first, _rest), members in by_one.items():
        if len(members) > 1:
            best = run[members[0]]
            alternatives = [run[m][0][first[0]][first[1]] for m in members]
            group = AlikePlans(best[0], best[1], len(members), [(first, alternatives)])
            candidates.append((-len(members), members[0], group, members))
    taken: set[int] = set()
    lines: list[tuple[int, AlikePlans]] = []
    for _size, best_index, group, members in sorted(candidates, key=lambda c: (c[0], c[1])):
        if not taken.intersection(members):
            taken.update(members)
            lines.append((best_index, group))
    lines += [(index, AlikePlans(run[index][0], run[index][1])) for index in range(len(run)) if index not in taken]
    return [group for _index, group in sorted(lines, key=lambda line: line[0])]


def _two_slot_group(
    run: list[tuple[list[list[str]], Any]],
    members: list[int],
    first: tuple[int, int],
    second: tuple[int, int],
    tied: bool,
) -> AlikePlans | None:
    """The line of plans alike but for two words, if they take every combination of their alternatives, or every
    pair of two different ones from one list, or (``tied``) the same one in both places (and at least two
    alternatives each); else None."""
    pairs = [(run[m][0][first[0]][first[1]], run[m][0][second[0]][second[1]]) for m in members]
    xs = list(dict.fromkeys(a for a, _b in pairs))
    ys = list(dict.fromkeys(b for _a, b in pairs))
    if len(xs) < 2 or len(ys) < 2 or len(set(pairs)) != len(pairs):
        return None
    best = run[members[0]]
    if tied and all(a == b for a, b in pairs):
        return AlikePlans(best[0], best[1], len(pairs), [(first, xs), (second, xs)], same=True)
    if len(pairs) == len(xs) * len(ys):
        return AlikePlans(best[0], best[1], len(pairs), [(first, xs), (second, ys)])
    if set(xs) == set(ys) and len(pairs) == len(xs) * (len(xs) - 1) and all(a != b for a, b in pairs):
        both = sorted(xs)
        return AlikePlans(best[0], best[1], len(pairs), [(first, both), (second, both)], different=True)
    return None


def _without(flat: list[str], words: list[list[str]], *places: tuple[int, int]) -> tuple[str, ...]:
    """The plan's actions with the words at ``places`` left out (what plans alike there share)."""
    shown = list(flat)
    for action in {action for action, _word in places}:
        kept = list(words[action])
        for other_action, word in places:
            if other_action == action:
                kept[word] = ""
        shown[action] = " ".join(kept)
    return tuple(shown)
