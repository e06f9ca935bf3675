"""What Matchstick Tycoon's rules page (``docs/rules/matchstick.md``, written by ``scripts/make_rules_docs.py``)
holds beyond its rulebook: the cards' shapes and the cost of every change, computed by the rules' own segment
module (the room's :data:`SPEC` names this module)."""

from __future__ import annotations


def rules_appendix() -> str:
    """The segments of every value and the cost of every change, computed by the referee's own segment module."""
    from referee.matchstick import segments

    lines = [
        "## The cards' shapes",
        "",
        "Segments: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle.",
        "",
        "| value | segments |",
        "|---|---|",
    ]
    lines += [f"| {value} | {' '.join(sorted(shape))} |" for value, shape in segments.SHAPES.items()]
    values = segments.ALL_VALUES
    lines += [
        "",
        "What each physical card costs to show each value, in matchsticks (`t` = turned over; `·` = never), as",
        "`referee matchstick shapes CARD` prints it. Computed from the shapes above, never typed in:",
        "",
        "| card | " + " | ".join(values) + " |",
        "|---|" + "---|" * len(values),
    ]
    for card in segments.ALL_CARDS:
        cells = []
        for value in values:
            way = segments.transformation(card, value)
            cells.append("·" if way is None else f"{way.cost}{'t' if way.turned_over else ''}")
        lines.append(f"| {card} | " + " | ".join(cells) + " |")
    lines.append("")
    return "\n".join(lines)
