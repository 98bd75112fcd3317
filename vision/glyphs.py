"""Glyph normalisation and nearest-template classification (rank glyphs, suit shapes).

A glyph is a binary mask (uint8, 0 or 255) cropped to the shape's bounding box.
``glyph_vector`` stretches it to a fixed grid, blurs it a little and returns a
zero-mean, unit-length float32 vector, so the dot product of two vectors is
their normalised correlation in [-1, 1]. The bounding box aspect ratio
(width / height), lost by the stretch, is compared separately.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

RANK_GRID = (20, 28)  # (width, height) of a normalised rank glyph
SUIT_GRID = (24, 24)  # (width, height) of a normalised suit shape
BLUR_SIGMA = 0.8  # grid cells; blur makes thin and bold strokes comparable

TEMPLATE_FILE = Path(__file__).with_name("templates.npz")


def crop_to_ink(mask: NDArray[Any]) -> NDArray[Any]:
    """Crop a binary mask (H, W) to the bounding box of its non-zero pixels.

    Raises ValueError if the mask is empty.
    """
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        raise ValueError("empty glyph mask")
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


#: the Gaussian kernel GaussianBlur uses for BLUR_SIGMA on a float image (its size
#: rounded from 8 sigma + 1, odd)
_BLUR_KERNEL = cv2.getGaussianKernel(round(BLUR_SIGMA * 8 + 1) | 1, BLUR_SIGMA, cv2.CV_32F)


def glyph_vector(mask: NDArray[Any], grid: tuple[int, int]) -> NDArray[np.float32]:
    """Normalised vector of a cropped binary glyph ``mask`` on ``grid`` (w, h).

    Returns a float32 vector of length w*h with zero mean and unit norm (all
    zeros if the glyph is uniform).
    """
    m = cv2.resize((mask > 0).astype(np.float32), grid, interpolation=cv2.INTER_AREA)
    # = cv2.GaussianBlur(m, (0, 0), BLUR_SIGMA), bit for bit, its kernel made once
    m = cv2.sepFilter2D(m, -1, _BLUR_KERNEL, _BLUR_KERNEL, borderType=cv2.BORDER_REFLECT_101)
    v = m.ravel() - np.add.reduce(m, axis=None) / m.size  # = m.mean(), bit for bit, faster
    n = float(np.sqrt(v.dot(v)))  # = np.linalg.norm(v), without its overhead
    return v / n if n > 1e-6 else np.zeros_like(v, dtype=np.float32)


def aspect(mask: NDArray[Any]) -> float:
    """Width / height of a cropped glyph mask."""
    return int(mask.shape[1]) / max(1, int(mask.shape[0]))


@dataclass(frozen=True)
class TemplateSet:
    """Templates of one kind: ``vectors`` (N, D) float32, ``aspects`` (N,), ``labels`` (N,) str.

    Built with :meth:`create`, which sorts the templates by label so that the best
    score per label is one ``np.maximum.reduceat``.
    """

    vectors: NDArray[np.float32]
    log_aspects: NDArray[np.float32]
    labels: NDArray[np.str_]
    grid: tuple[int, int]
    starts: NDArray[np.intp]
    names: tuple[str, ...]

    @classmethod
    def create(
        cls,
        vectors: NDArray[Any],
        aspects: NDArray[Any],
        labels: NDArray[Any],
        grid: tuple[int, int],
    ) -> TemplateSet:
        """A template set from unsorted arrays (vectors (N, D), aspects (N,), labels (N,))."""
        order = np.argsort(labels, kind="stable")
        lab = np.asarray(labels)[order]
        starts = np.flatnonzero(np.r_[True, lab[1:] != lab[:-1]])
        return cls(
            np.ascontiguousarray(np.asarray(vectors)[order], np.float32),
            np.log(np.asarray(aspects)[order]).astype(np.float32),
            lab,
            grid,
            starts,
            tuple(str(x) for x in lab[starts]),
        )

    def scores(self, mask: NDArray[Any], aspect_weight: float = 0.6) -> dict[str, float]:
        """Best score per label for a cropped glyph mask (higher is better, at most 1).

        Score = correlation - aspect_weight * |log(aspect ratio / template aspect ratio)|.
        """
        v = glyph_vector(mask, self.grid)
        la = np.float32(np.log(aspect(mask)))
        s = self.vectors @ v - np.float32(aspect_weight) * np.abs(self.log_aspects - la)
        best = np.maximum.reduceat(s, self.starts)
        return dict(zip(self.names, best.tolist(), strict=True))

    def classify(self, mask: NDArray[Any], allowed: set[str] | None = None) -> tuple[str, float, float]:
        """(label, score, margin over the best other label) for a cropped glyph mask.

        ``allowed`` restricts the labels considered (e.g. red suits only).
        """
        sc = self.scores(mask)
        if allowed is not None:
            sc = {k: v for k, v in sc.items() if k in allowed}
        ranked = sorted(sc.items(), key=lambda kv: -kv[1])
        best, s1 = ranked[0]
        s2 = ranked[1][1] if len(ranked) > 1 else -1.0
        return best, s1, s1 - s2


@dataclass(frozen=True)
class Templates:
    """The shipped template sets: rank glyphs and suit shapes."""

    ranks: TemplateSet
    suits: TemplateSet


_cache: Templates | None = None


def load_templates(path: Path = TEMPLATE_FILE) -> Templates:
    """Load the template sets from ``path`` (built by ``python -m vision.build_templates``).

    Raises FileNotFoundError if the file is missing.
    """
    global _cache
    if _cache is not None and path == TEMPLATE_FILE:
        return _cache
    with np.load(path) as z:
        t = Templates(
            ranks=TemplateSet.create(z["rank_vectors"], z["rank_aspects"], z["rank_labels"], RANK_GRID),
            suits=TemplateSet.create(z["suit_vectors"], z["suit_aspects"], z["suit_labels"], SUIT_GRID),
        )
    if path == TEMPLATE_FILE:
        _cache = t
    return t
