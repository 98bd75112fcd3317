"""The training and the benchmark refuse to draw glyphs from some of their fonts (issue 10,
point 4): a glyph bank is drawn from the fonts found, so a font package missing on a
machine would make other crops, models and held-apart sets without a word (the README's
install line once lacked fonts-dejavu-extra, which holds three of them). The benchmark's
side: ``test_tools.py::test_a_benchmark_without_the_held_apart_fonts_says_why``."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.train import fonts
from vision.train.fonts import FONT_GROUPS, FONT_PACKAGES, missing_fonts


def test_with_no_font_installed_every_font_of_the_groups_asked_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fonts, "FONT_ROOTS", [tmp_path])
    assert missing_fonts("C") == FONT_GROUPS["C"]
    assert missing_fonts("AB") == FONT_GROUPS["A"] + FONT_GROUPS["B"]


def test_a_font_file_under_a_font_root_is_found_and_only_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / FONT_GROUPS["C"][1]).write_bytes(b"")
    monkeypatch.setattr(fonts, "FONT_ROOTS", [tmp_path])
    assert missing_fonts("C") == [n for k, n in enumerate(FONT_GROUPS["C"]) if k != 1]


def test_training_without_its_fonts_stops_with_one_line_naming_them_and_their_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision.train.__main__ import main

    monkeypatch.setattr(fonts, "FONT_ROOTS", [tmp_path])
    with pytest.raises(SystemExit) as stop:
        main(["--data", str(tmp_path / "data"), "--out", str(tmp_path / "out")])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert FONT_GROUPS["A"][0] in err and FONT_GROUPS["C"][-1] in err
    assert all(p in err for p in FONT_PACKAGES)
    assert not (tmp_path / "out").exists()  # nothing trained, nothing written


def test_a_font_without_letters_gives_no_court_or_ace_glyphs_only_its_suit_symbols() -> None:
    """NotoSansSymbols2 (group B, for its suit symbols) has no letters: it draws its
    "missing glyph" box for them, which was taught to B as A, J, Q and K."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("PIL", reason="glyphs are drawn with Pillow (the train extra)")
    from vision.train.fonts import find_fonts
    from vision.train.synth import build_bank

    found = find_fonts(["NotoSansSymbols2-Regular.ttf", "NotoSans-Bold.ttf"])
    if len(found) < 2:
        pytest.skip("NotoSansSymbols2-Regular.ttf or NotoSans-Bold.ttf (fonts-noto-core) not installed")
    symbols, letters = (build_bank([p], {}, np.random.default_rng(0), art_suits=False) for p in found)
    for rank in "AJQK":
        assert symbols.ranks[rank] == [] and len(letters.ranks[rank]) == 1
    drawn_only = build_bank([], {}, np.random.default_rng(0), art_suits=False)
    for suit in "SHDC":  # the font's own suit symbol, besides the drawn shapes
        assert len(symbols.suits[suit]) == len(drawn_only.suits[suit]) + 1
