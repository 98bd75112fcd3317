"""The calibration of the learned thresholds (vision.train.__main__.calibrate) on
held-apart crops: what counts as a wrong read."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from vision.learned import RANKS, SUITS
from vision.train.calibrate import calibrate

NONE_R, NONE_S = len(RANKS), len(SUITS)


def _logits(rank: int, suit: int, p: float) -> NDArray[np.float32]:
    """(19,) logits whose softmax gives ``rank`` and ``suit`` probability ``p`` each."""
    out = np.zeros(19, np.float32)
    for k, n, hot in ((0, 14, rank), (14, 5, suit)):
        rest = (1 - p) / (n - 1)
        out[k : k + n] = np.log(rest)
        out[k + hot] = np.log(p)
    return out


def _set(covered_read_as: int) -> dict[str, float]:
    # 200 crops of KS read right by both classifiers at 0.90-0.99, and one crop of KS
    # whose index is covered (labelled none) that both read at 0.995 as ``covered_read_as``
    ks = RANKS.index("K"), SUITS.index("S")
    conf = np.linspace(0.90, 0.99, 200)
    la = [_logits(*ks, float(c)) for c in conf] + [_logits(covered_read_as, ks[1], 0.995)]
    lb = [_logits(*ks, float(c)) for c in conf] + [_logits(covered_read_as, ks[1], 0.995)]
    rank = np.array([ks[0]] * 200 + [NONE_R])
    suit = np.array([ks[1]] * 200 + [NONE_S])
    card = np.full(201, 4 * ks[0] + ks[1])
    out: dict[str, float] = calibrate(np.array(la), np.array(lb), rank, suit, card)["thresholds"]
    return out


def test_reading_the_card_beneath_a_covered_index_is_no_wrong_read() -> None:
    # the covered crop is of the king of spades itself: naming it reports no wrong card,
    # so the thresholds stay at the lowest read (all 200 right)
    t = _set(RANKS.index("K"))
    assert t["pair"] < 0.901 and t["court_a"] < 0.901 and t["court_b"] < 0.901


def test_reading_another_card_on_a_covered_index_is_wrong() -> None:
    # read as the queen of spades: a wrong report at 0.995, so zero wrong needs more
    t = _set(RANKS.index("Q"))
    assert t["pair"] > 0.995 and t["court_a"] > 0.995 and t["court_b"] > 0.995
