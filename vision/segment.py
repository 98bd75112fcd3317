"""Split a rectified card face into ink, red ink, corner index and pips.

Input everywhere is a rectified card: BGR uint8, shape (CARD_H, CARD_W, 3),
portrait (see :mod:`vision.detector`). Masks are uint8 0/255 of shape
(CARD_H, CARD_W). Lengths are pixels of the rectified card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detector import CARD_H, CARD_W

Mask = NDArray[Any]

#: Corner index zone, as fractions of the card width / height.
INDEX_W = 0.2
INDEX_H = 0.37
#: Print is darker than INK_LEVEL x the local paper brightness. (Chosen on the dev
#: photos: 0.66-0.70 read the most cards; 0.62 lost the washed-out pips of glare.)
INK_LEVEL = 0.68

#: Redness (red minus the larger of green and blue, paper = 1) above which pale
#: print in a corner index zone counts as red, when its red is above FAINT_RED_MIN_R
#: (elsewhere redness 0.22, or 0.07 with red 1.35 x the others). Chosen on the faded
#: indices of rdpong_single_7H and vosloo_QH_00 (0.13-0.19); paper noise is < 0.03.
FAINT_RED = 0.1
FAINT_RED_MIN_R = 0.7

#: Yellow or blue picture print is at least this light in its own colour (relative
#: to the paper): black print under a camera's colour cast is "blue" or "yellow" by
#: hue too, but dark (blue-black pips: blue 0.29, red 0.12; the CC0 deck's pictures
#: keep nearly all their tint with this limit, see tests/vision/test_segment.py).
PICTURE_LIGHT = 0.45

#: Border ignored all round (outline error, table seen at the edge), fraction of width.
BORDER = 0.02


@dataclass(frozen=True)
class Ink:
    """Ink masks of a rectified card: ``ink`` (any print), ``red`` (red print), and
    ``tint``: the fraction of the card's middle printed yellow or blue (pictures)."""

    ink: Mask
    red: Mask
    tint: float = 0.0


_S = CARD_W / 200  # lengths below were chosen for a 200 px wide card
_THICK = max(3, round(7 * _S) | 1)  # strokes at least this thick are not "thin lines"
_SMALL = 4  # paper colour is estimated on the card shrunk by this factor


def _ring(h: int, w: int) -> NDArray[np.bool_]:
    """Mask of a ring along the edge of an (h, w) card, 4-9% of the width in from it."""
    ring = np.zeros((h, w), bool)
    a, b = max(1, round(0.04 * w)), max(2, round(0.09 * w))
    ring[a:b, a : w - a] = True
    ring[h - b : h - a, a : w - a] = True
    ring[a : h - a, a:b] = True
    ring[a : h - a, w - b : w - a] = True
    return ring


_PLANE_CACHE: dict[tuple[int, int], tuple[NDArray[np.intp], NDArray[np.float32], NDArray[np.float32]]] = {}


def _plane_basis(h: int, w: int) -> tuple[NDArray[np.intp], NDArray[np.float32], NDArray[np.float32]]:
    """(flat indices of the ring pixels, (n, 3) basis [1, x/w, y/h] of those pixels,
    (h * w, 3) basis of every pixel) for an (h, w) card, cached."""
    key = (h, w)
    if key not in _PLANE_CACHE:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        basis = np.stack([np.ones_like(xx), xx / w, yy / h], axis=2).astype(np.float32)
        basis = basis.reshape(-1, 3)
        ring = np.flatnonzero(_ring(h, w))
        _PLANE_CACHE[key] = (ring, np.ascontiguousarray(basis[ring]), basis)
    return _PLANE_CACHE[key]


def _percentile(v: NDArray[Any], q: float) -> float:
    """``np.percentile(v, q)`` (linear interpolation) of a 1-D array, by partial sorting."""
    pos = q / 100 * (len(v) - 1)
    k = int(pos)
    if k + 1 >= len(v):
        return float(np.max(v))
    part = np.partition(v, (k, k + 1))
    lo, hi = float(part[k]), float(part[k + 1])
    return lo + (pos - k) * (hi - lo)


def _border_plane(f: NDArray[np.float32]) -> NDArray[np.float32]:
    """Paper colour as a plane a + b*x + c*y per channel, fitted to the bright pixels of
    a ring along the card's edge (where there is no print). ``f``: (h, w, 3) float32;
    returns the same shape."""
    h, w = f.shape[:2]
    ring, rbasis, basis = _plane_basis(h, w)
    px = f.reshape(-1, 3)[ring]
    lum = px[:, 0] + px[:, 1] + px[:, 2]
    sel = lum >= _percentile(lum, 40)
    a, y = rbasis[sel].astype(np.float64), px[sel].astype(np.float64)
    coef = np.linalg.solve(a.T @ a, a.T @ y)  # least squares (3, 3); the basis has rank 3
    return np.maximum(basis @ coef.astype(np.float32), 1.0).reshape(h, w, 3)


