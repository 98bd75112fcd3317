"""The template reader: rank and suit of a rectified card from its glyphs and pips.

Independent readings are taken from every card and must agree, otherwise the
card is left out (never guessed):

* the corner index at one end (rank glyph + suit symbol),
* the corner index at the other end (the card turned half a turn),
* the pips: their count in the standard layout (2-10), a single centre pip
  (ace) or a picture (J, Q, K: yellow/blue print or drawing all over), their
  shape (suit) and colour; on a court card, a suit symbol inside the picture.

Rank: a number card or ace needs the pip count to agree with a readable index
and no readable index to disagree (a weak dissent may be outvoted by the pips
and a clearly stronger index). A court card needs both indices read as the
same court rank (a Q by its enclosed counter, J/K by template), or one very
clear index; an ornate ace (picture-like pip) needs both indices clearly "A".

Suit: two agreeing shape readings (pips, indices, picture symbol; on a 2-10 its
pips one of them) and none disagreeing; index symbols need wider margins. The
colour of the pips (or, on court cards, of the indices) restricts the shapes
to its two suits; a shape that fits a suit of the other colour about as well
is vetoed unless the colour is certain, and spades/clubs must have plausible
solidity. A single clear reading is enough only for many pips of one shape,
a very clear ace pip in a certain colour, or a court card whose two ranks agree.

Confidence (0.5-1.0) grows with the weakest template score used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vision.detector import CARD_H, CARD_W
from vision.glyphs import Templates
from vision.indexprint import in_index_column, under_index
from vision.layout import columns, layout_ok
from vision.pipset import CROWDED, crowded
from vision.segment import Component, filled_and_solidity, holes, in_corner, index_parts, solidity

SUITS = ("S", "H", "D", "C")
RED_SUITS = {"H", "D"}
BLACK_SUITS = {"S", "C"}
FACE = "F"  # pip reading of a court card (picture)

#: Pips whose shapes are compared with the suit templates (the rest only counted).
MAX_PIPS_SHAPED = 5

# acceptance limits for one glyph reading (score = correlation - aspect penalty)
RANK_MIN_SCORE = 0.55
RANK_MIN_MARGIN = 0.04
SUIT_MIN_SCORE = 0.6
SUIT_MIN_MARGIN = 0.04
# solidity limits of spades and clubs (measured on the dev photos: clubs 0.50-0.75,
# spades 0.76-0.87; the limits leave a band where shape alone decides)
SPADE_MIN_SOLIDITY = 0.72
CLUB_MAX_SOLIDITY = 0.80
SOLIDITY = "solidity"  # key of the solidity in suit score dicts

#: a suit shape must beat every suit of the other colour by this much (a blob that
#: fits everything is no reading)
OTHER_COLOUR_MARGIN = 0.05

#: index suit symbols (small) need this many times the margin of pips
INDEX_SUIT_MARGIN_FACTOR = 2.5
#: margin a lone suit reading (court card, one readable suit symbol) needs
SINGLE_SUIT_MARGIN = 0.1
#: margins an ace's one pip and black pips of 2-10 need to vote their suit: a blurred club
#: fills its notches and takes a spade's shape (generated pile frames 3400048, 12200010:
#: AC pips spade by 0.05, 0.101: AS; 13800090: a 7C's by 0.043, both index symbols by
#: 0.11: 7S). Right ones in 2400 and 1200 generated frames: 20 aces 0.109-0.228 (one
#: under 0.13), 22 black 2-10 0.085+. A number card's suit is its pips' vote.
ACE_PIP_MARGIN = 0.13
BLACK_PIP_MARGIN = 0.07


@dataclass(frozen=True)
class GlyphRead:
    """One classified glyph: ``label``, ``score`` (<= 1) and ``margin`` over the runner-up."""

    label: str
    score: float
    margin: float

    def ok(self, min_score: float, min_margin: float) -> bool:
        """True if the reading is clear enough to count as a vote."""
        return self.score >= min_score and self.margin >= min_margin


@dataclass(frozen=True)
class IndexRead:
    """Reading of one corner index: rank, suit shape scores per suit (None if no
    suit symbol), whether it is red, and
    ``face``: the rank read as a court card (J, Q or K), None if it cannot be one."""

    rank: GlyphRead
    suit: dict[str, float] | None
    red: bool | None
    face: GlyphRead | None = None


@dataclass(frozen=True)
class PipRead:
    """Reading of the pips: ``rank`` ("2".."9", "T", "A", FACE, CROWDED: a set of pips
    too crowded to count, or None if unclear), ``suit`` mean shape score per suit (None
    without pips) and ``red`` colour (None if unclear). On a picture (FACE): ``suit`` is
    the suit symbol printed in it (None if none is clear), ``symbol_red`` its colour (None
    if unclear), ``tint`` the share of the card's middle printed yellow or blue
    (:class:`vision.segment.Ink`; a court card's picture, never an ornate ace's).
    ``columns``: the shapes counted, by column (:func:`vision.layout.columns`)."""

    rank: str | None
    suit: dict[str, float] | None
    red: bool | None
    count: int
    red_fraction: float = 0.5
    symbol_red: bool | None = None
    tint: float = 0.0
    columns: tuple[int, int, int] = (0, 0, 0)


@dataclass
class CardRead:
    """Final decision for one rectified card: ``card`` like "TH", ``confidence`` in [0, 1]."""

    card: str
    confidence: float
    details: dict[str, object] = field(default_factory=dict)


def rank_of_count(n: int) -> str:
    """The rank ("2".."9", "T") of a number card with ``n`` pips (2..10)."""
    return "T" if n == 10 else str(n)


def colour(red_fraction: float) -> bool | None:
    """True (red print), False (black) or None (unclear) from the fraction of red pixels."""
    return True if red_fraction >= 0.6 else (False if red_fraction <= 0.25 else None)


def _allowed(red: bool | None) -> set[str]:
    """Suits possible for a print colour (all four when the colour is unclear)."""
    return RED_SUITS | BLACK_SUITS if red is None else RED_SUITS if red else BLACK_SUITS


def read_index(comps: list[Component], t: Templates) -> IndexRead | None:
    """Read the top-left corner index from the card's ink components; None if absent."""
    parts = index_parts(comps)
    if parts is None:
        return None
    sc = t.ranks.scores(parts.rank)
    ranked = sorted(sc.items(), key=lambda kv: -kv[1])
    label, score, margin = ranked[0][0], ranked[0][1], ranked[0][1] - ranked[1][1]
    red = colour(parts.red)
    suit = None
    if parts.suit is not None:
        suit = t.suits.scores(parts.suit)
        suit[SOLIDITY] = solidity(parts.suit)
    face = read_face_rank(parts.rank, sc)
    return IndexRead(GlyphRead(label, score, margin), suit, red, face)


