"""The pip reading of a rectified card (vision.classic.read_pips): count and suit shape."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.helpers.synth import card_face
from vision.classic import FACE, GlyphRead, IndexRead, PipRead, decide, read_pips, suit_vote
from vision.detector import CARD_H, CARD_W
from vision.glyphs import load_templates
from vision.segment import components, ink_masks


@pytest.mark.parametrize("card", ["AH", "AD", "AC", "3H", "9H"])
@pytest.mark.parametrize("turned", [False, True])
def test_a_centre_pip_votes_its_suit_either_way_up(card: str, turned: bool) -> None:
    # a card's outline does not say which end is its top: the reader may see it turned
    # half a turn, and then an ace's pip (or the middle pip of 3, 5, 9) points down.
    # An upside-down heart is a fair diamond: it must still vote hearts.
    face = cv2.resize(card_face(card), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    if turned:
        face = np.ascontiguousarray(face[::-1, ::-1])
    ink = ink_masks(face)
    pips = read_pips(components(ink), load_templates(), ink.tint)
    assert pips.rank == card[0] and pips.suit is not None
    vote = suit_vote(pips.suit, pips.red, True)
    assert vote is not None and vote.label == card[1]


def test_a_long_strip_along_the_edge_is_no_pip() -> None:
    # a loose outline (a card's under another, sized by the frame) can take in a strip
    # of table or a covering card's edge along one side: as wide as the card, a few
    # pixels tall. Counted as a pip it made a 6D's six pips a 7, in the 7's layout
    # (its centre pip), and backed a covered corner misread 7D (generated frame 1921171).
    face = cv2.resize(card_face("6D"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    face[CARD_H - 8 : CARD_H - 3, 10 : CARD_W - 10] = (60, 70, 110)  # 130 x 5 px, a pip's area
    ink = ink_masks(face)
    pips = read_pips(components(ink), load_templates(), ink.tint)
    assert (pips.rank, pips.count) == ("6", 6)


def test_an_ace_needs_its_one_pip_clearly_shaped_as_its_suit() -> None:
    """Generated pile frame 3400048 (hunt at seed 3400000): a dim, blurred AC, its pip
    scored spade 0.90 and club 0.85 by shape, its index symbol spade 0.88, club 0.76:
    AS reported by the template reader. A number card's pips vote their suit together;
    an ace's rests on one pip, which needs the margin of a lone suit reading."""
    index = IndexRead(GlyphRead("A", 0.8, 0.3), {"S": 0.88, "C": 0.76, "D": 0.76, "H": 0.21}, False)

    def ace(spade: float, club: float) -> PipRead:
        return PipRead("A", {"S": spade, "C": club, "D": 0.83, "H": 0.36}, False, 1, 0.0)

    assert decide(ace(0.90, 0.85), [index]) is None
    read = decide(ace(0.95, 0.80), [index])
    assert read is not None and read.card == "AS"
    # a number card's pips need less than an ace's one pip (BLACK_PIP_MARGIN, 0.08 apart)
    nines = PipRead("9", {"S": 0.93, "C": 0.85, "D": 0.83, "H": 0.36}, False, 9, 0.0)
    nine = IndexRead(GlyphRead("9", 0.8, 0.3), {"S": 0.88, "C": 0.76, "D": 0.76, "H": 0.21}, False)
    read = decide(nines, [nine])
    assert read is not None and read.card == "9S"


def test_a_blurred_club_ace_pip_just_nearer_a_spade_does_not_vote() -> None:
    """Generated pile frame 12200010 (hunt at seed 12200000): an AC at webcam size, its
    club pip blurred solid (spade 0.827, club 0.726: 0.101 apart), its one index
    symbol under no card spade 0.822, club 0.708: AS reported by the template reader,
    both votes just over the 0.1 they needed. Right black aces read so in generated
    frames led by 0.109 and more, most by 0.14 and more (vision.classic.ACE_PIP_MARGIN)."""
    index = IndexRead(GlyphRead("A", 0.56, 0.26), {"S": 0.822, "C": 0.708, "D": 0.730, "H": 0.201}, False)

    def ace(spade: float, club: float) -> PipRead:
        return PipRead("A", {"S": spade, "C": club, "D": 0.772, "H": 0.285}, False, 1, 0.0)

    assert decide(ace(0.827, 0.726), [index]) is None
    read = decide(ace(0.92, 0.78), [index])  # 0.14 apart: as the right aces were
    assert read is not None and read.card == "AS"


