"""Read share of cards lying apart by card width and exposure, on generated frames
(:func:`vision.train.scenes.apart_scene`): the width range ``referee camera check``
advises (:data:`vision.camera_check.MIN_WIDTH`) and the paper whiteness under which it
calls a picture dark (:data:`vision.camera_check.MIN_PAPER`) are calibrated here, on data
the repo makes, not on photos.

``python -m vision.widths --data DATA [--widths 60,70,80] [--exposures 1,0.7,0.5]
[--frames 30] [--seed S]`` prints, for each width and exposure (the frame's pixels times
it), the cards read right, wrong, and shown (an index wholly uncovered), the share read,
and the median of the cards' paper whiteness ``referee camera check`` measures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: the widths measured by default (px, in a 1280x720 frame)
WIDTHS = (55, 60, 65, 70, 75, 80, 85, 90, 100, 110, 120, 130, 140)


def read_share(
    width: float, frames: int, seed: int, art: Any, bank: Any, exposure: float = 1.0
) -> tuple[int, int, int, float | None]:
    """(cards read right, cards reported that the frame does not hold, cards shown, the
    median over the frames of the cards' paper whiteness, None where none was measured)
    over ``frames`` generated frames of seeds ``seed``, ``seed + 1``... with cards
    ``width`` px wide (:func:`vision.train.scenes.apart_scene`), their pixels times
    ``exposure`` (1.0: as made), read and measured by
    :func:`vision.camera_check.check_frame`."""
    import numpy as np

    from vision.camera_check import check_frame
    from vision.train.scenes import apart_scene

    right = wrong = shown = 0
    papers = []
    for i in range(frames):
        s = apart_scene(seed + i, art, bank, width)
        frame = s.frame if exposure == 1.0 else (s.frame.astype(np.float32) * exposure).astype(np.uint8)
        r = check_frame(frame)
        got = set(r.cards)
        right += len(got & set(s.labels))
        wrong += len(got - set(s.cards))
        shown += len(s.labels)
        if r.contrast is not None:
            papers.append(r.contrast + r.table_white)
    return right, wrong, shown, float(np.median(papers)) if papers else None


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module); 1 when the CC0 art or the held-apart fonts
    are missing."""
    import cv2

    from vision.hunt import art_and_bank

    p = argparse.ArgumentParser(prog="python -m vision.widths", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, required=True, help="folder of the CC0 art cache (art.npz)")
    p.add_argument("--widths", default=",".join(map(str, WIDTHS)), help="card widths in px, comma-separated")
    p.add_argument("--exposures", default="1", help="the frames' pixels times these, comma-separated")
    p.add_argument("--frames", type=int, default=30, help="frames a width (ten cards each)")
    p.add_argument("--seed", type=int, default=660000, help="first frame's seed, and the glyph bank's")
    a = p.parse_args(argv)
    cv2.setNumThreads(1)
    try:
        art, bank = art_and_bank(a.data, a.seed)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("width  exposure  right  wrong  shown  share  paper")
    for w in (float(x) for x in a.widths.split(",")):
        for e in (float(x) for x in a.exposures.split(",")):
            right, wrong, shown, paper = read_share(w, a.frames, a.seed, art, bank, e)
            said = "-" if paper is None else f"{paper:.0f}"
            share = right / max(1, shown)
            print(
                f"{w:5.0f}  {e:8.2f}  {right:5d}  {wrong:5d}  {shown:5d}  {share:.3f}  {said:>5}", flush=True
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
