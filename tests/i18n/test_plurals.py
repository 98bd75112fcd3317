"""Plural forms in each language (issue 5): взятка / взятки / взяток."""

from __future__ import annotations

import pytest

from referee import i18n
from referee.live import messages as M


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "0 взяток"),
        (1, "1 взятка"),
        (2, "2 взятки"),
        (4, "4 взятки"),
        (5, "5 взяток"),
        (11, "11 взяток"),
        (12, "12 взяток"),
        (13, "13 взяток"),
        (21, "21 взятка"),
        (22, "22 взятки"),
        (25, "25 взяток"),
        (111, "111 взяток"),
    ],
)
def test_russian_tricks(n: int, text: str) -> None:
    i18n.setup("ru")
    assert M.tricks_count(n) == text


def test_russian_wins_deals_cards() -> None:
    i18n.setup("ru")
    assert [M.wins_count(n) for n in (1, 2, 5, 10, 13)] == [
        "1 победа",
        "2 победы",
        "5 побед",
        "10 побед",
        "13 побед",
    ]
    assert [M.deals_count(n) for n in (1, 3, 7, 21)] == ["1 сдача", "3 сдачи", "7 сдач", "21 сдача"]
    assert M.too_many_cards(5) == "в строке от 1 до 4 карт, а введено: 5 карт"
    assert M.redeal_usage(2) == (
        "рука для перераздачи — 13 карт, а введено: 2 карты (или просто `redeal`, R13)"
    )


def test_kort_results_in_russian() -> None:
    i18n.setup("ru")
    assert M._kort_result("win", "NS", 7, 1, 1) == "NS берут партию 7:1: 1 победа"
    assert M._kort_result("court", "EW", 7, 0, 5) == "КОРТ — EW (7:0): 5 побед"
    assert M._kort_result("at-bavyan", "EW", 13, 0, 13) == "АТ-БАВЯН — EW (13:0): 13 побед"
    assert M._kort_result("bavyan-failed", "NS", 7, 1, 5) == "ПРОВАЛ БАВЯНА: 5 побед — NS"
    assert M._kort_result("trop-failed", "NS", 0, 1, 1) == "ТРОП СОРВАН: 1 победа — NS"


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "1 trick", "5 tricks"),
        ("kk", "1 қол", "5 қол"),
        ("tr", "1 el", "5 el"),
    ],
)
def test_two_form_languages(lang: str, one: str, many: str) -> None:
    i18n.setup(lang)
    assert (M.tricks_count(1), M.tricks_count(5)) == (one, many)


def test_english_is_back_after_a_test() -> None:
    """The autouse fixture restores English: the live tests read English screens."""
    assert i18n.language() == "en" and M.tricks_count(2) == "2 tricks"
