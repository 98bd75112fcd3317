"""Cards in piles and tricks, found by a visible index corner.

In a pile or an overlapping trick, a lower card often shows only one corner: a
convex corner of the blob of card-coloured pixels, where two straight sides
meet at about a right angle. :func:`corner_hypotheses` turns each such corner
into the outline of a whole card lying there (its size that of the cards read
alone in the same frame, or larger where a side of it shows longer): of the two
ways of laying a portrait card on the corner, only one puts its index there (x
along the top, y down the side, the turn from x to y clockwise in the image), so
one corner gives one outline.

:func:`read_corner` reads that corner's index with both shipped classifiers
(:mod:`vision.learned`): the card is reported only when A and B, built and
trained differently on other fonts, read the same card on that one crop, each
at ``pile_corner`` or more: the zero-wrong point of such reads, with half the
remaining doubt again, on the crops this module cuts in generated pile frames
whose indices are partly redrawn in fonts neither classifier was trained on
(:mod:`vision.train.calibrate_piles`; ``vision/models/manifest.json``). (The
threshold of an index alone on whole-card crops, ``pair_covered``, let in
covered indices read wrong there: a jack's index half under another card read
as 4S by both at 0.996.) Under ``pile_corner``, down to ``pile_corner_templated``
(calibrated alike on those of such reads the template reader backs), the template
reader must read the same card on that index as well
(:func:`vision.templated.index_backs`): three readings made in two ways.
Where the index alone reads nothing so, the reader may read the card laid at the
corner as a whole card that may lie partly under others (``read_whole`` of
:func:`corner_cards`: index and pips agreeing, by :mod:`vision.reader`'s rules for a
covered card): a card lying on a pile whose edges over the cards below do not show
has only its index corner on the pile's shape (generated pile frames in held-apart
fonts, the benchmark's 100: 472 -> 492 of 704 read, 0 wrong). A card already read
elsewhere in the frame is not reported again (one deck: each card once).

``corners`` of such a detection is the estimated outline of the whole card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.blind import picture_led
from vision.classic import clip01
from vision.corners import MIN_CARD_HEIGHT, corner_crops, index_zone, zone_in_frame, zone_overlap
from vision.detector import CARD_H, CARD_W, upright_orders, warp
from vision.learned import models, thresholds
from vision.outlines import card_size, overlap_share
from vision.pipcheck import own_pips_deny
from vision.snap import snap_corner
from vision.templated import index_backs

#: the two sides meeting at a corner: within this |cos| of a right angle (65-115 deg)
MAX_COS = 0.42
#: each side at least this fraction of the card's short side (the classifiers say
#: "none" for an index zone, 25% x 36% of the card, that is partly covered)
MIN_SIDE = 0.2
#: a side longer than this many times the card side it stands for belongs to no
#: card laid that way
MAX_SIDE = 1.2
#: blobs (groups of overlapping cards) up to this many card areas are searched
MAX_BLOB_CARDS = 14.0


@dataclass(frozen=True)
class CornerCard:
    """A card read from one index corner: ``card`` label, ``confidence`` (0.5 at the
    calibrated threshold, 1.0 when certain) and ``outline`` (4, 2) float32 image
    pixels, the card's top-left (the corner read), top-right, bottom-right, bottom-left."""

    card: str
    confidence: float
    outline: NDArray[np.float32]


