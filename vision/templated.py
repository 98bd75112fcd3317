"""The template reader's reading (:mod:`vision.classic`) weighed against the learned
corner reads and the pips: :func:`combine` gives the final reading of a rectified card
from both readers' decisions (:func:`vision.verdict.decide_learned` for the learned one).
"""

from __future__ import annotations

from typing import Any

from numpy.typing import NDArray

from vision.classic import (
    BLACK_SUITS,
    FACE,
    RANK_MIN_MARGIN,
    RED_SUITS,
    SUIT_MIN_MARGIN,
    SUIT_MIN_SCORE,
    SUITS,
    CardRead,
    IndexRead,
    PipRead,
    ornate_ace,
    read_index,
    suit_vote,
)
from vision.glyphs import Templates, load_templates
from vision.learned import NONE, Learned, thresholds
from vision.segment import components, ink_masks
from vision.suitshape import (
    COURT_RANKS,
    NUMBER_RANKS,
    ace_pip_unshaped,
    shaped_as_twin,
    shaped_unlike,
    twin_unanswered,
)
from vision.verdict import agreed_rank, both_name_other, dissent, symbol_says_other


def combine(
    classic: CardRead | None,
    learned: CardRead | None,
    reads: Learned | None,
    pips: PipRead | None = None,
    corners: list[IndexRead | None] | None = None,
) -> CardRead | None:
    """The final reading from the template reader (``classic``) and the learned one:
    the learned one when there is one and the other does not disagree (nor read another
    court rank clearly, :func:`_glyph_says_other_court`; on an untinted picture, a court
    card's rank must be the templates', :func:`_untinted_court_unread`, and so must it
    where a classifier guesses a number on a corner, :func:`_number_beside_unread_court`); the
    template one only when no classifier reads another card on a corner (that the
    pips, when given, allow, and that the glyph's structure allows: see
    :func:`vision.verdict.dissent`, :func:`counterless_corners`), both do not read one other card
    on both corners unless the pips count the template's rank (:func:`_unanimous`),
    and, for 2-10 and A,
    the pips' shape does not favour the other suit of the colour by more than
    SUIT_MIN_MARGIN (:func:`shape_lead`). A read of a suit of the other colour than
    the index print, measured alike on both corners (:func:`index_colour`), is no
    dissent; A guessing the card's rank in the other suit of its colour vetoes unless
    the pips (on a picture, its suit symbol) say the suit (:func:`twin_unanswered`), and
    so do A and B agreeing on another court rank for a court card
    (:func:`_court_rank_agreed_other`) or on a number rank the templates' best glyph shows
    (:func:`_number_agreed_and_seen`), both denying a court index on a corner of an
    untinted picture (:func:`_court_index_denied`) or both reading one number rank on both
    corners of it (:func:`_number_agreed_on_both`), and the picture's suit symbol saying
    the other suit of the colour (:func:`vision.verdict.symbol_says_other`); a number card
    read while A sees no card is not reported where the corners' glyphs name two number
    ranks about equally (:func:`_corners_split`). Neither reader's ace is reported where its
    lone pip has no shape of its suit (:func:`vision.suitshape.ace_pip_unshaped`). ``corners``: the template
    readings of the top-left and bottom-right index (None where unread)."""
    if learned is not None:
        if classic is not None and classic.card != learned.card:
            return None
        if _glyph_says_other_court(learned.card[0], corners or []):
            return None
        if _untinted_court_unread(learned.card[0], pips, corners or []):
            return None
        if _number_beside_unread_court(learned, reads, corners or []):
            return None
        return None if pips is not None and ace_pip_unshaped(pips, learned.card) else learned
    if classic is None:
        return None
    return None if _template_vetoed(classic, reads, pips, corners or []) else classic


