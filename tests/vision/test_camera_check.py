"""``referee camera check``: measures and verdicts on generated table photos."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import cv2
import pytest

from referee.cli.main import main
from tests.helpers.synth import card_face, place, table
from vision.camera_check import check_frame

# renders frames and reads them (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def photo(width: float, kind: str = "felt") -> Any:
    f = table(kind)
    for i, card in enumerate(("7H", "5D", "9C")):
        place(f, card_face(card), (400.0 + 240 * i, 360.0), 10.0 * i, width)
    return f


def test_small_cards_ask_for_the_camera_to_come_down() -> None:
    r = check_frame(photo(50))
    assert r.card_width is not None and 40 < r.card_width < 60
    assert r.advice[0][0] == "too_small"


def test_cards_at_the_operating_point_pass() -> None:
    r = check_frame(photo(100))
    assert r.card_width is not None and 90 < r.card_width < 110
    assert r.advice == [("ok", 0.0)]
    assert r.play_area is not None and 0.2 < r.play_area[0] < r.play_area[2] < 0.8


def test_a_blank_table_says_no_card() -> None:
    r = check_frame(table("felt"))
    assert r.outlines == 0 and r.advice[0][0] == "no_cards"


def test_the_command_prints_the_verdict_and_exits_1_when_something_must_change(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "small.png"
    cv2.imwrite(str(p), photo(50))
    assert main(["--lang", "en", "camera", "check", str(p)]) == 1
    out = capsys.readouterr().out
    m = re.search(r"card width: (\d+) px", out)
    assert m is not None and 40 <= int(m.group(1)) <= 60
    assert "move the camera down" in out
    ok = tmp_path / "ok.png"
    cv2.imwrite(str(ok), photo(100))
    assert main(["--lang", "en", "camera", "check", str(ok)]) == 0
    assert "the camera is set up well" in capsys.readouterr().out


def test_the_command_wants_an_image_or_a_camera(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "camera", "check"]) == 2
    assert "IMAGE or --camera" in capsys.readouterr().err
