"""Two cards lying side by side or partly over each other, as a hand of two is laid
down, whose silhouettes merged into one four-sided outline: that outline passes as
one card. :func:`halves` splits it into the two cards, one at each end, as long as
the outline; :func:`fit_half` fits each to the outline's contour (a hand's cards are
often turned a little from each other). The reader (:mod:`vision.reader`) reads them
by its rules for cards that may lie partly under another.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.outlines import line_intersection

#: an outline this many times a card's short side across, and about a card's long side
#: the other way, may be two cards lying side by side or partly over each other (their
#: silhouettes merged), as a hand of two is laid down. From 1.5 across, generated hold'em
#: frames (a hand's upper card 0.35-0.75 of a width over the lower, seeds 7000-7039)
#: read 83 of 153 lower and 114 of 151 upper cards; from 1.2, with both ways tried where
#: the outline is about square and the lower card's corners read, 109 and 129 (0 wrong;
#: with the reader's rules for outlines of two cards, :mod:`vision.reader`)
PAIR_ACROSS = (1.2, 2.3)
PAIR_ALONG = (0.85, 1.2)


def halves(
    corners: NDArray[Any],
    size: tuple[float, float],
    contour: NDArray[Any] | None = None,
    image: NDArray[Any] | None = None,
) -> list[NDArray[np.float32]]:
    """The two card outlines (4, 2 each) of an outline ``corners`` (4, 2) that looks like
    two cards of ``size`` (short, long) pixels lying side by side or partly over each
    other, their silhouettes merged into one four-sided outline (PAIR_ACROSS card
    widths across, PAIR_ALONG card lengths along): a card laid at each end of the long
    sides, as long as the outline and as wide as that makes a card of ``size``'s
    proportions (the cards may overlap, so the halves are not cut at the middle). Where
    the outline fits both ways (about square: cards overlapping by half or more), four
    outlines, the way nearer a card's length along first. Empty when it does not look
    like such a pair. ``contour``: the outline's contour ((N, 2) image pixels), each
    card fitted to it (:func:`fit_half`). ``image``: the frame (BGR or grey uint8), where the
    cut of a half is moved onto its card's far side where that shows
    (:func:`far_side`; not where both halves find such a side: in cards overlapping
    by less than 15% of a width, the lower card's half finds the upper card's edge
    with its own blank margin inside it, as the upper card's half does)."""
    p = np.asarray(corners, np.float64).reshape(4, 2)
    short, long_ = size
    d = [float(np.hypot(*(p[(i + 1) % 4] - p[i]))) for i in range(4)]
    fits = []
    for k in (0, 1):  # k: the sides p[k] -> p[k+1] and p[k+3] -> p[k+2] run across both cards
        across, along = (d[k] + d[k + 2]) / 2, (d[k + 1] + d[(k + 3) % 4]) / 2
        if (
            PAIR_ACROSS[0] * short <= across <= PAIR_ACROSS[1] * short
            and PAIR_ALONG[0] * long_ <= along <= PAIR_ALONG[1] * long_
        ):
            fits.append((abs(along / long_ - 1), k))
    out = []
    for _, k in sorted(fits):  # both ways may fit (cards overlapping): the nearer a card's length first
        a, b, c, e = p[k], p[(k + 1) % 4], p[(k + 2) % 4], p[(k + 3) % 4]
        u1, u2 = (b - a) / d[k], (c - e) / d[(k + 2) % 4]
        # the cards' width in proportion to the outline's own length (both cards of a
        # hand are as long as it): the cards read nearest it may lie nearer the camera
        w = short * (d[(k + 1) % 4] + d[(k + 3) % 4]) / 2 / long_
        ends = (np.array([a, a + u1 * w, e + u2 * w, e]), np.array([b, b - u1 * w, c - u2 * w, c]))
        # each [the end's two corners first and last, the cut between]
        fitted = [
            h.astype(np.float32) if contour is None else fit_half(h, contour, long_ / short) for h in ends
        ]
        sides = [None, None] if image is None else [far_side(f, image) for f in fitted]
        if None in sides:  # both: one card's edge seen from both ends, whose is unknown
            fitted = [f if s is None else cut_at(f, s) for f, s in zip(fitted, sides, strict=True)]
        out += [fitted[0], fitted[1][[1, 0, 3, 2]]]
    return out


def _side_line(pts: NDArray[Any], p0: NDArray[Any], p1: NDArray[Any], t0: float, t1: float) -> NDArray[Any]:
    """The line (vx, vy, x0, y0) fitted to the points of ``pts`` (N, 2) near the segment
    ``p0`` -> ``p1`` between fractions ``t0`` and ``t1`` of its length from ``p0``; the
    segment's own line where fewer than 5 points are there."""
    d = p1 - p0
    length = float(np.hypot(*d))
    u = d / length
    rel = pts - p0
    t = rel @ u
    dist = np.abs(rel @ np.array([-u[1], u[0]]))
    sel = (t > t0 * length) & (t < t1 * length) & (dist < max(3.0, 0.04 * length))
    if sel.sum() < 5:
        return np.array([u[0], u[1], p0[0], p0[1]])
    line = cv2.fitLine(pts[sel].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
    return np.asarray(line.ravel(), np.float64)


#: the two sides of a card fitted by :func:`fit_half` may differ in direction by at most
#: this many degrees (perspective); more, and one of them ran along another card (in a
#: pile; generated pile frame 21000 in held-apart fonts lost a 2D to such a fit). With
#: the fit, generated hold'em frames (seeds 7000-7039, the CC0 art) read 117 of 144
#: upper cards of hands (101 cut by the outline's sides alone), 104 of 142 lower ones (102)
FIT_SIDES_APART = 8.0


def fit_half(half: NDArray[Any], contour: NDArray[Any], aspect: float) -> NDArray[np.float32]:
    """A card outline (4, 2) from ``half``, one of :func:`halves`' outlines [a, b, c, e]
    (a-e the end of the pair's outline, a-b and e-c along its sides, b-c the cut
    through it), fitted to ``contour`` ((N, 2) image pixels, the pair's outline): the
    end refitted to the contour points along it, each side to those along its half
    nearer the end (the other half may run inside the other card), the cut moved to
    where a card of the end's length and ``aspect`` (long / short) ends, parallel to
    the end: a hand's cards turned from each other make a pair's sides run along both.
    ``half`` unchanged if the fit fails, gives sides more than FIT_SIDES_APART degrees
    apart, or moves a corner by more than a fifth of the card's width."""
    h = np.asarray(half, np.float64).reshape(4, 2)
    a, b, c, e = h
    pts = np.asarray(contour, np.float64).reshape(-1, 2)
    end = _side_line(pts, e, a, 0.15, 0.85)
    top, bottom = _side_line(pts, a, b, 0.08, 0.45), _side_line(pts, e, c, 0.08, 0.45)
    try:
        a2, e2 = line_intersection(end, top), line_intersection(end, bottom)
    except ValueError:  # a side about parallel to the end
        return np.asarray(half, np.float32)
    length = float(np.hypot(*(a2 - e2)))
    n = np.array([-(a2 - e2)[1], (a2 - e2)[0]]) / max(length, 1e-6)
    if np.dot(h.mean(axis=0) - a2, n) < 0:
        n = -n
    w = length / aspect
    if abs(float(top[0] * bottom[1] - top[1] * bottom[0])) > np.sin(np.radians(FIT_SIDES_APART)):
        return np.asarray(half, np.float32)  # sides not of one card: another card's edge in one
    out = [a2]
    for p0, line in ((a2, top), (e2, bottom)):
        v = line[:2] * (1.0 if np.dot(line[:2], n) > 0 else -1.0)
        along = float(np.dot(v, n))
        if along < 0.5:  # a side nearly along the end: no card
            return np.asarray(half, np.float32)
        out.append(p0 + v * (w / along))
    res = np.array([a2, out[1], out[2], e2])
    if np.hypot(*(res - h).T).max() > 0.2 * w:
        return np.asarray(half, np.float32)
    return res.astype(np.float32)


#: the cut of a half (:func:`fit_half`) is looked for this far (a fraction of the card's
#: width) either side of where a card of the end's length ends
CUT_SEARCH = 0.15
#: ... as a dark line (a card's edge lying over the other card) this many grey levels
#: darker than the card's face either side of it, along most of the cut
CUT_LINE_DEPTH = 12.0
#: ... with a blank margin along its inside: a band this share of the width wide, at
#: most CUT_INK_SHARE of it CUT_INK grey levels darker than the band's white
CUT_MARGIN = 0.07
CUT_INK = 40.0
CUT_INK_SHARE = 0.02


def _axes(half: NDArray[Any]) -> tuple[NDArray[Any], float, NDArray[Any], NDArray[Any]] | None:
    """(unit normal of the end pointing into the half, the cut's distance from the end,
    side a->b, side e->c) of ``half`` [a, b, c, e]; None if it is degenerate (an end
    under 10 px, a side running less than half along the normal)."""
    a, b, c, e = np.asarray(half, np.float64).reshape(4, 2)
    length = float(np.hypot(*(e - a)))
    if length < 10:
        return None
    n = np.array([-(e - a)[1], (e - a)[0]]) / length
    mid = (b + c) / 2
    if np.dot(mid - a, n) < 0:
        n = -n
    top, bottom = b - a, c - e
    if np.dot(top, n) < 0.5 * np.hypot(*top) or np.dot(bottom, n) < 0.5 * np.hypot(*bottom):
        return None
    return n, float(np.dot(mid - a, n)), top, bottom


def cut_at(half: NDArray[Any], s: float) -> NDArray[np.float32]:
    """``half`` [a, b, c, e] with its cut moved to ``s`` pixels from the end (along its
    sides, parallel to the end); unchanged if degenerate (:func:`_axes`)."""
    ax = _axes(half)
    if ax is None:
        return np.asarray(half, np.float32)
    n, _, top, bottom = ax
    a, _, _, e = np.asarray(half, np.float64).reshape(4, 2)
    b2 = a + top * (s / float(np.dot(top, n)))
    c2 = e + bottom * (s / float(np.dot(bottom, n)))
    return np.array([a, b2, c2, e], np.float32)


def far_side(half: NDArray[Any], image: NDArray[Any]) -> float | None:
    """The distance (pixels, from the end) of the far side of the card of ``half``
    ([a, b, c, e] as :func:`fit_half` gives it: a-e the end, b-c the cut) where it
    shows in ``image`` ((H, W, 3) BGR or (H, W) grey, uint8; only the points looked at
    are turned grey), else None. Of two cards lying partly over each
    other, the upper card's far side lies over the lower card: a thin dark line (a
    card's edge) parallel to the end, within CUT_SEARCH of a card's width of where a
    card of the end's length and the cards' proportions ends (the cut as laid), with
    the card's blank margin inside it (at most CUT_INK_SHARE of a band CUT_MARGIN of
    the width wide darker than its white by CUT_INK). The line is the offset (whole
    pixels) whose median brightness along the cut's middle 70% is lowest below the
    brighter of the two lines 3 px either side, by CUT_LINE_DEPTH or more. The lower
    card's far side lies under the other card: None, unless the upper card's edge
    lies within reach with the lower card's margin inside it (:func:`halves`)."""
    ax = _axes(half)
    if ax is None:
        return None
    n, w, _, _ = ax
    a, _, _, e = np.asarray(half, np.float64).reshape(4, 2)
    offsets = np.arange(int((1 - CUT_SEARCH) * w) - 3, int((1 + CUT_SEARCH) * w) + 4, dtype=np.float64)
    ts = np.linspace(0.15, 0.85, max(8, int(0.35 * float(np.hypot(*(e - a))))))
    # points (offsets, ts): a + t * (e - a) + s * n
    pts = a + ts[None, :, None] * (e - a) + offsets[:, None, None] * n
    mx, my = pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32)
    g = cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    if g.ndim == 3:
        g = cv2.cvtColor(g, cv2.COLOR_BGR2GRAY)
    profile = np.median(g.astype(np.float32), axis=1)  # one value per offset
    depth = np.minimum(profile[:-6], profile[6:]) - profile[3:-3]  # at offsets[3:-3]
    k = int(np.argmax(depth))
    if depth[k] < CUT_LINE_DEPTH:
        return None
    # the card's own margin runs blank along the inside of its edge (the lower card's
    # face inside the upper card's edge seldom does)
    band = g[max(0, k + 3 - int(CUT_MARGIN * w)) : k + 1, len(ts) // 5 : len(ts) - len(ts) // 5]
    if band.size == 0 or float((band < float(np.percentile(band, 90)) - CUT_INK).mean()) > CUT_INK_SHARE:
        return None
    return float(offsets[k + 3])
