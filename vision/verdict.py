"""The final verdict on a rectified card: the learned corner reads, checked against
independent evidence (pips, picture), and their union with the template reader
(:mod:`vision.classic`, :mod:`vision.templated`). A card is reported only when the
readings agree; any clear dissent leaves it unsure.
"""

from __future__ import annotations

from collections.abc import Collection

from vision.classic import (
    FACE,
    RED_SUITS,
    SINGLE_SUIT_MARGIN,
    CardRead,
    PipRead,
    clip01,
    ornate_ace,
    suit_vote,
)
from vision.learned import NONE, RANKS, CornerRead, Learned, thresholds
from vision.pipcheck import pips_back, pips_say_otherwise, too_few_pips
from vision.suitshape import (
    COURT_RANKS,
    NUMBER_RANKS,
    TWIN_SUIT,
    black_suit_unsaid,
    shape_lead,
)


def scaled(conf: float, t: float) -> float:
    """Reported confidence: 0.5 at the calibrated threshold ``t``, 1.0 at certainty;
    0.0 below ``t``."""
    if conf < t:
        return 0.0
    return round(0.5 + 0.5 * clip01((conf - t) / max(1e-6, 1 - t)), 3)


def _pips_unsure(
    pips: PipRead, learned: Learned, card: str, pair: float, th: dict[str, float], by_a: bool
) -> bool:
    """True if a 2-10 or an ace read on its index and pips (:func:`decide_learned`'s first
    rule; ``by_a``: A reads it at its bar, ``pair``: A's and B's smaller confidence on a
    corner where both read it) is still unsure: a pip may be covered
    (:func:`vision.pipcheck.pips_back`), A and B name one other rank of the suit on a
    corner (:func:`both_name_other`), or it is read on one corner alone below ``pair``
    (:func:`_lone_corner_unsure`)."""
    return (
        not pips_back(pips, card, by_a, learned)
        or both_name_other(learned, card, suit=card[1])
        or _lone_corner_unsure(learned, card, pair, th)
    )


def _index_bars(th: dict[str, float], wide: bool) -> tuple[float, float]:
    """The bars of A and B reading a 2-10 or an ace the pips back: ``index_pips`` and
    ``index_pips_b``, on the wide zones ``wide_a`` and ``wide_b`` (:mod:`vision.wide`);
    a bar of 1.0 or more is never met (infinity): a 1%-wrong point of 1.0 is
    :func:`vision.train.calibrate.zero_wrong_threshold`'s answer where even the surest
    reads are wrong more often (B on the wide zones), and a probability of exactly 1.0
    must not meet it."""
    keys = ("wide_a", "wide_b") if wide else ("index_pips", "index_pips_b")
    a, b = (th[k] if th[k] < 1.0 else float("inf") for k in keys)
    return a, b


def _court_t(r: CornerRead, th: dict[str, float], key: str) -> float:
    """The court threshold ``th[key]`` for a read of J, Q or K; infinity (never met, not
    even by a probability of exactly 1.0) for others."""
    return th[key] if r.rank in COURT_RANKS else float("inf")


