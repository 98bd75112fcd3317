"""What changed on the table: a cheap per-frame model of the play area (issue 9 §2).

:class:`TableWatch` keeps a small colour image of the play area (a quarter of the
frame's resolution, lightly blurred) as it stood at the last *settled* moment
(``reference``) and of the empty table (``background``: the first view, following
slow changes of light where nothing lies; what lies there from the start is taken
for the table). Each frame costs a resize
and two differences of the small image:

* the area is *moving* while consecutive small frames differ in more than a few
  pixels (a hand laying, gathering or passing);
* it *settles* after ``still_frames`` frames without movement; only then is it
  compared with the reference: :attr:`Settle.changes` are the regions that differ
  from the reference **and** from the empty table (something new lies there: a
  card laid, also on top of others); regions that differ from the reference but
  look like the empty table again are things taken away (a gathered pile, a hand
  that went). A hand that passed and went changes nothing.
* :meth:`TableWatch.revealed` tells how much of a region looks like the empty table
  now (a card gathered or taken back).

Coordinates: frame pixels, x right, y down. Masks of regions are in the small
image's pixels (``scale`` times smaller). Pure NumPy/OpenCV, one thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

Mask = NDArray[np.uint8]


@dataclass(frozen=True)
class Region:
    """A settled change that may be a card: ``hull`` (N, 2) float32 frame pixels (the
    convex hull of the changed pixels), ``box`` (x0, y0, x1, y1) frame pixels, the
    ``centre`` (x, y), ``area`` in frame pixels, ``rect`` the minimum-area rectangle
    ((cx, cy), (w, h), angle) in frame pixels, and ``mask`` (the filled hull in small
    pixels, the size of :attr:`TableWatch.small_size`)."""

    hull: NDArray[np.float32]
    box: tuple[int, int, int, int]
    centre: tuple[float, float]
    area: float
    rect: tuple[tuple[float, float], tuple[float, float], float]
    mask: Mask = field(repr=False)
    paper: float = 1.0
    """The fraction of the region that looks like card paper (bright, hardly coloured):
    a card's border and background; a hand or an arm has next to none."""

    @property
    def card_like(self) -> bool:
        """Shaped like one card lying flat (or a card with a bit of its neighbour): an
        oblong of aspect 1.15-2.1 whose hull fills most of its rectangle."""
        (_cx, _cy), (w, h), _a = self.rect
        short, long_ = min(w, h), max(w, h)
        if short <= 0:
            return False
        fill = self.area / (w * h)
        return 1.1 <= long_ / short <= 2.1 and fill >= 0.6


@dataclass(frozen=True)
class Settle:
    """The play area came to rest in frame ``frame``: the new things lying there."""

    frame: int
    changes: list[Region]


