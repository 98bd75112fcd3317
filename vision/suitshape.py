"""Suit evidence: the pips' shapes (:attr:`vision.classic.PipRead.suit`, the shape
scores of the pips against each suit's templates), conditions a reading of a 2-10 or
an ace must meet; and for court cards, the classifiers' suit reads where the picture
does not say the suit (:func:`black_suit_unsaid`, :func:`other_suit_named`,
:func:`twin_guessed_unsaid`). Never a reading by themselves (:mod:`vision.verdict`,
:mod:`vision.templated`, :mod:`vision.courtglyph`)."""

from __future__ import annotations

from vision.classic import BLACK_SUITS, FACE, SINGLE_SUIT_MARGIN, SUIT_MIN_MARGIN, PipRead
from vision.learned import NONE, Learned

NUMBER_RANKS = set("A23456789T")
COURT_RANKS = set("JQK")

#: the other suit of the same colour
TWIN_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}


def shape_lead(scores: dict[str, float], suit: str) -> float:
    """How much the pips' shape scores (``PipRead.suit``) favour the other suit of
    ``suit``'s colour over ``suit`` (negative: they favour ``suit``).

    The raw scores, without :func:`vision.classic.suit_vote`'s solidity test: that
    test drops a "club" too solid to be one, and so left no vote against a spade on
    a club whose blurred pip is solid (measured on generated frames in held-apart
    fonts: an AC read AS by both classifiers, its lone pip club 0.96, spade 0.85,
    solidity 0.86 over CLUB_MAX_SOLIDITY; four such in 1500 frames; another AC with
    club 0.78, spade 0.77). On those frames the pips of number cards and aces read
    right favour their suit by more than SUIT_MIN_MARGIN in 7147 of 7160 (CC0 pips;
    no suit had a right read leading the other way by more than 0.04). A condition
    a reading must meet, never a reading by itself.
    """
    return scores.get(TWIN_SUIT[suit], 0.0) - scores.get(suit, 0.0)


def shaped_unlike(pips: PipRead, card: str, aces: bool = False) -> bool:
    """True if ``card`` is 2-10 and its pips' shape (scored) is liked more by another
    suit, of either colour, than by ``card``'s: it says nothing for the suit. The test
    helper's drawn clubs score diamond 0.85-0.90, spade 0.79-0.84, club less, 70-80 px
    wide, and B (at times A, the templates) read them as spades (2C as 2S, 5C as 5S:
    ``tests/vision/test_drawn_deck.py``). Not for an ace (one ornate pip, vosloo_AS)
    unless ``aces``: for B's reading alone (:func:`vision.verdict.decide_learned`), whose
    suit the pip must say."""
    if card[0] not in ("23456789TA" if aces else "23456789T") or pips.suit is None:
        return False
    own = pips.suit.get(card[1], 0.0)
    return any(pips.suit.get(s, 0.0) > own for s in TWIN_SUIT)


def shaped_other_colour(pips: PipRead, card: str) -> bool:
    """True if ``card`` is 2-10 or A and its pips' shape (scored) favours a suit of the
    other colour over ``card``'s suit by more than SINGLE_SUIT_MARGIN: the pips' colour
    and their shape disagree, and the suit read goes with the colour. A frame whose colour
    is weak (a desaturated webcam) makes red print grey: the shared photos at a fifth of
    their colour were read with 5 wrong cards, four of them a red ace read AS (its pip
    diamond or heart 0.97, spade 0.82, its colour "black"). A veto of any reading
    (:func:`vision.reader.detect`'s cards). Measured: the real sets' 568 reported cards
    with a scored shape, aces included, lead so by 0.046 at most (vosloo_AS: diamond 0.88,
    spade 0.84); court cards are not judged (their picture's "symbol" may be any shape: a
    real JS's and KSs' score heart 0.93-0.97)."""
    if card[0] not in NUMBER_RANKS or pips.suit is None:
        return False
    other = "HD" if card[1] in BLACK_SUITS else "SC"
    return max(pips.suit.get(x, 0.0) for x in other) - pips.suit.get(card[1], 0.0) > SINGLE_SUIT_MARGIN


def shaped_as_twin(pips: PipRead, card: str) -> bool:
    """True if ``card`` is 2-10 or A and its pips' shape favours the other suit of its
    colour by more than SUIT_MIN_MARGIN (:func:`shape_lead`): a veto."""
    return (
        card[0] in NUMBER_RANKS and pips.suit is not None and shape_lead(pips.suit, card[1]) > SUIT_MIN_MARGIN
    )


