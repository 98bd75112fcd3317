"""The ink masks of a rectified card (vision.segment): what counts as picture colour."""

from __future__ import annotations

import cv2
import numpy as np

from vision.classic import PICTURE_TINT
from vision.detector import CARD_H, CARD_W
from vision.segment import ink_masks


def _diamond(card: np.ndarray, cx: int, cy: int, colour: tuple[int, int, int]) -> None:
    pts = np.array([[cx, cy - 14], [cx + 10, cy], [cx, cy + 14], [cx - 10, cy]], np.int32)
    cv2.fillPoly(card, [pts], colour)


def _eight_of_diamonds(paper: tuple[int, int, int], ink: tuple[int, int, int]) -> np.ndarray:
    card = np.full((CARD_H, CARD_W, 3), paper, np.uint8)
    for x, y in ((45, 40), (105, 40), (75, 75), (45, 109), (105, 109), (75, 143), (45, 178), (105, 178)):
        _diamond(card, x, y, ink)
    return cv2.GaussianBlur(card, (3, 3), 0)


def test_red_pips_on_bluish_paper_are_no_picture_colour() -> None:
    # a camera's white balance leaves the paper bluish (BGR 222, 209, 177: the red channel
    # lowest) while red print is redder than the paper; the paper's red between the pips
    # must not be overestimated from the pips, which made the gaps "blue" picture print
    card = _eight_of_diamonds((222, 209, 177), (45, 40, 235))
    assert ink_masks(card).tint < PICTURE_TINT


def test_red_pips_on_neutral_paper_are_no_picture_colour() -> None:
    card = _eight_of_diamonds((225, 225, 225), (45, 40, 210))
    assert ink_masks(card).tint < PICTURE_TINT


def test_blue_and_yellow_print_is_picture_colour() -> None:
    # a court card's picture: blue and yellow areas over much of the middle
    card = np.full((CARD_H, CARD_W, 3), (222, 209, 177), np.uint8)
    cv2.rectangle(card, (40, 50), (110, 100), (160, 70, 40), -1)  # blue (BGR)
    cv2.rectangle(card, (40, 120), (110, 170), (40, 190, 215), -1)  # yellow
    assert ink_masks(card).tint > 2 * PICTURE_TINT


def test_blue_black_pips_are_no_picture_colour() -> None:
    # black print under a cold colour cast: blue by hue (BGR 73, 30, 20 on paper
    # 250, 196, 166) but dark; seven clubs-sized blobs must not read as a picture
    card = np.full((CARD_H, CARD_W, 3), (250, 196, 166), np.uint8)
    for x, y in ((45, 40), (105, 40), (75, 75), (45, 109), (105, 109), (45, 178), (105, 178)):
        cv2.circle(card, (x, y), 12, (73, 30, 20), -1)
    assert ink_masks(cv2.GaussianBlur(card, (3, 3), 0)).tint < PICTURE_TINT


def test_soft_rims_of_dark_pips_are_no_picture_colour() -> None:
    # the rim of a blue-black pip (half pip, half paper) is light and blue by hue, and
    # JPEG's halved colour resolution widens it; a webcam's 8 of clubs (80 px wide,
    # JPEG quality 60, warped up to the reader's size) stays far below the picture
    # threshold (a third of it: number cards of the dev photos have at most 0.002)
    card = np.full((CARD_H, CARD_W, 3), (253, 200, 168), np.uint8)
    for x, y in ((45, 40), (105, 40), (75, 75), (45, 109), (105, 109), (75, 143), (45, 178), (105, 178)):
        cv2.circle(card, (x, y), 12, (75, 31, 20), -1)
    small = cv2.resize(card, (80, round(80 * CARD_H / CARD_W)), interpolation=cv2.INTER_AREA)
    jpeg = cv2.imdecode(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 60])[1], cv2.IMREAD_COLOR)
    assert jpeg is not None
    seen = cv2.resize(jpeg, (CARD_W, CARD_H), interpolation=cv2.INTER_LINEAR)
    assert ink_masks(seen).tint < PICTURE_TINT / 3