def read_face_rank(rank: NDArray[Any], sc: dict[str, float]) -> GlyphRead | None:
    """Read a rank glyph known to be J, Q or K (the pips showed a picture).

    Structure first: a Q has an enclosed counter, J and K have none (true in
    every common card font). With a counter the glyph is a Q if it looks at all
    like one and J or K do not fit much better; without, the better of J and K must clearly win and must also
    beat Q. ``sc``: the glyph's template scores per rank. None when unclear.
    """
    q, j, k = sc["Q"], sc["J"], sc["K"]
    if holes(rank) >= 1:
        ok = q >= 0.2 and q >= max(j, k) - 0.15
        return GlyphRead("Q", q, q - max(j, k)) if ok else None
    best, other = ("J", k) if j >= k else ("K", j)
    s = max(j, k)
    if s < 0.6 or s - other < 0.05 or q >= s:
        return None
    return GlyphRead(best, s, s - max(other, q))


def is_body(c: Component) -> bool:
    """True for a shape of the card's middle large enough to be a pip or picture."""
    return not in_corner(c) and not in_index_column(c) and c.area >= 0.003 * CARD_W * CARD_H


def _big(body: list[Component]) -> list[Component]:
    """The pips among shapes ``body`` (not empty): those about as wide as they are tall
    (two merged ones about twice; a long strip is an edge: the table, a covering card's
    edge or shadow inside a loose outline), or all where none is, at 0.35 of the largest
    one's area or more."""
    pipish = [c for c in body if max(c.w, c.h) <= PIP_MAX_ELONGATION * min(c.w, c.h)] or body
    amax = max(c.area for c in pipish)
    return [c for c in pipish if c.area >= 0.35 * amax]


