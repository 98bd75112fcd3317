"""Generated 1280x720 table frames for the benchmark (fixed seeds; numpy + OpenCV only).

:func:`pile_scene` (:func:`pile_frame`): a table (light wood, maple, cloth, felt, dark cloth, mat)
with cards 80-110 px wide: a trick of four slightly overlapping cards, a pile
of several heavily overlapping ones, singles, and face-down cards, chips and
hands as distractors; gradient light, glare, blur, noise, JPEG. Returns the
frame, the cards whose index shows on at least one corner (the labels) and
every face-up card in it. :func:`empty_frame`: the same without face-up cards.

The same for :func:`hand_scene`: a hold'em layout (five cards in a row, hands of two
cards lying partly over each other, face-down stacks), often on a dark printed mat,
a third of the frames seen obliquely.

:func:`lone_scene`: ten cards lying apart, every index redrawn from a glyph bank, large
as "jumbo index" decks print them (0.14-0.21 of the card's height).

Needs the CC0 art (:func:`vision.train.synth.load_art`), not torch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.train import synth

W, H = 1280, 720


def _card_box(cx: float, cy: float, cw: float, ang: float) -> NDArray[np.float32]:
    """Image corners (4, 2) of a card ``cw`` px wide (1.4 times as tall) centred on
    (cx, cy), turned ``ang`` degrees: its top-left, top-right, bottom-right,
    bottom-left. (``cv2.boxPoints`` starts at the bottom-left: taken as it is, a
    card's top edge went onto a long side, its face stretched across.)"""
    box = cv2.boxPoints(((cx, cy), (cw, cw * 1.4), ang)).astype(np.float32)
    return np.roll(box, -1, axis=0)


def _place(
    rng: np.random.Generator,
    img: NDArray[np.float32],
    cover: NDArray[np.int32],
    face: NDArray[np.uint8],
    cx: float,
    cy: float,
    cw: float,
    ang: float,
    k: int,
) -> None:
    box = _card_box(cx, cy, cw, ang)
    src = np.array([[0, 0], [synth.FW - 1, 0], [synth.FW - 1, synth.FH - 1], [0, synth.FH - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, box)
    fw = cv2.warpPerspective(face, m, (W, H), flags=cv2.INTER_AREA, borderValue=(0, 0, 0, 0))
    a = fw[..., 3:4].astype(np.float32) / 255.0
    sh = cv2.GaussianBlur(a[..., 0], (0, 0), 2.5)
    img *= (1 - 0.35 * np.roll(sh, (2, 2), axis=(0, 1)))[..., None]
    img += (fw[..., :3].astype(np.float32) - img) * a
    cover[a[..., 0] > 0.5] = k
    return None


def _face(
    rng: np.random.Generator,
    redraw: np.random.Generator,
    art: dict[str, Any],
    bank: synth.GlyphBank | None,
    card: str,
    up: bool,
) -> NDArray[np.uint8]:
    """The face (FH, FW, 4) BGRA to lay: ``card``'s art (with ``bank``, a share REDRAWN
    get their indices redrawn from it, drawn with ``redraw``), or a back when not ``up``."""
    face: NDArray[np.uint8] = art[card] if up else synth.back_face(rng, art)
    if up and bank is not None and redraw.random() < REDRAWN:
        made = synth.font_face(redraw, art, bank, card)
        face = art[card] if made is None else made[0]
    return face


def _chips(rng: np.random.Generator, img: NDArray[np.float32], n: int) -> None:
    """Draw ``n`` chips (discs of a random colour with a pale ring) on ``img``."""
    for _ in range(n):
        c = (int(rng.integers(0, W)), int(rng.integers(0, H)))
        r = int(rng.integers(12, 22))
        cv2.circle(img, c, r, rng.uniform(0, 255, 3).tolist(), -1)
        cv2.circle(img, c, r * 2 // 3, (230, 230, 230), 2)


def _index_boxes(cx: float, cy: float, cw: float, ang: float) -> list[NDArray[Any]]:
    """The two index boxes (image polygons) of a card placed like :func:`_place`."""
    box = _card_box(cx, cy, cw, ang)
    src = np.array([[0, 0], [synth.FW - 1, 0], [synth.FW - 1, synth.FH - 1], [0, synth.FH - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, box)
    x, y, w, h = synth.art_box("")
    out = []
    for bx, by in ((x, y), (synth.FW - x - w, synth.FH - y - h)):
        pts = np.array([[bx, by], [bx + w, by], [bx + w, by + h * 2], [bx, by + h * 2]], np.float32).reshape(
            -1, 1, 2
        )
        out.append(cv2.perspectiveTransform(pts, m).reshape(-1, 2))
    return out


@dataclass(frozen=True)
class PileScene:
    """A generated frame with what lies on it: ``frame`` BGR (720, 1280, 3) uint8,
    ``labels`` the cards with one index fully visible, ``cards`` every face-up card,
    and ``outlines`` each face-up card's outline (4, 2) float32 image pixels: its
    top-left (an index corner), top-right, bottom-right (the other), bottom-left."""

    frame: NDArray[np.uint8]
    labels: list[str]
    cards: list[str]
    outlines: dict[str, NDArray[np.float32]]


def _table(seed: int, stream: int) -> tuple[np.random.Generator, np.random.Generator, Any]:
    """(the scene's generator, seeded (seed, stream); the index redraws' own, (seed,
    stream + 1); a table (H, W, 3) float32 drawn with the first), the noise reset."""
    rng = np.random.default_rng([seed, stream])
    redraw = np.random.default_rng([seed, stream + 1])
    synth.reset_noise()
    return rng, redraw, synth.table(rng, H, W).astype(np.float32)


def _shuffled(rng: np.random.Generator) -> tuple[list[str], NDArray[Any]]:
    """(the 52 cards, a permutation of their indices drawn with ``rng``)."""
    deck = [f"{r}{s}" for r in synth.RANKS for s in synth.SUITS]
    return deck, rng.permutation(len(deck))


def pile_frame(seed: int, art: dict[str, Any], face_up: bool = True) -> tuple[Any, list[str], list[str]]:
    """(frame BGR (720, 1280, 3), labels: cards with one index fully visible, all
    face-up cards) of :func:`pile_scene`. ``face_up`` False: backs, chips and hands only."""
    s = pile_scene(seed, art, face_up)
    return s.frame, s.labels, s.cards


#: with a glyph bank, this share of the face-up cards have their indices redrawn from
#: it (:func:`vision.train.synth.font_face`), as in the generated crop sets
REDRAWN = 0.7


def pile_scene(
    seed: int, art: dict[str, Any], face_up: bool = True, bank: synth.GlyphBank | None = None
) -> PileScene:
    """The frame of seed ``seed`` (see the module) and what lies on it. ``face_up``
    False: backs, chips and hands only. ``bank``: a share REDRAWN of the face-up
    cards get their indices redrawn from its glyphs (other fonts than the art's;
    from a generator of their own, so the scene is otherwise the same)."""
    rng, redraw, img = _table(seed, 7)
    cover = np.zeros((H, W), np.int32)
    deck, order = _shuffled(rng)
    placed: list[tuple[str, float, float, float, float, int]] = []
    k = 1
    cw0 = rng.uniform(80, 110)
    spots = []
    # a trick: four cards round a centre, slightly overlapping
    tx, ty = rng.uniform(450, 800), rng.uniform(250, 470)
    for i in range(4):
        a = i * np.pi / 2 + rng.uniform(-0.3, 0.3)
        spots.append((tx + 72 * np.cos(a), ty + 72 * np.sin(a), rng.uniform(0, 360)))
    # a pile of gathered tricks
    px, py = rng.uniform(150, 300), rng.uniform(150, 570)
    for _ in range(int(rng.integers(3, 6))):
        spots.append((px + rng.uniform(-25, 25), py + rng.uniform(-25, 25), rng.uniform(0, 360)))
    # singles along the edges
    for i in range(int(rng.integers(2, 5))):
        spots.append((rng.uniform(1060, 1180), 110 + 165 * i + rng.uniform(-10, 10), rng.uniform(0, 360)))
    for j, (x, y, ang) in enumerate(spots):
        card = deck[int(order[j])]
        cw = cw0 * rng.uniform(0.95, 1.05)
        up = face_up and rng.random() > 0.1
        face = _face(rng, redraw, art, bank, card, up)
        _place(rng, img, cover, face, x, y, cw, ang, k)
        if up:
            placed.append((card, x, y, cw, ang, k))
        k += 1
    _chips(rng, img, int(rng.integers(1, 4)))
    if rng.random() < 0.5:  # a hand
        c = (int(rng.integers(0, W)), int(rng.integers(0, H)))
        col = (np.array([120, 150, 200]) + rng.uniform(-40, 30, 3)).tolist()
        cv2.ellipse(img, c, (90, 45), float(rng.uniform(0, 180)), 0, 360, col, -1)
    labels, cards = _shown(placed, cover)
    frame = _shoot(rng, img)
    outlines = {card: _card_box(x, y, cw, ang) for card, x, y, cw, ang, _ in placed}
    return PileScene(frame, labels, cards, outlines)


def _shown(
    placed: list[tuple[str, float, float, float, float, int]], cover: NDArray[np.int32]
) -> tuple[list[str], list[str]]:
    """(the placed cards with one index box wholly uncovered, every placed card); ``cover``
    (H, W) holds each pixel's topmost card number."""
    labels, cards = [], []
    for card, x, y, cw, ang, kk in placed:
        cards.append(card)
        for poly in _index_boxes(x, y, cw, ang):
            if (
                (poly < 0).any()
                or (poly[:, 0] >= cover.shape[1]).any()
                or (poly[:, 1] >= cover.shape[0]).any()
            ):
                continue  # partly out of the frame
            m = np.zeros(cover.shape, np.uint8)
            cv2.fillConvexPoly(m, np.round(poly).astype(np.int32), 1)
            sel = m > 0
            if sel.any() and (cover[sel] == kk).all():
                labels.append(card)
                break
    return labels, cards


def _shoot(rng: np.random.Generator, img: Any) -> NDArray[np.uint8]:
    """The laid table ``img`` (H, W, 3) float32 as a camera gives it: a light gradient,
    maybe glare, a colour cast, blur, noise and JPEG (decoded BGR uint8)."""
    h, w = img.shape[:2]
    yy, xx = synth.grid(h, w)
    g = (rng.uniform(-1, 1, 2) / w).astype(np.float32)
    img *= (
        1 - np.float32(rng.uniform(0, 0.35)) * np.clip((xx - w / 2) * g[0] + (yy - h / 2) * g[1] + 0.5, 0, 1)
    )[..., None]
    if rng.random() < 0.4:
        gx, gy = rng.uniform(0, w), rng.uniform(0, h)
        img += (
            np.float32(rng.uniform(40, 120))
            * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / np.float32(2 * rng.uniform(40, 160) ** 2))[
                ..., None
            ]
        )
    img *= (rng.uniform(0.85, 1.1, 3) * rng.uniform(0.6, 1.1)).astype(np.float32)
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.1))
    img += np.float32(rng.uniform(1, 5)) * rng.standard_normal((h, w, 3), dtype=np.float32)
    u8 = np.clip(img, 0, 255).astype(np.uint8)
    _, enc = cv2.imencode(".jpg", u8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 92))])
    return np.asarray(cv2.imdecode(enc, cv2.IMREAD_COLOR), np.uint8)