def test_black_pips_just_nearer_a_spade_do_not_vote_and_index_symbols_never_alone() -> None:
    """Generated pile frame 13800090 (hunt at seed 13800000): a 7C whose outline took in
    a strip of the card under it, A seeing no index; its seven club pips scored spade
    0.802, club 0.758 (0.043 apart), its index symbols spade by 0.115 and 0.112: 7S
    reported by the template reader. Black pips need vision.classic.BLACK_PIP_MARGIN
    between spade and club, and a number card's suit is never its index symbols' alone
    (one glyph printed twice)."""
    idx = [
        IndexRead(GlyphRead("7", 0.76, 0.48), {"S": 0.857, "C": 0.742, "D": 0.829, "H": 0.333}, False),
        IndexRead(GlyphRead("7", 0.70, 0.30), {"S": 0.759, "C": 0.647, "D": 0.767, "H": 0.331}, False),
    ]

    def sevens(spade: float, club: float) -> PipRead:
        return PipRead("7", {"S": spade, "C": club, "D": 0.702, "H": 0.328}, False, 7, 0.0)

    assert decide(sevens(0.802, 0.758), idx) is None
    read = decide(sevens(0.85, 0.76), idx)  # 0.09 apart: as the right ones were
    assert read is not None and read.card == "7S"
    # red pips need no more than before (hearts and diamonds do not blur into each other so)
    reds = PipRead("7", {"S": 0.5, "C": 0.4, "D": 0.77, "H": 0.82}, True, 7, 1.0)
    red_idx = [IndexRead(GlyphRead("7", 0.76, 0.48), {"S": 0.5, "C": 0.4, "D": 0.70, "H": 0.85}, True)]
    read = decide(reds, red_idx)
    assert read is not None and read.card == "7H"


def test_an_ace_read_on_one_suit_vote_needs_it_to_be_its_pips() -> None:
    """Generated hold'em frame 3530165 (bank seed 3500000): an AC's redrawn index club
    scored spade 0.91, club 0.76, its pip spade 0.88, club 0.81 (too close to vote):
    AS reported on the index's vote alone, let through as "an ace's one big pip, very
    clearly shaped". A lone vote for an ace must be its pip's."""
    index = IndexRead(GlyphRead("A", 0.65, 0.3), {"S": 0.91, "C": 0.76, "D": 0.78, "H": 0.23}, False)
    unclear = PipRead("A", {"S": 0.88, "C": 0.81, "D": 0.81, "H": 0.54}, False, 1, 0.0)
    assert decide(unclear, [index]) is None
    # the pip alone, very clearly a spade, in a certain colour, reads it
    clear = PipRead("A", {"S": 0.95, "C": 0.75, "D": 0.7, "H": 0.5}, False, 1, 0.0)
    plain = IndexRead(GlyphRead("A", 0.9, 0.3), None, False)
    read = decide(clear, [plain])
    assert read is not None and read.card == "AS"


