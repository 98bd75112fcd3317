"""The live screen in Russian and Turkish as a person sees it (rich's recording
console at 80 columns): seats in their places, the open trick's cards in the display
form of the language, the badge word of the seeds, the score labels translated."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from referee import i18n
from referee.live.controller import LiveSession
from referee.live.screen import render
from referee.session.store import Store
from tests.helpers.live import KORT_SCRIPT, PAGAT_SCRIPT

NAMES = {"S": "Азамат", "E": "Тимур", "N": "Бакыт", "W": "Ерлан"}


def _screen(s: LiveSession, messages: list[str], width: int = 80) -> list[str]:
    con = Console(width=width, record=True, color_system=None, file=io.StringIO())
    con.print(render(s, messages))
    return con.export_text().splitlines()


def _find(lines: list[str], text: str) -> tuple[int, int]:
    hits = [(i, line.index(text)) for i, line in enumerate(lines) if text in line]
    assert len(hits) == 1, (text, lines)
    return hits[0]


def pagat_screen(tmp_path: Path, lang: str) -> list[str]:
    """Deal 2 of the pagat script, trick 2 open (N 4D, W 5D), under ``lang``."""
    i18n.setup(lang)
    s, _ = LiveSession.start(
        Store(tmp_path / f"p-{lang}.db"),
        profile="pagat",
        players=NAMES,
        dealer="S",
        caller=None,
        seed=1,
        duration=90,
        target=None,
    )
    out = None
    for line in [*PAGAT_SCRIPT[:9], "2D 2C 3D AD", "4D 5D"]:
        out = s.enter(line)
    assert out is not None
    return _screen(s, [out.echo, *out.lines])


def kort_screen(tmp_path: Path, lang: str) -> list[str]:
    """Deal 1 of the kort script, trick 7: S led JS as a tsar, E played 5H."""
    i18n.setup(lang)
    s, _ = LiveSession.start(
        Store(tmp_path / f"k-{lang}.db"),
        profile="kort",
        players={},
        dealer=None,
        caller="S",
        seed=1,
        duration=None,
        target=None,
    )
    for line in KORT_SCRIPT[:7]:
        s.enter(line)
    out = s.enter("JS:tsar 5H")
    assert out is not None
    return _screen(s, [out.echo, *out.lines])


def test_pagat_screen_in_russian(tmp_path: Path) -> None:
    lines = pagat_screen(tmp_path, "ru")
    assert len(lines) + 1 <= 24
    table = lines[:7]
    n_row, _ = _find(table, "N Бакыт")
    w_row, w_col = _find(table, "W Ерлан")
    e_row, _ = _find(table, "E Тимур")
    s_row, s_col = _find(table, "S Азамат")
    assert n_row < w_row == e_row < s_row and w_col == 0
    assert lines[s_row][s_col - 2 : s_col] == "▶ "
    nc_row, _ = _find(lines, "[4♦]")
    assert nc_row == n_row + 1
    wc_row, _ = _find(lines, "[5♦]")
    assert wc_row == w_row
    assert "сдача 2" in lines[0] and "взятка 2" in lines[0] and "козырь пики ♠" in lines[0]
    assert "взятки  NS 1 : EW 0" in lines[w_row]
    _find(lines, "корты  NS 0 : EW 1    серии  NS 0 : EW 0")
    seats_row, _ = _find(lines, "сдаёт N · объявляет W")
    assert "осталось" in lines[seats_row]
    assert lines[-1] == "> сдача 2, взятка 2: N 4♦, W 5♦"


def test_kort_screen_in_turkish(tmp_path: Path) -> None:
    lines = kort_screen(tmp_path, "tr")
    assert "[SAR]" in lines[0] and "koz maça ♠" in lines[0] and "el 7" in lines[0]
    js_row, _ = _find(lines, "[J♠]")
    h_row, h_col = _find(lines, "[5♥]")
    assert h_row < js_row and h_col > 60
    _find(lines, "▶ N")
    _find(lines, "galibiyet  NS 0 : EW 0 (hedef 7)    maçlar  NS 0 : EW 0")
    _find(lines, "koz sahibi S · gelenek gereği W dağıtır")
    assert "S kozla açıyor: sar" in lines[-1]


def test_kort_screen_in_kazakh_badge(tmp_path: Path) -> None:
    lines = kort_screen(tmp_path, "kk")
    assert "[ЦАРЬ]" in lines[0] and "козырь пики ♠" in lines[0]
    _find(lines, "[В♠]")  # Cyrillic В: валет


@pytest.mark.parametrize(
    ("lang", "first", "last"),
    [
        ("en", "entries:", "  Тт = ace of clubs, 10ч = ten of hearts"),
        ("ru", "ввод:", "  Тт — туз треф, 10ч — десятка червей"),
        ("kk", "енгізу:", "  масть п ч б т/к: Тт — крести тузы, 10ч — черви ондығы"),
        ("tr", "girdiler:", "  help                 bu liste (sonraki girdi masayı geri getirir)"),
    ],
)
def test_help_fits_80x24_in_place_of_the_table(tmp_path: Path, lang: str, first: str, last: str) -> None:
    """``help`` replaces the table until the next entry: the whole list, every line
    unwrapped, and the screen with the prompt within 24 lines of 80 columns."""
    i18n.setup(lang)
    s, _ = LiveSession.start(
        Store(tmp_path / f"h-{lang}.db"),
        profile="kort",
        players=NAMES,
        dealer=None,
        caller="S",
        seed=1,
        duration=90,
        target=None,
    )
    out = s.enter("help")
    assert out is not None and out.help
    con = Console(width=80, record=True, color_system=None, file=io.StringIO())
    con.print(render(s, [out.echo], help_lines=out.lines))
    lines = con.export_text().splitlines()
    assert len(lines) + 1 <= 24 and max(len(x) for x in lines) <= 80
    start = lines.index(first)
    assert lines[start : start + len(out.lines)] == out.lines  # all of it, no line wrapped
    if lang != "en":
        assert last in out.lines
    assert not any("Азамат" in x for x in lines)  # the table is not shown meanwhile
