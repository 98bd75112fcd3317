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


def _probs_logits(rank_p: dict[int, float], suit: int, p_suit: float) -> NDArray[np.float32]:
    """(19,) logits: rank probabilities ``rank_p`` (the rest shared out evenly), suit
    ``suit`` at ``p_suit``."""
    out = np.zeros(19, np.float32)
    rest = (1 - sum(rank_p.values())) / (14 - len(rank_p))
    out[:14] = np.log(rest)
    for k, v in rank_p.items():
        out[k] = np.log(v)
    out[14:] = np.log((1 - p_suit) / 4)
    out[14 + suit] = np.log(p_suit)
    return out


def test_the_court_glyph_thresholds_weigh_j_q_k_and_none_alone() -> None:
    # 200 crops of QS whose rank head says "9" (0.6) over "Q" (0.39): over J, Q, K and
    # none alone, Q at about 0.9996 (right reads); and a none crop cut from a 6H whose
    # head says "6" at 0.998, "K" at 0.0018, J, Q and none sharing the rest evenly: over
    # J, Q, K and none alone K at about 0.96, spades at 0.97 (a wrong read)
    q, s = RANKS.index("Q"), SUITS.index("S")
    nine, six, k = RANKS.index("9"), RANKS.index("6"), RANKS.index("K")
    rights = [_probs_logits({nine: 0.6, q: 0.39}, s, 0.99) for _ in range(200)]
    wrong = _probs_logits({six: 0.998, k: 0.0018}, s, 0.97)
    la = lb = np.array([*rights, wrong])
    rank = np.array([q] * 200 + [NONE_R])
    suit = np.array([s] * 200 + [NONE_S])
    card = np.array([4 * q + s] * 200 + [4 * RANKS.index("6") + SUITS.index("H")])
    out = calibrate(la, lb, rank, suit, card)
    t = out["thresholds"]
    rest = (1 - 0.998 - 0.0018) / 12
    k_share = 0.0018 / (0.0018 + 3 * rest)
    assert min(k_share, 0.97) < t["court_glyph_a"] <= min(k_share, 0.97) + 1e-4
    assert t["court_glyph_b"] == t["court_glyph_a"]
    # every QS crop read right over J, Q, K and none (0.39 / (0.39 + 3 * 0.01 / 11) ~ 0.993)
    assert out["court_glyph_recall"] == 1.0
    # the unconditional court thresholds never see these crops' "9" as a court read
    assert out["court_recall"] == 0.0
