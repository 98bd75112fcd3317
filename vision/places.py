"""Where read cards lie: the last checks of :func:`vision.reader.detect` on the cards
it is about to report, each a :class:`vision.reader.Detection` (``card``, ``confidence``,
``corners`` (4, 2) image pixels). One deck holds each card once, and one index corner
shows one card: a card read in two places, or two cards read through one corner, are
not reported.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import numpy as np
from numpy.typing import NDArray

from vision.outlines import card_size, overlap_share
from vision.piles import SAME_PLACE


class Placed(Protocol):
    """A card read at a place: its label, confidence and outline."""

    @property
    def card(self) -> str: ...

    @property
    def confidence(self) -> float: ...

    @property
    def corners(self) -> NDArray[Any]: ...


D = TypeVar("D", bound=Placed)


#: two cards read whose outlines have corners this close (a fraction of the cards' short
#: side) may be one card's index read through two outlines: neither is reported
SAME_CORNER = 0.12
#: ... and that overlap by this share of the smaller outline
SAME_CORNER_OVERLAP = 0.3


def one_place_per_card(found: list[D]) -> list[D]:
    """``found`` less every card read in two places (outlines overlapping by less than
    :data:`vision.piles.SAME_PLACE` of the smaller): one deck holds each card once, so
    one of the readings is another card's and neither is trusted (generated hold'em
    frame 9330056, bank seed 9300000, read with the models of a training run at seed
    20261206: a JH lying over a TS read JS through the pair's outline, the JH's picture
    and the TS's redrawn "10" read J by A and B at 1.00, the JS itself read where it
    lay). Of readings of one card in one place, the likeliest stays."""
    by_card: dict[str, list[D]] = {}
    for d in found:
        by_card.setdefault(d.card, []).append(d)
    kept: set[int] = set()
    for same in by_card.values():
        pairs = ((a, b) for i, a in enumerate(same) for b in same[i + 1 :])  # none for a card read once
        if not any(overlap_share(a.corners, b.corners) < SAME_PLACE for a, b in pairs):
            kept.add(id(max(same, key=lambda d: d.confidence)))
    return [d for d in found if id(d) in kept]


def one_card_per_corner(found: list[D]) -> list[D]:
    """``found`` less every card whose outline has a corner within SAME_CORNER of the
    cards' short side (:func:`vision.outlines.card_size` of all of them) of a corner of
    another card's outline, the two overlapping by SAME_CORNER_OVERLAP: one index
    corner read as two cards through two outlines (generated hold'em frame 2530282,
    bank seed 2500000: an AC lying over a KH read AC by its own outline, and AS, by A
    and B at 1.00, by an outline of the pair's upper part turned a quarter, its corner
    on the AC's index corner; before the pair's split was fitted, AS alone was
    reported). Cards side by side may touch at a corner: they do not overlap."""
    if len(found) < 2:
        return found
    size = card_size([d.corners for d in found])
    if size is None:
        return found
    pts = np.stack([d.corners for d in found])  # (n, 4, 2)
    diff = pts[:, None, :, None, :] - pts[None, :, None, :, :]  # (n, n, 4, 4, 2)
    gap = np.hypot(diff[..., 0], diff[..., 1])
    near = (gap.min(axis=(2, 3)) < SAME_CORNER * size[0]) & ~np.eye(len(found), dtype=bool)
    for i, j in zip(*np.nonzero(near), strict=True):  # cards side by side may touch at a corner
        near[i, j] = overlap_share(pts[i], pts[j]) > SAME_CORNER_OVERLAP
    return [d for i, d in enumerate(found) if not near[i].any()]
