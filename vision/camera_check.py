"""Is this camera set up to read cards? Measures of one frame and what to change.

:func:`check_frame` measures, on a BGR frame with a few cards face up: the
card outlines found and the cards read, the median card width in pixels, the
play area they span (fractions of the frame), the card/table contrast (grey
levels of card paper minus the table's, on the "whiteness" the outline finder
uses), focus (variance of the Laplacian on the cards, or the whole frame; judged only
where a card is found: a bare table shows few edges however sharp the picture) and
glare (share of saturated pixels). The card outlines found but not read are
:func:`unread_outlines`' (where no card is read, only those whose paper stands out from
the table). :attr:`FrameCheck.advice` lists what to change as (code, value) pairs, most
important first; the command ``referee camera check`` words them (translated). Cards
should be MIN_WIDTH-MAX_WIDTH px wide in a 1280x720 frame: narrower, fewer are read
(measured on generated frames, :mod:`vision.widths`); wider, the camera sees less table
than a game covers (``../shared/spec/vision-notes.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

#: card width (px) range asked for (the range ``referee camera check`` prints). The least:
#: the narrowest cards read as well as at the operating point (cards lying apart on generated
#: tables, 70% of their indices in held-apart fonts, ``python -m vision.widths --data DATA``
#: at seeds 660000 (30 frames a width) and 770000 (60): 900 cards a width read 87.1% at 65 px,
#: 90.6% at 70, 92.2% at 75, 92.2% at 80, more on wider cards; 68% at 55). The most: a
#: 63 mm card 110 px wide is 1.75 px/mm, a 1280 px frame spans 73 cm of table, about what a
#: game covers (wider cards read as well: 97% at 130-160 px, but the table does not fit)
MIN_WIDTH = 75.0
MAX_WIDTH = 110.0
#: the frame size (px) the reader is built for; a smaller frame (either way up) is asked
#: to be set to it
FRAME_SIZE = (1280, 720)
#: share of the card outlines found that must be read for the set-up to pass
MIN_READ_SHARE = 0.5
#: card paper minus table whiteness below which the table is "nearly as white"
MIN_CONTRAST = 45.0
#: the cards' paper whiteness (min of B, G, R, grey levels: the card/table contrast plus the
#: table's) below which the picture is too dark. Measured on generated frames darkened
#: (``python -m vision.widths --data DATA --widths 90 --frames 40 --seed 991000 --exposures
#: 1,0.85,0.7,0.6,0.5,0.4,0.3``: cards lying apart, their frames' pixels times the exposure):
#: read 373, 370, 363, 344, 333, 319, 314 of 400, the median paper 181, 154, 127, 109, 90,
#: 72, 54; by frame (one-off script), darkened frames whose paper measured 140-160 read 190
#: of the 193 cards their bright frame reads, 120-140 298 of 310, 80-120 709 of 776. At full
#: exposure no generated frame measured under 146, no `cards-table` photo under 167.
#: Darkness also lowers the focus measure (the variance scales with the exposure squared:
#: 485 -> 128 at half of it), so a dark picture is not judged blurred
MIN_PAPER = 140.0
#: variance of the Laplacian (grey levels^2) below which the picture is blurred
MIN_FOCUS = 60.0
#: a frame whose 99th percentile grey level is under this, no card found in it, is black (a
#: covered lens, a privacy shutter, a black cloth unlit: no-cards' cloth_dark_right measures 9):
#: said first (a new-user trial: a black frame was said to have no colour); with cards found
#: it is "dark"
BLACK_FRAME = 30.0
#: a frame with more than this share of saturated pixels is over-exposed: said alone
OVEREXPOSED = 0.5
#: share of saturated pixels above which there is glare
MAX_GLARE = 0.01

#: the range of an unread outline's short side, as a share of the cards read's, in which it
#: counts as a card (:func:`unread_outlines`)
SAME_SIZE = (0.7, 1.4)

ADVICE_CODES = (
    "black",
    "overexposed",
    "colourless",
    "no_cards",
    "small_frame",
    "none_read",
    "few_read",
    "too_small",
    "too_large",
    "dark",
    "pale_table",
    "blurred",
    "glare",
    "outside_area",
    "ok",
)


@dataclass
class FrameCheck:
    """Measures of one frame (see the module docstring) and ``advice``: (code, value)
    pairs, codes from ADVICE_CODES (``ok`` alone when nothing needs changing).
    ``small_frame``: the frame is smaller than :data:`FRAME_SIZE` (value: its width);
    ``none_read``: outlines found, no card read (value: the outlines);
    ``few_read``: fewer than :data:`MIN_READ_SHARE` of them read (value: the share read);
    ``dark``: the cards' paper is under :data:`MIN_PAPER` (value: its whiteness);
    ``black``: the frame is black (:data:`BLACK_FRAME`; value: its 99th percentile grey);
    ``overexposed``: more than :data:`OVEREXPOSED` of it saturated (value: the share);
    ``outside_area``: cards read lie outside the play area given (value: how many; the
    referee reads plays only inside it). ``outside``: that many (0 without a play area);
    ``detections`` the cards read (:class:`vision.reader.Detection`), ``unread`` the card
    outlines found and not read (:func:`unread_outlines`);
    ``colourless``: the frame shows no colour (:func:`vision.colour.colourless`: a
    black-and-white camera; the reader reads no card in it)."""

    size: tuple[int, int]
    outlines: int
    cards: list[str]
    card_width: float | None
    play_area: tuple[float, float, float, float] | None
    contrast: float | None
    table_white: float
    focus: float
    glare: float
    advice: list[tuple[str, float]] = field(default_factory=list)
    outside: int = 0
    detections: list[Any] = field(default_factory=list)
    unread: list[NDArray[Any]] = field(default_factory=list)


def _width(corners: NDArray[Any]) -> float:
    s = np.hypot(*(np.roll(corners, -1, axis=0) - corners).T)
    return float(min((s[0] + s[2]) / 2, (s[1] + s[3]) / 2))


def check_frame(
    image: NDArray[Any], play_area: tuple[float, float, float, float] | None = None
) -> FrameCheck:
    """Measure a BGR uint8 frame (H, W, 3). ``play_area``: (x0, y0, x1, y1) fractions of
    the frame where the referee reads plays (``--play-area``): the cards read whose
    centre lies outside it are counted (``outside``, advice ``outside_area``). Raises
    ValueError for another shape."""
    from vision.colour import colourless
    from vision.reader import detect
    from vision.tablemasks import whiteness

    if image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) BGR image, got shape {image.shape}")
    h, w = image.shape[:2]
    dets = detect(image)
    unread = unread_outlines(image, dets)
    quads = [d.corners for d in dets] or unread
    white = whiteness(image)
    mask = np.zeros((h, w), np.uint8)
    for q in quads:
        cv2.fillConvexPoly(mask, np.round(q).astype(np.int32), 255)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    lap = cv2.Laplacian(gray, cv2.CV_32F)
    table_white = _table_white(white, mask)
    inside = mask > 0
    contrast = None
    width = None
    area = None
    if quads:
        contrast = float(np.percentile(white[inside], 75)) - table_white
        width = float(np.median([_width(q) for q in quads]))
        # (an outline may reach a little past the frame's edge: the area stays in it)
        pts = np.clip(np.concatenate(quads) / np.array([w, h], np.float64), 0.0, 1.0)
        area = (
            float(pts[:, 0].min()),
            float(pts[:, 1].min()),
            float(pts[:, 0].max()),
            float(pts[:, 1].max()),
        )
    focus = float(lap[inside].var()) if inside.sum() > 100 else float(lap.var())
    glare = float((image.min(axis=2) >= 250).mean())
    outlines = len(dets) + len(unread)
    brightest = float(np.percentile(gray, 99))
    advice = _advice((w, h), outlines, len(dets), width, contrast, table_white, focus, glare, brightest)
    outside = 0
    if play_area is not None:
        x0, y0, x1, y1 = play_area
        centres = [d.corners.mean(axis=0) / np.array([w, h], np.float64) for d in dets]
        outside = sum(1 for x, y in centres if not (x0 <= x <= x1 and y0 <= y <= y1))
        if outside and advice[0][0] not in ("black", "overexposed"):
            advice = [a for a in advice if a[0] != "ok"] + [("outside_area", float(outside))]
    if advice[0][0] not in ("black", "overexposed") and colourless(image):  # first: no card is read in it
        advice = [("colourless", 0.0), *[a for a in advice if a[0] not in ("none_read", "ok")]]
    cards = [d.card for d in dets]
    return FrameCheck(
        (w, h),
        outlines,
        cards,
        width,
        area,
        contrast,
        table_white,
        focus,
        glare,
        advice,
        outside=outside,
        detections=dets,
        unread=unread,
    )


def _paper(white: NDArray[Any], quad: NDArray[Any]) -> float:
    """The whiteness of the paper inside the outline ``quad`` ((4, 2) pixels) of the
    whiteness image ``white`` (:func:`vision.tablemasks.whiteness`): its 75th percentile,
    as the card/table contrast is measured. Where no card is read, an outline counts as a
    card only if this stands MIN_CONTRAST over the table's: the real photos' cards stand
    73 or more over theirs (``cards-table``, light wood included), the shapes found on
    ``no-cards``' cardless tables 34 at most (a patch of dark cloth 1, of pale wood 4-34)
    (December 7th, session 65; before, each was measured as a card and the frame advised
    on, e.g. "cards are 19 px wide", "the table is nearly as white as the cards" on a
    dark cloth)."""
    m = np.zeros(white.shape[:2], np.uint8)
    cv2.fillConvexPoly(m, np.round(quad).astype(np.int32), 255)
    return float(np.percentile(white[m > 0], 75)) if (m > 0).any() else 0.0


def unread_outlines(image: NDArray[Any], dets: list[Any]) -> list[NDArray[Any]]:
    """Card outlines ((4, 2) image pixels) found in a BGR uint8 frame and not read, of the
    first 13 found (:func:`vision.detector.find_cards`). With cards read (``dets``,
    :class:`vision.reader.Detection`): those whose centre lies in no card read and which
    share less than half of their area with each (an outline of a card read and the one
    beside it is no other card: ``cards-table``'s gerry_all_cards, all 52 read, had 8 such)
    and whose short side is SAME_SIZE times the cards read's (median) short side (one
    deck's cards are one size in a frame; nick_deck1_hand1_end's two shapes 30-37 px wide
    among cards of 80 are none). With none read: those whose paper stands MIN_CONTRAST over
    the table (:func:`_paper`; the table's whiteness the median outside every outline
    found). A card outline not read is a card face down or left unsure, or a shape taken
    for a card."""
    from vision.detector import find_cards
    from vision.outlines import card_size, overlap_share
    from vision.tablemasks import whiteness

    found = find_cards(image)[:13]
    if not dets:
        white = whiteness(image)
        mask = np.zeros(white.shape[:2], np.uint8)
        for q in found:
            cv2.fillConvexPoly(mask, np.round(q.corners).astype(np.int32), 255)
        table = _table_white(white, mask)
        return [q.corners for q in found if _paper(white, q.corners) - table >= MIN_CONTRAST]
    read = [d.corners.reshape(-1, 1, 2).astype(np.float32) for d in dets]
    size = card_size([d.corners for d in dets])
    assert size is not None
    return [
        q.corners
        for q in found
        if all(cv2.pointPolygonTest(c, q.center, False) < 0 for c in read)
        and all(overlap_share(q.corners, d.corners) < 0.5 for d in dets)
        and SAME_SIZE[0] <= _width(q.corners) / size[0] <= SAME_SIZE[1]
    ]


def _table_white(white: NDArray[Any], cards: NDArray[Any]) -> float:
    """The table's whiteness: the median of ``white`` (:func:`vision.tablemasks.whiteness`)
    outside the mask ``cards`` (255 on the outlines), of the whole image where it covers all."""
    table = white[cards == 0]
    return float(np.median(table if table.size else white))


def _advice(
    size: tuple[int, int],
    outlines: int,
    read: int,
    width: float | None,
    contrast: float | None,
    table_white: float,
    focus: float,
    glare: float,
    brightest: float = 255.0,
) -> list[tuple[str, float]]:
    """What to change, most important first: (code, value) pairs of ADVICE_CODES
    (``ok`` alone when nothing needs changing); the measures as in :class:`FrameCheck`,
    ``brightest`` the frame's 99th percentile grey level. The causes come before what
    they cause: a frame too small, cards too small or too large, a dark, blurred or pale
    picture before "few cards read"; in a frame smaller than FRAME_SIZE the cards' width
    is judged as it would be at FRAME_SIZE (:func:`at_frame_size`), and few cards read
    there is no advice of its own (a new-user trial: a 640x480 frame was told to move the
    camera down, where at 1280x720 its cards would have been 80 px wide)."""
    if brightest < BLACK_FRAME and width is None:
        return [("black", brightest), ("no_cards", 0.0)]  # a covered lens, or a black cloth unlit
    if glare > OVEREXPOSED:
        return [("overexposed", glare)]
    advice: list[tuple[str, float]] = []
    small = is_small(size)
    if small:
        advice.append(("small_frame", float(size[0])))
    if width is None or contrast is None:
        advice.append(("no_cards", 0.0))
        if table_white >= 255 - MIN_CONTRAST:
            advice.append(("pale_table", table_white))
    else:
        # in whole pixels, as printed: 74.6 px is "75 px", inside 75-110
        seen = round(at_frame_size(width, size))
        if seen < MIN_WIDTH:
            advice.append(("too_small", float(seen)))
        elif seen > MAX_WIDTH:
            advice.append(("too_large", float(seen)))
        paper = contrast + table_white
        if paper < MIN_PAPER:
            advice.append(("dark", paper))  # (not "pale_table": the table is darker still)
        elif focus < MIN_FOCUS:
            advice.append(("blurred", focus))  # (on the cards: a bare table shows few edges)
        if paper >= MIN_PAPER and contrast < MIN_CONTRAST:
            advice.append(("pale_table", contrast))
        if not small and read == 0:
            advice.append(("none_read", float(outlines)))
        elif not small and read < MIN_READ_SHARE * outlines:
            advice.append(("few_read", read / outlines))
    if glare > MAX_GLARE:
        advice.append(("glare", glare))
    return advice or [("ok", 0.0)]


def is_small(size: tuple[int, int]) -> bool:
    """True if a frame of ``size`` (w, h) is smaller than FRAME_SIZE either way (a portrait
    frame too): the camera is to be set to FRAME_SIZE."""
    return max(size) < max(FRAME_SIZE) or min(size) < min(FRAME_SIZE)


def at_frame_size(width: float, size: tuple[int, int]) -> float:
    """A card ``width`` px wide in a frame of ``size`` (w, h) as wide as it would be in a
    FRAME_SIZE frame of the same view (scaled by the longer sides; ``width`` itself in a
    frame of FRAME_SIZE or larger)."""
    return width * max(1.0, max(FRAME_SIZE) / max(size))
