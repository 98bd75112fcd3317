"""Calibration of the learned thresholds on the held-apart generated set C (build
time; no torch: the models run through ``cv2.dnn``), and the fixed check crops
the tests compare the shipped models' outputs on.

What counts as a wrong read and how each threshold is chosen: :func:`calibrate`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray


def softmax_reads(logits: NDArray[Any]) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]]:
    """(rank argmax, rank prob, suit argmax, suit prob) from (N, 19) logits."""
    from vision.learned import split_probs

    pr, ps = split_probs(logits)
    return pr.argmax(1), pr.max(1), ps.argmax(1), ps.max(1)


def zero_wrong_threshold(conf: NDArray[Any], wrong: NDArray[Any], rate: float = 0.0) -> float:
    """Smallest threshold t such that among reads with conf >= t the share of wrong
    ones is at most ``rate`` (0: none at all)."""
    if len(conf) == 0:
        return 1.0
    order = np.argsort(-conf)
    c, w = conf[order], wrong[order].astype(np.float64)
    cw = np.cumsum(w)
    n = np.arange(1, len(c) + 1)
    ok = cw <= rate * n
    if rate == 0:
        first_bad = np.flatnonzero(~ok)
        return float(c[first_bad[0]] + 1e-6) if len(first_bad) else float(c[-1])
    last_ok = np.flatnonzero(ok)
    return float(c[last_ok[-1]]) if len(last_ok) else 1.0


def wrong_reads(
    r: NDArray[Any], s: NDArray[Any], rank: NDArray[Any], suit: NDArray[Any], card: NDArray[Any]
) -> NDArray[Any]:
    """Per crop, True where reading rank ``r`` and suit ``s`` is a wrong report: neither the
    crop's label (``rank``, ``suit``) nor ``card`` (4 rank + suit), the card it was cut
    from (a covered index read as its own card is no wrong report)."""
    w: NDArray[Any] = ~((r == rank) & (s == suit)) & (4 * r + s != card)
    return w


def round_up(t: float) -> float:
    """``t`` rounded up to 4 decimals (at most 1.0)."""
    return min(1.0, math.ceil(t * 10_000 - 1e-9) / 10_000)


def calibrate(
    la: NDArray[Any], lb: NDArray[Any], rank: NDArray[Any], suit: NDArray[Any], card: NDArray[Any]
) -> dict[str, Any]:
    """Thresholds and metrics from the logits of A and B on the held-apart set.

    A "read" is a crop whose rank and suit argmax are both not none; its
    confidence is min(rank prob, suit prob). It is right if both match the label,
    harmless if it names ``card``, the card the crop was cut from (a covered index,
    a turned corner or an inner outline of that very card, labelled none: reporting
    it is no wrong report, though it counts for no recall), else wrong. Thresholds:

    * ``index_pips``, ``index_pips_b``: A alone, B alone: at most 1% wrong reads on
      the held-apart set (the pips must agree too, an independent reading);
    * ``pair``: A and B agree and both have confidence >= t: zero wrong;
    * ``pair_court``: as ``pair``, counting only reads of J, Q or K on crops of court
      cards or none crops (for information: the court rule uses the next two);
    * ``court_a``, ``court_b``: each classifier alone, its reads of J, Q or K on the
      crops of court cards or none crops: zero wrong (the court rule needs both,
      agreeing, and the card's picture, so it never sees a number card's corner);
    * ``court_rank_a``, ``court_rank_b``: the same for the rank alone (its
      probability), for a court card whose picture's suit symbol says the suit;
    * ``court_glyph_a``, ``court_glyph_b``: the same for the rank head over J, Q, K and
      none only (:func:`vision.learned.court_probs`: a picture has said the card is no
      number card), a read being J, Q or K there with a suit, its confidence the smaller
      of that probability and the suit's: on court corners and none crops, zero wrong;
    * ``dissent_a``, ``dissent_b``: a classifier's read of another card vetoes a
      card from this confidence on (its own 1%-wrong point);
    * ``pair_covered``: as ``pair``, with half the remaining doubt again
      (t + (1 - t) / 2): an index alone, nothing else to agree with.
    """
    from vision.learned import court_probs, split_probs
    from vision.train.synth import NONE_RANK, NONE_SUIT

    out: dict[str, Any] = {}
    ra, pa, sa, qa = softmax_reads(la)
    rb, pb, sb, qb = softmax_reads(lb)
    truth_card = (rank != NONE_RANK) & (suit != NONE_SUIT)

    def wrong_of(r: NDArray[Any], s: NDArray[Any]) -> NDArray[Any]:
        return wrong_reads(r, s, rank, suit, card)

    for name, r, p, s, q in (("A", ra, pa, sa, qa), ("B", rb, pb, sb, qb)):
        read = (r != NONE_RANK) & (s != NONE_SUIT)
        correct = (r == rank) & (s == suit)
        out[f"{name}_accuracy"] = round(float(correct.mean()), 4)
        out[f"{name}_card_accuracy"] = round(float(correct[truth_card].mean()), 4)
        conf = np.minimum(p, q)[read]
        wrong = wrong_of(r, s)[read]
        out[f"{name}_wrong_reads_at_argmax"] = int(wrong.sum())
        out[f"{name}_t_zero_wrong"] = round(zero_wrong_threshold(conf, wrong), 4)
        out[f"{name}_t_1pct"] = round(zero_wrong_threshold(conf, wrong, 0.01), 4)
    t_ip = out["A_t_1pct"]
    read_a = (ra != NONE_RANK) & (sa != NONE_SUIT)
    acc = read_a & (np.minimum(pa, qa) >= t_ip)
    out["index_pips_recall"] = round(float((acc & (ra == rank) & (sa == suit))[truth_card].mean()), 4)
    agree = read_a & (ra == rb) & (sa == sb)
    both = np.minimum(np.minimum(pa, qa), np.minimum(pb, qb))
    wrong_pair = wrong_of(ra, sa)
    t_pair = zero_wrong_threshold(both[agree], wrong_pair[agree])
    out["pair_wrong_at_argmax"] = int(wrong_pair[agree].sum())
    acc = agree & (both >= t_pair)
    out["pair_recall"] = round(float((acc & (ra == rank) & (sa == suit))[truth_card].mean()), 4)
    court = np.isin(rank, [10, 11, 12, NONE_RANK])
    agree_c = agree & np.isin(ra, [10, 11, 12]) & court
    t_court = zero_wrong_threshold(both[agree_c], wrong_pair[agree_c])
    acc_c = agree_c & (both >= t_court)
    is_court = np.isin(rank, [10, 11, 12])
    out["pair_court_recall"] = round(float((acc_c & (ra == rank) & (sa == suit))[is_court].mean()), 4)
    # each classifier alone on its J, Q, K reads of court corners (and none crops): zero
    # wrong for the card, and for the rank alone (the suit said by the picture's symbol)
    t_each, t_rank = {}, {}
    for name, r, p, s, q in (("a", ra, pa, sa, qa), ("b", rb, pb, sb, qb)):
        reads = (s != NONE_SUIT) & np.isin(r, [10, 11, 12]) & court
        t_each[name] = zero_wrong_threshold(np.minimum(p, q)[reads], wrong_of(r, s)[reads])
        wrong_r = (r != rank) & ((card < 0) | (r != card // 4))
        t_rank[name] = zero_wrong_threshold(p[reads], wrong_r[reads])
    # the rank head over J, Q, K and none alone (the picture has said "court")
    t_glyph, glyph_ok = {}, {}
    for name, logits, s, q in (("a", la, sa, qa), ("b", lb, sb, qb)):
        pc = court_probs(split_probs(logits)[0])
        r = np.array([10, 11, 12, NONE_RANK])[pc.argmax(1)]
        conf_g = np.minimum(pc.max(1), q)
        reads = (s != NONE_SUIT) & np.isin(r, [10, 11, 12]) & court
        wrong_g = wrong_of(r, s)
        t_glyph[name] = zero_wrong_threshold(conf_g[reads], wrong_g[reads])
        glyph_ok[name] = reads & ~wrong_g & (r == rank) & (conf_g >= t_glyph[name])
    out["court_glyph_recall"] = round(float((glyph_ok["a"] & glyph_ok["b"])[is_court].mean()), 4)
    conf_a, conf_b = np.minimum(pa, qa), np.minimum(pb, qb)
    acc_e = agree & (conf_a >= t_each["a"]) & (conf_b >= t_each["b"])
    out["court_recall"] = round(float((acc_e & (ra == rank) & (sa == suit))[is_court].mean()), 4)
    out["thresholds"] = {  # rounded up: a rounded-down threshold could let the wrong read in
        "index_pips": round_up(t_ip),
        "index_pips_b": round_up(out["B_t_1pct"]),
        "pair": round_up(t_pair),
        "pair_court": round_up(t_court),
        "court_a": round_up(t_each["a"]),
        "court_b": round_up(t_each["b"]),
        "court_rank_a": round_up(t_rank["a"]),
        "court_rank_b": round_up(t_rank["b"]),
        "court_glyph_a": round_up(t_glyph["a"]),
        "court_glyph_b": round_up(t_glyph["b"]),
        "pair_covered": round_up(t_pair + (1 - t_pair) / 2),
        "dissent_a": round_up(out["A_t_1pct"]),
        "dissent_b": round_up(out["B_t_1pct"]),
    }
    out["held_apart_crops"] = len(rank)
    return out


def calibrate_wide(
    la: NDArray[Any], lb: NDArray[Any], rank: NDArray[Any], suit: NDArray[Any], card: NDArray[Any]
) -> dict[str, Any]:
    """Thresholds and metrics of the readings of the wide zones (:mod:`vision.wide`) from
    the logits of A and B on crops cut from them (held-apart cards, a quarter with
    jumbo indices). A read, its confidence and what counts as wrong: as in
    :func:`calibrate`. ``wide_a``, ``wide_b``: each classifier alone at most 1% wrong
    reads, as ``index_pips`` and ``index_pips_b`` are on the plain zones (the pips must
    agree too). The classifiers learnt the plain zones only: on the wide ones a
    picture or pips come into the crop, and they read many cards wrong and sure
    (a 9C read QC, a 5D read 5H; measured with the models shipped in December 2026:
    A's 1%-wrong point 0.998 against 0.78 on the plain zones).
    Returns ``{"thresholds": {"wide_a": t, "wide_b": t}, "wide_crops": n,
    "wide_A_card_accuracy": ..., "wide_A_right_at_t": ..., ...}``."""
    from vision.train.synth import NONE_RANK, NONE_SUIT

    out: dict[str, Any] = {"thresholds": {}, "wide_crops": len(rank)}
    truth_card = (rank != NONE_RANK) & (suit != NONE_SUIT)
    for name, logits in (("A", la), ("B", lb)):
        r, p, s, q = softmax_reads(logits)
        read = (r != NONE_RANK) & (s != NONE_SUIT)
        correct = (r == rank) & (s == suit)
        wrong = wrong_reads(r, s, rank, suit, card)[read]
        conf = np.minimum(p, q)[read]
        t = round_up(zero_wrong_threshold(conf, wrong, 0.01))
        out["thresholds"][f"wide_{name.lower()}"] = t
        out[f"wide_{name}_card_accuracy"] = round(float(correct[truth_card].mean()), 4)
        out[f"wide_{name}_right_at_t"] = int((~wrong & (conf >= t)).sum())
    return out


def write_check(
    path: Path, xc: NDArray[Any], rc: NDArray[Any], sc: NDArray[Any], members: dict[str, Any]
) -> None:
    """``check.npz``: three crops per rank class of set C (none included) with their
    labels and the logits of every member file (``members``: file name -> logits
    (N, 19) over all of set C), keyed ``logits_<file stem>``."""
    pick = []
    for k in range(14):
        pick += list(np.flatnonzero(rc == k)[:3])
    idx = np.array(pick)
    logits = {f"logits_{Path(name).stem}": lg[idx] for name, lg in members.items()}
    np.savez_compressed(path, crops=xc[idx], rank=rc[idx], suit=sc[idx], **logits)
