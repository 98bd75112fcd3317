"""Bent index glyphs of the training crops (vision.train.synth.vary_glyph): a deck's
own drawing of a glyph, not a different glyph."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.helpers.synth import stand_in_art
from vision.train.synth import vary_glyph


def _glyph(text: str) -> np.ndarray:
    m = np.zeros((90, 90), np.uint8)
    cv2.putText(m, text, (8, 76), cv2.FONT_HERSHEY_SIMPLEX, 2.6, 255, 9, cv2.LINE_AA)
    ys, xs = np.nonzero(m > 40)
    return np.ascontiguousarray(m[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


def _holes(mask: np.ndarray) -> int:
    """Closed counters of a glyph (an 8 has two, a 6 one, a 7 none)."""
    ink = (mask > 127).astype(np.uint8)
    padded = cv2.copyMakeBorder(1 - ink, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=1)
    n, _ = cv2.connectedComponents(padded, connectivity=4)
    return n - 2  # less label 0 (the ink) and the paper round the glyph


@pytest.mark.parametrize(("text", "holes"), [("8", 2), ("6", 1), ("9", 1), ("7", 0), ("4", 1)])
def test_a_bent_glyph_keeps_its_counters_size_and_ink(text: str, holes: int) -> None:
    g = _glyph(text)
    assert _holes(g) == holes
    rng = np.random.default_rng(11)
    for _ in range(40):
        v = vary_glyph(rng, g)
        assert _holes(v) == holes  # smooth bends of 2-6 % of the height tear no stroke
        assert abs(v.shape[0] / g.shape[0] - 1) < 0.2
        assert abs((v > 127).sum() / (g > 127).sum() - 1) < 0.25


def test_bends_differ_and_follow_the_generator() -> None:
    g = _glyph("Q")
    a = vary_glyph(np.random.default_rng(3), g)
    b = vary_glyph(np.random.default_rng(3), g)
    c = vary_glyph(np.random.default_rng(4), g)
    assert np.array_equal(a, b)
    assert a.shape != c.shape or not np.array_equal(a, c)
    assert a.shape != g.shape or not np.array_equal(a, g)


def _pieces_and_holes(mask: np.ndarray) -> tuple[int, int]:
    ink = (mask > 127).astype(np.uint8)
    pieces = cv2.connectedComponents(ink, connectivity=8)[0] - 1
    return pieces, _holes(mask)


def _top_width(mask: np.ndarray) -> float:
    """Width of the ink in the top eighth of a shape, as a share of its widest row."""
    ink = mask > 127
    top = ink[: max(1, ink.shape[0] // 8)].sum(axis=1).max()
    return float(top / ink.sum(axis=1).max())


def test_drawn_suit_designs_are_one_solid_piece_and_follow_the_generator() -> None:
    """--varied-suits (vision.train.suits.varied_suits): a printed suit is one piece
    of ink with no paper inside it, however its lobes are spread."""
    from vision.train.suits import varied_suits

    drawn = varied_suits(np.random.default_rng(7), 60)
    again = varied_suits(np.random.default_rng(7), 60)
    for suit in "SHDC":
        assert len(drawn[suit]) == 60
        assert all(np.array_equal(a, b) for a, b in zip(drawn[suit], again[suit], strict=True))
        for m in drawn[suit]:
            assert _pieces_and_holes(m) == (1, 0)
            assert 0.6 < m.shape[0] / m.shape[1] < 2.6
    # a spade rises to a point, a club's top lobe is round; a heart's point is at the bottom
    assert max(_top_width(m) for m in drawn["S"]) < min(_top_width(m) for m in drawn["C"])
    assert max(_top_width(m[::-1]) for m in drawn["H"]) < min(_top_width(m) for m in drawn["H"])


def test_a_bank_with_more_suits_is_the_bank_before_and_the_drawn_designs_after() -> None:
    """The shipped recipe (without --varied-suits) draws the same bank as before."""
    pytest.importorskip("PIL", reason="glyph banks are drawn with Pillow (the train extra)")
    from vision.train.suits import VARIED_SUITS
    from vision.train.synth import build_bank

    plain = build_bank([], {}, np.random.default_rng(5), art_suits=False)
    more = build_bank([], {}, np.random.default_rng(5), art_suits=False, more_suits=True)
    for suit in "SHDC":
        n = len(plain.suits[suit])
        assert len(more.suits[suit]) == n + VARIED_SUITS
        assert all(np.array_equal(a, b) for a, b in zip(plain.suits[suit], more.suits[suit][:n], strict=True))


def test_wide_inks_keep_reds_red_and_blacks_neutral_and_reach_dark_and_pale_print() -> None:
    """--varied-inks (vision.train.synth.ink_colour): dark maroon and pale reds, grey
    blacks; a red ink is still redder than green and blue, a black one no colour."""
    from vision.train.synth import ink_colour

    rng = np.random.default_rng(9)
    reds = np.array([ink_colour(rng, "H", wide=True) for _ in range(600)])
    blacks = np.array([ink_colour(rng, "S", wide=True) for _ in range(600)])
    b, g, r = reds.T
    assert (r > 1.3 * g).all() and (r > 1.3 * b).all()
    assert (r < 100).sum() > 50  # dark maroon, as (40, 40, 73)
    assert ((g > 0.45 * r) & (r > 160)).sum() > 100  # pale, as (106, 125, 178)
    assert np.ptp(blacks[:, 1:], axis=1).max() < 1e-3 and (blacks[:, 0] - blacks[:, 1]).max() <= 40
    assert ((blacks[:, 1] >= 60) & (blacks[:, 1] <= 120)).sum() > 60  # grey print
    plain = np.random.default_rng(9)
    assert all(ink_colour(plain, "D")[2] >= 140 for _ in range(200))  # without it, the reds before


def test_jumbo_indices_are_drawn_large_for_a_share() -> None:
    """--jumbo-indices (vision.train.synth.font_face): a share of the redrawn rank glyphs
    0.14-0.21 of the face's height (without it 0.075-0.14)."""
    from vision.train.art import FH, FW
    from vision.train.synth import JUMBO_SHARE, GlyphBank, font_face

    bank = GlyphBank({"7": [_glyph("7")]}, {"S": [_glyph("8")]})
    art = {"7S": np.full((FH, FW, 4), 255, np.uint8)}

    def heights(jumbo: bool) -> np.ndarray:
        rng = np.random.default_rng(4)
        out = []
        for _ in range(400):
            made = font_face(rng, art, bank, "7S", jumbo=jumbo)
            assert made is not None
            out.append(made[1][3] / FH)
        return np.array(out)

    plain, jumbo = heights(False), heights(True)
    assert plain.max() <= 0.14 + 1 / FH and plain.min() >= 0.075 - 1 / FH
    large = jumbo > 0.14 + 1 / FH
    assert abs(large.mean() - JUMBO_SHARE) < 0.07 and jumbo.max() <= 0.21 + 1 / FH


