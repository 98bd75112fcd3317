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

from vision.segment import MIDDLE, Ink

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


#: a black court card's picture (the card's middle, as :attr:`vision.segment.Ink.tint` is
#: measured) with no yellow or blue print and red print on less than this share of it is
#: seen without colour (:func:`grey_court`)
GREY_PICTURE_RED = 0.02


def grey_court(ink: Ink, card: str) -> bool:
    """True if ``card`` is a J, Q or K of spades or clubs and its picture shows no colour:
    no yellow or blue print (``ink.tint`` 0) and red print (``ink.red``) on less than
    GREY_PICTURE_RED of the card's middle. Court pictures are printed in colour; under weak
    colour (a desaturated webcam) a red court card's picture and suit symbol turn grey and it
    was read as the black suit (the shared photos at a fifth of their colour: alk_in_1's JD
    read JS, tint 0, red 0.01; at an eighth alk_in_8's KD read KS). A veto of a reading.
    Measured on the real sets' 56 black court cards reported (full size): tint 0.011 or
    more on every one (red 0.027 or more)."""
    if card[0] not in "JQK" or card[1] not in "SC" or ink.tint > 0:
        return False
    middle = ink.red[MIDDLE]
    return cv2.countNonZero(middle) < GREY_PICTURE_RED * middle.size
