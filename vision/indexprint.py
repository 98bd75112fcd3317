"""Which shapes of a rectified card (:mod:`vision.segment` components, card pixels
CARD_W x CARD_H, portrait) are corner-index print rather than pips, beyond the
ordinary index zones (:func:`vision.segment.in_corner`): a "jumbo index" deck prints
its rank up to 0.21 of the card's height and its suit under it, lower and further
in than those zones reach. :func:`vision.classic.read_pips` counts neither as a pip.
"""

from __future__ import annotations

from vision.detector import CARD_H, CARD_W
from vision.segment import Component, in_corner

#: the outer columns of a card that hold index print (:func:`in_index_column`): centres
#: within INDEX_COLUMN_W of a side (fraction of the width; an index's centre lies 0.08-0.13
#: from it, the pips' nearest column 0.25-0.32), within INDEX_COLUMN_H of the top or bottom
INDEX_COLUMN_W = 0.14
INDEX_COLUMN_H = 0.45


def in_index_column(c: Component) -> bool:
    """True if the component's centre lies in an outer column of the card (within
    INDEX_COLUMN_W of a side) within INDEX_COLUMN_H of its top or bottom: index print,
    no pip (the pips' columns lie further in; two cards' pips squeezed into one outline
    lie 0.16 from its side, and are counted, :data:`MANY_PIPS`). A "jumbo index" deck
    prints the suit under a rank up to 0.21 of the card's height, below the ordinary
    index zone (generated lone cards with jumbo indices in held-apart fonts, benchmark
    seed 41000: a 7H's two index hearts counted with its seven pips as a 9, the pale "7"
    read 9 by the template reader: 9H reported)."""
    fx, fy = c.cx / CARD_W, c.cy / CARD_H
    return (fx < INDEX_COLUMN_W or fx > 1 - INDEX_COLUMN_W) and (
        fy < INDEX_COLUMN_H or fy > 1 - INDEX_COLUMN_H
    )


def under_index(c: Component, comps: list[Component]) -> bool:
    """True if ``c`` lies just under a corner index's glyph (towards the card's middle):
    a shape of ``comps`` in a corner index zone (:func:`vision.segment.in_corner`) on its
    side of the card, overlapping it across by half the narrower width or more, ``c`` no
    taller than 1.2 times it nor wider than 1.5 times, the gap between them at most half
    ``c``'s height: the suit of a "jumbo index" deck, printed under a rank up to 0.21 of
    the card's height, out of the ordinary zone, and no pip (generated lone cards with
    jumbo indices in held-apart fonts, hunt seed 4800000, frames 4800009 and 4800041: a
    4D's two index diamonds, 0.15 of the width from its side, counted with its four pips
    as a 6, the template reader reading its "4" as 6: 6D reported)."""
    top = c.cy < CARD_H / 2
    for r in comps:
        if r is c or not in_corner(r) or (r.cy < CARD_H / 2) != top:
            continue
        if c.h > 1.2 * r.h or c.w > 1.5 * r.w:
            continue
        if min(c.x + c.w, r.x + r.w) - max(c.x, r.x) < 0.5 * min(c.w, r.w):
            continue
        gap = c.y - (r.y + r.h) if top else r.y - (c.y + c.h)
        if -0.2 * c.h <= gap <= 0.5 * c.h:
            return True
    return False