def read_pips(comps: list[Component], t: Templates, tint: float = 0.0) -> PipRead:
    """Count and classify the pips (components outside the corner index zones).

    ``tint``: fraction of the card's middle printed yellow or blue (see
    :class:`vision.segment.Ink`); above PICTURE_TINT the card is a court card, below
    it a picture is ink spread over the middle whose largest shape is no filled pip
    (under PIP_SOLIDITY).
    """
    area = CARD_W * CARD_H
    shown = [c for c in comps if is_body(c)]
    corner = [c for c in comps if in_corner(c)]  # (all under_index looks at, found once)
    body = [c for c in shown if not under_index(c, corner)]
    if len(body) < len(shown) and len(_big(shown)) >= MANY_PIPS:
        body = shown  # more pips than a card has with them: two cards' (:data:`MANY_PIPS`)
    if not body:
        return PipRead(None, None, None, 0)
    big = _big(body)
    amax = max(c.area for c in big)
    n = len(big)
    areas = [c.area for c in big]
    clean = 1 <= n <= 10 and max(areas) <= 2.2 * min(areas) and amax < 0.06 * area
    if not clean and 3 <= n <= 10 and amax < 0.06 * area and layout_ok(big):
        # one pip cut down by glare (a smaller piece of it is left) beside a clean set
        # of the others, all in the standard layout for their count
        rest = sorted(areas)[1:]
        clean = max(rest) <= 2.2 * min(rest)
    # a picture: yellow or blue print, or ink spread over most of the middle of the
    # card with either no clean set of pips or much ink besides the "pips", its largest
    # shape no filled pip (PIP_SOLIDITY)
    x0 = min(c.x for c in body)
    y0 = min(c.y for c in body)
    x1 = max(c.x + c.w for c in body)
    y1 = max(c.y + c.h for c in body)
    total = sum(c.area for c in body)
    other = total - sum(areas)
    spread = (x1 - x0) > 0.55 * CARD_W and (y1 - y0) > 0.55 * CARD_H
    # more pips of one size than any card has: two cards' pips in one outline, no
    # picture (:data:`MANY_PIPS`)
    many = n >= MANY_PIPS and max(areas) <= 2.2 * min(areas) and amax < 0.06 * area
    if tint >= PICTURE_TINT or (
        spread
        and not many
        and (((not clean or n == 1) and total > 0.08 * area) or other > 0.04 * area)
        and solidity(max(body, key=lambda c: c.area).mask) < PIP_SOLIDITY
    ):
        if crowded(body, t):  # a number card's pips, too crowded to count (vision.pipset)
            return PipRead(CROWDED, None, None, n)
        symbol = _picture_suit(body, t)
        return PipRead(
            FACE, symbol[0] if symbol else None, None, 0, symbol_red=symbol[1] if symbol else None, tint=tint
        )
    red_fraction = float(np.mean([c.red for c in big]))
    red = colour(red_fraction)
    rank: str | None = None
    if n == 1 and red is not None:  # an ace's pip is of one colour, a faded picture is not
        c = big[0]
        if abs(c.cx - CARD_W / 2) < 0.15 * CARD_W and abs(c.cy - CARD_H / 2) < 0.15 * CARD_H:
            rank = "A"
    elif clean and layout_ok(big):
        rank = rank_of_count(n)
    # suit shape: mean score per suit over the pips; pips in the lower part of the
    # card are printed upside down
    sums: dict[str, float] = {s: 0.0 for s in SUITS}
    shapes = big[:MAX_PIPS_SHAPED]
    solid = []
    for c in shapes:
        # a pip is solid: holes are ornament (fancy ace) or glare
        pm, sol = filled_and_solidity(c.mask)
        solid.append(sol)
        turned = np.ascontiguousarray(pm[::-1, ::-1])
        scores = t.suits.scores(pm if c.cy < 0.5 * CARD_H else turned)
        if abs(c.cy - CARD_H / 2) < CENTRE_PIP * CARD_H:
            # a centre pip (an ace's, the middle one of 3, 5, 9) points to whichever end
            # is the card's top, and the outline does not say which: either way up
            # (an upside-down heart is a fair diamond)
            either = t.suits.scores(turned if c.cy < 0.5 * CARD_H else pm)
            scores = {k: max(v, either[k]) for k, v in scores.items()}
        for s, v in scores.items():
            sums[s] += v
    m = max(1, len(shapes))
    mean = {s: v / m for s, v in sums.items()}
    mean[SOLIDITY] = float(np.mean(solid))
    return PipRead(rank, mean, red, n, red_fraction, columns=columns(big))