def twin_unanswered(reads: Learned, card: str, pips: PipRead | None) -> bool:
    """True if classifier A's best guess on a corner is ``card``'s rank with the other
    suit of its colour (whatever its probability), and the pips' shape (on a court
    card's picture: its suit symbol's) does not say ``card``'s suit by
    SINGLE_SUIT_MARGIN or more (:func:`shape_lead`): a veto of the template reading
    (:func:`vision.templated.combine`) and of B's reading alone of a 2-10 or an ace
    (:func:`vision.verdict.decide_learned`; the test helper's drawn 2C at 100 px, read
    2S by B at 0.96 and 0.99, A guessing 2C on a corner, suit 0.74). A court card too
    (generated lone cards with jumbo indices in held-apart fonts, hunt seed 5800000, frame
    5840031: a QC read QS by the template reader, Q on both corners, A guessing QC on both,
    suit 0.95-0.97, rank 0.70-0.74, the club in the picture club 0.91, spade 0.83).

    Measured on generated pile frames in held-apart fonts: an AC read AS by the
    template reader, its lone pip spade 0.90, club 0.85, A reading AC (suit 0.66), B
    AS (seed 1620844 of ``vision.evaluate --seed 1600000 --other-fonts 1200``). Of
    the 28 right template readings of 3000 such frames, 6 had A guessing the other
    suit; their pips said their suit by 0.11 to 0.20."""
    if not any(r.card == card[0] + TWIN_SUIT[card[1]] for r in reads[0]):
        return False
    return pips is None or pips.suit is None or shape_lead(pips.suit, card[1]) > -SINGLE_SUIT_MARGIN


#: the least shape score of its own suit an ace's lone pip needs (:func:`ace_pip_unshaped`)
ACE_PIP_MIN = 0.3


def ace_pip_unshaped(pips: PipRead, card: str) -> bool:
    """True if ``card`` is an ace and the lone pip counted (``pips.count`` 1) scores the
    shape of its suit under ACE_PIP_MIN: a shape of no suit, whatever it is, is not the
    ace's pip (generated jumbo frame 49040205, bank seed 49000000: a TH whose ten crowded
    hearts made one shape, heart 0.006, club 0.07, read AH by A and B at 0.87-0.94 on its
    jumbo "10" drawn as two narrow strokes). A veto, for either reader. Measured: the 37
    aces the real close-ups and ``cards-table`` report score their suit 0.72-0.98; the 248
    right aces with a lone pip of generated frames in held-apart fonts (300 jumbo frames at
    49500000, 200 hold'em at 49600000, the benchmark's 100 other-font pile frames) 0.74 and
    more but one, 0.40 (an AS in a pile, frame 21006: every suit 0.30-0.47)."""
    return (
        card[0] == "A"
        and pips.count == 1
        and pips.suit is not None
        and pips.suit.get(card[1], 0.0) < ACE_PIP_MIN
    )


def black_suit_unsaid(pips: PipRead, learned: Learned, card: str, th: dict[str, float]) -> bool:
    """True if ``card`` is a black court card (spade or club), its picture shows no clear
    suit symbol (``pips.suit`` None), and on no corner where A and B both read ``card`` is
    A's suit probability at its dissent threshold (``dissent_a``, its calibrated 1%-wrong
    point) or more: the classifiers' suit heads are then all that tells spade from club,
    and A's unsure. A veto of a court card read by :func:`vision.verdict.decide_learned`'s
    pair and picture. Generated lone cards with jumbo indices, hunt seed 51000000, frame
    51040343: a KC read KS by A (suit 0.66, 0.68) and B (0.99, 0.76), its picture without
    a symbol. Measured on 1000 generated frames at seed 56000000: 944 right court cards
    read so, 61 of them black without a symbol, 1 with A's suit under the bar (0.70; its
    other outline 0.78); the real close-ups' and cards-table's 8 such read 0.98 or more."""
    if card[1] not in BLACK_SUITS or pips.suit is not None:
        return False
    return not any(
        ra.card == card and rb.card == card and ra.p_suit >= th["dissent_a"]
        for ra, rb in zip(learned[0], learned[1], strict=True)
    )


def twin_guessed_unsaid(pips: PipRead, learned: Learned | None, card: str) -> bool:
    """True if ``card`` is a black court card (spade or club) on a picture (``pips.rank``
    FACE) showing no clear suit symbol (``pips.suit`` None), and a classifier's best guess
    on a corner, however unsure, is the other black suit: nothing but one index's reading
    tells spade from club, and it is split. A veto of a court card read by any path.
    Generated lone cards with jumbo indices in held-apart fonts: hunt frame 99040262 (bank
    seed 99000000), a QC read QS by the template reader alone, A's suit guesses clubs
    (0.60, 0.70), B spades (0.99): QS reported; 101040220 (bank seed 101000000), a QC read
    QS by the template reader, A reading a "3" with clubs at 0.61 on one corner. Measured:
    the real sets' 14 black court cards read on a picture without a symbol have no such
    corner, nor the 76 right ones of 700 generated frames at 103000000."""
    if card[0] not in COURT_RANKS or card[1] not in BLACK_SUITS or learned is None:
        return False
    if pips.rank != FACE or pips.suit is not None:
        return False
    return any(r.suit == TWIN_SUIT[card[1]] for reads in learned for r in reads)


def other_suit_named(learned: Learned, suit: str) -> bool:
    """True if a classifier's best guess on a corner is another suit than ``suit``,
    however unsure (generated lone cards with jumbo indices in held-apart fonts, hunt
    seed 4500000, frame 4500096: a QC read QS on one corner by A and B, on the other QS
    by B and QC by A, suit 0.67; the picture's club symbol not clear enough to say:
    QS reported by the rank heads' court reading)."""
    return any(r.suit not in (suit, NONE) for rs in learned for r in rs)
