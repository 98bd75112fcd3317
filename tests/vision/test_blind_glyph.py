"""The court-glyph path read by the picture-blind classifiers
(:func:`vision.courtglyph.decide_court_glyph` with ``blind``).

A and B learnt the CC0 art's court pictures with the indices; on a real deck whose
queens have other pictures they read the hollow Q as 9 and their rank heads over J, Q
and K lean to J. The picture-blind pair (trained on court cards lying on random court
pictures) reads such a Q over J, Q, K and none; its own calibrated thresholds decide,
and every rule of the court-glyph path and A's and B's dissent still apply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.shared import PHOTOS
from tests.vision.conftest import need
from vision.blind import blind_models, blind_thresholds
from vision.classic import FACE, GlyphRead, IndexRead, PipRead
from vision.courtglyph import counter_corners, court_glyph_verdict, decide_court_glyph
from vision.learned import CornerRead, thresholds

#: a picture whose suit symbol says spade (ice_tables_poker_19's QS, measured)
SPADES_PICTURE = PipRead(
    FACE, {"S": 0.96, "C": 0.83, "D": 0.80, "H": 0.23, "solidity": 0.84}, False, 0, symbol_red=False
)

#: A's and B's reads of that QS (measured): 9S on both corners, their rank heads J or unsure
SHIPPED = (
    [CornerRead("9", "S", 0.56, 1.0, "J", 0.49), CornerRead("9", "S", 0.63, 1.0, "J", 0.63)],
    [CornerRead("9", "S", 0.54, 1.0, "J", 0.66), CornerRead("Q", "S", 0.45, 1.0, "Q", 0.51)],
)


def blind_pair(p_a: float, p_b: float) -> tuple[list[CornerRead], list[CornerRead]]:
    """The picture-blind pair reading QS on both corners, A's rank head over the court
    ranks at ``p_a`` and B's at ``p_b`` on the top-left corner, 0.01 less on the other
    (backing it, under those bars; both sure of spades)."""
    return (
        [CornerRead("Q", "S", 0.98, 1.0, "Q", p_a), CornerRead("Q", "S", 0.99, 1.0, "Q", p_a - 0.01)],
        [CornerRead("Q", "S", 0.99, 1.0, "Q", p_b), CornerRead("Q", "S", 0.99, 1.0, "Q", p_b - 0.01)],
    )


def template_q(score: float, margin: float, best: str = "Q") -> IndexRead:
    """The template reader's reading of a corner: best glyph ``best``, court reading Q."""
    return IndexRead(GlyphRead(best, score, 0.1), None, False, GlyphRead("Q", score, margin))


@pytest.fixture
def blind_th() -> dict[str, float]:
    th = blind_thresholds()
    if "court_glyph_a" not in th:
        pytest.skip("the picture-blind classifiers' manifest has no court-glyph thresholds")
    return th


def test_the_picture_blind_pair_reads_a_queen_a_and_b_take_for_a_nine(blind_th: dict[str, float]) -> None:
    ta, tb = blind_th["court_glyph_a"], blind_th["court_glyph_b"]
    read = decide_court_glyph(SPADES_PICTURE, SHIPPED, ["Q", "Q"], blind=blind_pair(ta, tb))
    assert read is not None and read.card == "QS"
    assert read.details["path"] == "court-glyph" and read.details["blind"] is True
    assert read.confidence == 0.5  # each exactly at its bar: the calibrated point
    # each under its own calibrated threshold (not A's and B's): no card
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, ["Q", "Q"], blind=blind_pair(ta - 1e-3, tb)) is None
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, ["Q", "Q"], blind=blind_pair(ta, tb - 1e-3)) is None


def test_every_rule_of_the_court_glyph_path_still_holds(blind_th: dict[str, float]) -> None:
    sure = blind_pair(0.9999, 0.99995)
    faces: list[str | None] = ["Q", "Q"]
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, faces, blind=sure) is not None
    # no picture, an outline not the card's own or not seen whole, a number glyph
    assert decide_court_glyph(PipRead("9", None, False, 9), SHIPPED, faces, blind=sure) is None
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, faces, covered=True, blind=sure) is None
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, faces, alone=False, blind=sure) is None
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, faces, whole=False, blind=sure) is None
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, faces, number_glyph=True, blind=sure) is None
    # the template reader must read Q on a corner and no other court rank on either
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, [None, None], blind=sure) is None
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, ["Q", "J"], blind=sure) is None
    # a black suit needs the picture's symbol to favour it over the other black suit
    clubs = PipRead(FACE, {"S": 0.83, "C": 0.96, "solidity": 0.84}, False, 0, symbol_red=False)
    assert decide_court_glyph(clubs, SHIPPED, faces, blind=sure) is None
    # no A and B reads: nothing
    assert decide_court_glyph(SPADES_PICTURE, None, faces, blind=sure) is None


