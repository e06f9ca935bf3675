"""The commands every game shares (replay, check, score, rules, simulate), written once.

A game plugs in with a :class:`GameSpec`: its pure rules plus the few things only it knows (how to draw its
table, how to read its setup and positions, how to ask for an action at a terminal).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias

from referee.cli.env import Environment
from referee.cli.files import display_name, read_toml
from referee.cli.output import Output, ScoreTable
from referee.cli.records import Record, record_from_document
from referee.cli.status import ExitStatus, exit_status, fail
from referee.engine import ActionT, Game, Rules, StateT
from referee.errors import IllegalAction, InputError, RefereeError, ReplayError
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.cli.menu_group import MenuGroup
    from referee.cli.svg import Picture


class ComputerPlayer(Protocol):
    """A computer at the table (``play --vs-computer``, ``builders play --computer``): it plays ``seats`` (0-based),
    says which actions it plays now (notation; none when it is not its turn), and describes itself for the
    record's ``[computer]`` table so that ``--resume`` continues the same match."""

    @property
    def seats(self) -> list[int]: ...

    def __call__(self, game: Any) -> list[str]: ...

    def record_table(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameSample:
    """A small game of this kind, for tests, benchmarks and examples: the players in seat order, the setup as a
    record holds it, the options of ``play`` that start that game from a pipe, and three actions the tests ask
    ``check`` about: one the rules can allow, one they never allow, one that cannot be read."""

    players: tuple[str, ...]
    setup: dict[str, Any]
    play_options: tuple[str, ...]
    actions: tuple[str, str, str]
    """(legal, illegal, unreadable): ``check`` answers each, the fast path exactly as Typer does."""
    languages: tuple[str, ...]
    """The languages its rulebook is translated into (``rulebook.<lang>.toml`` beside ``rulebook.toml``): the
    tests check each translation against the English topics."""
    vocabulary: tuple[str, ...]
    """Words of its notation and near misses (``take``, ``3``, ``-1``, a card id one past the last): the fuzzing
    tests build action texts from them, against states of random legal games."""
    setup_keys: tuple[str, ...] = ()
    """Every key its setup can hold (``setup`` shows only some; none for a game without setup): the fuzzing tests
    give them random values, beside keys of random text."""
    computer_play: tuple[str, ...] = ()
    """For a game with a computer (:attr:`GameSpec.computer_from_record`): ``play``'s options for Ann against the
    computer in seat 2, quick and weak (the tests play whole games against it at a terminal); empty otherwise."""


OptionValues = dict[str, Any]
"""The values of a command's options by parameter name (``players``, ``json_mode``, a game's own ``expansion``)."""
PlayStart = tuple[list[str] | None, dict[str, Any] | None, ComputerPlayer | None]
"""What ``play`` starts: the players and the setup (None: from the record resumed, or asked at the table), and the
computer at the table (None: people only)."""


@dataclass
class GameSpec(Generic[StateT, ActionT]):
    """What the shared commands need to know about one game, typed by its state and its actions: a room declares
    ``SPEC: GameSpec[<State>, <Action>] = GameSpec(...)``, and mypy strict checks each part against them (its rules
    against the contract, :class:`referee.engine.Rules`; its drawing, menus and words against its own types)."""

    name: str
    """The game's command word, as its registry line gives it (which also holds its title: :attr:`title`)."""
    load_rules: Callable[[], Rules[StateT, ActionT]]
    """The game's ``RULES``, imported when first asked for (:attr:`rules`): the room's own typed function (a
    command that draws no table and judges nothing, such as TAB, loads no rules engine: start-up time)."""
    rulebook_package: str
    render: Callable[[Game[StateT, ActionT], Output], None]
    """Draw the table and the running score for people."""
    score_table: Callable[[Game[StateT, ActionT]], ScoreTable]
    """The score as a breakdown per player (what ``score`` prints)."""
    status_line: Callable[[Game[StateT, ActionT]], str]
    """Whose turn and what they may do, or how the game ended, in one line."""
    prepare_setup: Callable[[dict[str, Any], str], dict[str, Any]] = lambda setup, source: setup
    """Check a record's setup (``source`` names the file for messages) and return it for the rules (which may hold
    objects the room loaded, such as a map)."""
    record_setup: Callable[[dict[str, Any]], dict[str, Any]] = lambda setup: setup
    """The setup as a record holds it (the inverse of ``prepare_setup``: a loaded built-in map back to its name)."""
    load_position: Callable[[dict[str, Any], str, Output], Game[StateT, ActionT] | None] = (
        lambda document, source, out: None
    )
    """A game from a position file (no ``actions``), or None when the file is not one."""
    describe: Callable[[ActionT, StateT], str] | None = None
    """An action in words for people (``describe(action, state)``): the label of its entry at the typed prompt."""
    announce: Callable[[ActionT, StateT], str] | None = None
    """What the referee says of a legal action as it is played at the table (``announce(action, state)``), for the
    people who carry it out by hand (the computer's actions above all): the cards as printed, what is paid. None:
    the rules' own announcement (:meth:`referee.engine.Game.announcement`)."""
    paid: Callable[[ActionT, StateT], dict[str, int]] | None = None
    """What a legal action costs the player performing it (``paid(action, state)``: ``{"actions": 1, "ecus":
    4}``), carried by ``play --json``'s line for each action; None for a game where nothing is paid."""
    refuse_at_table: Callable[[Game[StateT, ActionT], ActionT], str | None] | None = None
    """Why a legal action typed at the turn's prompt is still not taken there (a sentence), or None: what the
    rules allow but the player whose prompt it is cannot mean (Coin Age's ``done`` typed by the player who must
    toss). Pipes and records are not concerned."""
    named: Callable[[str], str] | None = None
    """An action's notation with the cards it names written out (``log`` at the table); None: the notation."""
    picture: Callable[[Game[StateT, ActionT], frozenset[str]], Picture] | None = None
    """The table as an SVG :class:`~referee.cli.svg.Picture` (``picture(game, marked)``: ``marked`` spaces or
    cards picked out), for ``draw``, ``check --draw`` and ``score --draw``."""
    computer_from_record: Callable[[dict[str, Any], int], ComputerPlayer] | None = None
    """The computer of a resumed game, from the record's ``[computer]`` table and the number of players (raises
    :class:`~referee.errors.InputError` for a table it cannot use); None for a game without computer seats."""
    ask_action: Callable[[Game[StateT, ActionT], Any, Output], object] | None = None
    """Ask for the next action at a terminal (``ask_action(game, prompter, out)``); returns an action object (a
    menu's entry), notation typed by the player, or a session command (undo, rules, quit: strings of
    :mod:`referee.cli.table.menus`). None: one menu of the rules' legal actions
    (:meth:`referee.cli.table.terminal.TerminalMode.one_menu`)."""
    menu_groups: Callable[[Game[StateT, ActionT]], list[MenuGroup]] | None = None
    """The kinds of action of a turn's first menu, each with its legal actions (what its ``ask_action`` offers; the
    tests check every first menu of random games through it). None: one menu of the rules' legal actions."""
    menu_kinds: int = 0
    """How many kinds of action :attr:`menu_groups` numbers (each keeping its number all through a turn); 0 when
    the menus number none."""
    seat_status: Callable[[Game[StateT, ActionT], int], str] | None = None
    """A seat's standing in a few words (``seat_status(game, seat)``: "17 écus · 11 VP", "4 cards · 2
    matchsticks"), shown beside its name on every surface of the table
    (:func:`referee.cli.table.view.table_view`); None: the score the rules give it now."""
    hint: Callable[[Environment, str, list[str]], int] | None = None
    """``hint`` typed in ``play``: the room's advice for the turn (``hint(env, record, words)``: the record so far,
    the words typed after ``hint``; it prints to ``env`` as its ``GAME hint`` command does). None: no hints."""
    play_start: Callable[[Environment, OptionValues, Output], PlayStart] | None = None
    """How ``play`` starts from the values of its options by parameter name (``play_start(env, values, out)``):
    the players and the setup (unless resuming), and the computer at the table; Typer-free, so the fast path
    (:mod:`referee.cli.fast`) starts ``play`` as Typer does. None: ``play`` goes through Typer, its players and
    setup read by the room's ``GameCommands.read_setup``."""
    sample: GameSample | None = None
    """A small game of this kind (tests and benchmarks loop over the registry with it)."""
    rules_appendix: Callable[[], str] | None = None
    """Markdown put at the end of the game's rules page, ``docs/rules/<game>.md`` (``scripts/make_rules_docs.py``),
    for what its rulebook does not hold: Coin Age's shipped map, Matchstick Tycoon's shapes. None: nothing."""

    @property
    def rules(self) -> Rules[StateT, ActionT]:
        """The game's rules (see :attr:`load_rules`)."""
        return self.load_rules()

    @property
    def title(self) -> str:
        """The game's title in English, from its registry line (``_(title)`` shows it in the player's language)."""
        from referee import registry

        entry = registry.game(self.name)
        return entry.title if entry is not None else self.name


AnyGameSpec: TypeAlias = "GameSpec[Any, Any]"
"""The spec of a game chosen at run time (from the registry or the command line): its state and action types are
its room's, checked there where its ``SPEC`` is declared; the code that takes any game cannot name them."""


def load_spec(name: str) -> AnyGameSpec:
    """The ``SPEC`` of a registered game's room, imported on first use: the one lookup of a game's room by its
    command word. KeyError for a game not registered. Its state and action types are the game's, which a caller
    naming the game by a string cannot know (see :func:`referee.registry.load_rules`)."""
    from importlib import import_module

    from referee import registry

    spec: AnyGameSpec = import_module(registry.GAMES[name].spec_module).SPEC
    return spec


def load_record(spec: GameSpec[StateT, ActionT], path: str, env: Environment) -> Record:
    source = display_name(path)
    return game_record(spec, read_toml(path, env.stdin), source)


def game_record(spec: GameSpec[StateT, ActionT], document: dict[str, Any], source: str) -> Record:
    """The record a TOML document holds, its setup checked by the game."""
    record = record_from_document(document, spec.name, source)
    record.setup = spec.prepare_setup(record.setup, source)
    return record


def new_game(
    spec: GameSpec[StateT, ActionT], record: Record, source: str, *, undo: bool = True
) -> Game[StateT, ActionT]:
    try:
        return Game(spec.rules, record.players, record.setup, undo=undo)
    except InputError as error:
        raise InputError(f"{source}: {error.message}") from None


def replay_record(
    spec: GameSpec[StateT, ActionT], record: Record, source: str, *, undo: bool = True
) -> tuple[Game[StateT, ActionT], ReplayError | None]:
    """Replay a record from its first action; return the game as far as it went and the first failure.

    ``undo=False`` when no action will be taken back (validating records): the game keeps no undo copies."""
    game = new_game(spec, record, source, undo=undo)
    try:
        game.replay(record.actions)
    except ReplayError as error:
        return game, error
    return game, None


def error_document(game: Game[StateT, ActionT], error: ReplayError) -> dict[str, Any]:
    document = game.summary()
    document["error"] = {"index": error.index, "action": error.action, "message": error.cause.message}
    if isinstance(error.cause, IllegalAction):
        document["error"]["rule"] = error.cause.rule
    return document


def replay_error_line(source: str, error: ReplayError) -> str:
    from referee.cli.output import shorten

    rule = _(" [rule: {rule}]").format(rule=error.cause.rule) if isinstance(error.cause, IllegalAction) else ""
    kind = _("illegal") if isinstance(error.cause, IllegalAction) else _("unreadable")
    return _("{file}: action {index} '{text}' {kind}: {message}{rule}").format(
        file=source, index=error.index, text=shorten(error.action), kind=kind, message=error.cause.message, rule=rule
    )


# -- replay ----------------------------------------------------------------------------------------------------
ReplayResult = tuple[ExitStatus, "str | None", "dict[str, Any] | None", "Game[StateT, ActionT] | None", "str | None"]


def replay_one(
    spec: GameSpec[StateT, ActionT], path: str, env: Environment, json_mode: bool
) -> ReplayResult[StateT, ActionT]:
    """Replay one record file: its exit status, the error line (if any), its summary document (with ``json_mode``),
    the game (None when the file could not be read) and the summary line for people (without ``json_mode``)."""
    source = display_name(path)
    try:
        record = load_record(spec, path, env)
        game, error = replay_record(spec, record, source, undo=False)
    except RefereeError as failure:
        said = failure.message if failure.message.startswith(source) else f"{source}: {failure.message}"
        return (
            exit_status(failure),
            said,
            {"file": str(path), "error": {"message": failure.message}},
            None,
            None,
        )
    status = ExitStatus.SUCCESS if error is None else exit_status(error)
    message = None if error is None else replay_error_line(source, error)
    if not json_mode:
        return status, message, None, game, summary_line(source, game, error)
    document = game.summary() if error is None else error_document(game, error)
    document["file"] = str(path)
    return status, message, document, game, None


def default_jobs() -> int:
    """All the cores this process may use."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def replay_command(
    env: Environment, spec: GameSpec[StateT, ActionT], records: Sequence[str], json_mode: bool, jobs: int | None = None
) -> int:
    out = Output(env, json_mode)
    if jobs is not None and jobs < 1:
        raise fail(out, _("--jobs must be at least 1"))
    if len(records) == 1:
        status, message, document, game, line = replay_one(spec, records[0], env, json_mode)
        if message is not None:
            out.error(message)
        if json_mode:
            out.json(document)
        elif game is not None:
            spec.render(game, out)
            out.text(line or "")
        return status
    # Many records (a club's archive): replayed in worker processes, reported in the order given, the JSON array
    # written as the results come, one summary per line (compact: indenting thousands of summaries cost more than
    # replaying them), so memory stays flat with the archive's size.
    jobs = min(jobs or default_jobs(), len(records))
    results = replay_results(spec, records, env, json_mode, jobs)
    worst = ExitStatus.SUCCESS
    if json_mode:
        env.stdout.write("[\n")
    for number, (status, message, document_text, line) in enumerate(results):
        worst = max(worst, status)
        if message is not None:
            out.error(message)
        if json_mode:
            env.stdout.write((",\n  " if number else "  ") + document_text)
        elif line is not None:
            out.text(line, keep=(line,))  # a record's line stays one line, whatever the width (one line a record)
    if json_mode:
        env.stdout.write("\n]\n")
        env.stdout.flush()
    return worst


WorkerResult = tuple[ExitStatus, "str | None", str, "str | None"]
"""What a worker sends back for one record: status, error line, the summary as JSON text, the summary line."""


def replay_results(
    spec: GameSpec[StateT, ActionT], records: Sequence[str], env: Environment, json_mode: bool, jobs: int
) -> Iterator[WorkerResult]:
    """The results of replaying ``records``, in their order: in this process, or in ``jobs`` worker processes."""
    if jobs == 1 or "-" in records:  # standard input can be read only here
        for path in records:
            yield _worker_result(replay_one(spec, path, env, json_mode), json_mode)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    chunk = max(1, min(64, len(records) // (jobs * 8)))
    with context.Pool(jobs, initializer=_start_worker, initargs=(spec.name, json_mode)) as pool:
        yield from pool.imap(_replay_in_worker, records, chunksize=chunk)


def _worker_result(result: ReplayResult[StateT, ActionT], json_mode: bool) -> WorkerResult:
    from referee.cli.output import json_text

    status, message, document, _game, line = result
    if json_mode:
        return status, message, json_text(document, indent=None), None
    return status, message, "", line


_worker: dict[str, Any] = {}


def _start_worker(game: str, json_mode: bool) -> None:
    _worker["spec"] = load_spec(game)
    _worker["json_mode"] = json_mode
    _worker["env"] = Environment()


def _replay_in_worker(path: str) -> WorkerResult:
    json_mode = _worker["json_mode"]
    return _worker_result(replay_one(_worker["spec"], path, _worker["env"], json_mode), json_mode)


def summary_line(source: str, game: Game[StateT, ActionT], error: ReplayError | None) -> str:
    count = len(game.actions)
    if error is not None:
        return _("{file}: stopped at action {index} of the record ({count} legal before it)").format(
            file=source, index=error.index, count=count
        )
    if game.over:
        outcome = game.rules.outcome(game.state)
        result = _("{winner} wins").format(winner=outcome.winner) if outcome.winner else _("a draw")
        return _("{file}: ok, {actions}, game over: {result}").format(
            file=source, actions=actions_count(count), result=result
        )
    return _("{file}: ok, {actions}, {player} to move").format(
        file=source, actions=actions_count(count), player=game.to_move
    )


def load_game(spec: GameSpec[StateT, ActionT], path: str, out: Output) -> Game[StateT, ActionT]:
    """Replay a record for a command that asks about its next action; a bad or illegal record ends the command
    (with the JSON error document under ``--json``)."""
    source = display_name(path)
    try:
        record = load_record(spec, path, out.env)
        game, error = replay_record(spec, record, source, undo=False)
    except RefereeError as failure:
        raise fail(out, failure) from None
    if error is not None:
        if out.json_mode:
            out.json(error_document(game, error))
        raise fail(out, replay_error_line(source, error), exit_status(error))
    return game


# -- check -----------------------------------------------------------------------------------------------------
def check_command(
    env: Environment,
    spec: GameSpec[StateT, ActionT],
    record_path: str,
    action_text: str,
    json_mode: bool,
    draw: str | None = None,
) -> int:
    out = Output(env, json_mode)
    if draw is not None:
        from referee.cli.pictures import check_svg

        try:
            check_svg(draw)
        except RefereeError as failure:
            raise fail(out, failure) from None
    game = load_game(spec, record_path, out)
    try:
        action = game.parse(action_text)
    except RefereeError as failure:
        if json_mode:
            out.json({"legal": False, "action": action_text, "error": {"message": failure.message}})
        from referee.cli.output import shorten

        raise fail(out, f"'{shorten(action_text)}': {failure.message}", exit_status(failure)) from None
    verdict = game.judge(action)
    canonical = spec.rules.format(action, game.state)
    if draw is not None:
        from referee.cli.pictures import ruling_picture, write_picture

        try:
            write_picture(
                env, draw, ruling_picture(spec, game, canonical, verdict), inputs=[record_path], force_option=False
            )
        except RefereeError as failure:
            raise fail(out, failure) from None
    if json_mode:
        out.json(
            {
                "legal": verdict.legal,
                "action": canonical,
                "index": len(game.actions) + 1,
                "player": game.actor(action),
                "rule": verdict.rule,
                "message": verdict.reason,
                "ruling": verdict.ruling,
            }
        )
    else:
        head = _("Legal") if verdict.legal else _("Illegal")
        out.text(f"{head}: {canonical} — {verdict.reason}")
        out.text(_("Rule: {rule} (referee {game} rules {rule})").format(rule=verdict.rule, game=spec.name))
        if verdict.ruling:
            out.text(verdict.ruling)
    return ExitStatus.SUCCESS if verdict.legal else ExitStatus.ILLEGAL


# -- score -----------------------------------------------------------------------------------------------------
def score_command(
    env: Environment,
    spec: GameSpec[StateT, ActionT],
    path: str,
    json_mode: bool,
    board: bool = False,
    draw: str | None = None,
    protect: tuple[str, ...] = (),
) -> int:
    """The score of a record or a position: a breakdown per player (and the table drawn with ``board``; the score
    sheet drawn as a picture into ``draw``)."""
    out = Output(env, json_mode)
    if draw is not None:
        from referee.cli.pictures import check_svg

        try:
            check_svg(draw)
        except RefereeError as failure:
            raise fail(out, failure) from None
    source = display_name(path)
    error: ReplayError | None = None
    try:
        document = read_toml(path, env.stdin)
        if "actions" in document:
            game, error = replay_record(spec, game_record(spec, document, source), source, undo=False)
        else:
            position = spec.load_position(document, source, out)
            if position is None:
                raise InputError(
                    _("{file}: neither a record (no 'actions') nor a position this game can score").format(file=source)
                )
            game = position
    except RefereeError as failure:
        raise fail(
            out, failure if failure.message.startswith(source) else f"{source}: {failure.message}", exit_status(failure)
        ) from None
    if error is not None:
        if json_mode:
            out.json(error_document(game, error))
        raise fail(out, replay_error_line(source, error), exit_status(error))
    if draw is not None:
        from referee.cli.pictures import game_picture, write_picture

        try:
            write_picture(env, draw, game_picture(spec, game), inputs=[path], protect=protect, force_option=False)
        except RefereeError as failure:
            raise fail(out, failure) from None
    if json_mode:
        out.json(game.summary())
    elif board:
        spec.render(game, out)
    else:
        for line in spec.score_table(game).lines(out.width):
            out.text(line)
        out.text(spec.status_line(game))
    return ExitStatus.SUCCESS


# -- rules -----------------------------------------------------------------------------------------------------
def rules_command(env: Environment, spec: GameSpec[StateT, ActionT], topic: str | None) -> int:
    from referee.rulebook import rulebook

    out = Output(env)
    book = rulebook(spec.rulebook_package)
    if topic is None:
        out.text(book.game)
        for entry in book.topics:
            out.text()
            print_topic(out, entry, spec)
        out.text()
        print_sources(out, book)
        out.text()
        out.text(_("Topics: {topics}. Also: 'rulings' lists every ruling.").format(topics=", ".join(book.names)))
        return ExitStatus.SUCCESS
    if topic.strip().lower() == "rulings":
        for entry, ruling in book.rulings:
            out.text(for_terminal(f"({entry.name}) {ruling}"))
        out.text()
        print_sources(out, book)
        return ExitStatus.SUCCESS
    found = book.topic(topic)
    if found is None:
        raise fail(
            out,
            _("unknown rules topic '{topic}'; the topics are: {topics}, rulings").format(
                topic=topic, topics=", ".join(book.names)
            ),
        )
    print_topic(out, found, spec)
    return ExitStatus.SUCCESS


RULES_WIDTH = 100
"""The widest a rules text is set, however wide the terminal (lines longer than this are hard to read)."""


def print_topic(out: Output, entry: Any, spec: GameSpec[StateT, ActionT]) -> None:
    """A topic's title, its text and its rulings, set to the terminal's width (at most :data:`RULES_WIDTH`): the
    file's hard wraps undone, its paragraphs, lists and labels kept (:func:`referee.cli.cells.reflow`)."""
    from referee.cli.cells import fill, reflow

    width = max(20, min(RULES_WIDTH, out.width - 1))  # measured without Rich: ``rules`` draws no board

    def wrapped(text: str, indent: str = "") -> str:
        return "\n".join(
            fill(line, width, subsequent_indent=indent + " " * (len(line) - len(line.lstrip()))) if line.strip() else ""
            for line in reflow(text)
        )

    out.text(f"{entry.title} ({entry.name})")
    out.text(wrapped(for_terminal(entry.text)))
    for ruling in entry.rulings:
        out.text(wrapped(for_terminal(ruling), "  "))


def for_terminal(text: str) -> str:
    """A rulebook text as a terminal shows it: the Markdown of its notation (```slap QN```) as plain quotes."""
    return text.replace("`", "'")


def print_sources(out: Output, book: Any) -> None:
    """What each source tag of the rules text stands for, and what a ruling is."""
    if not book.sources:
        return
    out.text(_("Sources:"))
    for tag, meaning in book.sources:
        out.text(f"  [{tag}] {meaning}")
    out.text(_("  Ruling: the referee's own decision where the sources are silent or disagree."))


def topic_names(spec: GameSpec[StateT, ActionT]) -> list[str]:
    from referee.rulebook import rulebook

    return [*rulebook(spec.rulebook_package).names, "rulings"]


def topic_completer(spec: GameSpec[StateT, ActionT], room: str) -> Callable[[str], list[str]]:
    """A room's ``complete_topic`` (``rules TOPIC`` at TAB), written once for every game: the topics of its rulebook,
    and ``rulings``, that start with what is typed. ``room`` is the room module's ``__name__``: the function is
    named as one of that module, where the command tree finds it (``<room>:complete_topic``)."""

    def complete_topic(incomplete: str) -> list[str]:
        return [name for name in topic_names(spec) if name.startswith(incomplete.lower())]

    complete_topic.__module__ = room
    complete_topic.__qualname__ = "complete_topic"
    return complete_topic


# -- simulate --------------------------------------------------------------------------------------------------
MAX_SIMULATED_ACTIONS = 20_000
POLL_EVERY = 8
"""Self-play asks whether a game is locked (or far too long) once every so many actions."""


def simulate_games(
    spec: GameSpec[StateT, ActionT], players: list[str], setup: dict[str, Any], games: int, seed: int | None
) -> dict[str, Any]:
    """Random legal self-play; every game is checked against the game's invariants."""
    import random
    import time

    rules = spec.rules
    rng = random.Random(seed)
    wins = dict.fromkeys(players, 0)
    draws = 0
    total_actions = 0
    violations: list[str] = []
    is_over, apply, choose = rules.is_over, rules.apply, rules.self_play_action  # looked up once: called per action
    stalled = rules.stalled
    """Some games can lock up under random play (The Builders: every worker stuck on sites it can never finish);
    the rules say when, and such a game is stopped and counted apart, not as a violation. A locked game stays
    locked, so this is asked every :data:`POLL_EVERY` actions, not after each: such a game may run a few more."""
    stalled_games = 0
    started = time.perf_counter()
    for number in range(1, games + 1):
        state = rules.new_state(players, setup)
        length = 0
        while not is_over(state):
            apply(state, choose(state, rng))
            length += 1
            if not length % POLL_EVERY:
                if stalled(state):
                    stalled_games += 1
                    break
                if length > MAX_SIMULATED_ACTIONS:
                    violations.append(f"game {number}: no end after {MAX_SIMULATED_ACTIONS} actions")
                    break
        total_actions += length
        for problem in rules.check_invariants(state):
            violations.append(f"game {number}: {problem}")
        outcome = rules.outcome(state)
        if not rules.is_over(state):
            continue
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] += 1
    seconds = time.perf_counter() - started
    return {
        "game": spec.name,
        "players": players,
        "games": games,
        "seed": seed,
        "actions": total_actions,
        "seconds": round(seconds, 4),
        "actions_per_second": round(total_actions / seconds) if seconds > 0 else None,
        "wins": wins,
        "draws": draws,
        "stalled": stalled_games,
        "length": round(total_actions / games, 2) if games else 0,
        "violations": violations,
    }


