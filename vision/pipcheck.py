"""Pips checked against a reading of the index (:func:`vision.verdict.decide_learned`):
whether pips counted as the card's rank back it (:func:`pips_back`), whether pips
not counted as it say something against an index read without them
(:func:`pips_say_otherwise`), and whether the pips on the outline of a card read on a
pile or hand corner deny it (:func:`own_pips_deny`). Never a reading by themselves."""

from __future__ import annotations

from typing import Any

from numpy.typing import NDArray

from vision.classic import (
    FACE,
    MANY_PIPS,
    RED_SUITS,
    SUIT_MIN_MARGIN,
    SUIT_MIN_SCORE,
    PipRead,
    rank_of_count,
    read_pips,
    suit_vote,
)
from vision.colour import grey_court
from vision.glyphs import Templates, load_templates
from vision.layout import over_columns
from vision.learned import Learned
from vision.segment import components, ink_masks
from vision.suitshape import (
    COURT_RANKS,
    NUMBER_RANKS,
    TWIN_SUIT,
    shape_lead,
    shaped_as_twin,
    shaped_unlike,
    twin_unanswered,
)

#: the number ranks in pip order: each has one pip more than the one before (A has one)
PIP_ORDER = "A23456789T"


def pip_count(rank: str) -> int:
    """The pips a number rank has ("A" 1, "2" 2, ..., "T" 10); ValueError for J, Q, K."""
    return PIP_ORDER.index(rank) + 1


def pips_say_otherwise(pips: PipRead, card: str) -> bool:
    """True if pips not counted as ``card``'s say something against it, read on its
    index alone: more than a card has, two or more beyond an A-9's rank, a 6's six under a
    9 (a 6 turned half a turn), pips without a picture for a court card, as many as its
    rank out of its layout, of the other colour, of both colours, or, for 2-10 and A,
    when scored, not favouring its suit over the other of the colour by more than SUIT_MIN_MARGIN
    (which includes :func:`vision.suitshape.shaped_as_twin`, favouring the other)."""
    if pips.count >= MANY_PIPS:
        return True  # more pips than a card has: the outline holds another card's too
    if card[0] in PIP_ORDER[:-1] and pips.count >= pip_count(card[0]) + 2:
        # two or more pips beyond the rank's (an ace's one), on any outline: the index is
        # misread, or another card's pips show (generated lone cards with jumbo indices: frame
        # 6040076, a 9S, nine pips out of their layout, its hollow jumbo "9" read 3S by A and B
        # at 0.99+ on its own whole outline; frame 13240053, bank seed 13200000, a 9H so read
        # 3H at 0.91+, a chip under it; 66040351, bank seed 66000000, AD read at 1.00 on one
        # corner, five red pips: 2 of 317 right aces in 700 frames at 67000000 had three)
        return True
    if card[0] == "9" and pips.count == 6:
        # a 6's pips, its "6" read half a turn round: in many fonts a 9 is a 6 turned, and
        # an outline that is not the card's own may set it upright either way (hunt frame
        # other-fonts 99020017, bank seed 99000000: a lone 6S on a retried outline, its
        # held-apart "6" read 9S by A and B at 1.00 on one corner, six pips counted)
        return True
    if card[0] in COURT_RANKS and pips.rank != FACE and pips.count >= 2:
        # pips, no picture: no court card's own (generated hold'em frame 11130059, bank
        # seed 11100000: a TS, ten black pips, its redrawn "10" read JS by A and B at 1.00)
        return True
    if (
        card[0] in "23456789T"
        and pips.rank is None
        and 2 <= pips.count <= 10
        and rank_of_count(pips.count) == card[0]
    ):
        # as many pips as the index says, not laid out as that card's: the pips of
        # another card, or one covered and the index misread (generated pile frame
        # 4720048, bank seed 4700000: a 6C, one pip under another card, its redrawn
        # "6" read 5 by A and B at 1.00 on its index alone, five pips seen)
        return True
    if pips.red is not None and pips.red != (card[1] in RED_SUITS):
        # pips of the other colour: another card's, over this one, or the index misread
        # (generated hold'em frame 31009, bank seed 1000: a 3C under a 6H, its index
        # redrawn with a small pointed club, read 3S by A at 0.9985 and B at 0.9999, the
        # 6H's red pips filling the outline; the pile-corner reading of that index
        # stands, at its own threshold)
        return True
    if pips.red is None and pips.count >= 2 and pips.rank != FACE:
        # pips of both colours (too mixed to give one, :func:`vision.classic.colour`):
        # two cards' pips in the outline (generated hold'em frame 9430022, bank seed
        # 9400000, read with the models of a training run at seed 20261206: an outline of
        # a 2D with a strip of a spade card over it, two red and four black pips, the
        # strip's redrawn index read JS by A and B at 1.00 on one corner: JS reported)
        return True
    # pips in the outline, their shape not clearly the suit's: for a 2-10 or an ace the
    # one check of its suit against the other of the colour (generated hold'em frame
    # 1930256, bank seed 1900000: an AC's redrawn club read as a spade by A and B at
    # 1.00, the pips in its outline spade 0.44, club 0.41)
    return (
        card[0] in NUMBER_RANKS
        and pips.suit is not None
        and shape_lead(pips.suit, card[1]) > -SUIT_MIN_MARGIN
    )


