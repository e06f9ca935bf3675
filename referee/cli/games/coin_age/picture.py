"""Coin Age as a picture: the map card with its regions in colour and its space names, each stack drawn as coins of
the four sizes (the quarter largest) in the two sides' colours with the top coin on top and named, the banks, who
controls each region, and the score sheet ``score`` prints (drawn by :mod:`referee.cli.pictures`)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from referee.cli.svg import HIGHLIGHT, INK, LINE, MUTED, Picture, text_width
from referee.i18n import _

REGION_FILLS = {
    "brown": ("#f3e3d3", "#9a6132"),
    "dark green": ("#d8ecd9", "#2f6f3a"),
    "light green": ("#eaf6d6", "#6a9a2c"),
    "green": ("#e0f2e0", "#3c8a3c"),
    "grey": ("#eceef1", "#6e7781"),
    "gray": ("#eceef1", "#6e7781"),
    "blue": ("#ddeeff", "#2f6fbf"),
    "red": ("#fbe0e0", "#b33a3a"),
    "yellow": ("#fff5cc", "#a88a00"),
    "purple": ("#efe3f8", "#7d4aa8"),
    "orange": ("#ffe8d1", "#c46a12"),
}
"""A region's colour on the card as (fill, border); a colour not listed is drawn grey."""
SIDE_FILLS = ("#f2c14e", "#7fb8e6")
"""Heads (the first seat) and tails, as the coins are drawn."""
RADIUS = {4: 22.0, 3: 19.0, 2: 17.0, 1: 15.5}
"""Coin radii by rank, in proportion to the real coins (quarter 24.3 mm … dime 17.9 mm)."""
CELL_W, CELL_H = 160.0, 118.0


def picture(game: Any, marked: Collection[str] = ()) -> Picture:
    from referee.cli.games.coin_age.room import load_rules, score_table
    from referee.cli.pictures import MARGIN, score_sheet, stacked
    from referee.coin_age.coins import LETTER, NAME, RANKS
    from referee.coin_age.rules import region_control

    state = game.state
    game_map = state.map
    widest = max(len(row) for row in game_map.layout)
    width = 2 * MARGIN + widest * CELL_W
    board = Picture(width, 0, game_map.name)
    board.text(MARGIN, 26, _("Coin Age") + f" — {game_map.name}", size=18, weight="bold")
    status = load_rules().outcome(state)
    y = 40.0
    for row in game_map.layout:
        x = MARGIN + (widest - len(row)) * CELL_W / 2
        for space_id in row:
            _space(board, state, space_id, x + 4, y + 4, space_id in marked, LETTER)
            x += CELL_W
        y += CELL_H
    y += 8
    for seat, name in enumerate(state.players):  # the banks
        side = (_("heads"), _("tails"))[seat]
        board.circle(MARGIN + 9, y + 10, 8, fill=SIDE_FILLS[seat])
        label = _("{name} ({side}) bank:").format(name=name, side=side)
        board.text(MARGIN + 24, y + 15, label, size=14, weight="bold")
        x = MARGIN + 24 + text_width(label, 14) + 28
        for rank in RANKS:
            count = state.banks[seat][rank]
            board.circle(x, y + 10, RADIUS[rank] * 0.5, fill=SIDE_FILLS[seat] if count else "#ffffff", stroke=INK)
            board.text(x + 14, y + 15, f"{LETTER[rank]} × {count}", size=13, fill=INK if count else MUTED)
            x += 70
        y += 26
    y += 4
    controls = []
    for control in region_control(state):
        region = game_map.regions[control.region]
        if control.leader is None:
            who = _("even {a}–{b}").format(a=control.held[0], b=control.held[1])
        else:
            who = _("{name} {more}–{fewer}").format(
                name=state.players[control.leader],
                more=control.held[control.leader],
                fewer=control.held[1 - control.leader],
            )
        controls.append((region, who))
    for region, who in controls:
        fill, border = REGION_FILLS.get((region.color or "").lower(), ("#eceef1", "#6e7781"))
        board.rect(MARGIN, y + 2, 14, 14, fill=fill, stroke=border, radius=3)
        board.text(MARGIN + 22, y + 14, f"{region.name}: {who}", size=13)
        y += 20
    board.height = y + 6
    legend = ", ".join(f"{LETTER[rank]} {NAME[rank]}" for rank in RANKS)
    scores = ", ".join(f"{name} {points}" for name, points in status.scores.items())
    description = _("Coin Age on the map {map}: {scores}. Coins: {legend}; the top coin of a stack owns it.").format(
        map=game_map.name, scores=scores, legend=legend
    )
    sheet = score_sheet(score_table(game), board.width)
    return stacked(_("Coin Age") + f": {scores}", description, [board, sheet])


def _space(board: Picture, state: Any, space_id: str, x: float, y: float, marked: bool, letter: dict[int, str]) -> None:
    game_map = state.map
    index = game_map.index[space_id]
    space = game_map.spaces[index]
    region = game_map.region(space.region)
    fill, border = REGION_FILLS.get((region.color or "").lower(), ("#eceef1", "#6e7781"))
    w, h = CELL_W - 8, CELL_H - 8
    board.rect(
        x, y, w, h, fill=fill, stroke=HIGHLIGHT if marked else border, radius=12, stroke_width=4 if marked else 2
    )
    board.text(x + 8, y + 18, space_id, size=14, weight="bold")
    board.text(x + w - 8, y + 18, space.name[:18], size=11, fill=MUTED, anchor="end")
    stack = state.board[index]
    if not stack:
        board.circle(x + w / 2, y + h / 2 + 10, 3, fill=LINE, stroke=LINE)
        return
    cx, cy = x + w / 2 - 6 * (len(stack) - 1) / 2, y + h / 2 + 14 + 5 * (len(stack) - 1) / 2
    for depth, coin in enumerate(stack):  # bottom first: each coin drawn over the one below it
        top = depth == len(stack) - 1
        r = RADIUS[coin.rank]
        board.circle(cx, cy, r, fill=SIDE_FILLS[coin.side], stroke=INK, stroke_width=2.5 if top else 1)
        if top:
            board.text(cx, cy + 5, letter[coin.rank] + "ht"[coin.side], size=14, weight="bold", anchor="middle")
        cx += 6
        cy -= 5
    if len(stack) > 1:
        below = " ".join(letter[c.rank] + "ht"[c.side] for c in reversed(stack[:-1]))
        board.text(x + 8, y + h - 8, _("under: {coins}").format(coins=below), size=10, fill=MUTED)
