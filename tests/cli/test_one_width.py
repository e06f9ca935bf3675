"""One width for everything printed (issue 45, item 3): every command of every game, and the history's, printed
piped with ``COLUMNS`` at 60, 80 and 120, in English, Korean and both Chinese scripts, has no line wider than the
width (measured in terminal cells: a Chinese character takes two). Tables, legends and sentences wrap or abbreviate
to it; a file name is never broken; without ``COLUMNS`` the width is 80."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import registry
from referee.cli.cells import cell_width, fill
from referee.cli.history.options import game_spec
from referee.cli.output import Output, Table, wrapped
from tests.conftest import EXAMPLES
from tests.in_process import run

WIDTHS = (60, 80, 120)
LANGUAGES = ("en", "ko", "zh-Hans", "zh-Hant")


def game_commands(game: str) -> Iterator[tuple[list[str], str]]:
    """Every command of one game, on its example records (named by their file names: short, as a player's are),
    with what it reads on standard input."""
    spec = game_spec(game)
    for example in ("finished", "illegal", "opening"):
        yield [game, "replay", f"{game}-{example}.toml"], ""
        yield [game, "score", f"{game}-{example}.toml"], ""
    yield [game, "score", f"{game}-finished.toml", "--board"], ""
    yield [game, "rules"], ""
    yield [game, "rules", "rulings"], ""
    yield [game, "simulate", "--games", "2", "--seed", "1"], ""
    assert spec.sample is not None
    legal, illegal, unreadable = spec.sample.actions
    for action in (legal, illegal, unreadable):
        yield [game, "check", f"{game}-opening.toml", action], ""
    yield [game, "play", *spec.sample.play_options, "--no-history"], f"{legal}\n{illegal}\n"


def commands() -> Iterator[tuple[list[str], str]]:
    for game in ("coin-age", "builders", "matchstick"):
        yield from game_commands(game)
    yield ["coin-age", "score", "coin-age-position.toml"], ""
    yield ["coin-age", "maps", "list"], ""
    yield ["coin-age", "maps", "show", "original"], ""
    yield ["builders", "score", "builders-final.toml"], ""  # the tie-break line
    yield ["builders", "score", "builders-stalled.toml"], ""
    yield ["builders", "hint", "builders-opening.toml"], ""
    for kind in ("building", "machine", "worker"):
        yield ["builders", "cards", "--kind", kind], ""
    yield ["builders", "cards"], ""
    yield ["builders", "cards", "--names", "en"], ""
    yield ["matchstick", "shapes"], ""
    yield ["matchstick", "shapes", "8"], ""
    yield ["matchstick", "shapes", "8", "--into", "0"], ""
    yield ["matchstick", "shapes", "--into", "8"], ""
    yield ["history", "list"], ""
    for number in range(1, 7):
        yield ["history", "show", str(number)], ""
    yield ["stats"], ""
    yield ["stats", "--highlights"], ""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples copied under short names, and a history holding the finished ones."""
    here = tmp_path_factory.mktemp("width")
    for record in EXAMPLES.glob("*.toml"):
        shutil.copy(record, here / record.name)
    return here


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_line_is_wider_than_the_width(
    folder: Path, width: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder)
    monkeypatch.setenv("REFEREE_HISTORY", str(folder / f"history-{width}-{language}.sqlite"))
    code, _out, err = run("history", "add", *sorted(path.name for path in folder.glob("*-finished.toml")))
    assert code == 0, err
    monkeypatch.setenv("COLUMNS", str(width))
    assert set(registry.names()) >= {"coin-age", "builders", "matchstick"}
    too_wide = []
    for args, stdin in commands():
        code, out, err = run("--lang", language, *args, stdin=stdin)
        assert "Traceback" not in err, (args, err)
        too_wide += [
            f"{' '.join(args)}: {cell_width(line)}: {line}" for line in out.splitlines() if cell_width(line) > width
        ]
    assert not too_wide, "\n".join(too_wide)


@pytest.mark.parametrize("width", [60, 80])
def test_builders_cards_cut_nothing(folder: Path, width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns the cards once lost their tile column and showed their écus as ``…``: now a narrower layout
    (the four resources as four numbers) keeps every column whole; nor is the first line a row of blanks."""
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, _err = run("builders", "cards")
    assert code == 0
    assert "…" not in out, out
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["id", "name", "type"], lines[:2]
    assert any(line.startswith("B34 ") and line.rstrip().endswith("+20   5 4 4 4") for line in lines), out
    assert all(line == line.rstrip() for line in lines)


def test_matchstick_shapes_cut_nothing_at_60_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _err = run("matchstick", "shapes")
    assert code == 0 and "…" not in out, out


def test_without_columns_the_width_is_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _err = run("builders", "rules")
    assert code == 0
    widths = [cell_width(line) for line in out.splitlines()]
    assert max(widths) <= 80 and max(widths) > 60, max(widths)


def test_the_width_as_told_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seam of a full-screen table: ``out.at_width(n)`` draws a game's table to fit a region ``n`` wide."""
    import io

    from referee.cli.env import Environment
    from referee.engine import Game

    monkeypatch.setenv("COLUMNS", "200")
    stdout = io.StringIO()
    out = Output(Environment(stdin=io.StringIO(), stdout=stdout, stdout_isatty=False, no_color=True))
    assert out.width == 200 and out.at_width(60).width == 60
    spec = game_spec("builders")
    game = Game(spec.load_rules(), ["Ann", "Bob", "Cy"], {"seed": 7})
    spec.render(game, out.at_width(60))
    assert max(cell_width(line) for line in stdout.getvalue().splitlines()) <= 60, stdout.getvalue()


@pytest.mark.parametrize(
    "path",
    [
        "/home/ann/games/coin-age-2026-11-28-evening.toml",
        "/home/ann/棋局/对局记录-十一月.toml",
        "棋局记录.toml",
        r"C:\Users\ann\games\builders.toml",
    ],
)
@pytest.mark.parametrize("columns", [20, 30, 45])
def test_a_file_name_is_never_broken(path: str, columns: int) -> None:
    for text in (
        f"Saved after 12 actions. Continue with: referee coin-age play --resume {path}",
        f"已保存 12 个行动。继续：referee coin-age play --resume {path} 然后继续下棋",
    ):
        lines = wrapped(text, columns).split("\n")
        assert any(path in line for line in lines), lines
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost


def test_a_file_name_with_blanks_is_kept_when_named() -> None:
    path = "/home/ann/my games/coin age.toml"
    text = f"Saved after 12 actions. Continue with: referee coin-age play --resume {path}"
    for columns in (20, 30, 50):
        assert any(path in line for line in wrapped(text, columns, keep=(path,)).split("\n"))
        assert any(path in line for line in fill(text, columns - 1, keep=(path,)).split("\n"))


def test_a_plain_table_fits_by_breaking_its_text_columns_between_words() -> None:
    table = Table("", ["id", "players", "result"], left=3)
    table.add_row(["1", "Lea, Max, Noor", "Lea wins 17–17–13 on the tie-break"])
    table.add_row(["2", "Iris, Jun", "Iris wins 31–23"])
    lines = table.lines(30, titled=False)
    assert all(cell_width(line) < 30 for line in lines), lines
    words = " ".join(lines).split()
    for word in ("17–17–13", "tie-break", "Noor", "31–23"):
        assert word in words, lines


def test_a_note_breaks_between_words_never_in_its_file_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line printed on ``quit`` (a note, on standard error) once broke inside the record's name."""
    import io

    from referee.cli.env import Environment

    monkeypatch.setenv("COLUMNS", "40")
    stderr = io.StringIO()
    out = Output(Environment(stdin=io.StringIO(), stdout=io.StringIO(), stderr=stderr, stdout_isatty=False))
    path = "/tmp/my games/coin-age-evening.toml"
    out.note(f"Saved after 12 actions. Continue with: referee coin-age play --resume {path}", keep=(path,))
    lines = stderr.getvalue().splitlines()
    assert len(lines) > 1 and all(cell_width(line) < 40 for line in lines if path not in line), lines
    assert any(path in line for line in lines), lines


def test_a_line_indented_past_the_width_is_left_as_it_is() -> None:
    """(A table row whose oversized cell pushes the next column past the width once made ``wrapped`` fail.)"""
    line = " " * 90 + "a cell of a table far to the right"
    assert wrapped(line, 80) == line