def paper_colour(card: NDArray[Any]) -> NDArray[np.float32]:
    """Local paper colour of a rectified card, (CARD_H, CARD_W, 3) float32 (BGR, 1..256).

    A closing (grey max then min) wider than any glyph removes the print; inside
    print larger than that (a big ace pip) a plane fitted to the card's edge is
    used instead. Computed on the card shrunk _SMALL times (an area average, rounded
    to whole levels), then enlarged.
    """
    return _paper_and_plane(card)[0]


def _paper_and_plane(
    card: NDArray[Any], card_f: NDArray[np.float32] | None = None
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """(:func:`paper_colour`, the plane fitted to the card's edge), both
    (CARD_H, CARD_W, 3) float32. The closing takes each channel's maximum on its
    own, so near print brighter than the paper in one channel (a red pip on
    bluish paper is redder than it) that channel's paper is overestimated; the
    plane has no such bias and is what colour tests of the middle compare with.
    ``card_f``: the card as float32, if already made."""
    h, w = card.shape[:2]
    sh, sw = h // _SMALL, w // _SMALL
    if card_f is None:
        card_f = card.astype(np.float32)
    # = cv2.resize(card, (sw, sh), interpolation=cv2.INTER_AREA) as floats: OpenCV's
    # area average sums in float for uint8 and float32 alike, and rounds to nearest
    # (even) for uint8; on floats it is a third faster
    f = np.asarray(cv2.resize(card_f, (sw, sh), interpolation=cv2.INTER_AREA), np.float32)
    np.clip(np.rint(f, out=f), 0.0, 255.0, out=f)
    f += 1.0
    paper = cv2.blur(cv2.morphologyEx(f, cv2.MORPH_CLOSE, _CLOSE_KERNEL), (5, 5))
    plane = _border_plane(f)
    # (channel sums written out: numpy's sum over a short last axis is slow)
    inside = paper[..., 0] + paper[..., 1] + paper[..., 2] < 0.75 * (
        plane[..., 0] + plane[..., 1] + plane[..., 2]
    )
    if inside.any():  # (seldom: a big pip)
        np.copyto(paper, plane, where=inside[..., None])
    size = (w, h)
    return (
        np.asarray(cv2.resize(paper, size, interpolation=cv2.INTER_LINEAR), np.float32),
        np.asarray(cv2.resize(plane, size, interpolation=cv2.INTER_LINEAR), np.float32),
    )


_CLOSE_KERNEL = cv2.getStructuringElement(cv2.MORPH_RECT, (round(13 * _S) | 1, round(13 * _S) | 1))

_ZH, _ZW = round(INDEX_H * CARD_H), round(INDEX_W * CARD_W)
_RIM = 2  # pale rim of strong red print, pixels
#: the two corner index zones read (top left, bottom right), each with the zone
#: grown by _RIM towards the card's middle and where the zone lies in it
_INDEX_ZONES = (
    (
        (slice(0, _ZH), slice(0, _ZW)),
        (slice(0, _ZH + _RIM), slice(0, _ZW + _RIM)),
        (slice(0, _ZH), slice(0, _ZW)),
    ),
    (
        (slice(CARD_H - _ZH, None), slice(CARD_W - _ZW, None)),
        (slice(CARD_H - _ZH - _RIM, None), slice(CARD_W - _ZW - _RIM, None)),
        (slice(_RIM, None), slice(_RIM, None)),
    ),
)


_RIM_SQUARE = np.ones((2 * _RIM + 1, 2 * _RIM + 1), np.uint8)


def _add_faint_red(red: NDArray[np.bool_], redness: NDArray[Any], r: NDArray[Any], gb: NDArray[Any]) -> None:
    """Add pale red print in the corner index zones to ``red`` (in place).

    The corner indices are thin strokes, often faded (worn print, a bright vignette
    at the card's edge): there, a fainter red counts too if the red channel stays
    near the paper's (pale red print; dark print under warm light has it low), except
    on the pale rim of strong red print (that would join the index to a pip).
    ``redness`` = r - gb, ``r`` and ``gb`` (max of green and blue) relative to the paper.
    """
    for zone, grown, inner in _INDEX_ZONES:
        faint = redness[zone] > FAINT_RED
        if not faint.any():
            continue  # (black print: nothing more to look at)
        rz = r[zone]
        faint &= (rz > FAINT_RED_MIN_R) & (rz > 1.1 * gb[zone])
        if faint.any():  # (the rim is looked for only where there is faint red)
            near = cv2.dilate(np.ascontiguousarray(red[grown]).view(np.uint8), _RIM_SQUARE)[inner] > 0
            red[zone] |= faint & ~near


#: the card's middle between its index columns (rows, columns of a rectified card), where
#: :attr:`Ink.tint` is measured: a court card's picture
MIDDLE = (
    slice(round(0.12 * CARD_H), CARD_H - round(0.12 * CARD_H)),
    slice(round(INDEX_W * CARD_W), CARD_W - round(INDEX_W * CARD_W)),
)


def ink_masks(card: NDArray[Any]) -> Ink:
    """Segment printed ink on a rectified BGR card (CARD_H, CARD_W, 3).

    Every channel is divided by the local paper colour (:func:`paper_colour`), so
    a shadow, a soft glare or a colour cast across the card does not turn into
    ink. A pixel is ink if it is much darker than the paper or clearly red.
    """
    f = card.astype(np.float32)
    paper, plane = _paper_and_plane(card, f)
    f += 1.0
    n = cv2.divide(f, paper)  # paper ~ 1 in every channel
    # (contiguous copies of the channels: faster than cv2.split on float images)
    b, g, r = (np.ascontiguousarray(n[..., i]) for i in range(3))
    gb = np.maximum(g, b)
    # gray = 0.114 * b + 0.587 * g + 0.299 * r, with one temporary
    gray = b * np.float32(0.114)
    tmp = g * np.float32(0.587)
    gray += tmp
    gray += np.multiply(r, np.float32(0.299), out=tmp)
    redness = r - gb
    # bright red, or dark red (maroon print, dim light): red well above green and blue
    red = ((redness > 0.22) & (r > 0.35)) | ((r > 1.35 * gb) & (redness > 0.07))
    _add_faint_red(red, redness, r, gb)
    ink = gray < INK_LEVEL
    ink |= red
    bw = max(2, round(BORDER * CARD_W))
    ink[:bw, :] = False
    ink[-bw:, :] = False
    ink[:, :bw] = False
    ink[:, -bw:] = False
    ink_u8 = ink.view(np.uint8) * np.uint8(255)
    _drop_thin_lines(ink_u8)
    red_u8 = ink_u8 * red.view(np.uint8)  # ink where red
    # yellow or blue print: only court-card pictures have it
    rows, cols = MIDDLE
    # (the colour against the edge's plane: the local paper is biased near red print)
    mid = cv2.divide(f[rows, cols], plane[rows, cols])
    # yellow and blue print have red and blue apart (yellow: r - b >= min(r, g) - b > 0.12,
    # blue: b - r > 0.12; float subtraction is monotonic and antisymmetric): none, no tint
    if not (np.abs(mid[..., 2] - mid[..., 0]) > 0.12).any():
        return Ink(ink_u8, red_u8, 0.0)
    bb, gg, rr = (np.ascontiguousarray(mid[..., i]) for i in range(3))
    yellow = (np.minimum(rr, gg) - bb > 0.12) & (gg > 0.8 * rr) & (gg > PICTURE_LIGHT)
    blue = (bb - rr > 0.12) & (bb > PICTURE_LIGHT)
    body = (yellow | blue) & (gray[rows, cols] < 0.95) & ~red[rows, cols]
    if not body.any():
        return Ink(ink_u8, red_u8, 0.0)  # (no tint: the opening would leave none)
    # an opening drops the rims of dark print (a pixel half pip, half paper can have
    # a tint): picture print is areas, not 1-2 px rims
    body_u8 = cv2.morphologyEx(body.view(np.uint8), cv2.MORPH_OPEN, _RIM_KERNEL)
    return Ink(ink_u8, red_u8, float(cv2.countNonZero(body_u8)) / body_u8.size)


_RIM_KERNEL = np.ones((3, 3), np.uint8)


_LINE_H = round(0.2 * CARD_W)  # a horizontal line is at least this long
_LINE_V = round(0.2 * CARD_H)  # a vertical one at least this long


def _line_pixels(ink_u8: Mask, length: int, axis: int) -> NDArray[np.bool_]:
    """Pixels of ``ink_u8`` (0/255) on straight runs at least ``length`` long, along
    rows (``axis`` 1, horizontal lines) or columns (``axis`` 0): an opening with a
    line. Rows (columns) are independent, so only those with that much ink are opened
    (columns as rows of the transposed mask: the same opening, without a gather and a
    scatter of strided columns). The opening is its erosion then its dilation, the
    dilation left out where the erosion leaves nothing."""
    out = np.zeros(ink_u8.shape, bool)
    count = cv2.reduce(ink_u8, axis, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    sel = np.flatnonzero(count >= 255 * length)
    if len(sel) == 0:
        return out
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (length, 1))
    eroded = cv2.erode(ink_u8[sel] if axis == 1 else ink_u8.T[sel], k)
    if cv2.countNonZero(eroded) == 0:
        return out
    if axis == 1:
        out[sel] = np.asarray(cv2.dilate(eroded, k)) > 0
    else:
        out.T[sel] = np.asarray(cv2.dilate(eroded, k)) > 0
    return out


_THICK_SQUARE = np.ones((_THICK, _THICK), np.uint8)
_THICK_GROWN = np.ones((_THICK + 2, _THICK + 2), np.uint8)  # _THICK_SQUARE grown by _RIM_KERNEL


def _drop_thin_lines(ink_u8: Mask) -> None:
    """Clear long straight thin lines from ``ink_u8`` (0/255) in place.

    Long straight lines (a court card's picture frame) touch the index glyphs on
    some decks: they are dropped, they are never part of a glyph or pip. Thin:
    what survives a long opening but not a _THICK x _THICK one.
    """
    lines = _line_pixels(ink_u8, _LINE_H, 1)
    lines |= _line_pixels(ink_u8, _LINE_V, 0)
    if not lines.any():
        return
    # the _THICK opening grown by a pixel (_RIM_KERNEL): its dilation and that one in one
    # pass, a box dilated by a box being dilated by their sum (the image a box too)
    thick = cv2.dilate(cv2.erode(ink_u8, _THICK_SQUARE), _THICK_GROWN)
    ink_u8[lines & (np.asarray(thick) == 0)] = 0


@dataclass(frozen=True)
class Component:
    """One connected ink shape: bounding box (x, y, w, h), ``area`` in pixels,
    centroid (cx, cy), ``red`` fraction of its pixels that are red, and ``mask``
    cropped to the bounding box."""

    x: int
    y: int
    w: int
    h: int
    area: int
    cx: float
    cy: float
    red: float
    mask: Mask


def components(ink: Ink, min_area: int = round(12 * _S * _S)) -> list[Component]:
    """Connected components (8-connected) of ``ink.ink`` with at least ``min_area`` pixels."""
    # (the block-based algorithm: same labels, several times faster than the default
    # one for 32-bit labels in some OpenCV builds)
    n, lab, stats, cents = cv2.connectedComponentsWithStatsWithAlgorithm(
        ink.ink, 8, cv2.CV_32S, cv2.CCL_GRANA
    )
    keep = np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] >= min_area) + 1
    if len(keep) == 0:
        return []
    reds = np.bincount(lab[ink.red > 0], minlength=n)
    out = []
    for i, (x, y, w, h, a), (cx, cy), rd in zip(
        keep.tolist(), stats[keep].tolist(), cents[keep].tolist(), reds[keep].tolist(), strict=True
    ):
        # (= (lab[...] == i) as 0/255 in one call)
        out.append(Component(x, y, w, h, a, cx, cy, rd / a, cv2.inRange(lab[y : y + h, x : x + w], i, i)))
    return out