#: this many pips of about one size (the largest at most 2.2 times the smallest) in one
#: outline are more than a card has: the pips of two cards lying partly over each other,
#: their silhouettes one outline, and no picture (generated hold'em frame 4230226, bank
#: seed 4200000: a 9S under a 7S, sixteen spade pips taken for a court card's picture,
#: the 9S's pale "9" read J by A and B at 1.00: JS reported). :func:`read_pips` counts
#: them (``count``) with no rank.
MANY_PIPS = 11

#: a shape longer than this many times its width is no pip (generated pile frame
#: 1921171: a strip of table 144 x 8 px along a loose outline's edge, counted with a
#: 6D's six pips as the centre pip of a 7, backed a covered corner read 7D)
PIP_MAX_ELONGATION = 3.0

#: a pip whose centre is within this fraction of the card's height of its middle is
#: a centre pip (either way up)
CENTRE_PIP = 0.06


#: the largest shape of a picture without yellow or blue print is a drawing, not a filled
#: pip: at this solidity or more it is a pip (diamonds, hearts and spades 0.89-0.98),
#: and the shapes are a number card's pips with others (real close-ups' court cards
#: under PICTURE_TINT, largest shape 0.25-0.71)
PIP_SOLIDITY = 0.85

#: yellow/blue share of a card's middle above which it is a court card (dev photos:
#: court cards 0.11-0.30, number cards and aces at most 0.002)
PICTURE_TINT = 0.03


def ornate_ace(pips: PipRead) -> bool:
    """Whether pips read as a picture may be an ornate ace's big decorated pip: a picture
    with no yellow or blue print (under PICTURE_TINT: real ornate aces measure 0.0, court
    pictures mostly 0.03-0.30). A coloured picture is a court card's (generated lone
    cards with jumbo indices, hunt seed 5000000, frame 5000119: a KC's thin jumbo "K"
    read A by A and B on both corners, its picture allowed as an ornate ace's: AC)."""
    return pips.rank == FACE and pips.tint < PICTURE_TINT


def _picture_suit(body: list[Component], t: Templates) -> tuple[dict[str, float], bool | None] | None:
    """(suit scores and SOLIDITY, colour: red, black or None if unclear) of the
    clearest suit symbol inside a court card's picture (most decks print one
    beside the figure), None if no shape there is clearly a suit symbol (best
    score >= 0.9)."""
    area = CARD_W * CARD_H
    best: tuple[dict[str, float], bool | None] | None = None
    top = 0.9
    for c in body:
        if not 0.004 * area <= c.area <= 0.04 * area or not 0.6 <= c.w / c.h <= 1.6:
            continue
        if c.area < 0.5 * c.w * c.h:
            continue  # thin strokes of the drawing, not a filled symbol
        sc = t.suits.scores(c.mask)
        m = max(sc.values())
        if m >= top:
            top = m
            shape = dict(sc)
            shape[SOLIDITY] = solidity(c.mask)
            best = shape, colour(c.red)
    return best


