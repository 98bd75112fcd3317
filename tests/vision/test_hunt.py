"""``python -m vision.hunt``: one generated frame read again, the cards read on a run of
generated frames dumped, and two dumps compared frame by frame."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

from tests.helpers.synth import stand_in_art
from vision.hunt import compare, main


def frame(read: list[str], misplaced: list[str] | None = None) -> dict[str, list[str]]:
    # 7H and 5D labelled; 9C lies in the frame with its index covered (not labelled)
    return {"labels": ["7H", "5D"], "cards": ["7H", "5D", "9C"], "read": read, "misplaced": misplaced or []}


def test_compare_lists_the_cards_one_reader_reports_and_the_other_not() -> None:
    old = {"piles 1": frame(["7H", "9C", "KS"]), "jumbo 40001": frame(["5D"], misplaced=["5D"])}
    new = {"piles 1": frame(["7H", "5D", "9C"]), "jumbo 40001": frame([])}
    out = io.StringIO()
    totals = compare(old, new, out)
    lines = out.getvalue().splitlines()
    # KS lies nowhere in the frame, the 5D of jumbo 40001 was read where it does not lie:
    # both wrong; 9C, read by both, is no difference; the new 5D is right
    assert lines == [
        "only old: piles 1 KS WRONG",
        "only new: piles 1 5D right",
        "only old: jumbo 40001 5D WRONG",
        "right lost 0, right gained 1, wrong 2 -> 0 (2 frames)",
    ]
    assert totals == {"right_lost": 0, "right_gained": 1, "wrong_old": 2, "wrong_new": 0}
    # the other way round: a right card lost, a covered card is neither right nor wrong
    back = compare(new, {"piles 1": frame(["9C"]), "jumbo 40001": frame([])}, io.StringIO())
    assert back == {"right_lost": 2, "right_gained": 0, "wrong_old": 0, "wrong_new": 0}


def test_compare_refuses_dumps_of_other_frames() -> None:
    with pytest.raises(ValueError, match="same --seed"):
        compare({"piles 1": frame([])}, {"piles 2": frame([])}, io.StringIO())


@pytest.fixture
def art_dir(tmp_path: Path) -> Path:
    np.savez(tmp_path / "art.npz", **stand_in_art())
    return tmp_path


def test_frame_prints_the_labels_and_reads_of_the_benchmarks_frame(
    art_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision.train.scenes import pile_scene

    s = pile_scene(1005, stand_in_art(), True, None)
    assert main(["frame", "piles", "1005", "--data", str(art_dir), "--save", str(art_dir / "f.png")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "labels " + " ".join(s.labels)
    assert lines[1].startswith("read ")
    import cv2

    saved = cv2.imread(str(art_dir / "f.png"))
    assert saved is not None and saved.shape == (720, 1280, 3)


def test_dump_keys_each_frame_by_kind_and_the_benchmarks_frame_seed(art_dir: Path) -> None:
    from vision.train.scenes import pile_scene

    out = art_dir / "d.json"
    assert main(["dump", str(out), "--seed", "7", "--piles", "2", "--data", str(art_dir)]) == 0
    res = json.loads(out.read_text())
    assert sorted(res) == ["piles 7", "piles 8"]  # the benchmark's pile frames of seed 7
    assert res["piles 8"]["labels"] == pile_scene(8, stand_in_art(), True, None).labels
    assert compare(res, res, io.StringIO())["right_lost"] == 0


def test_held_apart_frames_without_a_bank_seed_are_one_error_line(
    art_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["frame", "jumbo", "40001", "--data", str(art_dir)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "--bank-seed" in err and "\n" not in err
    assert main(["frame", "piles", "1", "--data", str(art_dir / "none")]) == 2
    assert "art.npz" in capsys.readouterr().err


def test_a_dump_that_cannot_be_read_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a folder given for a dump (IsADirectoryError) and a file that is no JSON: no traceback
    assert main(["compare", str(tmp_path), str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["compare", str(bad), str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
