"""Whether a frame shows colour at all.

A black-and-white camera (or a webcam's night or monochrome mode) makes red print grey:
hearts and diamonds then look like spades and clubs to every reader (the pips' colour,
the classifiers, the template reader), and a card would be read in the wrong suit. A
tester's greyscale copies of the shared photos were read with 14 wrong cards (red aces
as AS at 0.93-0.99, a KD as KS at 0.996) before this check. Such a frame is read as
showing no card (every card unsure), and ``referee camera check`` says why.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

#: a frame is colourless where at most 1 pixel in 1000 differs between its colour
#: channels by more than this many grey levels (max - min of B, G and R): a grey picture
#: saved in colour, as JPEG too, differs by 0. Generated colour frames (the benchmark's
#: 13-card frame, :func:`vision.bench.bench_frame`: 99.9th percentile 255) are far above;
#: of the shared photos (checked, not tuned on) the least colourful, a dark cloth without
#: cards and a pale close-up of a 2D, reach 14 and 20
COLOURLESS_CHROMA = 6
#: share of pixels allowed above COLOURLESS_CHROMA in a colourless frame
COLOURLESS_SHARE = 0.001


def chroma(image: NDArray[Any]) -> NDArray[np.uint8]:
    """Per pixel, the largest minus the smallest of the three channels of a BGR uint8
    image (H, W, 3): (H, W) uint8, 0 where the pixel is grey."""
    b, g, r = cv2.split(image)
    return np.asarray(cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r)), np.uint8)


def colourless(image: NDArray[Any]) -> bool:
    """True if a BGR uint8 frame (H, W, 3) shows no colour: at most COLOURLESS_SHARE of
    its pixels (every fourth row and column looked at) have a chroma above
    COLOURLESS_CHROMA. Raises ValueError for another shape."""
    if image.ndim != 3 or image.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) BGR image, got shape {image.shape}")
    c = chroma(np.ascontiguousarray(image[::4, ::4]))
    return int(np.count_nonzero(c > COLOURLESS_CHROMA)) <= COLOURLESS_SHARE * c.size
