"""``python -m vision.evaluate DIR`` and ``python -m vision.bench`` on generated images."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import pytest

from tests.helpers.synth import card_back, card_face, place, stand_in_art, table

REPO = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, cwd=REPO, timeout=120, check=False
    )


def make_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "photos"
    folder.mkdir()
    one = table("felt")
    place(one, card_face("7H"), (400.0, 360.0), 20.0, 110)
    place(one, card_face("5D"), (800.0, 360.0), -15.0, 110)
    cv2.imwrite(str(folder / "synth_scene_a.png"), one)
    two = table("wood", seed=4)
    place(two, card_back(2), (640.0, 360.0), 5.0, 110)
    cv2.imwrite(str(folder / "synth_empty_b.png"), two)
    # the labels say 7H and 5D, and a 9C the reader cannot see (a miss, not an error)
    (folder / "labels.csv").write_text(
        "file,cards\nsynth_scene_a.png,7H 5D 9C\nsynth_empty_b.png,\n", encoding="utf-8"
    )
    return folder


@pytest.mark.slow
def test_evaluate_prints_per_image_lines_then_the_totals(tmp_path: Path) -> None:
    res = run("vision.evaluate", str(make_folder(tmp_path)))
    assert res.returncode == 0, res.stderr
    lines = res.stdout.strip().splitlines()
    assert lines[0].startswith("synth_scene_a.png: expected 7H 5D 9C | read ")
    assert "missing 9C" in lines[0] and "WRONG" not in lines[0]
    assert lines[1].startswith("synth_empty_b.png: expected - | read - | right 0/0")
    assert lines[-5:] == [
        "cards found: 2",
        "cards read right: 2 of 3",
        "wrong labels: 0",
        "precision: 1.000",
        "recall: 0.667",
    ]
    assert "synth_scene: cards 3, found 2, right 2, wrong 0" in lines
    assert "synth_empty: cards 0, found 0, right 0, wrong 0" in lines


@pytest.mark.slow
def test_evaluate_without_labels_is_an_error(tmp_path: Path) -> None:
    res = run("vision.evaluate", str(tmp_path))
    assert res.returncode == 2
    assert "labels.csv" in res.stderr


@pytest.mark.slow
def test_bench_reports_milliseconds_per_frame(tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    res = run("vision.bench", str(folder / "synth_scene_a.png"), "--repeat", "2")
    assert res.returncode == 0, res.stderr
    first, last = res.stdout.strip().splitlines()
    assert first.startswith("synth_scene_a.png: median ") and first.endswith("(2 cards)")
    assert "ms per 1280x720 frame" in last and "one core" in last
    ms = float(last.split()[1])
    assert 0 < ms < 1000


def test_closeup_scales_bring_every_median_card_to_90_px() -> None:
    import csv

    from vision.evaluate import WIDTHS, closeup_scales

    scales = closeup_scales()
    with WIDTHS.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(scales) == len(rows) > 100
    for r in rows:
        assert float(r["median_card_width_px"]) * scales[r["file"]] == pytest.approx(90.0)


@pytest.mark.slow
def test_generated_pile_frames_are_fixed_by_their_seed() -> None:
    from vision.train.scenes import pile_frame

    # a stand-in deck (plain faces): the frame and its labels depend only on the seed
    art = stand_in_art()
    a, la, ca = pile_frame(5, art)
    b, lb, cb = pile_frame(5, art)
    assert a.shape == (720, 1280, 3)
    assert (a == b).all() and la == lb and ca == cb
    assert set(la) <= set(ca) and len(ca) >= 8


@pytest.mark.slow
def test_a_generated_scene_gives_each_face_up_cards_outline_portrait() -> None:
    np = pytest.importorskip("numpy")
    from vision.train.scenes import pile_frame, pile_scene

    art = stand_in_art()
    s = pile_scene(5, art)
    frame, labels, cards = pile_frame(5, art)
    assert (s.frame == frame).all() and s.labels == labels and s.cards == cards
    assert sorted(s.outlines) == sorted(cards)
    for o in s.outlines.values():
        top, side = np.hypot(*(o[1] - o[0])), np.hypot(*(o[3] - o[0]))
        assert 75 < top < 120 and side == pytest.approx(1.4 * top, rel=1e-3)  # cards 80-110 px wide


@pytest.mark.slow
def test_a_generated_holdem_frame_has_five_cards_in_a_row_and_four_hands_of_two() -> None:
    np = pytest.importorskip("numpy")
    from vision.train.scenes import hand_scene

    art = stand_in_art()
    a, b = hand_scene(7, art), hand_scene(7, art)
    assert a.frame.shape == (720, 1280, 3) and (a.frame == b.frame).all() and a.labels == b.labels
    assert len(a.cards) == 13 and set(a.labels) <= set(a.cards) and sorted(a.outlines) == sorted(a.cards)
    centres = [a.outlines[c].mean(axis=0) for c in a.cards]
    widths = [float(np.hypot(*(a.outlines[c][1] - a.outlines[c][0]))) for c in a.cards]
    # each hand: the upper card 0.35-0.75 of a card's width from the lower one (seen
    # obliquely a third of the time: distances shrink towards the far edge)
    for k in range(5, 13, 2):
        step = float(np.hypot(*(centres[k + 1] - centres[k])))
        assert 0.2 * widths[k] < step < 0.8 * widths[k]
    # the row: neighbours a card's width or more apart, not over each other
    for k in range(4):
        assert float(np.hypot(*(centres[k + 1] - centres[k]))) > 0.9 * widths[k]


@pytest.mark.slow
def test_a_generated_lone_frame_has_ten_cards_apart_with_jumbo_indices() -> None:
    np = pytest.importorskip("numpy")
    from vision.train.scenes import lone_scene
    from vision.train.synth import RANKS, SUITS, GlyphBank

    # blocks: a wide one for every rank, a narrow one for every suit (told apart below)
    rank, suit = np.full((64, 40), 255, np.uint8), np.full((64, 8), 255, np.uint8)
    bank = GlyphBank({r: [rank] for r in RANKS}, {s: [suit] for s in SUITS})
    art = stand_in_art()
    a, b = lone_scene(3, art, bank), lone_scene(3, art, bank)
    assert a.frame.shape == (720, 1280, 3) and (a.frame == b.frame).all() and a.labels == b.labels
    assert len(a.cards) == len(set(a.cards)) == 10 and sorted(a.labels) == sorted(a.cards)
    centres = [a.outlines[c].mean(axis=0) for c in a.cards]
    widths = [float(np.hypot(*(a.outlines[c][1] - a.outlines[c][0]))) for c in a.cards]
    assert min(widths) > 0.95 * 70 - 1 and max(widths) < 1.05 * 120 + 1
    # apart: no two closer than a card's diagonal (1.72 widths), so none lies over another
    for i in range(10):
        for j in range(i):
            assert float(np.hypot(*(centres[i] - centres[j]))) > 1.72 * max(widths[i], widths[j])
    # every index is jumbo: the rank block (the rows inked at least half as wide as the
    # widest, inside the card's edge) 0.14-0.21 of the card's height; plain indices are
    # 0.075-0.14 (measured so on this seed's cards, drawn plain: median 0.10; pale red ink
    # and blur make single cards measure less)
    from vision.detector import CARD_H, CARD_W, warp

    tall = []
    for c in a.cards:
        zone = warp(a.frame, a.outlines[c])[4 : round(0.4 * CARD_H), 4 : round(0.3 * CARD_W)]
        width = (zone.min(axis=2) < 100).sum(axis=1)
        tall.append((width >= 0.5 * width.max()).sum() / CARD_H)
    assert float(np.median(tall)) > 0.14


@pytest.mark.slow
def test_a_frame_of_cards_apart_at_a_set_width_changes_only_their_size() -> None:
    """vision.widths measures the read share by card width on frames alike but for it
    (vision.train.scenes.apart_scene): the same cards at the same places and turns."""
    np = pytest.importorskip("numpy")
    from vision.train.scenes import apart_scene
    from vision.train.synth import RANKS, SUITS, GlyphBank

    rank, suit = np.full((64, 40), 255, np.uint8), np.full((64, 8), 255, np.uint8)
    bank = GlyphBank({r: [rank] for r in RANKS}, {s: [suit] for s in SUITS})
    art = stand_in_art()
    small, large = apart_scene(4, art, bank, 60.0), apart_scene(4, art, bank, 130.0)
    assert small.cards == large.cards and len(small.cards) == 10
    for c in small.cards:
        a, b = small.outlines[c], large.outlines[c]
        assert np.allclose(a.mean(axis=0), b.mean(axis=0), atol=1e-3)  # the same place
        wa, wb = (float(np.hypot(*(o[1] - o[0]))) for o in (a, b))
        assert 0.95 * 60 - 0.5 < wa < 1.05 * 60 + 0.5 and 0.95 * 130 - 0.5 < wb < 1.05 * 130 + 0.5
        assert wb / wa == pytest.approx(130 / 60, rel=1e-4)  # the same share of the width drawn


def test_widths_without_the_art_cache_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vision.widths import main

    assert main(["--data", str(tmp_path), "--frames", "1"]) == 1
    assert "no CC0 art cache" in capsys.readouterr().err


@pytest.mark.slow
def test_a_glyph_bank_redraws_indices_and_leaves_the_scene_as_it_was() -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("PIL", reason="the held-apart fonts are drawn with Pillow (the train extra)")
    from vision.train.fonts import FONT_GROUPS, find_fonts, group_bank
    from vision.train.scenes import pile_scene

    if not find_fonts(FONT_GROUPS["C"]):
        pytest.skip("the fonts of group C are not installed")
    art = stand_in_art()
    bank = group_bank("C", art, 0)
    plain, redrawn = pile_scene(5, art), pile_scene(5, art, bank=bank)
    assert redrawn.cards == plain.cards and sorted(redrawn.outlines) == sorted(plain.outlines)
    # blank stand-in faces: only the redrawn indices put ink on the cards
    assert int(np.abs(redrawn.frame.astype(int) - plain.frame).max()) > 100


def test_generated_cards_lie_portrait_on_their_outline() -> None:
    """The face's short top edge goes onto the outline's short side (a card painted
    across its outline read only when turned a quarter and stretched)."""
    np = pytest.importorskip("numpy")
    from vision.train.scenes import _card_box

    box = _card_box(100.0, 100.0, 90.0, 30.0)
    top, side = np.hypot(*(box[1] - box[0])), np.hypot(*(box[2] - box[1]))
    assert top == pytest.approx(90.0, abs=0.01) and side == pytest.approx(126.0, abs=0.01)
    # clockwise on the screen (y down): the face is not mirrored
    (x0, y0), (x1, y1), (x2, y2) = box[0], box[1], box[2]
    assert (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) > 0


def misprint() -> Any:
    """A drawn 5H face carrying the corner indices of a 7H (both corners)."""
    face, seven = card_face("5H"), card_face("7H")
    face[:85, :52] = seven[:85, :52]
    face[-85:, -52:] = seven[-85:, -52:]
    return face


def test_detect_traces_every_outline_read_and_why_a_misprint_is_unsure() -> None:
    """An index that says 7 over five pips: no card is reported (the pips must agree
    with the index, and no reading may disagree), and the trace shows both readings:
    a 7 in a corner and the pips' 5. The 7H beside it is traced as read."""
    from vision.reader import detect

    frame = table("felt")
    place(frame, misprint(), (420.0, 360.0), 10.0, 110)
    place(frame, card_face("7H"), (860.0, 360.0), -8.0, 110)
    trace: list[Any] = []
    assert [d.card for d in detect(frame, trace=trace)] == ["7H"]
    odd = [a for a in trace if a.pips.rank == "5"]
    assert odd and all(a.final is None for a in odd)
    assert any(
        any(c is not None and c.rank.label == "7" for c in a.corners)
        or any(r.rank == "7" for r in (a.learned[0] if a.learned else []))
        for a in odd
    )
    assert any(a.final is not None and a.final.card == "7H" and a.pips.rank == "7" for a in trace)


