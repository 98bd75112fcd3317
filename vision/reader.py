"""Find and read every card of an image: outlines (:mod:`vision.detector`), a fast
blank check, rectification, the template reader (:mod:`vision.classic`) and the
learned corner reads (:mod:`vision.verdict`), which must agree.

The names of the template reader and the verdict are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision import DEFAULT_THRESHOLD
from vision.blind import checked
from vision.classic import (
    FACE,
    CardRead,
    GlyphRead,
    IndexRead,
    PipRead,
    decide,
    is_body,
    read_index,
    read_pips,
    suit_vote,
)
from vision.colour import colourless, grey_court
from vision.corners import MIN_CARD_HEIGHT, card_height
from vision.courtglyph import court_glyph_verdict
from vision.detector import (
    CARD_H,
    CARD_W,
    Quad,
    blank,
    find_card_groups,
    order_clockwise,
    warp,
)
from vision.glyphs import Templates, load_templates
from vision.hands import NEAR_CARDS, counted, near_size, split, two_cards
from vision.learned import Learned, models, read_corners, read_corners_batch
from vision.outlines import card_size
from vision.pairs import halves
from vision.piles import CornerCard, corner_cards, grown
from vision.places import one_card_per_corner, one_place_per_card
from vision.segment import Component, components, fill_holes, ink_masks, solidity
from vision.snap import snap
from vision.suitshape import COURT_RANKS, shaped_other_colour, twin_guessed_unsaid
from vision.templated import combine, court_against_both, court_other_colour
from vision.verdict import both_name_other, candidates, decide_learned, named_other
from vision.wide import read_wide

__all__ = [
    "FACE",
    "Attempt",
    "CardRead",
    "Detection",
    "GlyphRead",
    "IndexRead",
    "Learned",
    "PipRead",
    "combine",
    "decide",
    "decide_learned",
    "detect",
    "fill_holes",
    "read_pips",
    "read_quad",
    "read_rectified",
    "solidity",
    "suit_vote",
]

#: Alternative outlines of one card tried before giving up on it.
MAX_OUTLINES_PER_CARD = 2


@dataclass(frozen=True)
class Attempt:
    """One reading of a rectified outline, kept to explain what was or was not read
    (``detect(..., trace=[])``, ``python -m vision.evaluate DIR --explain``):
    ``pips`` (count, colour, suit shapes, FACE for a picture), ``corners`` the template
    reading of the top-left and bottom-right index (None where unread), ``learned``
    the classifiers' corner reads (None: A saw no card on either corner), the
    template reader's decision ``classic``, the learned one ``verdict``, the ``final``
    reading (None: unsure) and ``vetoed``: a court card the picture-blind check vetoed."""

    pips: PipRead
    corners: list[IndexRead | None]
    learned: Learned | None
    classic: CardRead | None
    verdict: CardRead | None
    final: CardRead | None
    vetoed: CardRead | None = None


Trace = list[Attempt] | None  # where readings are explained (``detect(..., trace=[])``), if anywhere
Outlines = list[NDArray[np.float32]]  # card outlines, (4, 2) image pixels each


def read_rectified(card: NDArray[Any], t: Templates | None = None) -> CardRead | None:
    """Read one rectified portrait card (BGR, (CARD_H, CARD_W, 3)); None if not readable."""
    return _read(card, t or load_templates())[0]


@dataclass(frozen=True)
class _Prepared:
    """A rectified card (the likelier way up of a group's first outline) with its
    learned corner reads, made for every group of a frame in one classifier batch;
    ``card`` None: the outline is blank (:func:`vision.detector.blank`)."""

    card: NDArray[Any] | None
    learned: Learned | None = None


def _prepare(image: NDArray[Any], quads: list[Quad]) -> list[_Prepared]:
    """:class:`_Prepared` for each outline of ``quads``: the blank check, the warp and
    both classifiers on all the corner crops at once (one forward per classifier)."""
    cards = []
    for q in quads:
        src = q.upright[0][0]
        cards.append(None if blank(image, src) else warp(image, src))
    shown = [c for c in cards if c is not None]
    reads = iter(read_corners_batch(shown))
    return [_Prepared(None) if c is None else _Prepared(c, next(reads)) for c in cards]


def _read(
    card: NDArray[Any],
    t: Templates,
    pre: _Prepared | None = None,
    trace: Trace = None,
    partial: bool = False,
    covered: bool = False,
    guessed: bool = False,
    whole: bool = False,
) -> tuple[CardRead | None, bool]:
    """(reading or None, whether the card shows any print at all: pips, picture or index).
    ``pre``: the card's learned reads, when already made (:func:`_prepare`). ``trace``:
    receives an :class:`Attempt` when an index was seen (by either reader). ``partial``:
    the card's middle may show another card (``Quad.middle_seen`` False): the template
    reader's reading alone is not reported where it is a court card (its picture may
    be another card's) or a classifier names another card on a corner. ``covered``:
    part of the card may lie under another (``Quad.covered``): the template reader's
    reading alone is not reported. ``guessed``: the outline was moved onto edges looked
    for near another (``Quad.guessed``): neither an index read alone nor the template
    reader's reading alone is reported. ``whole``: the outline is one the detector found
    whole (``Quad.whole``): an index read alone needs no corner blank to both classifiers
    (:func:`vision.verdict.decide_learned`)."""
    ink = ink_masks(card)
    comps = components(ink)
    # the other corner index, the card turned half a turn (only shapes that can be
    # part of it: centre in the bottom-right quarter)
    flipped = [
        Component(
            CARD_W - c.x - c.w,
            CARD_H - c.y - c.h,
            c.w,
            c.h,
            c.area,
            CARD_W - 1 - c.cx,
            CARD_H - 1 - c.cy,
            c.red,
            np.ascontiguousarray(c.mask[::-1, ::-1]),
        )
        for c in comps
        if c.cx > CARD_W / 2 and c.cy > CARD_H / 2
    ]
    per_corner = [read_index(comps, t), read_index(flipped, t)]  # top-left, bottom-right
    idx = [r for r in per_corner if r is not None]
    learned = read_corners(card) if pre is None else pre.learned
    printed = bool(idx) or any(is_body(c) for c in comps)
    seen = not (partial or covered or guessed)  # neither covered nor guessed, its middle seen
    own = whole and seen  # the card's own outline, seen whole
    if not idx and learned is None and not (own and printed):
        # every reading needs an index (one too large for the zones: vision.wide)
        return None, printed
    pips = read_pips(comps, t, ink.tint)
    classic = decide(pips, idx) if idx else None
    verdict = decide_learned(pips, learned, covered, alone=not guessed, whole=own)
    if verdict is None:  # a court glyph taken for a number's (:mod:`vision.courtglyph`)
        verdict = court_glyph_verdict(card, pips, learned, per_corner, seen)
    final = combine(classic, verdict, learned, pips, per_corner)
    if (covered or guessed) and verdict is None:
        # a card split from an outline of two lying partly over each other: the other card's
        # pips and index may show in it, and the template reader's one check is the pips
        # (generated hold'em frame 1730219, bank seed 1700000: a 4H half under a TD, the TD's
        # "10" and five pips in its outline, template "5", five red pips, A seeing no card: 5D)
        final = None
    if (
        verdict is None
        and final is not None
        and (court_against_both(final.card, learned, per_corner) or court_other_colour(final.card, learned))
    ):
        final = None  # a template court card against A's and B's guesses (:mod:`vision.templated`)
    if final is not None and twin_guessed_unsaid(pips, learned, final.card):
        final = None  # a black court card's spade or club from one split reading
    if learned is None and final is not None and final.card[0] in COURT_RANKS and models() is not None:
        # a court card's rank read by the template reader alone, A seeing no index on either
        # corner: one reading of J, Q or K where two are needed (lone jumbo cards, hunt seed
        # 5500000, frame 5540000: a KS's serif "K" read J by the template reader: JS reported)
        final = None
    if verdict is None and final is not None and both_name_other(learned, final.card):
        # the template reader alone against A and B naming one other card on a corner,
        # however unsure each: in an outline that may be two cards (:func:`vision.hands.counted`)
        # that corner may be the other card's; ``index_apart``: the template reader read
        # another rank on a corner too
        apart = any(r is not None and r.rank.label != final.card[0] for r in per_corner)
        final = CardRead(
            final.card, final.confidence, {**final.details, "other_corner": True, "index_apart": apart}
        )
    if (
        partial
        and verdict is None
        and final is not None
        and (final.card[0] in COURT_RANKS or named_other(learned, final.card))
    ):
        # an outline grown to a card's size: its grown part may show another card, and the
        # template reader alone is checked by the pips; a classifier naming another card on
        # a corner is not to be answered by them (generated frame 1720070 of the hunt at seed
        # 1700000: a 6H outline grown over an ace's big spade, pips "a picture", its template
        # "Q" let pass against A and B reading 6H on both corners: QH reported), and "a
        # picture" there may be any mixture (generated hold'em frame 1730312, bank seed
        # 1700000: the part of a 7D showing under a TH, grown, its redrawn "7" read J on
        # both corners by the template reader, A seeing no card: JD reported)
        final = None
    kept = checked(card, final)  # a court card that a picture-blind classifier reads otherwise
    vetoed = None if kept else final  # (what that check vetoed, for the trace)
    if kept is None and own:
        kept = read_wide(card, pips, learned)  # its index from wider zones (a jumbo index)
    if kept is not None and (shaped_other_colour(pips, kept.card) or grey_court(ink, kept.card)):
        kept = None  # pips shaped as the other colour's, a picture without colour (weak colour)
    if trace is not None:
        trace.append(Attempt(pips, per_corner, learned, classic, verdict, kept, vetoed))
    return kept, True


@dataclass(frozen=True)
class Detection:
    """A read card in an image: ``card`` label, ``confidence`` in [0, 1], and
    ``corners`` (4, 2) float32 image pixels, clockwise from the one nearest the
    image top-left."""

    card: str
    confidence: float
    corners: NDArray[np.float32]


def read_quad(image: NDArray[Any], quad: Quad, t: Templates | None = None) -> CardRead | None:
    """Read the card with outline ``quad`` in a BGR image; None if not readable.

    Both ways of putting the outline upright are tried (perspective can make a
    card look square) and must not give different cards, unless the likelier
    way reads and the outline is clearly oblong, or it shows no print at all.
    """
    return _read_quad(image, quad, t or load_templates())[0]


def _read_quad(
    image: NDArray[Any],
    quad: Quad,
    t: Templates,
    pre: _Prepared | None = None,
    trace: Trace = None,
) -> tuple[CardRead | None, bool]:
    """(reading or None, whether the outline shows any print), see :func:`read_quad`.
    ``pre``: the blank check, warp and learned reads of the likelier way up, when
    already made (:func:`_prepare`); ``trace``: as for :func:`_read`."""
    orders, ratio = quad.upright
    if pre is None:
        pre = _Prepared(None) if blank(image, orders[0]) else _Prepared(warp(image, orders[0]))
        if pre.card is not None:
            pre = _Prepared(pre.card, read_corners(pre.card))
    if pre.card is None:
        return None, False
    first, printed = None, True  # too short to read this way up: only the other way
    if card_height(orders[0]) >= MIN_CARD_HEIGHT:
        first, printed = _read(
            pre.card, t, pre, trace, not quad.middle_seen, quad.covered, quad.guessed, quad.whole
        )
    if first is not None and ratio > 1.25:
        return first, True  # clearly upright: the other way would squash the card by half
    if not printed:
        return None, False  # blank (glare, a white object, a card's back border): not a face
    second = None
    if card_height(orders[1]) >= MIN_CARD_HEIGHT:
        second, _ = _read(
            warp(image, orders[1]),
            t,
            trace=trace,
            partial=not quad.middle_seen,
            covered=quad.covered,
            guessed=quad.guessed,
            whole=quad.whole,
        )
    reads = [r for r in (first, second) if r is not None]
    if not reads or len({r.card for r in reads}) != 1:
        return None, True
    return max(reads, key=lambda r: r.confidence), True


def _retry(
    image: NDArray[Any],
    groups: list[list[Quad]],
    kept: list[tuple[Quad, CardRead]],
    threshold: float,
    t: Templates,
    outlines: Callable[[Quad, tuple[float, float]], list[Quad]],
    trace: Trace = None,
    near: int | None = None,
    snapped: bool = False,
    lone: tuple[float, float] | None = None,
) -> None:
    """Read again, as the ``outlines`` it gives for the size (short, long) of the cards
    read (``near``: of the ``near`` cards read nearest it; with none read, ``lone``, if
    given: the size of the frame's outlines, a lone card's own), each group's first outline
    left unread and not inside a card read; readings (same rules as any outline, a card
    not read already) added to ``kept``. ``snapped``: an outline that reads nothing is
    read again moved onto its card's own edges (:func:`vision.snap.snap`: one of two
    cards of a hand, turned from the other, their merged silhouette a few degrees off
    it; generated hold'em frames of the benchmark, 40: 362 -> 375 of 487 read)."""
    if not kept and lone is None:
        return
    every = card_size([q.corners for q, _ in kept]) if kept else lone
    done = {id(q) for q, _ in kept}
    for group in groups:
        q = group[0]
        if id(q) in done or any(
            cv2.pointPolygonTest(k.corners.reshape(-1, 1, 2), q.center, False) >= 0 for k, _ in kept
        ):
            continue
        size = every if near is None else near_size(q, [k for k, _ in kept], near)
        assert size is not None
        for o in outlines(q, size):
            r, _ = _read_quad(image, o, t, trace=trace)
            if r is None and snapped:
                s = snap(o.corners, image, size[0])
                if s is not None:
                    o = Quad(order_clockwise(s), o.fill, o.whole, o.middle_seen, o.covered)
                    r, _ = _read_quad(image, o, t, trace=trace)
            if r is not None and r.confidence >= threshold and all(r.card != c.card for _, c in kept):
                kept.append((o, r))


def _snapped(q: Quad, size: tuple[float, float], image: NDArray[Any]) -> list[Quad]:
    """``q`` moved onto its card's own edges (:func:`vision.snap.snap`), if it moved
    (``guessed``: read by the rules for such an outline): an outline found a few degrees
    or pixels off its card (a shadow, a chip, a blurred edge; a card completed from one
    side in a blob) whose index crops miss the index."""
    s = snap(q.corners, image, size[0])
    if s is None:
        return []
    return [Quad(order_clockwise(s), q.fill, q.whole, q.middle_seen, q.covered, guessed=True)]


def _grown(q: Quad, size: tuple[float, float]) -> list[Quad]:
    """``q`` grown to a card of ``size`` when notably smaller than one
    (:func:`vision.piles.grown`: a card's printed area, its margin lost against a pale
    table), its middle not seen as such (the grown part may show another card); else
    none."""
    g = grown(q.corners, size)
    return [] if g is None else [Quad(order_clockwise(g), q.fill, middle_seen=False)]


def detect(
    image: NDArray[Any],
    threshold: float = DEFAULT_THRESHOLD,
    trace: Trace = None,
    halves_out: list[NDArray[np.float32]] | None = None,
) -> list[Detection]:
    """Find and read every card in a BGR uint8 image (H, W, 3).

    Returns detections with confidence >= ``threshold``, at most one per place (an outline
    inside a larger read card, e.g. a court card's inner frame, is dropped); none in a frame
    without colour (:func:`vision.colour.colourless`: red print is grey there). ``trace``: if
    given, receives an :class:`Attempt` for every rectified outline in which an index was
    seen (whole cards' outlines, and pile outlines read as cards partly under others; not an
    index alone on a pile's corner). ``halves_out``: if given, receives the card outlines
    ((4, 2) image pixels) of the hands of two cards split from one outline
    (:func:`vision.pairs.halves`), whose index corners are read at ``half_corner``
    (:mod:`vision.train.calibrate_piles` calibrates it). Raises ValueError for a non-BGR array.
    """
    if colourless(image):
        return []
    t = load_templates()
    kept: list[tuple[Quad, CardRead]] = []
    blobs: list[NDArray[Any]] = []
    groups = find_card_groups(image, blobs_out=blobs)  # largest first
    quads = [q.corners for g in groups for q in g if q.whole]
    # every group's first outline, the likelier way up, through the classifiers at once
    # (a group skipped below costs its share of the batch, no more)
    firsts = _prepare(image, [g[0] for g in groups])
    for group, first in zip(groups, firsts, strict=True):
        cx, cy = group[0].center
        if any(cv2.pointPolygonTest(k.corners.reshape(-1, 1, 2), (cx, cy), False) >= 0 for k, _ in kept):
            continue  # inside a card already read: its inner frame or a big pip
        for k, q in enumerate(group[:MAX_OUTLINES_PER_CARD]):
            r, printed = _read_quad(image, q, t, first if k == 0 else None, trace)
            if r is not None:
                if r.confidence >= threshold:
                    kept.append((q, r))
                break
            if not printed:
                break  # nothing printed inside: another outline of it will not help
    kept[:] = [(q, r) for q, r in kept if counted(r) or not two_cards(q, [k for k, _ in kept if k is not q])]
    # outlines a little off their cards, moved onto the cards' edges (none read: those where A
    # saw a card, at the size of the frame's outlines: a lone card; not every card face down)
    seen = groups if kept else [g for g, f in zip(groups, firsts, strict=True) if f.learned is not None]
    lone = None if kept else card_size(quads)
    _retry(image, seen, kept, threshold, t, partial(_snapped, image=image), trace, lone=lone)
    _retry(image, groups, kept, threshold, t, _grown, trace)  # outlines notably smaller than a card
    # two cards as one outline
    _retry(image, groups, kept, threshold, t, partial(split, image=image), trace, NEAR_CARDS, True)
    read = {id(q) for q, _ in kept}
    # an outline of two overlapping cards (not read as one card): the lower card's
    # index corner may be all that shows of it: read there like a pile's corners
    pairs = []
    for g in groups:
        size = near_size(g[0], [q for q, _ in kept]) if id(g[0]) not in read else None
        pairs += [] if size is None else halves(g[0].corners, size, g[0].contour)
    if halves_out is not None:
        halves_out += pairs
    out = [Detection(r.card, r.confidence, order_clockwise(q.corners)) for q, r in kept]

    # cards in piles and tricks by a visible index corner; a card read twice in
    # different places (one deck) is unsure
    whole = partial(_read_covered, image, t=t, threshold=threshold, trace=trace)
    extra, clash = corner_cards(image, blobs, {d.card: d.corners for d in out}, quads, pairs, whole)
    found = [d for d in out if d.card not in clash] + [
        Detection(c.card, c.confidence, order_clockwise(c.outline))
        for c in extra
        if c.confidence >= threshold
    ]
    return one_card_per_corner(one_place_per_card(found))


def _read_covered(
    image: NDArray[Any], outlines: Outlines, t: Templates, threshold: float, trace: Trace = None
) -> list[CornerCard | None]:
    """Cards on pile outlines ((4, 2) image pixels each, the index corner first) whose
    index alone read nothing, read as whole cards that may lie partly under others (the
    reader's rules for such a card: ``_read(covered=True, partial=True)``), None where
    unread or under ``threshold``; an outline that reads nothing is read again moved onto
    its card's own edges (:func:`vision.snap.snap`: an outline laid at a pile's corner,
    sized like the frame's cards, lies off a card turned or sized otherwise; generated
    piles of the benchmark's seed, 100 frames: 571 -> 608 of 690 read, in held-apart
    fonts 491 -> 526 of 704, 0 wrong). A card read on the outline as given is placed on
    its own edges where they make an outline at the same index corner (within
    SAME_INDEX of the short side): the outline given is sized like the frame's cards,
    and a card 90 px wide among cards of 100 was reported 11 px off (``trace``: :func:`_read`'s)."""
    res = _covered_reads(image, outlines, t, threshold, trace)
    size = card_size(list(outlines))
    if size is None:
        return res
    for k, r in enumerate(res):
        if r is None:
            continue
        # read on an outline sized like the frame's cards: where the card's own edges
        # make an outline at the same index corner, that is where it lies
        s = snap(r.outline, image, size[0])
        if s is not None and float(np.hypot(*(s[0] - r.outline[0]))) < SAME_INDEX * size[0]:
            res[k] = CornerCard(r.card, r.confidence, s)
    again = [(k, snap(outlines[k], image, size[0])) for k, r in enumerate(res) if r is None]
    moved = [(k, s) for k, s in again if s is not None]
    reads = _covered_reads(image, [s for _, s in moved], t, threshold, trace)
    for (k, _), r in zip(moved, reads, strict=True):
        res[k] = r
    return res


#: a pile card's outline moved onto its edges is its own where its index corner moved
#: less than this share of the cards' short side
SAME_INDEX = 0.05


def _covered_reads(
    image: NDArray[Any], outlines: Outlines, t: Templates, threshold: float, trace: Trace = None
) -> list[CornerCard | None]:
    """:func:`_read_covered` without the second try: the classifiers on all the outlines'
    corner crops at once, the rest of the reading only where a learned reading may start
    (:func:`vision.verdict.candidates`)."""
    cards = [warp(image, o) for o in outlines]
    res: list[CornerCard | None] = []
    for o, c, learned in zip(outlines, cards, read_corners_batch(cards), strict=True):
        r = (
            None
            if learned is None or not candidates(learned)
            else _read(c, t, _Prepared(c, learned), trace, covered=True, partial=True)[0]
        )
        res.append(None if r is None or r.confidence < threshold else CornerCard(r.card, r.confidence, o))
    return res
