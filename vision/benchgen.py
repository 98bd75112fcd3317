"""The benchmark's generated sets (:func:`vision.evaluate.benchmark`): frames of
:mod:`vision.train.scenes` read by :func:`vision.reader.detect` and scored against the
cards each frame holds and where each lies, with the held-apart glyph bank that
redraws their indices in fonts neither classifier saw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from vision.evaluate import Tally, describe, score_image

if TYPE_CHECKING:
    from vision.reader import Attempt


#: the benchmark's generated sets of face-up cards: kind -> (offset of its frame seeds
#: from the run's seed, whether its indices are redrawn in the held-apart fonts)
KINDS = {
    "piles": (0, False),
    "other-fonts": (20_000, True),
    "hands": (30_000, True),
    "jumbo": (40_000, True),
    "courts": (50_000, True),
}


def scene(kind: str, frame_seed: int, art: Any, bank: Any) -> Any:
    """The generated frame ``frame_seed`` of ``kind`` (a key of KINDS): piles in the CC0
    indices (:func:`vision.train.scenes.pile_scene`), piles with their indices redrawn by
    ``bank`` (``other-fonts``), hold'em hands (:func:`vision.train.scenes.hand_scene`), or
    cards lying apart with jumbo indices (``jumbo``, :func:`vision.train.scenes.lone_scene`),
    or court cards lying apart on other court cards' pictures (``courts``,
    :func:`vision.train.scenes.court_scene`).
    Raises ValueError for an unknown kind, or a held-apart kind without ``bank``."""
    from vision.train.scenes import court_scene, hand_scene, lone_scene, pile_scene

    if kind not in KINDS:
        raise ValueError(f"unknown frame kind {kind!r} (one of {', '.join(KINDS)})")
    if KINDS[kind][1] and bank is None:
        raise ValueError(
            f"frames of kind {kind!r} need the held-apart glyph bank (in vision.hunt: --bank-seed)"
        )
    if kind == "hands":
        return hand_scene(frame_seed, art, bank)
    if kind == "jumbo":
        return lone_scene(frame_seed, art, bank)
    if kind == "courts":
        return court_scene(frame_seed, art, bank)
    return pile_scene(frame_seed, art, True, bank if kind == "other-fonts" else None)


def generated(
    seed: int,
    n: int,
    art: Any,
    threshold: float,
    face_up: bool = True,
    bank: Any = None,
    why: TextIO | None = None,
    name: str = "generated",
    kind: str = "piles",
) -> tuple[Tally, int]:
    """(tally, unlabelled cards reported) over ``n`` generated frames from ``seed`` of
    ``kind`` (a key of KINDS, :func:`scene`; ``face_up`` False: piles of backs alone);
    ``bank``: the glyph bank that redraws indices, for the held-apart kinds.
    ``why``: for each wrong card (one not in its frame), a line to it with the set's
    ``name``, the frame's seed, the card and the labels, and under it what every reader made of
    the outline that gave it (:func:`describe` and the verdict's path), or that a
    pile corner gave it."""
    from vision.reader import detect
    from vision.train.scenes import pile_scene

    total, extra = Tally(), 0
    for i in range(n):
        s = scene(kind, seed + i, art, bank) if face_up else pile_scene(seed + i, art, False, bank)
        frame, labels, cards = s.frame, s.labels, s.cards
        trace: list[Attempt] | None = [] if why is not None else None
        dets = detect(frame, threshold, trace)
        # a card of the frame read where it does not lie (its outline's centre outside
        # the card's own) is a wrong card: another card's index read as it
        reported = [
            d.card if d.card not in cards or placed(d, s.outlines[d.card]) else MISPLACED for d in dets
        ]
        inside = [c for c in reported if c in cards and c not in labels]
        extra += len(inside)
        total.add(score_image(labels, [c for c in reported if c not in inside]))
        wrong = [
            d.card + (" (misplaced)" if c == MISPLACED else "")
            for c, d in zip(reported, dets, strict=True)
            if c not in cards
        ]
        if why is not None and trace is not None and wrong:
            _explain_wrong(f"{name}, frame seed {seed + i}", wrong, labels, trace, why)
    return total, extra


#: what a card read where it does not lie counts as (no card's label)
MISPLACED = "misplaced"


def placed(d: Any, outline: Any) -> bool:
    """True if detection ``d``'s outline has its centre inside ``outline`` ((4, 2) image
    pixels: where that card lies, all of it, covered parts too)."""
    import cv2
    import numpy as np

    c = d.corners.mean(axis=0)
    shape = np.asarray(outline, np.float32).reshape(-1, 1, 2)
    return bool(cv2.pointPolygonTest(shape, (float(c[0]), float(c[1])), False) >= 0)


def _explain_wrong(
    where: str, wrong: list[str], labels: list[str], trace: list[Attempt], out: TextIO
) -> None:
    print(f"{where}: wrong {' '.join(wrong)} (labelled {' '.join(labels) or '-'})", file=out)
    for shown in wrong:
        card = shown.split()[0]
        made = [a for a in trace if a.final is not None and a.final.card == card]
        for a in made:
            assert a.final is not None
            path = a.final.details.get("path") or "template"
            print(f"    {card}: {describe(a)} | path {path}", file=out)
        if not made:
            print(f"    {card}: read on a pile corner (both classifiers on one index crop)", file=out)


def held_apart_bank(art: Any, seed: int) -> tuple[Any, str]:
    """(the glyph bank of the fonts of group C, which neither classifier was trained on,
    and "") or (None, why there is none: a font of them is not installed, or an import
    failed, named: a hunt whose checkout changed under it said only "needs Pillow")."""
    from vision.train.fonts import group_bank, missing_fonts

    missing = missing_fonts("C")
    if missing:
        # a bank of some of them would be another benchmark under the same name
        return None, f"fonts of group C not installed: {', '.join(missing)} (see python -m vision.train)"
    try:
        return group_bank("C", art, seed), ""
    except ImportError as exc:
        return None, f"cannot import what drawing them needs ({exc}; Pillow is in the train extra)"