def test_a_and_b_saying_otherwise_veto(blind_th: dict[str, float]) -> None:
    """A J read by A at its dissent threshold on a corner is a card the picture allows: a
    veto, unless the template reader reads that corner's glyph clearly as a Q, a glyph with
    an enclosed counter, which no J or K has (``counter``; a real QS, alk_in_5: read QS by
    the picture-blind pair at 0.9997-0.9999 and Q by the template reader on both corners at
    0.77-0.78, JS by A at 0.90 on one)."""
    sure = blind_pair(0.9999, 0.99995)
    faces: list[str | None] = ["Q", "Q"]
    th = thresholds()
    a, b = SHIPPED
    jack = ([a[0], CornerRead("J", "S", max(0.9, th["dissent_a"]), 1.0, "J", 0.9)], b)
    assert decide_court_glyph(SPADES_PICTURE, jack, faces, blind=sure) is None
    assert decide_court_glyph(SPADES_PICTURE, jack, faces, blind=sure, counter=frozenset({0})) is None
    read = decide_court_glyph(SPADES_PICTURE, jack, faces, blind=sure, counter=frozenset({1}))
    assert read is not None and read.card == "QS"
    # A and B reading QS by the path themselves need no exception: without the blind pair
    # the counter is not looked at (A's J vetoes its own pair's reading)
    assert decide_court_glyph(SPADES_PICTURE, jack, faces, counter=frozenset({1})) is None
    # another suit read by A at its dissent threshold
    club = ([CornerRead("9", "C", 0.5, max(0.999, th["dissent_a"]), "J", 0.5), a[1]], b)
    assert decide_court_glyph(SPADES_PICTURE, club, faces, blind=sure) is None
    # A and B reading one number rank alike on a corner, each at its dissent threshold
    nine_a = [CornerRead("9", "S", th["dissent_a"], 1.0, "Q", 0.6), a[1]]
    nine_b = [CornerRead("9", "S", th["dissent_b"], 1.0, "Q", 0.6), b[1]]
    assert decide_court_glyph(SPADES_PICTURE, (nine_a, nine_b), faces, blind=sure) is None
    # a picture-blind classifier's own dissent: B naming JS on the other corner, sure
    blind_jack = (sure[0], [sure[1][0], CornerRead("J", "S", 0.9999, 1.0, "J", 0.9999)])
    assert decide_court_glyph(SPADES_PICTURE, SHIPPED, faces, blind=blind_jack) is None


def test_the_picture_blind_pair_is_not_run_where_the_path_cannot_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import numpy as np

    import vision.courtglyph as courtglyph

    def never(card: object) -> None:
        raise AssertionError("the picture-blind classifiers were run")

    monkeypatch.setattr(courtglyph, "blind_reads", never)
    card = np.full((218, 150, 3), 255, np.uint8)
    # a number card's pips, or no court reading by the template reader: not run
    assert court_glyph_verdict(card, PipRead("9", None, False, 9), SHIPPED, [None, None], True) is None
    assert court_glyph_verdict(card, SPADES_PICTURE, SHIPPED, [None, None], True) is None
    assert court_glyph_verdict(card, SPADES_PICTURE, None, [None, None], True) is None
    # the template reader reading Q on both corners, but the outline not the card's own
    q = template_q(0.8, 0.3)
    assert court_glyph_verdict(card, SPADES_PICTURE, SHIPPED, [q, q], False) is None


