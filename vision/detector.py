"""Find card outlines in a BGR image and rectify them.

A card face is a bright, nearly colourless quadrilateral on a table that is darker
or more saturated (wood, felt, cloth). The detector thresholds the per-pixel
minimum of the three channels ("whiteness": high only where all of B, G and R
are high) at several levels, keeps external contours whose convex hull is close
to a quadrilateral (any aspect ratio up to MAX_ASPECT: oblique views squash
cards), and fits each side with a line so that rounded corners do not pull the
outline inwards. Overlapping cards form one blob; there, cards are found from
their visible corners (:func:`vision.outlines.quads_in_blob`). Every outline is only a
candidate: the reader reports nothing it cannot read.

On a pale table (wood, beige or white cloth) the paper may be little whiter than
the table: there the distance from the table's own colour (CIELAB, the table
estimated locally) is thresholded too, which keeps a card with its print one shape.

Limits: a card about the colour of the table gives no contrast; a card whose four
corners are all hidden is not found.

All coordinates are image pixels, x to the right and y down, as float32.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.outlines import (
    MAX_BLOB_AREAS,
    MAX_BLOB_QUADS,
    SeenOutlines,
    card_size,
    quads_in_blob,
    refine_quad,
)
from vision.tablemasks import card_masks, parted_mask

#: Size of a rectified card, (width, height) in pixels, portrait.
CARD_W = 150
CARD_H = 218

#: Long side / short side of the outline accepted as a card (63x88 and 57x89 mm
#: cards are 1.40 and 1.56; perspective stretches or squeezes it a little).
MIN_ASPECT = 1.0
MAX_ASPECT = 3.6

#: Image long side used for finding outlines (speed); outlines are scaled back.
WORK_SIDE = 800

FloatArray = NDArray[np.float32]


@dataclass(frozen=True)
class Quad:
    """A card outline.

    ``corners`` is a (4, 2) float32 array of image pixels (x right, y down) in
    clockwise order starting with the corner nearest the image top-left.
    ``fill`` is contour area / outline area (1.0 for a perfect quadrilateral).
    ``whole``: False for an outline completed from three corners visible in a blob
    of overlapping cards (the card's middle may lie under another card), or one of
    two halves of an outline (:mod:`vision.reader`). ``middle_seen``: False for an
    outline grown to a card's size (:mod:`vision.reader`), whose grown part may show
    another card: the template reader alone, whose check is the pips, reports no
    court card from it, nor a card where a classifier names another on a corner.
    ``covered``: True for one of two cards split from an outline of both lying partly
    over each other (:mod:`vision.reader`), or for an outline completed to a card's
    size from one whole side in a blob of overlapping cards
    (:func:`vision.outlines.quads_in_blob`): part of it may lie under another card,
    whose pips and index then show in it, and the template reader alone reports
    nothing from it.
    ``guessed``: True for an outline moved onto edges looked for near another
    (:func:`vision.snap.snap`), no shape found: no card is read on it by an index alone,
    nor by the template reader alone.
    ``contour``: the contour ((N, 2) float32 image pixels) the outline was fitted to,
    for an outline found whole by :func:`find_card_groups` (else None): an outline of
    two cards is split along it (:func:`vision.pairs.fit_half`).
    ``area``, ``center`` and ``upright`` are computed once (the corners are not to be changed).
    """

    corners: FloatArray
    fill: float
    whole: bool = True
    middle_seen: bool = True
    covered: bool = False
    contour: FloatArray | None = field(default=None, compare=False, repr=False)
    guessed: bool = False

    @cached_property
    def area(self) -> float:
        """Area of the outline in square pixels."""
        return float(abs(cv2.contourArea(self.corners)))

    @cached_property
    def center(self) -> tuple[float, float]:
        """Centroid (x, y) of the four corners, pixels."""
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])

    @cached_property
    def upright(self) -> tuple[list[FloatArray], float]:
        """:func:`upright_orders` of the corners, computed once."""
        return upright_orders(self.corners)


#: the four corners' indices starting from each (np.roll of four rows, by indexing: same values, faster)
_FROM = [[(s + i) % 4 for i in range(4)] for s in range(4)]


def order_clockwise(pts: NDArray[Any]) -> FloatArray:
    """Order four points clockwise (x right, y down) from the one nearest (0, 0).

    ``pts``: (4, 2) array. Returns a new (4, 2) float32 array.
    """
    p = np.asarray(pts, dtype=np.float32).reshape(4, 2)
    c = (p[0] + p[1] + p[2] + p[3]) / 4  # = p.mean(axis=0), bit for bit, without its overhead
    ang = np.arctan2(p[:, 1] - c[1], p[:, 0] - c[0])  # y down: increasing = clockwise
    p = p[np.argsort(ang)]
    start = int(np.argmin(p[:, 0] ** 2 + p[:, 1] ** 2))
    return p[_FROM[start]]  # = np.roll(p, -start, axis=0), without its overhead


def _quad_from_contour(
    contour: NDArray[Any], min_area: float, seen: SeenOutlines | None = None
) -> tuple[NDArray[Any], float] | None:
    """A (4, 2) outline and fill ratio for a card-like contour, else None.

    ``seen``: rough outlines already handled (same contour at another
    threshold); a contour whose rough outline is within 2 px of one of them is
    skipped (None). The rough outline is appended to ``seen``.
    """
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
    if seen is not None:
        key = approx[np.argsort(approx[:, 0] + 3 * approx[:, 1])]
        if seen.near(key, 2):
            return None
        seen.add(key)
    quad = refine_quad(approx, contour)
    quad32 = quad.astype(np.float32)
    qa = abs(cv2.contourArea(quad32))
    if qa <= 0:
        return None
    fill = area / qa
    if fill < 0.85 or fill > 1.1:
        return None
    if not cv2.isContourConvex(quad32.reshape(-1, 1, 2)):
        return None
    sides = np.hypot(*(quad[_FROM[1]] - quad).T).tolist()  # (Python floats: the same doubles)
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


def find_cards(image: NDArray[Any], min_side_px: float = 24.0) -> list[Quad]:
    """Find card outlines in a BGR uint8 image of shape (H, W, 3): the largest
    outline of each group of :func:`find_card_groups`. Raises ValueError on a non-BGR array."""
    return [g[0] for g in find_card_groups(image, min_side_px)]


def find_card_groups(
    image: NDArray[Any], min_side_px: float = 24.0, blobs_out: list[NDArray[Any]] | None = None
) -> list[list[Quad]]:
    """Find card outlines in a BGR uint8 image of shape (H, W, 3).

    ``min_side_px``: shortest card side, in image pixels, still looked for.
    ``blobs_out``: if given, receives the contours ((N, 2) float32 image pixels)
    that are no single card (overlapping cards; :mod:`vision.piles` looks at their
    corners).
    Every shape of each mask counts, also one lying in a hole of another: a pale
    table round a dark mat, or a printed ring or lines on the mat, make one bright
    shape with the mat as its hole, and the cards lie in that hole (generated
    hold'em frames in held-apart fonts, seeds 31000-31039: 342 -> 353 of 487 read
    when they were found too; frame 31029, a beige table round a green mat, 2 -> 10).
    Returns groups of alternative outlines (image pixels) of the same card, as
    found at several thresholds, largest first. Raises ValueError on a non-BGR array.
    """
    if image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) BGR image, got shape {image.shape}")
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    masks, first = card_masks(image, scale)
    sh, sw = masks[0].shape
    min_area = (min_side_px * scale) ** 2 * 1.3
    max_area = 0.9 * sh * sw
    found: list[Quad] = []
    seen = SeenOutlines()
    blobs: list[tuple[NDArray[Any], NDArray[Any]]] = []
    largest = 0.0  # the largest shape of the first mask, work-scale px^2
    for k, mask in enumerate(masks):
        mask, contours = _shapes(mask, max_area)
        for c in contours:
            r = _quad_from_contour(c, min_area, seen)
            if k == 0:
                largest = max(largest, cv2.contourArea(c))
            if r is None:
                if k in first:
                    blobs.append((c, mask))
                elif blobs_out is not None:
                    blobs_out.append(c.reshape(-1, 2).astype(np.float32) / scale)
                continue
            quad, fill = r
            contour = c.reshape(-1, 2).astype(np.float32) / scale
            found.append(Quad(order_clockwise(quad / scale), fill, contour=contour))
    # overlapping cards make one blob: look for their corners, in blobs the size of
    # two to six cards like those found alone (any size if none was)
    areas = sorted(q.area * scale * scale for q in found)
    ref = areas[len(areas) // 2] if areas else None
    if blobs_out is not None:
        blobs_out.extend(c.reshape(-1, 2).astype(np.float32) / scale for c, _ in blobs)
    card = card_size([q.corners * scale for q in found])
    for c, mask in blobs:
        a = cv2.contourArea(c)
        if ref is not None and not 1.2 * ref <= a <= MAX_BLOB_AREAS * ref:
            continue
        if ref is None and a > 0.25 * sh * sw:
            continue
        for quad, part in quads_in_blob(c, mask, min_area, seen, card)[:MAX_BLOB_QUADS]:
            # completed from one side: the rest may lie under another card
            found.append(Quad(order_clockwise(quad / scale), 1.0, whole=False, covered=part))
    # a card lying on others is in a shape of several cards on the mask the cut one is of
    # (four-sided or not): none there, no card to part
    if card is not None and largest >= 1.2 * card[0] * card[1]:
        cut = parted_mask(image, scale, masks[0])
        found += _parted(cut, max_area, min_area, seen, card, scale, blobs_out)
    return _group(found)


_KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))


def _shapes(mask: NDArray[Any], max_area: float) -> tuple[NDArray[Any], list[NDArray[Any]]]:
    """(``mask`` opened by a 3 x 3 ellipse, the outer boundaries of its shapes at any
    depth (holes skipped: print inside a card; the table inside a pale frame) of at
    most ``max_area``)."""
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _KERNEL)
    contours, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    outer = (hier[0][:, 3] < 0).tolist() if hier is not None else []  # no parent
    return mask, [c for c, o in zip(contours, outer, strict=True) if o and cv2.contourArea(c) <= max_area]


def _parted(
    mask: NDArray[Any],
    max_area: float,
    min_area: float,
    seen: SeenOutlines,
    card: tuple[float, float],
    scale: float,
    blobs_out: list[NDArray[Any]] | None = None,
) -> list[Quad]:
    """Outlines (image pixels) on ``mask`` cut along cards' edges
    (:func:`vision.tablemasks.parted_mask`): a card lying on others, parted from them
    along its edges, none of its sides on their silhouette. Only those of the cards'
    size ``card`` (short, long; work-scale pixels; :func:`_card_sized`): a card partly
    under another parts from it along the upper card's edge, a smaller shape. Looked
    for last, so that an outline found here does not hide one from the blob search
    (``seen``). Their shapes that are no card go to ``blobs_out`` (the pile corners'
    search, :mod:`vision.piles`: a corner of a card parted from others shows there).
    Generated pile frames in held-apart fonts (the benchmark's 100): 461 -> 472 of 704
    read, 0 wrong. Looked for only where the first mask has a shape of 1.2 cards or more
    (cards lying apart: the edge lines cost ~4 ms a frame and the cut mask's shapes as
    much again)."""
    out = []
    for c in _shapes(mask, max_area)[1]:
        r = _quad_from_contour(c, min_area, seen)
        if r is None and blobs_out is not None:
            blobs_out.append(c.reshape(-1, 2).astype(np.float32) / scale)
        if r is not None and _card_sized(r[0], card):
            contour = c.reshape(-1, 2).astype(np.float32) / scale
            out.append(Quad(order_clockwise(r[0] / scale), r[1], contour=contour))
    return out


#: an outline found only on the mask cut along cards' edges is a card's where both its
#: sides are within this fraction of those of the cards found otherwise (a card partly
#: under another parts from it along the upper card's edge: a smaller shape)
PARTED_SIZE = 0.08


def _card_sized(corners: NDArray[Any], card: tuple[float, float]) -> bool:
    """True if the outline ``corners`` (4, 2) has both sides within PARTED_SIZE of
    ``card`` (short, long; same pixels)."""
    size = card_size([corners])
    assert size is not None
    return all(abs(x / y - 1) <= PARTED_SIZE for x, y in zip(size, card, strict=True))


def _group(quads: list[Quad]) -> list[list[Quad]]:
    """Group outlines of the same card (found at several thresholds).

    Two outlines are the same card when the centre of one lies inside the other
    and their areas differ by less than a factor 2. Each group lists its
    outlines largest first; groups are ordered by their largest outline.
    """
    quads = sorted(quads, key=lambda q: -q.area)
    groups: list[list[Quad]] = []
    # each outline's bounding box widened by 1 px: x0, y0, x1, y1
    corners = np.array([q.corners for q in quads], np.float32).reshape(-1, 4, 2)
    all_boxes = np.concatenate([corners.min(axis=1) - 1, corners.max(axis=1) + 1], axis=1).tolist()
    boxes: list[list[float]] = []  # those of the groups' first outlines
    for q, box in zip(quads, all_boxes, strict=True):
        cx, cy = q.center
        for g, (x0, y0, x1, y1) in zip(groups, boxes, strict=True):
            k = g[0]
            if not q.area > 0.5 * k.area:
                continue
            kx, ky = k.center
            # (a point outside an outline's box is outside the outline: not tested)
            inside = (
                x0 <= cx <= x1
                and y0 <= cy <= y1
                and cv2.pointPolygonTest(k.corners.reshape(-1, 1, 2), (cx, cy), False) >= 0
            )
            inside2 = (
                box[0] <= kx <= box[2]
                and box[1] <= ky <= box[3]
                and cv2.pointPolygonTest(q.corners.reshape(-1, 1, 2), (kx, ky), False) >= 0
            )
            if inside or inside2:
                if all(np.abs(q.corners - o.corners).max() > 3 for o in g):
                    g.append(q)
                break
        else:
            groups.append([q])
            boxes.append(box)
    return groups


def upright_orders(corners: NDArray[Any]) -> tuple[list[FloatArray], float]:
    """The two ways of mapping outline ``corners`` (4, 2) onto a portrait card, the
    likelier first (short sides on top and bottom), and the outline's aspect
    ratio (long / short, >= 1). Each way is a (4, 2) float32 array of the image
    points that go to the card's top-left, top-right, bottom-right, bottom-left."""
    p = order_clockwise(np.asarray(corners))
    turned = p[_FROM[1]]
    sides = np.hypot(*(turned - p).T)
    s_top = (sides[0] + sides[2]) / 2  # p0->p1 and p2->p3
    s_side = (sides[1] + sides[3]) / 2
    orders = [p, turned] if s_top <= s_side else [turned, p]
    return orders, float(max(s_top, s_side) / max(1e-6, min(s_top, s_side)))


_CARD_DST = np.array([[0, 0], [CARD_W - 1, 0], [CARD_W - 1, CARD_H - 1], [0, CARD_H - 1]], np.float32)


def warp(image: NDArray[Any], src: NDArray[Any]) -> NDArray[Any]:
    """Warp the quadrilateral ``src`` (4, 2; TL, TR, BR, BL) of a BGR image to a
    portrait (CARD_H, CARD_W, 3) card."""
    m = cv2.getPerspectiveTransform(np.asarray(src, np.float32), _CARD_DST)
    return np.asarray(
        cv2.warpPerspective(
            image, m, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
    )


def rectify(image: NDArray[Any], corners: NDArray[Any], both: bool = False) -> list[NDArray[Any]]:
    """Warp the card with outline ``corners`` (4, 2) to a portrait CARD_W x CARD_H image.

    A card has two portrait orientations 180 degrees apart that look alike; the
    reader handles those. Which of the quad's side pairs is the short one is
    decided by the side lengths; when they are close (strong perspective), or
    ``both`` is true, both 90-degree choices are returned, the likelier first.
    Returns one or two BGR (CARD_H, CARD_W, 3) images.
    """
    orders, ratio = upright_orders(corners)
    if ratio > 1.25 and not both:
        orders = orders[:1]
    return [warp(image, src) for src in orders]


#: a card is blank (nothing printed, not worth reading) if, on a coarse view of it,
#: no pixel is darker than this fraction of the brightest one near it (dev photos:
#: every outline with print has a pixel at most 0.57, blank ones 0.76 and more;
#: pips and pictures are large enough to survive the coarse view)
BLANK_MIN_RATIO = 0.7

_COARSE = 4  # the coarse view is this many times smaller than a rectified card
_COARSE_W, _COARSE_H = CARD_W // _COARSE, CARD_H // _COARSE
_COARSE_DST = np.array(
    [[0, 0], [_COARSE_W - 1, 0], [_COARSE_W - 1, _COARSE_H - 1], [0, _COARSE_H - 1]], np.float32
)
_LUM = np.array([[1.0, 1.0, 1.0, 3.0]])  # B + G + R + 3 (cv2.transform: the offset last)
_NEAR = np.ones((9, 9), np.uint8)


def blank(image: NDArray[Any], src: NDArray[Any]) -> bool:
    """True if the outline ``src`` (4, 2; TL, TR, BR, BL) shows nothing printed: a fast
    check on a coarse warp (brightness against the brightest pixel within about a
    fifth of the card's width)."""
    m = cv2.getPerspectiveTransform(np.asarray(src, np.float32), _COARSE_DST)
    small = cv2.warpPerspective(
        image, m, (_COARSE_W, _COARSE_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    # float32 sums of whole numbers up to 768: exact in any order (not cv2.split: slow on float images)
    lum = cv2.transform(small.astype(np.float32), _LUM)
    brightest = cv2.dilate(lum, _NEAR)
    e = 3  # ignore the edge (outline error, table)
    return bool((lum[e:-e, e:-e] >= BLANK_MIN_RATIO * brightest[e:-e, e:-e]).all())
