"""A real pseudo-terminal in Korean and in Traditional Chinese: a few turns through the menus, the boards aligned.

Chinese and Korean characters take two terminal cells: every line of a box of the board must put its edges in the
same columns, and every line of a table as wide as its rule, measured in cells, at 80 and at 120 columns."""

from __future__ import annotations

import os
import re
import tomllib

import pytest

from referee.cli.cells import cell_width
from tests.conftest import referee_command

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.e2e

DOWN, ENTER, SPACE = "\x1b[B", "\r", " "
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>]")
BOX_EDGES = set("╭╮╰╯│")


def spawn(locale: str, columns: int, *args: str):
    """``referee ARGS`` at a terminal in ``locale``, read as the player sees it (a terminal emulator: see
    :class:`tests.cli.terminal.Screen`; PROMPT_TOOLKIT_NO_CPR: pexpect answers no cursor request)."""
    from tests.cli.terminal import Screen

    command = referee_command()
    env = {key: value for key, value in os.environ.items() if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(TERM="xterm", NO_COLOR="1", LANG=locale, PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(command[0], [*command[1:], *args], env=env, dimensions=(60, columns), timeout=30,
                          encoding="utf-8")  # fmt: skip
    return Screen(child, 60, columns)


def type_line(child, text: str) -> None:
    child.send("\x15" + text)  # the prompt cleared first (Ctrl-U)
    child.send(ENTER)


def screen_lines(child) -> list[str]:
    """The lines on the screen now."""
    return [line.rstrip() for line in child.screen.display]


def edge_columns(line: str) -> list[int]:
    """The terminal columns of the box edges on a line, counted in cells."""
    return [cell_width(line[:i]) for i, char in enumerate(line) if char in BOX_EDGES]


def check_alignment(lines: list[str], columns: int) -> int:
    """Boxes: each line from a top edge (╭) to a bottom edge (╰) has its edges in the same columns. Tables: the
    header and the rows after a rule (────) are no wider than the rule. Returns how many boxes and tables were seen."""
    seen = 0
    box: list[str] = []
    for line in lines:
        if "╭" in line:
            box = [line]
        elif box:
            box.append(line)
            if "╰" in line:
                expected = edge_columns(box[0])
                assert all(edge_columns(row) == expected for row in box), "\n".join(box)
                seen += 1
                box = []
    for i, line in enumerate(lines):
        if i and set(line.strip()) == {"─"} and not lines[i - 1].lstrip().startswith(("╰", "╭", "│")):
            width = cell_width(line)
            assert width <= columns, line
            # read off the screen, a line's trailing blanks are not seen: no line is wider than its rule
            assert cell_width(lines[i - 1]) <= width, f"{lines[i - 1]!r} is wider than its rule"
            rows = [row for row in lines[i + 1 : i + 3] if row.strip()]
            assert rows and all(cell_width(row) <= width for row in rows), "\n".join(lines[i - 1 : i + 3])
            seen += 1
    return seen


def actions(record) -> list[str]:
    return tomllib.loads(record.read_text())["actions"] if record.exists() else []


@pytest.mark.parametrize("columns", [80, 120])
def test_builders_in_korean(tmp_path, columns: int) -> None:
    record = tmp_path / "game.toml"
    child = spawn("ko_KR.UTF-8", columns, "builders", "play", "--players", "가영,나래", "--seed", "7", "--record",
                  str(record))  # fmt: skip
    try:
        child.expect("가영>")
        drawn = screen_lines(child)
        assert "공개된 건물" in "\n".join(drawn) and "공개된 일꾼" in "\n".join(drawn)
        assert check_alignment(drawn, columns) >= 2  # the two rows of face-up cards
        type_line(child, "start B15")
        child.expect("행동 2개 남음")
        type_line(child, "recruit W07")
        child.expect("행동 1개 남음")  # the turn's status line, under the board drawn again
        drawn = screen_lines(child)
        assert check_alignment(drawn, columns) >= 2
        assert "공사 현장 B15" in "\n".join(drawn)  # the open site is drawn
        assert actions(record) == ["start B15", "recruit W07"]
        type_line(child, "recruit W99")
        child.expect("읽을 수 없음: 알 수 없는 카드: 'W99'")
        child.send("\x15" + ENTER)  # Enter alone: the menus
        child.expect("어떤 행동을 할까요")
        child.sendintr()  # asked first: y quits
        child.send("y")
        child.expect("행동 2개 후 중단됨")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130


@pytest.mark.parametrize("columns", [80, 120])
def test_matchstick_in_traditional_chinese(tmp_path, columns: int) -> None:
    record = tmp_path / "game.toml"
    child = spawn("zh_TW.UTF-8", columns, "matchstick", "play", "--players", "甲,乙", "--record", str(record))
    try:
        child.expect("甲>")
        drawn = screen_lines(child)
        assert "桌面是空的" in "\n".join(drawn)
        assert check_alignment(drawn, columns) >= 2  # the table box, the players' table
        type_line(child, "play 0 0")
        child.expect("乙>")
        drawn = screen_lines(child)
        assert "要壓過" in "\n".join(drawn)
        assert check_alignment(drawn, columns) >= 2
        assert actions(record) == ["play 0 0"]
        type_line(child, "play 0 0")
        child.expect("違規：0 不比 0 強")
        child.sendintr()  # asked first: y quits
        child.send("y")
        child.expect("在 1 個行動後中斷")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130


def test_the_alignment_check_can_fail() -> None:
    """A table measured with ``len`` instead of cells is caught."""
    header, rule = " 이름   점수 ", "─" * 13
    assert cell_width(header) == len(rule)
    assert check_alignment(["", header, rule, " 가영      3 "], 80) == 1
    with pytest.raises(AssertionError):
        check_alignment(["", header, rule, " 가영".ljust(15) + "3 "], 80)  # padded by characters: two cells over
    with pytest.raises(AssertionError):
        check_alignment(["╭────╮", "│ 가영 │", "╰────╯"], 80)
