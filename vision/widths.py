"""Read share of cards lying apart by card width, on generated frames
(:func:`vision.train.scenes.apart_scene`): the width range ``referee camera check``
advises (:data:`vision.camera_check.MIN_WIDTH`) is calibrated here, on data the repo
makes, not on photos.

``python -m vision.widths --data DATA [--widths 60,70,80] [--frames 30] [--seed S]``
prints, for each width, the cards read right, wrong, and shown (an index wholly
uncovered), and the share read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vision import DEFAULT_THRESHOLD

#: the widths measured by default (px, in a 1280x720 frame)
WIDTHS = (55, 60, 65, 70, 75, 80, 85, 90, 100, 110, 120, 130, 140)


def read_share(width: float, frames: int, seed: int, art: Any, bank: Any) -> tuple[int, int, int]:
    """(cards read right, cards reported that the frame does not hold, cards shown) over
    ``frames`` generated frames of seeds ``seed``, ``seed + 1``... with cards ``width`` px
    wide (:func:`vision.train.scenes.apart_scene`), read by :func:`vision.reader.detect`."""
    from vision.reader import detect
    from vision.train.scenes import apart_scene

    right = wrong = shown = 0
    for i in range(frames):
        s = apart_scene(seed + i, art, bank, width)
        got = {d.card for d in detect(s.frame, DEFAULT_THRESHOLD)}
        right += len(got & set(s.labels))
        wrong += len(got - set(s.cards))
        shown += len(s.labels)
    return right, wrong, shown


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module); 1 when the CC0 art or the held-apart fonts
    are missing."""
    import cv2

    from vision.hunt import art_and_bank

    p = argparse.ArgumentParser(prog="python -m vision.widths", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, required=True, help="folder of the CC0 art cache (art.npz)")
    p.add_argument("--widths", default=",".join(map(str, WIDTHS)), help="card widths in px, comma-separated")
    p.add_argument("--frames", type=int, default=30, help="frames a width (ten cards each)")
    p.add_argument("--seed", type=int, default=660000, help="first frame's seed, and the glyph bank's")
    a = p.parse_args(argv)
    cv2.setNumThreads(1)
    try:
        art, bank = art_and_bank(a.data, a.seed)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("width  right  wrong  shown  share")
    for w in (float(x) for x in a.widths.split(",")):
        right, wrong, shown = read_share(w, a.frames, a.seed, art, bank)
        print(f"{w:5.0f}  {right:5d}  {wrong:5d}  {shown:5d}  {right / max(1, shown):.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
