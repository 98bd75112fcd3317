"""The standard pip layouts of 2-10 (vision.layout): columns, and the same either way up."""

from __future__ import annotations

import numpy as np
import pytest

from vision.detector import CARD_H, CARD_W
from vision.layout import CENTRE_PIPS, columns, layout_ok, mirrored, over_columns
from vision.segment import Component

L, M, R = 0.3, 0.5, 0.7  # the columns, fractions of the card's width
#: pip centres (column, fraction of the height) of a French-suited deck's number cards
STANDARD = {
    2: [(M, 0.2), (M, 0.8)],
    3: [(M, 0.2), (M, 0.5), (M, 0.8)],
    4: [(L, 0.2), (R, 0.2), (L, 0.8), (R, 0.8)],
    5: [(L, 0.2), (R, 0.2), (M, 0.5), (L, 0.8), (R, 0.8)],
    6: [(x, y) for y in (0.2, 0.5, 0.8) for x in (L, R)],
    7: [(x, y) for y in (0.2, 0.5, 0.8) for x in (L, R)] + [(M, 0.35)],
    8: [(x, y) for y in (0.2, 0.5, 0.8) for x in (L, R)] + [(M, 0.35), (M, 0.65)],
    9: [(x, y) for y in (0.2, 0.4, 0.6, 0.8) for x in (L, R)] + [(M, 0.5)],
    10: [(x, y) for y in (0.2, 0.4, 0.6, 0.8) for x in (L, R)] + [(M, 0.3), (M, 0.7)],
}


def pips(at: list[tuple[float, float]]) -> list[Component]:
    """Pips 16 x 20 px centred at ``at`` (fractions of the card's width and height)."""
    out = []
    for fx, fy in at:
        cx, cy = fx * (CARD_W - 1), fy * (CARD_H - 1)
        out.append(
            Component(
                round(cx) - 8, round(cy) - 10, 16, 20, 250, cx, cy, 1.0, np.full((20, 16), 255, np.uint8)
            )
        )
    return out


@pytest.mark.parametrize("n", sorted(STANDARD))
def test_every_standard_layout_is_accepted(n: int) -> None:
    assert len(STANDARD[n]) == n
    assert layout_ok(pips(STANDARD[n]))


def test_a_three_with_its_top_pip_hidden_is_no_two() -> None:
    """Two pips in the middle column pass the column rule of a 2, but a 2's lie at both
    ends: a 3H whose top pip lies under a chip (hunt frame 111040056) is no 2H."""
    shown = pips([(M, 0.5), (M, 0.8)])
    assert CENTRE_PIPS[2] == 2 and all(abs(c.cx - CARD_W / 2) < 0.1 * CARD_W for c in shown)
    assert not mirrored(shown)
    assert not layout_ok(shown)


def test_a_seven_has_one_unmatched_pip_its_middle_one() -> None:
    """A seven's one pip that turned half a turn lies on none is its extra middle one;
    seven shapes with one off the middle column unmatched too (a pip of another card,
    seen in a pile outline, among them) are no seven."""
    assert mirrored(pips(STANDARD[7]))
    assert not mirrored(pips([*STANDARD[6][:-1], (R, 0.62), (M, 0.35)]))


def test_a_pip_a_little_off_its_place_is_still_mirrored() -> None:
    """Outline error and perspective move pips a little: 0.1 of the card off still counts."""
    moved = [*STANDARD[5][:-1], (R + 0.1, 0.8 - 0.1)]
    assert layout_ok(pips(moved))
    assert not layout_ok(pips([*STANDARD[5][:-1], (R, 0.8 - 0.2)]))


def test_a_seven_beside_its_index_suit_marks_is_no_nine() -> None:
    """Hunt frame 113040142 (jumbo index, held-apart font): a 7H's seven pips and the two
    suit marks under its pale jumbo "7" are nine shapes in a 9's columns, the same either
    way up within MIRROR_TOL; the marks lie a fifth of the card's width outside the pips'
    side columns. Centres in pixels of the rectified card, as measured there."""
    at = [(55, 66), (94, 66), (25, 68), (55, 111), (94, 111), (75, 131), (124, 149), (55, 151), (95, 151)]
    shown = pips([(x / (CARD_W - 1), y / (CARD_H - 1)) for x, y in at])
    assert mirrored(shown)
    assert not layout_ok(shown)
    assert layout_ok([p for p in shown if abs(p.cx - CARD_W / 2) < 0.3 * CARD_W])  # the pips alone: a 7


@pytest.mark.parametrize("n", sorted(STANDARD))
def test_each_standard_layout_fits_its_own_columns_and_every_covered_part_of_it(n: int) -> None:
    """A card partly covered shows fewer pips in a column, never more: every subset of
    its layout (here: each pip left out in turn) fits the rank's columns."""
    assert not over_columns(columns(pips(STANDARD[n])), n)
    for k in range(n):
        assert not over_columns(columns(pips(STANDARD[n][:k] + STANDARD[n][k + 1 :])), n)


@pytest.mark.parametrize(
    ("shown", "read", "over"),
    [
        (6, 5, True),  # a 6's three pips a side: a 5 has two (hunt frame hands 101030107)
        (10, 9, True),  # a 10's two middle pips: a 9 has one (hands 99030025)
        (3, 2, True),
        (7, 8, False),  # an 8 with a middle pip covered shows a 7's layout
        (6, 8, False),
        (4, 6, False),
        (2, 1, True),  # an ace has one pip
    ],
)
def test_pips_of_another_layout_fit_a_rank_s_columns_only_where_it_has_room(
    shown: int, read: int, over: bool
) -> None:
    cols = columns(pips(STANDARD[shown]))
    assert cols == (
        sum(x == L for x, _ in STANDARD[shown]),
        sum(x == M for x, _ in STANDARD[shown]),
        sum(x == R for x, _ in STANDARD[shown]),
    )
    assert over_columns(cols, read) == over
