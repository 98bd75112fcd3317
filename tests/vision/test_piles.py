"""Cards in piles found by a visible index corner (vision.piles, issue 10 point 1):
the outline laid on a blob corner, the rule that both classifiers must agree, and
a card read twice in two places (one deck) left unsure."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision import outlines, pairs, piles
from vision.learned import CornerRead, thresholds

SHORT, LONG = 100.0, 140.0


def rect(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def blob(*rects: np.ndarray) -> np.ndarray:
    """The outer contour (N, 2) of the union of axis-aligned rectangles."""
    m = np.zeros((700, 900), np.uint8)
    for r in rects:
        cv2.fillConvexPoly(m, np.round(r).astype(np.int32), 255)
    cs, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(cs, key=cv2.contourArea).reshape(-1, 2).astype(np.float32)


def test_an_exposed_corner_gives_the_whole_card_with_its_index_corner_first() -> None:
    # a portrait card at (100, 100) with another portrait card over its lower right
    lower = rect(100, 100, SHORT, LONG)
    upper = rect(160, 170, SHORT, LONG)
    hyps = piles.corner_hypotheses(blob(lower, upper), (SHORT, LONG))
    # the lower card's top-left (an index corner) gives the lower card's outline
    assert any(np.abs(h - lower).max() < 4 for h in hyps), hyps
    # the upper card's bottom-right corner is an index corner of the upper card turned
    # half a turn: its outline starts there and runs left and up
    turned = np.roll(upper, -2, axis=0)
    assert any(np.abs(h - turned).max() < 4 for h in hyps), hyps
    # the lower card's top-right corner has no index as the card lies; it would be
    # an index corner only of a card lying on its side (the card's top running down)
    for h in hyps:
        if np.abs(h[0] - lower[1]).max() < 4:
            assert abs(h[1][0] - h[0][0]) < 4 and h[1][1] - h[0][1] > 0.9 * SHORT


def test_a_landscape_corner_is_laid_the_other_way() -> None:
    # a card lying on its side (landscape): its index corners are top-right and
    # bottom-left; the outline's first side (the card's top) runs down from top-right
    card = rect(300, 300, LONG, SHORT)
    hyps = piles.corner_hypotheses(blob(card, rect(400, 260, 20, 20)), (SHORT, LONG))
    tr = np.array([300 + LONG, 300], np.float32)
    h = next(h for h in hyps if np.abs(h[0] - tr).max() < 4)
    assert np.abs(h[1] - [300 + LONG, 300 + SHORT]).max() < 4  # top side: down
    assert np.abs(h[3] - [300, 300]).max() < 4  # long side: to the left


def test_a_card_larger_than_the_frames_typical_one_gets_its_own_size() -> None:
    # a card 10% larger than the frame's typical card lies on top of a typical one:
    # its top side, seen whole, is 110 px, so an outline of the typical 100 x 140
    # would end inside it and cut its index (its "10" read as "1")
    big = rect(100, 100, 1.1 * SHORT, 1.1 * LONG)
    under = rect(180, 180, SHORT, LONG)
    hyps = piles.corner_hypotheses(blob(big, under), (SHORT, LONG))
    assert any(np.abs(h - big).max() < 4 for h in hyps), hyps
    # the card underneath, with both its visible sides shorter than a card's, keeps
    # the typical size
    turned = np.roll(under, -2, axis=0)
    assert any(np.abs(h - turned).max() < 4 for h in hyps), hyps


def test_blobs_far_larger_than_a_pile_are_not_searched() -> None:
    table = rect(0, 0, 890, 690)
    assert piles.corner_hypotheses(blob(table), (30.0, 42.0)) == []


def test_card_size_is_the_median_of_the_outlines() -> None:
    qs = [rect(0, 0, 90, 130), rect(0, 0, 100, 140), rect(0, 0, 150, 110)]
    assert outlines.card_size(qs) == (100.0, 140.0)
    assert outlines.card_size([]) is None


class FakeModel:
    def __init__(self, card: str | None, conf: float) -> None:
        self.r = CornerRead(card[0], card[1], conf, conf) if card else CornerRead("-", "-", conf, conf)

    def read(self, crops: np.ndarray) -> list[CornerRead]:
        return [self.r] * len(crops)


@pytest.mark.parametrize(
    ("a", "b", "ok"),
    [
        (("7H", 1.0), ("7H", 1.0), True),
        (("7H", 1.0), ("7D", 1.0), False),  # the classifiers disagree
        (("7H", 1.0), (None, 1.0), False),  # one sees no card
        (("7H", 1.0), ("7H", -1.0), False),  # B below the covered threshold
    ],
)
def test_a_corner_needs_both_classifiers_at_the_pile_corner_threshold(
    monkeypatch: pytest.MonkeyPatch, a: tuple[Any, ...], b: tuple[Any, ...], ok: bool
) -> None:
    t = thresholds()["pile_corner"]
    conf = {1.0: 1.0, -1.0: t - 1e-4}
    ms = (FakeModel(a[0], conf[a[1]]), FakeModel(b[0], conf[b[1]]))
    monkeypatch.setattr(piles, "models", lambda: ms)
    img = np.full((400, 400, 3), 200, np.uint8)
    r = piles.read_corner(img, rect(50, 50, SHORT, LONG))
    assert (r is not None and r.card == "7H") == ok


def _drawn_at(card: str, outline: np.ndarray, suitless: bool = False) -> np.ndarray:
    """A grey 400x400 image with the drawn face of ``card`` filling ``outline`` (4, 2);
    ``suitless``: its top-left index's suit symbol painted over (covered)."""
    from tests.helpers.synth import card_face
    from vision.detector import CARD_H, CARD_W

    drawn = card_face(card)
    if suitless:  # the symbol lies 24 px under the rank glyph, 26 px tall (helpers.synth)
        (_, th), _ = cv2.getTextSize(card[0], cv2.FONT_HERSHEY_DUPLEX, 1.25, 3)
        drawn[14 + th + 8 : 14 + th + 42, 8:54] = 245
    face = cv2.resize(drawn, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    src = np.array([[0, 0], [CARD_W - 1, 0], [CARD_W - 1, CARD_H - 1], [0, CARD_H - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, outline.astype(np.float32))
    img = np.full((400, 400, 3), 90, np.uint8)
    return cv2.warpPerspective(face, m, (400, 400), dst=img, borderMode=cv2.BORDER_TRANSPARENT)


@pytest.mark.parametrize("card", ["7H", "4D", "9D", "5H"])
def test_the_template_reader_backs_only_the_card_its_glyph_shows(card: str) -> None:
    from vision.detector import warp
    from vision.templated import index_backs

    outline = rect(50, 50, SHORT, SHORT * 218 / 150)
    face = warp(_drawn_at(card, outline), outline)
    assert index_backs(face, card)
    other_rank = ("8" if card[0] != "8" else "6") + card[1]
    twin = card[0] + {"H": "D", "D": "H"}[card[1]]
    other_colour = card[0] + {"H": "S", "D": "C"}[card[1]]
    assert not index_backs(face, other_rank)
    assert not index_backs(face, twin)
    assert not index_backs(face, other_colour)
    # its suit symbol covered: the rank alone backs nothing (the suit is A and B's alone)
    assert not index_backs(warp(_drawn_at(card, outline, suitless=True), outline), card)


@pytest.mark.parametrize(("drawn", "backed"), [("7H", True), ("8H", False), (None, False)])
def test_under_pile_corner_a_corner_needs_the_template_reader_too(
    monkeypatch: pytest.MonkeyPatch, drawn: str | None, backed: bool
) -> None:
    """A and B reading 7H between pile_corner_templated and pile_corner: reported only
    where the index drawn there is a 7H's (a blank card or an 8H: not)."""
    th = {**thresholds(), "pile_corner": 0.999, "pile_corner_templated": 0.97}
    monkeypatch.setattr(piles, "thresholds", lambda: th)
    ms = (FakeModel("7H", 0.98), FakeModel("7H", 0.98))
    monkeypatch.setattr(piles, "models", lambda: ms)
    outline = rect(50, 50, SHORT, SHORT * 218 / 150)
    img = np.full((400, 400, 3), 200, np.uint8) if drawn is None else _drawn_at(drawn, outline)
    r = piles.read_corner(img, outline)
    assert (r is not None and r.card == "7H") == backed
    # under pile_corner_templated nothing is reported, whatever the template reader says
    ms = (FakeModel("7H", 0.96), FakeModel("7H", 0.96))
    assert piles.read_corner(img, outline) is None


@pytest.mark.parametrize(
    ("drawn", "painted", "blot", "read", "reported"),
    [
        ("7H", (), False, "7H", True),
        ("7H", (), False, "7D", False),  # its seven pips are hearts: the index's diamond is misread
        ("2D", (), False, "2D", True),
        ("2D", (), False, "2H", False),
        ("7H", (), False, "7S", False),  # red pips under a black card's index
        ("3H", (), False, "2H", False),  # three pips in the middle column: a 2 has two there
        ("7H", (), False, "QH", False),  # a court card has no pips
        ("8H", (7,), False, "8H", True),  # a middle pip covered: a 7's layout fits an 8's columns
        ("2H", (0, 1), True, "2H", True),  # its pips covered, a black shape in its middle
        ("AS", (), False, "AH", False),
    ],
)
def test_a_corner_reading_is_vetoed_where_the_card_s_own_pips_say_another_card(
    monkeypatch: pytest.MonkeyPatch,
    drawn: str,
    painted: tuple[int, ...],
    blot: bool,
    read: str,
    reported: bool,
) -> None:
    """Hunt frame other-fonts 115020063: a whole 2S on a pile, its index read 2C by A and
    B at a pile corner, its pips, counted as a 2, spades; hands 101030107: a 6H's index
    read 5H at a half's corner, six hearts in a 6's layout (vision.pipcheck.own_pips_deny).
    Not vetoed: right readings whose outline shows fewer pips (hunt frames: 8s with a middle
    pip under another card) or one shape of another card in the middle (hunt frame
    other-fonts 115020018, a 2H). ``painted``: those pips of ``drawn`` painted over;
    ``blot``: a black disc in its middle. (The test helper's drawn spades and clubs score
    nearly alike: red cards here.)"""
    from tests.helpers.synth import LAYOUTS

    ms = (FakeModel(read, 1.0), FakeModel(read, 1.0))
    monkeypatch.setattr(piles, "models", lambda: ms)
    h = SHORT * 218 / 150
    outline = rect(50, 50, SHORT, h)
    img = _drawn_at(drawn, outline)
    for k in painted:
        fx, fy = LAYOUTS[drawn[0]][k]
        cv2.circle(img, (round(50 + fx * SHORT), round(50 + fy * h)), 14, (245, 245, 245), -1)
    if blot:
        cv2.circle(img, (round(50 + SHORT / 2), round(50 + h / 2)), 8, (25, 25, 25), -1)
    r = piles.read_corner(img, outline)
    assert (r is not None and r.card == read) == reported


@pytest.mark.parametrize(("x", "reported"), [(40.0, True), (-12.0, False)])
def test_an_index_reaching_past_the_frame_s_edge_is_not_read_at_a_corner(
    monkeypatch: pytest.MonkeyPatch, x: float, reported: bool
) -> None:
    """Hunt frame hands 105030235: a TD at the frame's top edge, its "10" cut to "0",
    read QH by A and B at a half's corner (vision.corners.zone_in_frame)."""
    ms = (FakeModel("7H", 1.0), FakeModel("7H", 1.0))
    monkeypatch.setattr(piles, "models", lambda: ms)
    outline = rect(x, 50, SHORT, SHORT * 218 / 150)
    r = piles.read_corner(_drawn_at("7H", outline), outline)
    assert (r is not None and r.card == "7H") == reported


@pytest.mark.parametrize("with_half", [True, False])
def test_a_hand_half_s_corner_is_read_at_half_corner_alone(
    monkeypatch: pytest.MonkeyPatch, with_half: bool
) -> None:
    """A hand's halves' index corners (``cards`` of corner_cards) are read at their own
    threshold, half_corner, with no template-backed bar under it (that one was
    calibrated on pile outlines); a manifest without half_corner reads them at
    pile_corner."""
    th = {**thresholds(), "pile_corner": 0.999, "pile_corner_templated": 0.95, "half_corner": 0.97}
    if not with_half:
        del th["half_corner"]
    monkeypatch.setattr(piles, "thresholds", lambda: th)
    outline = rect(50, 50, SHORT, SHORT * 218 / 150)
    img = _drawn_at("7H", outline)
    ms = (FakeModel("7H", 0.98), FakeModel("7H", 0.98))
    monkeypatch.setattr(piles, "models", lambda: ms)
    half = piles.read_corners_at(img, [outline], halves=True)[0]
    assert (half is not None and half.card == "7H") == with_half
    # as a hand's half through corner_cards: its index corner read there alike (the card
    # found whole elsewhere in the frame sizes it)
    elsewhere = rect(600, 400, SHORT, SHORT * 218 / 150)
    new, clash = piles.corner_cards(img, [], {}, [elsewhere], [outline])
    assert [c.card for c in new] == (["7H"] if with_half else []) and clash == set()
    # a half that is a card outline found whole is left to that outline's reading
    assert piles.corner_cards(img, [], {}, [outline], [outline]) == ([], set())
    moved = outline + np.float32(0.05 * SHORT)  # within a tenth of the short side: the same
    assert piles.corner_cards(img, [], {}, [moved, elsewhere], [outline]) == ([], set())
    # under half_corner nothing, though the template reader backs it on a pile outline
    ms = (FakeModel("7H", 0.96), FakeModel("7H", 0.96))
    assert piles.read_corners_at(img, [outline], halves=True) == [None]
    pile = piles.read_corners_at(img, [outline])[0]
    assert pile is not None and pile.card == "7H"


def test_a_card_read_again_elsewhere_is_unsure(monkeypatch: pytest.MonkeyPatch) -> None:
    lower = rect(100, 100, SHORT, LONG)
    upper = rect(160, 170, SHORT, LONG)

    def read(
        image: np.ndarray, outlines: list[np.ndarray], halves: bool = False
    ) -> list[piles.CornerCard | None]:
        return [piles.CornerCard("7H", 0.9, o) for o in outlines]

    monkeypatch.setattr(piles, "read_corners_at", read)
    img = np.zeros((700, 900, 3), np.uint8)
    contour = blob(lower, upper)
    # 7H already read far away: both readings are dropped
    new, clash = piles.corner_cards(img, [contour], {"7H": rect(600, 400, SHORT, LONG)}, [])
    assert new == [] and clash == {"7H"}
    # 7H already read as this very card: nothing new, nothing dropped
    new, clash = piles.corner_cards(img, [blob(lower)], {"7H": lower}, [])
    assert new == [] and clash == set()


def test_a_corner_reading_on_a_read_card_s_index_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pile outline laid at the index of a card read already reads that card's print:
    another card read there is a misread of it (generated hold'em frame 69030081, bank
    seed 69000000: a TC read on its own outline, its "10" read 8C by A and B on a pile
    outline laid at it: 8C reported where the TC lies). A card whose index lies at a read
    card's corner without an index (a card over a covered card's estimated outline) stays."""
    tc = rect(100, 100, SHORT, LONG)  # portrait: indices at its top left and bottom right
    t = np.deg2rad(10)
    u = np.array([np.cos(t), np.sin(t)])

    def laid(corner: tuple[float, float], across: np.ndarray) -> np.ndarray:
        """A card-sized outline, the index corner first, at ``corner``, its short side along ``across``."""
        p = np.array(corner)
        down = np.array([-across[1], across[0]]) if across[0] > 0 else np.array([across[1], -across[0]])
        return np.array(
            [p, p + SHORT * across, p + SHORT * across + LONG * down, p + LONG * down], np.float32
        )

    img = np.zeros((700, 900, 3), np.uint8)
    for outline, kept in (
        (laid((104, 103), u), False),  # at the TC's top-left index
        (laid((196, 103), np.array([-u[0], u[1]])), True),  # at its top-right corner: no index there
    ):
        monkeypatch.setattr(
            piles,
            "read_corners_at",
            lambda image, outlines, halves=False, o=outline: [
                piles.CornerCard("8C", 0.9, o) for _ in outlines
            ],
        )
        new, clash = piles.corner_cards(
            img, [blob(rect(400, 300, SHORT, LONG), rect(460, 370, SHORT, LONG))], {"TC": tc}, []
        )
        assert [c.card for c in new] == (["8C"] if kept else []) and clash == set()
        # no card read there: the reading stands
        new, _ = piles.corner_cards(
            img,
            [blob(rect(400, 300, SHORT, LONG), rect(460, 370, SHORT, LONG))],
            {"TC": rect(600, 100, SHORT, LONG)},
            [],
        )
        assert [c.card for c in new] == ["8C"]


def test_a_card_read_on_an_outline_moved_onto_its_edges_is_placed_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A whole-card reading of a pile outline may come from that outline moved onto the
    card's own edges (vision.snap): where it was read is the moved outline (the real
    close-up rdpong_single_2H: its card read whole, and again on an outline laid at a
    corner far off the card, moved onto it: the first try counted it a card read in two
    places, and the 2H was lost)."""
    card = rect(100, 100, SHORT, LONG)
    far = rect(500, 400, SHORT, LONG)
    monkeypatch.setattr(
        piles, "read_corners_at", lambda image, outlines, halves=False: [None] * len(outlines)
    )

    img = np.zeros((700, 900, 3), np.uint8)
    for onto, clashed in ((card, set()), (far, {"7H"})):

        def whole(outlines: list[np.ndarray], onto: np.ndarray = onto) -> list[piles.CornerCard | None]:
            return [piles.CornerCard("7H", 0.9, onto) for _ in outlines]

        # outlines laid at the corners of a shape far off the card, read on the card
        new, clash = piles.corner_cards(img, [blob(far)], {"7H": card}, [], read_whole=whole)
        assert new == [] and clash == clashed


def test_a_small_outline_is_grown_to_the_cards_size_along_its_own_axes() -> None:
    # an outline of a card's printed area (85% of each side), turned 30 degrees
    ang = np.deg2rad(30)
    u, v = np.array([np.cos(ang), np.sin(ang)]), np.array([-np.sin(ang), np.cos(ang)])
    c = np.array([300.0, 300.0])

    def box(w: float, h: float) -> np.ndarray:
        return np.array(
            [
                c - u * w / 2 - v * h / 2,
                c + u * w / 2 - v * h / 2,
                c + u * w / 2 + v * h / 2,
                c - u * w / 2 + v * h / 2,
            ],
            np.float32,
        )

    g = piles.grown(box(0.85 * SHORT, 0.85 * LONG), (SHORT, LONG))
    assert g is not None and np.abs(g - box(SHORT, LONG)).max() < 1e-3
    # an outline of the card's own size, or a sliver, is not grown
    assert piles.grown(box(SHORT, LONG), (SHORT, LONG)) is None
    assert piles.grown(box(0.3 * SHORT, LONG), (SHORT, LONG)) is None


def test_an_outline_two_cards_wide_is_split_into_a_card_at_each_end() -> None:
    # two portrait cards side by side, overlapping by a tenth of a card's width
    pair = rect(100, 100, 1.9 * SHORT, LONG)
    left, right = pairs.halves(pair, (SHORT, LONG))
    assert np.abs(left - rect(100, 100, SHORT, LONG)).max() < 1e-3
    assert np.abs(right - rect(100 + 0.9 * SHORT, 100, SHORT, LONG)).max() < 1e-3
    # the same pair turned a quarter (its first side runs along the cards)
    turned = np.roll(pair, 1, axis=0)
    assert len(pairs.halves(turned, (SHORT, LONG))) == 2
    # a single card, cards end to end, three side by side: no pair
    assert pairs.halves(rect(0, 0, SHORT, LONG), (SHORT, LONG)) == []
    assert pairs.halves(rect(0, 0, SHORT, 2 * LONG), (SHORT, LONG)) == []
    assert pairs.halves(rect(0, 0, 3 * SHORT, LONG), (SHORT, LONG)) == []


def test_a_pair_is_split_into_cards_as_long_as_its_outline() -> None:
    # seen obliquely, the cards read nearest a hand may lie nearer the camera: here a
    # tenth larger than the hand's two cards (0.9 of a width over each other); a hand's
    # cards are as long as its outline, and as wide as that makes them
    s, w = 0.9 * SHORT, 0.9 * LONG
    pair = rect(100, 100, 1.9 * s, w)
    left, right = pairs.halves(pair, (SHORT, LONG))
    assert np.abs(left - rect(100, 100, s, w)).max() < 1e-3
    assert np.abs(right - rect(100 + 0.9 * s, 100, s, w)).max() < 1e-3


def test_an_outline_of_two_cards_overlapping_by_half_is_split_both_ways_when_square() -> None:
    # a hold'em hand: the upper card 0.6 of a card's width right of the lower one
    pair = rect(100, 100, 1.6 * SHORT, LONG)
    left, right = pairs.halves(pair, (SHORT, LONG))[:2]
    assert np.abs(left - rect(100, 100, SHORT, LONG)).max() < 1e-3
    assert np.abs(right - rect(160, 100, SHORT, LONG)).max() < 1e-3
    # 0.4 of a width apart the outline is square (1.4 x 1.4 card widths): the cards may
    # lie either way, and both ways are given, each as two cards of the typical size
    square = pairs.halves(rect(100, 100, 1.4 * SHORT, LONG), (SHORT, LONG))
    assert len(square) == 4

    def found(r: np.ndarray) -> bool:  # an outline with these corners, starting anywhere
        return any(np.abs(np.roll(h, k, axis=0) - r).max() < 1e-3 for h in square for k in range(4))

    assert found(rect(140, 100, SHORT, LONG))  # upright cards side by side
    assert found(rect(100, 100, 1.4 * SHORT, SHORT))  # landscape cards one above the other
    assert found(rect(100, 140, 1.4 * SHORT, SHORT))
    # a card and a sliver (0.1 of a width): one card, no pair
    assert pairs.halves(rect(0, 0, 1.1 * SHORT, LONG), (SHORT, LONG)) == []


def test_both_cards_of_a_hand_lying_half_over_each_other_are_read() -> None:
    from tests.helpers import trickvideo as tv
    from vision.reader import detect

    w = 95
    # the upper card half a card's width right of the lower one, both upright: their
    # silhouettes make one four-sided outline 1.5 cards wide; the 7D shows its top-left
    # index corner only, its bottom-right one lies under the QC
    dets = {d.card: d for d in detect(tv.hand_of_two(("9S", "4H"), "7D", "QC", 0.5, 0, w))}
    assert set(dets) <= {"9S", "4H", "7D", "QC"}  # never a card that is not there
    assert {"7D", "QC"} <= set(dets)
    h = w * tv.face("QC", "plain").shape[0] / tv.face("QC", "plain").shape[1]
    assert np.abs(dets["QC"].corners - rect(400 + 0.5 * w - w / 2, 400 - h / 2, w, h)).max() < 0.08 * w
    assert np.abs(dets["7D"].corners - rect(400 - w / 2, 400 - h / 2, w, h)).max() < 0.08 * w


def test_the_lowest_card_of_a_fan_is_read_by_its_corner_with_its_whole_outline() -> None:
    from tests.helpers import trickvideo as tv
    from vision.reader import detect

    frame = tv.surface("felt", np.random.default_rng(3), (1280, 720))
    w = 95
    for k, (c, x) in enumerate((("9S", 1000), ("4H", 1150))):  # cards alone: the size
        tv.put(frame, tv.face(c, "plain"), (x, 150), 10 * k, w)
    # a fan: each card over the one before, 45 px right and 40 px down; the lowest
    # card (7C) shows its top-left index corner, its middle lies under the KD
    fan = ["7C", "KD", "3S", "8H"]
    for k, c in enumerate(fan):
        tv.put(frame, tv.face(c, "plain"), (400 + 45 * k, 350 + 40 * k), 0, w)
    dets = {d.card: d for d in detect(frame)}
    assert set(dets) <= {"9S", "4H", *fan}  # never a card that is not there
    assert "7C" in dets
    h = w * tv.face("7C", "plain").shape[0] / tv.face("7C", "plain").shape[1]
    truth = rect(400 - w / 2, 350 - h / 2, w, h)
    assert np.abs(dets["7C"].corners - truth).max() < 0.08 * w


def test_an_outline_of_two_cards_is_read_only_where_pips_were_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two cards partly over each other make one four-sided outline; their pips in one
    warp can pass as a court card's picture, and a classifier may misread an index in
    an unseen font (generated hold'em frames: a 9S under a TS read JS; an AC over a
    JC read AS on the AC's index alone, the JC's picture taken for an ornate ace's
    pip; a 6C beside an AC read AS likewise). An outline 1.4 cards in area, squarer
    than the cards read nearest it, or 1.9 cards in area however oblong, that splits
    into two of them, is reported only as a card whose pips, counted, gave its rank."""
    for step in (0.4, 0.95):  # a hand laid half over; two cards side by side, just apart
        _two_cards_read_as_one(monkeypatch, step)


def _two_cards_read_as_one(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    from tests.helpers import trickvideo as tv
    from vision import reader
    from vision.classic import FACE

    frame = tv.felt_with(("9D", "4H", "2C"), first_x=800)  # cards alone: the size
    w = 95
    tv.put(frame, tv.face("9S", "plain"), (400, 400), 0, w)
    tv.put(frame, tv.face("TS", "plain"), (400 + step * w, 400), 0, w)
    real = reader._read_quad
    said: dict[str, Any] = {}

    def misread(image: Any, quad: Any, t: Any, pre: Any = None, trace: Any = None) -> Any:
        r, printed = real(image, quad, t, pre, trace)
        if quad.whole and quad.area > 1.3 * w * w * 1.4:  # the pair's union, as the hunt saw it
            return reader.CardRead(said["card"], 0.99, said["details"]), True
        return r, printed

    monkeypatch.setattr(reader, "_read_quad", misread)
    for card, details, shown in (
        ("JS", {"pips": FACE, "path": "pair+picture"}, False),
        ("QH", {"pips": FACE}, False),  # the template reader's
        ("AS", {"pips": FACE, "path": "pair-alone"}, False),
        ("7S", {"pips": None, "path": "pair-alone"}, False),
        ("7S", {"pips": "7", "path": "index+pips"}, True),
        ("3S", {"pips": "3"}, True),  # the template reader's, its pips counted
    ):
        said.update(card=card, details=details)
        assert (card in {d.card for d in reader.detect(frame)}) is shown, (step, card, details)


def test_a_split_card_takes_the_size_of_the_cards_read_nearest_it() -> None:
    # seen obliquely: cards 100 x 140 px near the camera (bottom), 70 x 98 far (top)
    from vision.detector import Quad
    from vision.hands import near_size

    near = [Quad(rect(100 + 150 * i, 500, SHORT, LONG), 1.0) for i in range(3)]
    far = [Quad(rect(100 + 150 * i, 50, 70, 98), 1.0) for i in range(4)]
    pair = Quad(rect(600, 480, 1.5 * SHORT, LONG), 1.0)
    assert near_size(pair, near + far) == pytest.approx((SHORT, LONG))
    assert near_size(Quad(rect(600, 40, 105, 98), 1.0), near + far) == pytest.approx((70, 98))
    assert near_size(pair, []) is None


def test_a_hands_upper_card_turned_from_the_lower_is_fitted_to_the_pairs_outline() -> None:
    """A hold'em hand: the upper card 0.6 of a width right of the lower one and turned
    10 degrees from it. Their silhouettes make one four-sided outline; the upper card's
    end and sides lie on it, so the half fitted to the outline's contour is the upper
    card (within 2 px); cut by the outline's sides alone it is off by more than 5."""
    import cv2

    from vision.detector import _quad_from_contour

    def card(cx: float, cy: float, deg: float) -> np.ndarray:
        return cv2.boxPoints(((cx, cy), (SHORT, LONG), deg)).astype(np.float32)

    lower, upper = card(300, 300, 0), card(360, 300, 10)
    mask = np.zeros((600, 700), np.uint8)
    for c in (lower, upper):
        cv2.fillConvexPoly(mask, np.round(c * 16).astype(np.int32), 255, cv2.LINE_AA, 4)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    found = _quad_from_contour(contours[0], 1000)
    assert found is not None  # the pair passes as one card's outline
    quad, contour = found[0], contours[0].reshape(-1, 2).astype(np.float32)

    def error(h: np.ndarray) -> float:  # largest corner distance, the outline starting anywhere
        return min(float(np.hypot(*(np.roll(h, k, axis=0) - upper).T).max()) for k in range(4))

    assert min(error(h) for h in pairs.halves(quad, (SHORT, LONG), contour)) < 2
    assert min(error(h) for h in pairs.halves(quad, (SHORT, LONG))) > 5


def pile_with_7c_on_top(angle: float, width: float, shadow: bool) -> tuple[Any, Any]:
    """(a felt frame, the 7C's corners (4, 2)): 2H, 3D, 9H lying alone (100 px wide: the
    frame's card size), a 4S, 6C and 8D lying over each other, and a 7C ``width`` px
    wide turned ``angle`` degrees on them (``shadow``: with its shadow)."""
    from tests.helpers import trickvideo as tv
    from tests.helpers.synth import place, table

    frame = table("felt", seed=5)
    for i, c in enumerate(["2H", "3D", "9H"]):
        place(frame, tv.face(c, "plain"), (150.0 + 170 * i, 150.0), 5.0 * i, 100)
    for c, (x, y, a) in {"4S": (600, 400, 20), "6C": (700, 390, -10), "8D": (590, 540, -30)}.items():
        place(frame, tv.face(c, "plain"), (float(x), float(y)), float(a), 100)
    return frame, place(frame, tv.face("7C", "plain"), (640.0, 470.0), angle, width, shadow=shadow)


def test_a_card_on_a_pile_found_by_its_index_corner_alone_is_read_as_a_whole_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card lying on three others, its edges over them unseen (no shadow) and only its
    bottom-right index corner out on the table: no outline of it is found, only the
    corner. With its index alone never enough (``pile_corner`` 1.0), it is read as a
    whole card laid at that corner, its index and its pips agreeing."""
    from vision.detector import find_card_groups, order_clockwise
    from vision.reader import detect

    monkeypatch.setitem(thresholds(), "pile_corner", 1.0)
    frame, top = pile_with_7c_on_top(8.0, 100, shadow=False)
    outlines = [q.corners for g in find_card_groups(frame) for q in g]
    assert min(np.abs(order_clockwise(top) - q).max() for q in outlines) > 20  # not outlined
    dets = {d.card: d for d in detect(frame)}
    assert set(dets) <= {"2H", "3D", "9H", "4S", "6C", "8D", "7C"}
    assert "7C" in dets
    assert np.abs(order_clockwise(dets["7C"].corners) - order_clockwise(top)).max() < 8


@pytest.mark.parametrize(
    ("width", "angle", "shadow", "within"),
    [
        (90.0, 25.0, False, 3.0),  # smaller than the frame's cards: read on its own edges
        (104.0, 40.0, True, 3.0),
        (108.0, 8.0, True, 20.0),  # larger: read at both index corners, one card
    ],
)
def test_a_card_on_a_pile_sized_otherwise_than_the_frames_cards_is_read(
    monkeypatch: pytest.MonkeyPatch, width: float, angle: float, shadow: bool, within: float
) -> None:
    """A card lying on three others, 90-108 px wide where the frame's cards are 100, its
    index alone never enough (``pile_corner`` 1.0). An outline laid at its corner is
    sized like the frame's cards: a smaller card's takes in the cards round it and reads
    nothing, and is read moved onto the card's own edges (vision.snap); a larger card's,
    laid at each index corner, falls short of the other corner, and the two readings of
    it are one card, not a card read in two places."""
    from vision.detector import order_clockwise
    from vision.reader import detect

    monkeypatch.setitem(thresholds(), "pile_corner", 1.0)
    frame, top = pile_with_7c_on_top(angle, width, shadow)
    dets = {d.card: d for d in detect(frame)}
    assert set(dets) <= {"2H", "3D", "9H", "4S", "6C", "8D", "7C"}
    assert "7C" in dets
    assert np.abs(order_clockwise(dets["7C"].corners) - order_clockwise(top)).max() < within


@pytest.mark.parametrize(("angle", "shadow"), [(8.0, False), (25.0, True), (40.0, False)])
def test_a_pile_outline_s_index_corner_is_moved_onto_the_card_s_own(angle: float, shadow: bool) -> None:
    """The outline laid at a pile card's corner from the pile's silhouette (drawn at a
    reduced scale, opened) lies 4-12 px off the card's index corner; moved onto the
    card's edges there (what the reader and the pile_corner calibration read), within
    about 3 px."""
    from vision.detector import find_card_groups, upright_orders
    from vision.outlines import card_size
    from vision.piles import corners_on_edges, pile_outlines

    frame, top = pile_with_7c_on_top(angle, 100, shadow)
    blobs: list[Any] = []
    quads = [q.corners for g in find_card_groups(frame, blobs_out=blobs) for q in g if q.whole]
    size = card_size(quads)
    assert size is not None
    found = pile_outlines(blobs, size, quads)
    moved = corners_on_edges(frame, found, size)
    first = upright_orders(np.asarray(top, np.float32))[0][0]
    index = [first[0], first[2]]  # its two index corners; one shows, out on the table

    def off(outlines: list[Any]) -> float:
        return min(float(np.hypot(*(o[0] - c))) for o in outlines for c in index)

    assert off(found) > 3.9
    assert off(moved) < 3.3


def test_a_pile_outline_read_as_a_whole_card_is_explained_in_the_trace() -> None:
    """The reader's trace (``detect(..., trace=[])``: ``python -m vision.hunt frame``,
    ``--explain``) holds the pile outlines read as whole cards that may lie partly under
    others, as it does the outlines of whole cards: a wrong card read there was explained
    only as "read on a pile corner"."""
    from tests.helpers.synth import card_face, place, table
    from vision.glyphs import load_templates
    from vision.reader import Attempt, _read_covered

    frame = table("felt")
    outline = place(frame, card_face("7H"), (640, 360), 0.0, 110)  # the index corner first
    trace: list[Attempt] = []
    got = _read_covered(frame, [outline], load_templates(), 0.5, trace)
    assert [c.card for c in got if c is not None] == ["7H"]
    assert [a.final.card for a in trace if a.final is not None] == ["7H"]
    # without a trace the same reading
    again = _read_covered(frame, [outline], load_templates(), 0.5)
    assert [c.card for c in again if c is not None] == ["7H"]