def _convex_vertices(poly: NDArray[np.float64]) -> list[tuple[NDArray[Any], NDArray[Any], NDArray[Any]]]:
    """(previous, vertex, next) of each convex vertex of a closed polygon (N, 2)."""
    n = len(poly)
    x, y = poly[:, 0], poly[:, 1]
    orient = np.sign(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
    out = []
    for i in range(n):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
        turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if turn * orient > 0:
            out.append((a, b, c))
    return out


#: notches narrower than this fraction of the short side are closed (print touching
#: the card's edge breaks its outline in the whiteness mask)
CLOSE = 0.15


def _closed(pts: NDArray[np.float32], short: float) -> NDArray[np.float32]:
    """The outline (N, 2) of the filled contour ``pts`` with notches narrower than
    CLOSE x ``short`` closed (a morphological closing; convex corners stay)."""
    k = max(3, int(CLOSE * short) | 1)
    x0, y0 = np.floor(pts.min(axis=0)) - k
    w, h = (np.ceil(pts.max(axis=0)) - [x0, y0] + k + 1).astype(int)
    m = np.zeros((h, w), np.uint8)
    cv2.fillPoly(m, [np.round(pts - [x0, y0]).astype(np.int32)], 255)
    m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    cs, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not cs:
        return pts
    off = np.array([x0, y0], np.float32)
    return np.asarray(max(cs, key=cv2.contourArea).reshape(-1, 2) + off, np.float32)


#: a polygon side shorter than this fraction of the short side, between two longer
#: ones, is a rounded card corner cut off: the two sides are extended to meet
CHAMFER = 0.22


def _merge_chamfers(poly: NDArray[np.float64], min_len: float) -> NDArray[np.float64]:
    """``poly`` (N, 2) with each short side (< ``min_len``) between two longer ones
    replaced by the crossing of those two (when they cross near it)."""
    pts = [p for p in poly]
    i = 0
    while i < len(pts) and len(pts) > 4:
        n = len(pts)
        a, b, c, d = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        if (
            float(np.hypot(*(c - b))) >= min_len
            or min(float(np.hypot(*(b - a))), float(np.hypot(*(d - c)))) < min_len
        ):
            i += 1
            continue
        u, v = b - a, d - c
        m = np.array([u, -v]).T
        if abs(float(np.linalg.det(m))) < 1e-6 * float(np.hypot(*u) * np.hypot(*v)):
            i += 1
            continue
        q = a + np.linalg.solve(m, c - a)[0] * u
        if float(np.hypot(*(q - (b + c) / 2))) > 2 * min_len:
            i += 1
            continue
        pts[i] = q
        del pts[(i + 1) % n]
        if (i + 1) % n == 0:
            i -= 1
    return np.array(pts, np.float64)


def corner_hypotheses(contour: NDArray[Any], size: tuple[float, float]) -> list[NDArray[np.float32]]:
    """Card outlines (4, 2; the index corner first, then clockwise) on the convex
    right-angled corners of a blob ``contour`` (image pixels) of cards whose sides
    are ``size`` (short, long) pixels, each outline scaled up (aspect kept) where a
    side seen at its corner is longer than the card side it stands for. Empty for
    blobs too large or too small.

    The scaling, measured with the models then shipped on generated pile frames (400 of
    the benchmark's held-apart glyph draw, seeds 1200000-1200399, bank 1000): the
    agreeing reads' zero-wrong point fell from 0.99969 (a TC lying whole on another
    card, read TS: the typical size cut its "10") to 0.97646, and right agreeing
    reads at 0.9989 or more rose from 695 to 742; on 400 calibration frames it
    stayed 0.97234, with 745 right reads instead of 702."""
    short, long_ = size
    area = abs(cv2.contourArea(contour.astype(np.float32)))
    if not 0.5 * short * long_ <= area <= MAX_BLOB_CARDS * short * long_:
        return []
    c = _closed(contour.reshape(-1, 2).astype(np.float32), short)
    eps = max(1.5, 0.04 * short)
    poly = cv2.approxPolyDP(c.reshape(-1, 1, 2), eps, True).reshape(-1, 2).astype(np.float64)
    poly = _merge_chamfers(poly, CHAMFER * short)
    if len(poly) < 3:
        return []
    out = []
    for a, b, cc in _convex_vertices(poly):
        ua, uc = a - b, cc - b
        la, lc = float(np.hypot(*ua)), float(np.hypot(*uc))
        if min(la, lc) < MIN_SIDE * short:
            continue
        ua, uc = ua / la, uc / lc
        if abs(float(np.dot(ua, uc))) > MAX_COS:
            continue
        # the index corner: x (short side) to y (long side) turns clockwise (y down)
        if ua[0] * uc[1] - ua[1] * uc[0] > 0:
            ux, uy, lx, ly = ua, uc, la, lc
        else:
            ux, uy, lx, ly = uc, ua, lc, la
        if lx > MAX_SIDE * short or ly > MAX_SIDE * long_:
            continue
        # a side seen longer than the frame's typical card: this card is larger
        # (nearer the camera, or the typical size is off); a smaller outline would cut
        # its index (a TC on another card read TS, its "10" cut to "1")
        g = max(1.0, lx / short, ly / long_)
        w, h = g * short, g * long_
        tl = _refine_corner(c, b, ux, uy, lx, ly)
        out.append(np.array([tl, tl + ux * w, tl + ux * w + uy * h, tl + uy * h], np.float32))
    return out


def _refine_corner(
    pts: NDArray[Any], b: NDArray[Any], ux: NDArray[Any], uy: NDArray[Any], lx: float, ly: float
) -> NDArray[Any]:
    """The corner at polygon vertex ``b`` as the crossing of straight lines fitted to
    the contour points ``pts`` (N, 2) along its two sides (directions ``ux``, ``uy``,
    visible lengths ``lx``, ``ly``; the rounded corner itself and the far ends are
    left out); ``b`` itself when a side has too few points."""
    lines = []
    for u, length in ((ux, lx), (uy, ly)):
        rel = pts - b
        t = rel @ u
        d = np.abs(rel @ np.array([-u[1], u[0]]))
        sel = (t > 0.2 * length) & (t < 0.85 * length) & (d < max(2.0, 0.06 * length))
        if sel.sum() < 5:
            return b
        vx, vy, x0, y0 = cv2.fitLine(pts[sel].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([vx, vy], np.float64), np.array([x0, y0], np.float64)))
    (d1, p1), (d2, p2) = lines
    m = np.array([d1, -d2]).T
    if abs(float(np.linalg.det(m))) < 1e-3:
        return b
    s = np.linalg.solve(m, p2 - p1)
    q = p1 + s[0] * d1
    return q if float(np.hypot(*(q - b))) < 0.25 * min(lx, ly) else b


