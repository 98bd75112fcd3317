"""Benchmark: milliseconds per 1280x720 frame for detection plus reading, on one core.

``python -m vision.bench [IMAGE...] [--repeat N]`` fits every image into a
1280x720 frame (aspect kept, edges repeated) and runs
:func:`vision.reader.detect` ``N`` times on each, with OpenCV (and NumPy's BLAS,
unless the environment says otherwise) limited to one thread. Default images:
the multi-card scenes of ``../shared/data/cards-real`` next to the repository,
or a generated table with cards drawn on it when that folder is absent.

Times are CPU time of the process (other load on the machine counts less).
Printed per frame: the median and the best of the repeats (the best is the
least disturbed by other processes); last, over all frames and repeats.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

DEV_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards-real"
FRAME = (1280, 720)


def synthetic_frame() -> Any:
    """A 1280x720 BGR frame: green felt with six white cards showing drawn pips."""
    import cv2
    import numpy as np

    rng = np.random.default_rng(0)
    img: Any = np.zeros((FRAME[1], FRAME[0], 3), np.uint8)
    img[:] = (40, 110, 30)
    img = cv2.add(img, rng.integers(0, 20, img.shape, dtype=np.uint8))
    for i in range(6):
        cx, cy = 200 + 180 * i, 250 + 200 * (i % 2)
        box = cv2.boxPoints(((cx, cy), (90, 126), 20.0 * i)).astype(np.int32)
        cv2.fillConvexPoly(img, box, (235, 235, 235))
        for k in range(i + 2):
            cv2.circle(img, (cx - 15 + 30 * (k % 2), cy - 40 + 20 * (k // 2)), 6, (0, 0, 200), -1)
    return img


def to_frame(img: Any) -> Any:
    """``img`` scaled to fit 1280x720 (aspect kept) and padded to exactly that size
    by repeating its edge pixels."""
    import cv2

    h, w = img.shape[:2]
    scale = min(FRAME[0] / w, FRAME[1] / h)
    nw, nh = min(FRAME[0], round(w * scale)), min(FRAME[1], round(h * scale))
    small = cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA)
    top, left = (FRAME[1] - nh) // 2, (FRAME[0] - nw) // 2
    return cv2.copyMakeBorder(small, top, FRAME[1] - nh - top, left, FRAME[0] - nw - left,
                              cv2.BORDER_REPLICATE)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    p = argparse.ArgumentParser(description="ms per 1280x720 frame, one core.")
    p.add_argument("images", nargs="*", type=Path)
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args(argv)
    import cv2

    from vision.reader import detect

    cv2.setNumThreads(1)
    paths = a.images or sorted(DEV_DIR.glob("*scene*.jpg")) + sorted(DEV_DIR.glob("jacky*.jpg"))
    frames = []
    for path in paths:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            print(f"error: cannot read image {path}", file=sys.stderr)
            return 1
        frames.append((path.name, to_frame(img)))
    if not frames:
        frames.append(("synthetic", synthetic_frame()))
    times: list[float] = []
    bests: list[float] = []
    for name, frame in frames:
        detect(frame)  # warm-up (template loading)
        per = []
        for _ in range(a.repeat):
            t0 = time.process_time()
            n = len(detect(frame))
            per.append((time.process_time() - t0) * 1000)
        times.extend(per)
        bests.append(min(per))
        print(f"{name}: median {statistics.median(per):.1f}, best {min(per):.1f} ms/frame "
              f"({n} cards)")
    print(f"median {statistics.median(times):.1f} ms per 1280x720 frame, worst "
          f"{max(times):.1f} ms; best run per frame: median {statistics.median(bests):.1f}, "
          f"worst {max(bests):.1f} ms (one core, {len(frames)} frames x {a.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
