"""The second reading of a card left unread, from wider corner zones (vision.wide): the
zones, its calibration (A's and B's 1%-wrong points on such crops) and the one rule it
may report a card by (index and pips, at those points)."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from vision.corners import CROP_H, CROP_W, WIDE_ZOOM, corner_crops
from vision.detector import CARD_H, CARD_W
from vision.learned import RANKS, SUITS, CornerRead, thresholds
from vision.reader import FACE, PipRead, decide_learned
from vision.train.calibrate import calibrate_wide

NONE_R, NONE_S = len(RANKS), len(SUITS)
HEARTS = {"S": 0.3, "H": 0.95, "D": 0.5, "C": 0.3, "solidity": 0.95}


def test_the_wide_zones_take_in_an_index_the_plain_ones_cut_off() -> None:
    # a mark just under the plain zone (CROP_H of the card's height), inside the wide one
    top = round(1.05 * CROP_H * CARD_H)
    bottom = round(min(1.2, WIDE_ZOOM * 0.95) * CROP_H * CARD_H)
    assert top < bottom
    card = np.full((CARD_H, CARD_W, 3), 240, np.uint8)
    card[top:bottom, 4 : round(0.5 * CROP_W * CARD_W)] = 0
    card[CARD_H - bottom : CARD_H - top, CARD_W - round(0.5 * CROP_W * CARD_W) : CARD_W - 4] = 0
    plain, wide = corner_crops(card), corner_crops(card, zoom=WIDE_ZOOM)
    assert plain.min() == 240  # neither plain zone holds any of it
    for crop in wide:  # both wide zones (the bottom-right one turned upright) hold it
        assert crop.min() < 60
        assert crop[: crop.shape[0] // 2].min() == 240  # in the lower part of the zone
    np.testing.assert_array_equal(corner_crops(card, zoom=1.0), plain)


def _reads(card: str | None, p: float) -> list[CornerRead]:
    r = CornerRead(card[0], card[1], p, p) if card else CornerRead("-", "-", p, p)
    return [r, r]


def test_a_wide_reading_needs_a_at_its_own_point_on_those_zones() -> None:
    th = thresholds()
    assert th["index_pips"] < 0.99 < th["wide_a"] < 1.0
    seven = PipRead("7", HEARTS, True, 7, 1.0)
    sure, fair = (_reads("7H", th["wide_a"]), _reads(None, 0.9)), (_reads("7H", 0.99), _reads(None, 0.9))
    got = decide_learned(seven, sure, whole=True, wide=True)
    assert got is not None and got.card == "7H" and got.details["path"] == "index+pips"
    # at 0.99 the plain zones' bar is met, the wide ones' is not
    plain = decide_learned(seven, fair, whole=True)
    assert plain is not None and plain.card == "7H"
    assert decide_learned(seven, fair, whole=True, wide=True) is None
    # the pips must still agree
    assert decide_learned(PipRead("8", HEARTS, True, 8, 1.0), sure, whole=True, wide=True) is None


def test_a_wide_reading_reports_no_court_card_and_no_index_alone() -> None:
    a = b = _reads("QH", 1.0)
    picture = PipRead(FACE, {"H": 0.95, "D": 0.5, "S": 0.3, "C": 0.3}, None, 0, symbol_red=True)
    got = decide_learned(picture, (a, b), whole=True)
    assert got is not None and got.card == "QH"  # the plain zones' court rule
    assert decide_learned(picture, (a, b), whole=True, wide=True) is None
    seven = _reads("7H", 1.0)
    alone = PipRead(None, None, None, 0, 0.0)  # no pips to agree with: an index alone
    assert decide_learned(alone, (seven, seven), whole=False) is not None
    assert decide_learned(alone, (seven, seven), whole=False, wide=True) is None


def test_a_bar_of_one_is_never_met_not_even_by_a_probability_of_one() -> None:
    th = thresholds()
    assert th["wide_b"] == 1.0  # B on the wide zones: even its surest reads too often wrong
    nine = PipRead("9", HEARTS, True, 9, 1.0)
    b_sure = (_reads("9H", 0.5), _reads("9H", 1.0))
    got = decide_learned(nine, b_sure, whole=True)
    assert got is not None and got.card == "9H"  # B at index_pips_b, plain zones
    assert decide_learned(nine, b_sure, whole=True, wide=True) is None


def _logits(rank: int, suit: int, p: float) -> NDArray[np.float32]:
    """(19,) logits whose softmax gives ``rank`` and ``suit`` probability ``p`` each."""
    out = np.zeros(19, np.float32)
    for k, n, hot in ((0, 14, rank), (14, 5, suit)):
        out[k : k + n] = np.log((1 - p) / (n - 1))
        out[k + hot] = np.log(p)
    return out


@pytest.mark.parametrize("wrong_from", [0.9995, 0.98])
def test_the_wide_bars_are_each_classifiers_one_percent_wrong_point(wrong_from: float) -> None:
    # 300 crops of 7H read right at 0.90-0.999, and 4 crops of 7D read 7H at ``wrong_from``
    # and up (4 wrong of 304: more than 1% of the reads at any bar that takes them in)
    h, d = SUITS.index("H"), SUITS.index("D")
    seven = RANKS.index("7")
    conf = np.linspace(0.90, 0.999, 300)
    wrong = [wrong_from + 1e-4 * k for k in range(4)]
    la = np.array([_logits(seven, h, float(c)) for c in [*conf, *wrong]])
    lb = np.array([_logits(NONE_R, NONE_S, 0.99)] * 304)  # B reads none: no read at all
    rank = np.full(304, seven)
    suit = np.array([h] * 300 + [d] * 4)
    card = 4 * rank + suit
    out = calibrate_wide(la, lb, rank, suit, card)
    t = out["thresholds"]
    if wrong_from > 0.999:
        # the four surest reads are wrong: no bar under 1.0 (never met, vision.verdict)
        assert t["wide_a"] == 1.0 and out["wide_A_right_at_t"] == 0
    else:
        # just over the surest wrong read: the right reads above it alone
        assert max(wrong) < t["wide_a"] <= max(wrong) + (0.999 - 0.90) / 299 + 1e-4
        assert out["wide_A_right_at_t"] == int((conf >= t["wide_a"]).sum())
    assert t["wide_b"] == 1.0 and out["wide_crops"] == 304


class _Stub:
    """A classifier that reads every crop of a blob as ``read`` and counts its calls."""

    def __init__(self, read: CornerRead) -> None:
        self.read, self.calls = read, 0

    def read_blob(self, blob: NDArray[np.float32]) -> list[CornerRead]:
        self.calls += 1
        return [self.read] * len(blob)


def test_read_wide_needs_a_at_its_bar_and_no_plain_read_against_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.wide as wide

    th = thresholds()
    card = np.full((CARD_H, CARD_W, 3), 240, np.uint8)
    seven = PipRead("7", HEARTS, True, 7, 1.0)
    b = _Stub(CornerRead("-", "-", 0.99, 0.99))
    for p, want in ((th["wide_a"], "7H"), (th["wide_a"] - 1e-3, None)):
        a = _Stub(CornerRead("7", "H", p, p))
        monkeypatch.setattr(wide, "models", lambda a=a: (a, b))
        got = wide.read_wide(card, seven, None)
        assert (got and got.card) == want
        assert got is None or got.details["path"] == "wide index+pips"
    assert b.calls == 1  # B is not run where A is under its bar: nothing could be reported
    # the plain zones' reads naming another card at a dissent threshold veto it (a 7D read
    # by A at its dissent point there); naming none does not
    a = _Stub(CornerRead("7", "H", 1.0, 1.0))
    monkeypatch.setattr(wide, "models", lambda: (a, b))
    other = CornerRead("7", "D", th["dissent_a"], th["dissent_a"])
    none = CornerRead("-", "-", 1.0, 1.0)
    assert wide.read_wide(card, seven, ([other, none], [none, none])) is None
    got = wide.read_wide(card, seven, ([none, none], [none, none]))
    assert got is not None and got.card == "7H"