def in_corner(c: Component) -> bool:
    """True if the component's centre is in one of the four corner index zones."""
    fx = c.cx / CARD_W
    fy = c.cy / CARD_H
    return (fx < INDEX_W - 0.03 or fx > 1 - INDEX_W + 0.03) and (
        fy < INDEX_H - 0.06 or fy > 1 - INDEX_H + 0.06
    )


@dataclass(frozen=True)
class IndexParts:
    """The top-left corner index: ``rank`` and ``suit`` cropped glyph masks
    (``suit`` may be None) and ``red`` fraction of the rank glyph's pixels."""

    rank: Mask
    suit: Mask | None
    red: float
    suit_red: float


def index_parts(comps: list[Component]) -> IndexParts | None:
    """Find the rank glyph (topmost shape, pieces at the same height merged, e.g. "10")
    and the suit symbol under it in the top-left index zone. None if there is none."""
    zw, zh = INDEX_W * CARD_W, INDEX_H * CARD_H
    bw = max(2, round(BORDER * CARD_W)) + 1
    # a glyph may touch one edge of a trimmed card, never both at the corner:
    # what does is table seen past a rounded corner
    zone = [
        c
        for c in comps
        if c.cx < zw
        and c.cy < zh
        and c.x + c.w < zw + 8 * _S
        and c.area >= 20 * _S * _S
        and c.h >= 0.035 * CARD_H
        and not (c.x <= bw and c.y <= bw)
    ]
    if not zone:
        return None
    zone.sort(key=lambda c: c.y)
    top = zone[0]
    group = [top]
    for c in zone[1:]:
        overlap = min(top.y + top.h, c.y + c.h) - max(top.y, c.y)
        if overlap > 0.6 * min(top.h, c.h):
            group.append(c)
    x0 = min(c.x for c in group)
    y0 = min(c.y for c in group)
    x1 = max(c.x + c.w for c in group)
    y1 = max(c.y + c.h for c in group)
    if y1 - y0 > 0.2 * CARD_H or x1 - x0 > 0.2 * CARD_W:
        return None
    rank = np.zeros((y1 - y0, x1 - x0), np.uint8)
    red_px = 0.0
    for c in group:
        sub = rank[c.y - y0 : c.y - y0 + c.h, c.x - x0 : c.x - x0 + c.w]
        np.maximum(sub, c.mask, out=sub)
        red_px += c.red * c.area
    red = red_px / max(1, sum(c.area for c in group))
    below = [c for c in zone if c.y >= y1 - 2 and c not in group and c.y < y1 + 0.12 * CARD_H]
    suit = None
    suit_red = 0.0
    if below:
        s = max(below, key=lambda c: c.area)
        suit = s.mask
        suit_red = s.red
    return IndexParts(rank, suit, red, suit_red)


