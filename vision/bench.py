"""Benchmark: milliseconds per 1280x720 frame for detection plus reading, on one core.

``python -m vision.bench`` (issue 10's operating point) builds one 13-card
1280x720 frame with a fixed seed (:func:`vision.train.scenes.trick_frame`: the
CC0 card art of the training cache, ``--data``, cards ~95 px wide on felt) and
prints the median of 20 reads of it by :func:`vision.reader.detect`, CPU time of
the process and wall time, with OpenCV (and NumPy's BLAS, unless the
environment says otherwise) limited to one thread. ``--profile`` adds the
functions that cost most (cProfile, cumulative). Without the art cache, a frame
of 13 drawn cards stands in (fewer readings, said so).

``python -m vision.bench IMAGE... [--repeat N]`` fits every image into a
1280x720 frame (aspect kept, edges repeated) and reads each ``N`` times; printed
per frame: the median and the best of the repeats (the best is the least
disturbed by other processes); last, over all frames and repeats.

CPU time counts other load on the machine less than wall time does; both are
printed.
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

FRAME = (1280, 720)


def synthetic_frame(n: int = 6) -> Any:
    """A 1280x720 BGR frame: green felt with ``n`` (at most 14) white cards showing
    drawn pips."""
    import cv2
    import numpy as np

    rng = np.random.default_rng(0)
    img: Any = np.zeros((FRAME[1], FRAME[0], 3), np.uint8)
    img[:] = (40, 110, 30)
    img = cv2.add(img, rng.integers(0, 20, img.shape, dtype=np.uint8))
    for i in range(n):
        cx, cy = 110 + 175 * (i % 7), 180 + 330 * (i // 7) + 70 * (i % 2)
        box = cv2.boxPoints(((cx, cy), (90, 126), 20.0 * i)).astype(np.int32)
        cv2.fillConvexPoly(img, box, (235, 235, 235))
        for k in range(i % 9 + 2):
            cv2.circle(img, (cx - 15 + 30 * (k % 2), cy - 40 + 20 * (k // 2)), 6, (0, 0, 200), -1)
    return img


def bench_frame(data: Path, seed: int = 0, n: int = 13) -> tuple[Any, str]:
    """(the benchmark frame, what it is): ``n`` cards of the CC0 art cache
    ``data/art.npz`` (:func:`vision.train.scenes.trick_frame` with ``seed``), or
    ``n`` drawn cards when the cache is missing."""
    if (data / "art.npz").is_file():
        from vision.train.scenes import trick_frame
        from vision.train.synth import load_art

        return trick_frame(seed, load_art(data / "art.npz"), n), f"{n} CC0 cards, seed {seed}"
    return synthetic_frame(n), f"{n} drawn cards (no art cache {data / 'art.npz'})"


def time_reads(frame: Any, repeat: int = 20) -> tuple[float, float, int]:
    """(median CPU ms, median wall ms, cards read) of ``repeat`` reads of ``frame`` by
    :func:`vision.reader.detect`, one OpenCV thread, after one warm-up read."""
    import cv2

    from vision.reader import detect

    cv2.setNumThreads(1)
    n = len(detect(frame))  # warm-up: templates and models load
    cpu, wall = [], []
    for _ in range(repeat):
        t0, w0 = time.process_time(), time.perf_counter()
        detect(frame)
        cpu.append((time.process_time() - t0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
    return statistics.median(cpu), statistics.median(wall), n


def _profile(frame: Any, repeat: int) -> None:
    import cProfile
    import pstats

    from vision.reader import detect

    prof = cProfile.Profile()
    prof.enable()
    for _ in range(repeat):
        detect(frame)
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


def to_frame(img: Any) -> Any:
    """``img`` scaled to fit 1280x720 (aspect kept) and padded to exactly that size
    by repeating its edge pixels."""
    import cv2

    h, w = img.shape[:2]
    scale = min(FRAME[0] / w, FRAME[1] / h)
    nw, nh = min(FRAME[0], round(w * scale)), min(FRAME[1], round(h * scale))
    small = cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA)
    top, left = (FRAME[1] - nh) // 2, (FRAME[0] - nw) // 2
    return cv2.copyMakeBorder(
        small, top, FRAME[1] - nh - top, left, FRAME[0] - nw - left, cv2.BORDER_REPLICATE
    )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    from vision.train.options import default_data  # stdlib only

    p = argparse.ArgumentParser(description="ms per 1280x720 frame, one core.")
    p.add_argument("images", nargs="*", type=Path)
    p.add_argument(
        "--repeat", type=int, default=None, help="reads per frame (20 for the generated frame, 5 for images)"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the generated frame")
    p.add_argument("--profile", action="store_true", help="print a cProfile of the reads")
    p.add_argument(
        "--data",
        type=Path,
        default=default_data(),
        help="folder with the CC0 art cache (art.npz) of python -m vision.train",
    )
    a = p.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    if not a.images:
        frame, what = bench_frame(a.data, a.seed)
        repeat = a.repeat or 20
        cpu, wall, n = time_reads(frame, repeat)
        print(
            f"{what}, 1280x720, {n} read: median of {repeat} reads {cpu:.1f} ms CPU, "
            f"{wall:.1f} ms wall (one thread)"
        )
        if a.profile:
            _profile(frame, repeat)
        return 0
    return _images(a.images, a.repeat or 5)


def _images(paths: list[Path], repeat: int) -> int:
    import cv2

    from vision.reader import detect

    frames = []
    for path in paths:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            print(f"error: cannot read image {path}", file=sys.stderr)
            return 1
        frames.append((path.name, to_frame(img)))
    times: list[float] = []
    bests: list[float] = []
    for name, frame in frames:
        detect(frame)  # warm-up (template loading)
        per = []
        for _ in range(repeat):
            t0 = time.process_time()
            n = len(detect(frame))
            per.append((time.process_time() - t0) * 1000)
        times.extend(per)
        bests.append(min(per))
        print(f"{name}: median {statistics.median(per):.1f}, best {min(per):.1f} ms/frame ({n} cards)")
    print(
        f"median {statistics.median(times):.1f} ms per 1280x720 frame, worst "
        f"{max(times):.1f} ms; best run per frame: median {statistics.median(bests):.1f}, "
        f"worst {max(bests):.1f} ms (one core, {len(frames)} frames x {repeat})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
