"""Benchmark (issue 9): the cost of camera play per 1280x720 frame, in process, on one
core (``cv2.setNumThreads(1)``, thread CPU time), over decoded frames of the trick
videos: :meth:`CameraPlay.feed` for every frame, the entering of cards excluded.
Not a test (a figure to report), run from the repository root:
``python -m tests.camera.bench_camera [NAME ...]``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import cv2

from referee.live.camera import CameraEntry, CameraPlay
from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.trickvideo import VIDEOS, make


def bench(name: str, folder: Path) -> tuple[int, float, float]:
    spec = next(v for v in VIDEOS if v.name == name)
    path = folder / f"{name}.avi"
    truth = make(spec, path)
    cap = cv2.VideoCapture(str(path))
    frames = []
    while True:
        ok, f = cap.read()
        if not ok:
            break
        frames.append(f)
    cap.release()
    store = Store(folder / f"{name}.db")
    s, _h = LiveSession.start(
        store,
        profile=spec.profile,
        players={},
        dealer="N" if spec.profile == "pagat" else None,
        caller="S" if spec.profile == "kort" else None,
        seed=1,
        duration=None,
        target=None,
    )
    s.enter(truth.trump_line)
    answers = {f"{c.deal}.{c.trick}.{c.seat}": c.typed for c in truth.laid}
    camera = CameraPlay((frames[0].shape[1], frames[0].shape[0]), fps=10.0, clockwise=s.game.clockwise)
    cost, worst = 0.0, 0.0
    for f in frames:
        t = time.thread_time()
        spent = 0.0
        for item in camera.feed(f, s.game):
            t1 = time.thread_time()
            if isinstance(item, CameraEntry):
                s.enter(item.text, origin=item.origin)
            elif item.key in answers:  # the table answers (not camera cost)
                s.enter(answers.pop(item.key))
            spent += time.thread_time() - t1
        dt = time.thread_time() - t - spent
        cost += dt
        worst = max(worst, dt)
    store.close()
    return len(frames), cost / len(frames) * 1000, worst * 1000


def main() -> None:
    cv2.setNumThreads(1)
    names = sys.argv[1:] or [v.name for v in VIDEOS]
    total_frames, total = 0, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            n, avg, worst = bench(name, Path(tmp))
            total_frames += n
            total += avg * n
            print(f"{name:22s} {n:4d} frames  {avg:5.2f} ms/frame average  worst {worst:5.1f} ms")
    print(f"{'all':22s} {total_frames:4d} frames  {total / total_frames:5.2f} ms/frame average")


if __name__ == "__main__":
    main()
