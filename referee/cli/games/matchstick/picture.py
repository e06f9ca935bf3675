"""Matchstick Tycoon as a picture: the play on the table as 7-segment cards (each physical card's own sticks, the
matchsticks added in another colour, a card turned over marked so), who played it and what beats it, the order of
strength (reversed after a revolution), each player's cards and matchsticks and who leads, and the score sheet
``score`` prints."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from referee.cli.svg import BAD, INK, LINE, MUTED, Picture
from referee.i18n import _

STICK = "#9a6700"
"""The card's own segments."""
ADDED = "#cf222e"
"""Matchsticks added to show the value."""
SEAT_FILLS = ("#0969da", "#8250df", "#1a7f37", "#bf8700", "#0550ae", "#cf222e", "#1b7c83", "#6e7781")
CARD_W, CARD_H = 70.0, 110.0

# Where each segment lies on a card (x1, y1, x2, y2), the card 70 × 110 with its figure inside.
SEGMENTS = {
    "a": (18, 18, 52, 18),
    "b": (54, 22, 54, 52),
    "c": (54, 58, 54, 88),
    "d": (18, 92, 52, 92),
    "e": (16, 58, 16, 88),
    "f": (16, 22, 16, 52),
    "g": (18, 55, 52, 55),
}


def figure(picture: Picture, x: float, y: float, value: str, card: str | None) -> None:
    """A card showing ``value``: its own segments in the stick colour, those added with matchsticks in red; a card
    turned over to show it is marked ↻. Without ``card`` (the physical card unknown) every segment is its own."""
    from referee.matchstick.segments import SHAPES, TABLE

    way = TABLE[card][value] if card is not None and value in TABLE.get(card, {}) else None
    added = set(way.added) if way is not None else set()
    picture.rect(x, y, CARD_W, CARD_H, fill="#fffdf7", stroke=INK, radius=8, stroke_width=1.5)
    for segment in "abcdefg":
        x1, y1, x2, y2 = SEGMENTS[segment]
        if segment in SHAPES[value]:
            colour = ADDED if segment in added else STICK
            picture.line(x + x1, y + y1, x + x2, y + y2, stroke=colour, width=6)
        else:
            picture.line(x + x1, y + y1, x + x2, y + y2, stroke=LINE, width=2)
    if way is not None and way.turned_over:
        picture.text(x + CARD_W - 6, y + CARD_H - 6, "↻", size=14, anchor="end", fill=MUTED)
    if card is not None:
        picture.text(x + 6, y + CARD_H - 6, card, size=10, fill=MUTED)


def table_play(game: Any) -> Any:
    """The play that lies on the table (the last play of the record while the table holds it), or None."""
    from referee.matchstick.actions import Play, parse_action

    if game.state.table is None:
        return None
    for text in reversed(game.actions):
        if text.split()[:1] == ["play"]:
            action = parse_action(text, game.state.expansion)
            return action if isinstance(action, Play) else None
    return None


def picture(game: Any, marked: Collection[str] = ()) -> Picture:
    from referee.cli.games.matchstick.room import score_table, seat_note, status_line
    from referee.cli.pictures import MARGIN, score_sheet, stacked
    from referee.cli.svg import wrap
    from referee.matchstick.segments import order_text

    state = game.state
    width = max(620.0, 2 * MARGIN + 5 * (CARD_W + 12) + 220)
    board = Picture(width, 0, _("Matchstick Tycoon"))
    board.text(MARGIN, 26, _("Matchstick Tycoon"), size=18, weight="bold")
    y = 34.0
    for line in wrap(status_line(game), 14, width - 2 * MARGIN):
        y += 20
        board.text(MARGIN, y, line, size=14, fill=MUTED)
    y += 14
    table = state.table
    if table is None:
        board.rect(MARGIN, y, CARD_W, CARD_H, stroke=LINE, radius=8, dashes="6 4")
        board.text(MARGIN + CARD_W + 16, y + 30, _("The table is empty."), size=15, weight="bold")
    else:
        play = table_play(game)
        cards = list(play.cards) if play is not None and play.value == table.value else [None] * table.count
        for number, card in enumerate(cards):
            figure(board, MARGIN + number * (CARD_W + 12), y, table.value, card)
        x = MARGIN + len(cards) * (CARD_W + 12) + 8
        what = _("a single {value}").format(value=table.value) if table.count == 1 else f"{table.count} × {table.value}"
        board.text(x, y + 30, _("To beat: ") + what, size=15, weight="bold")
        board.text(x, y + 52, _("played by {name}").format(name=state.players[table.by]), size=13, fill=MUTED)
        board.text(x, y + 74, _("red: matchsticks added · ↻ turned over"), size=11, fill=MUTED)
    y += CARD_H + 30
    board.text(MARGIN, y, _("Strength, weakest first:"), size=13, weight="bold")
    board.text(MARGIN + 190, y, order_text(state.reversed, state.expansion), size=13)
    y += 20
    if state.reversed:
        board.text(MARGIN, y, _("REVERSED by a revolution (5 cards at once)"), size=13, weight="bold", fill=BAD)
    else:
        board.text(MARGIN, y, _("normal order (5 cards at once reverse it)"), size=12, fill=MUTED)
    y += 16
    for header, x in ((_("player"), MARGIN + 16), (_("cards"), MARGIN + 200), (_("matchsticks"), MARGIN + 300)):
        board.text(x, y + 18, header, size=13, weight="bold", anchor="end" if x > MARGIN + 100 else "start")
    y += 26
    for seat, name in enumerate(state.players):
        to_move = state.turn == seat
        y += 22
        if to_move:
            board.text(MARGIN, y, "▶", size=13, fill=SEAT_FILLS[seat % len(SEAT_FILLS)])
        board.text(MARGIN + 16, y, name, size=14, weight="bold", fill=SEAT_FILLS[seat % len(SEAT_FILLS)])
        board.text(MARGIN + 200, y, state.cards[seat], size=14, anchor="end")
        board.text(MARGIN + 300, y, state.matchsticks[seat], size=14, anchor="end")
        board.text(MARGIN + 320, y, seat_note(state, seat), size=12, fill=MUTED)
    board.height = y + 16
    ranking = ", ".join(f"{name} {state.cards[seat]}" for seat, name in enumerate(state.players))
    description = _("Matchstick Tycoon. {status} Cards left: {cards}.").format(status=status_line(game), cards=ranking)
    title = _("Matchstick Tycoon") + ": " + status_line(game)
    return stacked(title, description, [board, score_sheet(score_table(game), width)])