class TableWatch:
    """See the module docstring.

    ``frame_size`` (width, height); ``area`` (x0, y0, x1, y1) the play area's bounding
    box in frame pixels; ``scale`` the reduction of the small image; ``still_frames``
    frames without movement before the area counts as settled; ``diff`` the grey-level
    difference (max over B, G, R of the blurred small images) that counts as a change;
    ``min_area`` the smallest change kept, in frame pixels. Raises ValueError for an
    empty area.
    """

    def __init__(
        self,
        frame_size: tuple[int, int],
        area: tuple[int, int, int, int],
        *,
        scale: int = 4,
        still_frames: int = 3,
        diff: int = 16,
        min_area: float = 1500.0,
    ) -> None:
        w, h = frame_size
        x0, y0, x1, y1 = (max(0, area[0]), max(0, area[1]), min(w, area[2]), min(h, area[3]))
        if x1 - x0 < 2 * scale or y1 - y0 < 2 * scale:
            raise ValueError(f"play area {area} is empty in a {w}x{h} frame")
        self.box = (x0, y0, x1, y1)
        self.scale = scale
        self.small_size = ((x1 - x0) // scale, (y1 - y0) // scale)
        self.still_frames = still_frames
        self.diff = diff
        self.min_px = max(4, round(min_area / (scale * scale)))
        self.frame = -1
        self.still = 0
        """Frames in a row without movement (0 while moving)."""
        self.small: NDArray[np.uint8] | None = None
        self.reference: NDArray[np.uint8] | None = None
        self.background: NDArray[np.uint8] | None = None
        self._kernel = np.ones((3, 3), np.uint8)

    def shrink(self, frame: NDArray[Any]) -> NDArray[np.uint8]:
        """The play area of ``frame`` at the small size, blurred."""
        x0, y0, x1, y1 = self.box
        small = cv2.resize(frame[y0:y1, x0:x1], self.small_size, interpolation=cv2.INTER_AREA)
        return np.asarray(cv2.blur(small, (3, 3)), np.uint8)

    def _differs(self, a: NDArray[np.uint8], b: NDArray[np.uint8]) -> NDArray[np.bool_]:
        d = cv2.absdiff(a, b)
        return np.asarray(d.max(axis=2) > self.diff)

    def step(self, frame: NDArray[Any]) -> Settle | None:
        """Feed the next frame; a :class:`Settle` in the frame the area comes to rest."""
        self.frame += 1
        small = self.shrink(frame)
        prev, self.small = self.small, small
        if prev is None:  # the first view: the empty table (what lies there is no news)
            self.still = 0
            self.background = small.copy()
            self.reference = small.copy()
            return None
        moving = int(np.count_nonzero(self._differs(small, prev))) > self.min_px // 4
        self.still = 0 if moving else self.still + 1
        if self.still != self.still_frames:
            return None
        assert self.reference is not None and self.background is not None
        new = self._differs(small, self.reference) & self._differs(small, self.background)
        # slow changes of light where the table is empty follow into the background
        same = ~self._differs(small, self.background)
        self.background[same] = small[same]
        self.reference = small.copy()
        return Settle(self.frame, self._regions(new))

    def _regions(self, new: NDArray[np.bool_]) -> list[Region]:
        m0 = new.astype(np.uint8) * 255
        m1 = cv2.morphologyEx(m0, cv2.MORPH_OPEN, self._kernel)
        m = cv2.morphologyEx(m1, cv2.MORPH_CLOSE, self._kernel, iterations=2)
        n, labels, stats, _c = cv2.connectedComponentsWithStats(m, connectivity=8)
        out: list[Region] = []
        s = self.scale
        x0, y0 = self.box[0], self.box[1]
        for i in range(1, n):
            if stats[i, cv2.CC_STAT_AREA] < self.min_px:
                continue
            ys, xs = np.nonzero(labels == i)
            pts = np.stack([xs, ys], axis=1).astype(np.int32)
            hull = cv2.convexHull(pts)
            mask = np.zeros((self.small_size[1], self.small_size[0]), np.uint8)
            cv2.fillConvexPoly(mask, hull, 255)
            full = (hull.reshape(-1, 2).astype(np.float32) + 0.5) * s + np.array([x0, y0], np.float32)
            (cx, cy), (rw, rh), ang = cv2.minAreaRect(full)
            bx, by, bw, bh = cv2.boundingRect(full)
            out.append(
                Region(
                    full,
                    (bx, by, bx + bw, by + bh),
                    (float(cx), float(cy)),
                    float(cv2.contourArea(full)),
                    ((float(cx), float(cy)), (float(rw), float(rh)), float(ang)),
                    mask,
                    self._paper(mask),
                )
            )
        return out

    def _paper(self, mask: Mask) -> float:
        assert self.small is not None
        inside = mask > 0
        total = int(np.count_nonzero(inside))
        if total == 0:
            return 0.0
        hsv = cv2.cvtColor(self.small, cv2.COLOR_BGR2HSV)
        paper = (hsv[:, :, 1] < 70) & (hsv[:, :, 2] > 120) & inside
        return int(np.count_nonzero(paper)) / total

    def region_of(self, corners: NDArray[Any]) -> Region:
        """The :class:`Region` of a card outline ``corners`` (4, 2) in frame pixels."""
        full = np.asarray(corners, np.float32).reshape(-1, 2)
        x0, y0 = self.box[0], self.box[1]
        small = np.round((full - np.array([x0, y0], np.float32)) / self.scale - 0.5).astype(np.int32)
        mask = np.zeros((self.small_size[1], self.small_size[0]), np.uint8)
        cv2.fillConvexPoly(mask, small, 255)
        (cx, cy), (rw, rh), ang = cv2.minAreaRect(full)
        bx, by, bw, bh = cv2.boundingRect(full)
        return Region(
            full,
            (bx, by, bx + bw, by + bh),
            (float(cx), float(cy)),
            float(cv2.contourArea(full)),
            ((float(cx), float(cy)), (float(rw), float(rh)), float(ang)),
            mask,
        )

    def revealed(self, mask: Mask) -> float:
        """The fraction of ``mask`` (small pixels) that looks like the empty table in the
        last frame (1.0: whatever lay there is gone). 0.0 before the first settle."""
        if self.small is None or self.background is None:
            return 0.0
        inside = mask > 0
        total = int(np.count_nonzero(inside))
        if total == 0:
            return 0.0
        empty = ~self._differs(self.small, self.background) & inside
        return int(np.count_nonzero(empty)) / total

    def composite(
        self, frame: NDArray[Any], region: Region, grow: float = 0.12, margin: float = 0.3
    ) -> tuple[NDArray[np.uint8], tuple[int, int]]:
        """A crop of ``frame`` around ``region`` showing only the region's pixels (its
        hull grown by ``grow`` of its short side) on the empty table: what a reader
        sees of a new card alone, older cards under and around it taken away.
        Returns (BGR image, (x, y) of its top-left corner in the frame)."""
        assert self.background is not None
        (_c, (rw, rh), _a) = region.rect
        short = min(rw, rh)
        pad = int(short * margin) + 8
        h, w = frame.shape[:2]
        bx0, by0, bx1, by1 = region.box
        x0, y0 = max(0, bx0 - pad), max(0, by0 - pad)
        x1, y1 = min(w, bx1 + pad), min(h, by1 + pad)
        crop = np.ascontiguousarray(frame[y0:y1, x0:x1])
        # the empty table under the crop, from the small background
        ax0, ay0, ax1, ay1 = self.box
        full_bg = cv2.resize(self.background, (ax1 - ax0, ay1 - ay0), interpolation=cv2.INTER_LINEAR)
        table = np.empty_like(crop)
        table[:] = np.median(self.background.reshape(-1, 3), axis=0).astype(np.uint8)
        ix0, iy0, ix1, iy1 = max(x0, ax0), max(y0, ay0), min(x1, ax1), min(y1, ay1)
        if ix1 > ix0 and iy1 > iy0:
            table[iy0 - y0 : iy1 - y0, ix0 - x0 : ix1 - x0] = full_bg[
                iy0 - ay0 : iy1 - ay0, ix0 - ax0 : ix1 - ax0
            ]
        mask = np.zeros(crop.shape[:2], np.uint8)
        hull = np.round(region.hull - np.array([x0, y0], np.float32)).astype(np.int32)
        cv2.fillConvexPoly(mask, hull, 255)
        k = max(3, int(short * grow) | 1)
        grown = cv2.dilate(mask, np.ones((k, k), np.uint8))
        out = np.where(grown[:, :, None] > 0, crop, table)
        return np.ascontiguousarray(out, np.uint8), (x0, y0)