def _mat(rng: np.random.Generator, img: NDArray[np.float32]) -> None:
    """Lay a dark printed mat (a poker layout: a rounded oblong of cloth with lines,
    rings and lettering in one pale ink) over most of ``img`` (H, W, 3) float32."""
    h, w = img.shape[:2]
    x0, y0 = int(rng.uniform(0, 0.12 * w)), int(rng.uniform(0, 0.12 * h))
    x1, y1 = w - int(rng.uniform(0, 0.12 * w)), h - int(rng.uniform(0, 0.12 * h))
    r = int(rng.uniform(20, 90))
    inside = np.zeros((h, w), np.uint8)
    cv2.rectangle(inside, (x0 + r, y0), (x1 - r, y1), 1, -1)
    cv2.rectangle(inside, (x0, y0 + r), (x1, y1 - r), 1, -1)
    for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
        cv2.circle(inside, (cx, cy), r, 1, -1)
    yy, xx = synth.grid(h, w)
    t = np.sin(xx * np.float32(rng.uniform(0.02, 0.1))) * np.cos(yy * np.float32(rng.uniform(0.02, 0.1)))
    cloth = rng.uniform(15, 70, 3).astype(np.float32) + (
        rng.uniform(-25, 25, 3).astype(np.float32) * (t > 0.3)[..., None]
    )
    ink = np.zeros((h, w), np.uint8)
    for _ in range(int(rng.integers(2, 6))):
        c = (int(rng.uniform(x0, x1)), int(rng.uniform(y0, y1)))
        cv2.circle(ink, c, int(rng.uniform(20, 80)), 1, int(rng.integers(1, 4)))
    for _ in range(int(rng.integers(1, 4))):
        a = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        cv2.line(ink, a, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), 1, int(rng.integers(1, 4)))
    for _ in range(int(rng.integers(0, 4))):
        word = "POKER"[: int(rng.integers(3, 6))]
        at = (int(rng.uniform(0, w - 200)), int(rng.uniform(40, h)))
        cv2.putText(
            ink, word, at, cv2.FONT_HERSHEY_SIMPLEX, rng.uniform(0.8, 2.5), 1, int(rng.integers(1, 4))
        )
    cloth[ink > 0] = rng.uniform(120, 230, 3).astype(np.float32)
    img[inside > 0] = cloth[inside > 0]


