"""Two cards lying partly over each other, their silhouettes merged into one outline
(vision.pairs, issue 10: overlap): where the upper card's far side shows, the cut
between the two halves lies on it."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision.pairs import cut_at, far_side, halves

TABLE, PAPER, EDGE, INK = 40, 230, 120, 20


def pair_image(print_under_edge: bool = False, upper_x: int = 160) -> Any:
    """A dark table, card B (x 100-190, y 50-176) and card A over it (x ``upper_x`` to 90
    px on), each with a one-pixel dark edge; ``print_under_edge``: B shows print just
    inside A's edge."""
    img = np.full((300, 400), TABLE, np.uint8)
    for x0 in (100, upper_x):  # B first, A over it
        cv2.rectangle(img, (x0, 50), (x0 + 90, 176), PAPER, -1)
        cv2.rectangle(img, (x0, 50), (x0 + 90, 176), EDGE, 1)
    if print_under_edge:
        for y in range(60, 170, 12):
            cv2.rectangle(img, (150, y), (158, y + 6), INK, -1)
    return img


def half(end_x: float, cut_x: float) -> Any:
    """A half [a, b, c, e] whose end is the vertical side at ``end_x``, cut at ``cut_x``."""
    return np.array([[end_x, 50], [cut_x, 50], [cut_x, 176], [end_x, 176]], np.float32)


def test_the_upper_cards_far_side_is_found_and_its_cut_moved_there() -> None:
    # A's half laid 80 px wide from its end (x 250); its own far edge is at x 160
    h = half(250, 170)
    s = far_side(h, pair_image())
    assert s == pytest.approx(90.0, abs=1.0)
    out = cut_at(h, 90.0)
    np.testing.assert_allclose(out, half(250, 160), atol=1e-3)  # the end stays, the cut at x 160


def test_a_half_with_no_edge_near_its_cut_has_no_far_side() -> None:
    # B's half from its end (x 100), cut at 180: its far edge lies under A, and A's edge
    # (x 160) is more than the search's reach (15% of 80 px) away
    assert far_side(half(100, 180), pair_image()) is None


def test_an_edge_with_print_inside_it_is_not_the_halfs_own() -> None:
    # B's half cut at 165: A's edge at 160 is within reach, but inside it lies B's print
    # (a card's own edge has its blank margin inside)
    assert far_side(half(100, 165), pair_image(print_under_edge=True)) is None
    # without the print, the edge is taken (the rule's limit: a blank face inside;
    # :func:`halves` then moves neither half)
    assert far_side(half(100, 165), pair_image()) == pytest.approx(60.0, abs=1.0)


def cut_x(h: Any) -> float:
    """The x of a half's cut (its middle two corners as :func:`halves` gives them: a
    half's corners run [end, cut, cut, end] for the first, [cut, end, end, cut] for
    the second)."""
    return float(h[[1, 2], 0].mean())


def test_halves_of_a_pair_take_the_upper_cards_far_edge() -> None:
    # A (x 150-240) half over B (x 100-190); the cards' size taken as 80 px wide: the
    # halves cut 80 px from each end; B's far edge lies under A, A's shows at x 150
    corners = np.array([[100, 50], [240, 50], [240, 176], [100, 176]], np.float32)
    b, a = halves(corners, (80.0, 126.0), None, pair_image(upper_x=150))[:2]  # the way along
    assert cut_x(b) == pytest.approx(180.0, abs=0.5)  # as laid: nothing to go by
    assert float(a[[0, 3], 0].mean()) == pytest.approx(150.0, abs=1.0)


def test_halves_both_finding_one_edge_are_left_as_laid() -> None:
    # A (x 181-271) over B (x 100-190) by a tenth: from B's end, A's edge at 181 (with
    # B's own blank margin inside it) passes for B's far side too; whose edge it is is
    # unknown, so neither half moves
    corners = np.array([[100, 50], [271, 50], [271, 176], [100, 176]], np.float32)
    b, a = halves(corners, (90.0, 126.0), None, pair_image(upper_x=181))
    assert cut_x(b) == pytest.approx(190.0, abs=0.5)
    assert float(a[[0, 3], 0].mean()) == pytest.approx(181.0, abs=0.5)


@pytest.mark.slow
@pytest.mark.parametrize(("turn", "step"), [(0.0, 0.5), (0.0, 0.6), (30.0, 0.5)])
def test_the_reader_hands_out_a_hands_two_cards_as_it_splits_them(turn: float, step: float) -> None:
    """detect's ``halves_out`` (what vision.train.calibrate_piles calibrates half_corner
    on) receives the cards of an outline of two split as the reader splits it: a hand of
    a 7H under a 4S laid ``step`` of a card's width along it, turned ``turn`` degrees,
    beside a 5D the reader reads (the cards' size), gives an outline within 4 px of each
    card, and every outline it gives lies over the hand."""
    from tests.helpers.synth import card_face, place, table
    from vision.reader import detect

    frame = table("felt")
    w = 100.0
    place(frame, card_face("5D"), (360, 360), 0, w)
    a = np.radians(turn)
    lower = place(frame, card_face("7H"), (640, 360), -turn, w)
    upper = place(frame, card_face("4S"), (640 + step * w * np.cos(a), 360 + step * w * np.sin(a)), -turn, w)
    split: list[np.ndarray] = []
    assert "5D" in {d.card for d in detect(frame, halves_out=split)}
    for card in (lower, upper):
        assert min(float(np.abs(np.asarray(o) - card).max()) for o in split) < 4
    hand = cv2.convexHull(np.concatenate([lower, upper]).astype(np.float32))
    for o in split:
        centre = tuple(float(v) for v in np.asarray(o).mean(axis=0))
        assert cv2.pointPolygonTest(hand, centre, False) >= 0


def _quad(w: float, h: float, turn: float = 0.0) -> Any:
    from vision.detector import Quad, order_clockwise

    box = cv2.boxPoints(((400.0, 300.0), (w, h), turn)).astype(np.float32)
    return Quad(order_clockwise(box), 1.0)


@pytest.mark.parametrize(
    ("w", "h", "pair"),
    [
        (100 * 1.5, 140, True),  # two cards 100 x 140, the upper half a width along
        (100 * 1.7, 140, True),  # ... 0.7 of a width along
        (100 * 1.35, 140, True),  # ... 0.35 of a width along
        (100, 140, False),  # one card
        (100, 130, False),  # one card seen obliquely, its length shortened to 1.3 widths
        (140, 100, False),  # one card lying on its side
    ],
)
def test_an_outline_alone_in_its_frame_is_two_cards_by_its_own_shape(w: float, h: float, pair: bool) -> None:
    """two_cards with no other card read in the frame to size it by: an outline as square
    as two cards 100 x 140 laid 0.35-0.75 of a width apart (1.35-1.75 widths across) is
    a hand of two (a reading of it no pip count backs is then left unread); one card,
    1.4 times as long as wide, is not."""
    from vision.hands import two_cards

    assert two_cards(_quad(w, h, 20.0), []) is pair
