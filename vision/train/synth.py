"""Generated training crops: card faces (CC0 art, font glyphs) on generated tables.

Every sample is one card rendered into a small scene the way the webcam sees it
(60-150 px wide in most samples, close-ups up to 450 px), then found again
with a slightly wrong outline, rectified with :func:`vision.detector.warp`
and cut with :func:`vision.corners.corner_crops`, exactly as the reader does.

Faces: the CC0 ``@letele/playing-cards`` art (rendered once with node and
cairosvg, see :func:`load_art`), or that art with its indices painted over
and redrawn from a font glyph (rank) and a suit shape (font symbol, CC0 pip or
a drawn shape) at a random place, size, squeeze, weight and ink colour.
Tables: light wood and maple with grain, white and beige cloth, felt, dark
cloth, patterned mats; chips and hand-coloured blobs; shadows, glare, colour
casts, blur, noise and JPEG. Occluding cards cover indices (then labelled
"none", or dropped when the cover is partial and ambiguous).

"none" crops: the corners seen through the wrong portrait order (the card
turned a quarter), card backs, blank faces, outlines inside a card (picture
frame, pips), bare table.

Labels: rank index into RANKS (13 = none) and suit index into SUITS (4 = none).
All randomness comes from a ``numpy.random.Generator``: a chunk of samples is
a pure function of (seed, chunk number, font list).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.corners import corner_crops
from vision.detector import warp
from vision.train.art import ART_INDEX as ART_INDEX
from vision.train.art import COURT_CARDS as COURT_CARDS
from vision.train.art import COURTS as COURTS
from vision.train.art import FH as FH
from vision.train.art import FW as FW
from vision.train.art import RANKS as RANKS
from vision.train.art import SUITS as SUITS
from vision.train.art import load_art as load_art
from vision.train.art import other_picture as other_picture
from vision.train.art import render_svgs as render_svgs
from vision.train.letters import drawn_queens
from vision.train.scene import NONE_RANK as NONE_RANK
from vision.train.scene import NONE_SUIT as NONE_SUIT
from vision.train.scene import light, occlude
from vision.train.suits import VARIED_SUITS, art_suit_shapes, crop_ink, drawn_suits, varied_suits
from vision.train.tables import grid as grid
from vision.train.tables import reset_noise as reset_noise
from vision.train.tables import table as table

RANK_TEXT = {r: ("10" if r == "T" else r) for r in RANKS}
SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

Mask = NDArray[np.uint8]
Img = NDArray[np.uint8]

# ----------------------------------------------------------------------------- art
# (vision.train.art: the CC0 faces, other_picture, re-exported here; vision.train.suits: the suit shapes)


# ----------------------------------------------------------------------------- glyphs


@dataclass
class GlyphBank:
    """Rank glyphs and suit shapes as soft masks (0-255, cropped, ~64 px tall)."""

    ranks: dict[str, list[Mask]]
    suits: dict[str, list[Mask]]


def _text_mask(font: Any, text: str) -> Mask | None:
    from PIL import Image, ImageDraw

    img = Image.new("L", (220, 140), 0)
    ImageDraw.Draw(img).text((20, 10), text, fill=255, font=font)
    return crop_ink(np.asarray(img, np.uint8))


def build_bank(
    font_paths: list[Path],
    art: dict[str, NDArray[np.uint8]],
    rng: np.random.Generator,
    art_suits: bool = True,
    more_suits: bool = False,
    queens: int = 0,
) -> GlyphBank:
    """Glyph bank of the given fonts (ranks; suits where the font has real suit
    symbols), plus CC0 art suit shapes (``art_suits``) and drawn suit shapes;
    ``more_suits``: VARIED_SUITS more drawn designs a suit (:func:`vision.train.suits.varied_suits`),
    drawn after all the rest (the bank without them is the same as before); ``queens``:
    that many drawn playing-card Qs (:func:`vision.train.letters.drawn_queens`), drawn
    after those."""
    from PIL import ImageFont

    ranks: dict[str, list[Mask]] = {r: [] for r in RANKS}
    suits: dict[str, list[Mask]] = {s: [] for s in SUITS}
    for p in font_paths:
        font = ImageFont.truetype(str(p), 64)
        notdef = _text_mask(font, "\ue000")
        drawn = partial(_font_has, font, notdef)
        for r in RANKS:
            if r == "T":
                one, zero = drawn("1"), drawn("0")
                if one is None or zero is None:
                    continue
                ranks[r].append(_join_ten(one, zero, 0.08))
                m = _text_mask(font, "10")
            else:
                m = drawn(r)
            if m is not None:
                ranks[r].append(m)
        for s in SUITS:
            m = drawn(SUIT_CHARS[s])
            if m is not None:
                suits[s].append(m)
    if art_suits:
        for s, ms in art_suit_shapes(art).items():
            suits[s].extend(ms)
    for s, ms in drawn_suits(rng, 6).items():
        suits[s].extend(ms)
    if more_suits:
        for s, ms in varied_suits(rng, VARIED_SUITS).items():
            suits[s].extend(ms)
    if queens:
        ranks["Q"].extend(drawn_queens(rng, queens))
    return GlyphBank(ranks, suits)


def _font_has(font: Any, notdef: Mask | None, text: str) -> Mask | None:
    """``text`` drawn in ``font`` (:func:`_text_mask`), None where the font lacks it and
    draws its "missing glyph" box ``notdef`` instead (NotoSansSymbols2, in group B for
    its suit symbols, has no letters: its boxes were taught to B as A, J, Q and K)."""
    m = _text_mask(font, text)
    if m is None or (notdef is not None and m.shape == notdef.shape and np.array_equal(m, notdef)):
        return None
    return m


def _join_ten(one: Mask, zero: Mask, gap: float) -> Mask:
    """ "1" and "0" side by side with ``gap`` (fraction of the height, may be < 0)."""
    h = max(one.shape[0], zero.shape[0])
    g = round(gap * h)
    w = one.shape[1] + zero.shape[1] + max(g, -one.shape[1] // 2)
    out = np.zeros((h, max(w, zero.shape[1] + 1)), np.uint8)
    out[h - one.shape[0] :, : one.shape[1]] = one
    x = out.shape[1] - zero.shape[1]
    sub = out[h - zero.shape[0] :, x:]
    np.maximum(sub, zero, out=sub)
    return out


# ----------------------------------------------------------------------------- faces


def _paste(
    face: NDArray[np.float32],
    mask: Mask,
    x: int,
    y: int,
    h: int,
    squeeze: float,
    colour: NDArray[np.float32],
    weight: int,
) -> tuple[int, int, int, int] | None:
    """Draw ``mask`` scaled to height ``h`` (width times ``squeeze``) at (x, y) in
    ``colour``; ``weight`` -1/0/1 thins/keeps/bolds, 2 draws the glyph's outline
    only (decks with hollow, outlined index digits). Returns the drawn box or None."""
    mh, mw = mask.shape
    w = max(2, round(mw * h / mh * squeeze))
    m: Any = mask
    if weight == 2:
        k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        m = cv2.morphologyEx(mask, cv2.MORPH_GRADIENT, k)
    elif weight:
        k = np.ones((3, 3), np.uint8)
        m = cv2.dilate(mask, k, iterations=2) if weight > 0 else cv2.erode(mask, k, iterations=1)
        if not m.any():
            m = mask
    a = cv2.resize(m, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    fh, fw = face.shape[:2]
    if x < 0 or y < 0 or x + w > fw or y + h > fh:
        return None
    sub = face[y : y + h, x : x + w]
    sub *= 1 - a[..., None]
    sub += a[..., None] * colour
    return x, y, w, h


def ink_colour(rng: np.random.Generator, suit: str, wide: bool = False) -> NDArray[np.float32]:
    """BGR ink of a suit's print: reds for H/D, blacks (some blue-black) for S/C.
    ``wide`` (``--varied-inks``): a third of the reds dark maroon (red 60-140, as a
    real deck's red index measured darkest (40, 40, 73) in its photo), a third pale
    (green and blue 45-75% of red 160-235: faded or pinkish print, (106, 125, 178));
    a fifth of the blacks grey (60-120: thin strokes of a pale print); the rest as
    without it."""
    if wide:
        u = rng.random()
        if suit in "HD" and u < 1 / 3:
            r = rng.uniform(60, 140)
            return np.array([r * rng.uniform(0.25, 0.65), r * rng.uniform(0.25, 0.6), r], np.float32)
        if suit in "HD" and u < 2 / 3:
            r = rng.uniform(160, 235)
            return np.array([r * rng.uniform(0.45, 0.75), r * rng.uniform(0.45, 0.75), r], np.float32)
        if suit in "SC" and u < 0.2:
            g = rng.uniform(60, 120)
            return np.array([g + rng.uniform(0, 20), g, g], np.float32)
    if suit in "HD":
        return np.array([rng.uniform(20, 90), rng.uniform(10, 70), rng.uniform(140, 235)], np.float32)
    g = rng.uniform(0, 60)
    return np.array([g + rng.uniform(0, 40), g, g], np.float32)


#: share of the redrawn indices drawn large with ``--jumbo-indices`` (:func:`font_face`):
#: a real deck's "A" measured 0.21 of its card's height (the redrawn ones 0.075-0.14), its
#: suit cut off by the corner zone but for the top
JUMBO_SHARE = 0.25

#: share of the redrawn glyphs bent with ``--varied-glyphs`` (:func:`vary_glyph`)
VARIED_GLYPHS = 0.5


def vary_glyph(rng: np.random.Generator, mask: Mask) -> Mask:
    """``mask`` (a soft glyph mask, 0-255) bent as a deck's own drawing of the glyph
    may differ from every font: a smooth random displacement of 2-6% of its height
    (an elastic distortion, the bends of hand-drawn index glyphs) and, one time in
    three, a slant of up to 0.12. Returns a new mask, cropped to the ink."""
    h = mask.shape[0]
    pad = max(2, round(0.1 * h))
    m = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    ph, pw = m.shape
    sigma = rng.uniform(0.12, 0.25) * h
    alpha = rng.uniform(0.02, 0.06) * h
    fields = []
    for _ in range(2):
        f = np.asarray(
            cv2.GaussianBlur(rng.uniform(-1, 1, (ph, pw)).astype(np.float32), (0, 0), sigma), np.float32
        )
        f = f * np.float32(alpha / max(float(np.abs(f).max()), 1e-6))
        fields.append(f)
    yy, xx = np.mgrid[0:ph, 0:pw].astype(np.float32)
    if rng.random() < 1 / 3:
        xx += np.float32(rng.uniform(-0.12, 0.12)) * (yy - ph / 2)
    out = np.asarray(cv2.remap(m, xx + fields[0], yy + fields[1], cv2.INTER_LINEAR, borderValue=0), np.uint8)
    c = crop_ink(out)
    return mask if c is None else c


def font_face(
    rng: np.random.Generator,
    art: dict[str, NDArray[np.uint8]],
    bank: GlyphBank,
    card: str,
    vary: bool = False,
    inks: bool = False,
    jumbo: bool = False,
    jumbo_share: float = JUMBO_SHARE,
    mirror: bool = False,
) -> tuple[NDArray[np.uint8], tuple[int, int, int, int]] | None:
    """A BGRA face of ``card`` (FH, FW, 4): the CC0 art with its indices redrawn from
    ``bank``; and the rank glyph's box (x, y, w, h). None if the bank lacks glyphs.
    ``vary`` (the training crops' faces): a share VARIED_GLYPHS of the rank and suit
    glyphs bent (:func:`vary_glyph`); without it the draws are as before. ``inks``:
    the index inks of :func:`ink_colour` ``wide``. ``jumbo`` (``--jumbo-indices``): a
    share JUMBO_SHARE of the indices drawn 0.14-0.21 of the face's height (the rank;
    its suit 0.45-0.8 of that), as "jumbo index" decks print them: the suit then often
    lies partly outside the classifiers' corner zone (:data:`vision.corners.CROP_H`).
    ``jumbo_share``: that share instead (1.0: every index; the benchmark's jumbo set).
    ``mirror`` (``--mirrored-courts``): half the J, Q and K faces turned over left to right
    (the CC0 art's old indices painted out), which puts the picture's big suit symbol beside
    the index where the art has it across the picture, as many decks print it: a pip beside
    the index is then no sign of a 9 or 10."""
    rank, suit = card[0], card[1]
    if not bank.ranks[rank] or not bank.suits[suit]:
        return None
    src = art[card]
    zones = [(True, True), (False, False)]  # the index zones painted out: (top, left)
    if mirror and rank in COURTS and rng.random() < 0.5:
        src = src[:, ::-1]
        zones += [(True, False), (False, True)]
    face = src[..., :3].astype(np.float32)
    alpha = np.ascontiguousarray(src[..., 3])
    x1, y1 = round(ART_INDEX[2] * FW), round(ART_INDEX[3] * FH)
    paper = np.float32(255.0)
    for top, left in zones:  # y1 x x1, 4 px in from the card's edges
        rows = slice(4, y1) if top else slice(FH - y1, FH - 4)
        face[rows, slice(4, x1) if left else slice(FW - x1, FW - 4)] = paper
    rmask = bank.ranks[rank][int(rng.integers(len(bank.ranks[rank])))]
    smask = bank.suits[suit][int(rng.integers(len(bank.suits[suit])))]
    if vary and rng.random() < VARIED_GLYPHS:
        rmask, smask = vary_glyph(rng, rmask), vary_glyph(rng, smask)
    hr = round(rng.uniform(0.075, 0.14) * FH)
    squeeze = rng.uniform(0.6, 1.15) if rank == "T" else rng.uniform(0.75, 1.2)
    weight = int(rng.choice([-1, 0, 0, 1, 2]))
    col = ink_colour(rng, suit, inks)
    hs = round(hr * rng.uniform(0.55, 0.95))
    if jumbo and rng.random() < jumbo_share:  # after the plain draws: without it, the draws before
        hr = round(rng.uniform(0.14, 0.21) * FH)
        hs = round(hr * rng.uniform(0.45, 0.8))
    x = round(rng.uniform(0.02, 0.07) * FW)
    y = round(rng.uniform(0.02, 0.06) * FH)
    layer = np.full((FH // 2, FW // 2, 3), 255.0, np.float32)
    box = _paste(layer, rmask, x, y, hr, squeeze, col, weight)
    if box is None:
        return None
    rw = box[2]
    sw = round(smask.shape[1] * hs / smask.shape[0] * rng.uniform(0.85, 1.15))
    sx = x + rw // 2 - sw // 2 + round(rng.uniform(-0.15, 0.15) * rw)
    sy = y + hr + round(rng.uniform(0.0, 0.25) * hs)
    if _paste(layer, smask, max(1, sx), sy, hs, sw / (smask.shape[1] * hs / smask.shape[0]), col, 0) is None:
        return None
    lh, lw = layer.shape[:2]
    face[:lh, :lw] = np.minimum(face[:lh, :lw], layer)
    face[FH - lh :, FW - lw :] = np.minimum(face[FH - lh :, FW - lw :], layer[::-1, ::-1])
    out = np.dstack([np.clip(face, 0, 255).astype(np.uint8), alpha])
    return out, box


def back_face(rng: np.random.Generator, art: dict[str, NDArray[np.uint8]]) -> NDArray[np.uint8]:
    """A card back: one of the CC0 backs or a drawn pattern (lines, checks) in a colour."""
    if rng.random() < 0.4:
        return art["B1" if rng.random() < 0.5 else "B2"]
    col = rng.choice(
        [np.array([40, 40, 180]), np.array([160, 60, 20]), np.array([30, 30, 30]), np.array([40, 120, 40])]
    ) + rng.uniform(-30, 30, 3)
    yy, xx = np.mgrid[0:FH, 0:FW].astype(np.float32)
    f = rng.uniform(0.1, 0.5)
    pat = (np.sin((xx + yy) * f) > 0) ^ (np.sin((xx - yy) * f) > rng.uniform(-0.5, 0.5))
    img = np.where(pat[..., None], col, 255 - 0.3 * (255 - col)).astype(np.float32)
    m = round(rng.uniform(0.0, 0.07) * FW)
    if m:
        img[:m] = img[-m:] = img[:, :m] = img[:, -m:] = 250
    a = art["AS"][..., 3]
    return np.dstack([np.clip(img, 0, 255).astype(np.uint8), a])


def blank_face(art: dict[str, NDArray[np.uint8]]) -> NDArray[np.uint8]:
    """A face with nothing printed (the art's outline only)."""
    f = art["AS"].copy()
    f[6:-6, 6:-6, :3] = 255
    return f


# ----------------------------------------------------------------------------- scenes


@dataclass
class Sample:
    """Crops (n, IN_H, IN_W, 3) uint8 and their labels: rank (n,), suit (n,) int64,
    and ``card`` (n,) int64: the card whose face the crop was cut from, as
    4 x rank + suit, whatever the crop shows (-1 for a back or a blank face). A
    covered index, a turned corner or an inner outline is labelled none, yet a
    reading of ``card`` there is no wrong report (calibration counts it neither
    right nor wrong)."""

    crops: NDArray[np.uint8]
    rank: NDArray[np.int64]
    suit: NDArray[np.int64]
    card: NDArray[np.int64]


def render(
    rng: np.random.Generator,
    face: NDArray[np.uint8],
    label: tuple[int, int],
    box: tuple[int, int, int, int] | None,
    art: dict[str, NDArray[np.uint8]],
    inner: bool = False,
    warm: float = 0.0,
    zoom: float = 1.0,
) -> Sample:
    """Render one face into a scene, find it again with a small outline error and
    return its corner crops: both index corners with ``label`` (rank, suit) unless
    covered, and the two corners of the turned (wrong) portrait order as none.

    ``box``: the rank glyph's box in face pixels (for the cover test; None: no
    index to cover). ``inner``: the outline found is a rectangle inside the card
    (picture frame, pips): every crop is none. ``warm``: the light of
    :func:`vision.train.scene.light` ``warm`` (``--warm-blacks``). ``zoom``: crops of
    zones that many times larger (:func:`vision.corners.corner_crops`, :mod:`vision.wide`).
    """
    if rng.random() < 0.2:
        cw = float(np.exp(rng.uniform(np.log(150), np.log(200))))
    else:
        cw = float(np.exp(rng.uniform(np.log(55), np.log(150))))
    ch = cw * rng.uniform(1.36, 1.58)
    side = int(np.hypot(cw, ch) * 1.25) + 8
    img: Any = table(rng, side, side).astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    ca, sa = np.cos(ang), np.sin(ang)
    base = np.array([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]])
    rot = base @ np.array([[ca, sa], [-sa, ca]])
    quad = (rot + side / 2 + rng.normal(0, 0.025 * cw, (4, 2))).astype(np.float32)
    src = np.array([[0, 0], [FW - 1, 0], [FW - 1, FH - 1], [0, FH - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad)
    fw = cv2.warpPerspective(
        face,
        m,
        (side, side),
        flags=cv2.INTER_AREA if cw < FW else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0, 0),
    )
    a = fw[..., 3:4].astype(np.float32) * np.float32(1 / 255)
    # drop shadow of the card on the table
    sh = cv2.GaussianBlur(a[..., 0], (0, 0), max(1.0, 0.03 * cw))
    shift = np.roll(sh, (int(rng.integers(0, 4)), int(rng.integers(0, 4))), axis=(0, 1))
    img *= (1 - np.float32(rng.uniform(0.1, 0.5)) * shift)[..., None]
    img += (fw[..., :3].astype(np.float32) - img) * a
    labels = [label, label]
    if box is not None and rng.random() < 0.3:  # another card over part of this one
        img = occlude(rng, img, quad, box, art, cw, ch, labels)
    img = light(rng, img, cw, warm)
    u8: Any = np.clip(img, 0, 255).astype(np.uint8)
    _, enc = cv2.imencode(".jpg", u8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 96))])
    u8 = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    # found again: outline error, then the reader's own rectification and crops
    found = quad + rng.normal(0, rng.uniform(0.004, 0.02) * cw, (4, 2)).astype(np.float32)
    if inner:
        c = found.mean(axis=0)
        k = rng.uniform(0.45, 0.8)
        found = (c + (found - c) * k + rng.normal(0, 0.05 * cw, 2)).astype(np.float32)
        labels = [(NONE_RANK, NONE_SUIT)] * 2
    crops = [corner_crops(warp(u8, found), zoom=zoom)]
    turned = corner_crops(warp(u8, np.roll(found, -1, axis=0)), zoom=zoom)
    crops.append(turned[int(rng.integers(2))][None])
    labels.append((NONE_RANK, NONE_SUIT))
    allc = np.concatenate(crops, axis=0)
    lab = np.array(labels, np.int64)
    keep = lab[:, 0] >= 0
    under = np.full(int(keep.sum()), -1 if label[0] == NONE_RANK else 4 * label[0] + label[1], np.int64)
    return Sample(allc[keep], lab[keep, 0], lab[keep, 1], under)


def art_box(card: str) -> tuple[int, int, int, int]:
    """Rank box of the CC0 art's own index (face pixels)."""
    return (round(0.04 * FW), round(0.025 * FH), round(0.09 * FW), round(0.1 * FH))


def generate(
    seed: int,
    chunk: int,
    n_cards: int,
    art: dict[str, NDArray[np.uint8]],
    bank: GlyphBank,
    art_frac: float = 0.3,
    vary_glyphs: bool = False,
    vary_inks: bool = False,
    jumbo: bool = False,
    warm: float = 0.0,
    mirror: bool = False,
    swap: bool = False,
    zoom: float = 1.0,
) -> Sample:
    """``n_cards`` rendered cards (and about a fifth as many backs, blank faces,
    inner outlines) as one Sample; deterministic in (seed, chunk, ``vary_glyphs``:
    a share of the redrawn glyphs bent, :func:`font_face`; ``vary_inks``: their inks
    of :func:`ink_colour` ``wide``; ``jumbo``: a share drawn large, :func:`font_face`;
    ``warm``: the most red of the warm veil over a share of the scenes, 0 for none,
    :func:`vision.train.scene.light`; ``mirror``: half the court faces turned over,
    :func:`font_face`; ``swap``: each court card drawn on the picture of a court card
    drawn at random, :func:`other_picture`; ``zoom``: :func:`render`'s)."""
    rng = np.random.default_rng([seed, chunk])
    reset_noise()
    cards = [f"{r}{s}" for r in RANKS for s in SUITS]
    out: list[Sample] = []
    draw = partial(render, warm=warm, zoom=zoom)
    for _ in range(n_cards):
        u = rng.random()
        if u < 0.08:
            out.append(draw(rng, back_face(rng, art), (NONE_RANK, NONE_SUIT), None, art))
            continue
        if u < 0.11:
            out.append(draw(rng, blank_face(art), (NONE_RANK, NONE_SUIT), None, art))
            continue
        card = cards[int(rng.integers(len(cards)))]
        lab = (RANKS.index(card[0]), SUITS.index(card[1]))
        own = art
        if swap and card[0] in COURTS:  # (no draw without it: the draws before stay)
            own = {card: other_picture(art, card, COURT_CARDS[int(rng.integers(len(COURT_CARDS)))])}
        made = (
            None
            if rng.random() < art_frac
            else font_face(rng, own, bank, card, vary_glyphs, vary_inks, jumbo, mirror=mirror)
        )
        face, box = made if made is not None else (own[card], art_box(card))
        out.append(draw(rng, face, lab, box, art, inner=u < 0.16))
    return Sample(
        np.concatenate([s.crops for s in out]),
        np.concatenate([s.rank for s in out]),
        np.concatenate([s.suit for s in out]),
        np.concatenate([s.card for s in out]),
    )