def pips_back(pips: PipRead, card: str, by_a: bool, learned: Learned) -> bool:
    """Whether pips that count ``card``'s rank (2-10, A) back its index reading (see
    :func:`vision.verdict.decide_learned`): their colour, when clear, the suit's; their shape, when
    scored, favouring the suit over the other of its colour by more than
    SUIT_MIN_MARGIN and liked by no suit more than by the suit (:func:`shaped_unlike`);
    and for B's reading alone (``by_a`` False) the shape saying the suit, an ace's pip too
    liked by no suit more (generated jumbo frame 16340196, bank seed 16300000: an AH read
    AD by B, its pip C 0.85, S 0.80, D 0.72, H 0.63), and A's best guess on neither corner
    the card's rank in the other suit of its colour unless the shape says the suit by
    SINGLE_SUIT_MARGIN (as for a template reading). Never where A's best guess on a corner
    is the next rank up in the suit (:func:`_one_more_guessed`)."""
    suit = card[1]
    red = suit in RED_SUITS
    if (pips.red is not None and pips.red != red) or shaped_unlike(pips, card):
        return False
    if _one_more_guessed(learned, card):
        return False
    if pips.suit is not None and shape_lead(pips.suit, suit) > -SUIT_MIN_MARGIN:
        return False
    if by_a:
        return True
    if twin_unanswered(learned, card, pips) or shaped_unlike(pips, card, aces=True):
        return False
    # B's reading alone: B confuses suits of one colour more (crude drawn clubs as
    # spades), so the pips' shapes must say its suit, not only not another
    v = suit_vote(pips.suit, red, True) if pips.suit is not None else None
    return v is not None and v.label == suit and v.ok(SUIT_MIN_SCORE, SUIT_MIN_MARGIN)


def _one_more_guessed(learned: Learned, card: str) -> bool:
    """True if A's best guess on a corner of ``card`` (2-9 or A; whatever its probability)
    is the same suit with one pip more (A -> 2, ..., 9 -> 10): the pips counted as the rank
    may be that card's, one of them covered, and its index misread. Hunt frame other-fonts
    69020039 (bank seed 69000000): a 6S partly under an 8D, one pip covered, five counted in
    a 5's layout, its held-apart "6" read 5S by A (0.83) and B (0.70-0.97), A's best guess on
    the other corner 6S (rank 0.32): 5S reported. Of 2390 right index+pips reads in 700
    generated frames at 70000000, 6 had such a guess (3 aces, 3 nines); the real sets'
    402 (close-ups, scaled, ``cards-table``) none."""
    if card[0] not in PIP_ORDER[:-1]:
        return False
    more = PIP_ORDER[pip_count(card[0])] + card[1]  # one pip more
    return any(r.card == more for r in learned[0])


