"""Calibration of the pile-corner threshold ``pile_corner`` on generated pile frames
(build time; no torch: the models run through ``cv2.dnn``).

A card in a pile is read from one index corner alone (:mod:`vision.piles`): both
classifiers must read the same card on that crop. The crops that rule meets in
use are not those of set C (corners of whole cards): they are cut where the
finder sees a right-angled corner of a blob of overlapping cards, so the index
is often partly under another card, the outline is off by a few pixels, or the
corner is no card's index corner at all (a corner of two cards' union). So the
threshold is calibrated on exactly those crops, and so is the lower one,
``pile_corner_templated``, of such reads that the template reader backs
(:func:`vision.templated.index_backs`): the frames of
:func:`vision.train.scenes.pile_scene` (seeds held apart from the benchmark's),
with a share of the cards' indices redrawn in the held-apart fonts of group C
(as set C: fonts neither classifier was trained on), through the reader's own
finder (:func:`vision.detector.find_card_groups`, :func:`vision.piles.pile_outlines`, their
index corners moved onto the cards' edges by :func:`vision.piles.corners_on_edges`).

A crop's truth is the set of cards with an index corner at the outline's first
corner, turned the same way (within a quarter of the card's width and 25
degrees); a read naming another card, or any card where there is none, is wrong.

A hand of two cards lying partly over each other, its outline split into the two
cards (:func:`vision.pairs.halves`), has its index corners read alike, at a threshold
of their own, ``half_corner`` (:func:`half_metrics`): calibrated the same way on
exactly those outlines, as the reader makes them (:func:`vision.reader.detect`'s
``halves_out``) in generated hold'em frames (:func:`vision.train.scenes.hand_scene`,
seeds held apart from the benchmark's, the same glyph-bank draws).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

#: pile corners read by A and B under this are never reported, whatever the template
#: reader says (:func:`pile_metrics`)
TEMPLATED_FLOOR = 0.9
#: an outline's corner is a card's index corner within this fraction of the card's width
NEAR = 0.25
#: ... and its top side turned within this cosine (about 25 degrees) of the card's
SAME_WAY = 0.9


def corner_truth(outline: NDArray[Any], cards: dict[str, NDArray[Any]]) -> set[str]:
    """The cards of ``cards`` (label -> outline (4, 2): top-left, top-right,
    bottom-right, bottom-left) with an index corner (top-left, or bottom-right turned
    half a turn) at ``outline[0]`` and the same way up as ``outline`` (4, 2; the
    index corner first, then along the card's top)."""
    o = np.asarray(outline, np.float64)
    u = o[1] - o[0]
    out = set()
    for card, box in cards.items():
        b = np.asarray(box, np.float64)
        width = float(np.hypot(*(b[1] - b[0])))
        for i, j in ((0, 1), (2, 3)):
            v = b[j] - b[i]
            cos = float(u @ v) / (float(np.hypot(*u)) * float(np.hypot(*v)) + 1e-9)
            if float(np.hypot(*(o[0] - b[i]))) < NEAR * width and cos > SAME_WAY:
                out.add(card)
    return out


_worker: dict[str, Any] = {}


def _init(data: str, svg_dir: str | None, members: dict[str, list[str]], bank_seed: int) -> None:
    from vision.learned import Ensemble, IndexModel
    from vision.train import synth
    from vision.train.fonts import group_bank

    art = synth.load_art(Path(data) / "art.npz", Path(svg_dir) if svg_dir else None)
    _worker["art"] = art
    _worker["bank"] = group_bank("C", art, bank_seed)
    _worker["models"] = [Ensemble([IndexModel(Path(f)) for f in members[g]]) for g in ("A", "B")]


def _frames(seeds: list[int]) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any], int]:
    import cv2

    from vision.corners import MIN_CARD_HEIGHT, corner_crops
    from vision.detector import find_card_groups, warp
    from vision.learned import reads_of
    from vision.outlines import card_size
    from vision.piles import corners_on_edges, pile_outlines
    from vision.templated import index_backs
    from vision.train.scenes import pile_scene

    cv2.setNumThreads(1)
    a, b = _worker["models"]
    conf, agree, wrong, backed = [], [], [], []
    with_truth = 0
    for seed in seeds:
        scene = pile_scene(seed, _worker["art"], bank=_worker["bank"])
        blobs: list[NDArray[Any]] = []
        groups = find_card_groups(scene.frame, blobs_out=blobs)
        quads = [q.corners for g in groups for q in g if q.whole]
        size = card_size(quads)
        if size is None or size[1] < MIN_CARD_HEIGHT or not blobs:
            continue
        outlines = corners_on_edges(scene.frame, pile_outlines(blobs, size, quads), size)
        if not outlines:
            continue
        cards = [warp(scene.frame, o) for o in outlines]
        crops = np.concatenate([corner_crops(c)[:1] for c in cards])
        reads = zip(outlines, cards, reads_of(a.logits(crops)), reads_of(b.logits(crops)), strict=True)
        for o, c, ra, rb in reads:
            truth = corner_truth(o, scene.outlines)
            with_truth += bool(truth)
            conf.append(min(ra.conf, rb.conf))
            agree.append(ra.card is not None and ra.card == rb.card)
            wrong.append(ra.card not in truth)
            backed.append(agree[-1] and conf[-1] >= TEMPLATED_FLOOR and index_backs(c, str(ra.card)))
    return (
        np.array(conf, np.float64),
        np.array(agree, bool),
        np.array(wrong, bool),
        np.array(backed, bool),
        with_truth,
    )


