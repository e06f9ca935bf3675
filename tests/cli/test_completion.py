"""TAB completion from the generated command tree (referee.cli.tab.completion) answers exactly as Typer does.

Both run in this process on thousands of command lines for bash, zsh, fish and PowerShell: Typer through the
Click command built from the app, the fast path (reading ``command_tree.json``) through
:func:`referee.cli.tab.completion.complete`. Where the fast path declines (an unusual line), Typer answers for it,
so only its answers are compared; the test also checks it declines rarely.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from referee.cli.tab import completion
from referee.cli.tab.command_tree import Command, root

TREE = root()

SHELLS = ("bash", "zsh", "fish", "powershell")


@pytest.fixture(scope="module")
def typer_command() -> Any:
    import typer.main

    from referee.cli.app import app

    return typer.main.get_command(app)


def environment(shell: str, words: list[str], incomplete: str, fish_action: str = "get-args") -> dict[str, str]:
    """What each shell's completion script sets for ``referee WORDS INCOMPLETE<TAB>``."""
    line = " ".join(["referee", *words, incomplete])
    env = {"_REFEREE_COMPLETE": f"complete_{shell}"}
    if shell == "bash":
        env.update(COMP_WORDS=line, COMP_CWORD=str(len(words) + 1))
    elif shell == "powershell":
        env.update(_TYPER_COMPLETE_ARGS=line, _TYPER_COMPLETE_WORD_TO_COMPLETE=incomplete)
    else:
        env.update(_TYPER_COMPLETE_ARGS=line)
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = fish_action
    return env


@contextlib.contextmanager
def environ(env: dict[str, str]) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def answer_of(call: Any) -> tuple[int | None, str] | None:
    """(exit status, standard output) of a completion call; None when the fast path declined."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            status = call()
        except SystemExit as done:  # Typer's answer
            return (done.code if isinstance(done.code, int) else int(done.code is not None)), out.getvalue()
        if status is None:  # the fast path declined
            return None
    return status, out.getvalue()


def typer_answer(command: Any, env: dict[str, str]) -> tuple[int | None, str] | None:
    with environ(env):
        return answer_of(lambda: command.main(args=[], prog_name="referee"))


def fast_answer(env: dict[str, str]) -> tuple[int | None, str] | None:
    with environ(env):
        return answer_of(lambda: completion.complete(env))


# -- the command lines -------------------------------------------------------------------------------------------
def paths(node: Command, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Command]]:
    yield prefix, node
    for name, child in node.commands.items():
        yield from paths(child, (*prefix, name))


VALUES = ["", "o", "or", "x", "-", "--", "8", "B", "b", "w", "cap", "ru", "=", "--map=o", "É", "a b", "ann,bob"]


def command_lines(count: int, seed: int = 7) -> list[tuple[list[str], str]]:
    """Every command with every prefix of each word it takes, then random lines over the same words."""
    rng = random.Random(seed)
    lines: list[tuple[list[str], str]] = []
    vocabulary: set[str] = set(VALUES)
    for path, node in paths(TREE):
        words = list(path)
        names = [*node.commands, *(name for param in node.options for name in param.names)]
        vocabulary.update(names)
        for name in names:
            lines += [(words, name[:cut]) for cut in range(len(name) + 1)]
        for param in node.options:
            if not param.flag:
                lines += [([*words, param.opts[0]], value) for value in VALUES]
                lines += [([*words, param.opts[0], "x"], value) for value in ("", "-", "r")]
        lines += [([*words, "r.toml"], value) for value in VALUES]
        lines += [([*words, "a", "b"], value) for value in ("", "-", "--j")]
    words_pool = sorted(vocabulary)
    while len(lines) < count:
        path, _node = rng.choice(list(paths(TREE)))
        extra = [rng.choice(words_pool) for _ in range(rng.randrange(3))]
        lines.append(([*path, *extra], rng.choice(words_pool)[: rng.randrange(4)]))
    return lines


def test_the_fast_path_answers_as_typer_does_for_every_shell(typer_command: Any) -> None:
    lines = command_lines(1500)
    answered = declined = 0
    for shell in SHELLS:
        for words, incomplete in lines:
            env = environment(shell, words, incomplete)
            fast = fast_answer(env)
            if fast is None:
                declined += 1
                continue
            answered += 1
            assert fast == typer_answer(typer_command, env), (shell, words, incomplete)
    assert declined < answered / 5, (answered, declined)


@pytest.mark.parametrize("action", ["is-args", "get-args", ""])
def test_fish_actions(typer_command: Any, action: str) -> None:
    for words, incomplete in [([], ""), (["coin-age"], "r"), (["coin-age", "play", "--map"], ""), (["x"], "")]:
        env = environment("fish", words, incomplete, action)
        fast = fast_answer(env)
        assert fast is None or fast == typer_answer(typer_command, env)


@pytest.fixture
def games_of_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry as the command tree was generated from (without the test suite's toy game, which
    ``REFEREE_EXTRA_GAMES`` adds): the top level is answered from the tree only while both list the same games."""
    from referee import registry

    monkeypatch.setattr(
        registry, "GAMES", {name: entry for name, entry in registry.GAMES.items() if name in TREE.commands}
    )


def test_the_top_level_is_left_to_typer_when_a_game_is_missing_from_the_tree() -> None:
    """The test suite's toy game is registered but not in the generated tree: the games are Typer's to list,
    while the words of a game the tree knows are still answered from it."""
    from referee import registry

    assert "nim" in registry.GAMES
    assert fast_answer(environment("bash", [], "")) is None
    assert fast_answer(environment("bash", ["coin-age"], "ru")) is not None


def test_common_lines_are_answered_without_typer(games_of_the_tree: None) -> None:
    for shell in SHELLS:
        for words, incomplete in [
            ([], ""),
            (["coin-age"], "ru"),
            (["coin-age", "play"], "--"),
            (["coin-age", "play", "--map"], ""),
            (["matchstick", "shapes"], ""),
            (["coin-age", "rules"], "c"),
            (["builders", "cards", "--kind"], "w"),
            (["coin-age", "check", "--json"], ""),
        ]:
            assert fast_answer(environment(shell, words, incomplete)) is not None, (shell, words, incomplete)


def test_helps_wider_than_the_terminal_are_left_to_typer(games_of_the_tree: None) -> None:
    env = {**environment("zsh", [], "--"), "COLUMNS": "20"}
    assert fast_answer(env) is None
    assert fast_answer(environment("bash", [], "--")) is not None


def test_a_help_rich_would_print_otherwise_is_left_to_typer() -> None:
    """An option whose help has Rich markup (Typer prints it through Rich at TAB): bash, which shows no helps, is
    answered from the tree, the shells that show helps are left to Typer."""
    tree = Command(
        {
            "params": [
                {"name": "board", "opts": ["--board"], "kind": "flag", "help": "Draw [b]it[/b].", "help_markup": True},
                {"name": "json_mode", "opts": ["--json"], "kind": "flag", "help": "JSON."},
            ]
        }
    )
    items = completion.completions(tree, [], "--")
    assert completion.formatted("bash", items, {}) == ["--board", "--json"]
    for shell in ("zsh", "fish", "powershell"):
        with pytest.raises(completion.Unsure):
            completion.formatted(shell, items, {})
    assert completion.formatted("fish", completion.completions(tree, [], "--j"), {}) == ["--json\tJSON."]