def holes(mask: Mask, min_frac: float = 0.06) -> int:
    """Number of enclosed background regions in a cropped glyph mask that cover at
    least ``min_frac`` of its bounding box (the counter of a Q, A, 6, 8, 9, 0)."""
    h, w = mask.shape
    bg = np.ones((h + 2, w + 2), np.uint8)  # padded with background all round
    bg[1:-1, 1:-1] = (mask == 0).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(bg, connectivity=4)
    # label 0 is the glyph, the component touching the padded border is the outside
    min_area = min_frac * h * w
    count = 0
    for x, y, ww, hh, a in stats[1:n].tolist():
        if x == 0 or y == 0 or x + ww == w + 2 or y + hh == h + 2:
            continue
        if a >= min_area:
            count += 1
    return count


def fill_holes(mask: Mask) -> Mask:
    """``mask`` (uint8 0/255) with every enclosed background region filled; the mask
    itself when it has none."""
    cs, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hier is None or not (hier[0, :, 3] >= 0).any():
        return mask
    out = np.zeros_like(mask)
    for c, h in zip(cs, hier[0], strict=True):
        if h[3] < 0:  # an outer boundary (one at a time: filled together, nested ones cancel)
            cv2.drawContours(out, [c], 0, 255, -1)
    return out


def solidity(mask: Mask) -> float:
    """Area of the largest shape in ``mask`` / area of its convex hull (1.0 = convex)."""
    cs, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not cs:
        return 0.0
    c = max(cs, key=cv2.contourArea)
    hull = cv2.contourArea(cv2.convexHull(c))
    return float(cv2.contourArea(c) / hull) if hull > 0 else 0.0


def filled_and_solidity(mask: Mask) -> tuple[Mask, float]:
    """(:func:`fill_holes`, :func:`solidity`) of ``mask`` from one contour search: its
    outer boundaries, in the same order, are :func:`solidity`'s shapes (their polygons
    have integer vertices, so their areas and hulls' areas are the same exact sums)."""
    cs, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hier is None:
        return mask, 0.0
    outer = [c for c, h in zip(cs, hier[0], strict=True) if h[3] < 0]
    big = max(outer, key=cv2.contourArea)
    hull = cv2.contourArea(cv2.convexHull(big))
    sol = float(cv2.contourArea(big) / hull) if hull > 0 else 0.0
    if len(outer) == len(cs):
        return mask, sol
    out = np.zeros_like(mask)
    for c in outer:  # one at a time: filled together, nested ones cancel
        cv2.drawContours(out, [c], 0, 255, -1)
    return out, sol


def rotate180(card: NDArray[Any]) -> NDArray[Any]:
    """The card turned half a turn (same shape)."""
    return np.ascontiguousarray(card[::-1, ::-1])