def test_two_cards_pips_in_one_outline_are_no_picture() -> None:
    """Generated hold'em frame 4230226 (bank seed 4200000): a 9S under a 7S, their
    silhouettes one outline; its sixteen spade pips were taken for a court card's
    picture, and the 9S's pale "9", read J by both classifiers at 1.00, made a JS."""
    nine = cv2.resize(card_face("9S"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    seven = cv2.resize(card_face("7S"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    # the outline of both squeezed to one card: each takes half its width
    both = np.hstack([nine[:, ::2][:, : CARD_W // 2], seven[:, ::2][:, : CARD_W - CARD_W // 2]])
    ink = ink_masks(both)
    pips = read_pips(components(ink), load_templates(), ink.tint)
    assert pips.rank is None  # neither a picture nor a count any card has
    assert pips.count >= 11
    # a card's own nine pips are counted as before
    ink = ink_masks(nine)
    assert read_pips(components(ink), load_templates(), ink.tint).rank == "9"


def test_a_jumbo_index_suit_below_the_index_zone_is_no_pip() -> None:
    """Generated lone cards with jumbo indices (benchmark seed 41000, frame 41015): a 7H
    whose index prints its heart under a rank 0.2 of the card's height, below the
    ordinary index zone; the two index hearts were counted with the seven pips as a 9,
    the pale "7" read 9 by the template reader: 9H reported. Shapes in the card's outer
    columns down to INDEX_COLUMN_H are index print (vision.indexprint.in_index_column)."""
    from tests.helpers.synth import _pip

    face = cv2.resize(card_face("7H"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    _pip(face, "H", 0.12 * CARD_W, 0.37 * CARD_H, 30, False)  # the jumbo index's heart
    _pip(face, "H", 0.88 * CARD_W, 0.63 * CARD_H, 30, True)  # and the other corner's
    ink = ink_masks(face)
    pips = read_pips(components(ink), load_templates(), ink.tint)
    assert (pips.rank, pips.count) == ("7", 7)
    # the pips of a ten, the outer columns' nearest the sides, are still counted
    ten = cv2.resize(card_face("TS"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    ink = ink_masks(ten)
    assert read_pips(components(ink), load_templates(), ink.tint).rank == "T"


def _jumbo_index(face: np.ndarray, text: str, suit: str) -> None:
    """Redraw the top-left index of a drawn face (CARD_H, CARD_W, 3) as a jumbo-index
    deck prints it: the rank 0.21 of the card's height, its suit under it, centred 0.15
    of the width from the side (out of the ordinary index zone and its columns)."""
    from tests.helpers.synth import _pip

    face[: round(0.5 * CARD_H), : round(0.22 * CARD_W)] = 245
    colour = (40, 40, 200) if suit in "HD" else (30, 30, 30)
    top, tall = 8, round(0.21 * CARD_H)
    scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_DUPLEX, tall, 4)
    cv2.putText(face, text, (4, top + tall), cv2.FONT_HERSHEY_DUPLEX, scale, colour, 4, cv2.LINE_AA)
    _pip(face, suit, 0.15 * CARD_W, top + tall + 4 + 13, 26, False)


def test_a_jumbo_index_suit_just_under_its_rank_is_no_pip() -> None:
    """Generated lone cards with jumbo indices in held-apart fonts (hunt seed 4800000,
    frames 4800009 and 4800041): a 4D's index diamonds, printed under a rank 0.2 of the
    card's height and 0.15 of its width from the side, counted with its four pips as a 6,
    its "4" read 6 by the template reader: 6D reported (vision.indexprint.under_index)."""
    face = cv2.resize(card_face("2D"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    _jumbo_index(face, "2", "D")
    turned = np.ascontiguousarray(face[::-1, ::-1])
    _jumbo_index(turned, "2", "D")
    face = np.ascontiguousarray(turned[::-1, ::-1])
    comps = components(ink_masks(face))
    under = [c for c in comps if c.area > 150 and c.cy > 0.3 * CARD_H and c.cx < 0.2 * CARD_W]
    assert under and all(c.cx > 0.14 * CARD_W for c in under)  # out of the index columns
    ink = ink_masks(face)
    pips = read_pips(components(ink), load_templates(), ink.tint)
    assert (pips.rank, pips.count) == ("2", 2)


def test_solid_pips_of_two_sizes_are_no_picture_but_a_drawing_is() -> None:
    """Generated lone cards with jumbo indices in held-apart fonts (hunt seed 5200000,
    frame 5200022): a TD's two index diamonds, larger than its pips and out of the
    index columns, made its twelve shapes "not one size" and so a picture; its jumbo
    "10" read K by the template reader: KD reported. Without yellow or blue print, a
    picture's largest shape is a drawing (real close-ups' court cards: solidity
    0.25-0.71), never a filled pip (vision.classic.PIP_SOLIDITY)."""
    from tests.helpers.synth import _pip

    face = cv2.resize(card_face("TD"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    _pip(face, "D", 0.17 * CARD_W, 0.40 * CARD_H, 60, False)
    _pip(face, "D", 0.83 * CARD_W, 0.60 * CARD_H, 60, True)
    ink = ink_masks(face)
    assert read_pips(components(ink), load_templates(), ink.tint).rank is None  # no count, no picture
    # the same two large diamonds beside a figure drawn in strokes, no pips: a picture
    # (with a set of the TD's pips beside it, pips: vision.pipset)
    face = np.full((CARD_H, CARD_W, 3), 245, np.uint8)
    _pip(face, "D", 0.17 * CARD_W, 0.40 * CARD_H, 60, False)
    _pip(face, "D", 0.83 * CARD_W, 0.60 * CARD_H, 60, True)
    mx, my = CARD_W // 2, CARD_H // 2
    strokes = np.array(
        [[mx - 30, my - 85], [mx + 30, my - 40], [mx - 30, my], [mx + 30, my + 40], [mx - 30, my + 85]]
    )
    cv2.polylines(face, [strokes.astype(np.int32)], False, (40, 40, 200), 6)
    cv2.line(face, (mx + 40, my - 85), (mx + 40, my + 85), (40, 40, 200), 6)
    ink = ink_masks(face)
    assert read_pips(components(ink), load_templates(), ink.tint).rank == FACE


def test_a_lone_shape_of_no_clear_colour_is_no_ace() -> None:
    """Generated lone cards with jumbo indices in held-apart fonts (hunt seed 6100000,
    frame 6140089): a QD's faded picture, under PICTURE_TINT, one centred shape of red
    and dark print, taken for an ace's pip; its jumbo "Q" read A by both classifiers:
    AD reported. An ace's pip is of one colour."""
    face = np.full((CARD_H, CARD_W, 3), 245, np.uint8)
    cx, cy = CARD_W // 2, CARD_H // 2
    cv2.ellipse(face, (cx, cy), (22, 30), 0, 0, 360, (40, 40, 200), -1)  # red
    cv2.rectangle(face, (cx - 22, cy - 4), (cx + 22, cy + 30), (40, 40, 40), -1)  # dark, joined
    ink = ink_masks(face)
    pips = read_pips(components(ink), load_templates(), ink.tint)
    assert pips.count == 1 and pips.red is None
    assert pips.rank is None
    # a red pip alone is an ace's
    ace = cv2.resize(card_face("AD"), (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    ink = ink_masks(ace)
    assert read_pips(components(ink), load_templates(), ink.tint).rank == "A"


@pytest.mark.parametrize(
    ("club", "spade", "vetoed"),
    [
        (0.866, 0.953, True),  # a TS's pips taken as a picture, read QC (hunt frame 12340004)
        (0.88, 0.95, True),  # the spade 0.07 ahead: more than PICTURE_TWIN_MARGIN
        (0.8879, 0.9459, True),  # a QS read QC by A and B (hunt frame 57040344): 0.058 ahead
        (0.93, 0.88, False),  # the club ahead (right club court cards: by 0.055 or more)
        (0.90, 0.94, False),  # the spade 0.04 ahead: too close to say (a right QS's club led by 0.046)
        (0.905, 0.95, False),  # ... 0.045
        (0.70, 0.84, False),  # the spade scored under 0.85: no clear spade
    ],
)
def test_a_court_cards_picture_symbol_leading_the_other_black_suit_vetoes_a_club(
    club: float, spade: float, vetoed: bool
) -> None:
    """symbol_says_other: the suit symbol in a court card's picture scored 0.85 or more
    for the other suit of the colour, ahead by PICTURE_TWIN_MARGIN (0.052) or more."""
    from vision.verdict import symbol_says_other

    pips = PipRead(FACE, {"C": club, "S": spade, "D": 0.88, "H": 0.42, "solidity": 0.95}, None, 0, 0.5, False)
    assert symbol_says_other(pips, "C") is vetoed


def test_pips_counted_against_a_number_rank_count_its_own_pips() -> None:
    """A number card has as many pips as its rank (an ace one, a ten ten). Two or more
    fewer than that on a card's own whole outline, or two or more beyond an ace-to-nine's,
    say its index was misread (:mod:`vision.pipcheck`); one fewer or one more (a pip covered,
    a stray shape) does not."""
    from vision.pipcheck import pip_count, pips_say_otherwise, too_few_pips

    assert [pip_count(r) for r in "A23456789T"] == list(range(1, 11))
    with pytest.raises(ValueError):
        pip_count("J")

    def counted(n: int, red: bool) -> PipRead:
        """``n`` pips of one colour, not laid out as any card's, no shape scored."""
        return PipRead(None, None, red, n)

    assert too_few_pips(counted(1, True), "3D") and not too_few_pips(counted(2, True), "3D")
    assert too_few_pips(counted(8, True), "TD") and not too_few_pips(counted(9, True), "TD")
    assert not too_few_pips(counted(0, True), "AD")  # an ace's one pip: nothing fewer to tell
    assert pips_say_otherwise(counted(3, False), "AS") and not pips_say_otherwise(counted(2, False), "AS")
    assert pips_say_otherwise(counted(7, True), "5D") and not pips_say_otherwise(counted(6, True), "5D")
    assert pips_say_otherwise(counted(11, False), "9C") and not pips_say_otherwise(counted(10, False), "9C")


def test_a_nines_index_over_a_sixs_six_pips_is_unsure() -> None:
    """A 6 turned half a turn is a 9 in many fonts: a 9 read on its index alone over
    exactly six pips is a 6 read the wrong way up (hunt frame other-fonts 99020017), and
    is not reported; seven or eight pips (one or two of a 9's covered) or five say
    nothing against the reading."""
    from vision.pipcheck import pips_say_otherwise

    def counted(n: int) -> PipRead:
        """``n`` black pips, not laid out as any card's, no shape scored."""
        return PipRead(None, None, False, n)

    assert pips_say_otherwise(counted(6), "9S")
    assert not pips_say_otherwise(counted(7), "9S") and not pips_say_otherwise(counted(8), "9S")
    assert not pips_say_otherwise(counted(5), "9S")  # (three or more of a 9's covered: nothing said)
