"""Two cards of a hand lying side by side or partly over each other, their silhouettes
merged into one four-sided outline that passes as one card: the size they are taken
to have (that of the cards read nearest them), when a reading of such an outline
stands (:func:`two_cards`, :func:`counted`), and its split into the two cards
(:func:`split`, by :func:`vision.pairs.halves`).
"""

from __future__ import annotations

from typing import Any

import cv2
from numpy.typing import NDArray

from vision.classic import CardRead
from vision.detector import Quad, order_clockwise
from vision.outlines import card_size
from vision.pairs import halves
from vision.suitshape import COURT_RANKS

#: the size of a card split from an outline of two (:func:`split`) is that of this many
#: cards read nearest it: seen obliquely, cards nearer the camera are larger
NEAR_CARDS = 3


def near_size(q: Quad, read: list[Quad], n: int = NEAR_CARDS) -> tuple[float, float] | None:
    """:func:`vision.outlines.card_size` of the ``n`` outlines of ``read`` whose centres lie
    nearest that of ``q``; None if ``read`` is empty."""
    cx, cy = q.center
    nearest = sorted(read, key=lambda k: (k.center[0] - cx) ** 2 + (k.center[1] - cy) ** 2)[:n]
    return card_size([k.corners for k in nearest])


#: an outline this many times the area of the three other cards read nearest it, less
#: oblong than they are by TWO_CARDS_ASPECT, and shaped like two of them partly over
#: each other (:func:`vision.pairs.halves`), may be two cards: a reading of it that no
#: pip count backs (a court card by its picture, an index alone) is left unread; two
#: cards' pips pass as a picture. Number cards whose pips were counted stand. (The dev
#: close-up jacky_testData_1, an oblique view, has an AS and a 5D of 1.45 times the
#: median area of all the others, 1.0 and 1.1 long to wide against 1.55: measured
#: against all of them, its AS, read by its index alone, was lost.)
TWO_CARDS_AREA = 1.25
TWO_CARDS_ASPECT = 0.1
#: ... or this many times their area, however oblong: two cards side by side make an
#: outline about as oblong as one (generated hold'em frame 1930458, bank seed 1900000:
#: a 6C beside an AC, their outline read AS on the AC's redrawn index by A and B at 1.00)
TWO_CARDS_SIDE_BY_SIDE = 1.6


def counted(r: CardRead) -> bool:
    """True if reading ``r`` is a number card or an ace whose pips, counted, gave its rank
    (learned or template reading). Not for one read by the template reader alone against
    A and B both naming another card on a corner (``details["other_corner"]``, marked by
    :mod:`vision.reader`) where it is an ace (one pip: the least of evidence) or where the
    template reader too read another rank on a corner (``details["index_apart"]``): the
    pips of two cards in one outline then pass as one card's.

    Generated hold'em frame 2830035, bank seed 2800000: an AC and a JC in one outline,
    the AC's lone pip and redrawn index read AS by the templates, A and B both naming JC
    on the other corner at 0.63 and 0.33: AS reported. Frame 91030118, bank seed
    91000000: a 2C over a 4C, one outline, read 4S on the 4C's redrawn "4" (0.55), four
    black pips counted (both cards'), the template reader reading "A" on the other corner
    (0.55), A and B both reading AS there: 4S reported. Any number card so marked would
    have cost a close-up's TD (full size and scaled: marked, no template corner another rank);
    with ``index_apart``, none of the real sets' 56 template readings and none of 468
    right ones in 700 generated frames at 96000000."""
    if r.card[0] in COURT_RANKS or r.details.get("pips") != r.card[0]:
        return False
    marked = bool(r.details.get("other_corner"))
    return not (marked and (r.card[0] == "A" or r.details.get("index_apart")))


def two_cards(q: Quad, others: list[Quad]) -> bool:
    """True if ``q``, an outline read as one card, may be two cards partly over each
    other, their silhouettes merged (see TWO_CARDS_AREA), given the outlines of the
    ``others`` read in the frame. A reading of it that no pip count backs is then not to
    be trusted: the pips of two cards in one warp can pass as a court card's picture
    (generated hold'em frame 800139, bank seed 800000: a 9S half under a TS, their union
    read JS, both classifiers reading a redrawn "10" as J at 0.97-0.99), and one card's
    picture lets an index read alone pass as an ornate ace (frame 1730174, bank seed
    1700000: an AC over a JC, their union read AS by A and B at 1.00 on the AC's
    redrawn index, the JC's picture in the middle)."""
    size = near_size(q, others)
    if size is None:
        return _pair_by_itself(q)
    if q.area < TWO_CARDS_AREA * size[0] * size[1]:
        return False
    squarer = q.upright[1] < size[1] / size[0] - TWO_CARDS_ASPECT
    return (squarer or q.area >= TWO_CARDS_SIDE_BY_SIDE * size[0] * size[1]) and bool(halves(q.corners, size))


#: an outline this square (its longer sides over its shorter ones at most this) may be
#: two cards partly over each other where no other card is read to size it by: a hand of
#: two laid 0.35-0.75 of a width apart makes an outline 1.35-1.75 widths across, 1.4 (a
#: card's length) along; a card alone is 1.4 times as long as wide, seen from above
SQUARE_ALONE = 1.25


def _pair_by_itself(q: Quad) -> bool:
    """:func:`two_cards` where no other card is read to size ``q`` by: ``q`` is as square
    as SQUARE_ALONE or squarer. Generated hold'em frame 12330188, bank seed 12300000: no
    card of the frame read, a KS half under a 9S read JS through their outline by A and B
    on both corners at 0.99-1.00, the KS's picture taken as the card's. (A card alone
    seen from a camera tilted more than about 27 degrees, lying along the view, is that
    square too: a reading of it that no pip count backs is then not reported.)"""
    return q.upright[1] <= SQUARE_ALONE  # the outline's long sides over its short ones


def split(q: Quad, size: tuple[float, float], image: NDArray[Any] | None = None) -> list[Quad]:
    """The two cards of ``size`` of an outline shaped like two of them lying side by side
    or partly over each other (their silhouettes merged into one four-sided outline,
    which passes as one card: :func:`vision.pairs.halves`, both ways where it fits
    both); else none. ``image``: the frame, where the upper card's far side is looked
    for (:func:`vision.pairs.far_side`)."""
    hs = halves(q.corners, size, q.contour, image)
    # cards lying partly over each other (not side by side): either may cover the other
    over = len(hs) > 2 or bool(
        hs
        and cv2.intersectConvexConvex(hs[0].reshape(-1, 1, 2), hs[1].reshape(-1, 1, 2))[0]
        > 0.1 * size[0] * size[1]
    )
    return [Quad(order_clockwise(h), q.fill, whole=False, covered=over) for h in hs]
