"""The standard layout of a number card's pips (French-suited decks): how many lie
in the middle column for each count, the rest split evenly left and right in two
straight columns, and the layout the same turned half a turn (but a seven's extra
middle pip).
:func:`vision.classic.read_pips` counts pips as a rank only in this layout.
"""

from __future__ import annotations

from vision.detector import CARD_H, CARD_W
from vision.segment import Component

#: pips in the middle column of a standard French-suited card, by count (2..10)
CENTRE_PIPS = {2: 2, 3: 3, 4: 0, 5: 1, 6: 0, 7: 1, 8: 2, 9: 1, 10: 2}

#: the pips of a side column lie within this fraction of the card's width across
COLUMN_SPREAD = 0.1

#: a pip turned half a turn about the card's middle lies within this fraction of the
#: card's width (across) and height (along) of another pip's centre
MIRROR_TOL = 0.15


def layout_ok(pips: list[Component]) -> bool:
    """True if ``pips`` (2..10 shapes of a rectified card, CARD_W x CARD_H) sit in the
    standard layout for their count: the right number in the middle column (centres
    within 0.1 of the width of the middle), the rest split evenly left and right (two
    merged or lost pips change these counts), each side column's pips in line
    (:func:`_aligned`: hunt frame 113040142, bank seed 113000000, a 7H's seven pips and
    the two suit marks under its pale jumbo "7", outside the corner zones, nine shapes in
    a 9's columns, the marks a fifth of the card's width outside the pips' columns; the
    template reader read the "7" 9 on both corners, A saw no card: 9H reported), and
    every pip turned half a turn about the card's middle onto a pip (:func:`mirrored`)."""
    left, mid, right = _split(pips)
    return (
        len(mid) == CENTRE_PIPS.get(len(pips), -1)
        and len(left) == len(right)
        and all(_aligned(side) for side in (left, right))
        and mirrored(pips)
    )


def _split(pips: list[Component]) -> tuple[list[Component], list[Component], list[Component]]:
    """``pips`` in the card's left side column, its middle column (centres within 0.1 of
    the width of the middle) and its right side column."""
    mid = [c for c in pips if abs(c.cx - CARD_W / 2) < 0.1 * CARD_W]
    left = [c for c in pips if c.cx < CARD_W / 2 - 0.1 * CARD_W]
    right = [c for c in pips if c.cx > CARD_W / 2 + 0.1 * CARD_W]
    return left, mid, right


def _aligned(column: list[Component]) -> bool:
    """True if the centres of a side column's pips lie within COLUMN_SPREAD of the card's
    width across of one another."""
    return not column or max(c.cx for c in column) - min(c.cx for c in column) <= COLUMN_SPREAD * CARD_W


def mirrored(pips: list[Component]) -> bool:
    """True if every pip turned half a turn about the card's middle lies on a pip
    (within MIRROR_TOL; a middle pip on itself), but for seven pips one in the middle
    column: the standard
    layouts of 2-10 look the same either way up, the seven's extra pip aside.

    A pip hidden by something on the card (a chip, a coin) leaves a count that the
    columns may still allow, not this: generated lone card with a jumbo index, hunt
    seed 111000000, frame 111040056: a 3H whose top pip lies under a chip, its jumbo
    "3" read 2 by A and B on both corners, two pips counted in the middle column: 2H
    reported. Nor do pips of other cards seen in a pile outline, counted with the
    card's own, often make it (generated pile frames 1011 and 1047: a 5H and a TH read
    with two diamonds and a club, or a diamond and two clubs, of other cards among
    their "pips"). Chosen on generated frames: at 0.15 the benchmark's generated piles
    and other-font piles (200 frames, seed 1000) lose 4 of 1153 right cards, those
    three and a 2S whose outline is wider than the card; the real sets lose none; at
    0.2 the 3H above would pass (its pips 0.18 of the height off)."""
    unmatched = [
        c
        for c in pips
        if not any(
            abs(o.cx - (CARD_W - 1 - c.cx)) <= MIRROR_TOL * CARD_W
            and abs(o.cy - (CARD_H - 1 - c.cy)) <= MIRROR_TOL * CARD_H
            for o in pips
        )
    ]
    if len(pips) == 7:
        return len(unmatched) <= 1 and all(abs(c.cx - CARD_W / 2) < 0.1 * CARD_W for c in unmatched)
    return not unmatched


def columns(pips: list[Component]) -> tuple[int, int, int]:
    """(left, middle, right): how many of ``pips`` (shapes of a rectified card) lie in each
    column, as :func:`layout_ok` splits them (:func:`_split`)."""
    left, mid, right = _split(pips)
    return len(left), len(mid), len(right)


def over_columns(cols: tuple[int, int, int], n: int) -> bool:
    """True if more pips lie in a column (``cols``: :func:`columns`) than the standard
    layout of ``n`` pips (1, an ace, ..10) has there: CENTRE_PIPS[n] in the middle (an
    ace's one), half the rest in each side column. A card partly covered shows fewer
    pips, never more in a column (an 8 with a middle pip covered shows a 7's layout)."""
    centre = CENTRE_PIPS.get(n, 1)
    side = (n - centre) // 2
    return cols[1] > centre or cols[0] > side or cols[2] > side
