"""Deterministic synthetic table frames for the vision tests (built at test time).

Everything is drawn with OpenCV primitives: card faces (Hershey index glyphs,
polygon/circle pips in the standard layouts), face-down cards with a patterned
back, poker chips, a hand, and table textures (felt, wood, dark cloth).
Images are BGR uint8; coordinates are pixels, x right, y down.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

CARD_W, CARD_H = 250, 350  # drawn card size before placing (5:7)
RED = (30, 30, 210)
BLACK = (25, 25, 25)

# pip centres (fractions of width, height) for ranks 2..10
LAYOUTS: dict[str, list[tuple[float, float]]] = {}
_L, _C, _R = 0.32, 0.5, 0.68
LAYOUTS["2"] = [(_C, 0.2), (_C, 0.8)]
LAYOUTS["3"] = [*LAYOUTS["2"], (_C, 0.5)]
LAYOUTS["4"] = [(_L, 0.2), (_R, 0.2), (_L, 0.8), (_R, 0.8)]
LAYOUTS["5"] = [*LAYOUTS["4"], (_C, 0.5)]
LAYOUTS["6"] = [*LAYOUTS["4"], (_L, 0.5), (_R, 0.5)]
LAYOUTS["7"] = [*LAYOUTS["6"], (_C, 0.35)]
LAYOUTS["8"] = [*LAYOUTS["7"], (_C, 0.65)]
LAYOUTS["9"] = [(x, y) for x in (_L, _R) for y in (0.2, 0.4, 0.6, 0.8)] + [(_C, 0.5)]
LAYOUTS["T"] = [(x, y) for x in (_L, _R) for y in (0.2, 0.4, 0.6, 0.8)] + [(_C, 0.3), (_C, 0.7)]


def _pip(img: Any, suit: str, cx: float, cy: float, size: float, flip: bool) -> None:
    """Draw one suit symbol of height ``size`` centred at (cx, cy); ``flip`` = upside down."""
    colour = RED if suit in "HD" else BLACK
    s = size / 2
    sg = -1.0 if flip else 1.0  # +1: point of heart / spade tip at the top for spade

    def P(dx: float, dy: float) -> tuple[int, int]:
        return (round(cx + dx * s), round(cy + sg * dy * s))

    if suit == "D":
        pts = np.array([P(0, -1), P(0.75, 0), P(0, 1), P(-0.75, 0)], np.int32)
        cv2.fillConvexPoly(img, pts, colour, cv2.LINE_AA)
    elif suit == "H":
        r = round(0.5 * s)
        cv2.circle(img, P(-0.45, -0.4), r, colour, -1, cv2.LINE_AA)
        cv2.circle(img, P(0.45, -0.4), r, colour, -1, cv2.LINE_AA)
        pts = np.array([P(-0.93, -0.25), P(0.93, -0.25), P(0, 1)], np.int32)
        cv2.fillConvexPoly(img, pts, colour, cv2.LINE_AA)
    elif suit == "S":  # an upside-down heart on a short flared stem
        r = round(0.42 * s)
        cv2.circle(img, P(-0.42, 0.2), r, colour, -1, cv2.LINE_AA)
        cv2.circle(img, P(0.42, 0.2), r, colour, -1, cv2.LINE_AA)
        pts = np.array([P(-0.82, 0.05), P(0.82, 0.05), P(0, -1)], np.int32)
        cv2.fillConvexPoly(img, pts, colour, cv2.LINE_AA)
        stem = np.array([P(0, 0.2), P(0.28, 1), P(-0.28, 1)], np.int32)
        cv2.fillConvexPoly(img, stem, colour, cv2.LINE_AA)
    elif suit == "C":
        r = round(0.36 * s)
        for dx, dy in ((0, -0.55), (-0.5, 0.15), (0.5, 0.15)):
            cv2.circle(img, P(dx, dy), r, colour, -1, cv2.LINE_AA)
        stem = np.array([P(0, -0.1), P(0.3, 1), P(-0.3, 1)], np.int32)
        cv2.fillConvexPoly(img, stem, colour, cv2.LINE_AA)
    else:
        raise ValueError(f"unknown suit {suit!r}")


def _index(img: Any, rank: str, suit: str) -> None:
    """Draw the top-left corner index (rank glyph and small suit) of a card image."""
    colour = RED if suit in "HD" else BLACK
    text = "10" if rank == "T" else rank
    scale = 1.25 if len(text) == 1 else 1.0
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, 3)
    x = 30 - tw // 2
    cv2.putText(img, text, (max(6, x), 14 + th), cv2.FONT_HERSHEY_DUPLEX, scale, colour, 3, cv2.LINE_AA)
    _pip(img, suit, 30, 14 + th + 24, 26, False)


def card_face(card: str) -> Any:
    """A drawn face-up number card or ace, e.g. ``"7H"``: (CARD_H, CARD_W, 3) BGR.

    Raises ValueError for court cards (not drawn) or unknown labels.
    """
    rank, suit = card[0], card[1]
    if rank not in LAYOUTS and rank != "A":
        raise ValueError(f"cannot draw {card!r}")
    img = np.full((CARD_H, CARD_W, 3), 245, np.uint8)
    _index(img, rank, suit)
    turned = np.ascontiguousarray(img[::-1, ::-1])
    _index(turned, rank, suit)
    img = np.ascontiguousarray(turned[::-1, ::-1])
    if rank == "A":
        _pip(img, suit, CARD_W / 2, CARD_H / 2, 90, False)
    else:
        for fx, fy in LAYOUTS[rank]:
            _pip(img, suit, fx * CARD_W, fy * CARD_H, 46, fy > 0.55)
    return img


def card_back(seed: int = 0, colour: tuple[int, int, int] = (150, 40, 30)) -> Any:
    """A face-down card: white border around a diagonal lattice pattern, (CARD_H, CARD_W, 3)."""
    img = np.full((CARD_H, CARD_W, 3), 240, np.uint8)
    inner = np.full((CARD_H - 30, CARD_W - 30, 3), 240, np.uint8)
    for k in range(-CARD_H, CARD_W + CARD_H, 12):
        cv2.line(inner, (k, 0), (k + CARD_H, CARD_H), colour, 3, cv2.LINE_AA)
        cv2.line(inner, (k, 0), (k - CARD_H, CARD_H), colour, 3, cv2.LINE_AA)
    rng = np.random.default_rng(seed)
    for _ in range(20):
        c = (int(rng.integers(0, CARD_W - 30)), int(rng.integers(0, CARD_H - 30)))
        cv2.circle(inner, c, 6, colour, -1)
    img[15:-15, 15:-15] = inner
    return img


def table(kind: str, size: tuple[int, int] = (1280, 720), seed: int = 0) -> Any:
    """A table texture ``kind`` in {"felt", "wood", "cloth", "white"} of ``size`` (w, h),
    BGR; "white": a pale cloth nearly as white as the cards, lit unevenly."""
    w, h = size
    rng = np.random.default_rng(seed)
    if kind == "felt":
        base = np.array([40, 115, 35], np.float32)
        noise = rng.normal(0, 9, (h, w, 1)).astype(np.float32)
        img = base + noise
    elif kind == "wood":
        y = np.arange(h, dtype=np.float32)[:, None]
        x = np.arange(w, dtype=np.float32)[None, :]
        grain = 18 * np.sin(y / 7.0 + 3 * np.sin(x / 90.0)) + rng.normal(0, 5, (h, w))
        img = np.stack([50 + grain * 0.4, 75 + grain * 0.7, 130 + grain], axis=2)
    elif kind == "cloth":
        img = np.full((h, w, 3), 28, np.float32) + rng.normal(0, 4, (h, w, 1))
    elif kind == "white":
        x = np.arange(w, dtype=np.float32)[None, :, None]
        img = np.array([208, 216, 212], np.float32) + 16 * (x / w - 0.5) + rng.normal(0, 3, (h, w, 1))
    else:
        raise ValueError(kind)
    return np.clip(img, 0, 255).astype(np.uint8)


def place(
    frame: Any, card: Any, center: tuple[float, float], angle: float, width: float, shadow: bool = True
) -> Any:
    """Paste ``card`` into ``frame`` (in place) centred at ``center``, rotated by
    ``angle`` degrees, scaled to ``width`` pixels wide, with rounded corners and a
    soft shadow (``shadow`` False: none, its edge over another card unseen). Returns
    the card's four corners in the frame, (4, 2) float32."""
    h, w = card.shape[:2]
    scale = width / w
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 2] += center[0] - w / 2
    m[1, 2] += center[1] - h / 2
    fh, fw = frame.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    r = 14
    cv2.rectangle(mask, (r, 0), (w - r, h), 255, -1)
    cv2.rectangle(mask, (0, r), (w, h - r), 255, -1)
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1)
    warped = cv2.warpAffine(card, m, (fw, fh), flags=cv2.INTER_AREA)
    wmask = cv2.warpAffine(mask, m, (fw, fh), flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    shade = cv2.GaussianBlur(wmask, (0, 0), 3) if shadow else np.zeros_like(wmask)
    out = frame.astype(np.float32) * (1 - 0.35 * shade[:, :, None])
    out = out * (1 - wmask[:, :, None]) + warped.astype(np.float32) * wmask[:, :, None]
    frame[:] = np.clip(out, 0, 255).astype(np.uint8)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return cv2.transform(corners[None], m)[0]


def chip(frame: Any, center: tuple[int, int], radius: int, colour: tuple[int, int, int]) -> None:
    """Draw a poker chip (disc with white edge stripes and a white inner ring) in place."""
    cv2.circle(frame, center, radius, colour, -1, cv2.LINE_AA)
    for k in range(8):
        a = k * np.pi / 4
        p = (round(center[0] + 0.85 * radius * np.cos(a)), round(center[1] + 0.85 * radius * np.sin(a)))
        cv2.circle(frame, p, max(2, radius // 7), (235, 235, 235), -1, cv2.LINE_AA)
    cv2.circle(frame, center, round(radius * 0.55), (235, 235, 235), 2, cv2.LINE_AA)


def hand(frame: Any, center: tuple[int, int], size: int, angle: float = 0.0) -> None:
    """Draw a skin-coloured hand (palm and four fingers and a thumb) in place."""
    skin = (120, 160, 215)
    cx, cy = center
    overlay = np.zeros_like(frame)
    cv2.ellipse(overlay, (cx, cy), (size // 2, round(size * 0.6)), angle, 0, 360, skin, -1)
    for k in range(4):
        fx = cx - size // 2 + k * size // 3
        cv2.ellipse(overlay, (fx, cy - size), (size // 9, size // 2), angle, 0, 360, skin, -1)
    cv2.ellipse(overlay, (cx + size // 2 + size // 6, cy), (size // 8, size // 3), 40, 0, 360, skin, -1)
    m = overlay.any(axis=2)
    frame[m] = overlay[m]


def stand_in_art() -> dict[str, Any]:
    """A stand-in for the CC0 art (:func:`vision.train.synth.load_art`): every face and
    both backs plain white (FH, FW, 4) BGRA."""
    from vision.train.synth import FH, FW

    face = np.full((FH, FW, 4), 255, np.uint8)
    art: dict[str, Any] = {f"{r}{s}": face for r in "A23456789TJQK" for s in "SHDC"}
    art["B1"] = art["B2"] = face.copy()
    return art
