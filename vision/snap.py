"""A card outline moved onto the card's own edges in the image.

An outline estimated from a silhouette of several cards (one of two cards of a hand
lying partly over each other, :mod:`vision.pairs`) is often a few degrees and pixels
off the card it stands for: the silhouette's sides run along both cards where they
are turned from each other. The card's own sides show in the image: where it lies on
the table, the table beyond them; where it lies over another card, a thin dark line
(the card's edge and its shadow) with the lower card's face beyond. Either way the
card's blank margin runs along the inside of each side and it is darker just
outside. :func:`snap` moves each side of the outline to the line near it where that
holds along most of the side.

All coordinates are image pixels, x to the right and y down.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.outlines import line_intersection

#: each side is looked for this far either side of where the outline has it (a
#: fraction of the card's short side) ...
SNAP_SHIFT = 0.15
#: ... and turned up to this many degrees about its middle
SNAP_TURN = 20.0
#: a side is moved only where the image's step across it (the brightness just inside
#: it less that just outside, grey levels) is at least this along the share SNAP_ALONG
#: of the side's middle (SNAP_SPAN of it: its ends are rounded corners)
SNAP_STEP = 18.0
SNAP_ALONG = 0.5
SNAP_SPAN = (0.15, 0.85)
#: a card's sides are square to each other within this many degrees (perspective)
SNAP_SQUARE = 4.0
#: the outline snapped is given up where a side's length changes by more than this
#: share (the sides found are no card's)
SNAP_SIZE = 0.12


def _steps(
    gray: NDArray[Any],
    p0: NDArray[Any],
    p1: NDArray[Any],
    inward: NDArray[Any],
    shifts: NDArray[Any],
    turns: NDArray[Any],
) -> NDArray[np.float64]:
    """The step score (grey levels, see SNAP_STEP) of each line near the side ``p0`` ->
    ``p1`` moved ``shifts`` pixels outwards and turned ``turns`` radians about its middle:
    an array (len(turns), len(shifts)), each the SNAP_ALONG quantile over the side's
    middle of (the darkest of 1-3 px inside less the darkest of 0-2 px outside)."""
    mid = (p0 + p1) / 2
    half = float(np.hypot(*(p1 - p0))) / 2
    u0 = (p1 - p0) / (2 * half)
    n_pts = max(8, int(half * (SNAP_SPAN[1] - SNAP_SPAN[0])))
    ts = np.linspace(2 * SNAP_SPAN[0] - 1, 2 * SNAP_SPAN[1] - 1, n_pts) * half  # along, from the middle
    c, s = np.cos(turns), np.sin(turns)
    u = np.stack([u0[0] * c - u0[1] * s, u0[0] * s + u0[1] * c], axis=1)  # (T, 2)
    n = np.stack([-u[:, 1], u[:, 0]], axis=1)
    n *= -np.sign(n @ inward)[:, None]  # outward
    ks = np.array([-2.0, -1.0, 0.0, 1.0], np.float32)  # across: negative inside
    base = (mid + ts[None, :, None] * u[:, None, :]).astype(np.float32)  # (T, P, 2)
    off = (shifts[:, None] + ks[None, :]).astype(np.float32)  # (S, K)
    nf = n.astype(np.float32)
    # sample points (T, S, K, P)
    mx = base[:, None, None, :, 0] + off[None, :, :, None] * nf[:, None, None, None, 0]
    my = base[:, None, None, :, 1] + off[None, :, :, None] * nf[:, None, None, None, 1]
    g = cv2.remap(
        gray, mx.reshape(-1, n_pts), my.reshape(-1, n_pts), cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    g = g.reshape(len(turns), len(shifts), len(ks), n_pts).astype(np.float32)
    inside = g[:, :, :2].min(axis=2)
    outside = g[:, :, 2:].min(axis=2)
    step = inside - outside  # (T, S, P)
    k = int((1 - SNAP_ALONG) * (n_pts - 1))
    return np.asarray(np.partition(step, k, axis=2)[:, :, k], np.float64)


def _best_line(
    gray: NDArray[Any],
    p0: NDArray[Any],
    p1: NDArray[Any],
    inward: NDArray[Any],
    reach: float,
    turns: NDArray[Any] | None = None,
) -> tuple[NDArray[Any], float] | None:
    """(the line (vx, vy, x0, y0) near the side ``p0`` -> ``p1`` with the highest step
    score, that score) searched within ``reach`` px and SNAP_TURN degrees (or the
    ``turns``, radians, given), coarse then fine; None where no line scores SNAP_STEP."""
    shifts = np.arange(-reach, reach + 0.01, 1.5)
    if turns is None:
        turns = np.radians(np.arange(-SNAP_TURN, SNAP_TURN + 0.01, 2.5))
    sc = _steps(gray, p0, p1, inward, shifts, turns)
    ti, si = np.unravel_index(int(np.argmax(sc)), sc.shape)
    shifts2 = shifts[si] + np.arange(-1.0, 1.01, 0.5)
    turns2 = turns[ti] + np.radians(np.arange(-1.5, 1.51, 0.5))
    sc2 = _steps(gray, p0, p1, inward, shifts2, turns2)
    tj, sj = np.unravel_index(int(np.argmax(sc2)), sc2.shape)
    score = float(sc2[tj, sj])
    if score < SNAP_STEP:
        return None
    mid = (p0 + p1) / 2
    u0 = (p1 - p0) / float(np.hypot(*(p1 - p0)))
    t = turns2[tj]
    u = np.array([u0[0] * np.cos(t) - u0[1] * np.sin(t), u0[0] * np.sin(t) + u0[1] * np.cos(t)])
    n = np.array([u[1], -u[0]])
    if np.dot(n, inward) > 0:
        n = -n
    x0 = mid + shifts2[sj] * n
    return np.array([u[0], u[1], x0[0], x0[1]]), score


def _folded(v: NDArray[Any]) -> float:
    """The direction of vector ``v`` in degrees, folded to [-45, 45) (a card's sides, all
    four, fold to one value)."""
    return float((np.degrees(np.arctan2(v[1], v[0])) + 45) % 90 - 45)


def _apart(a: float, b: float) -> float:
    """Degrees between two folded directions (at most 45)."""
    d = abs(a - b) % 90
    return min(d, 90 - d)


def _consensus(found: list[tuple[NDArray[Any], float] | None]) -> float | None:
    """The folded direction (:func:`_folded`) of the card's sides: the score-weighted
    mean of the largest-scoring set of ``found`` lines within SNAP_SQUARE of each
    other; None if none was found."""
    dirs = [(_folded(f[0][:2]), f[1]) for f in found if f is not None]
    if not dirs:
        return None
    best = max(dirs, key=lambda d: sum(w for a, w in dirs if _apart(a, d[0]) <= SNAP_SQUARE))
    group = [(a, w) for a, w in dirs if _apart(a, best[0]) <= SNAP_SQUARE]
    # unfold round the best one before averaging
    return sum((best[0] + ((a - best[0] + 45) % 90 - 45)) * w for a, w in group) / sum(w for _, w in group)


def _grey_part(
    image: NDArray[Any], pts: NDArray[Any], pad: float
) -> tuple[NDArray[Any], NDArray[np.float64]] | None:
    """(the part of ``image`` round the points ``pts`` (N, 2), ``pad`` px beyond them,
    in grey; its top-left corner (x, y) in the image), or None where it is empty."""
    h, w = image.shape[:2]
    x0, y0 = (max(0, int(v - pad)) for v in pts.min(axis=0))
    x1, y1 = (int(v + pad) + 1 for v in pts.max(axis=0))
    roi = image[y0 : min(h, y1), x0 : min(w, x1)]
    if roi.size == 0:
        return None
    gray = roi if roi.ndim == 2 else cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY)
    return gray, np.array([x0, y0], np.float64)


def snap(outline: NDArray[Any], image: NDArray[Any], short: float) -> NDArray[np.float32] | None:
    """``outline`` (4, 2; any order round it) with its sides moved onto the card's edges
    near it (see the module docstring), or None where no side moved or the sides found
    make no card of about the outline's size (a side changed by more than SNAP_SIZE, or
    not convex). Each side is looked for on its own; then the sides' common direction
    is that of the best-scoring of them about square to each other (within
    SNAP_SQUARE), and a side off it (another card's edge) is looked for again within
    SNAP_SQUARE of it. A side with no edge (lying over a card of the same white) is
    laid parallel to the opposite side, as far from it as in ``outline``, where that
    was found, else keeps its line. ``image``: the frame, BGR or grey uint8; ``short``:
    the cards' short side in pixels (the search's reach)."""
    q = np.asarray(outline, np.float64).reshape(4, 2)
    # only the part of the frame the search reaches, in grey
    pad = SNAP_SHIFT * short + 0.6 * float(np.hypot(*(q[2] - q[0]))) * np.sin(np.radians(SNAP_TURN)) + 4
    part = _grey_part(image, q, pad)
    if part is None:
        return None
    gray, origin = part
    q = q - origin
    centre = q.mean(axis=0)
    sides = [(q[i], q[(i + 1) % 4], centre - (q[i] + q[(i + 1) % 4]) / 2) for i in range(4)]
    found = [_best_line(gray, p0, p1, inward, SNAP_SHIFT * short) for p0, p1, inward in sides]
    common = _consensus(found)
    if common is None:
        return None
    for i, (p0, p1, inward) in enumerate(sides):
        f = found[i]
        if f is not None and _apart(_folded(f[0][:2]), common) <= SNAP_SQUARE:
            continue
        # the turn that brings this side to the common direction, and SNAP_SQUARE about it
        to = (common - _folded(p1 - p0) + 45) % 90 - 45
        turns = np.radians(to + np.arange(-SNAP_SQUARE, SNAP_SQUARE + 0.01, 1.0))
        found[i] = _best_line(gray, p0, p1, inward, SNAP_SHIFT * short, turns)
    lines = []
    for i, (p0, p1, _) in enumerate(sides):
        f, opposite = found[i], found[(i + 2) % 4]
        if f is not None:
            lines.append(f[0])
        elif opposite is not None:
            # parallel to the opposite side, as far from it as the outline had them
            o = opposite[0]
            n = np.array([-o[1], o[0]])
            d = float(np.dot((p0 + p1) / 2 - o[2:], n))
            lines.append(np.array([o[0], o[1], o[2] + d * n[0], o[3] + d * n[1]]))
        else:
            u = (p1 - p0) / float(np.hypot(*(p1 - p0)))
            lines.append(np.array([u[0], u[1], p0[0], p0[1]]))
    try:
        out = np.array([line_intersection(lines[i - 1], lines[i]) for i in range(4)])
    except ValueError:
        return None
    before = np.hypot(*(np.roll(q, -1, axis=0) - q).T)
    after = np.hypot(*(np.roll(out, -1, axis=0) - out).T)
    if (np.abs(after / before - 1) > SNAP_SIZE).any():
        return None
    if not cv2.isContourConvex(out.astype(np.float32).reshape(-1, 1, 2)):
        return None
    return np.asarray(out + origin, np.float32)


#: an index corner is looked for this far from where the outline has it (a fraction
#: of the card's short side) ...
CORNER_REACH = 0.06
#: ... its sides turned up to this many degrees
CORNER_TURN = 6.0
#: the stretches of the two sides at the index corner looked at: from 5% of the
#: side's length along it to 70% (top, the short side) and 50% (the long side): a
#: card in a pile shows its index corner, its sides farther on may lie under others
CORNER_SPANS = ((0.05, 0.7), (0.05, 0.5))


def snap_corner(outline: NDArray[Any], image: NDArray[Any], short: float) -> NDArray[np.float32] | None:
    """``outline`` (4, 2: the index corner first, then along the card's top, as
    :func:`vision.piles.corner_hypotheses` gives them) moved so that its index corner
    and the two sides there lie on the card's edges in ``image`` (BGR or grey uint8),
    its size kept; None where either side shows no edge (a step of SNAP_STEP along half
    of its stretch, CORNER_SPANS) within CORNER_REACH of ``short`` (the cards' short
    side, px) and CORNER_TURN degrees, or the two edges are not square within
    SNAP_SQUARE. A pile's outline is laid along a silhouette of several cards drawn
    at one brightness threshold: its corner lies 2-6 px off the card's, and an index
    crop that far off is read less surely (generated pile frame 1008: an AD at 2.3 px
    read 0.990 by A, on its own corner 0.9994)."""
    q = np.asarray(outline, np.float64).reshape(4, 2)
    tl, tr, bl = q[0], q[1], q[3]
    w, h = float(np.hypot(*(tr - tl))), float(np.hypot(*(bl - tl)))
    if min(w, h) < 1:
        return None
    ux, uy = (tr - tl) / w, (bl - tl) / h
    reach = CORNER_REACH * short
    pad = reach + max(w, h) * np.sin(np.radians(CORNER_TURN)) + 4
    pts = np.array([tl, tl + CORNER_SPANS[0][1] * w * ux, tl + CORNER_SPANS[1][1] * h * uy])
    part = _grey_part(image, pts, pad)
    if part is None:
        return None
    gray, origin = part
    c = tl - origin
    turns = np.radians(np.arange(-CORNER_TURN, CORNER_TURN + 0.01, 1.0))
    (a0, a1), (b0, b1) = CORNER_SPANS
    top = _best_line(gray, c + a0 * w * ux, c + a1 * w * ux, uy, reach, turns)
    side = _best_line(gray, c + b0 * h * uy, c + b1 * h * uy, ux, reach, turns)
    if top is None or side is None or _apart(_folded(top[0][:2]), _folded(side[0][:2])) > SNAP_SQUARE:
        return None
    try:
        corner = line_intersection(top[0], side[0])
    except ValueError:
        return None
    nx = top[0][:2] * np.sign(float(np.dot(top[0][:2], ux)))  # along the top, as ux
    ny = side[0][:2] * np.sign(float(np.dot(side[0][:2], uy)))
    out = np.array([corner, corner + w * nx, corner + w * nx + h * ny, corner + h * ny])
    return np.asarray(out + origin, np.float32)
