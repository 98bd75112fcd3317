"""The calibration of the pile-corner threshold (vision.train.calibrate_piles, issue 10
point 3): which card's index a pile outline's corner stands on, and the threshold
rule (zero wrong agreeing reads, half the remaining doubt again, never below the
whole-card threshold of an index alone)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.train.calibrate_piles import corner_truth, pile_metrics


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