def pile_corner_reads(
    seeds: list[int],
    data: Path,
    svg_dir: Path | None,
    members: dict[str, list[Path]],
    bank_seed: int,
    jobs: int = 2,
) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any], int]:
    """(min of A's and B's confidence, whether they read the same card, whether that
    card is wrong (see the module), whether they agree at TEMPLATED_FLOOR or more and
    the template reader backs them (:func:`vision.templated.index_backs`), one entry
    per crop; and how many crops lie on a card's index corner) over the pile frames of
    ``seeds`` read by the ensembles of ``members`` (``{"A": [onnx files], "B": [...]}``);
    the group-C glyph bank from ``bank_seed``; ``data`` holds the art cache. ``jobs``
    processes."""
    files = {g: [str(f) for f in fs] for g, fs in members.items()}
    init = (str(data), str(svg_dir) if svg_dir else None, files, bank_seed)
    conf, agree, wrong, backed, with_truth = _pooled(_init, init, _frames, seeds, jobs)
    return conf, agree, wrong, backed, with_truth


def _pooled(
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    work: Callable[[list[int]], Any],
    seeds: list[int],
    jobs: int,
) -> tuple[Any, ...]:
    """``work`` (arrays then a count) over ``seeds`` shared among ``jobs`` processes, each
    started by ``initializer(*initargs)``: the arrays joined in the order of the parts,
    the counts summed."""
    with ProcessPoolExecutor(jobs, initializer=initializer, initargs=initargs) as ex:
        parts = list(ex.map(work, [seeds[i::jobs] for i in range(jobs)]))
    n = len(parts[0]) - 1
    return (*(np.concatenate([p[k] for p in parts]) for k in range(n)), sum(p[n] for p in parts))


def doubt_halved(
    conf: NDArray[Any], wrong: NDArray[Any], floor: float, ceiling: float = 1.0
) -> tuple[float, float]:
    """(the zero-wrong point t of reads at confidence ``conf`` that are ``wrong`` or not:
    the smallest t with no wrong read at t or more; the threshold t + (1 - t) / 2,
    rounded up to 4 places, kept within [``floor``, ``ceiling``]): the rule of the
    corner thresholds (:func:`pile_metrics`, :func:`half_metrics`), half the remaining
    doubt again where an index alone is read, nothing else to agree with."""
    from vision.train.calibrate import round_up, zero_wrong_threshold

    t = zero_wrong_threshold(conf, wrong)
    return t, min(ceiling, max(floor, round_up(t + (1 - t) / 2)))


def pile_metrics(
    conf: NDArray[Any],
    agree: NDArray[Any],
    wrong: NDArray[Any],
    frames: int,
    pair_covered: float,
    backed: NDArray[Any] | None = None,
) -> dict[str, Any]:
    """Metrics and the ``pile_corner`` threshold from :func:`pile_corner_reads`; with
    ``backed`` (its fourth array), ``pile_corner_templated`` too.

    ``pile_corner`` is the zero-wrong point of the agreeing reads (the smallest t
    with no wrong agreeing read at min confidence t or more) with half the
    remaining doubt again, the rule of ``pair_covered`` (an index alone, nothing
    else to agree with): t + (1 - t) / 2, rounded up; and never below
    ``pair_covered`` (set C's threshold of an index alone: its crops are of all
    fonts of group C, the piles' only of some cards).

    ``pile_corner_templated`` is the same rule on the agreeing reads the template
    reader backs (three readings made in two ways), never below TEMPLATED_FLOOR nor
    above ``pile_corner``. Measured with the models shipped until December 4th 2026 on the three draws' 3000
    frames (80073 crops, 17769 agreeing reads, 690 of them wrong): no wrong agreeing
    read at TEMPLATED_FLOOR or more is backed (two were when a rank and a suit symbol
    not saying another suit sufficed, at 0.9987 and 0.9983: see
    :func:`vision.templated.index_backs`), so ``pile_corner_templated`` is 0.9501, and
    the right reads reported rise from 8012 (at ``pile_corner`` 0.9994) to 8713."""
    t, t_pile = doubt_halved(conf[agree], wrong[agree], pair_covered)
    right = agree & ~wrong
    out: dict[str, Any] = {
        "pile_frames": frames,
        "pile_crops": len(conf),
        "pile_agreeing": int(agree.sum()),
        "pile_wrong_at_argmax": int((agree & wrong).sum()),
        "pile_t_zero_wrong": round(t, 4),
        "pile_right_read": int((right & (conf >= t_pile)).sum()),
        "pile_corner": t_pile,
    }
    if backed is not None:
        t3, t_backed = doubt_halved(conf[backed], wrong[backed], TEMPLATED_FLOOR, t_pile)
        out |= {
            "pile_backed_wrong": int((backed & wrong).sum()),
            "pile_backed_t_zero_wrong": round(t3, 4),
            "pile_right_read_templated": int(
                (right & ((conf >= t_pile) | (backed & (conf >= t_backed)))).sum()
            ),
            "pile_corner_templated": t_backed,
        }
    return out


