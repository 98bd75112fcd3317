"""Find card outlines in a BGR image and rectify them.

A card face is a bright, nearly colourless quadrilateral on a table that is darker
or more saturated (wood, felt, cloth). The detector thresholds the per-pixel
minimum of the three channels ("whiteness": high only where all of B, G and R
are high) at several levels, keeps external contours whose convex hull is close
to a quadrilateral with a card's aspect ratio, and fits each side with a line so
that rounded corners do not pull the outline inwards.

All coordinates are image pixels, x to the right and y down, as float32.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

#: Size of a rectified card, (width, height) in pixels, portrait.
CARD_W = 200
CARD_H = 290

#: Long side / short side of the outline accepted as a card (63x88 and 57x89 mm
#: cards are 1.40 and 1.56; perspective stretches or squeezes it a little).
MIN_ASPECT = 1.0
MAX_ASPECT = 3.6

#: Image long side used for finding outlines (speed); outlines are scaled back.
WORK_SIDE = 960

FloatArray = NDArray[np.float32]


@dataclass(frozen=True)
class Quad:
    """A card outline.

    ``corners`` is a (4, 2) float32 array of image pixels (x right, y down) in
    clockwise order starting with the corner nearest the image top-left.
    ``fill`` is contour area / outline area (1.0 for a perfect quadrilateral).
    """

    corners: FloatArray
    fill: float

    @property
    def area(self) -> float:
        """Area of the outline in square pixels."""
        return float(abs(cv2.contourArea(self.corners)))

    @property
    def center(self) -> tuple[float, float]:
        """Centroid (x, y) of the four corners, pixels."""
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])


def order_clockwise(pts: NDArray[np.floating]) -> FloatArray:
    """Order four points clockwise (x right, y down) from the one nearest (0, 0).

    ``pts``: (4, 2) array. Returns a new (4, 2) float32 array.
    """
    p = np.asarray(pts, dtype=np.float32).reshape(4, 2)
    c = p.mean(axis=0)
    ang = np.arctan2(p[:, 1] - c[1], p[:, 0] - c[0])  # y down: increasing = clockwise
    p = p[np.argsort(ang)]
    start = int(np.argmin(p[:, 0] ** 2 + p[:, 1] ** 2))
    return np.roll(p, -start, axis=0)


def _line_intersection(l1: NDArray[np.float64], l2: NDArray[np.float64]) -> NDArray[np.float64]:
    """Intersect two lines given as (vx, vy, x0, y0). Raises ValueError if parallel."""
    vx1, vy1, x1, y1 = l1
    vx2, vy2, x2, y2 = l2
    det = vx1 * (-vy2) - vy1 * (-vx2)
    if abs(det) < 1e-6:
        raise ValueError("parallel lines")
    t = ((x2 - x1) * (-vy2) - (y2 - y1) * (-vx2)) / det
    return np.array([x1 + t * vx1, y1 + t * vy1])


def _refine_quad(approx: NDArray[np.float64], contour: NDArray[np.float64]) -> NDArray[np.float64]:
    """Refit each side of ``approx`` (4, 2) with a line through the contour points near it.

    Points within 15% of a side's length from either end are ignored (rounded
    corners). Returns (4, 2) corners; returns ``approx`` unchanged on failure.
    """
    pts = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        a, b = approx[i], approx[(i + 1) % 4]
        d = b - a
        length = float(np.hypot(*d))
        if length < 4:
            return approx
        u = d / length
        n = np.array([-u[1], u[0]])
        rel = pts - a
        t = rel @ u
        dist = np.abs(rel @ n)
        sel = (t > 0.15 * length) & (t < 0.85 * length) & (dist < max(3.0, 0.04 * length))
        if sel.sum() < 5:
            return approx
        line = cv2.fitLine(pts[sel].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append(line.astype(np.float64))
    out = []
    try:
        for i in range(4):
            out.append(_line_intersection(lines[(i - 1) % 4], lines[i]))
    except ValueError:
        return approx
    res = np.array(out)
    # the refit must stay close to the rough outline
    if np.max(np.hypot(*(res - approx).T)) > 0.2 * np.sqrt(cv2.contourArea(approx.astype(np.float32))):
        return approx
    return res


def _quad_from_contour(contour: NDArray[np.int32], min_area: float) -> tuple[NDArray[np.float64], float] | None:
    """A (4, 2) outline and fill ratio for a card-like contour, else None."""
    area = cv2.contourArea(contour)
    if area < min_area:
        return None
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or area / hull_area < 0.88:
        return None
    peri = cv2.arcLength(hull, True)
    approx = None
    for eps in (0.02, 0.03, 0.045, 0.06):
        a = cv2.approxPolyDP(hull, eps * peri, True)
        if len(a) == 4:
            approx = a.reshape(4, 2).astype(np.float64)
            break
        if len(a) < 4:
            break
    if approx is None:
        return None
    quad = _refine_quad(approx, contour)
    qa = abs(cv2.contourArea(quad.astype(np.float32)))
    if qa <= 0:
        return None
    fill = area / qa
    if fill < 0.85 or fill > 1.1:
        return None
    if not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
        return None
    sides = np.hypot(*(np.roll(quad, -1, axis=0) - quad).T)
    s1 = (sides[0] + sides[2]) / 2
    s2 = (sides[1] + sides[3]) / 2
    aspect = max(s1, s2) / max(1e-6, min(s1, s2))
    if not MIN_ASPECT <= aspect <= MAX_ASPECT:
        return None
    # opposite sides of a card seen from above are roughly equal
    if min(sides[0], sides[2]) / max(sides[0], sides[2]) < 0.6:
        return None
    if min(sides[1], sides[3]) / max(sides[1], sides[3]) < 0.6:
        return None
    return quad, float(fill)


def whiteness(image: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Per-pixel minimum of B, G, R: high only on bright colourless pixels. (H, W) uint8."""
    return np.asarray(cv2.min(cv2.min(image[:, :, 0], image[:, :, 1]), image[:, :, 2]))