def _template_vetoed(
    classic: CardRead, reads: Learned | None, pips: PipRead | None, corners: list[IndexRead | None]
) -> bool:
    """True if the template reader's reading ``classic``, with no learned one, is not
    reported (the vetoes :func:`combine` lists)."""
    if pips is not None and (
        shaped_as_twin(pips, classic.card)
        or shaped_unlike(pips, classic.card)
        or ace_pip_unshaped(pips, classic.card)
    ):
        return True  # the pips' shape says another suit (as in decide_learned), or an ace's none
    rank = classic.card[0]
    suit = classic.card[1]
    if (
        rank in COURT_RANKS
        and pips is not None
        and pips.rank == FACE
        and (symbol_says_other(pips, suit) or _symbol_other_colour(pips, suit))
    ):
        # as in decide_learned: the picture's suit symbol says the other suit of the colour
        # (here also: a symbol of the other colour, :func:`_symbol_other_colour`)
        # (generated lone cards with jumbo indices, hunt seed 15200000, frame 15240031: a QC
        # read QS by the template reader, its index clubs spade by 0.10-0.15, the picture's
        # club 0.95, spade 0.88; the right black court cards it read alone in 1600 generated
        # frames at seed 24000000 had the other suit leading their symbol by 0.018 at most)
        return True
    th = thresholds()
    no_q = counterless_corners(classic, corners)
    counted = rank in NUMBER_RANKS and pips is not None and pips.rank == rank
    if reads is not None and not counted and _unanimous(reads, classic.card, th, no_q):
        return True
    if reads is not None and dissent(reads, classic.card, th, pips, no_q, index_colour(corners)):
        return True
    if reads is not None and twin_unanswered(reads, classic.card, pips):
        return True
    if reads is not None and _court_rank_agreed_other(reads, rank, th, no_q):
        return True
    if reads is not None and rank in COURT_RANKS and _number_agreed_and_seen(reads, th, corners):
        return True
    if reads is not None and rank in COURT_RANKS and _court_index_denied(reads, pips):
        return True
    if reads is None:
        # A saw no card on either corner: the corners' glyphs are all there is to the rank
        return rank in NUMBER_RANKS and _corners_split(rank, corners)
    if rank in COURT_RANKS and pips is not None and ornate_ace(pips) and _number_agreed_on_both(reads, th):
        return True
    return rank in NUMBER_RANKS and _rank_agreed_other(reads, rank, th)


def _symbol_other_colour(pips: PipRead, suit: str) -> bool:
    """True if the suit symbol printed in a court card's picture is of the other colour than
    ``suit`` (``PipRead.symbol_red`` known), its best suit shape at 0.85 or more (the bar of
    :func:`vision.verdict.symbol_says_other`): a veto of a court card the template reader
    reads alone. Generated lone cards with jumbo indices, hunt seed 57000000, frame 57040116:
    a QH read QS by the template reader (Q on both corners), its picture's heart red, 0.91.
    Not for A's and B's pair: in 600 generated frames at 58000000 (300 jumbo, 200 hold'em,
    100 other-font pile) 10 of 486 right court cards they read through a picture had a
    symbol of the other colour (hold'em: another card's pip in the outline), none of those
    the template reader read alone; the real sets' 119 court cards with a coloured symbol
    have their own colour."""
    if pips.suit is None or pips.symbol_red is None or pips.symbol_red == (suit in RED_SUITS):
        return False
    return max(pips.suit.get(k, 0.0) for k in SUITS) >= 0.85


def _court_rank_agreed_other(
    reads: Learned, rank: str, th: dict[str, float], no_q: set[int] | frozenset[int]
) -> bool:
    """True if ``rank`` is J, Q or K and on a corner A and B read one other court rank,
    each with its probability at its dissent threshold (:func:`vision.verdict.agreed_rank`),
    whatever their suits (none included), but a "Q" on a corner whose glyph cannot be a Q
    (``no_q``, :func:`counterless_corners`): which court rank an index shows is what both
    were trained for (generated lone cards with jumbo indices, hunt seed 6100000, frame
    6140070: a KD's outlined jumbo "K" read J by the template reader on one corner, K by
    A at 0.93 and B at 1.00 there, neither sure of its suit: JD reported)."""
    if rank not in COURT_RANKS:
        return False
    for k, (ra, rb) in enumerate(zip(reads[0], reads[1], strict=True)):
        other = agreed_rank(ra, rb, th)
        if other in COURT_RANKS and other != rank and not (other == "Q" and k in no_q):
            return True
    return False


