"""Index letters drawn the way playing-card decks print them, for the training glyph
banks (``--drawn-queens``): soft masks (0-255, cropped to the ink, about 64 px tall).

The common index "Q" of playing cards is a tall, narrow oval whose tail is a straight
stroke crossing the bowl's lower right and running out below it; the fonts of the
banks (:mod:`vision.train.fonts`) mostly draw a round bowl with a tail under it or
touching it. Made for real queens that A and B read "9" (``cards-table``): measured, the
shipped classifiers read these drawn Qs as Q already (187 of 189 generated crops), and a
run with them (docs/card-reader.md, "Training the classifiers") still read those queens 9: the picture's
suit symbol beside the index is what misleads (``--mirrored-courts``). All randomness
comes from the ``numpy.random.Generator`` passed in."""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.train.suits import crop_ink

Mask = NDArray[np.uint8]

#: drawing scale: the letter is drawn this many times larger, then shrunk (antialiasing)
_UP = 4
#: height of a drawn letter's bowl, pixels (the banks' glyphs are about 64 px tall)
_BOWL_H = 56


def drawn_queen(rng: np.random.Generator) -> Mask:
    """One playing-card "Q": an oval bowl 0.5-0.85 as wide as tall, its sides' strokes
    0.09-0.17 of its height, its top and bottom 0.45-1 times as thick (the contrast of a
    serif face), and a straight tail 0.7-1.3 times the sides' stroke. Seven times in ten
    the tail starts inside the bowl (crossing its lower right), else on its bottom
    edge; it ends below the bowl, right of its middle. Returns a soft mask (0-255),
    cropped to the ink."""
    h = _BOWL_H * _UP
    b = h / 2  # half height
    a = b * rng.uniform(0.5, 0.85)  # half width
    tv = h * rng.uniform(0.09, 0.17)  # the sides' stroke
    th = tv * rng.uniform(0.45, 1.0)  # the top's and bottom's
    size = round(2.2 * h)
    cx, cy = size / 2 - 0.1 * a, 0.45 * size
    img = np.zeros((size, size), np.uint8)
    centre = (round(cx), round(cy))
    cv2.ellipse(img, centre, (round(a), round(b)), 0, 0, 360, 255, -1, cv2.LINE_AA)
    inner = (max(1, round(a - tv)), max(1, round(b - th)))
    cv2.ellipse(img, centre, inner, 0, 0, 360, 0, -1, cv2.LINE_AA)
    if rng.random() < 0.7:
        start = (cx + a * rng.uniform(-0.1, 0.35), cy + b * rng.uniform(0.15, 0.6))
    else:
        start = (cx + a * rng.uniform(0.0, 0.3), cy + b * rng.uniform(0.85, 1.0))
    end = (cx + a * rng.uniform(0.7, 1.25), cy + b * rng.uniform(1.05, 1.4))
    width = max(1, round(tv * rng.uniform(0.7, 1.3)))
    p0 = (round(start[0]), round(start[1]))
    p1 = (round(end[0]), round(end[1]))
    cv2.line(img, p0, p1, 255, width, cv2.LINE_AA)
    small = cv2.resize(img, (size // _UP, size // _UP), interpolation=cv2.INTER_AREA)
    out = crop_ink(np.asarray(small, np.uint8))
    assert out is not None  # the bowl is always drawn
    return out


def drawn_queens(rng: np.random.Generator, n: int) -> list[Mask]:
    """``n`` drawn playing-card Qs (:func:`drawn_queen`)."""
    return [drawn_queen(rng) for _ in range(n)]
