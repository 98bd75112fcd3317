"""The court-glyph path of the verdict (:mod:`vision.verdict`): a court card whose index
glyph the classifiers take for a number card, read by their rank heads over J, Q, K and
none alone, where the card's picture has already said it is no number card; by A and B
or, where they do not read it so, by the picture-blind classifiers
(:func:`decide_court_glyph`, ``blind``). :func:`court_glyph_verdict` tries both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numpy.typing import NDArray

from vision.blind import blind_reads, blind_thresholds
from vision.classic import FACE, RED_SUITS, CardRead, IndexRead, PipRead
from vision.learned import NONE, Learned, thresholds
from vision.suitshape import NUMBER_RANKS, other_suit_named, shape_lead
from vision.templated import clear_face_corners
from vision.verdict import agreed_rank, dissent, other_suit, scaled, symbol_says_other

#: how far the template reader's best glyph, a number rank, may lead its court reading
#: on a corner before the court-glyph path is vetoed (:func:`number_over_face`)
NUMBER_LEAD = 0.35


def number_over_face(per_corner: Sequence[IndexRead | None]) -> bool:
    """True if on a corner the template reader's best glyph (``IndexRead.rank``) is a
    number rank (A-10) scoring more than NUMBER_LEAD over its best court glyph
    (``IndexRead.face``; corners without one, or without a reading, say nothing): the
    glyph looks like a number's, not a court card's. Hunt frame jumbo 81040157 (bank seed
    81000000): an 8H whose "picture" was its pips merged, its jumbo "8" read 3H and 2H by
    A and B, Q over the court ranks at 0.73-0.98, the template reader's best glyph 8 at
    0.86 and 0.69 on the corners against Q at 0.33 and 0.52 (leads 0.53, 0.17): QH
    reported. Measured: the court-glyph reads of 700 generated frames at 82000000 (16)
    and of the real sets (23, close-ups, scaled and ``cards-table``) lead by 0.15 at
    most on a corner with a court reading."""
    return any(
        r is not None
        and r.face is not None
        and r.rank.label in NUMBER_RANKS
        and r.rank.score - r.face.score > NUMBER_LEAD
        for r in per_corner
    )


def decide_court_glyph(
    pips: PipRead,
    learned: Learned | None,
    faces: list[str | None],
    covered: bool = False,
    alone: bool = True,
    whole: bool = True,
    number_glyph: bool = False,
    blind: Learned | None = None,
    counter: frozenset[int] = frozenset(),
) -> CardRead | None:
    """A court card whose index glyph the classifiers take for a number card, read by
    their rank heads over J, Q, K and none alone (``CornerRead.court``, ``p_court``:
    :func:`vision.learned.court_probs`), where the card's picture has said it is no
    number card. A real deck's hollow Q with a long tail is read 9 or 10 by B at
    0.5-0.94 (and 10 by A at 0.4) on both corners, and Q at 0.998-1.0 by both over J,
    Q, K and none (``vosloo_QS``, scaled to a 90 px card).

    The card (``court`` + ``suit``) is reported when all of these hold:

    * the outline is the card's own and seen whole (not ``covered``, ``alone``,
      ``whole``: its middle seen) and the pips show a picture;
    * the template reader, a third reading made in another way, reads the rank as
      that court rank on a corner, and as no other on either (``faces``: its court
      reading of the top-left and bottom-right index, ``IndexRead.face``, None where
      it has none). Other models, from another training run, read a real deck's J
      (``vosloo_JH``) as Q over the court ranks at 0.91 (A) and 0.997 (B), over their
      thresholds; the template reader read it J. Nor may its best glyph on a corner be a
      number rank well over its court reading (``number_glyph``:
      :func:`number_over_face`);
    * on one corner A and B both read it, each with min(``p_court``, ``p_suit``) at
      its own zero-wrong point on held-apart court corners and none crops
      (``court_glyph_a``, ``court_glyph_b``, :func:`vision.train.calibrate.calibrate`),
      and on the other corner A or B reads it too;
    * no classifier reads another card at its dissent threshold that the picture
      allows, nor another suit (:func:`dissent`, :func:`other_suit`; nor is another suit
      any classifier's best guess on a corner, :func:`other_suit_named`), nor do A and B
      read one number rank (A-10) alike on a corner, each at its dissent threshold
      (the glyph is that number's, the "picture" another thing: the pips of two
      cards, glare);
    * the suit symbol of the picture, when clear, says the suit; for a spade or a club
      it must be clear (``PipRead.suit``) and favour the suit over the other black one:
      the classifiers' spade and club are one index's reading, and both have read a
      held-apart jumbo spade as a club on both corners at 0.91-0.98 (generated lone cards
      with jumbo indices, frame 15640034, bank seed 15600000: a JS on an untinted picture
      without a symbol, JC reported; frame 16240183, bank seed 16200000: a QS's outline
      read QC, its symbol spade 0.93, club 0.88). The real close-ups' black court cards
      read so show a symbol saying their suit by about 0.04 or more; three red ones at full size
      show none (rdpong QD, vosloo QD_00, QD_22) and stand. Measured: in 1000 generated
      frames at seed 34000000 the path read 15 court cards, all right, its 5 black ones
      with such a symbol.

    Confidence: the smaller of the two scaled (:func:`scaled`) on that corner. None
    for models whose manifest lacks these thresholds (calibrated before they were).

    ``blind`` (the picture-blind classifiers' corner reads, :func:`vision.blind.blind_reads`):
    the card read by them instead of A and B, at their own thresholds
    (:func:`vision.blind.blind_thresholds`: ``court_glyph_a`` and ``court_glyph_b``
    calibrated for zero wrong on held-apart court corners each on the picture of a court
    card drawn at random, and none crops), every rule of that path holding for them, and
    A and B (``learned``, at theirs) not saying otherwise either (:func:`_glyph_vetoed`),
    except with a J or K of the suit on a corner of ``counter`` (:func:`counter_corners`:
    the template reader reads its glyph clearly as a Q, a glyph with an enclosed counter,
    which no J or K has; A's and B's court reading leans on the CC0 pictures:
    ``cards-table``'s alk_in_5 QS, read QS by the picture-blind pair at 0.9997-0.9999 and Q
    by the template reader on both corners at 0.77-0.78, read JS by A at 0.90 on one).

    A and B learnt the CC0 art's court pictures with the indices (docs/card-reader.md,
    "Court cards told by their pictures"): on a real deck's queens, whose pictures are
    none of those, their rank heads over J, Q and K lean to J or stay under their bars
    (``cards-table``'s ice_tables_poker_19 QS: read 9S by A on both corners and by B on one,
    QS at 0.45 on the other; their rank heads J at 0.49-0.66 but for B's Q at 0.51 there),
    where the picture-blind ones read Q at 0.998-0.9997.
    Measured (December 7th, session 64; docs/card-reader.md, "Court glyphs read by the
    picture-blind classifiers"): ``cards-table`` 229 -> 234 read (232 without the
    counter rule), close-ups, scaled close-ups and the generated sets as before but for
    generated court cards each on another court card's picture (the benchmark's 40
    frames): 121 -> 129 right (1 wrong, as before). Nothing is read where
    ``learned`` is None or the blind classifiers' thresholds lack the path's."""
    th = thresholds()
    if learned is None or covered or not alone or not whole or number_glyph or pips.rank != FACE:
        return None
    if blind is None:
        return _glyph_card(pips, learned, faces, th, [])
    return _glyph_card(pips, blind, faces, blind_thresholds(), [(learned, th)], counter)


def _glyph_card(
    pips: PipRead,
    learned: Learned,
    faces: list[str | None],
    th: dict[str, float],
    also: list[tuple[Learned, dict[str, float]]],
    counter: frozenset[int] = frozenset(),
) -> CardRead | None:
    """:func:`decide_court_glyph`'s reading of ``learned`` at thresholds ``th`` once its
    outline and pips are accepted; ``also``: other classifier pairs with their thresholds
    whose dissent vetoes too (:func:`_glyph_vetoed`), but for a J or K of the suit on a
    corner of ``counter``."""
    if "court_glyph_a" not in th:
        return None  # (models calibrated before these thresholds were: never)
    a, b = learned
    ta, tb = th["court_glyph_a"], th["court_glyph_b"]
    card, conf = None, 0.0
    for ra, rb in zip(a, b, strict=True):
        c = ra.court + ra.suit
        if NONE in c or rb.court + rb.suit != c:
            continue
        ca, cb = min(ra.p_court, ra.p_suit), min(rb.p_court, rb.p_suit)
        if ca >= ta and cb >= tb and (card is None or c == card):
            card, conf = c, max(conf, min(scaled(ca, ta), scaled(cb, tb)))
    if card is None or card[0] not in faces or any(f not in (None, card[0]) for f in faces):
        return None
    if not all(card in (ra.court + ra.suit, rb.court + rb.suit) for ra, rb in zip(a, b, strict=True)):
        return None  # the other corner does not back it
    if _glyph_vetoed(pips, learned, card, th):
        return None
    if any(_glyph_vetoed(pips, reads, card, t, counter) for reads, t in also):
        return None
    if symbol_says_other(pips, card[1]):
        return None
    if card[1] not in RED_SUITS and (pips.suit is None or shape_lead(pips.suit, card[1]) >= 0):
        return None  # a black suit from one index's reading alone: see the docstring
    details: dict[str, object] = {"pips": pips.rank, "count": pips.count, "learned": card}
    details["path"] = "court-glyph"
    if also:
        details["blind"] = True  # read by the picture-blind classifiers
    return CardRead(card, conf, details)


def _glyph_vetoed(
    pips: PipRead,
    learned: Learned,
    card: str,
    th: dict[str, float],
    counter: frozenset[int] = frozenset(),
) -> bool:
    """True if the pair ``learned`` says otherwise than the court-glyph reading ``card``
    at its thresholds ``th``: a dissent the picture allows, another suit
    (:func:`vision.verdict.dissent`, :func:`vision.verdict.other_suit`), another suit as
    a best guess on a corner (:func:`other_suit_named`), or one number rank (A-10) read
    alike by both on a corner at their dissent thresholds. ``counter``: corners whose glyph
    has an enclosed counter (``dissent``'s ``no_jk``): a J or K of ``card``'s suit there is
    no dissent."""
    a, b = learned
    return (
        dissent(learned, card, th, pips, no_jk=counter)
        or other_suit(learned, card[1], th)
        or other_suit_named(learned, card[1])
        or any(agreed_rank(ra, rb, th) in NUMBER_RANKS for ra, rb in zip(a, b, strict=True))
    )


def counter_corners(corners: list[IndexRead | None]) -> frozenset[int]:
    """Corners (0 top-left, 1 bottom-right) whose rank glyph the template reader reads
    clearly as a Q (:func:`vision.templated.clear_face_corners`: best glyph Q, court reading
    Q, which it gives only on a glyph with an enclosed counter, at the floors of the mirror
    rule :func:`vision.templated.counterless_corners`). No J or K has a counter: a
    classifier's J or K there is its own error."""
    return clear_face_corners(corners, "Q")


def court_glyph_verdict(
    card: NDArray[Any], pips: PipRead, learned: Learned | None, corners: list[IndexRead | None], seen: bool
) -> CardRead | None:
    """The court-glyph reading of a rectified card (BGR, (CARD_H, CARD_W, 3)) with its
    pips, A's and B's corner reads and the template reader's reading of each corner
    (``corners``: top-left, bottom-right, None where unread): :func:`decide_court_glyph`,
    else the same with the picture-blind classifiers' reads (``blind``, ``counter``:
    :func:`counter_corners`). ``seen``: the outline is not covered, not guessed and its
    middle is seen (the path reads nothing else). The picture-blind classifiers are run
    only where A and B read no card so, the pips show a picture, the template reader reads
    a court rank on a corner and its best glyph on none is a number rank well over that
    (:func:`number_over_face`). None where neither reads a card."""
    if not seen or learned is None or pips.rank != FACE:
        return None
    faces = [None if r is None or r.face is None else r.face.label for r in corners]
    number = number_over_face(corners)
    read = decide_court_glyph(pips, learned, faces, number_glyph=number)
    if read is not None or number or all(f is None for f in faces):
        return read
    blind = blind_reads(card)
    if blind is None:
        return None  # (the picture-blind classifiers are not shipped)
    counter = counter_corners(corners)
    return decide_court_glyph(pips, learned, faces, number_glyph=number, blind=blind, counter=counter)
