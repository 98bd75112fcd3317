"""The fast paths of the reader give the same result as the plain operations they replace."""

from __future__ import annotations

import cv2
import numpy as np

from vision.detector import CARD_H, CARD_W, blank
from vision.reader import fill_holes
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
    assert blank(img, src)
    printed = img.copy()
    cv2.circle(printed, (125, 150), 14, (20, 20, 200), -1)  # one red pip
    assert not blank(printed, src)
    cv2.putText(img, "7", (60, 80), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (30, 30, 30), 2)
    cv2.circle(img, (125, 150), 14, (30, 30, 30), -1)
    assert not blank(img, src)


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


def test_histogram_median_equals_numpy_median() -> None:
    from vision.tablemasks import median_u8

    rng = np.random.default_rng(5)
    for n in (1, 2, 3, 4, 11, 1000, 360_000):
        for _ in range(8):
            a = rng.integers(0, 256, (1, n), dtype=np.uint8)
            if rng.random() < 0.5:
                a = (a // 64 * 64).astype(np.uint8)  # few distinct values: ties
            assert median_u8(a) == float(np.median(a))


def test_batched_corner_reads_equal_one_card_at_a_time() -> None:
    from vision.learned import read_corners, read_corners_batch

    rng = np.random.default_rng(6)
    cards = []
    for i in range(5):
        card = np.full((CARD_H, CARD_W, 3), 235, np.uint8)
        if i % 2 == 0:  # an index-like mark in both corners (A may or may not see a card)
            cv2.putText(card, "7", (6, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (0, 0, 200), 2)
            card[:] = np.maximum(card, rng.integers(0, 30, card.shape, dtype=np.uint8))
            card = np.ascontiguousarray(np.maximum(card, card[::-1, ::-1]))
        cards.append(card)
    batch = read_corners_batch(cards)
    assert batch == [read_corners(c) for c in cards]
    assert read_corners_batch([]) == []


def test_side_refit_fits_the_straight_sides_of_a_rounded_card() -> None:
    from vision.outlines import refine_quad

    mask = np.zeros((300, 300), np.uint8)
    # a card 100 x 140 px with corners rounded by 12 px: the refit meets the true corners
    cv2.rectangle(mask, (112, 80), (200, 220), 255, -1)
    cv2.rectangle(mask, (100, 92), (212, 208), 255, -1)
    for cx, cy in ((112, 92), (200, 92), (200, 208), (112, 208)):
        cv2.circle(mask, (cx, cy), 12, 255, -1)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    rough = np.array([[104, 84], [208, 84], [208, 216], [104, 216]], np.float64)
    quad = refine_quad(rough, contours[0])
    want = np.array([[100, 80], [212, 80], [212, 220], [100, 220]], np.float64)
    assert np.abs(quad - want).max() < 1.0


def _drawn_cards(n: int, seed: int) -> list[np.ndarray]:
    """Rectified-card-sized BGR images with print, shading and noise."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        card = np.full((CARD_H, CARD_W, 3), rng.integers(150, 250, 3), np.uint8)
        for _ in range(6):
            colour = tuple(int(v) for v in rng.integers(0, 256, 3))
            x, y = int(rng.integers(0, CARD_W)), int(rng.integers(0, CARD_H))
            cv2.circle(card, (x, y), int(rng.integers(3, 25)), colour, -1)
        shade = np.linspace(0.7, 1.0, CARD_W)[None, :, None]
        noise = rng.normal(0, 6, card.shape)
        out.append(np.clip(card * shade + noise, 0, 255).astype(np.uint8))
    return out


def test_paper_colour_area_average_of_floats_equals_the_uint8_one() -> None:
    for card in _drawn_cards(20, 7):
        want = cv2.resize(card, (CARD_W // 4, CARD_H // 4), interpolation=cv2.INTER_AREA)
        got = cv2.resize(card.astype(np.float32), (CARD_W // 4, CARD_H // 4), interpolation=cv2.INTER_AREA)
        assert np.array_equal(np.clip(np.rint(got), 0, 255), want.astype(np.float32))


def test_glyph_vector_blur_equals_gaussian_blur() -> None:
    from vision.glyphs import BLUR_SIGMA, RANK_GRID, SUIT_GRID, glyph_vector

    rng = np.random.default_rng(8)
    for k in range(30):
        shape = (int(rng.integers(8, 40)), int(rng.integers(6, 30)))
        mask = ((rng.random(shape) < 0.5) * 255).astype(np.uint8)
        grid = (RANK_GRID, SUIT_GRID)[k % 2]
        m = cv2.resize((mask > 0).astype(np.float32), grid, interpolation=cv2.INTER_AREA)
        m = cv2.GaussianBlur(m, (0, 0), BLUR_SIGMA)
        v = m.ravel() - m.mean()
        want = (v / float(np.linalg.norm(v))).astype(np.float32)
        assert glyph_vector(mask, grid).tobytes() == want.tobytes()


def test_blob_paper_by_sorted_bytes_equals_a_float_partition() -> None:
    from vision.corners import IN_H, IN_W, PAPER_PERCENTILE, corner_crops, to_blob

    crops = np.concatenate([corner_crops(c) for c in _drawn_cards(6, 9)])
    f = crops.astype(np.float32)
    flat = f.reshape(len(f), -1, 3)
    k = int(PAPER_PERCENTILE / 100 * (flat.shape[1] - 1))
    f /= np.maximum(np.partition(flat, k, axis=1)[:, k, :], 8.0)[:, None, None, :]
    want = np.ascontiguousarray(np.clip(f, 0.0, 1.5).transpose(0, 3, 1, 2) - 0.5)
    got = to_blob(crops)
    assert got.shape == (len(crops), 3, IN_H, IN_W)
    assert got.tobytes() == want.tobytes()


def test_card_size_equals_medians_outline_by_outline() -> None:
    from vision.outlines import card_size

    rng = np.random.default_rng(10)
    for n in (1, 2, 3, 4, 13):
        quads = [(rng.random((4, 2)) * 500).astype(np.float32) for _ in range(n)]
        shorts, longs = [], []
        for q in quads:
            p = q.astype(np.float64)
            s = np.hypot(*(np.roll(p, -1, axis=0) - p).T)
            a, b = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
            shorts.append(min(a, b))
            longs.append(max(a, b))
        assert card_size(quads) == (float(np.median(shorts)), float(np.median(longs)))


def test_clip01_equals_numpy_clip() -> None:
    from vision.classic import clip01

    rng = np.random.default_rng(11)
    values = [-0.0, 0.0, 1.0, -1e-300, 5e-324, 1.0000001, float("inf"), float("-inf")]
    for x in values + (rng.random(2000) * 4 - 2).tolist():
        want = float(np.clip(x, 0.0, 1.0))
        assert clip01(x) == want and np.copysign(1.0, clip01(x)) == np.copysign(1.0, want)
    assert clip01(float("nan")) != clip01(float("nan"))  # NaN stays NaN


def test_filled_and_solidity_equal_fill_holes_and_solidity() -> None:
    from vision.segment import fill_holes, filled_and_solidity, solidity

    rng = np.random.default_rng(12)
    masks = [np.zeros((20, 20), np.uint8)]
    for _ in range(200):
        m = np.zeros((int(rng.integers(10, 50)), int(rng.integers(10, 50))), np.uint8)
        for _ in range(int(rng.integers(1, 4))):
            centre = (int(rng.integers(0, m.shape[1])), int(rng.integers(0, m.shape[0])))
            cv2.circle(m, centre, int(rng.integers(2, 15)), 255, -1)
            cv2.circle(m, centre, int(rng.integers(0, 4)), 0, -1)  # a hole, or none
        masks.append(m)
    for m in masks:
        filled, sol = filled_and_solidity(m)
        want = fill_holes(m)
        assert (filled is m) == (want is m) and np.array_equal(filled, want)
        assert sol == solidity(m)