def test_a_counter_needs_a_clear_q() -> None:
    """The floors of the mirror rule (a glyph shown to be no Q: COUNTERLESS_MIN_SCORE,
    COUNTERLESS_MIN_MARGIN, the best of all 13 ranks): alk_in_5's QS corners (0.77 and 0.78
    over J and K by 0.48 and 0.52, best glyph Q) count; a weak Q does not (gerry's QD: 0.55,
    by 0.20), nor a glyph whose best rank is a number (ice_tables_poker_19's QS: Q 0.54 as a
    court card, 9 at 0.61 of all ranks)."""
    assert counter_corners([template_q(0.77, 0.48), template_q(0.78, 0.52)]) == {0, 1}
    assert counter_corners([template_q(0.55, 0.20), None]) == frozenset()
    assert counter_corners([None, template_q(0.54, 0.28, best="9")]) == frozenset()
    assert counter_corners([template_q(0.9, 0.2), template_q(0.7, 0.6)]) == frozenset()


def test_the_picture_blind_pair_reads_where_a_and_b_do_not(
    monkeypatch: pytest.MonkeyPatch, blind_th: dict[str, float]
) -> None:
    import numpy as np

    import vision.courtglyph as courtglyph

    runs: list[object] = []

    def sure(card: object) -> object:
        runs.append(card)
        return blind_pair(0.9999, 0.99995)

    monkeypatch.setattr(courtglyph, "blind_reads", sure)
    card = np.full((218, 150, 3), 255, np.uint8)
    read = court_glyph_verdict(card, SPADES_PICTURE, SHIPPED, [template_q(0.8, 0.3), None], True)
    assert read is not None and read.card == "QS" and read.details["blind"] is True
    assert len(runs) == 1


# reads the photo (the slow tier, like the other real-photo tests)
@pytest.mark.slow
@pytest.mark.parametrize(
    ("photo", "card"),
    [
        # its "Q" read 9C and QC by A, QC by B, under their court bars; the picture-blind
        # pair reads QC at 0.998 or more on both corners (AC 3C 7C 8C read before, QC unsure)
        ("alk_in_2.jpg", "QC"),
        # read JS by A at 0.90 on a corner whose glyph the template reader reads Q (a counter)
        ("alk_in_5.jpg", "QS"),
    ],
)
def test_a_real_queen_on_a_light_table_is_read(photo: str, card: str) -> None:
    """``cards-table`` (evaluation only: never tuned on): queens of a deck whose pictures
    are none of the CC0 art's, on a light wood laminate and a beige cloth."""
    import cv2

    from vision.evaluate import read_labels
    from vision.reader import detect

    folder = need(PHOTOS / "cards-table")
    if blind_models() is None or "court_glyph_a" not in blind_thresholds():
        pytest.skip("the picture-blind classifiers are not shipped")
    labels = dict(read_labels(folder))[photo]
    img = cv2.imread(str(Path(folder) / photo))
    assert img is not None
    read = [d.card for d in detect(img)]
    assert card in read
    assert set(read) <= set(labels)  # no wrong card


@pytest.mark.slow
def test_the_reader_reads_the_path_only_on_an_outline_seen_whole() -> None:
    """alk_in_2's QC, read by the picture-blind pair on its own outline, is not read by
    it where the same outline is taken as partly covered, guessed or with its middle
    unseen (``court_glyph_verdict``'s ``seen``: on such an outline the picture may be
    another card's)."""
    import cv2

    from vision.detector import find_card_groups, warp
    from vision.glyphs import load_templates
    from vision.learned import read_corners
    from vision.reader import _Prepared, _read

    folder = need(PHOTOS / "cards-table")
    if blind_models() is None or "court_glyph_a" not in blind_thresholds():
        pytest.skip("the picture-blind classifiers are not shipped")
    img = cv2.imread(str(Path(folder) / "alk_in_2.jpg"))
    assert img is not None
    t = load_templates()
    for group in find_card_groups(img):
        q = group[0]
        card = warp(img, q.upright[0][0])
        pre = _Prepared(card, read_corners(card))
        read, _ = _read(card, t, pre, whole=q.whole)
        if read is not None and read.card == "QC":
            break
    else:
        raise AssertionError("alk_in_2's QC was not read on its own outline")
    assert read.details.get("blind") is True
    others = [
        _read(card, t, pre, whole=q.whole, covered=True)[0],
        _read(card, t, pre, whole=q.whole, guessed=True)[0],
        _read(card, t, pre, whole=q.whole, partial=True)[0],
    ]
    for how, other in zip(("covered", "guessed", "partial"), others, strict=True):
        assert other is None or (other.card == "QC" and not other.details.get("blind")), how