def _number_agreed_and_seen(reads: Learned, th: dict[str, float], corners: list[IndexRead | None]) -> bool:
    """True if on a corner A and B read one number rank (2-10, A) at their dissent
    thresholds (:func:`vision.verdict.agreed_rank`) and the template reader's own best glyph
    on a corner is that rank: three readings of the index against the templates' court
    reading (the best of J, Q and K alone), a veto of a court card it read (generated lone
    cards with jumbo indices, frame 16440262, bank seed 16400000: a TD, its "10" the
    templates' best glyph on both corners at 0.49, Q their court reading at 0.22, A and B
    reading TD on a corner at 0.92 and 0.99: QD reported). Where A and B read a jumbo J or
    Q as "3" the templates' best glyph is the J or Q (none of 63 right court cards the
    templates read alone in 1200 generated frames at seed 32000000 was vetoed)."""
    seen = {r.rank.label for r in corners if r is not None} & NUMBER_RANKS
    return any(agreed_rank(ra, rb, th) in seen for ra, rb in zip(reads[0], reads[1], strict=True))


def _court_index_denied(reads: Learned, pips: PipRead | None) -> bool:
    """True if the pips read a picture without yellow or blue print (:func:`vision.classic.ornate_ace`)
    and on a corner A's and B's rank heads asked which court rank it shows, if any
    (``CornerRead.court``), both put more than half their weight on none: a veto of a court card read
    by the template reader. An untinted "picture" may be a number card's pips beside the
    flourish of a large index glyph, and such a glyph may pass as a J to the templates
    (generated lone cards with jumbo indices in held-apart fonts: frame 13540083, bank seed
    13500000, a 4D read JH, and frame 14140081, bank seed 14100000, a TS read JS, their
    pictures' tint 0.0, A and B answering none on both corners at 0.65-1.00). Real
    close-ups' court cards read by the template reader alone have a court rank from A or B
    on every corner."""
    if pips is None or not ornate_ace(pips):
        return False
    return any(
        ra.court == rb.court == NONE and min(ra.p_court, rb.p_court) > 0.5
        for ra, rb in zip(reads[0], reads[1], strict=True)
    )


def _number_agreed_on_both(reads: Learned, th: dict[str, float]) -> bool:
    """True if on both corners A and B read one and the same number rank (2-10 or A), each
    with its rank probability at its dissent threshold (:func:`vision.verdict.agreed_rank`):
    a veto of a court card read by the template reader alone on a picture without
    yellow or blue print (:func:`vision.classic.ornate_ace`: such a "picture" may be a
    number card's pips and another card's print). Generated hold'em frame 15730190 (bank
    seed 15700000): a TS in an outline of two cards, its "10" read K by the templates on
    one corner by a margin of 0.002 and A on the other, A and B reading rank T on both
    corners at 0.997+: KS reported. Where A and B read a real deck's court index as a
    number on both corners (vosloo's J as 9, Q as 10) they do not agree at these
    thresholds on both."""
    agreed = {agreed_rank(ra, rb, th) for ra, rb in zip(reads[0], reads[1], strict=True)}
    return len(agreed) == 1 and agreed.pop() in NUMBER_RANKS


#: a number card read by the template reader alone, A seeing no card, is left unsure where
#: a corner's best glyph is another number rank scoring within this of its own rank's
SPLIT_CORNERS_GAP = 0.05


def _corners_split(rank: str, corners: list[IndexRead | None]) -> bool:
    """True if ``rank`` (2-10 or A) is the template reader's best glyph on a corner and
    another number rank is its best glyph on a corner, scoring within SPLIT_CORNERS_GAP of
    it: the two corners name two number ranks about equally, and a miscount of the pips (an
    index's suit symbol taken for a pip) picks one. Generated lone cards with jumbo indices,
    frame 15640069 (bank seed 15600000): a 4C, its two index clubs counted among its four
    pips, "6" on one corner (0.64, accepted), "4" on the other (0.62, under acceptance), A
    seeing no card: 6C reported."""
    own = [r.rank.score for r in corners if r is not None and r.rank.label == rank]
    other = [
        r.rank.score
        for r in corners
        if r is not None and r.rank.label != rank and r.rank.label in NUMBER_RANKS
    ]
    return bool(own and other) and max(other) >= max(own) - SPLIT_CORNERS_GAP


def index_colour(corners: list[IndexRead | None]) -> bool | None:
    """The colour of a card's index print (True red, False black) where the template
    reader read both corners (``corners``: top-left, bottom-right, None where unread) and
    measured one clear colour on both alike; else None."""
    if len(corners) != 2 or any(r is None or r.red is None for r in corners):
        return None
    reds = {r.red for r in corners if r is not None}
    return reds.pop() if len(reds) == 1 else None