def decide_learned(
    pips: PipRead,
    learned: Learned | None,
    covered: bool = False,
    alone: bool = True,
    whole: bool = False,
    wide: bool = False,
) -> CardRead | None:
    """A card from the learned corner reads and independent evidence, None unless
    they agree (thresholds: :func:`vision.learned.thresholds`, calibrated for zero
    wrong on held-apart generated crops).

    * 2-10 and A: classifier A reads the card on a corner at ``index_pips`` or
      more, and the pips (count and layout, a lone centre pip for A) give the
      same rank, their colour (when clear) the suit's colour, and their shape,
      when scored, favours the suit over the other of its colour by more than
      SUIT_MIN_MARGIN (:func:`shape_lead`). Or B reads it at
      ``index_pips_b`` (its own 1%-wrong point) and the pips' shape says its suit.
      A card read on one corner only (the other backs it in neither classifier:
      covered, or cut off by an outline that is not the card's own) needs A and B
      alike on that corner at ``pair`` too (:func:`_lone_corner_unsure`). Nor where A's
      best guess on a corner is the suit's next rank up: a pip may be covered
      (:func:`vision.pipcheck.pips_back`). Nor where A's and B's best guesses on a
      corner, however unsure, are one other rank of the suit (:func:`both_name_other`):
      hunt frame hold'em 81030134 (bank seed 81000000), a 3S with two pips covered, one
      counted, its index read AS by A and B at 1.00 on one corner and 3S by both at 0.80
      on the other: AS reported. Of 3347 right index+pips reads in 700 generated frames
      at 82000000, 4 had such a corner; the real sets' 422 none.
    * J, Q, K: the pips show a picture, and A and B (built and trained
      differently) read the card on one corner, each at its own zero-wrong point
      for court corners (``court_a``, ``court_b``) or more, and the other corner
      backs it (either reads the card there) or both reach the bar of an index
      alone there (``pair_covered``; ``pile_corner`` where higher on a ``covered``
      outline; never on a guessed one: :func:`_court_pair`); a suit symbol in the
      picture, when one is clear, must agree. When that symbol clearly says the
      suit (shape and colour), the rank probabilities alone need their own
      zero-wrong points (``court_rank_a``, ``court_rank_b``). No classifier may read
      another suit on a corner at its dissent threshold, however unsure of the rank
      (:func:`other_suit`). A black one on its own outline seen whole (``whole``, not
      ``covered``) whose picture shows no clear symbol needs an index on both corners
      (:func:`_black_on_one_corner`).
    * No pips or picture to agree with (a covered card: the index alone shows):
      A and B both at ``pair_covered`` on the same corner, and the pips show
      nothing against it (an ace may show a picture without yellow or blue print:
      ornate aces, :func:`vision.classic.ornate_ace`), their colour,
      when clear, the suit's, their shape not favouring the other suit of the colour
      by more than SUIT_MIN_MARGIN, and for 2-10 and A, when scored, favouring the
      suit by more than that
      (measured: a 3C read 3S by both, its uncounted pips club 0.10, spade -0.26).
      ``covered`` (the outline may lie partly under another card, ``Quad.covered``):
      both at ``pile_corner`` instead, the bar of an index of a covered card
      (:mod:`vision.piles`), where it is the higher: the pips in such an outline may be
      the other card's, and the index itself may be partly covered (generated
      hold'em frame 3530042, bank seed 3500000: an AC half under a TS, the pair
      outline split, the AC's half read AS by A and B at 0.9983 on its one corner,
      the TS's black spade pips in it saying nothing against it). ``alone`` False (an
      outline guessed, ``Quad.guessed``): never. Nor where a classifier reads another
      suit on a corner at its dissent threshold, however unsure of the rank
      (:func:`other_suit`): another card's index lies in the outline (generated hold'em
      frame 10830133, bank seed 10800000: an AC lying over a JD, the outline of the AC
      taking in the JD's corner, the AC's index read AS by A and B at 1.00, the other
      corner read 9D by A and JD by B, each suit at 0.99 or more). Nor, on an outline
      ``whole`` (a card's own, found whole by the detector, its middle seen, not covered
      nor guessed), where A and B both read no index on a corner, each at its dissent
      threshold (:func:`_blank_corner`: the card's other index is there), or where a
      2-10's pips counted are two or more fewer than its rank
      (:func:`vision.pipcheck.too_few_pips`: its pips show there). Nor, on any
      outline, where two or more pips beyond a 2-9's or an ace's show
      (:func:`vision.pipcheck.pips_say_otherwise`).

    Any corner read by either classifier as another card at its dissent threshold
    (``dissent_a``, ``dissent_b``) vetoes, if the pips allow its rank, its suit
    is another, or A and B pair on it where the pips saw a picture (:func:`dissent`).

    ``wide``: the reads are of the wide zones (:mod:`vision.wide`): only the first rule
    (2-10 and A, index and pips), with A and B at ``wide_a`` and ``wide_b`` instead of
    ``index_pips`` and ``index_pips_b``; nothing else.
    """
    if learned is None:
        return None
    a, b = learned
    th = thresholds()
    cands = candidates(learned)
    if not cands:
        return None
    card = max(cands, key=lambda r: r.conf).card
    assert card is not None
    if dissent(learned, card, th, pips):
        return None
    rank, suit = card[0], card[1]
    conf_a = max((r.conf for r in a if r.card == card), default=0.0)
    conf_b = max((r.conf for r in b if r.card == card), default=0.0)
    pair = max(
        (min(ra.conf, rb.conf) for ra, rb in zip(a, b, strict=True) if ra.card == card and rb.card == card),
        default=0.0,
    )
    details: dict[str, object] = {"pips": pips.rank, "count": pips.count, "learned": card}
    bar_a, bar_b = _index_bars(th, wide)
    by_a, by_b = scaled(conf_a, bar_a), scaled(conf_b, bar_b)
    if rank in NUMBER_RANKS and pips.rank == rank and max(by_a, by_b) >= 0.5:
        if _pips_unsure(pips, learned, card, pair, th, by_a >= 0.5):
            return None
        return CardRead(card, max(by_a, by_b), details | {"path": "index+pips"})
    if wide:
        return None
    bar = _alone_bar(th, covered, alone)
    court = _court_pair(learned, card, th, bar)
    if court is None and rank in COURT_RANKS and pips.rank == FACE and _symbol_says(pips, suit):
        court = _court_pair(learned, card, th, bar, rank_only=True)
    if rank in COURT_RANKS and pips.rank == FACE and court is not None:
        if symbol_says_other(pips, suit):
            return None
        if (
            other_suit(learned, suit, th)
            or black_suit_unsaid(pips, learned, card, th)
            or (whole and not covered and _black_on_one_corner(pips, learned, card, th))
        ):
            return None
        return CardRead(card, court, details | {"path": "pair+picture"})
    # the index alone: nothing on the card may say otherwise (an ornate ace's big
    # decorated pip reads as a picture)
    if pips.rank is not None and pips.rank != rank and not (rank == "A" and ornate_ace(pips)):
        return None
    own = whole and not covered  # the card's own outline, seen whole
    if pips_say_otherwise(pips, card) or (own and (_blank_corner(learned, th) or too_few_pips(pips, card))):
        return None
    if other_suit(learned, suit, th):
        return None  # another card's index in the outline: see the docstring
    if pair >= bar:
        return CardRead(card, scaled(pair, bar), details | {"path": "pair-alone"})
    return None


