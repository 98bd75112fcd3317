"""A court card's suit against its picture: a black one read by pair and picture, its picture
showing no suit symbol, needs A sure of its suit (vision.suitshape.black_suit_unsaid) and, on
its own outline seen whole, an index on both corners (vision.verdict._black_on_one_corner); a suit
symbol of the other colour vetoes the template reader's (vision.templated._symbol_other_colour);
one of the other suit of its colour, leading by PICTURE_TWIN_MARGIN, any reading's; a black one
on a picture without a symbol, the other black suit guessed by a classifier on a corner, is
unsure by any path (vision.suitshape.twin_guessed_unsaid)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vision.classic import FACE, SOLIDITY, CardRead, PipRead
from vision.learned import CornerRead, thresholds
from vision.templated import combine
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


def test_a_picture_symbol_of_the_other_colour_vetoes_the_templates_court_card() -> None:
    """Generated lone cards with jumbo indices, hunt seed 57000000, frame 57040116: a QH read
    QS by the template reader alone (Q on both corners), its picture's symbol a red heart
    (0.91), B reading hearts on both corners under its dissent threshold by rank."""
    heart = {"H": 0.91, "C": 0.79, "S": 0.70, "D": 0.75, SOLIDITY: 0.9}
    red = replace(PICTURE, suit=heart, symbol_red=True)
    queen = CardRead("QS", 0.9, {"pips": FACE, "index": ["Q", "Q"]})
    b = [CornerRead("A", "H", 0.82, 0.97, "J", 0.55), CornerRead("A", "H", 0.74, 1.0, "-", 0.4)]
    a = [CornerRead("-", "-", 0.43, 0.63, "-", 0.5), CornerRead("6", "S", 0.50, 0.36, "-", 0.5)]
    assert combine(queen, None, (a, b), red) is None
    # the symbol's colour unclear, or its shape no clear suit (under 0.85): no veto by it
    assert combine(queen, None, (a, b), replace(red, symbol_red=None)) is not None
    faint = {"H": 0.80, "C": 0.70, "S": 0.60, "D": 0.78, SOLIDITY: 0.9}
    assert combine(queen, None, (a, b), replace(red, suit=faint)) is not None
    # A's and B's pair is not vetoed so (in a hand's outline the symbol may be another card's pip)
    sure = [replace(r, p_suit=0.99) for r in A]
    assert decide_learned(red, (sure, B), whole=True) is not None


def test_a_picture_symbol_leading_the_other_black_suit_by_the_margin_vetoes_the_pair() -> None:
    """Generated lone cards with jumbo indices, hunt seed 57000000, frame 57040344, its real
    reads: a QS whose held-apart index spade A and B read as a club (suit 0.99 or more on both
    corners), its picture's symbol spade 0.946, club 0.888: 0.058 ahead, under the 0.06
    PICTURE_TWIN_MARGIN was until December 6th (:func:`vision.verdict.symbol_says_other`)."""
    a = [CornerRead("Q", "C", 0.9768, 0.9965, "Q", 0.9867), CornerRead("Q", "C", 0.9947, 0.9985, "Q", 0.9957)]
    b = [CornerRead("Q", "C", 0.8292, 0.9998, "Q", 0.983), CornerRead("Q", "C", 0.9794, 0.9996, "Q", 0.9985)]
    symbol = {"C": 0.8879, "D": 0.9044, "H": 0.4763, "S": 0.9459, SOLIDITY: 0.9286}
    picture = PipRead(FACE, symbol, None, 0, 0.5, symbol_red=False, tint=0.0496)
    assert decide_learned(picture, (a, b), whole=True) is None
    # the club the symbol's best shape: QC
    club = replace(picture, suit=symbol | {"C": 0.9459, "S": 0.8879})
    read = decide_learned(club, (a, b), whole=True)
    assert read is not None and read.card == "QC"


def test_a_black_court_card_without_a_symbol_needs_its_index_on_both_corners_of_its_own_outline() -> None:
    """Hunt frame hold'em 79030139 (bank seed 79000000), its real reads: a JH lying over a
    9S, their silhouette one card-shaped outline found whole, the JH's picture in it (no
    clear symbol) and four of the 9S's spades, the 9S's "9" read JS by A and B at 1.00 on
    one corner, the other corner none to both (0.95 or more): not JS."""
    picture = PipRead(FACE, None, None, 0, 0.5, symbol_red=None, tint=0.0667)
    a = [CornerRead("-", "-", 0.9994, 0.9504, "-", 0.9999), CornerRead("J", "S", 0.9973, 0.9980, "J", 0.9989)]
    b = [CornerRead("-", "-", 1.0, 0.9773, "-", 1.0), CornerRead("J", "S", 0.9928, 1.0, "J", 0.9967)]
    assert decide_learned(picture, (a, b), whole=True) is None
    # an outline not seen whole (its other corner may be cut off): JS stands
    read = decide_learned(picture, (a, b), whole=False)
    assert read is not None and read.card == "JS"
    # a clear spade symbol in the picture, or a red suit, or A unsure of a blank corner: it stands
    spade = {"S": 0.95, "C": 0.80, "H": 0.4, "D": 0.6, SOLIDITY: 0.9}
    read = decide_learned(replace(picture, suit=spade, symbol_red=False), (a, b), whole=True)
    assert read is not None and read.card == "JS"
    read = decide_learned(picture, (_as(a, "H"), _as(b, "H")), whole=True)
    assert read is not None and read.card == "JH"
    unsure = [CornerRead("-", "-", thresholds()["dissent_a"] - 0.01, 0.95, "-", 0.99), a[1]]
    read = decide_learned(picture, (unsure, b), whole=True)
    assert read is not None and read.card == "JS"


#: the corner reads of a pile outline read as a covered card in generated jumbo frame 99040028
#: (bank seed 99000000): QC by A and B on one corner, A guessing QS on the other (the card is
#: a QS; the outline moved onto its edges is then read QC on both corners by both: still open)
A_QC = [CornerRead("Q", "C", 0.96, 1.0, "Q", 0.99), CornerRead("Q", "S", 0.57, 0.43, "Q", 0.9)]
B_QC = [CornerRead("Q", "C", 0.98, 1.0, "Q", 0.99), CornerRead("Q", "C", 0.97, 1.0, "Q", 0.99)]


def test_a_black_court_card_without_a_symbol_and_the_other_black_suit_guessed_is_unsure() -> None:
    from vision.suitshape import twin_guessed_unsaid

    picture = PICTURE
    # the pair and the picture read it (A sure of clubs where both read QC)
    read = decide_learned(picture, (A_QC, B_QC), covered=True)
    assert read is not None and read.card == "QC"
    assert twin_guessed_unsaid(picture, (A_QC, B_QC), "QC")
    # no guess of spades on either corner, a symbol, a red card, a number card: no veto
    a_clubs = [A_QC[0], replace(A_QC[1], suit="C")]
    assert not twin_guessed_unsaid(picture, (a_clubs, B_QC), "QC")
    symbol = PipRead(FACE, {"C": 0.9, "S": 0.85, "H": 0.3, "D": 0.3, SOLIDITY: 0.8}, False, 0)
    assert not twin_guessed_unsaid(symbol, (A_QC, B_QC), "QC")
    assert not twin_guessed_unsaid(picture, (_as(A_QC, "D"), _as(B_QC, "H")), "QH")
    assert not twin_guessed_unsaid(PipRead("9", None, False, 9), (A_QC, B_QC), "9C")
    assert not twin_guessed_unsaid(picture, None, "QC")


def test_the_reader_leaves_a_black_court_card_with_its_other_black_suit_guessed_unsure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the reader's rules for a pile outline's card (covered, partial) on a blank card whose
    # pips show a (tinted) picture without a symbol: QC with A guessing QS on a corner is unsure,
    # and read where A's guess there is clubs
    import numpy as np

    import vision.reader as reader
    from vision.detector import CARD_H, CARD_W
    from vision.glyphs import load_templates

    monkeypatch.setattr(reader, "read_pips", lambda *args: PICTURE)
    blank = np.full((CARD_H, CARD_W, 3), 235, np.uint8)
    # its picture in colour (a blue patch mid-card): a picture without any is unsure
    # whatever the classifiers say (vision.colour.grey_court)
    blank[CARD_H // 3 : 2 * CARD_H // 3, CARD_W // 3 : 2 * CARD_W // 3] = (200, 110, 40)
    t = load_templates()
    a_clubs = [A_QC[0], replace(A_QC[1], suit="C")]
    read = reader._read(blank, t, reader._Prepared(blank, (a_clubs, B_QC)), covered=True, partial=True)[0]
    assert read is not None and read.card == "QC"
    unsure = reader._read(blank, t, reader._Prepared(blank, (A_QC, B_QC)), covered=True, partial=True)[0]
    assert unsure is None