def _scaled(conf: float, t: float) -> float:
    return round(0.5 + 0.5 * clip01((conf - t) / max(1e-6, 1 - t)), 3)


def read_corner(image: NDArray[Any], outline: NDArray[Any]) -> CornerCard | None:
    """The card whose index is at ``outline[0]`` (see :func:`corner_hypotheses`) in
    a BGR image, or None unless both classifiers read the same card there at
    ``pile_corner`` or more."""
    return read_corners_at(image, [outline])[0]


def read_corners_at(
    image: NDArray[Any], outlines: list[NDArray[Any]], halves: bool = False
) -> list[CornerCard | None]:
    """:func:`read_corner` of each outline, with one forward of classifier A over all
    their index crops and one of B over those A reads at the lower of the two pile
    thresholds or more (each crop's output does not depend on the others in the
    batch). A and B reading the same card at ``pile_corner`` report it; under that, at
    ``pile_corner_templated`` or more (where the manifest has it), the template reader
    must read it on the same index too (:func:`vision.templated.index_backs`). Vetoed:
    a court card a picture-blind classifier reads as another (:func:`vision.blind.picture_led`),
    a card whose own pips say another card (:func:`vision.pipcheck.own_pips_deny`), an index
    reaching past the frame's edge (:func:`vision.corners.zone_in_frame`).
    ``halves``: the outlines are a hand's halves' index corners (:func:`corner_cards`),
    not pile outlines: A and B reading the same card at ``half_corner`` (calibrated on
    such outlines, :func:`vision.train.calibrate_piles.half_metrics`; ``pile_corner``
    where the manifest lacks it) report it, and nothing under that (the template-backed
    threshold was calibrated on pile outlines; generated hold'em frame 5230072, bank
    seed 5200000: an 8H's index half under a QH, its half's corner read 9H by A, B and
    the template reader, A and B at 0.979)."""
    ms = models()
    if ms is None or not outlines:
        return [None] * len(outlines)
    crops, cards = [], []
    for outline in outlines:
        card = warp(image, outline)
        assert card.shape[:2] == (CARD_H, CARD_W)
        cards.append(card)
        crops.append(corner_crops(card, both=False))
    th = thresholds()
    t = th.get("half_corner", th["pile_corner"]) if halves else th["pile_corner"]
    t3 = t if halves else min(t, th.get("pile_corner_templated", t))
    ra = ms[0].read(np.concatenate(crops))
    sure = [k for k, r in enumerate(ra) if r.card is not None and r.conf >= t3]
    rb = ms[1].read(np.concatenate([crops[k] for k in sure])) if sure else []
    out: list[CornerCard | None] = [None] * len(outlines)
    for k, b in zip(sure, rb, strict=True):
        if b.card is None or b.card != ra[k].card or not zone_in_frame(outlines[k], image.shape):
            continue
        conf = min(ra[k].conf, b.conf)
        if conf >= t:
            out[k] = CornerCard(b.card, _scaled(conf, t), outlines[k])
        elif conf >= t3 and index_backs(cards[k], b.card):
            out[k] = CornerCard(b.card, _scaled(conf, t3), outlines[k])
        if out[k] is not None and (picture_led(crops[k], b.card[0]) or own_pips_deny(cards[k], b.card)):
            out[k] = None  # picture-blind classifiers read another court card, or its own pips deny it
    return out


