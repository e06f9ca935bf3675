"""Text measured in terminal cells: plain tables and wrapped rules line up with Chinese and Korean text."""

from __future__ import annotations

from referee.cli.cells import cell_width, fill, ljust, rjust
from referee.cli.output import ScoreTable


def test_cell_widths() -> None:
    assert cell_width("Ann") == 3
    assert cell_width("가영") == cell_width("甲乙") == 4
    assert cell_width("e\u0301") == 1  # a combining accent takes no cell
    assert ljust("가영", 6) == "가영  " and rjust("甲", 4) == "  甲"


def test_the_plain_score_table_aligns_wide_names() -> None:
    table = ScoreTable("最终得分", ["玩家", "合计"])
    table.add_row(["가영", "11"])
    table.add_row(["Bob", "27"])
    table.add_row(["鈴木一郎", "3"])
    title, header, rule, *rows = table.lines()
    assert title == "最终得分"
    width = cell_width(rule)
    assert all(cell_width(line) == width for line in [header, *rows])
    assert [cell_width(row[: row.index(" ")]) for row in rows] == [4, 3, 8]


def test_wrapping_in_cells() -> None:
    text = "硬币不属于任何人：朝上的一面决定归属。一名玩家是正面，另一名是反面。" * 3
    lines = fill(text, 40, "  ").splitlines()
    assert len(lines) > 3 and all(cell_width(line) <= 40 for line in lines)
    assert "".join(line.strip() for line in lines) == text  # nothing lost, no blank added
    assert not any(line.strip().startswith(("，", "。", "：")) for line in lines)  # punctuation never starts a line
    korean = "카드는 뒤집을 수 있지만 좌우 반전은 안 됩니다. " * 4
    assert all(line.split(" ")[-1] in korean.split(" ") for line in fill(korean, 30).splitlines())  # breaks at blanks
    english = "The quick brown fox jumps over the lazy dog. " * 3
    assert fill(english, 30) == __import__("textwrap").fill(english, 30)
