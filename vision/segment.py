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


_PLANE_CACHE: dict[tuple[int, int], tuple[NDArray[np.bool_], NDArray[np.float32]]] = {}


def _plane_basis(h: int, w: int) -> tuple[NDArray[np.bool_], NDArray[np.float32]]:
    """(ring mask, (h, w, 3) basis [1, x/w, y/h]) for an (h, w) card, cached."""
    key = (h, w)
    if key not in _PLANE_CACHE:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        basis = np.stack([np.ones_like(xx), xx / w, yy / h], axis=2).astype(np.float32)
        _PLANE_CACHE[key] = (_ring(h, w), basis)
    return _PLANE_CACHE[key]


def _border_plane(f: NDArray[np.float32]) -> NDArray[np.float32]:
    """Paper colour as a plane a + b*x + c*y per channel, fitted to the bright pixels of
    a ring along the card's edge (where there is no print). ``f``: (h, w, 3) float32;
    returns the same shape."""
    h, w = f.shape[:2]
    ring, basis = _plane_basis(h, w)
    lum = f.sum(axis=2)
    sel = ring & (lum >= np.percentile(lum[ring], 40))
    coef, *_ = np.linalg.lstsq(basis[sel], f[sel], rcond=None)  # (3, 3)
    return np.maximum(basis @ coef.astype(np.float32), 1.0).astype(np.float32)


def paper_colour(card: NDArray[Any]) -> NDArray[np.float32]:
    """Local paper colour of a rectified card, (CARD_H, CARD_W, 3) float32 (BGR, 1..256).

    A closing (grey max then min) wider than any glyph removes the print; inside
    print larger than that (a big ace pip) a plane fitted to the card's edge is
    used instead. Computed on the card shrunk _SMALL times, then enlarged.
    """
    h, w = card.shape[:2]
    small = cv2.resize(card, (w // _SMALL, h // _SMALL), interpolation=cv2.INTER_AREA)
    f = small.astype(np.float32) + 1.0
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (round(13 * _S) | 1, round(13 * _S) | 1))
    paper = cv2.blur(cv2.morphologyEx(f, cv2.MORPH_CLOSE, k), (5, 5))
    plane = _border_plane(f)
    inside = paper.sum(axis=2) < 0.75 * plane.sum(axis=2)
    paper[inside] = plane[inside]
    return np.asarray(cv2.resize(paper, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)


def ink_masks(card: NDArray[Any]) -> Ink:
    """Segment printed ink on a rectified BGR card (CARD_H, CARD_W, 3).

    Every channel is divided by the local paper colour (:func:`paper_colour`), so
    a shadow, a soft glare or a colour cast across the card does not turn into
    ink. A pixel is ink if it is much darker than the paper or clearly red.
    """
    f = card.astype(np.float32) + 1.0
    n = cv2.divide(f, paper_colour(card))  # paper ~ 1 in every channel
    b, g, r = cv2.split(n)
    gb = cv2.max(g, b)
    gray = 0.114 * b + 0.587 * g + 0.299 * r
    redness = r - gb
    # bright red, or dark red (maroon print, dim light): red well above green and blue
    red = ((redness > 0.22) & (r > 0.35)) | ((r > 1.35 * gb) & (redness > 0.07))
    ink = (gray < INK_LEVEL) | red
    bw = max(2, round(BORDER * CARD_W))
    ink[:bw, :] = False
    ink[-bw:, :] = False
    ink[:, :bw] = False
    ink[:, -bw:] = False
    ink_u8 = ink.view(np.uint8) * np.uint8(255)
    # long straight lines (a court card's picture frame) touch the index glyphs
    # on some decks: drop them, they are never part of a glyph or pip
    # (thin: what survives a long opening but not a 7x7 one)
    hk = cv2.getStructuringElement(cv2.MORPH_RECT, (round(0.2 * CARD_W), 1))
    vk = cv2.getStructuringElement(cv2.MORPH_RECT, (1, round(0.2 * CARD_H)))
    sq = np.ones((_THICK, _THICK), np.uint8)
    thick = cv2.dilate(cv2.morphologyEx(ink_u8, cv2.MORPH_OPEN, sq), np.ones((3, 3), np.uint8))
    hlines = np.asarray(cv2.morphologyEx(ink_u8, cv2.MORPH_OPEN, hk))
    vlines = np.asarray(cv2.morphologyEx(ink_u8, cv2.MORPH_OPEN, vk))
    ink_u8[((hlines > 0) | (vlines > 0)) & (np.asarray(thick) == 0)] = 0
    red_u8 = ink_u8.copy()
    red_u8[~red] = 0
    # yellow or blue print: only court-card pictures have it
    yellow = (cv2.min(r, g) - b > 0.12) & (g > 0.8 * r)
    tint = (yellow | (b - r > 0.12)) & (gray < 0.95) & ~red
    m = round(INDEX_W * CARD_W)
    body = tint[round(0.12 * CARD_H) : CARD_H - round(0.12 * CARD_H), m : CARD_W - m]
    return Ink(ink_u8, red_u8, float(body.mean()))


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
    n, lab, stats, cents = cv2.connectedComponentsWithStats(ink.ink, connectivity=8)
    reds = np.bincount(lab[ink.red > 0], minlength=n)
    out = []
    for i in range(1, n):
        x, y, w, h, a = (int(v) for v in stats[i])
        if a < min_area:
            continue
        sub = lab[y : y + h, x : x + w] == i
        out.append(Component(x, y, w, h, a, float(cents[i][0]), float(cents[i][1]),
                             float(reds[i]) / a, sub.view(np.uint8) * np.uint8(255)))
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
    zone = [c for c in comps if c.cx < zw and c.cy < zh and c.x + c.w < zw + 8 * _S
            and c.area >= 20 * _S * _S and c.h >= 0.035 * CARD_H and not (c.x <= bw and c.y <= bw)]
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
    for i in range(1, n):
        x, y, ww, hh, a = (int(v) for v in stats[i])
        if x == 0 or y == 0 or x + ww == w + 2 or y + hh == h + 2:
            continue
        if a >= min_area:
            count += 1
    return count


def rotate180(card: NDArray[Any]) -> NDArray[Any]:
    """The card turned half a turn (same shape)."""
    return np.ascontiguousarray(card[::-1, ::-1])