def corner_cards(
    image: NDArray[Any],
    blobs: list[NDArray[Any]],
    known: dict[str, NDArray[Any]],
    quads: list[NDArray[Any]],
    cards: list[NDArray[Any]] | None = None,
    read_whole: Callable[[list[NDArray[np.float32]]], list[CornerCard | None]] | None = None,
) -> tuple[list[CornerCard], set[str]]:
    """Cards read on the index corners of ``blobs`` (contours in image pixels of
    overlapping cards), and the cards of ``known`` (label -> outline (4, 2), read
    already) that a corner reads again elsewhere (one deck: one of the two
    readings is wrong, so neither counts). ``quads``: every card outline found (a
    corner on one of them is left to the outline's reading, which saw the whole
    card); the cards are sized like the known ones, else like these. Known cards
    and repeats are not returned. ``cards``: card outlines (4, 2) whose middle may lie
    under another card (the :func:`vision.pairs.halves` of two overlapping cards): both their
    index corners are read too. ``read_whole``: for the pile outlines (the index corner
    first) whose corner's index alone reads nothing, each one's card read as a whole
    card that may lie partly under others (by the reader's rules for such a card), or
    None; its ``outline``, the index corner first, is where it was read (it may be
    another than the one given: moved onto the card's edges). A corner reading on the
    index of a card of ``known`` is that card's print misread, and is dropped
    (:func:`on_known_index`)."""
    size = card_size(list(known.values()) or quads)
    if size is None or not (blobs or cards) or size[1] < MIN_CARD_HEIGHT:
        return [], set()
    out: dict[str, CornerCard] = {}
    clash: set[str] = set()
    piles = corners_on_edges(image, pile_outlines(blobs, size, quads), size)
    # a hand's halves' index corners: at their own threshold, calibrated on them; a half
    # that is a card outline found whole is left to that outline's reading, with its
    # pips, as a pile outline is (:func:`pile_outlines`; generated hold'em frame
    # 27100109, bank seed 27100000: a 6C beside another card, their outline's half the
    # 6C's own, its redrawn "6" read 8C by A and B at 0.997 there, six clubs counted)
    halves_at = index_first([c for c in cards or [] if not _found_whole(c, quads, size)])
    reads = read_corners_at(image, piles) + read_corners_at(image, halves_at, halves=True)
    if read_whole is not None:
        unread = [k for k in range(len(piles)) if reads[k] is None]
        for k, r in zip(unread, read_whole([piles[k] for k in unread]), strict=True):
            reads[k] = r
    for r in reads:
        if r is None:
            continue
        outline = r.outline  # where it was read (an outline moved onto its card's edges)
        where = known[r.card] if r.card in known else (out[r.card].outline if r.card in out else None)
        if where is None and on_known_index(outline, known):
            continue  # another card's index, read already on its own outline, read again as this
        if where is None:
            out[r.card] = r
        elif not _inside(outline[0], where, 0.15 * size[0]) and overlap_share(outline, where) < SAME_PLACE:
            # not on the other's card (its index corner, or half the smaller outline:
            # an outline laid at one corner sized like the frame's cards may fall short
            # of the other corner of a larger card; a card read whole may have an outline
            # a little off, its pile reading moved onto its edges not)
            clash.add(r.card)
    return [c for k, c in out.items() if k not in clash], clash & set(known)