def simulate_command(
    env: Environment,
    spec: GameSpec[StateT, ActionT],
    players: list[str],
    setup: dict[str, Any],
    games: int,
    seed: int | None,
    json_mode: bool,
) -> int:
    out = Output(env, json_mode)
    if games < 1:
        raise fail(out, _("--games must be at least 1"))
    report = simulate_games(spec, players, setup, games, seed)
    if json_mode:
        out.json(report)
    else:
        out.text(
            ngettext(
                "{games} random legal game of {title} ({actions} in {seconds:.2f} s, {rate} actions/s)",
                "{games} random legal games of {title} ({actions} in {seconds:.2f} s, {rate} actions/s)",
                games,
            ).format(
                games=games,
                title=_(spec.title),
                actions=actions_count(report["actions"]),
                seconds=report["seconds"],
                rate=report["actions_per_second"],
            )
        )
        for name, count in report["wins"].items():
            out.text(
                ngettext("  {name}: {count} win ({share:.1%})", "  {name}: {count} wins ({share:.1%})", count).format(
                    name=name, count=count, share=count / games
                )
            )
        out.text(
            _("  draws: {draws}; mean length {length} actions").format(draws=report["draws"], length=report["length"])
        )
        if report["stalled"]:
            out.text(_("  stalled (random play locked the game; stopped, not ranked): {n}").format(n=report["stalled"]))
        out.text(
            _("  invariants: {result}").format(
                result=_("all held")
                if not report["violations"]
                else ngettext("{n} violation", "{n} violations", len(report["violations"])).format(
                    n=len(report["violations"])
                )
            )
        )
    for violation in report["violations"][:20]:
        out.error(violation)
    return ExitStatus.ILLEGAL if report["violations"] else ExitStatus.SUCCESS


def actions_count(count: int) -> str:
    """``1 action``, ``57 actions``."""
    return ngettext("{count} action", "{count} actions", count).format(count=count)