def _init_halves(data: str, svg_dir: str | None, folder: str, bank_seed: int) -> None:
    from vision.learned import use_models
    from vision.train import synth
    from vision.train.fonts import group_bank

    art = synth.load_art(Path(data) / "art.npz", Path(svg_dir) if svg_dir else None)
    _worker["art"] = art
    _worker["bank"] = group_bank("C", art, bank_seed)
    use_models(Path(folder))


def _half_frames(seeds: list[int]) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], int]:
    import cv2

    from vision.corners import corner_crops
    from vision.detector import warp
    from vision.learned import models, reads_of
    from vision.piles import index_first
    from vision.reader import detect
    from vision.train.scenes import hand_scene

    cv2.setNumThreads(1)
    ms = models()
    assert ms is not None
    conf, agree, wrong = [], [], []
    with_truth = 0
    for seed in seeds:
        scene = hand_scene(seed, _worker["art"], bank=_worker["bank"])
        cards: list[NDArray[np.float32]] = []
        detect(scene.frame, halves_out=cards)
        outlines = index_first(cards)
        if not outlines:
            continue
        crops = np.concatenate([corner_crops(warp(scene.frame, o), both=False) for o in outlines])
        reads = zip(outlines, reads_of(ms[0].logits(crops)), reads_of(ms[1].logits(crops)), strict=True)
        for o, ra, rb in reads:
            truth = corner_truth(o, scene.outlines)
            with_truth += bool(truth)
            conf.append(min(ra.conf, rb.conf))
            agree.append(ra.card is not None and ra.card == rb.card)
            wrong.append(ra.card not in truth)
    return np.array(conf, np.float64), np.array(agree, bool), np.array(wrong, bool), with_truth


def half_corner_reads(
    seeds: list[int], data: Path, svg_dir: Path | None, folder: Path, bank_seed: int, jobs: int = 2
) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], int]:
    """(min of A's and B's confidence, whether they read the same card, whether that
    card is wrong, one entry per crop; how many crops lie on a card's index corner)
    over the index corners of the hands' halves (both corners of each,
    :func:`vision.piles.index_first`) that the reader, with the models and thresholds
    of ``folder`` (:func:`vision.learned.use_models`), splits from outlines of two
    cards in the hold'em frames of ``seeds`` (:func:`vision.train.scenes.hand_scene`);
    the group-C glyph bank from ``bank_seed``; ``data`` holds the art cache. ``jobs``
    processes."""
    init = (str(data), str(svg_dir) if svg_dir else None, str(folder), bank_seed)
    conf, agree, wrong, with_truth = _pooled(_init_halves, init, _half_frames, seeds, jobs)
    return conf, agree, wrong, with_truth


def half_metrics(
    conf: NDArray[Any],
    agree: NDArray[Any],
    wrong: NDArray[Any],
    frames: int,
    pair_covered: float,
    pile_corner: float,
) -> dict[str, Any]:
    """Metrics and the ``half_corner`` threshold from :func:`half_corner_reads`: the
    zero-wrong point of the agreeing reads with half the remaining doubt again (the
    rule of ``pile_corner``, :func:`pile_metrics`), never below ``pair_covered`` (set
    C's threshold of an index alone) nor above ``pile_corner`` (the threshold these
    corners were read at before they had their own). Measured with the models shipped
    on December 4th 2026 on 200 hold'em frames (seeds 900000-900199, bank seed 1000):
    5192 crops, 1915 agreeing reads, 37 of them wrong, the highest at 0.9089; at 0.9914
    1331 right reads, at 0.999 930."""
    t, t_half = doubt_halved(conf[agree], wrong[agree], pair_covered, pile_corner)
    right = agree & ~wrong
    return {
        "half_frames": frames,
        "half_crops": len(conf),
        "half_agreeing": int(agree.sum()),
        "half_wrong_at_argmax": int((agree & wrong).sum()),
        "half_t_zero_wrong": round(t, 4),
        "half_right_read": int((right & (conf >= t_half)).sum()),
        "half_corner": t_half,
    }