def _alone_bar(th: dict[str, float], covered: bool, alone: bool) -> float:
    """The threshold of an index read alone (:func:`decide_learned`): ``pair_covered``,
    on a ``covered`` outline ``pile_corner`` where higher; none reaches it where not
    ``alone`` (infinity)."""
    if not alone:
        return float("inf")
    return max(th["pair_covered"], th["pile_corner"]) if covered else th["pair_covered"]


def candidates(learned: Learned) -> list[CornerRead]:
    """The corner reads (A's, then B's) that may start a reading by
    :func:`decide_learned`: A's at ``index_pips`` or at its court thresholds, B's at
    ``index_pips_b``. None of them: no learned reading, whatever the pips."""
    a, b = learned
    th = thresholds()
    cands = [
        r
        for r in a
        if r.card is not None
        and (
            r.conf >= min(th["index_pips"], _court_t(r, th, "court_a"))
            or r.p_rank >= _court_t(r, th, "court_rank_a")
        )
    ]
    return cands + [r for r in b if r.card is not None and r.conf >= th["index_pips_b"]]


def _backed(learned: Learned, card: str) -> bool:
    """True if on each corner A or B reads ``card`` (a card seen whole shows its index
    on both; a covered one, or another card's index at the outline's corner, on one)."""
    return all(ra.card == card or rb.card == card for ra, rb in zip(learned[0], learned[1], strict=True))


def both_name_other(
    learned: Learned | None, card: str, ranks: Collection[str] = RANKS, suit: str | None = None
) -> bool:
    """True if A's and B's best guesses on one corner (whatever their probabilities) are
    the same card, other than ``card``, of one of ``ranks`` (any rank by default) and,
    where ``suit`` is given, of that suit."""
    pairs = zip(learned[0], learned[1], strict=True) if learned is not None else ()
    return any(
        x.card is not None and x.card == y.card != card and x.rank in ranks and suit in (None, x.suit)
        for x, y in pairs
    )


def _lone_corner_unsure(learned: Learned, card: str, pair: float, th: dict[str, float]) -> bool:
    """True if ``card`` (2-10, A) is read on one corner only (:func:`_backed` fails:
    covered, or cut off by an outline that is not the card's own) and A and B do not
    both read it on a corner at ``th["pair"]`` (``pair``: the best such pair): a veto
    of index+pips, the pips of a covered card being poor evidence.

    Measured on generated pile frames in held-apart fonts (3000 frames): the three
    wrong cards of index+pips were all read on one corner (a 6C with a pip under
    another card, five pips counted, read 5C by A at 0.98 and 6C by B at 0.79; a 6H
    likewise; an AC read AS by A, AC by B); of its 6294 right ones, 88 were, and 24
    more with B reading none there. On 2400 frames of other glyph draws two more had
    B reading none there (a 3D with a pip covered read 2D by A at 0.96; a 2C read
    2S). And B agreeing is not enough (frame 1620133, other models): an AC under a
    TS, its outline cut along the TS's edge, read AS by A at 0.87 and B at 0.98 on
    its one index; the cut outline turned its lone pip 45 degrees, scored spade 0.80,
    club 0.74. With the models then shipped the pair threshold cost 1 card of
    cards-table, of the generated piles and of 704 in other fonts."""
    return not _backed(learned, card) and pair < th["pair"]


