"""Suit shapes of the training glyph banks (soft masks, 0-255, cropped to the ink):
those cut from the CC0 ``@letele/playing-cards`` faces, a few drawn ones of each
suit, and with ``--varied-suits`` many more drawn designs (:func:`varied_suits`).
All randomness comes from the ``numpy.random.Generator`` passed in."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.train.art import FH, FW, SUITS

Mask = NDArray[np.uint8]


def crop_ink(mask: Mask) -> Mask | None:
    """``mask`` cut to the box of its ink (values over 40); None where it has none."""
    ys, xs = np.nonzero(mask > 40)
    if len(xs) == 0:
        return None
    return np.ascontiguousarray(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


def art_suit_shapes(art: dict[str, NDArray[np.uint8]]) -> dict[str, list[Mask]]:
    """Suit shapes (soft masks, 0-255) cut from the CC0 faces: index suits and big pips."""
    out: dict[str, list[Mask]] = {s: [] for s in SUITS}
    for s in SUITS:
        for r in "2345678A":
            face = art[f"{r}{s}"][..., :3]
            ink: Any = (
                255 - face.min(axis=2)
                if s in "SC"
                else np.clip(face[..., 2].astype(np.int16) - face[..., 1], 0, 255).astype(np.uint8)
            )
            ink = np.where(ink > 90, 255, 0).astype(np.uint8)
            n, lab, st, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
            for i in range(1, n):
                x, y, w, h, a = st[i]
                if a < 80 or x < 3 or y < 3 or w > 0.5 * FW:
                    continue
                cy = y + h / 2
                if (x + w / 2 < 0.2 * FW or x + w / 2 > 0.8 * FW) and (cy < 0.15 * FH or cy > 0.85 * FH):
                    continue  # a rank glyph of the corner index
                m = np.where(lab[y : y + h, x : x + w] == i, 255, 0).astype(np.uint8)
                if y > FH / 2:
                    m = np.ascontiguousarray(m[::-1, ::-1])
                out[s].append(m)
    return out


def drawn_suits(rng: np.random.Generator, n: int) -> dict[str, list[Mask]]:
    """Suit shapes drawn from circles and polygons with random proportions (64 px)."""
    out: dict[str, list[Mask]] = {s: [] for s in SUITS}
    for _ in range(n):
        for s in SUITS:
            m = np.zeros((80, 80), np.uint8)
            r = int(rng.integers(13, 19))
            if s == "H":
                cv2.circle(m, (40 - r + 3, 28), r, 255, -1, cv2.LINE_AA)
                cv2.circle(m, (40 + r - 3, 28), r, 255, -1, cv2.LINE_AA)
                tip = int(rng.integers(62, 76))
                pts = np.array([[40 - 2 * r + 4, 32], [40 + 2 * r - 4, 32], [40, tip]], np.int32)
                cv2.fillConvexPoly(m, pts, 255, cv2.LINE_AA)
            elif s == "D":
                w = int(rng.integers(20, 30))
                pts = np.array([[40, 6], [40 + w, 40], [40, 74], [40 - w, 40]], np.int32)
                cv2.fillConvexPoly(m, pts, 255, cv2.LINE_AA)
            elif s == "S":
                cv2.circle(m, (40 - r + 3, 44), r, 255, -1, cv2.LINE_AA)
                cv2.circle(m, (40 + r - 3, 44), r, 255, -1, cv2.LINE_AA)
                pts = np.array([[40 - 2 * r + 4, 40], [40 + 2 * r - 4, 40], [40, 4]], np.int32)
                cv2.fillConvexPoly(m, pts, 255, cv2.LINE_AA)
                cv2.fillConvexPoly(m, np.array([[40, 50], [30, 76], [50, 76]], np.int32), 255)
            else:
                rc = int(rng.integers(11, 15))
                cv2.circle(m, (40, 22), rc, 255, -1, cv2.LINE_AA)
                cv2.circle(m, (40 - rc - 4, 46), rc, 255, -1, cv2.LINE_AA)
                cv2.circle(m, (40 + rc + 4, 46), rc, 255, -1, cv2.LINE_AA)
                cv2.fillConvexPoly(m, np.array([[40, 40], [30, 76], [50, 76]], np.int32), 255)
            c = crop_ink(m)
            if c is not None:
                out[s].append(c)
    return out


#: drawn suit shapes per suit added to each glyph bank with ``--varied-suits``
#: (:func:`varied_suits`): about as many as the CC0 art gives (52 a suit), which
#: otherwise make three quarters of every bank's shapes, all of one design
VARIED_SUITS = 48


def _stem(m: Mask, rng: np.random.Generator, top: int, bottom: int) -> None:
    """A suit's stem from (48, ``top``) down to ``bottom``: a flared triangle, a
    straight bar, or a bar on a foot (the stems of printed clubs and spades)."""
    kind = rng.random()
    if kind < 0.5:
        half = int(rng.integers(4, 14))
        cv2.fillConvexPoly(m, np.array([[48, top], [48 - half, bottom], [48 + half, bottom]], np.int32), 255)
    else:
        half = int(rng.integers(2, 5))
        cv2.rectangle(m, (48 - half, top), (48 + half, bottom), 255, -1)
        if kind < 0.8:
            foot = int(rng.integers(half + 3, half + 12))
            cv2.rectangle(m, (48 - foot, bottom - int(rng.integers(3, 7))), (48 + foot, bottom), 255, -1)


def varied_suits(rng: np.random.Generator, n: int) -> dict[str, list[Mask]]:
    """Suit shapes of ``n`` more designs per suit (soft masks, cropped; drawn on a
    96 px canvas) spread far wider than :func:`drawn_suits`: clubs of three lobes
    touching, overlapping or apart, on long or short, thin or flared stems;
    spades broad or slim, with the lobes low or high; hearts round or long;
    diamonds slim or broad, with straight or hollowed sides. Printed decks draw
    their suits in such ways; the CC0 art gives one design of each."""
    out: dict[str, list[Mask]] = {s: [] for s in SUITS}
    aa = cv2.LINE_AA
    for _ in range(n):
        for s in SUITS:
            m = np.zeros((96, 96), np.uint8)
            if s == "C":
                r = int(rng.integers(9, 17))
                dx = round(r * rng.uniform(0.85, 1.5))
                dy = round(r * rng.uniform(-0.1, 0.5))
                up = round(r * rng.uniform(0.9, 1.5))
                cy = 44
                cv2.circle(m, (48, cy - up), r, 255, -1, aa)
                cv2.circle(m, (48 - dx, cy + dy), r, 255, -1, aa)
                cv2.circle(m, (48 + dx, cy + dy), r, 255, -1, aa)
                reach = max(up, round(float(np.hypot(dx, dy)))) - r + 3  # every lobe touches it
                cv2.circle(m, (48, cy), max(2, reach, round(r * rng.uniform(0.3, 0.8))), 255, -1, aa)
                _stem(m, rng, cy, min(94, cy + dy + r + int(rng.integers(2, 20))))
            elif s == "S":
                r = int(rng.integers(9, 18))
                dx = round(r * rng.uniform(0.6, 1.05))
                cy = int(rng.integers(50, 60))
                tip = max(2, cy - round(r * rng.uniform(1.9, 3.2)))
                cv2.circle(m, (48 - dx, cy), r, 255, -1, aa)
                cv2.circle(m, (48 + dx, cy), r, 255, -1, aa)
                a = rng.uniform(0.55, 0.85)
                w, y = dx + round(a * r), cy - round(0.45 * r)
                cv2.fillConvexPoly(m, np.array([[48 - w, y], [48 + w, y], [48, tip]], np.int32), 255, aa)
                _stem(m, rng, cy, min(94, cy + r + int(rng.integers(2, 16))))
            elif s == "H":
                r = int(rng.integers(10, 19))
                dx = round(r * rng.uniform(0.6, 1.0))
                cy = int(rng.integers(22, 32))
                tip = min(94, cy + round(r * rng.uniform(1.7, 2.9)))
                cv2.circle(m, (48 - dx, cy), r, 255, -1, aa)
                cv2.circle(m, (48 + dx, cy), r, 255, -1, aa)
                a = rng.uniform(0.7, 0.97)
                w, y = dx + round(a * r), cy + round(0.3 * r)
                cv2.fillConvexPoly(m, np.array([[48 - w, y], [48 + w, y], [48, tip]], np.int32), 255, aa)
            else:
                hh = int(rng.integers(32, 46))
                hw = round(hh * rng.uniform(0.5, 0.85))
                k = rng.uniform(0.0, 0.09) if rng.random() < 0.5 else 0.0
                ins = round(k * hw)
                pts = [
                    [48, 48 - hh],
                    [48 + hw // 2 - ins, 48 - hh // 2 + ins],
                    [48 + hw, 48],
                    [48 + hw // 2 - ins, 48 + hh // 2 - ins],
                    [48, 48 + hh],
                    [48 - hw // 2 + ins, 48 + hh // 2 - ins],
                    [48 - hw, 48],
                    [48 - hw // 2 + ins, 48 - hh // 2 + ins],
                ]
                cv2.fillPoly(m, [np.array(pts, np.int32)], 255, aa)
            c = crop_ink(_filled(m))
            if c is not None:
                out[s].append(c)
    return out


def _filled(m: Mask) -> Mask:
    """``m`` with its holes filled: a printed suit is one solid shape, yet lobes
    drawn close enclose pockets of paper between them."""
    reach = np.zeros((m.shape[0] + 2, m.shape[1] + 2), np.uint8)
    paper = np.ascontiguousarray((m < 128).astype(np.uint8))
    cv2.floodFill(paper, reach, (0, 0), 2)
    out: Mask = np.where(paper == 1, 255, m).astype(np.uint8)
    return out