def hand_scene(seed: int, art: dict[str, Any], bank: synth.GlyphBank | None = None) -> PileScene:
    """A generated 1280x720 frame of a hold'em layout, as phone and webcam photos of card
    tables show it: a table (often a dark printed mat over it), five cards in a row in
    the middle, four hands of two cards each, the upper card 0.35-0.75 of a card's
    width along from the lower one and turned up to 12 degrees from it, face-down
    stacks and chips; a third of the frames seen obliquely (the far edge 0.75-0.9 of
    the near one); light, blur, noise and JPEG as :func:`pile_scene`. ``bank``: as
    :func:`pile_scene`. Labels, cards and outlines (image pixels) as :class:`PileScene`."""
    rng, redraw, img = _table(seed, 11)
    if rng.random() < 0.6:
        _mat(rng, img)
    cover = np.zeros((H, W), np.int32)
    deck, order = _shuffled(rng)
    cw0 = rng.uniform(80, 98)
    turn = rng.uniform(0, 360) if rng.random() < 0.25 else rng.uniform(-8, 8)
    ca, sa = np.cos(np.radians(turn)), np.sin(np.radians(turn))

    def at(x: float, y: float) -> tuple[float, float]:  # the layout turned about the middle
        x, y = x - W / 2, y - H / 2
        return W / 2 + x * ca - y * sa, H / 2 + x * sa + y * ca

    spots: list[tuple[float, float, float, bool]] = []
    for i in range(5):
        x, y = at(W / 2 + (i - 2) * cw0 * rng.uniform(1.1, 1.3), H / 2 + rng.uniform(-5, 5))
        spots.append((x, y, turn + rng.uniform(-5, 5), True))
    for hx, hy in ((W / 2, H / 2 - 235), (W / 2, H / 2 + 235), (W / 2 - 470, H / 2), (W / 2 + 470, H / 2)):
        ang = rng.uniform(0, 360)
        step = cw0 * rng.uniform(0.35, 0.75)
        x, y = at(hx + rng.uniform(-30, 30), hy + rng.uniform(-15, 15))
        spots.append((x, y, ang, True))
        a = np.radians(ang)
        spots.append((x + step * np.cos(a), y + step * np.sin(a), ang + rng.uniform(-12, 12), True))
    for _ in range(int(rng.integers(1, 3))):  # face-down stacks
        sx, sy, sang = rng.uniform(80, W - 80), rng.uniform(80, H - 80), rng.uniform(0, 360)
        spots += [(sx + 0.7 * j, sy - 0.7 * j, sang, False) for j in range(int(rng.integers(2, 6)))]
    placed: list[tuple[str, float, float, float, float, int]] = []
    for k, (x, y, ang, up) in enumerate(spots, start=1):
        card = deck[int(order[(k - 1) % len(deck)])]
        cw = cw0 * rng.uniform(0.98, 1.02)
        face = _face(rng, redraw, art, bank, card, up)
        _place(rng, img, cover, face, x, y, cw, ang, k)
        if up:
            placed.append((card, x, y, cw, ang, k))
    _chips(rng, img, int(rng.integers(0, 4)))
    labels, cards = _shown(placed, cover)
    hom: Any = np.eye(3)
    if rng.random() < 1 / 3:  # seen obliquely: the far (top) edge shorter
        f = rng.uniform(0.75, 0.9)
        near = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32)
        far = np.array(
            [[W * (1 - f) / 2, H * (1 - f) / 2], [W * (1 + f) / 2, H * (1 - f) / 2], [W, H], [0, H]],
            np.float32,
        )
        hom = cv2.getPerspectiveTransform(near, far)
        img = cv2.warpPerspective(img, hom, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    frame = _shoot(rng, img)
    outlines = {
        card: np.asarray(
            cv2.perspectiveTransform(_card_box(x, y, cw, ang).reshape(-1, 1, 2), hom), np.float32
        ).reshape(4, 2)
        for card, x, y, cw, ang, _ in placed
    }
    return PileScene(frame, labels, cards, outlines)


def trick_frame(seed: int, art: dict[str, Any], n: int = 13) -> NDArray[np.uint8]:
    """A 1280x720 frame with ``n`` face-up cards ~95 px wide apart on felt (speed tests)."""
    rng = np.random.default_rng([seed, 13])
    img = np.zeros((H, W, 3), np.float32)
    img[:] = (40, 110, 30)
    cover = np.zeros((H, W), np.int32)
    deck = [f"{r}{s}" for r in synth.RANKS for s in synth.SUITS]
    for i in range(n):
        x, y = 110 + 180 * (i % 7), 180 + 330 * (i // 7)
        _place(rng, img, cover, art[deck[(7 * i) % 52]], x, y, 95, float(rng.uniform(0, 360)), i + 1)
    return np.clip(img, 0, 255).astype(np.uint8)


def lone_scene(seed: int, art: dict[str, Any], bank: synth.GlyphBank) -> PileScene:
    """A generated 1280x720 frame of ten face-up cards lying apart (two rows of five,
    70-120 px wide, turned anyhow) on a table, chips among them, every index redrawn
    from ``bank`` as a "jumbo index" deck prints it (:func:`vision.train.synth.font_face`
    with ``jumbo_share`` 1.0: the rank 0.14-0.21 of the face's height, its suit under
    it), the pips or picture drawn smaller in the middle as such a deck has them
    (:func:`_compact`); light, blur, noise and JPEG as :func:`pile_scene`. Labels,
    cards and outlines (image pixels) as :class:`PileScene`."""
    rng, redraw, img = _table(seed, 21)
    deck, order = _shuffled(rng)

    def face_of(k: int) -> tuple[str, NDArray[Any]]:
        card = deck[int(order[k])]
        made = synth.font_face(redraw, {card: _compact(art[card])}, bank, card, jumbo=True, jumbo_share=1.0)
        return card, art[card] if made is None else made[0]

    return _apart(rng, img, face_of)


def apart_scene(seed: int, art: dict[str, Any], bank: synth.GlyphBank, width: float) -> PileScene:
    """A generated 1280x720 frame of ten face-up cards lying apart (two rows of five)
    ``width`` px wide give or take 5%, turned anyhow, on a table with chips among them, a
    share REDRAWN of their indices redrawn from ``bank`` (:func:`_face`); light, blur, noise
    and JPEG as :func:`pile_scene`: the read share by card width that ``referee camera
    check`` advises (:mod:`vision.widths`). Labels, cards and outlines as :class:`PileScene`."""
    rng, redraw, img = _table(seed, 31)
    deck, order = _shuffled(rng)

    def face_of(k: int) -> tuple[str, NDArray[Any]]:
        card = deck[int(order[k])]
        return card, _face(rng, redraw, art, bank, card, True)

    return _apart(rng, img, face_of, width)


def _apart(
    rng: np.random.Generator,
    img: NDArray[Any],
    face_of: Callable[[int], tuple[str, NDArray[Any]]],
    width: float | None = None,
) -> PileScene:
    """Ten cards lying apart on ``img`` (two rows of five, one width of 70-120 px give or
    take 5%, turned anyhow; ``face_of(k)``: the k-th card and its face), chips among
    them, shot (:func:`_shoot`): :func:`lone_scene` and :func:`court_scene`. ``face_of``
    is called after each card's place is drawn from ``rng`` and before its size and turn
    (the order of draws the benchmark's frames were made with). ``width``: that width
    instead of one drawn (the draw is made all the same: the rest of the frame is alike)."""
    cover = np.zeros((H, W), np.int32)
    cw0 = rng.uniform(70, 120)
    cw0 = cw0 if width is None else width
    placed: list[tuple[str, float, float, float, float, int]] = []
    for k in range(10):
        # centres 225 px apart or more: more than a card's diagonal (at most 217 px)
        x = 130 + 255 * (k % 5) + rng.uniform(-15, 15)
        y = 190 + 340 * (k // 5) + rng.uniform(-10, 10)
        card, face = face_of(k)
        cw, ang = cw0 * rng.uniform(0.95, 1.05), rng.uniform(0, 360)
        _place(rng, img, cover, face, x, y, cw, ang, k + 1)
        placed.append((card, x, y, cw, ang, k + 1))
    _chips(rng, img, int(rng.integers(0, 3)))
    labels, cards = _shown(placed, cover)
    frame = _shoot(rng, img)
    outlines = {card: _card_box(x, y, cw, ang) for card, x, y, cw, ang, _ in placed}
    return PileScene(frame, labels, cards, outlines)


def court_scene(seed: int, art: dict[str, Any], bank: synth.GlyphBank) -> PileScene:
    """A generated 1280x720 frame of ten of the twelve court cards lying apart (two
    rows of five, 70-120 px wide, turned anyhow) on a table, chips among them, each
    drawn on the picture of another court card of its suit (a JD on the QD's or the
    KD's: :func:`vision.train.art.other_picture`) with its indices redrawn from
    ``bank``: a deck whose pictures the classifiers never saw with these cards (the
    CC0 art has one picture a court card, learnt with it); light, blur, noise and
    JPEG as :func:`pile_scene`. Labels, cards and outlines (image pixels) as
    :class:`PileScene`."""
    rng, redraw, img = _table(seed, 23)
    order = rng.permutation(len(synth.COURT_CARDS))

    def face_of(k: int) -> tuple[str, NDArray[Any]]:
        card = synth.COURT_CARDS[int(order[k])]
        picture = synth.COURTS.replace(card[0], "")[int(rng.integers(2))] + card[1]
        face = synth.other_picture(art, card, picture)
        made = synth.font_face(redraw, {card: face}, bank, card)
        return card, face if made is None else made[0]

    return _apart(rng, img, face_of)


#: scale of a "jumbo index" face's pips or picture, about the card's middle (:func:`_compact`)
COMPACT = 0.62


def _compact(face: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A BGRA face (FH, FW, 4) with its indices blanked and the rest (pips, picture)
    shrunk COMPACT times about its middle, as a "jumbo index" deck prints it: the large
    index then does not run into the pips (on the CC0 art as it is, a jumbo "9" touching
    the nearest heart made shapes no deck prints)."""
    h, w = face.shape[:2]
    a = face[..., 3:4].astype(np.float32) / 255.0
    rgb = np.clip(face[..., :3] * a + 255.0 * (1.0 - a), 0, 255).astype(np.uint8)  # over white
    x1, y1 = round(synth.ART_INDEX[2] * w), round(synth.ART_INDEX[3] * h)
    rgb[:y1, :x1] = rgb[h - y1 :, w - x1 :] = 255  # the art's own indices
    e = round(0.04 * w)  # the card's edge line: shrunk, it would draw a frame inside the card
    rgb[:e] = rgb[h - e :] = rgb[:, :e] = rgb[:, w - e :] = 255
    m = cv2.getRotationMatrix2D((w / 2, h / 2), 0.0, COMPACT)
    small = cv2.warpAffine(rgb, m, (w, h), flags=cv2.INTER_AREA, borderValue=(255, 255, 255))
    return np.dstack([small, face[..., 3]])
