"""Template set, glyph normalisation and the structural checks of the reader."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.build_templates import RANKS, SUITS, augment, font_glyphs, pack
from vision.glyphs import RANK_GRID, TEMPLATE_FILE, crop_to_ink, glyph_vector, load_templates
from vision.segment import holes


def render(text: str, height: int = 40, thickness: int = 2) -> np.ndarray:
    """A cropped binary mask of ``text`` in OpenCV's duplex font, about ``height`` px tall."""
    img = np.zeros((3 * height, 3 * height * max(1, len(text))), np.uint8)
    scale = height / 22
    cv2.putText(img, text, (5, 2 * height), cv2.FONT_HERSHEY_DUPLEX, scale, 255, thickness, cv2.LINE_AA)
    return crop_to_ink((img > 127).astype(np.uint8) * 255)


def test_shipped_templates_cover_every_rank_and_suit_and_are_small() -> None:
    assert TEMPLATE_FILE.stat().st_size < 3 * 1024 * 1024
    t = load_templates()
    assert set(t.ranks.labels.tolist()) == set(RANKS)
    assert set(t.suits.labels.tolist()) == set(SUITS)
    assert t.ranks.vectors.shape[1] == RANK_GRID[0] * RANK_GRID[1]
    norms = np.linalg.norm(t.ranks.vectors, axis=1)
    assert np.allclose(norms, 1.0, atol=1e-2)


@pytest.mark.parametrize("rank", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"])
def test_small_rendered_ranks_are_classified(rank: str) -> None:
    text = "10" if rank == "T" else rank
    label, score, margin = load_templates().ranks.classify(render(text, height=14))
    assert label == rank
    assert score > 0.6 and margin > 0.04


def test_six_and_nine_are_told_apart_when_upright() -> None:
    t = load_templates()
    six = render("6", 20)
    assert t.ranks.classify(six)[0] == "6"
    assert t.ranks.classify(np.ascontiguousarray(six[::-1, ::-1]))[0] == "9"


def test_holes_count_enclosed_counters() -> None:
    # by default only counters of at least 6% of the glyph's box count (a Q's)
    assert holes(render("Q")) == 1
    assert holes(render("J")) == 0
    assert holes(render("K")) == 0
    assert [holes(render(c, 40, 3), min_frac=0.01) for c in "8AJK"] == [2, 1, 0, 0]


def test_glyph_vector_is_unit_length_and_zero_mean() -> None:
    v = glyph_vector(render("K"), RANK_GRID)
    assert v.shape == (RANK_GRID[0] * RANK_GRID[1],)
    assert abs(float(v.mean())) < 1e-5
    assert abs(float(np.linalg.norm(v)) - 1.0) < 1e-5
    with pytest.raises(ValueError):
        crop_to_ink(np.zeros((5, 5), np.uint8))


def test_build_pieces_without_npm(tmp_path: Path) -> None:
    ranks, suits = font_glyphs([tmp_path])  # no fonts there: Hershey glyphs only
    assert {r for r, _ in ranks} == set(RANKS)
    assert suits == []
    variants = augment(render("7"))
    assert len(variants) >= 3
    vecs, asps, labs = pack(ranks[:26], RANK_GRID)
    assert vecs.shape[0] == len(asps) == len(labs) > 0
    assert list(labs) == sorted(labs)