def _court_pair(
    learned: Learned, card: str, th: dict[str, float], bar: float, rank_only: bool = False
) -> float | None:
    """The reported confidence of court card ``card`` when, on one corner, A reads it at
    ``court_a`` or more and B at ``court_b`` or more (each classifier's zero-wrong
    point for J/Q/K on held-apart court corners); else None. ``rank_only``: their
    rank probabilities against ``court_rank_a`` and ``court_rank_b`` instead (the
    suit is said by other evidence).

    That corner must be backed by the other one (A or B reading ``card`` there), or
    else A and B must read it at ``bar``, the bar of an index alone
    (:func:`_alone_bar`: ``pair_covered``, on a covered outline ``pile_corner`` where
    higher, on a guessed one never): a picture inside an outline may be another
    card's, or a face-down card's pattern (generated hold'em frame 9230022, bank seed
    9200000, session 38's candidate models: a TH under a back, its one corner read
    QH by A at 0.994 and B at 0.997, over their ``pair_covered`` 0.9914). Measured on generated pile
    frames in held-apart fonts (3000 frames): of the court cards read this way, the
    six wrong ones (a QC read QS twice, a JD read KD, ...; A at 0.94-1.00, B at
    0.79-0.87 on one corner) all had the other corner unread, five of them below
    ``pair_covered``; 1608 of the 1772 right ones had the other corner backing
    them, and 101 of the rest reached ``pair_covered``. Unbacked, with A and B guessing one
    other card on a corner (:func:`both_name_other`): none (generated hold'em frame 14330032,
    bank seed 14300000: two cards' pips, a "picture", read JS on one corner, 9S at 0.66-0.69
    on the other; none of 1441 generated court cards read so at seed 23000000 was unbacked)."""
    ka, kb = ("court_rank_a", "court_rank_b") if rank_only else ("court_a", "court_b")
    best = None
    backed = _backed(learned, card)
    if not backed and both_name_other(learned, card):
        return None
    for ra, rb in zip(learned[0], learned[1], strict=True):
        if ra.card != card or rb.card != card:
            continue
        pa, pb = (ra.p_rank, rb.p_rank) if rank_only else (ra.conf, rb.conf)
        if not backed and min(ra.conf, rb.conf) < bar:
            continue  # one corner alone: an index alone (the picture may be another card's)
        if pa >= th[ka] and pb >= th[kb]:
            conf = min(scaled(pa, th[ka]), scaled(pb, th[kb]))
            best = conf if best is None else max(best, conf)
    return best


def other_suit(learned: Learned, suit: str, th: dict[str, float]) -> bool:
    """True if a classifier reads another suit than ``suit`` on a corner with that suit's
    probability at its dissent threshold (``dissent_a``, ``dissent_b``) or more, however
    unsure its rank: a court card's "picture" may be the pips of two cards lying one
    over the other, whose two indices then show at the outline's corners (generated
    hold'em frame 3130109, bank seed 3100000: a 9S half under a TC, their outline
    read JS, A and B reading the 9S's redrawn "9" as JS at 0.99, on the other corner
    the TC's "10" as J, its suit club by A at 0.99)."""
    return any(
        r.suit not in (suit, NONE) and r.p_suit >= th[key]
        for rs, key in ((learned[0], "dissent_a"), (learned[1], "dissent_b"))
        for r in rs
    )


def _blank_corner(learned: Learned, th: dict[str, float]) -> bool:
    """True if A and B both read no rank and no suit on a corner, each at its dissent
    threshold (``dissent_a``, ``dissent_b``) or more: on an outline seen whole (a card's
    own, not covered) both corners show the card's index, and an index read alone on the
    other corner is no card's the classifiers know (generated lone cards with jumbo
    indices in held-apart fonts, hunt seed 4500000: a 5C's and an 8H's large "5" and
    "8" read 3C and 3H by A and B at 1.00 on one corner, the other corner none to both
    at 1.00; their pips, drawn small, counted 5 and 2, not laid out as any card's)."""
    return any(
        ra.rank == ra.suit == rb.rank == rb.suit == NONE
        and ra.conf >= th["dissent_a"]
        and rb.conf >= th["dissent_b"]
        for ra, rb in zip(learned[0], learned[1], strict=True)
    )


