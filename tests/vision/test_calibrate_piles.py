"""The calibration of the pile-corner threshold (vision.train.calibrate_piles, issue 10
point 3): which card's index a pile outline's corner stands on, and the threshold
rule (zero wrong agreeing reads, half the remaining doubt again, never below the
whole-card threshold of an index alone)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.train.calibrate_piles import TEMPLATED_FLOOR, corner_truth, half_metrics, pile_metrics


def box(x: float, y: float, w: float, h: float) -> np.ndarray:
    """An upright card's outline: top-left, top-right, bottom-right, bottom-left."""
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


CARDS = {"7H": box(100, 100, 90, 126), "KS": box(400, 100, 90, 126)}


def test_an_outline_on_a_cards_top_left_corner_the_same_way_up_stands_on_its_index() -> None:
    assert corner_truth(box(103, 98, 90, 126), CARDS) == {"7H"}


def test_the_bottom_right_index_counts_with_the_outline_turned_half_a_turn() -> None:
    # first corner at 7H's bottom-right (190, 226), its top side running to the left
    turned = np.array([[190, 226], [100, 226], [100, 100], [190, 100]], np.float32)
    assert corner_truth(turned, CARDS) == {"7H"}


def test_an_outline_turned_a_quarter_or_away_from_any_index_stands_on_none() -> None:
    # on 7H's top-left corner, but its top side runs down 7H's left side (a quarter turn)
    quarter = np.array([[100, 100], [100, 190], [-26, 190], [-26, 100]], np.float32)
    assert corner_truth(quarter, CARDS) == set()
    # on 7H's top-right corner (no index there)
    assert corner_truth(box(190, 100, 90, 126), CARDS) == set()
    # a quarter of the card's width (22.5 px) away or more: no longer its corner
    assert corner_truth(box(124, 100, 90, 126), CARDS) == set()
    assert corner_truth(box(121, 100, 90, 126), CARDS) == {"7H"}


def test_the_threshold_is_the_zero_wrong_point_with_half_the_doubt_again() -> None:
    conf = np.array([0.999, 0.995, 0.985, 0.98, 0.97, 0.9999])
    agree = np.array([True, True, True, True, True, False])
    wrong = np.array([False, False, False, True, False, True])
    m = pile_metrics(conf, agree, wrong, 10, pair_covered=0.9)
    # the surest wrong agreeing read is at 0.98 (the one at 0.9999 has no agreement)
    assert m["pile_t_zero_wrong"] == pytest.approx(0.98, abs=1e-4)
    assert m["pile_corner"] == pytest.approx(0.9901)  # 0.98 + 0.02 / 2, rounded up
    assert m["pile_right_read"] == 2  # 0.999 and 0.995; 0.985 is below
    assert m["pile_wrong_at_argmax"] == 1 and m["pile_agreeing"] == 5 and m["pile_crops"] == 6


def test_the_threshold_is_never_below_that_of_an_index_alone_on_a_whole_card() -> None:
    conf = np.array([0.999, 0.95])
    agree = np.array([True, True])
    wrong = np.array([False, True])
    assert pile_metrics(conf, agree, wrong, 1, pair_covered=0.9945)["pile_corner"] == 0.9945


def test_reads_the_template_reader_backs_get_their_own_zero_wrong_point() -> None:
    # agreeing reads: wrong ones at 0.995 (not backed) and 0.95 (backed); right ones
    conf = np.array([0.9995, 0.995, 0.99, 0.97, 0.95, 0.93])
    agree = np.ones(6, bool)
    wrong = np.array([False, True, False, False, True, False])
    backed = np.array([False, False, True, True, True, True])
    m = pile_metrics(conf, agree, wrong, 1, pair_covered=0.9, backed=backed)
    assert m["pile_corner"] == pytest.approx(0.9976)  # 0.995 + 0.005 / 2, rounded up
    # the backed reads' surest wrong one is at 0.95: 0.95 + 0.05 / 2
    assert m["pile_backed_t_zero_wrong"] == pytest.approx(0.95, abs=1e-4)
    assert m["pile_corner_templated"] == pytest.approx(0.9751)
    assert m["pile_backed_wrong"] == 1
    # 0.9995 at pile_corner; 0.99 backed at 0.9751 or more; 0.97 and 0.93 are below
    assert m["pile_right_read"] == 1 and m["pile_right_read_templated"] == 2


def test_the_templated_threshold_lies_between_the_floor_and_pile_corner() -> None:
    agree = np.ones(3, bool)
    # no wrong backed read: its zero-wrong point is the least backed read (0.5), the
    # floor wins
    backed = np.array([False, True, True])
    m = pile_metrics(np.array([0.999, 0.95, 0.5]), agree, np.array([True, False, False]), 1, 0.9, backed)
    assert m["pile_corner"] == pytest.approx(0.9996)
    assert m["pile_corner_templated"] == pytest.approx(TEMPLATED_FLOOR)
    # pile_corner itself under the floor (a low whole-card bar): the floor does not lift
    # the templated one above it
    m = pile_metrics(np.array([0.8, 0.5, 0.4]), agree, np.array([False, True, False]), 1, 0.5, backed)
    assert m["pile_corner"] == pytest.approx(0.7501)  # 0.5 + 0.5 / 2, rounded up
    assert m["pile_corner_templated"] == pytest.approx(0.7501)


def test_the_hand_half_threshold_is_its_own_zero_wrong_point_between_the_index_alone_and_the_piles() -> None:
    """half_corner: the rule of pile_corner on the hands' halves' corners, never below
    pair_covered, never above pile_corner (where those corners were read before)."""
    conf = np.array([0.999, 0.99, 0.97, 0.96, 0.9999, 0.5])
    agree = np.array([True, True, True, True, False, True])
    wrong = np.array([False, False, False, True, True, True])
    m = half_metrics(conf, agree, wrong, 7, pair_covered=0.9, pile_corner=0.999)
    # the surest wrong agreeing read is at 0.96: just above it, 0.96 + 0.04 / 2, rounded up
    assert m["half_t_zero_wrong"] == pytest.approx(0.96, abs=1e-4)
    assert m["half_corner"] == pytest.approx(0.9801)
    assert m["half_right_read"] == 2  # 0.999 and 0.99; 0.97 is below
    assert (m["half_frames"], m["half_crops"], m["half_agreeing"], m["half_wrong_at_argmax"]) == (7, 6, 5, 2)
    # the floor: an index alone on a whole card needs pair_covered
    floor = half_metrics(conf, agree, wrong, 7, pair_covered=0.9914, pile_corner=0.999)
    assert floor["half_corner"] == 0.9914
    # the ceiling: a wrong read at 0.9995 would ask 0.99975, more than the piles' own bar
    both = np.array([True, True])
    hi = half_metrics(np.array([0.9995, 0.9999]), both, np.array([True, False]), 1, 0.9, 0.999)
    assert hi["half_corner"] == 0.999 and hi["half_right_read"] == 1