def test_evaluate_explain_says_what_each_reader_made_of_an_unread_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision.evaluate import main

    folder = tmp_path / "photos"
    folder.mkdir()
    frame = table("felt")
    place(frame, misprint(), (640.0, 360.0), 10.0, 110)
    cv2.imwrite(str(folder / "synth_misprint_a.png"), frame)
    (folder / "labels.csv").write_text("file,cards\nsynth_misprint_a.png,7H\n", encoding="utf-8")
    assert main([str(folder), "--explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("synth_misprint_a.png: expected 7H | read - | right 0/1 missing 7H")
    why = [ln for ln in lines[1:] if ln.startswith("    pips 5 n=5 red")]
    assert why and all(ln.endswith("final -") for ln in why)
    assert all("| template " in ln and "decided: template " in ln for ln in why)
    # without --explain: the image's line only
    assert main([str(folder)]) == 0
    assert not capsys.readouterr().out.splitlines()[1].startswith("    ")


def test_the_benchmark_explains_each_wrong_card_of_a_generated_frame() -> None:
    """``--explain`` on the benchmark: the frame's seed, the wrong card, the labels, and
    for each outline that gave it what the readers made of it and the verdict's path;
    a card no outline gave came from a pile corner."""
    import io

    from vision.benchgen import _explain_wrong
    from vision.classic import PipRead
    from vision.learned import CornerRead
    from vision.reader import Attempt, CardRead

    queen = CardRead("QD", 0.7, {"path": "pair+picture"})
    read = [CornerRead("Q", "D", 0.99, 0.98), CornerRead("-", "-", 1.0, 1.0)]
    made = Attempt(PipRead("F", None, None, 0), [None, None], (read, read), None, queen, queen)
    other = Attempt(PipRead("7", None, True, 7), [None, None], None, None, None, None)
    out = io.StringIO()
    _explain_wrong("piles, other fonts, frame seed 1400606", ["QD", "TS"], ["9D", "8S"], [other, made], out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "piles, other fonts, frame seed 1400606: wrong QD TS (labelled 9D 8S)"
    assert lines[1].startswith("    QD: pips F n=0 ? [-] | template x x | A[QD 0.99/0.98 -- 1.00/1.00]")
    assert lines[1].endswith("decided: template -, learned QD, final QD | path pair+picture")
    assert lines[2] == "    TS: read on a pile corner (both classifiers on one index crop)"
    assert len(lines) == 3


def test_explain_shows_a_number_reads_court_ranks_alone() -> None:
    """A classifier's read of a number rank shows, after ~, what its rank head says over
    J, Q, K and none alone (the court-glyph reading), unless that is none."""
    from vision.classic import PipRead
    from vision.evaluate import describe
    from vision.learned import CornerRead
    from vision.reader import Attempt

    a = [CornerRead("T", "S", 0.45, 1.0, "Q", 0.998), CornerRead("-", "-", 1.0, 1.0, "-", 0.99)]
    b = [CornerRead("9", "S", 0.86, 1.0, "Q", 1.0), CornerRead("Q", "S", 0.9, 1.0, "Q", 1.0)]
    line = describe(Attempt(PipRead("F", None, None, 0), [None, None], (a, b), None, None, None))
    assert "A[TS 0.45/1.00 ~Q 1.00 -- 1.00/1.00] B[9S 0.86/1.00 ~Q 1.00 QS 0.90/1.00]" in line


def test_use_models_reads_with_another_folders_models_and_thresholds(tmp_path: Path) -> None:
    import json
    import shutil

    from vision import learned

    shipped = learned.MODELS
    for f in shipped.iterdir():
        if f.is_file():  # (blind/: the picture-blind check's own, not swapped by use_models)
            shutil.copy(f, tmp_path / f.name)
    m = json.loads((tmp_path / "manifest.json").read_text())
    m["metrics"]["thresholds"]["pile_corner"] = 0.5
    (tmp_path / "manifest.json").write_text(json.dumps(m))
    want = json.loads((shipped / "manifest.json").read_text())["metrics"]["thresholds"]["pile_corner"]
    before = learned.use_models(tmp_path)
    try:
        assert before == shipped
        assert learned.thresholds()["pile_corner"] == 0.5
        assert learned.models() is not None
    finally:
        learned.use_models(before)
    assert learned.thresholds()["pile_corner"] == want != 0.5


def test_evaluate_with_a_models_folder_lacking_a_manifest_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision import learned
    from vision.evaluate import main

    shipped = learned.MODELS
    assert main(["--models", str(tmp_path), str(tmp_path)]) == 2
    assert shipped == learned.MODELS  # nothing changed
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: no models in {tmp_path}: {tmp_path / 'manifest.json'} is missing"]


def test_use_models_refuses_a_folder_missing_a_member_it_lists(tmp_path: Path) -> None:
    import shutil

    from vision import learned

    shipped = learned.MODELS
    shutil.copy(shipped / "manifest.json", tmp_path / "manifest.json")
    with pytest.raises(FileNotFoundError, match=r"index_a\.onnx, listed in .*manifest\.json, is missing"):
        learned.use_models(tmp_path)
    assert shipped == learned.MODELS


def test_pile_banks_below_one_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from vision.train.__main__ import main

    with pytest.raises(SystemExit) as e:
        main(["--pile-banks", "0", "--calibrate"])
    assert e.value.code == 2
    assert "--pile-banks: '0': expected a whole number of at least 1" in capsys.readouterr().err


def test_a_benchmark_without_the_held_apart_fonts_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    from vision import benchgen
    from vision.train import fonts

    art = stand_in_art()
    # one font of the group missing is enough: a bank of the others would be another benchmark
    monkeypatch.setattr(fonts, "FONT_GROUPS", {"C": [*fonts.FONT_GROUPS["C"], "NoSuchFont-Regular.ttf"]})
    bank, why = benchgen.held_apart_bank(art, 0)
    assert bank is None and "not installed: NoSuchFont-Regular.ttf" in why
    monkeypatch.setattr(fonts, "FONT_GROUPS", {"C": ["x.ttf"]})
    monkeypatch.setattr(fonts, "find_fonts", lambda names: [Path("/fonts/x.ttf")])

    def no_pillow(*args: object) -> None:
        raise ImportError("No module named 'PIL'")

    monkeypatch.setattr(fonts, "group_bank", no_pillow)
    bank, why = benchgen.held_apart_bank(art, 0)
    assert bank is None and "No module named 'PIL'" in why


@pytest.mark.slow
def test_a_card_of_the_frame_read_where_it_does_not_lie_is_a_wrong_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The generated sets know where each card lies: a card reported with its label but
    another card's outline (another card's index read as it: generated hold'em frame
    31012, an AS read over an AC and a 4C, the frame's AS elsewhere) counts as wrong."""
    import io

    from vision import benchgen, reader
    from vision.train.scenes import pile_scene

    art = stand_in_art()
    s = pile_scene(5, art)
    first, second = s.labels[0], s.labels[1]
    out = {first: s.outlines[first], second: s.outlines[first]}  # the second card on the first's place

    def detect(frame: object, threshold: float, trace: object = None) -> list[reader.Detection]:
        return [reader.Detection(c, 1.0, o) for c, o in out.items()]

    monkeypatch.setattr(reader, "detect", detect)
    why = io.StringIO()
    tally, _ = benchgen.generated(5, 1, art, 0.5, why=why, name="piles")
    assert (tally.right, tally.wrong) == (1, 1)
    assert why.getvalue().startswith(f"piles, frame seed 5: wrong {second} (misplaced) (labelled ")


@pytest.mark.slow
def test_a_generated_court_frame_has_ten_court_cards_apart_on_other_pictures() -> None:
    """vision.train.scenes.court_scene (the benchmark's "courts, other pictures"): ten
    distinct court cards lying apart, both indices shown, each on the picture of another
    court card of its suit (the face's middle is that card's)."""
    np = pytest.importorskip("numpy")
    from vision.detector import CARD_H, CARD_W, warp
    from vision.train.scenes import court_scene
    from vision.train.synth import RANKS, SUITS, GlyphBank

    rank, suit = np.full((64, 40), 255, np.uint8), np.full((64, 8), 255, np.uint8)
    bank = GlyphBank({r: [rank] for r in RANKS}, {s: [suit] for s in SUITS})
    art = stand_in_art()
    # each court face one colour: its rank in blue (J 40, Q 140, K 240), green 200
    for r, blue in zip("JQK", (40, 140, 240), strict=True):
        for s in SUITS:
            art[r + s] = art[r + s].copy()
            art[r + s][..., :3] = (blue, 200, 120)
    a, b = court_scene(3, art, bank), court_scene(3, art, bank)
    assert a.frame.shape == (720, 1280, 3) and (a.frame == b.frame).all() and a.labels == b.labels
    assert len(a.cards) == len(set(a.cards)) == 10 and sorted(a.labels) == sorted(a.cards)
    assert all(c[0] in "JQK" for c in a.cards)
    centres = [a.outlines[c].mean(axis=0) for c in a.cards]
    widths = [float(np.hypot(*(a.outlines[c][1] - a.outlines[c][0]))) for c in a.cards]
    for i in range(10):
        for j in range(i):
            assert float(np.hypot(*(centres[i] - centres[j]))) > 1.72 * max(widths[i], widths[j])
    own = {"J": 40, "Q": 140, "K": 240}
    for c in a.cards:
        mid = warp(a.frame, a.outlines[c])[CARD_H // 3 : 2 * CARD_H // 3, CARD_W // 3 : 2 * CARD_W // 3]
        level = float(np.median(mid[..., 0]) / np.median(mid[..., 1]) * 200)  # light and cast divided out
        nearest = min(own, key=lambda r: abs(own[r] - level))
        assert nearest != c[0], (c, level)
