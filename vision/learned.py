"""Run the shipped corner-index classifiers (ONNX) through ``cv2.dnn``.

The models (classifier A: ``vision/models/index_a.onnx``, ``index_a1.onnx``,
``index_a2.onnx``, the members of one :class:`Ensemble`; B likewise; built by
``python -m vision.train``, see ``vision/models/manifest.json``) take the blob
of :func:`vision.corners.to_blob` and give (N, 19) logits: 14 for the rank
(``RANKS`` then none), 5 for the suit (``SUITS`` then none). OpenCV's classic
DNN engine is used (faster than its new one on such small nets); onnxruntime,
when installed, is used instead (faster still), never required.

The acceptance thresholds calibrated at training time on held-apart generated
crops are in the manifest (``metrics.thresholds``), read by :func:`thresholds`.
:func:`read_corners` runs both classifiers on both index corners of a rectified card
(:mod:`vision.verdict` weighs what they say).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.corners import corner_crops, to_blob

MODELS = Path(__file__).with_name("models")
RANKS = "A23456789TJQK"
SUITS = "SHDC"
NONE = "-"


def split_probs(logits: NDArray[Any]) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """(rank probabilities (N, 14), suit probabilities (N, 5)) from (N, 19) logits."""

    def sm(z: NDArray[Any]) -> NDArray[np.float32]:
        e = np.exp(z - z.max(axis=1, keepdims=True))
        out: NDArray[np.float32] = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
        return out

    return sm(logits[:, :14]), sm(logits[:, 14:])


@dataclass(frozen=True)
class CornerRead:
    """One classified corner crop: ``rank`` ("A".."K" or NONE), ``suit`` ("S".."C" or
    NONE), their probabilities, and ``conf`` = min of the two; ``court`` ("J", "Q", "K"
    or NONE) and ``p_court``: the rank head's best over J, Q, K and none alone
    (:func:`court_probs`)."""

    rank: str
    suit: str
    p_rank: float
    p_suit: float
    court: str = NONE
    p_court: float = 0.0

    @property
    def conf(self) -> float:
        """Confidence of the whole reading: the smaller probability."""
        return min(self.p_rank, self.p_suit)

    @property
    def card(self) -> str | None:
        """ "TH" etc., or None when the rank or the suit is none."""
        return None if NONE in (self.rank, self.suit) else self.rank + self.suit


class IndexModel:
    """One ONNX classifier. ``logits(crops)``: (N, IN_H, IN_W, 3) uint8 -> (N, 19).

    Raises FileNotFoundError if the file is missing, cv2.error if it is no model.
    """

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise FileNotFoundError(f"model file not found: {path}")
        self.path = path
        self._ort: Any = None
        try:  # optional, faster on tiny nets
            import onnxruntime as ort

            so = ort.SessionOptions()
            so.intra_op_num_threads = 1
            so.inter_op_num_threads = 1
            self._ort = ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
        except ImportError:
            pass
        if self._ort is None:
            self._net = read_onnx(path)

    def logits(self, crops: NDArray[Any]) -> NDArray[np.float32]:
        """Logits (N, 19) float32 of crops (N, IN_H, IN_W, 3) uint8 (N may be 0)."""
        if len(crops) == 0:
            return np.zeros((0, 19), np.float32)
        return self.logits_of_blob(to_blob(crops))

    def logits_of_blob(self, blob: NDArray[np.float32]) -> NDArray[np.float32]:
        """Logits (N, 19) float32 of a blob (N, 3, IN_H, IN_W) of :func:`to_blob` (N > 0),
        in batches of at most 256."""
        out = []
        for i in range(0, len(blob), 256):
            part = np.ascontiguousarray(blob[i : i + 256])
            if self._ort is not None:
                out.append(self._ort.run(None, {"crops": part})[0])
            else:
                self._net.setInput(part)
                out.append(self._net.forward())
        return np.concatenate(out).astype(np.float32)

    def read(self, crops: NDArray[Any]) -> list[CornerRead]:
        """One CornerRead per crop."""
        return reads_of(self.logits(crops))


def read_onnx(path: Path) -> Any:
    """A ``cv2.dnn`` net of the ONNX file ``path``: on OpenCV 5.0's classic engine
    (``ENGINE_CLASSIC``, the fastest there on these small nets), else on the build's
    default engine (4.x have no engine choice, their dnn is the classic one; 5.1
    dropped ``ENGINE_CLASSIC``, its default is the new engine). Raises cv2.error if
    the file is no model. Measured with the models shipped until December 2026: cards-table 220 read on
    5.0, 218 on 4.10 and 4.14 (other image operations differ a little), 0 wrong."""
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    if classic is None:
        return cv2.dnn.readNetFromONNX(str(path))
    return cv2.dnn.readNetFromONNX(str(path), classic)


def court_probs(pr: NDArray[Any]) -> NDArray[np.float32]:
    """Rank probabilities (N, 14) renormalised over J, Q, K and none (N, 4): the rank
    head's answer to "which court rank, if any" where a card's picture has already
    said it is no number card (:func:`vision.courtglyph.decide_court_glyph`)."""
    sub = pr[:, COURT_IDX]
    out: NDArray[np.float32] = (sub / np.maximum(sub.sum(axis=1, keepdims=True), 1e-30)).astype(np.float32)
    return out


#: columns of J, Q, K and none in the rank head
COURT_IDX = [10, 11, 12, 13]


def reads_of(logits: NDArray[Any]) -> list[CornerRead]:
    """One CornerRead per row of (N, 19) logits (the argmax of each head, and of the
    rank head over J, Q, K and none: :func:`court_probs`)."""
    pr, ps = split_probs(logits)
    pc = court_probs(pr)
    ri, si, ci = pr.argmax(1), ps.argmax(1), pc.argmax(1)
    labels_r, labels_s, labels_c = RANKS + NONE, SUITS + NONE, "JQK" + NONE
    return [
        CornerRead(labels_r[a], labels_s[b], float(pr[k, a]), float(ps[k, b]), labels_c[c], float(pc[k, c]))
        for k, (a, b, c) in enumerate(zip(ri.tolist(), si.tolist(), ci.tolist(), strict=True))
    ]


def _log_softmax(z: NDArray[Any]) -> NDArray[np.float32]:
    z = z - z.max(axis=1, keepdims=True)
    out: NDArray[np.float32] = (z - np.log(np.exp(z).sum(axis=1, keepdims=True))).astype(np.float32)
    return out


class Ensemble:
    """One classifier made of several trained members (the same architecture and
    fonts, trained differently; see ``members`` in the manifest): its logits are,
    per head (rank, suit), the mean of the members' log-probabilities, so its
    probabilities are their normalised geometric mean. Same interface as
    :class:`IndexModel`. Raises ValueError for no member."""

    def __init__(self, members: list[IndexModel]) -> None:
        if not members:
            raise ValueError("an ensemble needs at least one member")
        self.members = members

    def logits(self, crops: NDArray[Any]) -> NDArray[np.float32]:
        """Logits (N, 19) float32 of crops (N, IN_H, IN_W, 3) uint8 (N may be 0)."""
        if len(crops) == 0:
            return np.zeros((0, 19), np.float32)
        return self.logits_of_blob(to_blob(crops))  # the blob once for all members

    def logits_of_blob(self, blob: NDArray[np.float32]) -> NDArray[np.float32]:
        """Logits (N, 19) float32 of a blob (N, 3, IN_H, IN_W) of :func:`to_blob` (N may
        be 0)."""
        if len(blob) == 0:
            return np.zeros((0, 19), np.float32)
        outs = [m.logits_of_blob(blob) for m in self.members]
        if len(outs) == 1:
            return outs[0]
        rank = np.mean([_log_softmax(o[:, :14]) for o in outs], axis=0)
        suit = np.mean([_log_softmax(o[:, 14:]) for o in outs], axis=0)
        return np.concatenate([rank, suit], axis=1).astype(np.float32)

    def read(self, crops: NDArray[Any]) -> list[CornerRead]:
        """One CornerRead per crop."""
        return reads_of(self.logits(crops))

    def read_blob(self, blob: NDArray[np.float32]) -> list[CornerRead]:
        """One CornerRead per crop of a blob of :func:`to_blob` (each crop's row of it
        is made from that crop alone: a blob made once serves both classifiers)."""
        return reads_of(self.logits_of_blob(blob))


def member_files(manifest: dict[str, Any], group: str) -> list[str]:
    """File names of classifier ``group``'s ("A" or "B") members in a manifest (the
    single ``file`` when it lists no members)."""
    entry = manifest["models"][group]
    return [m["file"] for m in entry.get("members", [])] or [entry["file"]]


def load_ensemble(folder: Path, group: str) -> Ensemble:
    """Classifier ``group`` of the models in ``folder`` (its ``manifest.json``).
    Raises FileNotFoundError if the manifest or a member is missing."""
    m = json.loads((folder / "manifest.json").read_text())
    return Ensemble([IndexModel(folder / f) for f in member_files(m, group)])


@cache
def models() -> tuple[Ensemble, Ensemble] | None:
    """The two shipped classifiers (A, B), loaded once; None if not shipped."""
    try:
        return load_ensemble(MODELS, "A"), load_ensemble(MODELS, "B")
    except FileNotFoundError:
        return None


@cache
def thresholds() -> dict[str, float]:
    """Calibrated thresholds of the manifest (``index_pips``, ``pair``, ``pair_covered``)."""
    m = json.loads((MODELS / "manifest.json").read_text())
    return {k: float(v) for k, v in m["metrics"]["thresholds"].items()}


def use_models(folder: Path) -> Path:
    """Read with the models and thresholds of ``folder`` (a ``--out`` of ``python -m
    vision.train``: its ``manifest.json`` and member files) from now on, in this
    process, instead of the shipped ones: a candidate is benchmarked without
    replacing them (``python -m vision.evaluate --models DIR``). Returns the folder
    used before. Raises FileNotFoundError if ``folder`` has no manifest or lacks a
    member file it lists (:func:`models` would quietly read with no classifier)."""
    global MODELS
    path = folder / "manifest.json"
    if not path.is_file():
        raise FileNotFoundError(f"no models in {folder}: {path} is missing")
    m = json.loads(path.read_text())
    for f in (f for g in ("A", "B") for f in member_files(m, g)):
        if not (folder / f).is_file():
            raise FileNotFoundError(f"no models in {folder}: {folder / f}, listed in {path}, is missing")
    before, MODELS = MODELS, folder
    models.cache_clear()
    thresholds.cache_clear()
    return before


#: (reads of classifier A, reads of classifier B), each [top-left, bottom-right]
Learned = tuple[list[CornerRead], list[CornerRead]]


def read_corners(card: NDArray[Any]) -> Learned | None:
    """Both learned classifiers on both corner crops of a rectified card; None when
    no model is shipped or classifier A sees no card in either corner (B is then
    not run: no rule of :func:`vision.verdict.decide_learned` accepts a card without A)."""
    return read_corners_batch([card])[0]


def read_corners_batch(cards: list[NDArray[Any]]) -> list[Learned | None]:
    """:func:`read_corners` of each rectified card, with one forward of classifier A
    over all their corner crops and one of B over those of the cards A sees
    (each crop's output does not depend on the others in the batch)."""
    ms = models()
    if ms is None or not cards:
        return [None] * len(cards)
    blob = to_blob(np.concatenate([corner_crops(c) for c in cards]))  # once for A and B
    a = ms[0].read_blob(blob)
    pairs = [a[2 * i : 2 * i + 2] for i in range(len(cards))]
    seen = [i for i, p in enumerate(pairs) if any(r.card is not None for r in p)]
    b = ms[1].read_blob(blob[[2 * i + j for i in seen for j in (0, 1)]])
    out: list[Learned | None] = [None] * len(cards)
    for k, i in enumerate(seen):
        out[i] = (pairs[i], b[2 * k : 2 * k + 2])
    return out
