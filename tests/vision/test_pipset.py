"""A set of suit-shaped pips is no picture (vision.pipset): a number card whose pips pass
for a court card's picture reads no card."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.helpers.synth import card_face
from tests.vision.test_pips import _jumbo_index
from vision.classic import FACE, GlyphRead, IndexRead, PipRead, decide, is_body, read_pips
from vision.detector import CARD_H, CARD_W
from vision.glyphs import load_templates
from vision.indexprint import under_index
from vision.learned import CornerRead
from vision.pipset import CROWDED, PIP_SET, pip_set
from vision.segment import Component, components, ink_masks
from vision.verdict import decide_learned


def _jumbo(card: str) -> np.ndarray:
    """A drawn number card with a jumbo index (its rank 0.21 of the card's height) at both
    ends, as a deck with jumbo indices prints it: the "10" or "8" reaches in over the pips."""
    face = cv2.resize(card_face(card), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    text = "10" if card[0] == "T" else card[0]
    _jumbo_index(face, text, card[1])
    turned = np.ascontiguousarray(face[::-1, ::-1])
    _jumbo_index(turned, text, card[1])
    return np.ascontiguousarray(turned[::-1, ::-1])


def _body(comps: list[Component]) -> list[Component]:
    return [c for c in comps if is_body(c) and not under_index(c, comps)]


@pytest.mark.parametrize("card", ["TS", "8H"])
def test_a_number_cards_pips_with_a_jumbo_index_are_no_picture(card: str) -> None:
    """Generated lone cards with jumbo indices (hunt seed 16500000, frame 16540189): a TC's
    crowded clubs, two pairs merged, the jumbo "0"s beside them, passed for an untinted
    picture (its largest shape no filled pip) and its serif "10", read J by A and B, made
    a JC. The drawn TS and 8H so printed pass for a picture too; most of their pips stand
    alone, each clearly its suit's shape and all one size: pips too crowded to count."""
    ink = ink_masks(_jumbo(card))
    comps = components(ink)
    t = load_templates()
    assert pip_set(_body(comps), t) >= PIP_SET
    pips = read_pips(comps, t, ink.tint)
    assert pips.rank == CROWDED


def test_a_drawn_picture_with_three_suit_symbols_stays_a_picture() -> None:
    # a figure drawn in open strokes over a plain card's middle, with its suit symbol
    # printed three times beside it, each clearly a diamond and all one size: fewer than a
    # set (PIP_SET), a picture
    from tests.helpers.synth import _pip

    face = np.full((CARD_H, CARD_W, 3), 245, np.uint8)
    cx, cy = CARD_W // 2 + 10, CARD_H // 2
    strokes = np.array(
        [[cx - 30, cy - 85], [cx + 30, cy - 40], [cx - 30, cy], [cx + 30, cy + 40], [cx - 30, cy + 85]]
    )
    cv2.polylines(face, [strokes.astype(np.int32)], False, (30, 30, 30), 6)
    cv2.line(face, (cx + 40, cy - 85), (cx + 40, cy + 85), (30, 30, 30), 6)
    for fy in (0.3, 0.5, 0.7):
        _pip(face, "D", 0.27 * CARD_W, fy * CARD_H, 26, fy > 0.5)
    ink = ink_masks(face)
    comps = components(ink)
    t = load_templates()
    assert pip_set(_body(comps), t) == 3
    assert read_pips(comps, t, ink.tint).rank == FACE


def _shape(x: int, y: int, mask: np.ndarray) -> Component:
    h, w = mask.shape
    area = int(np.count_nonzero(mask))
    return Component(x, y, w, h, area, x + w / 2, y + h / 2, 0.0, mask)


def test_only_shapes_of_one_suit_and_one_size_make_a_set() -> None:
    # four filled spades of one size are a set; a fourth twice the size (two merged) or of
    # another suit is not one of it
    from tests.helpers.synth import _pip

    def spade(size: int, suit: str = "S") -> np.ndarray:
        img = np.full((60, 60, 3), 245, np.uint8)
        _pip(img, suit, 30, 30, size, False)
        m = (img.min(axis=2) < 128).astype(np.uint8) * 255
        ys, xs = np.nonzero(m)
        return np.ascontiguousarray(m[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])

    t = load_templates()
    spots = [(30, 20), (90, 20), (30, 150), (90, 150)]
    same = [_shape(x, y, spade(26)) for x, y in spots]
    assert pip_set(same, t) == 4
    assert pip_set([*same[:3], _shape(60, 90, spade(38))], t) == 3  # about twice the area
    assert pip_set([*same[:3], _shape(60, 90, spade(26, "H"))], t) == 3  # another suit


def test_no_card_is_read_on_crowded_pips() -> None:
    # A and B reading a court card (or any card) on both corners, surely: the pips cannot
    # be counted and are no picture, so nothing on the card backs the index
    pips = PipRead(CROWDED, None, None, 12)
    for card in ("JC", "TC", "9C"):
        read = CornerRead(card[0], card[1], 1.0, 1.0, card[0] if card[0] == "J" else "-", 1.0)
        assert decide_learned(pips, ([read, read], [read, read]), whole=True) is None
    # nor by the template reader: both indices clearly "J" (as a court rank too)
    j = GlyphRead("J", 0.9, 0.3)
    index = IndexRead(j, {"C": 0.95, "S": 0.8, "D": 0.7, "H": 0.3, "solidity": 0.7}, False, j)
    assert decide(pips, [index, index]) is None
    assert (
        decide(
            replace(
                pips,
                rank=FACE,
                suit={"C": 0.95, "S": 0.8, "D": 0.7, "H": 0.3, "solidity": 0.7},
                symbol_red=False,
            ),
            [index, index],
        )
        is not None
    )