def _rank_agreed_other(reads: Learned, rank: str, th: dict[str, float]) -> bool:
    """True if on one corner A and B read one rank other than ``rank``, each with that
    rank's probability at its dissent threshold (``dissent_a``, ``dissent_b``) or more,
    whatever their suits, while on the other corner A or B reads ``rank``: the two
    corners show two cards' indices, the outline is no one card's (a veto of the
    template reading of a number card or an ace, even where the pips count ``rank``:
    they may be part of a card's). Where both corners are read alike, the classifiers
    may share an error on a deck's glyphs, and the counted pips stand (the tests' drawn
    7D, read 2D by both on both corners); a court card's picture stands in any case (a
    real deck's J read 9 by both on both corners, vosloo_JD).

    Generated hold'em frame 5230106 (bank seed 5200000): an outline about square, the
    part of an 8S showing beside a 7D over it, four of its spades counted and a "4"
    read by the template reader on one corner, A and B reading 4S there; on the other
    A read 2S and B 2C, each rank at 1.00 (suits 0.84, 0.85, under their dissent
    thresholds): 4S reported."""
    for k, (ra, rb) in enumerate(zip(reads[0], reads[1], strict=True)):
        if agreed_rank(ra, rb, th) not in (None, rank, NONE) and rank in (
            reads[0][1 - k].rank,
            reads[1][1 - k].rank,
        ):
            return True
    return False


def _unanimous(reads: Learned, card: str, th: dict[str, float], no_q: set[int] | frozenset[int]) -> bool:
    """True if both classifiers read one other card than ``card`` on both corners,
    each read at its classifier's dissent threshold (``dissent_a``, ``dissent_b``).
    :func:`combine` asks it whatever the pips say unless they count ``card``'s own
    rank (then a template 7 and seven pips agree against the classifiers, as on the
    tests' drawn 7D that both read as 2D). Measured on generated frames in held-apart
    fonts: a TH whose pips the pips reader took for a picture was read JH (and
    another QH) by the template reader, while A and B read TH at 1.00 on both
    corners; :func:`vision.verdict.dissent` lets a rank the pips rule out pass (a "10" on a
    picture is usually the classifiers' error).
    ``no_q``: as for :func:`vision.verdict.dissent` (a "Q" of ``card``'s suit on a corner whose
    glyph cannot be a Q is no such reading).

    Not one corner enough: a real close-up's JD (vosloo_JD) is read 9D by A at 0.87
    and 0.62, by B at 0.94 and 0.95; with a classifier at its threshold on one corner
    only, three close-ups of it were lost. A TS read QS by the template with B at
    0.73 on one corner stays a wrong reading of generated frames (open)."""
    names = {r.card for rs in reads for r in rs}
    if len(names) != 1 or None in names or card in names:
        return False
    other = next(iter(names))
    assert other is not None
    if no_q and other[0] == "Q" and other[1] == card[1]:
        return False
    return all(
        r.conf >= th[key] for rs, key in ((reads[0], "dissent_a"), (reads[1], "dissent_b")) for r in rs
    )


#: a template reading of a corner's rank glyph as J, Q or K (by its structure: a Q
#: has an enclosed counter, J and K none; see read_face_rank) at this score and
#: margin or more contradicts a learned reading of another court rank
OTHER_COURT_MIN_SCORE = 0.6
OTHER_COURT_MIN_MARGIN = 0.2


def _glyph_says_other_court(rank: str, corners: list[IndexRead | None]) -> bool:
    """True if ``rank`` is J, Q or K and a corner's template reading (``corners``, None
    where unread) clearly reads another court rank: the classifiers can share an
    error across both corners (measured: a real deck's Q read as K by A and B on
    both), the glyph's counter is evidence they do not use."""
    if rank not in COURT_RANKS:
        return False
    return any(
        r is not None
        and r.face is not None
        and r.face.label != rank
        and r.face.score >= OTHER_COURT_MIN_SCORE
        and r.face.margin >= OTHER_COURT_MIN_MARGIN
        for r in corners
    )


