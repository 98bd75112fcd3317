"""Card outlines fitted to contours (:mod:`vision.detector`'s helpers): the crossing of
two fitted lines, an outline's sides refitted to the contour points along them, the
outlines already handled, and the outlines of cards inside a blob of overlapping cards
(their visible corners, :func:`quads_in_blob`).

All coordinates are pixels, x to the right and y down.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

#: Blobs of overlapping cards searched for card outlines: up to this many times the
#: area of the cards found alone, with at most MAX_BLOB_VERTICES corners (outline
#: simplified), giving at most MAX_BLOB_QUADS outlines. A trick of four slightly
#: overlapping cards is about four card areas, its outline up to about 30 corners:
#: with 3.5 areas, 16 corners and 4 outlines, cards of tricks read in generated pile
#: frames (seeds 6000-6099) were 183 of 256, with these 196 (0 wrong; generated piles
#: in fonts neither classifier saw, 100 frames: 421 -> 443 of 704).
MAX_BLOB_AREAS = 6.0
MAX_BLOB_VERTICES = 32
MAX_BLOB_QUADS = 8


def line_intersection(l1: NDArray[Any], l2: NDArray[Any]) -> NDArray[Any]:
    """The point (2,) where two lines given as (vx, vy, x0, y0) cross. Raises ValueError
    if they are about parallel."""
    vx1, vy1, x1, y1 = l1
    vx2, vy2, x2, y2 = l2
    det = vx1 * (-vy2) - vy1 * (-vx2)
    if abs(det) < 1e-6:
        raise ValueError("parallel lines")
    t = ((x2 - x1) * (-vy2) - (y2 - y1) * (-vx2)) / det
    return np.array([x1 + t * vx1, y1 + t * vy1])


def _crossing(l1: list[float], l2: list[float]) -> tuple[float, float] | None:
    """:func:`line_intersection` of two lines of float64 values, in Python floats (the
    same double arithmetic without NumPy's scalar overhead); None where about parallel."""
    vx1, vy1, x1, y1 = l1
    vx2, vy2, x2, y2 = l2
    det = vx1 * (-vy2) - vy1 * (-vx2)
    if abs(det) < 1e-6:
        return None
    t = ((x2 - x1) * (-vy2) - (y2 - y1) * (-vx2)) / det
    return x1 + t * vx1, y1 + t * vy1


_NEXT = np.array([1, 2, 3, 0])  # each corner's next
_TURN = np.array([-1.0, 1.0])


def refine_quad(approx: NDArray[Any], contour: NDArray[Any], partial: bool = False) -> NDArray[Any]:
    """Refit each side of ``approx`` (4, 2) with a line through the contour points near it.

    Points within 15% of a side's length from either end are ignored (rounded
    corners). With ``partial`` a side with too few points (hidden under another
    card) keeps its rough line instead of failing. Returns (4, 2) corners;
    returns ``approx`` unchanged on failure.
    """
    pts = contour.reshape(-1, 2).astype(np.float64)
    # the four sides at once (stacked products: the same numbers as side by side)
    d = approx[_NEXT] - approx
    length = np.hypot(d[:, 0], d[:, 1])
    if (length < 4).any():
        return approx
    u = d / length[:, None]
    n = u[:, ::-1] * _TURN.astype(u.dtype, copy=False)  # (-uy, ux): sign changes only
    # (4, N, 2): each point less each corner (x, y after x, y: one long row per corner)
    rel = (pts.reshape(1, -1) - np.tile(approx, (1, len(pts)))).reshape(4, -1, 2)
    t = (rel @ u[:, :, None])[..., 0]
    dist = np.abs((rel @ n[:, :, None])[..., 0])
    sel = (
        (t > 0.15 * length[:, None])
        & (t < 0.85 * length[:, None])
        & (dist < np.maximum(3.0, 0.04 * length)[:, None])
    )
    enough = sel.sum(axis=1) >= 5
    if not partial and not enough.all():
        return approx
    pts32 = pts.astype(np.float32)
    lines: list[list[float]] = []
    for i in range(4):
        if not enough[i]:
            lines.append([float(u[i, 0]), float(u[i, 1]), float(approx[i, 0]), float(approx[i, 1])])
            continue
        line = cv2.fitLine(pts32[sel[i]], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append(line.tolist())  # float32 to Python floats: the float64 values
    out = [_crossing(lines[(i - 1) % 4], lines[i]) for i in range(4)]
    if None in out:
        return approx
    res = np.array(out)
    # the refit must stay close to the rough outline
    if np.max(np.hypot(*(res - approx).T)) > 0.2 * np.sqrt(cv2.contourArea(approx.astype(np.float32))):
        return approx
    return res


class SeenOutlines:
    """Rough outlines (4, 2) already handled, in one array: "is there one within
    ``tol`` px (every coordinate) of this one" is one vectorised test."""

    def __init__(self) -> None:
        self._keys = np.empty((32, 4, 2), np.float64)
        self._n = 0

    def near(self, key: NDArray[Any], tol: float) -> bool:
        """True if an outline within ``tol`` px of ``key`` (4, 2) was added."""
        if self._n == 0:
            return False
        return bool((np.abs(self._keys[: self._n] - key).max(axis=(1, 2)) <= tol).any())

    def add(self, key: NDArray[Any]) -> None:
        """Remember the outline ``key`` (4, 2)."""
        if self._n == len(self._keys):
            self._keys = np.concatenate([self._keys, np.empty_like(self._keys)])
        self._keys[self._n] = key
        self._n += 1


def card_size(quads: list[NDArray[Any]]) -> tuple[float, float] | None:
    """(short side, long side) in image pixels: the medians over card outlines
    ``quads`` (each (4, 2)); None without any."""
    if not quads:
        return None
    # all outlines at once (the same operations per outline as one at a time)
    p = np.array([np.asarray(q, np.float64).reshape(4, 2) for q in quads])
    d = p[:, [1, 2, 3, 0]] - p
    s = np.hypot(d[..., 0], d[..., 1])
    a, b = (s[:, 0] + s[:, 2]) / 2, (s[:, 1] + s[:, 3]) / 2
    return _median(np.minimum(a, b).tolist()), _median(np.maximum(a, b).tolist())


def _median(v: list[float]) -> float:
    """``np.median`` of a non-empty list of numbers (no NaN): the middle value, or the
    mean of the two middle ones, without NumPy's overhead on a short list."""
    s = sorted(v)
    m = len(s) // 2
    return float(s[m]) if len(s) % 2 else (s[m - 1] + s[m]) / 2


def overlap_share(a: NDArray[Any], b: NDArray[Any]) -> float:
    """The area where convex outlines ``a`` and ``b`` ((4, 2) each, pixels) overlap, as a
    share of the smaller one's area (0 where either has none)."""
    pa, pb = (np.asarray(x, np.float32).reshape(-1, 1, 2) for x in (a, b))
    smaller = min(abs(cv2.contourArea(pa)), abs(cv2.contourArea(pb)))
    return float(cv2.intersectConvexConvex(pa, pb)[0]) / smaller if smaller > 0 else 0.0


def quads_in_blob(
    contour: NDArray[Any],
    mask: NDArray[Any],
    min_area: float,
    seen: SeenOutlines,
    card: tuple[float, float] | None = None,
) -> list[tuple[NDArray[Any], bool]]:
    """Card outlines inside a blob of overlapping cards (work-scale pixels), each with
    whether it was completed from one side (below).

    The blob's outline is simplified to a polygon. Wherever two long sides meet
    at a near right angle with a card's length ratio, the corner and its two
    neighbours are three corners of a card; the fourth (hidden under or over
    the other card) completes the parallelogram. With ``card``, the (short, long)
    sides of the cards found alone: where one side at such a corner is a whole
    side of such a card (within FULL_SIDE) and the other shorter (the rest of it
    hidden under another card, or another card's edge running on from it), the
    card is completed to that size (after the three-corner outlines; the benchmark's
    generated piles read 101 -> 107 of 137 with it, in held-apart fonts 444 -> 462 of
    704, 0 wrong, and 1050 frames of hunts at seeds 3100000 and 3200000 gave no wrong
    card of it). A candidate
    is kept if the blob covers >= 93% of it. Each outline is refitted to the
    contour points along its visible sides. The reader decides whether anything is
    readable.
    """
    area = cv2.contourArea(contour)
    if area < 2 * min_area:
        return []
    hull_area = cv2.contourArea(cv2.convexHull(contour))
    if hull_area <= 0 or not 0.5 <= area / hull_area < 0.97:
        return []
    peri = cv2.arcLength(contour, True)
    poly = cv2.approxPolyDP(contour, 0.01 * peri, True).reshape(-1, 2).astype(np.float64)
    n = len(poly)
    if not 5 <= n <= MAX_BLOB_VERTICES:
        return []
    x, y, w, h = cv2.boundingRect(contour)
    filled = np.zeros((h, w), np.uint8)  # the blob with its holes (pips) filled
    cv2.drawContours(filled, [contour], -1, 1, -1, offset=(-x, -y))
    roi = filled > 0
    min_side = 0.6 * float(np.sqrt(min_area))
    out: list[tuple[NDArray[Any], bool]] = []
    completed: list[tuple[NDArray[Any], bool]] = []
    for i in range(n):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
        ab, cb = a - b, c - b
        la, lc = float(np.hypot(*ab)), float(np.hypot(*cb))
        if min(la, lc) < min_side:
            continue
        cos = float(np.dot(ab, cb) / (la * lc))
        if abs(cos) > 0.42:  # not within 65-115 degrees
            continue
        tries = []
        if 1.15 <= max(la, lc) / min(la, lc) <= 1.9:
            tries.append((np.array([a, b, c, a + c - b]), out, False))
        # (a card's length ratio may also be a whole side and part of the other)
        done = completed_outline(a, b, c, la, lc, card)
        if done is not None:
            tries.append((done, completed, True))
        for quad, into, part in tries:
            qmask = np.zeros((h, w), np.uint8)
            cv2.fillConvexPoly(qmask, np.round(quad - [x, y]).astype(np.int32), 1)
            inside = qmask > 0
            if inside.sum() == 0 or (roi & inside).sum() / inside.sum() < 0.93:
                continue
            quad = refine_quad(quad, contour, partial=True)
            # the hidden corner again from the three refitted visible ones
            quad[3] = quad[0] + quad[2] - quad[1]
            key = quad[np.argsort(quad[:, 0] + 3 * quad[:, 1])]
            if seen.near(key, 3):
                continue
            seen.add(key)
            into.append((quad, part))
    return out + completed


#: a side seen at a corner of a blob is a whole side of a card when within this
#: fraction of the cards' own (:func:`quads_in_blob`)
FULL_SIDE = 0.12
#: ... and the other side at that corner, shorter, shows at least this fraction of its card side
PART_SIDE = 0.4


def completed_outline(
    a: NDArray[Any], b: NDArray[Any], c: NDArray[Any], la: float, lc: float, card: tuple[float, float] | None
) -> NDArray[Any] | None:
    """The card outline [a', b, c', d] (4, 2) at corner ``b`` of a blob's polygon whose
    sides run to ``a`` and ``c`` (lengths ``la``, ``lc``), when one of them is a whole
    side of a card of ``card`` (short, long) and the other is shorter than its side
    but at least PART_SIDE of it: that side lengthened to the card's; else None."""
    if card is None:
        return None
    short, long_ = card
    for whole, part in ((long_, short), (short, long_)):
        for l1, l2 in ((la, lc), (lc, la)):
            if abs(l1 - whole) <= FULL_SIDE * whole and PART_SIDE * part <= l2 < (1 - FULL_SIDE) * part:
                ua, uc = (a - b) / la, (c - b) / lc
                la2, lc2 = (whole, part) if l1 == la else (part, whole)
                a2, c2 = b + ua * la2, b + uc * lc2
                return np.array([a2, b, c2, a2 + c2 - b])
    return None