def _black_on_one_corner(pips: PipRead, learned: Learned, card: str, th: dict[str, float]) -> bool:
    """True if ``card`` is a black court card, its picture shows no clear suit symbol
    (``pips.suit`` None) and A and B both read no index on a corner (:func:`_blank_corner`).
    Asked of a card's own outline seen whole, where both corners show its index: the one
    index read may be another card's, and nothing else says the suit. Hunt frame hold'em
    79030139 (bank seed 79000000): a JH lying over a 9S, their silhouette one card-shaped
    outline, the JH's picture (no clear symbol) and four spades in it, the 9S's "9" read JS
    by A and B at 1.00 on one corner, the other corner none to both: JS reported. Of 310
    right court cards read by their picture on such outlines in 700 generated frames at
    87000000, 14 black without a symbol, none with such a corner; the real sets' 8, none.
    (Any court card so: 6 of 306 right at 80000000, too many.)"""
    return card[1] not in RED_SUITS and pips.suit is None and _blank_corner(learned, th)


#: the other suit of the colour leading the suit read by this much on a court card's
#: picture symbol (and scored 0.85 or more) vetoes the reading (:func:`symbol_says_other`).
#: Generated court cards read through a picture (hold'em, lone jumbo and other-font pile
#: frames, seeds 13000000-13300000 with their own glyph draws, 220 reads): the other
#: suit led on a right read's symbol by 0.041 at most (a QS), a right club's symbol
#: favoured the club by 0.055 or more; two wrong ones, a TS's ten small pips taken as a
#: picture (its jumbo "10" read QC by A and B, hunt frame 12340004, bank seed 12300000)
#: and a KC at 13000026, had the spade leading by 0.087 and 0.081 (scored 0.95, solidity
#: 0.94-0.95), under the 0.1 of SINGLE_SUIT_MARGIN; a third (hunt frame 57040344, bank seed
#: 57000000: a QS read QC by A and B) by 0.058. Of 1380 right court cards read in 1200 frames
#: at 60000000 and 63000000, the most (twin 0.85+) by 0.046 (a QS): midway from it to 0.058.
PICTURE_TWIN_MARGIN = 0.052


def symbol_says_other(pips: PipRead, suit: str) -> bool:
    """True if the suit symbol printed in a court card's picture (``pips.suit`` on a
    picture) clearly says another suit than ``suit`` (shape within ``suit``'s colour,
    at 0.85 by PICTURE_TWIN_MARGIN): a veto. The raw shape scores, as for the pips
    (:func:`vision.suitshape.shape_lead`): suit_vote's solidity test drops a club too
    solid to be one, and a small blurred club is (generated lone cards with jumbo
    indices, hunt seeds 5200000 and 6300000, frames 5200071 and 6340054: a KC's small
    index club read as a spade by A and B on both corners, the picture's club 0.93-0.95,
    spade 0.81 or less: KS reported)."""
    if pips.suit is None:
        return False
    other = pips.suit.get(TWIN_SUIT[suit], 0.0)
    return other >= 0.85 and shape_lead(pips.suit, suit) >= PICTURE_TWIN_MARGIN


def _symbol_says(pips: PipRead, suit: str) -> bool:
    """Whether the suit symbol printed in a court card's picture says ``suit``: its
    colour is clear and the suit's, and its shape clearly that suit's within the
    colour."""
    if pips.suit is None or pips.symbol_red is None or pips.symbol_red != (suit in RED_SUITS):
        return False
    v = suit_vote(pips.suit, pips.symbol_red, True)
    return v is not None and v.label == suit and v.ok(0.85, SINGLE_SUIT_MARGIN)


def named_other(learned: Learned | None, card: str) -> bool:
    """True if a classifier's best guess on a corner, however unsure, is a card other than ``card``."""
    return learned is not None and any(r.card not in (None, card) for reads in learned for r in reads)


def _fits_pips(rank: str, pips: PipRead | None) -> bool:
    """Whether a rank read on a corner is possible given the pips: any rank when they
    say nothing, a court rank or an (ornate) ace on a picture, else their count."""
    if pips is None or pips.rank is None:
        return True
    if pips.rank == FACE:
        return rank in COURT_RANKS or rank == "A"
    return rank == pips.rank