def test_a_jumbo_share_of_one_draws_every_index_large() -> None:
    """``jumbo_share`` 1.0 (the benchmark's lone cards with jumbo indices,
    vision.train.scenes.lone_scene): every rank glyph 0.14-0.21 of the face's height."""
    from vision.train.art import FH, FW
    from vision.train.synth import GlyphBank, font_face

    bank = GlyphBank({"7": [_glyph("7")]}, {"S": [_glyph("8")]})
    art = {"7S": np.full((FH, FW, 4), 255, np.uint8)}
    rng = np.random.default_rng(5)
    tall = []
    for _ in range(200):
        made = font_face(rng, art, bank, "7S", jumbo=True, jumbo_share=1.0)
        assert made is not None
        tall.append(made[1][3] / FH)
    assert min(tall) >= 0.14 - 1 / FH and max(tall) <= 0.21 + 1 / FH


def test_drawn_queens_are_one_piece_round_one_counter_with_the_tail_out_below_right() -> None:
    """--drawn-queens (vision.train.letters.drawn_queen): the playing-card Q, a narrow bowl
    (one closed counter, not split by the tail) whose straight tail runs out below it to
    the right of its middle; the same generator draws the same letters."""
    from vision.train.letters import drawn_queens

    drawn = drawn_queens(np.random.default_rng(21), 80)
    again = drawn_queens(np.random.default_rng(21), 80)
    assert all(np.array_equal(a, b) for a, b in zip(drawn, again, strict=True))
    for m in drawn:
        ink = (m > 127).astype(np.uint8)
        assert cv2.connectedComponents(ink, connectivity=8)[0] - 1 == 1
        paper = cv2.copyMakeBorder(1 - ink, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=1)
        n, lab, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
        counters = [k for k in range(1, n) if k != lab[0, 0] and stats[k, cv2.CC_STAT_AREA] >= 4]
        assert len(counters) == 1  # (a pixel pinched off by the smoothing is no counter)
        h, w = m.shape
        assert 1.0 < h / w < 2.6
        assert 58 <= h <= 80  # a 56 px bowl and its tail below it
        bottom = np.nonzero(m[-3:] > 127)[1]
        assert bottom.mean() > 0.55 * w  # the tail's end, right of the middle
    assert len({m.shape for m in drawn}) > 20  # proportions vary


def test_a_bank_with_drawn_queens_is_the_bank_before_and_the_queens_after() -> None:
    """The shipped recipe (without --drawn-queens) draws the same bank as before."""
    pytest.importorskip("PIL", reason="glyph banks are drawn with Pillow (the train extra)")
    from vision.train.synth import build_bank

    plain = build_bank([], {}, np.random.default_rng(5), art_suits=False)
    queens = build_bank([], {}, np.random.default_rng(5), art_suits=False, queens=8)
    assert len(queens.ranks["Q"]) == len(plain.ranks["Q"]) + 8
    assert all(len(queens.ranks[r]) == len(plain.ranks[r]) for r in plain.ranks if r != "Q")
    for suit in "SHDC":
        assert all(np.array_equal(a, b) for a, b in zip(plain.suits[suit], queens.suits[suit], strict=True))