def _untinted_court_unread(rank: str, pips: PipRead | None, corners: list[IndexRead | None]) -> bool:
    """True if ``rank`` is J, Q or K, the pips read a picture without yellow or blue print
    (:func:`vision.classic.ornate_ace`) and no corner's template reading (``corners``)
    reads ``rank``, as its best glyph or its court reading: a veto of a learned court
    card. Such a "picture" may be the pips of two cards in one outline (generated
    hold'em frame 14130003, bank seed 14100000: a TC and a 7C, tint 0.0, read JS by A
    and B at 0.94 or more on both corners, the templates' best glyph "4" on both).
    Measured: the real close-ups' court cards read on such pictures (12, tint
    0.001-0.028) all had their rank read by the templates; in 1200 generated frames at
    seed 25000000 (piles, other-font piles, hold'em, jumbo), of 1383 court cards A and B
    read on a picture 5 were on such a one, 3 of them with their rank read by the
    templates (the cost: one QD reported, its "Q" read K by the templates)."""
    if rank not in COURT_RANKS or pips is None or not ornate_ace(pips):
        return False
    return rank not in _template_ranks(corners)


def _template_ranks(corners: list[IndexRead | None]) -> set[str]:
    """The ranks the template reader read on the corners, as best glyph or court reading."""
    return {g.label for r in corners if r is not None for g in (r.rank, r.face) if g is not None}


#: a classifier's best guess of a number rank on a corner at this probability or more is
#: a number card's index seen in the outline (:func:`_number_beside_unread_court`)
NUMBER_GUESS = 0.7


def _number_beside_unread_court(
    learned: CardRead, reads: Learned | None, corners: list[IndexRead | None]
) -> bool:
    """True if ``learned`` is a court card read by A's and B's pair (not by their rank heads
    over the court ranks, :mod:`vision.courtglyph`, which read glyphs both take for a
    number), the template reader reads its rank on no corner (best glyph or court
    reading) and on a corner A's or B's best guess is a number rank (2-10, A) with
    probability NUMBER_GUESS or more: a veto. The outline may be a number card's with
    another card's index and picture in it (generated hold'em frame 28030004, bank seed
    28000000: a 9S read JS by A and B at 0.996+ on one corner, B guessing 9S at 0.82 on the
    other, the templates' best glyphs "4" and "Q", a tinted picture: JS reported).
    Measured: in 1200 generated frames at seed 26000000 (piles, other-font piles,
    hold'em, jumbo) it fires on none of the 1413 right court cards read by pair and picture
    (at 0.6 on one, at any probability on five), in 1000 at 33000000 on none of 1223."""
    rank = learned.card[0]
    if rank not in COURT_RANKS or reads is None or learned.details.get("path") == "court-glyph":
        return False
    if rank in _template_ranks(corners):
        return False
    return any(r.rank in NUMBER_RANKS and r.p_rank >= NUMBER_GUESS for rs in reads for r in rs)


#: a template J/K reading that proves its corner's glyph is no Q: the face score and
#: margin (over Q and the other of J/K) it needs, besides the glyph having no counter
#: (read_face_rank) and J/K being the best of all 13 rank templates
COUNTERLESS_MIN_SCORE = 0.75
COUNTERLESS_MIN_MARGIN = 0.25


def counterless_corners(classic: CardRead, corners: list[IndexRead | None]) -> set[int]:
    """Corners (0 top-left, 1 bottom-right) whose rank glyph is shown by its structure
    to be no Q, for a court card ``classic`` read as J or K from its picture: the
    glyph has no enclosed counter (every Q has one; :func:`read_face_rank`), it is
    read clearly as ``classic``'s rank both among J/Q/K and among all 13 ranks.

    A classifier's "Q" of the same suit on such a corner is its own error (measured:
    a thin slab-serif J read as Q by both classifiers), no evidence of a queen.
    """
    rank = classic.card[0]
    if rank not in ("J", "K") or classic.details.get("pips") != FACE:
        return set()
    return set(clear_face_corners(corners, rank))