#: a corner reading whose index zone overlaps an index zone of a card read already by
#: this share (intersection over union) or more reads that card's print (:func:`on_known_index`)
KNOWN_INDEX = 0.45


def on_known_index(outline: NDArray[Any], known: dict[str, NDArray[Any]]) -> bool:
    """True if the index zone of a pile outline (4, 2; the index corner first,
    :func:`vision.corners.index_zone`) overlaps one at an index corner (:func:`index_first`)
    of a card of ``known`` (label -> outline, read already) by KNOWN_INDEX or more: the print read
    there is that card's index, and a corner reading of another card there is a misread
    of it. Generated hold'em frame 69030081 (bank seed 69000000): a TC over a 4S, read on
    its own outline (ten clubs, its index), its "10" read 8C by A and B on a pile outline
    laid at it (zones 0.60 alike): 8C reported where the TC lies. Right corner readings of
    generated frames (seed 74000000, 661) overlap a read card's index zone by 0.37 at most
    (a pile card over a covered card's estimated outline overlaps its other corners
    more, up to 0.71: only the index corners count); the real sets have no corner
    readings."""
    z = index_zone(outline, 0)
    return any(zone_overlap(z, index_zone(o, 0)) >= KNOWN_INDEX for o in index_first(list(known.values())))


def corners_on_edges(
    image: NDArray[Any], outlines: list[NDArray[np.float32]], size: tuple[float, float]
) -> list[NDArray[np.float32]]:
    """Each pile outline (4, 2; the index corner first) with its index corner moved onto
    the card's edges (:func:`vision.snap.snap_corner`), or as it was where no edge shows
    there; cards of ``size`` (short, long) px. The reader and the calibration of
    ``pile_corner`` (:mod:`vision.train.calibrate_piles`) read the index crops of these."""
    return [o if (s := snap_corner(o, image, size[0])) is None else s for o in outlines]


def index_first(cards: list[NDArray[Any]]) -> list[NDArray[np.float32]]:
    """Each card outline (4, 2) twice, as a portrait card with each index corner first
    (then clockwise, as :func:`corner_hypotheses` gives them)."""
    out = []
    for c in cards:
        p = upright_orders(np.asarray(c, np.float32))[0][0]
        out += [p, np.roll(p, -2, axis=0)]
    return out


def pile_outlines(
    blobs: list[NDArray[Any]], size: tuple[float, float], quads: list[NDArray[Any]]
) -> list[NDArray[np.float32]]:
    """The card outlines (4, 2; the index corner first) whose corner
    :func:`corner_cards` reads: the :func:`corner_hypotheses` of the blobs worth
    searching, each corner once (the same corner in another threshold's blob is
    left out), none of them a card outline of ``quads`` found whole (its
    outline's reading, with its pips, stands). Cards of ``size`` (short, long) px."""
    tried: list[NDArray[np.float32]] = []
    out = []
    for contour in _distinct(blobs, size, quads):
        for outline in corner_hypotheses(contour, size):
            if any(float(np.abs(outline - o).max()) < 0.08 * size[0] for o in tried):
                continue
            tried.append(outline)
            if not _found_whole(outline, quads, size):
                out.append(outline)
    return out