def too_few_pips(pips: PipRead, card: str) -> bool:
    """True if ``card`` is a 2-10 and the pips counted are two or more fewer than its rank:
    on a card's own outline seen whole (its middle seen, nothing over it) its pips show,
    so its index read alone is misread (the mirror of two or more beyond, in
    :func:`pips_say_otherwise`). Hunt frame jumbo 73040211 (bank seed 73000000): a lone JD,
    its small picture one shape of unclear colour, its jumbo "J" read 3D by A and B at
    1.00 on both corners, one "pip" counted: 3D reported."""
    return card[0] in PIP_ORDER[1:] and pips.count <= pip_count(card[0]) - 2


def own_pips_deny(card: NDArray[Any], label: str, t: Templates | None = None) -> bool:
    """True if the pips of ``card`` (a rectified card, BGR (CARD_H, CARD_W, 3)), counted
    as a rank (2-10 in the standard layout, :func:`vision.layout.layout_ok`, or, for an
    ace's reading only, a lone middle pip) and clearly of one colour, deny ``label``: a
    court card (it has no pips), the other colour than its suit's, more pips in a column
    than its rank's layout has (:func:`vision.layout.over_columns`), or its rank counted,
    clearly shaped like the other suit of its colour
    (that suit's shape score SUIT_MIN_SCORE or more, over its suit's by more than
    SUIT_MIN_MARGIN: :func:`vision.suitshape.shaped_as_twin`). Pips in a standard layout
    lie where a card laid on this outline has them: they are that card's own, and a card
    partly covered shows fewer, never more in a column.

    A veto of a card read on its index alone at a pile corner or a hand half's corner
    (:func:`vision.piles.read_corners_at`). Hunt frames (bank seed: the hunt's seed):
    other-fonts 115020063, a 2S lying whole on a pile, its held-apart font's spade read as
    a club by A and B on its index (suit 0.85-0.99) at both corners, its two pips spade
    0.85, club under 0.78: 2C reported; hands 101030107, a 6H lying over a TC, its
    held-apart "6" read 5H at a half's corner by A and B, six hearts counted there, three
    in each side column where a 5 has two: 5H reported; hands 99030025, a 9C's index over a
    TD read 9D at the TD's half's corner, the TD's diamonds in a 10's layout there, two in
    the middle column where a 9 has one: 9D reported. Not vetoed: pips counted as another
    rank that fits in the rank's columns (hunts at 115000000 and 117000000: six right 8s
    and 7s, a middle pip or two under another card, counted as a 7 or a 6); pips counted
    as no rank (the middle may show another card's; vetoing on any pips' shape lost 4 of
    the benchmark's other-font pile cards and 3 hold'em cards); for the twin suit, a weak
    shape (an AC whose lone "pip" was its club cut by the other card's edge, spade 0.41,
    club 0.33) or pips of unclear colour; a lone middle shape against a 2-10 (a 2H and a
    TH read on their indices at pile corners, a black shape in their middles). Nor a
    black court card whose picture shows no colour (:func:`vision.colour.grey_court`)."""
    ink = ink_masks(card)
    if grey_court(ink, label):
        return True  # a black court card whose picture shows no colour (weak colour)
    pips = read_pips(components(ink), t or load_templates(), ink.tint)
    if pips.rank is None or pips.rank not in PIP_ORDER or pips.red is None or pips.suit is None:
        return False
    if pips.rank == "A" and label[0] != "A":
        return False  # a lone middle shape: an ace's pip, or anything on another card
    if label[0] in COURT_RANKS or pips.red != (label[1] in RED_SUITS):
        return True  # a court card has no pips; a card's own are of its suit's colour
    if over_columns(pips.columns, pip_count(label[0])):
        return True
    if pips.rank != label[0]:
        return False
    return pips.suit.get(TWIN_SUIT[label[1]], 0.0) >= SUIT_MIN_SCORE and shaped_as_twin(pips, label)