def _masks(white: NDArray[np.uint8]) -> list[NDArray[np.uint8]]:
    """Binary masks (255 = card-like) of ``white`` at several thresholds."""
    masks = []
    otsu, m = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks.append(m)
    hi = float(np.percentile(white, 99.5))
    for frac in (0.55, 0.75):
        t = otsu + frac * (hi - otsu) if hi > otsu else otsu
        masks.append(cv2.threshold(white, t, 255, cv2.THRESH_BINARY)[1])
    # local threshold: brighter than the surroundings (uneven light, dark photos)
    h, w = white.shape
    k = max(31, (min(h, w) // 4) | 1)
    bg = cv2.blur(white, (k, k))
    spread = max(8.0, float(np.std(white)) * 0.5)
    loc = cv2.compare(white.astype(np.float32), bg.astype(np.float32) + spread, cv2.CMP_GT)
    masks.append(loc)
    return masks


def find_cards(image: NDArray[np.uint8], min_side_px: float = 24.0) -> list[Quad]:
    """Find card outlines in a BGR uint8 image of shape (H, W, 3).

    ``min_side_px``: shortest card side, in image pixels, still looked for.
    Returns outlines (image pixels) with duplicates (same card at several
    thresholds) merged, largest first. Raises ValueError on a non-BGR array.
    """
    if image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) BGR image, got shape {image.shape}")
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    white = cv2.GaussianBlur(whiteness(small), (3, 3), 0)
    sh, sw = white.shape
    min_area = (min_side_px * scale) ** 2 * 1.3
    max_area = 0.9 * sh * sw
    found: list[Quad] = []
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    for mask in _masks(white):
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        for c in contours:
            if cv2.contourArea(c) > max_area:
                continue
            r = _quad_from_contour(c, min_area)
            if r is None:
                continue
            quad, fill = r
            found.append(Quad(order_clockwise(quad / scale), fill))
    return _dedupe(found)


def _dedupe(quads: list[Quad]) -> list[Quad]:
    """Merge outlines whose centres lie inside each other; keep the best-filled one."""
    quads = sorted(quads, key=lambda q: (-q.area))
    kept: list[Quad] = []
    for q in quads:
        dup = False
        for i, k in enumerate(kept):
            cx, cy = q.center
            kx, ky = k.center
            inside = cv2.pointPolygonTest(k.corners.reshape(-1, 1, 2), (cx, cy), False) >= 0
            inside2 = cv2.pointPolygonTest(q.corners.reshape(-1, 1, 2), (kx, ky), False) >= 0
            if inside or inside2:
                ratio = q.area / max(1.0, k.area)
                if ratio > 0.7:
                    if q.fill > k.fill + 0.02:
                        kept[i] = q
                    dup = True
                    break
                # a much smaller outline inside a card: an inner frame; keep both
                # as alternatives (the reader decides)
        if not dup:
            kept.append(q)
    return kept


def rectify(image: NDArray[np.uint8], corners: NDArray[np.floating]) -> list[NDArray[np.uint8]]:
    """Warp the card with outline ``corners`` (4, 2) to a portrait CARD_W x CARD_H image.

    A card has two portrait orientations 180 degrees apart that look alike; the
    reader handles those. Which of the quad's side pairs is the short one is
    decided by the side lengths; when they are close (strong perspective) both
    90-degree choices are returned. Returns one or two BGR (CARD_H, CARD_W, 3) images.
    """
    p = order_clockwise(np.asarray(corners))
    sides = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
    s_top = (sides[0] + sides[2]) / 2  # p0->p1 and p2->p3
    s_side = (sides[1] + sides[3]) / 2
    dst = np.array([[0, 0], [CARD_W - 1, 0], [CARD_W - 1, CARD_H - 1], [0, CARD_H - 1]], np.float32)
    outs = []
    orders = [p, np.roll(p, -1, axis=0)] if s_top <= s_side else [np.roll(p, -1, axis=0), p]
    ratio = max(s_top, s_side) / max(1e-6, min(s_top, s_side))
    if ratio > 1.25:
        orders = orders[:1]
    for src in orders:
        m = cv2.getPerspectiveTransform(src.astype(np.float32), dst)
        outs.append(cv2.warpPerspective(image, m, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                                        borderMode=cv2.BORDER_REPLICATE))
    return outs
