"""Corner-index crops of a rectified card, as the learned classifiers see them.

A rectified card (BGR uint8, (CARD_H, CARD_W, 3), portrait, see
:mod:`vision.detector`) carries its index at the top left and, turned half a
turn, at the bottom right. :func:`corner_crops` cuts both, the bottom-right one
turned upright, from a fixed zone (CROP_W x CROP_H of the card, large enough
for the indices of every common deck) and shrinks them to IN_W x IN_H.
:func:`to_blob` divides each crop by its own paper colour (a high percentile
per channel: a colour cast or dim light does not change the input) and makes
the (N, 3, IN_H, IN_W) float32 network input. Training (:mod:`vision.train`)
and the reader both use these two functions, so the crops match exactly.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detector import CARD_H, CARD_W

#: Corner zone cut for the classifiers, fractions of the card width and height.
CROP_W = 0.25
CROP_H = 0.36
#: Network input size (width, height) in pixels.
IN_W = 24
IN_H = 48

_ZW = round(CROP_W * CARD_W)
_ZH = round(CROP_H * CARD_H)

#: How much wider and taller the zones of the second reading of a card left unread are
#: (:mod:`vision.wide`): generated lone cards with jumbo indices in held-apart fonts (40
#: frames at seed 45000, bank seed 5000), classifier A at its 1%-wrong point on crops of
#: the plain zones, read 152, 165, 164 and 168 of 400 at 1.2, 1.3, 1.45 and 1.6 (132
#: without); the larger, the more of the picture or the pips the classifiers see, and
#: the surer their wrong reads (A's 1%-wrong point on such crops 0.9984 at 1.3, 0.9990 at 1.45)
WIDE_ZOOM = 1.3

#: Percentile of each channel taken as the paper's colour in a crop.
PAPER_PERCENTILE = 90


def corner_crops(card: NDArray[Any], both: bool = True, zoom: float = 1.0) -> NDArray[np.uint8]:
    """The top-left and the bottom-right (turned upright) index zones of a rectified
    card, shrunk to (2, IN_H, IN_W, 3) uint8 BGR; ``both`` False: the top-left one
    alone, (1, IN_H, IN_W, 3). ``zoom``: zones that many times as wide and tall (at
    most the whole card), shrunk to the same size: a "jumbo index" larger than the
    zone (:data:`WIDE_ZOOM`, :mod:`vision.wide`)."""
    zh, zw = (_ZH, _ZW) if zoom == 1.0 else (min(CARD_H, round(_ZH * zoom)), min(CARD_W, round(_ZW * zoom)))
    tl = card[:zh, :zw]
    out = np.empty((2 if both else 1, IN_H, IN_W, 3), np.uint8)
    out[0] = cv2.resize(tl, (IN_W, IN_H), interpolation=cv2.INTER_AREA)
    if both:
        br = card[CARD_H - zh :, CARD_W - zw :][::-1, ::-1]
        out[1] = cv2.resize(np.ascontiguousarray(br), (IN_W, IN_H), interpolation=cv2.INTER_AREA)
    return out


def to_blob(crops: NDArray[Any]) -> NDArray[np.float32]:
    """Network input from crops (N, IN_H, IN_W, 3) uint8: (N, 3, IN_H, IN_W) float32,
    each channel divided by its PAPER_PERCENTILE-th percentile in that crop (paper
    ~ 1, ink towards 0), clipped to [0, 1.5], minus 0.5."""
    planes = np.ascontiguousarray(crops.transpose(0, 3, 1, 2))  # (N, 3, IN_H, IN_W) uint8
    n = planes.shape[0]
    flat = planes.reshape(n, 3, -1)
    k = int(PAPER_PERCENTILE / 100 * (flat.shape[2] - 1))
    # (the k-th value of each channel by a sort of the uint8 values: NumPy's radix sort,
    # several times faster than a partition of the floats; the same value)
    paper = np.sort(flat, axis=2, kind="stable")[:, :, k].astype(np.float32)  # (n, 3)
    f = planes.astype(np.float32)
    f /= np.maximum(paper, 8.0)[:, :, None, None]
    np.clip(f, 0.0, 1.5, out=f)
    f -= 0.5
    return f


#: the least height in image pixels of a card read (along its sides from top to
#: bottom, the way it is put upright): the shortest the classifiers were trained on
#: (cards 55 px wide, 1.36 times as tall; vision.train.synth.render) and about half
#: of the operating point's. Below it (a card far away or seen very obliquely: its
#: index a few pixels tall) a club and a spade look alike to every reader, and the
#: thresholds, calibrated on larger cards, say nothing.
MIN_CARD_HEIGHT = 75.0


def card_height(order: NDArray[Any]) -> float:
    """Height in image pixels of a card put upright by ``order`` (4, 2; TL, TR, BR,
    BL): the mean length of its left and right sides."""
    p = np.asarray(order, np.float64).reshape(4, 2)
    return float((np.hypot(*(p[3] - p[0])) + np.hypot(*(p[2] - p[1]))) / 2)


def index_zone(outline: NDArray[Any], at: int = 0) -> NDArray[np.float32]:
    """The zone :func:`corner_crops` cuts (CROP_W of the short side by CROP_H of the long
    side) at corner ``at`` of a card outline (4, 2; image pixels, clockwise), as a
    (4, 2) float32 polygon in image pixels, the corner first."""
    o = np.asarray(outline, np.float32).reshape(4, 2)
    p = o[at]
    a, b = o[(at + 1) % 4] - p, o[(at - 1) % 4] - p
    fa, fb = (CROP_W, CROP_H) if np.hypot(*a) <= np.hypot(*b) else (CROP_H, CROP_W)
    return np.array([p, p + fa * a, p + fa * a + fb * b, p + fb * b], np.float32)


def zone_overlap(a: NDArray[Any], b: NDArray[Any]) -> float:
    """Intersection over union of two convex polygons (4, 2; image pixels), in [0, 1]."""
    pa, pb = np.asarray(a, np.float32), np.asarray(b, np.float32)
    inter, _ = cv2.intersectConvexConvex(pa, pb)
    union = abs(cv2.contourArea(pa)) + abs(cv2.contourArea(pb)) - inter
    return float(inter / union) if union > 0 else 0.0


def zone_in_frame(outline: NDArray[Any], shape: tuple[int, ...], at: int = 0) -> bool:
    """True if the index zone at corner ``at`` of ``outline`` (4, 2; image pixels,
    clockwise; :func:`index_zone`) lies inside an image of ``shape`` (H, W[, C]): an index
    reaching past the frame's edge is cut, the rest of its crop the edge's pixels
    repeated (:func:`vision.detector.warp`). Hunt frame hands 105030235 (bank seed
    105000000): a TD lying at the frame's top edge, its "10" cut to its "0", read QH by A
    and B at a half's corner at 0.99 (suit 0.9998, its diamond half cut)."""
    z = index_zone(outline, at)
    h, w = shape[:2]
    return bool((z >= 0).all() and (z[:, 0] <= w - 1).all() and (z[:, 1] <= h - 1).all())
