"""A set of suit-shaped pips is no picture: where a card's print would pass for a court
card's picture, look for a number card's pips among its shapes.

A picture is told from pips by its shapes (:func:`vision.classic.read_pips`: ink spread
over the middle, its largest shape no filled pip). A number card's pips crowded
together (a deck with jumbo indices lays its ten pips in a narrow middle) can merge in
pairs and, with the index print beside them, pass that test; yet most of them still
stand alone, each clearly its suit's shape and all of one size, which no court card's
picture shows. Generated lone cards with jumbo indices, hunt seed 16500000, frame
16540189: a TC, eight of its clubs alone (club 0.93-0.97, 319-334 px on the rectified
card), two pairs merged, its serif "10" read J by A and B at 0.91 or more: JC reported.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vision.detector import CARD_H, CARD_W
from vision.glyphs import Templates
from vision.segment import Component, filled_and_solidity

#: pip reading (``PipRead.rank``) of such a set: pips that cannot be counted, neither a
#: number card's count nor a picture; no reading path accepts a card on it
CROWDED = "P"

#: this many shapes, each clearly one suit's shape (all the same suit) and of about one size,
#: are a number card's pips: the fewest a "set" of them has (a 4's four; a court card's
#: picture prints its suit symbol once or twice)
PIP_SET = 4
#: a shape is clearly a suit's at this suit template score (the bar of a picture's suit
#: symbol in :func:`vision.classic.read_pips`)
PIP_SET_SCORE = 0.9
#: pips of one card are printed alike: the largest of a set at most this many times the
#: smallest (two merged ones are twice one)
PIP_SET_SPREAD = 1.3
#: a shape of a set covers this share of the card at least (a small index symbol or
#: ornament less) and at most (one pip of an ace is larger, and alone)
PIP_SET_AREA = (0.004, 0.06)


def pip_set(body: list[Component], t: Templates) -> int:
    """The size of the largest set of shapes of ``body`` (shapes of a rectified card's
    middle, not its index print) that are each clearly one suit's shape (score
    PIP_SET_SCORE or more, holes filled, turned in the card's lower half as its pips are
    printed), all of the same suit, the largest at most PIP_SET_SPREAD times the smallest
    in area. 0 where none is."""
    area = CARD_W * CARD_H
    lo, hi = PIP_SET_AREA[0] * area, PIP_SET_AREA[1] * area
    shaped: dict[str, list[int]] = {}
    for c in body:
        if not lo <= c.area <= hi or max(c.w, c.h) > 3 * min(c.w, c.h):
            continue
        filled: Any = filled_and_solidity(c.mask)[0]
        sc = t.suits.scores(filled if c.cy < 0.5 * CARD_H else np.ascontiguousarray(filled[::-1, ::-1]))
        suit = max(sc, key=lambda s: sc[s])
        if sc[suit] >= PIP_SET_SCORE:
            shaped.setdefault(suit, []).append(c.area)
    best = 0
    for areas in shaped.values():
        areas.sort()
        first = 0
        for i, a in enumerate(areas):
            while a > PIP_SET_SPREAD * areas[first]:
                first += 1
            best = max(best, i - first + 1)
    return best


def crowded(body: list[Component], t: Templates) -> bool:
    """True if ``body`` (see :func:`pip_set`) holds a set of PIP_SET or more suit-shaped
    pips of one size: a number card's, not a picture."""
    return pip_set(body, t) >= PIP_SET