def clear_face_corners(corners: list[IndexRead | None], rank: str) -> frozenset[int]:
    """Corners (0 top-left, 1 bottom-right) whose rank glyph the template reader reads
    clearly as the court rank ``rank`` (``corners``: its reading of each, None where
    unread): its best glyph of all 13 ranks is ``rank``, and its court reading
    (:func:`vision.classic.read_face_rank`: Q only on a glyph with an enclosed counter, J
    or K only on one without) is ``rank`` at COUNTERLESS_MIN_SCORE or more, by
    COUNTERLESS_MIN_MARGIN or more over the other two."""
    return frozenset(
        k
        for k, r in enumerate(corners)
        if r is not None
        and r.face is not None
        and r.face.label == rank
        and r.rank.label == rank
        and r.face.score >= COUNTERLESS_MIN_SCORE
        and r.face.margin >= COUNTERLESS_MIN_MARGIN
    )


def index_backs(card: NDArray[Any], label: str, t: Templates | None = None) -> bool:
    """Whether the template reader, on its own, backs a classifiers' reading ``label``
    ("TH") of the top-left index of a rectified BGR card (CARD_H, CARD_W, 3): it reads
    that rank glyph as ``label``'s rank, ahead of the next rank by RANK_MIN_MARGIN or
    more, the index's colour (when clear) is the suit's, and its suit symbol votes for
    the suit at SUIT_MIN_SCORE or more, by SUIT_MIN_MARGIN or more
    (:func:`vision.classic.suit_vote`). A third reading, made in another way (template
    matching on the segmented glyph, templates from the CC0 art and DejaVu/Hershey
    glyphs) than the two classifiers': a pile corner read by A and B below
    ``pile_corner`` is reported with it at ``pile_corner_templated`` (:mod:`vision.piles`,
    calibrated on the same crops by :mod:`vision.train.calibrate_piles`).

    The suit must be read too, clearly: on the calibration's generated pile corners
    (3000 frames, three glyph draws) an AC's index with its club under a red card was
    read AS by A and B at 0.9993 and 0.9987, the template reader reading its "A" and no
    suit symbol; and a 3D read 3H by A and B at 0.9983, the template's suit scores
    H 0.20, S 0.19, D 0.13."""
    ir = read_index(components(ink_masks(card)), t or load_templates())
    if ir is None or ir.rank.label != label[0] or ir.rank.margin < RANK_MIN_MARGIN:
        return False
    red = label[1] in RED_SUITS
    if ir.red is not None and ir.red != red:
        return False
    vote = None if ir.suit is None else suit_vote(ir.suit, ir.red)
    return vote is not None and vote.label == label[1] and vote.ok(SUIT_MIN_SCORE, SUIT_MIN_MARGIN)


def court_against_both(card: str, learned: Learned | None, corners: list[IndexRead | None]) -> bool:
    """True if ``card``, a court card read by the template reader alone, is its reading of
    no corner's glyph as such (on every corner its best glyph is another rank, the court
    rank only the best of J, Q and K: ``IndexRead.face``) while A's and B's best guesses
    on one corner name one other court card, however unsure each: which court rank an
    index shows is what both were trained for. Generated hold'em frame 9230126 (bank seed
    9200000): a TS, a chip over its pips and beside its "10", its pips a picture, the
    templates' best glyphs "10" and "9" (0.27, 0.32), "Q" only as the court rank,
    A and B naming KS on a corner at 0.64 and 0.88: QS reported. A deck's J that both
    read Q, unsure, and the templates read J outright stands (vosloo_JH)."""
    if card[0] not in COURT_RANKS or not both_name_other(learned, card, COURT_RANKS):
        return False
    return not any(r is not None and r.rank.label == card[0] for r in corners)


def court_other_colour(card: str, learned: Learned | None) -> bool:
    """True if ``card``, a court card read by the template reader alone (the reader
    vetoes it after :func:`combine`, as it does by :func:`court_against_both`), is named
    on a corner by A's and B's best guesses, however unsure each, in its rank and a suit
    of the other colour: the same glyph read so by three readers, the colour by two. Hunt
    frame jumbo 89040016 (bank seed 89000000): a KH read KS by the template reader (K on
    both corners), A reading KH on both (suit 0.78, 0.77) and B on one (0.63): KS
    reported. The template court cards of the real sets (37) and of 700 generated frames
    at 90000000 (41), all right, have no such corner."""
    if card[0] not in COURT_RANKS:
        return False
    other = BLACK_SUITS if card[1] in RED_SUITS else RED_SUITS
    return any(both_name_other(learned, card, (card[0],), suit) for suit in other)
