"""Split a rectified card face into ink, red ink, corner index and pips.

Input everywhere is a rectified card: BGR uint8, shape (CARD_H, CARD_W, 3),
portrait (see :mod:`vision.detector`). Masks are uint8 0/255 of shape
(CARD_H, CARD_W). Lengths are pixels of the rectified card.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detector import CARD_H, CARD_W

Mask = NDArray[np.uint8]

#: Corner index zone, as fractions of the card width / height.
INDEX_W = 0.2
INDEX_H = 0.31
#: Border ignored all round (outline error, table seen at the edge), fraction of width.
BORDER = 0.03


@dataclass(frozen=True)
class Ink:
    """Ink masks of a rectified card: ``ink`` (any print), ``red`` (red print)."""

    ink: Mask
    red: Mask


def ink_masks(card: NDArray[np.uint8]) -> Ink:
    """Segment printed ink on a rectified BGR card.

    The paper's brightness is estimated locally (a grey closing larger than any
    glyph), so a shadow or a soft glare across the card does not turn into ink.
    A pixel is ink if it is much darker than the local paper or strongly red.
    """
    f = card.astype(np.float32) + 1.0
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (41, 41))
    paper = cv2.morphologyEx(f, cv2.MORPH_CLOSE, k)
    paper = cv2.blur(paper, (21, 21))
    n = np.clip(f / paper, 0.0, 1.5)  # paper ~ 1 in every channel
    b, g, r = n[:, :, 0], n[:, :, 1], n[:, :, 2]
    gray = 0.114 * b + 0.587 * g + 0.299 * r
    redness = r - np.maximum(g, b)
    red = (redness > 0.22) & (r > 0.35)
    dark = gray < 0.62
    ink = dark | red
    bw = max(2, round(BORDER * CARD_W))
    ink[:bw, :] = False
    ink[-bw:, :] = False
    ink[:, :bw] = False
    ink[:, -bw:] = False
    red = red & ink
    return Ink((ink * 255).astype(np.uint8), (red * 255).astype(np.uint8))


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


def components(ink: Ink, min_area: int = 12) -> list[Component]:
    """Connected components (8-connected) of ``ink.ink`` with at least ``min_area`` pixels."""
    n, lab, stats, cents = cv2.connectedComponentsWithStats(ink.ink, connectivity=8)
    out = []
    for i in range(1, n):
        x, y, w, h, a = (int(v) for v in stats[i])
        if a < min_area:
            continue
        sub = lab[y : y + h, x : x + w] == i
        redfrac = float((ink.red[y : y + h, x : x + w][sub] > 0).mean())
        out.append(Component(x, y, w, h, a, float(cents[i][0]), float(cents[i][1]), redfrac,
                             (sub * 255).astype(np.uint8)))
    return out


def in_corner(c: Component) -> bool:
    """True if the component's centre is in one of the four corner index zones."""
    fx = c.cx / CARD_W
    fy = c.cy / CARD_H
    return (fx < INDEX_W - 0.03 or fx > 1 - INDEX_W + 0.03) and (
        fy < INDEX_H - 0.03 or fy > 1 - INDEX_H + 0.03
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
    zone = [c for c in comps if c.cx < zw and c.cy < zh and c.x + c.w < zw + 8 and c.area >= 20
            and c.h >= 0.035 * CARD_H]
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
    if y1 - y0 > 0.16 * CARD_H or x1 - x0 > 0.2 * CARD_W:
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


def rotate180(card: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The card turned half a turn (same shape)."""
    return np.ascontiguousarray(card[::-1, ::-1])
