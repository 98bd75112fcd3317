"""Generated table surfaces for the training scenes and benchmark frames: light wood
and maple with grain, white, beige and grey cloth, felt, dark cloth, patterned mats,
with chips and hand-coloured blobs, and a bank of noise reused across images.

All randomness comes from a ``numpy.random.Generator`` passed in (numpy + OpenCV only).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

Img = NDArray[np.uint8]

_GRIDS: dict[tuple[int, int], tuple[NDArray[np.float32], NDArray[np.float32]]] = {}


def grid(h: int, w: int) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """(yy, xx) pixel coordinate arrays of an (h, w) image, float32, cached (read only)."""
    if (h, w) not in _GRIDS:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        yy.flags.writeable = False
        xx.flags.writeable = False
        _GRIDS[(h, w)] = (yy, xx)
    return _GRIDS[(h, w)]


class Noise:
    """A bank of standard normal noise (float32) drawn once; windows of it at random
    offsets stand in for fresh noise (drawing it per image is the slowest step)."""

    def __init__(self, rng: np.random.Generator, side: int = 1024) -> None:
        self.bank = rng.standard_normal((side, side, 3), dtype=np.float32)

    def window(self, rng: np.random.Generator, h: int, w: int, ch: int = 3) -> NDArray[np.float32]:
        """An (h, w, ch) window (tiled when larger than the bank)."""
        s = self.bank.shape[0]
        if h > s or w > s:  # larger than the bank: tiled
            reps = (-(-h // s), -(-w // s), 1)
            return np.tile(self.bank, reps)[:h, :w, :ch]
        y, x = int(rng.integers(0, s - h + 1)), int(rng.integers(0, s - w + 1))
        return self.bank[y : y + h, x : x + w, :ch]


_NOISE: Noise | None = None


def noise(rng: np.random.Generator) -> Noise:
    """The noise bank, drawn from ``rng`` on first use in this process (each chunk
    calls :func:`reset_noise` first, so a chunk does not depend on earlier ones)."""
    global _NOISE
    if _NOISE is None:
        _NOISE = Noise(rng)
    return _NOISE


def reset_noise() -> None:
    """Forget the noise bank (the next :func:`noise` draws a new one)."""
    global _NOISE
    _NOISE = None


def table(rng: np.random.Generator, h: int, w: int) -> Img:
    """A generated table surface (h, w, 3) BGR: wood, cloth, felt, dark cloth or a mat."""
    kind = rng.choice(
        ["wood", "maple", "white", "beige", "felt", "dark", "mat", "grey"],
        p=[0.16, 0.14, 0.12, 0.12, 0.16, 0.12, 0.08, 0.10],
    )
    yy, xx = grid(h, w)
    if kind in ("wood", "maple"):
        base = np.array([90, 150, 200]) if kind == "wood" else np.array([150, 195, 225])
        base = (base + rng.uniform(-25, 25, 3)).astype(np.float32)
        ang = rng.uniform(0, np.pi)
        c, s_ = np.float32(np.cos(ang)), np.float32(np.sin(ang))
        u = xx * c + yy * s_
        v = yy * c - xx * s_
        freq = np.float32(rng.uniform(0.15, 0.6))
        warp_ = 6 * np.sin(v * np.float32(rng.uniform(0.01, 0.04)) + np.float32(rng.uniform(0, 6)))
        grain = np.sin((u + warp_) * freq) * 0.5 + 0.5
        amp = np.float32(rng.uniform(5, 30))
        img = base[None, None, :] - amp * grain[..., None]
    elif kind in ("white", "beige", "grey"):
        base = {
            "white": np.array([225, 228, 230]),
            "beige": np.array([175, 205, 225]),
            "grey": np.array([150, 150, 150]),
        }[str(kind)] + rng.uniform(-30, 20, 3)
        img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
        weave = np.sin(xx * np.float32(rng.uniform(1, 2.5))) * np.sin(yy * np.float32(rng.uniform(1, 2.5)))
        img = img + np.float32(rng.uniform(0, 8)) * weave[..., None]
    elif kind == "felt":
        base = rng.choice(
            [
                np.array([40, 110, 30]),
                np.array([110, 60, 20]),
                np.array([30, 30, 130]),
                np.array([90, 90, 40]),
            ]
        ) + rng.uniform(-25, 25, 3)
        img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    elif kind == "dark":
        base = rng.uniform(10, 60, 3)
        img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    else:  # a patterned mat: blobs of two colours
        a, b = rng.uniform(20, 160, 3), rng.uniform(20, 160, 3)
        t = np.sin(xx * np.float32(rng.uniform(0.05, 0.3))) * np.cos(yy * np.float32(rng.uniform(0.05, 0.3)))
        img = np.where((t > 0)[..., None], a, b).astype(np.float32)
    img = np.ascontiguousarray(
        img + np.float32(rng.uniform(1, 7)) * noise(rng).window(rng, h, w, 1), np.float32
    )
    # distractors: chips (striped discs) and skin-coloured blobs (hands)
    for _ in range(int(rng.integers(0, 3))):
        ctr = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        r = int(rng.integers(6, max(7, min(h, w) // 4)))
        if rng.random() < 0.5:
            col = rng.uniform(0, 255, 3)
            cv2.circle(img, ctr, r, col.tolist(), -1)
            cv2.circle(img, ctr, max(1, r * 2 // 3), (235, 235, 235), max(1, r // 6))
        else:
            col = np.array([120, 150, 200]) + rng.uniform(-40, 30, 3)
            cv2.ellipse(
                img, ctr, (r, int(r * rng.uniform(0.4, 0.8))), rng.uniform(0, 180), 0, 360, col.tolist(), -1
            )
    out: Img = np.clip(img, 0, 255).astype(np.uint8)
    return out
