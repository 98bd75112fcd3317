"""Accuracy on the real evaluation photos of ../shared (read in place, never copied).

Issue 4 asks for >= 95% of the 170 labelled cards read right and <= 2 wrong
labels. These tests assert floors so that a
regression fails (floors a card or two under what is reached, see FLOOR);
raise them when the reader improves.

(``rdpong_single_JH.jpg``'s label was fixed to JS in ../shared.)

Issue 10 adds the operating point: ``cards-table`` (webcam distance; evaluation
only, never tuned on) and the close-ups scaled to a 90 px median card; the floors
below guard what is reached, and that nothing is read wrong.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.shared import PHOTOS
from vision import DEFAULT_THRESHOLD
from vision.evaluate import evaluate, score_image, source_of

# source: (minimum cards read right, maximum wrong labels), at the default threshold.
# Reached with opencv-python 5.0 / numpy 2.4 and the learned corner readers (issue 10):
# rdpong_single 52, rdpong_scene 28, vosloo 68, khacnguy 6, jacky 11, total 165 of 170,
# none wrong (the classifiers read three Piatnik jacks as queens on both corners; the
# glyph has no counter, so that "Q" no longer vetoes the template reader's J);
# the floors leave a card or two for other OpenCV builds (resampling differs slightly).
FLOOR = {
    "rdpong_single": (51, 0),
    "rdpong_scene": (27, 0),
    "vosloo": (67, 0),
    "khacnguy": (6, 0),
    "jacky": (10, 0),
    "total": (163, 0),
}


# renders frames and reads them (issue 13: the slow tier)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tallies() -> dict[str, Any]:
    folder = PHOTOS / "cards-real"
    if not (folder / "labels.csv").is_file():
        pytest.skip(f"evaluation photos not found: {folder / 'labels.csv'} is missing")
    out = io.StringIO()
    result = evaluate(folder, DEFAULT_THRESHOLD, out)
    text = out.getvalue().splitlines()
    assert text[-5].startswith("cards found:")
    assert text[-1].startswith("recall:")
    return result


@pytest.mark.parametrize("source", sorted(FLOOR))
def test_accuracy_floor_per_source(tallies: dict[str, Any], source: str) -> None:
    right, wrong = FLOOR[source]
    t = tallies[source]
    assert t.right >= right, f"{source}: {t.right} read right, floor {right}"
    assert t.wrong <= wrong, f"{source}: {t.wrong} wrong labels, at most {wrong}"


def test_totals_are_consistent(tallies: dict[str, Any]) -> None:
    total = tallies["total"]
    assert total.labelled == 170
    assert total.found == total.right + total.wrong
    assert total.wrong <= 2  # the limit holds already
    assert total.precision >= 0.99


def test_no_card_is_reported_on_bare_tables(no_cards: Path) -> None:
    out = io.StringIO()
    result = evaluate(no_cards, DEFAULT_THRESHOLD, out)
    assert result["total"].found == 0, out.getvalue()
    assert "cards found: 0" in out.getvalue()


def test_scoring_counts_duplicates_and_wrong_labels() -> None:
    t = score_image(["6H", "6H", "AS"], ["6H", "AS", "AS", "KD"])
    assert (t.labelled, t.found, t.right, t.wrong) == (3, 4, 2, 2)
    assert t.precision == 0.5
    assert t.recall == pytest.approx(2 / 3)


def test_source_names() -> None:
    assert source_of("rdpong_single_2C.jpg") == "rdpong_single"
    assert source_of("rdpong_scene_test2.jpg") == "rdpong_scene"
    assert source_of("vosloo_9C_00.jpg") == "vosloo"
    assert source_of("khacnguy_2D_20200820_112436.jpg") == "khacnguy"
    assert source_of("jacky_testData_1.jpg") == "jacky"


# degradation: cards read right at least (template reader alone: 150, 141, 121 of 170;
# with the learned corner readers half_size reads 149, none wrong)
DEGRADED_FLOOR = {"half_size": 147, "noisy_jpeg": 139, "dark_blurred": 119}


@pytest.mark.parametrize("degrade", sorted(DEGRADED_FLOOR))
def test_degraded_photos_give_no_new_wrong_label(cards_real: Path, degrade: str) -> None:
    """Smaller, noisier, darker copies of the photos are read less often, never wrongly
    (``rdpong_single_JH.jpg`` shows the jack of spades; a JS read there is right now
    that the label is fixed, and still allowed here)."""
    import cv2
    import numpy as np

    from vision.evaluate import read_labels
    from vision.reader import detect

    rng = np.random.default_rng(0)
    wrong: list[tuple[str, str]] = []
    right = 0
    for name, expected in read_labels(cards_real):
        img = cv2.imread(str(cards_real / name))
        assert img is not None, name
        if degrade == "half_size":
            img = cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        elif degrade == "noisy_jpeg":
            img = cv2.resize(img, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA)
            img = np.clip(img + rng.normal(0, 8, img.shape), 0, 255).astype(np.uint8)
            img = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 60])[1], 1)
        else:
            img = cv2.resize(img, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA)
            img = (255 * (img / 255.0) ** 1.8 * 0.6).astype(np.uint8)
            img = cv2.GaussianBlur(img, (0, 0), 0.8)
        assert img is not None, name
        t = score_image(expected, [d.card for d in detect(img)])
        right += t.right
        reported = [d.card for d in detect(img)] if t.wrong else []
        wrong += [(name, c) for c in reported if c not in expected]
    assert set(wrong) <= {("rdpong_single_JH.jpg", "JS")}, wrong
    assert right >= DEGRADED_FLOOR[degrade]


# issue 10: reached 227 of 246 on cards-table and 157 of 170 scaled, none wrong (opencv-python
# 5.0, December 5th), cards-table 234 since session 64 (court glyphs read by the picture-blind
# classifiers); the floors leave a few cards for other OpenCV builds (cards-table read
# 220 on 5.0 and 218 on 4.10 with the same models before: resampling differs slightly)
TABLE_FLOOR = 227
SCALED_FLOOR = 152


def test_cards_table_at_webcam_distance_reads_no_wrong_card() -> None:
    from vision.evaluate import SHARED

    folder = SHARED / "cards-table"
    if not (folder / "labels.csv").is_file():
        pytest.skip(f"evaluation photos not found: {folder / 'labels.csv'} is missing")
    total = evaluate(folder, DEFAULT_THRESHOLD, io.StringIO())["total"]
    assert total.wrong == 0
    assert total.right >= TABLE_FLOOR


def test_closeups_scaled_to_a_90_px_card_read_no_wrong_card(cards_real: Path) -> None:
    from vision.evaluate import closeup_scales

    total = evaluate(cards_real, DEFAULT_THRESHOLD, io.StringIO(), scales=closeup_scales())["total"]
    assert total.wrong == 0
    assert total.right >= SCALED_FLOOR


def test_a_court_card_read_by_the_template_reader_alone_needs_a_classifier_to_see_an_index(
    cards_real: Path,
) -> None:
    """A real J (vosloo_JD_00) is read by the template reader, both its corners J, while
    A and B read 9D on both (their best court rank Q or J, unsure): JD, the classifiers
    seeing an index of a diamond there. Where A sees no index on either corner (generated
    lone cards with jumbo indices, hunt seed 5500000, frame 5540000: a KS's jumbo "K"
    read J by the template reader alone), the template's J, Q or K is one reading of the
    rank where two are needed: no card."""
    import cv2

    from vision.detector import find_card_groups, warp
    from vision.glyphs import load_templates
    from vision.learned import read_corners
    from vision.reader import _Prepared, _read

    img = cv2.imread(str(cards_real / "vosloo_JD_00.jpg"))
    assert img is not None
    q = find_card_groups(img)[0][0]
    t = load_templates()
    reads = []
    for order in q.upright[0]:
        card = warp(img, order)
        seen, _ = _read(card, t, _Prepared(card, read_corners(card)))
        unseen, _ = _read(card, t, _Prepared(card, None))
        reads.append((None if seen is None else seen.card, None if unseen is None else unseen.card))
    assert ("JD", None) in reads
    assert all(unseen is None for _, unseen in reads)