def dissent(
    reads: Learned,
    card: str,
    th: dict[str, float],
    pips: PipRead | None = None,
    no_q: set[int] | frozenset[int] = frozenset(),
    print_red: bool | None = None,
    no_jk: set[int] | frozenset[int] = frozenset(),
) -> bool:
    """True if a classifier reads a corner as another card than ``card`` at or above
    its own dissent threshold (``dissent_a``, ``dissent_b``: its 1%-wrong point),
    with a rank the pips allow (a "10" on a card with a picture is the classifier's
    error, not evidence of another card) or another suit (its rank may be wrong,
    its suit is still evidence: measured on generated frames in held-apart fonts,
    a 3S read as 3C by A, 2S by B, pips too alike to tell S from C), or A and B read it
    alike at ``pair`` on a card whose pips show a picture (:func:`_paired`).
    ``no_q``: corners whose glyph cannot be a Q (:func:`vision.templated.counterless_corners`); a "Q"
    of ``card``'s suit there does not count, nor a suit whose colour the pips rule out
    (:func:`_colour_rules_out`; ``print_red``: the colour of the card's index print,
    measured alike on both corners, None where unclear). ``no_jk``: corners whose glyph
    the template reader reads clearly as a Q, a glyph with an enclosed counter, which no J
    or K has (:func:`vision.courtglyph.counter_corners`); a "J" or "K" of ``card``'s suit
    there does not count."""
    return any(
        r.card is not None
        and r.card != card
        and r.conf >= th[key]
        and (_fits_pips(r.rank, pips) or r.suit != card[1] or (_picture(pips) and _paired(reads, k, th)))
        and not (k in no_q and r.rank == "Q" and r.suit == card[1])
        and not (k in no_jk and r.rank in ("J", "K") and r.suit == card[1])
        and not _colour_rules_out(r, card, pips, print_red)
        for rs, key in ((reads[0], "dissent_a"), (reads[1], "dissent_b"))
        for k, r in enumerate(rs)
    )


def _colour_rules_out(r: CornerRead, card: str, pips: PipRead | None, print_red: bool | None = None) -> bool:
    """True if a corner read ``r`` names a suit of the other colour than ``card``'s, where
    the card's own print says its colour is ``card``'s: pips counted as ``card``'s rank in
    its layout, two or more, of one clear colour, when ``r`` reads that rank (a real
    close-up's 9C, scaled to a 90 px card, read 9C by A on both corners and by B on one,
    9D by B on the other at 0.94, its nine black pips clubs: left unsure); or the index
    print itself, ``print_red`` (measured alike on both corners by the template reader),
    whatever ``r``'s rank (a real JC scaled so, its index J and black on both corners to
    the template reader, read 9D by A at 0.87 on one: left unsure)."""
    own = card[1] in RED_SUITS
    if r.suit == NONE or (r.suit in RED_SUITS) == own:
        return False
    if print_red is not None and print_red == own:
        return True
    return (
        pips is not None
        and r.rank == card[0] == pips.rank
        and pips.count >= 2
        and pips.red is not None
        and pips.red == own
    )


def _picture(pips: PipRead | None) -> bool:
    return pips is not None and pips.rank == FACE


def _paired(reads: Learned, k: int, th: dict[str, float]) -> bool:
    """True if A and B read the same card on corner ``k`` (0 top-left, 1 bottom-right),
    both at ``pair`` or more: a reading as strong as a pair's (the zero-wrong point of
    A and B agreeing on one held-apart corner), which a picture that seems to rule out
    its rank does not outweigh (measured on generated pile frames in held-apart fonts:
    a 9D lying under another card's picture, read 9D by A and B at 1.00 on one corner,
    was reported QD by the template reader because the pips reader saw a picture).
    Pips counted in their layout still do (the tests' drawn 7D, read 2D by both)."""
    ra, rb = reads[0][k], reads[1][k]
    return ra.card is not None and ra.card == rb.card and min(ra.conf, rb.conf) >= th["pair"]


def agreed_rank(ra: CornerRead, rb: CornerRead, th: dict[str, float]) -> str | None:
    """The rank A (``ra``) and B (``rb``) both read on one corner, each with its
    probability at its dissent threshold (``dissent_a``, ``dissent_b``) or more,
    whatever their suits; None where they differ or either is less sure. NONE (no
    rank) is returned like a rank."""
    if ra.rank == rb.rank and ra.p_rank >= th["dissent_a"] and rb.p_rank >= th["dissent_b"]:
        return ra.rank
    return None
