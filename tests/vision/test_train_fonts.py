"""The training and the benchmark refuse to draw glyphs from some of their fonts (issue 10,
point 4): a glyph bank is drawn from the fonts found, so a font package missing on a
machine would make other crops, models and held-apart sets without a word (the README's
install line once lacked fonts-dejavu-extra, which holds three of them). The benchmark's
side: ``test_tools.py::test_a_benchmark_without_the_held_apart_fonts_says_why``."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.train import fonts
from vision.train.fonts import (
    FONT_GROUPS,
    FONT_PACKAGES,
    MORE_FONT_PACKAGES,
    MORE_FONTS,
    group_fonts,
    missing_fonts,
)


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


def test_more_fonts_go_to_the_training_groups_only_each_font_to_one_group() -> None:
    """Set C (the held-apart fonts the thresholds are calibrated and the reader is
    benchmarked on) is the same with --more-fonts; no font is taught to both
    classifiers (their errors should not coincide) nor held apart and taught."""
    assert group_fonts("C", more=True) == FONT_GROUPS["C"]
    assert set(MORE_FONTS) == {"A", "B"}
    every = [n for g in "ABC" for n in group_fonts(g, more=True)]
    assert len(every) == len(set(every))
    for g in "AB":
        assert group_fonts(g) == FONT_GROUPS[g]
        assert group_fonts(g, more=True)[: len(FONT_GROUPS[g])] == FONT_GROUPS[g]
        assert len(group_fonts(g, more=True)) == len(FONT_GROUPS[g]) + len(MORE_FONTS[g])


def test_missing_more_fonts_are_named_with_their_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --more-fonts its fonts are not asked for; with it, one missing stops the
    training naming it and the packages to install."""
    installed = [n for g in "ABC" for n in FONT_GROUPS[g]] + MORE_FONTS["A"][1:] + MORE_FONTS["B"]
    monkeypatch.setattr(fonts, "find_fonts", lambda names: [Path("/f") / n for n in names if n in installed])
    fonts.require_fonts("ABC")  # the recipe without the option has all it needs
    assert missing_fonts("ABC", more=True) == [MORE_FONTS["A"][0]]
    with pytest.raises(ValueError, match=r"fonts not installed: Courier Prime Bold\.otf") as err:
        fonts.require_fonts("ABC", more=True)
    assert all(p in str(err.value) for p in MORE_FONT_PACKAGES)
    assert fonts.missing_fonts("C", more=True) == []


def test_a_bank_with_more_fonts_is_the_bank_before_and_their_glyphs_after() -> None:
    """The shipped recipe (without --more-fonts) draws the same bank as before; with it
    every rank gains one glyph a font drawn after the others."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("PIL", reason="glyph banks are drawn with Pillow (the train extra)")
    from vision.train.synth import build_bank

    if missing_fonts("A", more=True):
        pytest.skip("the fonts of group A and its MORE_FONTS are not installed")
    plain, more = (
        build_bank(fonts.find_fonts(group_fonts("A", m)), {}, np.random.default_rng(3), art_suits=False)
        for m in (False, True)
    )
    for rank, glyphs in plain.ranks.items():
        extra = len(MORE_FONTS["A"]) * (2 if rank == "T" else 1)  # a "10" drawn and one joined
        assert len(more.ranks[rank]) == len(glyphs) + extra
        assert all(np.array_equal(a, b) for a, b in zip(glyphs, more.ranks[rank], strict=False))
