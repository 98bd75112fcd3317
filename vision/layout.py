"""The standard layout of a number card's pips (French-suited decks): how many lie
in the middle column for each count, the rest split evenly left and right.
:func:`vision.classic.read_pips` counts pips as a rank only in this layout.
"""

from __future__ import annotations

from vision.detector import CARD_W
from vision.segment import Component

#: pips in the middle column of a standard French-suited card, by count (2..10)
CENTRE_PIPS = {2: 2, 3: 3, 4: 0, 5: 1, 6: 0, 7: 1, 8: 2, 9: 1, 10: 2}


def layout_ok(pips: list[Component]) -> bool:
    """True if ``pips`` (2..10 shapes of a rectified card, CARD_W x CARD_H) sit in the
    standard layout for their count: the right number in the middle column (centres
    within 0.1 of the width of the middle), the rest split evenly left and right (two
    merged or lost pips change these counts)."""
    n = len(pips)
    mid = [c for c in pips if abs(c.cx - CARD_W / 2) < 0.1 * CARD_W]
    left = [c for c in pips if c.cx < CARD_W / 2 - 0.1 * CARD_W]
    right = [c for c in pips if c.cx > CARD_W / 2 + 0.1 * CARD_W]
    return len(mid) == CENTRE_PIPS.get(n, -1) and len(left) == len(right)