def suit_vote(scores: dict[str, float], red: bool | None, certain: bool = False) -> GlyphRead | None:
    """Best suit among those of colour ``red`` (all four if None), with its margin.

    ``scores`` maps suits to shape scores and SOLIDITY to the shape's solidity. A
    club's three lobes leave deep notches, a spade's outline has none: a "spade"
    below CLUB_MAX_SOLIDITY... is vetoed (None), and so is a "club" above
    SPADE_MIN_SOLIDITY.
    """
    ranked = sorted(((s, v) for s, v in scores.items() if s in _allowed(red)), key=lambda kv: -kv[1])
    vote = GlyphRead(ranked[0][0], ranked[0][1], ranked[0][1] - ranked[1][1])
    other = [v for s, v in scores.items() if s in SUITS and s not in _allowed(red)]
    if other and not certain and max(other) > vote.score - OTHER_COLOUR_MARGIN:
        return None  # the shape looks like a suit of the other colour: colour or shape is wrong
    sol = scores.get(SOLIDITY)
    if sol is not None:
        if vote.label == "S" and sol < SPADE_MIN_SOLIDITY:
            return None
        if vote.label == "C" and sol > CLUB_MAX_SOLIDITY:
            return None
    return vote


def clip01(x: float) -> float:
    """``float(np.clip(x, 0.0, 1.0))`` of a float, without NumPy's overhead (NaN stays NaN)."""
    y = x if x >= 0.0 or x != x else 0.0
    return y if y <= 1.0 or y != y else 1.0


def _score_to_conf(score: float, lo: float, hi: float) -> float:
    return clip01((score - lo) / (hi - lo))


def _number_rank(pips: PipRead, idx: list[IndexRead]) -> tuple[str, list[IndexRead], list[float]] | None:
    """(rank, the indices read, their scores) of a number card or ace: the clear
    indices agree with each other and with the pip count; None otherwise."""
    good = [i for i in idx if i.rank.ok(RANK_MIN_SCORE, RANK_MIN_MARGIN)]
    if not good:
        return None
    ranks = {i.rank.label for i in good}
    if len(ranks) == 2 and len(good) == 2 and pips.rank in ranks:
        # one index agrees with the pip count, the other does not: the dissent is
        # overruled only if it is weak and clearly weaker than the agreeing index
        agree = next(i for i in good if i.rank.label == pips.rank)
        dissent = next(i for i in good if i.rank.label != pips.rank)
        if dissent.rank.score < 0.75 and agree.rank.score >= dissent.rank.score + 0.05:
            good = [agree]
            ranks = {agree.rank.label}
    if len(ranks) != 1:
        return None
    rank = ranks.pop()
    if pips.rank is None or pips.rank != rank:
        return None
    return rank, good, [i.rank.score for i in good]


def _decide_rank(pips: PipRead, idx: list[IndexRead]) -> tuple[str, list[IndexRead], list[float]] | None:
    """(rank, the indices that read it, the rank scores used) from the pips and the
    index readings, None unless they agree (see :func:`decide`)."""
    aces = [i for i in idx if i.rank.label == "A" and i.rank.ok(0.8, 0.2)]
    if ornate_ace(pips) and len(aces) == 2:
        # an ornate ace (big decorated pip, maker's text): both indices clearly "A"
        return "A", aces, [i.rank.score for i in aces]
    if pips.rank == FACE:
        faces = [i.face for i in idx if i.face is not None]
        if not faces or len({f.label for f in faces}) != 1:
            return None
        rank = faces[0].label
        # an index read clearly as something else contradicts
        if any(i.rank.ok(RANK_MIN_SCORE, 0.1) and i.rank.label != rank for i in idx):
            return None
        if len(faces) < 2 and (faces[0].score < 0.7 or faces[0].margin < 0.15):
            return None
        good = [i for i in idx if i.face is not None]
        return rank, good, [max(0.6, f.score) if f.label == "Q" else f.score for f in faces]
    return _number_rank(pips, idx)


