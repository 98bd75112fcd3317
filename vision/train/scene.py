"""What happens to a rendered card in its scene: another card laid over part of it
(its covered indices relabelled) and the light (shadow, glare, colour cast, blur,
noise). Part of :mod:`vision.train.synth`; all randomness from the caller's generator,
drawn in the same order as before the split (the training data is unchanged).
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.train.art import FH, FW, RANKS, SUITS
from vision.train.tables import grid, noise

NONE_RANK = len(RANKS)
NONE_SUIT = len(SUITS)


def index_cover(
    occ: NDArray[np.uint8], quad: NDArray[np.float32], box: tuple[int, int, int, int], shape: tuple[int, int]
) -> tuple[float, float]:
    """Fractions of the top-left and bottom-right index boxes (face pixels ``box``)
    covered by the occluder mask ``occ`` (scene), the face mapped onto ``quad``."""
    x, y, w, h = box
    pad = 2
    src = np.array([[0, 0], [FW - 1, 0], [FW - 1, FH - 1], [0, FH - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad)
    out = []
    for bx, by in ((x, y), (FW - x - w, FH - y - h)):
        pts = np.array(
            [
                [bx - pad, by - pad],
                [bx + w + pad, by - pad],
                [bx + w + pad, by + h + pad],
                [bx - pad, by + h + pad],
            ],
            np.float32,
        ).reshape(-1, 1, 2)
        q = cv2.perspectiveTransform(pts, m).reshape(-1, 2)
        bm = np.zeros(shape, np.uint8)
        cv2.fillConvexPoly(bm, np.round(q).astype(np.int32), 1)
        tot = int(bm.sum())
        out.append(float((occ[bm > 0] > 0).sum()) / tot if tot else 1.0)
    return out[0], out[1]


def occlude(
    rng: np.random.Generator,
    img: Any,
    quad: NDArray[np.float32],
    box: tuple[int, int, int, int],
    art: dict[str, NDArray[np.uint8]],
    cw: float,
    ch: float,
    labels: list[tuple[int, int]],
) -> Any:
    """Another card (blank or a face) laid over part of the card at ``quad`` in the
    scene ``img`` (float32, square); ``labels`` of covered indices become none (or
    -1: partly covered, ambiguous, dropped) in place. Returns the new scene."""
    side = img.shape[0]
    src = np.array([[0, 0], [FW - 1, 0], [FW - 1, FH - 1], [0, FH - 1]], np.float32)
    occ = np.zeros((side, side), np.uint8)
    oc = quad[int(rng.integers(4))] + rng.normal(0, 0.35 * cw, 2)
    ob = cv2.boxPoints(((float(oc[0]), float(oc[1])), (cw, ch), float(rng.uniform(0, 360))))
    cv2.fillConvexPoly(occ, np.round(ob).astype(np.int32), 1)
    cover = index_cover(occ, quad, box, (side, side))
    for i, cov in enumerate(cover):
        if cov > 0.35:
            labels[i] = (NONE_RANK, NONE_SUIT)
        elif cov > 0.0:
            labels[i] = (-1, -1)  # partly covered: ambiguous, dropped
    tone = rng.uniform(200, 250)
    oimg = np.full((side, side, 3), tone, np.float32)
    if rng.random() < 0.5:  # the occluder is a face: some art under it
        other = art[str(rng.choice(list(art.keys())))]
        mo = cv2.getPerspectiveTransform(src, ob.astype(np.float32))
        oimg = cv2.warpPerspective(other[..., :3], mo, (side, side)).astype(np.float32)
    osh = cv2.GaussianBlur(occ.astype(np.float32), (0, 0), max(1.0, 0.02 * cw))
    img *= (1 - 0.3 * osh)[..., None]
    img = np.where(occ[..., None] > 0, oimg, img)
    return img


#: share of the scenes lit with a warm veil with ``--warm-blacks`` (:func:`light`)
WARM_SHARE = 0.6
#: the paper's level of a scene before its exposure and cast, per channel (BGR)
PAPER_LEVEL = 240.0


def light(rng: np.random.Generator, img: Any, cw: float, warm: float = 0.0) -> Any:
    """Light on the scene ``img`` (float32, square): gradient shadow, glare, colour
    cast, exposure, blur and noise. Returns the new scene.

    ``warm`` (``--warm-blacks``): in a share WARM_SHARE of the scenes, a veil of light
    is added before the exposure and cast, up to ``warm`` of the paper's level in red,
    0.3-0.7 of that in green, none in blue, over a neutral veil of up to 0.04 (stray
    light in the lens, light bounced off a wooden table). A colour cast alone is a gain
    per channel, which the classifiers' input undoes (each channel divided by the
    paper's, :func:`vision.corners.to_blob`): black print stays neutral against the
    paper. Real black indices do not: in the real close-ups' corner crops, so divided,
    the dark pixels (mean of the three channels under 0.55) of black cards measure red
    over blue 0.97-1.83 (5th-95th percentile; median 1.18, vosloo's in warm light
    1.22), the generated crops' 0.72-1.29 (median 0.97), and the classifiers read
    black court indices in warm light as red ones (a KS scaled to 90 px read KD by B
    on both corners). With a veil of up to 0.2 the generated ones measure 0.80-1.55 (median 1.09;
    a red index's blue is lifted less than a black one's, its red channel stays well
    above: tests/vision/test_train_light.py). ``warm`` 0: no random number is drawn for
    it, the scenes are as before."""
    side = img.shape[0]
    # light: gradient shadow, glare, colour cast, exposure
    yy, xx = grid(side, side)
    g = (rng.uniform(-1, 1, 2) / side).astype(np.float32)
    ramp = np.clip((xx - side / 2) * g[0] + (yy - side / 2) * g[1] + 0.5, 0, 1)
    ramp = 1 - np.float32(rng.uniform(0, 0.45)) * ramp
    img *= ramp[..., None]
    if rng.random() < 0.25:
        gx, gy = (rng.uniform(0, 1, 2) * side).astype(np.float32)
        r2 = np.float32(2 * (rng.uniform(0.02, 0.2) * side) ** 2)
        glare = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / r2)
        img += np.float32(rng.uniform(40, 160)) * glare[..., None]
    if warm > 0 and rng.random() < WARM_SHARE:
        red = rng.uniform(0.0, warm)
        veil = rng.uniform(0.0, 0.04) + np.array([0.0, red * rng.uniform(0.3, 0.7), red])
        img += (PAPER_LEVEL * veil).astype(np.float32)
    img *= (rng.uniform(0.8, 1.15, 3) * rng.uniform(0.45, 1.2)).astype(np.float32)
    sigma = rng.uniform(0.0, 1.3) * (1.0 if cw < 160 else rng.uniform(1, 2.5))
    if sigma > 0.25:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img += np.float32(rng.uniform(0, 7)) * noise(rng).window(rng, side, side)
    return img
