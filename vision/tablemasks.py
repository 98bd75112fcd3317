"""Masks of card-like pixels in a frame, for the outline finder (:mod:`vision.detector`).

A card face is bright and nearly colourless paper on a table that is darker or more
saturated (wood, felt, cloth). "Whiteness" (the per-pixel minimum of B, G and R:
high only where all three are high) is thresholded at several levels. On a pale
coloured table (light wood, beige cloth) whiteness hardly parts the cards from the
table: a "colourless" measure (2 min - max) does. On any pale table the paper may
be little whiter than the table, and a threshold high enough to part them breaks a
card along its print: there the distance from the table's own colour (CIELAB, the
table estimated locally; only lighter and not more coloured than the table counts)
is thresholded too, which keeps a card one shape whatever its print. On generated
pile frames (seeds 6000-6099, every face-up card with an index in full view) the
single cards read went from 239 to 269 of 283 with it, 0 wrong; those lying alone
were read on every table but the pale ones before.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray


def whiteness(image: NDArray[Any]) -> NDArray[Any]:
    """Per-pixel minimum of B, G, R: high only on bright colourless pixels. (H, W) uint8."""
    b, g, r = cv2.split(image)
    return np.asarray(cv2.min(cv2.min(b, g), r))


def colourless(image: NDArray[Any]) -> NDArray[Any]:
    """2 x min(B, G, R) - max(B, G, R), clipped to 0..255: white paper stays bright
    (~ its whiteness), a coloured surface such as yellow maple or oak loses about
    twice its colourfulness. (H, W) uint8."""
    return measures(image)[1]


def measures(image: NDArray[Any]) -> tuple[NDArray[Any], NDArray[Any]]:
    """(:func:`whiteness`, :func:`colourless`) of a BGR uint8 image, from one split."""
    b, g, r = cv2.split(image)
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    return np.asarray(lo), np.asarray(cv2.subtract(cv2.add(lo, lo), hi))


def median_u8(a: NDArray[Any], hist: NDArray[Any] | None = None) -> float:
    """``np.median`` of a uint8 array, from its 256-bin histogram (``hist`` if given):
    the middle value, or the mean of the two middle values of an even count."""
    if hist is None:
        hist = cv2.calcHist([a], [0], None, [256], [0, 256]).ravel()
    cum = np.cumsum(hist.astype(np.int64))
    n = int(cum[-1])
    hi = int(np.searchsorted(cum, n // 2 + 1))  # the value at sorted index n // 2
    if n % 2:
        return float(hi)
    lo = int(np.searchsorted(cum, n // 2))  # ... and at n // 2 - 1
    return (lo + hi) / 2


#: a table is "pale and coloured" (wood, beige cloth) when its median whiteness is at
#: least PALE_TABLE and the colourless measure is at least COLOURED_TABLE lower there
PALE_TABLE = 90
COLOURED_TABLE = 25


def threshold_masks(white: NDArray[Any], hist: NDArray[Any] | None = None) -> list[NDArray[Any]]:
    """Binary masks (255 = card-like) of ``white`` at several thresholds (``hist``: its
    256-bin histogram, if already made)."""
    masks = []
    otsu, m = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks.append(m)
    if hist is None:
        hist = cv2.calcHist([white], [0], None, [256], [0, 256]).ravel()
    hist = hist.astype(np.float64)
    cum = np.cumsum(hist) / max(1.0, hist.sum())
    hi = float(np.searchsorted(cum, 0.995))
    levels = np.arange(256, dtype=np.float64)
    mean = float((hist * levels).sum() / max(1.0, hist.sum()))
    std = float(np.sqrt((hist * (levels - mean) ** 2).sum() / max(1.0, hist.sum())))
    for frac in (0.55, 0.75):
        t = otsu + frac * (hi - otsu) if hi > otsu else otsu
        masks.append(cv2.threshold(white, t, 255, cv2.THRESH_BINARY)[1])
    # local threshold: brighter than the surroundings (uneven light, dark photos)
    h, w = white.shape
    k = max(31, (min(h, w) // 4) | 1)
    bg = cv2.blur(white, (k, k))
    spread = max(8.0, std * 0.5)
    loc = cv2.compare(white, cv2.add(bg, np.full_like(bg, min(255, round(spread)))), cv2.CMP_GT)
    masks.append(loc)
    return masks


#: on a pale table, pixels this many times the median distance from the table colour
#: (most pixels are table) or more are "not table" (:func:`table_masks`)
NOT_TABLE_LEVELS = (3.0, 5.0, 8.0)
#: a pixel this much more coloured than the table (CIELAB chroma, OpenCV's 8-bit
#: units) is no paper (a chip, a hand, red print: a hole in the card's shape at most)
NOT_PAPER_CHROMA = 16.0


def table_distance(small: NDArray[Any]) -> NDArray[Any]:
    """How far each pixel is from the local table colour towards paper, (H, W) uint8
    (twice the distance in OpenCV's 8-bit CIELAB, rounded, clipped at 255), of a BGR
    uint8 image at the work scale, lightness counted only where the pixel is lighter
    than the table, and 0 where the pixel is more coloured than the table by
    NOT_PAPER_CHROMA. Paper (lighter, less coloured) stands out; a card's shadow does
    not, so it does not widen the card's outline, nor does a chip or a hand beside it
    (generated frame 1620290 of the hunt at seed 1600000: a 6S and the red chip under
    its corner made one four-sided shape, read QS, when strong colour still counted) (six drawn cards on an
    unevenly lit white cloth: 3 outlines within 5 px when darker pixels counted too,
    all 6 when not; generated pile frames, seeds 6000-6099: cards of tricks read 174
    -> 183).

    The table colour is a median over about a fifth of the image width (cards are a
    minority there), then, at the table pixels that median finds (close to it), their
    local mean: a card or pile does not pull it towards paper.
    """
    h, w = small.shape[:2]
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    c = cv2.resize(lab, (max(1, w // 8), max(1, h // 8)), interpolation=cv2.INTER_AREA)
    cf = c.astype(np.float32)
    bg = cv2.medianBlur(c, 21).astype(np.float32)
    table = (np.sqrt(((cf - bg) ** 2).sum(axis=2)) < 12).astype(np.float32)
    num = cv2.blur(cf * table[..., None], (31, 31))
    den = cv2.blur(table, (31, 31))[..., None]
    bg = np.where(den > 0.05, num / np.maximum(den, 1e-6), bg).astype(np.float32)
    bgw = cv2.resize(bg, (w, h))
    dl, da, db = cv2.split(cv2.subtract(lab, bgw, dtype=cv2.CV_32F))
    dl = np.maximum(dl, np.float32(0))  # darker than the table (print, a shadow) does not count
    # (OpenCV's operations: half the time of the same in NumPy)
    out = np.asarray(cv2.convertScaleAbs(cv2.magnitude(cv2.magnitude(dl, da), db), alpha=2.0), np.uint8)
    _, a, b = cv2.split(lab)
    _, ta, tb = cv2.split(bgw)
    chroma = cv2.magnitude(a.astype(np.float32) - 128, b.astype(np.float32) - 128)
    out[chroma > cv2.magnitude(ta - 128, tb - 128) + NOT_PAPER_CHROMA] = 0
    return out


def table_masks(dist: NDArray[Any]) -> list[NDArray[Any]]:
    """Binary masks (255 = not table) of :func:`table_distance` at NOT_TABLE_LEVELS
    times its median (at least 10)."""
    med = median_u8(dist)
    return [cv2.threshold(dist, max(10.0, f * med), 255, cv2.THRESH_BINARY)[1] for f in NOT_TABLE_LEVELS]


#: the first mask closed by this (work-scale pixels) is a mask too (:func:`card_masks`)
_MEND_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def card_masks(image: NDArray[Any], scale: float) -> tuple[list[NDArray[Any]], set[int]]:
    """(binary masks (255 = card-like) of a BGR uint8 image at ``scale`` (<= 1, the
    work scale), the indices of those whose shapes that are no single card are
    searched for overlapping cards): whiteness at several levels, and on a pale table
    the colourless measure (a coloured one) and the distance from the table colour.
    The first is that of :func:`parted_mask`. The first closed by a 5 x 5 ellipse is
    one too (its shapes that are no card are not searched): at the operating point a
    card's white margin is 2-3 px at the work scale, and a court card's picture frame
    or a large index reaching its edge breaks it, its shape a ring open at one side,
    no outline (generated hold'em frames in held-apart fonts, seeds 800000-800119:
    1183 -> 1189 of 1445 read; generated pile frames, seeds 800040-800119: 467 -> 468
    of 588; 0 wrong; a 7 x 7 ellipse read 1187 of those hold'em cards, a 3 x 3 one 1 more
    than none on seeds 800040-800119, the 5 x 5 one 3; about 2 ms a frame)."""
    b, g, r = cv2.split(image)
    lo = cv2.min(cv2.min(b, g), r)  # :func:`measures`, the colourless one only if needed
    white = lo if scale >= 1 else cv2.resize(lo, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    white = cv2.GaussianBlur(white, (3, 3), 0)
    hist = cv2.calcHist([white], [0], None, [256], [0, 256]).ravel()
    masks = threshold_masks(white, hist)
    # the first closed: a card whose white margin is broken by print reaching its edge
    masks.append(cv2.morphologyEx(masks[0], cv2.MORPH_CLOSE, _MEND_KERNEL))
    first = {0}
    mw = median_u8(white, hist)
    if mw >= PALE_TABLE:
        pale = cv2.subtract(cv2.add(lo, lo), cv2.max(cv2.max(b, g), r))
        if scale < 1:
            pale = cv2.resize(pale, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
        if mw - median_u8(pale) >= COLOURED_TABLE:
            first.add(len(masks))
            masks += threshold_masks(cv2.GaussianBlur(pale, (3, 3), 0))
        sh, sw = white.shape
        small = image if scale >= 1 else cv2.resize(image, (sw, sh), interpolation=cv2.INTER_AREA)
        tm = table_masks(table_distance(small))
        first.update(range(len(masks), len(masks) + len(tm)))
        masks += tm
    return masks, first


def parted_mask(image: NDArray[Any], scale: float, first: NDArray[Any]) -> NDArray[Any]:
    """The first mask of :func:`card_masks` of a BGR uint8 image, ``first``, cut along
    thin dark lines (:func:`edge_lines`): where a card lies on others, it parts from
    them along its edges. (H, W) uint8 at ``scale``, 255 = card-like."""
    return np.asarray(cv2.bitwise_and(first, edge_lines(whiteness(image), first.shape)))


#: a card's edge lying over another card: a dark line at most EDGE_LINE_WIDTH px wide
#: (full resolution), EDGE_LINE_DEPTH whiteness levels darker than beside it
EDGE_LINE_WIDTH = 5
EDGE_LINE_DEPTH = 15


def edge_lines(white: NDArray[Any], shape: tuple[int, ...]) -> NDArray[Any]:
    """A mask (255 = no thin dark line) of ``shape`` (H, W: the work scale) from a
    full-resolution whiteness image:
    where a card lies over another, its edge shows as a thin dark line between two
    bright papers; cut along it, the upper card is a shape of its own."""
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (EDGE_LINE_WIDTH, EDGE_LINE_WIDTH))
    hat = cv2.morphologyEx(white, cv2.MORPH_BLACKHAT, k)
    line = cv2.threshold(hat, EDGE_LINE_DEPTH, 255, cv2.THRESH_BINARY)[1]
    if line.shape != shape[:2]:
        line = cv2.resize(line, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
        line = cv2.threshold(line, 0, 255, cv2.THRESH_BINARY)[1]
    return np.asarray(cv2.bitwise_not(line))