def _decide_suit(
    pips: PipRead, idx: list[IndexRead], good: list[IndexRead]
) -> tuple[str, list[GlyphRead]] | None:
    """(suit, the shape votes for it) from the pips' and the indices' colour and
    shapes, None unless they agree (see :func:`decide`); ``good``: the indices
    that read the rank."""
    # colour: the pips' (large areas of ink); the indices' only on court cards, where
    # they must agree (thin index strokes of dark red print can look black). An
    # unclear colour leaves all four suits to the shapes, with a stricter margin.
    if pips.rank != FACE:
        colours = {pips.red} if pips.red is not None else set()
    else:
        colours = {i.red for i in good if i.red is not None}
    if len(colours) > 1:
        return None
    red = next(iter(colours)) if colours else None
    # pips all black or all red: the colour is certain, shapes only choose within it
    certain = pips.rank != FACE and (pips.red_fraction <= 0.05 or pips.red_fraction >= 0.95)
    # suit votes: shape readings of pips and indices; two must agree, none disagree (a
    # court card may go with one very clear index suit when both ranks agree; the small
    # index symbols need a wider margin than the big pips)
    margin = SUIT_MIN_MARGIN if colours else 2 * SUIT_MIN_MARGIN
    black = pips.rank != FACE and red is False  # (see ACE_PIP_MARGIN)
    pip_margin = max(margin, ACE_PIP_MARGIN if pips.rank == "A" else BLACK_PIP_MARGIN if black else 0)
    # (on a court card the pips' "suit" is a suit symbol in the picture)
    pv = suit_vote(pips.suit, red, certain) if pips.suit is not None else None
    pip_voted = pv is not None and pv.ok(SUIT_MIN_SCORE, pip_margin)
    votes = [pv] if pv is not None and pip_voted else []
    for i in idx:
        v = suit_vote(i.suit, red, certain) if i.suit is not None else None
        if v is not None and v.ok(SUIT_MIN_SCORE, INDEX_SUIT_MARGIN_FACTOR * margin):
            votes.append(v)
    # an index symbol read at the pips' margin may not contradict either
    weak = [suit_vote(i.suit, red, certain) for i in idx if i.suit is not None]
    suits = {v.label for v in votes} | {
        v.label for v in weak if v is not None and v.ok(SUIT_MIN_SCORE, margin)
    }
    if len(suits) != 1 or not votes or (pips.rank != FACE and pips.count >= 2 and not pip_voted):
        return None
    if len(votes) < 2:
        v = votes[0]
        clear = v.score >= 0.85 and v.margin >= SINGLE_SUIT_MARGIN
        # a court card with both ranks agreeing and a clear colour, or several pips
        # of one clear shape (their colour may be unclear under a colour cast)
        single_ok = clear and (
            (pips.rank == FACE and bool(colours) and (len(good) == 2 or good[0].rank.score >= 0.75))
            or (pips.rank != FACE and pips.count >= 2 and (bool(colours) or pips.count >= 3))
            # an ace's one big pip, very clearly shaped, in a certain colour (its vote, not
            # an index symbol's: generated hold'em frame 3530165, an AC's index read AS)
            or (pip_voted and pips.rank == "A" and certain and v.score >= 0.9 and v.margin >= 0.15)
        )
        if not single_ok:
            return None
    return suits.pop(), votes


def decide(pips: PipRead, idx: list[IndexRead]) -> CardRead | None:
    """Combine the pip reading and up to two index readings; None unless they agree."""
    ranked = _decide_rank(pips, idx)
    if ranked is None:
        return None
    rank, good, rank_scores = ranked
    suited = _decide_suit(pips, idx, good)
    if suited is None:
        return None
    suit, votes = suited
    conf = min(
        _score_to_conf(min(rank_scores), RANK_MIN_SCORE - 0.1, 0.85),
        _score_to_conf(min(v.score for v in votes), SUIT_MIN_SCORE - 0.1, 0.85),
    )
    if pips.rank == FACE and len(good) < 2:
        conf *= 0.8
    conf = 0.5 + 0.5 * conf
    return CardRead(
        rank + suit,
        round(conf, 3),
        {"pips": pips.rank, "count": pips.count, "index": [i.rank.label for i in good]},
    )