def test_mirrored_courts_put_the_picture_symbol_beside_the_index_and_paint_out_the_old_one() -> None:
    """--mirrored-courts (vision.train.synth.font_face): half the court faces turned over
    left to right, the art's own indices (now top right and bottom left) painted out;
    number cards and the recipe without it draw as before."""
    from vision.train.art import FH, FW
    from vision.train.synth import GlyphBank, font_face

    bank = GlyphBank({"Q": [_glyph("8")], "9": [_glyph("9")]}, {"S": [_glyph("8")]})
    face = np.full((FH, FW, 4), 255, np.uint8)
    face[8:40, 10:30, :3] = 0  # the art's index, top left
    face[FH - 40 : FH - 8, FW - 30 : FW - 10, :3] = 0  # and bottom right
    face[30:90, 190:240, :3] = 0  # the picture's suit symbol, top right
    art = {"QS": face, "9S": face}

    def symbol_left(card: str, mirror: bool, seed: int) -> bool:
        made = font_face(np.random.default_rng(seed), art, bank, card, mirror=mirror)
        assert made is not None
        f = made[0][..., :3]
        assert (f[8:40, FW - 30 : FW - 10] == 255).all()  # no old index at the top right
        assert (f[FH - 40 : FH - 8, 10:30] == 255).all()  # nor at the bottom left
        left, right = (f[30:90, 60:110] == 0).all(), (f[30:90, 190:240] == 0).all()
        assert left != right
        return bool(left)

    turned = [symbol_left("QS", True, s) for s in range(40)]
    assert 10 <= sum(turned) <= 30  # about half
    assert not any(symbol_left("9S", True, s) for s in range(20))  # number cards never
    assert not any(symbol_left("QS", False, s) for s in range(20))
    plain = font_face(np.random.default_rng(5), art, bank, "9S")
    again = font_face(np.random.default_rng(5), art, bank, "9S", mirror=True)
    assert plain is not None and again is not None and np.array_equal(plain[0], again[0])


def _faces() -> dict[str, np.ndarray]:
    """The stand-in CC0 art (tests.helpers.synth.stand_in_art), each face filled with its
    own grey level (the backs left white)."""
    out = stand_in_art()
    for k, card in enumerate(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"):
        out[card] = out[card].copy()
        out[card][..., :3] = 4 * k
    return out


def test_another_picture_keeps_the_cards_own_index_corners() -> None:
    """--swapped-pictures (vision.train.art.other_picture): a court card's face with
    its two index corners (ART_INDEX, top left and bottom right) its own and everything
    else the picture's card's; its own picture is its face as it is."""
    from vision.train.art import ART_INDEX, FH, FW, other_picture

    art = _faces()
    face = other_picture(art, "JD", "KD")
    x1, y1 = round(ART_INDEX[2] * FW), round(ART_INDEX[3] * FH)
    own, pic = art["JD"][0, 0, 0], art["KD"][0, 0, 0]
    assert (face[:y1, :x1, :3] == own).all() and (face[FH - y1 :, FW - x1 :, :3] == own).all()
    assert (face[y1:, : FW - x1, :3] == pic).all() and (face[: FH - y1, x1:, :3] == pic).all()
    assert (art["KD"][..., :3] == pic).all()  # the art itself unchanged
    assert other_picture(art, "QS", "QS") is art["QS"]


def test_swapped_pictures_put_court_cards_on_other_pictures_and_leave_the_rest() -> None:
    """generate(..., swap=True): court cards' crops come from faces of other pictures
    (their crops differ from the plain draw's), and the draws stay as they were without
    it (no court card: the same crops)."""
    from vision.train.synth import GlyphBank, generate

    art = _faces()
    bank = GlyphBank({r: [_glyph(r)] for r in "A23456789TJQK"}, {s: [_glyph("8")] for s in "SHDC"})
    plain, swapped = generate(3, 0, 60, art, bank), generate(3, 0, 60, art, bank, swap=True)
    again = generate(3, 0, 60, art, bank, swap=False)
    assert (plain.crops == again.crops).all()
    # the first court card drawn: the draws before it are the same either way
    first = int(np.flatnonzero(np.isin(plain.card // 4, [10, 11, 12]))[0])
    assert (plain.crops[:first] == swapped.crops[:first]).all()
    assert (plain.card[:first] == swapped.card[:first]).all()
    assert plain.card[first] == swapped.card[first]
    assert (plain.crops[first : first + 4] != swapped.crops[first : first + 4]).any()
