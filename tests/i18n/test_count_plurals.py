"""Counts said with the plural form of each language: ``referee backup``'s sessions,
``camera check``'s outlines and grey levels (ru: 1 сессия, 2 сессии, 5 сессий;
152 уровня серого; en: 1 session, 1 outline)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import i18n
from referee.session.store import Store
from tests.helpers.club import referee, season


@pytest.mark.parametrize(
    ("n", "en", "ru"),
    [
        (1, "(1 session)", "(1 сессия)"),
        (2, "(2 sessions)", "(2 сессии)"),
        (5, "(5 sessions)", "(5 сессий)"),
    ],
)
def test_backup_counts_the_sessions(n: int, en: str, ru: str, tmp_path: Path) -> None:
    with Store(tmp_path / "sessions.db") as store:
        assert len(season(store, n)) == n
    out = referee("backup", "-o", str(tmp_path / "en.db"), data_dir=tmp_path).stdout
    assert en in out
    out = referee("--lang", "ru", "backup", "-o", str(tmp_path / "ru.db"), data_dir=tmp_path).stdout
    assert ru in out


@pytest.mark.parametrize(
    ("c", "text"),
    [
        (1, "1 уровень серого"),
        (3, "3 уровня серого"),
        (11, "11 уровней серого"),
        (21, "21 уровень серого"),
        (152, "152 уровня серого"),
        (155, "155 уровней серого"),
    ],
)
def test_russian_grey_levels(c: int, text: str) -> None:
    i18n.setup("ru")
    line = i18n.ngettext(
        "card/table contrast: {c} grey level (table {t})",
        "card/table contrast: {c} grey levels (table {t})",
        c,
    ).format(c=c, t=60)
    assert line == f"контраст карт и стола: {text} (стол 60)"


@pytest.mark.parametrize(
    ("lang", "n", "text"),
    [
        ("ru", 1, "карты: найден 1 контур, прочитано 1"),
        ("ru", 3, "карты: найдено 3 контура, прочитано 1"),
        ("ru", 13, "карты: найдено 13 контуров, прочитано 1"),
        ("kk", 6, "карталар: 6 контур табылды, 1 оқылды"),
        ("tr", 6, "kartlar: 6 çerçeve bulundu, 1 okundu"),
    ],
)
def test_outlines_found(lang: str, n: int, text: str) -> None:
    i18n.setup(lang)
    line = i18n.ngettext(
        "cards: {n} outline found, {k} read", "cards: {n} outlines found, {k} read", n
    ).format(n=n, k=1)
    assert line == text
