"""The picture-blind check of court cards (issue 10, point 3: a J, Q or K needs its
index read by readings that do not share a failure).

Classifiers A and B (:mod:`vision.learned`) learnt from the CC0 art, which has one
picture per court card, and the corner zone they see reaches into it: they learnt the
pictures with the indices, and read a court card whose index is one card's and whose
picture is another's as the picture's card (docs/card-reader.md, "Court cards told by
their pictures"). Real decks draw pictures of their own.

A second pair of classifiers, ``vision/models/blind/`` (the same two architectures, the
same recipe with ``--swapped-pictures``: every J, Q and K they learnt from lies on the
picture of a court card drawn at random; see its ``manifest.json``), cannot tell a court
card by its picture. A court card is not reported where either of them, on a corner
whose crop is read, names another court rank as its best guess over J, Q, K and none
(:func:`vision.learned.court_probs`), however unsure (:func:`picture_led`).
Their own zero-wrong thresholds are too high to read most court cards by (calibrated
court recall 0.37), but their rank heads over J, Q, K and none read a real deck's queens
that A and B take for nines and tens: the court-glyph path reads with them too, at their
own calibrated thresholds (:func:`vision.courtglyph.decide_court_glyph`, ``blind``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from numpy.typing import NDArray

from vision.classic import CardRead
from vision.corners import corner_crops, to_blob
from vision.learned import MODELS, NONE, Ensemble, Learned, load_ensemble
from vision.suitshape import COURT_RANKS

#: the picture-blind classifiers' folder (its manifest.json and member files): the shipped
#: one, whatever :func:`vision.learned.use_models` (``--models``) later reads A and B from
BLIND = MODELS / "blind"


@cache
def blind_models() -> tuple[Ensemble, Ensemble] | None:
    """The two picture-blind classifiers (A's and B's architectures), loaded once; None
    if they are not shipped."""
    try:
        return load_ensemble(BLIND, "A"), load_ensemble(BLIND, "B")
    except FileNotFoundError:
        return None


@cache
def blind_thresholds() -> dict[str, float]:
    """The picture-blind classifiers' calibrated thresholds (their manifest's, the keys of
    :func:`vision.learned.thresholds`: zero wrong on set C made with swapped pictures);
    empty if they are not shipped."""
    path = BLIND / "manifest.json"
    if not path.is_file():
        return {}
    m = json.loads(path.read_text())
    return {k: float(v) for k, v in m["metrics"]["thresholds"].items()}


def blind_reads(card: NDArray[Any]) -> Learned | None:
    """Both picture-blind classifiers' reads of both corner crops of a rectified card
    (BGR, (CARD_H, CARD_W, 3)): (A's, B's), each [top-left, bottom-right], like
    :func:`vision.learned.read_corners`; None if they are not shipped."""
    ms = blind_models()
    if ms is None:
        return None
    blob = to_blob(corner_crops(card))  # once for both
    return ms[0].read_blob(blob), ms[1].read_blob(blob)


def blind_court_reads(crops: NDArray[Any]) -> list[tuple[str, float]]:
    """Each picture-blind classifier's best guess over J, Q, K and none on each corner
    crop (N, IN_H, IN_W, 3) uint8 (:func:`vision.corners.corner_crops`): 2N pairs
    (``CornerRead.court`` and ``p_court``: rank "J", "Q", "K" or NONE, its probability),
    classifier A's first; empty if the classifiers are not shipped."""
    ms = blind_models()
    if ms is None or len(crops) == 0:
        return []
    blob = to_blob(crops)  # once for both
    return [(r.court, r.p_court) for m in ms for r in m.read_blob(blob)]


def picture_led(crops: NDArray[Any], rank: str) -> bool:
    """True if ``rank`` is "J", "Q" or "K" and a picture-blind classifier's best guess
    over J, Q, K and none on one of the corner crops (N, IN_H, IN_W, 3) is another court
    rank, however unsure: the reading of ``rank`` may be the picture's, not the index's
    (generated court cards each on another court card's picture, 40 frames at seed 1000:
    75 wrong cards without this check, none with it; docs/card-reader.md). Until
    December 7th 2026 such a guess vetoed only at 0.5 or more; held-apart frames, not the
    benchmark's (courts on other pictures, 100 frames each at seeds 5000 and 7000; jumbo,
    60 frames, and hold'em, 40, at seed 5000) lost no right card at any bar down to none
    and kept 7 + 2 wrong instead of 8 + 2, and no real court card has such a guess."""
    if rank not in COURT_RANKS:
        return False
    return any(r not in (rank, NONE) for r, _ in blind_court_reads(crops))


def checked(card: NDArray[Any], read: CardRead | None) -> CardRead | None:
    """``read`` of a rectified card (BGR, (CARD_H, CARD_W, 3)), or None where it is a
    court card that a picture-blind classifier says otherwise on a corner
    (:func:`picture_led` of both corner crops)."""
    if read is None or read.card[0] not in COURT_RANKS:
        return read  # (no crops cut for a number card: most of the cards read)
    return None if picture_led(corner_crops(card), read.card[0]) else read
