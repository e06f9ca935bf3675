"""TAB after ``referee GAME check RECORD``: the legal actions of that record, word by word.

``check`` takes the action as one argument (``'place Q B2'``) or as its words (``place Q B2``), so each word of an
action completes like any other word in every shell. The words come from the rules: the record is replayed and
its legal actions formatted in the game's notation. Typer calls :func:`complete_action` for the argument, and
the fast path of :mod:`referee.cli.tab.completion` calls the same function with the words typed so far.
"""

from __future__ import annotations

from typing import Any

from referee import registry

TAB_RECORD_BYTES = 128 * 1024
"""TAB offers a record's legal actions only for a record up to this size (about 10,000 actions, replayed within a
few tenths of a second); a larger one is declined (nothing offered), so TAB always answers within 0.5 s."""


def small_enough(record: str) -> bool:
    import os

    try:
        return os.stat(record).st_size <= TAB_RECORD_BYTES
    except (OSError, ValueError):
        return False


def legal_texts(game_name: str, record: str) -> list[str]:
    """The notation of every legal next action of a record (none when it cannot be read or is over)."""
    from referee.cli.env import Environment
    from referee.cli.files import display_name, read_toml
    from referee.cli.shared_commands import game_record, load_spec, replay_record
    from referee.errors import RefereeError

    entry = registry.GAMES.get(game_name)
    if entry is None or record == "-" or not small_enough(record):
        return []
    spec = load_spec(game_name)
    try:
        source = display_name(record)
        document = read_toml(record, Environment().stdin)
        game, error = replay_record(spec, game_record(spec, document, source), source, undo=False)
    except (RefereeError, OSError):
        return []
    if error is not None or game.over:
        return []
    return [game.rules.format(action, game.state) for action in game.legal_actions()]


def next_words(texts: list[str], typed: list[str], incomplete: str) -> list[str]:
    """The words that may come after the words ``typed`` of an action and start with ``incomplete``."""
    depth = len(typed)
    typed_lower = [word.lower() for word in typed]
    found: list[str] = []
    for text in texts:
        words = text.split()
        if len(words) <= depth or [word.lower() for word in words[:depth]] != typed_lower:
            continue
        word = words[depth]
        if word.lower().startswith(incomplete.lower()) and word not in found:
            found.append(word)
    return found


def complete_action(ctx: Any, args: list[str], incomplete: str) -> list[str]:
    """The autocompletion of ``check``'s ACTION. Typer passes its context (the game is the parent command; the
    record and the action's words so far are parsed parameters); the fast path passes no context and the words
    typed after ``referee`` as ``args``."""
    if ctx is not None:
        game = ctx.parent.info_name if ctx.parent is not None else ""
        record = ctx.params.get("record")
        typed = list(ctx.params.get("action") or ())
    else:
        words = [word for word in args if not word.startswith("-") or word == "-"]
        if len(words) < 3 or words[1] != "check":
            return []
        game, record, typed = words[0], words[2], words[3:]
    if not game or not record:
        return []
    return next_words(legal_texts(game, record), typed, incomplete)
