"""The Builders: Middle Ages as a picture: the face-up rows as cards (what each building needs and gives, what each
worker costs and makes), each player's purse, VP and score, their sites with the workers on them and what each
still needs, their idle workers and what they make, the bank and decks, whose turn and the actions left, and the
score sheet ``score`` prints. Card names as the text table shows them (French, or English with ``--names en``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from referee.builders.describe import ecus_words
from referee.cli.svg import HIGHLIGHT, INK, LINE, MUTED, Picture, text_width
from referee.i18n import _, ngettext

RESOURCE_FILLS = {"stone": "#c9a227", "wood": "#2da44e", "knowledge": "#8c959f", "tile": "#218bff"}
"""The game's resource colours: stone yellow, wood green, knowledge grey, tile blue."""
PLAYER_FILLS = ("#0969da", "#8250df", "#1a7f37", "#bf8700")
CARD_W, CARD_H = 132.0, 96.0


def resources(picture: Picture, x: float, y: float, amounts: Any) -> float:
    """The four resources as coloured numbers (``2 0 1 3``: stone wood knowledge tile); returns the x after them."""
    from referee.builders.cards import RESOURCES

    for amount, name in zip(amounts, RESOURCES, strict=True):
        picture.rect(x, y - 13, 20, 18, fill=RESOURCE_FILLS[name] if amount else "#ffffff", stroke=LINE, radius=4)
        picture.text(
            x + 10, y + 1, amount, size=12, weight="bold", anchor="middle", fill="#ffffff" if amount else MUTED
        )
        x += 23
    return x


def card(picture: Picture, x: float, y: float, card_id: str, marked: bool) -> None:
    """One face-up card: id and name; a building or machine: VP, écus and what it needs; a worker: its wage and
    what it makes."""
    from referee.builders import cards

    found = cards.card(card_id)
    picture.rect(x, y, CARD_W, CARD_H, fill="#f6f8fa", stroke=HIGHLIGHT if marked else LINE, radius=8,
                 stroke_width=3 if marked else 1)  # fmt: skip
    picture.text(x + 8, y + 17, card_id, size=13, weight="bold")
    picture.text(x + CARD_W - 8, y + 17, _(found.kind) if found.kind != "worker" else _(found.name_en), size=10,
                 fill=MUTED, anchor="end")  # fmt: skip
    name = found.name if text_width(found.name, 12) < CARD_W - 14 else found.name[:17] + "…"
    picture.text(x + 8, y + 35, name, size=12)
    if found.is_construction:
        picture.text(x + 8, y + 56, _("{vp} VP · {ecus}").format(vp=found.vp, ecus=ecus_words(found.coins)), size=12)
        resources(picture, x + 8, y + 82, found.requires)
    else:
        picture.text(x + 8, y + 56, _("wage {ecus}").format(ecus=ecus_words(found.cost)), size=12)
        resources(picture, x + 8, y + 82, found.produces)


def picture(game: Any, marked: Collection[str] = ()) -> Picture:
    from referee.builders import cards, still_needed
    from referee.cli.games.builders.room import load_rules, score_table, status_line
    from referee.cli.pictures import MARGIN, score_sheet, stacked
    from referee.cli.svg import wrap

    state = game.state
    width = 2 * MARGIN + 5 * (CARD_W + 10)
    board = Picture(width, 0, _("The Builders: Middle Ages"))
    board.text(MARGIN, 26, _("The Builders: Middle Ages"), size=18, weight="bold")
    y = 34.0
    for line in wrap(status_line(game), 14, width - 2 * MARGIN):
        y += 20
        board.text(MARGIN, y, line, size=14, fill=MUTED)
    if not state.tally:
        for title, row in ((_("face-up buildings"), state.row_buildings), (_("face-up workers"), state.row_workers)):
            if not row:  # a deck run out: its row is empty
                continue
            y += 26
            board.text(MARGIN, y, title, size=14, weight="bold")
            y += 8
            for number, card_id in enumerate(row):
                card(board, MARGIN + number * (CARD_W + 10), y, card_id, card_id in marked)
            y += CARD_H
        y += 24
        board.text(
            MARGIN,
            y,
            _("Bank: {ecus} · decks: {buildings}, {workers}").format(
                ecus=ecus_words(state.bank),
                buildings=ngettext("{n} building", "{n} buildings", len(state.deck_buildings)).format(
                    n=len(state.deck_buildings)
                ),
                workers=ngettext("{n} worker", "{n} workers", len(state.deck_workers)).format(
                    n=len(state.deck_workers)
                ),
            ),
            size=13,
            fill=MUTED,
        )
    outcome = load_rules().outcome(state)
    for seat_index, (name, seat) in enumerate(zip(state.players, state.seats, strict=True)):
        y += 18
        in_turn = not state.over and not state.tally and seat_index == state.current
        top = y
        y += 26
        board.text(MARGIN + 12, y, ("▶ " if in_turn else "") + name, size=16, weight="bold",
                   fill=PLAYER_FILLS[seat_index % len(PLAYER_FILLS)])  # fmt: skip
        board.text(
            width - MARGIN - 12,
            y,
            _("{ecus} · {vp} VP · score now {score}").format(
                ecus=ecus_words(seat.coins), vp=seat.vp, score=outcome.scores[name]
            ),
            size=14,
            anchor="end",
        )
        built = ", ".join(cards.card(c).label for c in seat.built) or "—"
        for line in wrap(_("built: {ids}").format(ids=built), 12, width - 2 * MARGIN - 24):
            y += 18
            board.text(MARGIN + 12, y, line, size=12, fill=MUTED)
        for site, on in seat.sites.items():
            y += 24
            board.text(MARGIN + 12, y, cards.card(site).label, size=13, weight="bold",
                       fill=HIGHLIGHT if site in marked else INK)  # fmt: skip
            x = resources(board, MARGIN + 250, y, still_needed(site, on))
            board.text(x + 6, y, _("still needed; on it: {workers}").format(workers=" ".join(on) or "—"), size=12,
                       fill=MUTED)  # fmt: skip
        if not state.tally:
            y += 24
            board.text(MARGIN + 12, y, _("idle workers:"), size=13, weight="bold")
            x = MARGIN + 130
            for worker in seat.idle or ["—"]:
                if worker == "—":
                    board.text(x, y, "—", size=13, fill=MUTED)
                    break
                if x + 150 > width - MARGIN:
                    y += 24
                    x = MARGIN + 130
                found = cards.card(worker)
                board.text(x, y, worker, size=13, weight="bold", fill=HIGHLIGHT if worker in marked else INK)
                x = resources(board, x + 36, y, found.produces) + 14
        y += 12
        board.rect(MARGIN, top, width - 2 * MARGIN, y - top, stroke=PLAYER_FILLS[seat_index % len(PLAYER_FILLS)],
                   radius=10, stroke_width=3 if in_turn else 1)  # fmt: skip
    y += 10
    board.text(MARGIN, y + 6, _("numbers: stone wood knowledge tile"), size=11, fill=MUTED)
    board.height = y + 16
    scores = ", ".join(f"{name} {points}" for name, points in outcome.scores.items())
    description = _("The Builders: Middle Ages. {status} Scores now: {scores}.").format(
        status=status_line(game), scores=scores
    )
    return stacked(
        _("The Builders: Middle Ages") + f": {scores}", description, [board, score_sheet(score_table(game), width)]
    )