def _distinct(
    blobs: list[NDArray[Any]], size: tuple[float, float], quads: list[NDArray[Any]]
) -> list[NDArray[Any]]:
    """The blobs worth searching: of a pile's size (see :func:`corner_hypotheses`),
    not lying within one card outline of ``quads`` (a card found whole), and one of
    each set found at several thresholds with the same bounding box and area
    (within ``0.05 x`` the short side, and that times the short side)."""
    short, long_ = size
    boxes: list[NDArray[Any]] = []
    out: list[NDArray[Any]] = []
    tol = 0.1 * short
    cards = [
        np.asarray(q, np.float32).reshape(-1, 1, 2)
        for q in quads
        if abs(cv2.contourArea(np.asarray(q, np.float32))) <= 1.3 * short * long_
    ]
    sized = []
    for c in blobs:
        area = abs(cv2.contourArea(c))
        if 0.5 * short * long_ <= area <= MAX_BLOB_CARDS * short * long_:
            sized.append((c, area))
    if not sized:
        return out
    # every blob's bounding box at once (the same minima and maxima as one by one)
    starts = np.cumsum([0] + [len(c) for c, _ in sized[:-1]])
    points = np.concatenate([c for c, _ in sized])
    lows, highs = np.minimum.reduceat(points, starts, axis=0), np.maximum.reduceat(points, starts, axis=0)
    # each card's bounding box widened by tol + 1 px holds every point within tol of the
    # card: only the cards whose box holds a blob's (its four ends') are tested
    lo = np.array([q.reshape(-1, 2).min(axis=0) - (tol + 1) for q in cards]).reshape(-1, 2)
    hi = np.array([q.reshape(-1, 2).max(axis=0) + (tol + 1) for q in cards]).reshape(-1, 2)
    near = (lo[None] <= lows[:, None]).all(axis=2) & (highs[:, None] <= hi[None]).all(axis=2)
    rows = cast(list[list[bool]], near.tolist())
    for (c, area), low, high, by in zip(sized, lows, highs, rows, strict=True):
        if any(by):
            ends = c[[c[:, 0].argmin(), c[:, 1].argmin(), c[:, 0].argmax(), c[:, 1].argmax()]].tolist()
            if any(
                all(cv2.pointPolygonTest(q, (x, y), True) >= -tol for x, y in ends)
                for q, b in zip(cards, by, strict=True)
                if b
            ):
                continue
        box = np.concatenate([low, high, [area / short]])
        if any(float(np.abs(box - b).max()) < 0.05 * short for b in boxes):
            continue
        boxes.append(box)
        out.append(c)
    return out


#: two outlines of one card's readings lie in one place where they overlap by this share
#: of the smaller
SAME_PLACE = 0.5


def _same_outline(a: NDArray[Any], b: NDArray[Any], tol: float) -> bool:
    """True if outlines ``a`` and ``b`` (4, 2) have the same corners within ``tol`` px,
    in any order."""
    d = np.hypot(*(np.asarray(a)[:, None, :] - np.asarray(b)[None, :, :]).transpose(2, 0, 1))
    return bool((d.min(axis=1) < tol).all())


def _found_whole(outline: NDArray[Any], quads: list[NDArray[Any]], size: tuple[float, float]) -> bool:
    """True if ``outline`` (4, 2) is one of ``quads`` (card outlines found whole), its
    corners within a tenth of the short side ``size[0]``."""
    return any(_same_outline(outline, q, 0.1 * size[0]) for q in quads)


def _inside(p: NDArray[Any], outline: NDArray[Any], tol: float) -> bool:
    """True if point ``p`` lies in ``outline`` (4, 2) or within ``tol`` px of it."""
    poly = np.asarray(outline, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(poly, (float(p[0]), float(p[1])), True) >= -tol


#: an outline whose area is below this fraction of the frame's typical card is
#: also tried grown to the typical size (the outline of a card's inner frame or
#: of its printed area, found where the margin merged with the table)
SMALL_OUTLINE = 0.92


def grown(corners: NDArray[Any], size: tuple[float, float]) -> NDArray[np.float32] | None:
    """The outline ``corners`` (4, 2) grown about its centre, along its own axes, to a
    card of ``size`` (short, long) pixels; None unless it is notably smaller
    (area below SMALL_OUTLINE of the card's) and its sides are at least 0.6 of
    the card's."""
    p = np.asarray(corners, np.float64).reshape(4, 2)
    short, long_ = size
    if abs(cv2.contourArea(p.astype(np.float32))) >= SMALL_OUTLINE * short * long_:
        return None
    c = p.mean(axis=0)
    u = (p[1] - p[0]) + (p[2] - p[3])  # along sides 0-1 and 3-2
    v = (p[3] - p[0]) + (p[2] - p[1])
    lu, lv = float(np.hypot(*u)) / 2, float(np.hypot(*v)) / 2
    su, sv = (short, long_) if lu <= lv else (long_, short)
    if min(lu / su, lv / sv) < 0.6:
        return None
    u, v = u / (2 * lu), v / (2 * lv)
    hu, hv = u * su / 2, v * sv / 2
    return np.array([c - hu - hv, c + hu - hv, c + hu + hv, c - hu + hv], np.float32)
