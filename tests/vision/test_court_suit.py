"""A black court card read by pair and picture, its picture showing no suit symbol, needs A
sure of its suit (vision.suitshape.black_suit_unsaid)."""

from __future__ import annotations

from dataclasses import replace

from vision.classic import FACE, SOLIDITY, PipRead
from vision.learned import CornerRead, thresholds
from vision.verdict import decide_learned

#: the picture of generated jumbo frame 51040343 (bank seed 51000000): no clear symbol
PICTURE = PipRead(FACE, None, None, 0, 0.5, symbol_red=None, tint=0.0916)
#: its corner reads, as A and B made them: a KC read KS by both
A = [CornerRead("K", "S", 0.9889, 0.6562, "K", 0.9979), CornerRead("K", "S", 0.9509, 0.6848, "K", 0.9936)]
B = [CornerRead("K", "S", 0.9974, 0.9930, "K", 0.9977), CornerRead("K", "S", 0.9956, 0.7645, "K", 0.9983)]


def _as(reads: list[CornerRead], suit: str) -> list[CornerRead]:
    return [replace(r, suit=suit) for r in reads]


def test_a_black_court_card_without_a_symbol_needs_a_sure_of_its_suit() -> None:
    """Generated lone cards with jumbo indices, hunt seed 51000000, frame 51040343: a KC
    whose held-apart index club A and B read as a spade, A's suit at 0.66 and 0.68 (over
    court_a, 0.58, and under its dissent threshold, 0.78), its picture without a suit
    symbol: KS reported."""
    assert decide_learned(PICTURE, (A, B), whole=True) is None
    # A sure of the suit on a corner (at its dissent threshold): the pair stands
    sure = [replace(A[0], p_suit=thresholds()["dissent_a"]), A[1]]
    read = decide_learned(PICTURE, (sure, B), whole=True)
    assert read is not None and read.card == "KS"


def test_a_symbol_or_a_red_suit_leaves_the_pair_as_it_was() -> None:
    # the picture's symbol, a clear spade, says the suit: the pair stands with A unsure
    spade = {"S": 0.95, "C": 0.80, "H": 0.4, "D": 0.6, SOLIDITY: 0.9}
    symbol = replace(PICTURE, suit=spade, symbol_red=False)
    read = decide_learned(symbol, (A, B), whole=True)
    assert read is not None and read.card == "KS"
    # a red court card so read: hearts and diamonds are not the suits this veto is about
    read = decide_learned(PICTURE, (_as(A, "H"), _as(B, "H")), whole=True)
    assert read is not None and read.card == "KH"
