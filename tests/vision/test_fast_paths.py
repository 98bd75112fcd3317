"""The fast paths of the reader give the same result as the plain operations they replace."""

from __future__ import annotations

import cv2
import numpy as np

from vision.detector import CARD_H, CARD_W
from vision.reader import _blank, fill_holes
from vision.segment import _line_pixels, _percentile


def test_percentile_selects_like_numpy() -> None:
    rng = np.random.default_rng(3)
    for n in (1, 2, 3, 10, 371, 500):
        for _ in range(20):
            v = (rng.random(n) * 700).astype(np.float32)
            if n > 5:
                v[: n // 5] = v[0]  # ties
            p = _percentile(v, 40)
            assert np.array_equal(v >= p, v >= np.percentile(v, 40))


def test_line_pixels_equal_an_opening_with_a_line() -> None:
    rng = np.random.default_rng(4)
    for _ in range(10):
        ink = ((rng.random((CARD_H, CARD_W)) < 0.4) * 255).astype(np.uint8)
        ink[50, 20:90] = 255  # a long horizontal line
        ink[30:150, 100] = 255  # a long vertical one
        ink[:3], ink[-3:], ink[:, :3], ink[:, -3:] = 0, 0, 0, 0  # the reader clears the border
        for length, axis, k in ((30, 1, (30, 1)), (44, 0, (1, 44))):
            kernel = cv2.getStructuringElement(cv2.MORPH_RECT, k)
            want = cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel) > 0
            assert np.array_equal(_line_pixels(ink, length, axis), want)


def test_fill_holes_fills_an_ornate_pip_and_keeps_a_solid_one() -> None:
    pip = np.zeros((40, 30), np.uint8)
    cv2.ellipse(pip, (15, 20), (13, 18), 0, 0, 360, 255, -1)
    assert fill_holes(pip) is pip  # nothing to fill: the same mask
    ornate = pip.copy()
    cv2.circle(ornate, (15, 20), 7, 0, -1)  # a medallion inside the pip
    cv2.circle(ornate, (15, 20), 2, 255, -1)  # with a drawing in it
    assert np.array_equal(fill_holes(ornate), pip)


def test_blank_check_passes_print_and_skips_plain_paper() -> None:
    img = np.full((300, 300, 3), (40, 110, 30), np.uint8)  # felt
    cv2.rectangle(img, (50, 40), (200, 260), (235, 235, 235), -1)  # a blank white card
    src = np.array([[50, 40], [200, 40], [200, 260], [50, 260]], np.float32)
    assert _blank(img, src)
    printed = img.copy()
    cv2.circle(printed, (125, 150), 14, (20, 20, 200), -1)  # one red pip
    assert not _blank(printed, src)
    cv2.putText(img, "7", (60, 80), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (30, 30, 30), 2)
    cv2.circle(img, (125, 150), 14, (30, 30, 30), -1)
    assert not _blank(img, src)


def test_a_faded_red_index_is_ink_but_the_rim_of_strong_red_print_is_not() -> None:
    from vision.segment import ink_masks

    card = np.full((CARD_H, CARD_W, 3), 235, np.uint8)
    pale = (200, 200, 250)  # BGR: faded red print, red channel as bright as the paper
    cv2.putText(card, "7", (6, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.8, pale, 2)
    cv2.circle(card, (75, 109), 14, (40, 40, 210), -1)  # a strong red pip
    cv2.circle(card, (75, 109), 17, pale, 3)  # with a pale rim, in the middle
    ink = ink_masks(card)
    corner = ink.red[:40, :30] > 0
    assert corner.sum() >= 40  # the pale 7 is read as red print
    middle = ink.red[85:135, 50:100] > 0
    disk = np.zeros((CARD_H, CARD_W), np.uint8)
    cv2.circle(disk, (75, 109), 15, 1, -1)
    assert not (middle & (disk[85:135, 50:100] == 0)).any()  # outside the corners: strong red only
