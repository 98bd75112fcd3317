"""A frame without colour (a black-and-white camera) reads no card: red print is grey
there, and hearts and diamonds would be read as spades and clubs (vision.colour)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from tests.helpers.shared import PHOTOS
from tests.helpers.synth import card_face, place, table
from tests.vision.conftest import need
from vision.colour import COLOURLESS_CHROMA, COLOURLESS_SHARE, colourless
from vision.reader import detect


def grey(frame: Any) -> Any:
    """The frame as a black-and-white camera gives it: one grey level in all three channels."""
    return cv2.cvtColor(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def red_cards() -> Any:
    frame = table("felt")
    for i, card in enumerate(("AH", "7D", "5H", "AS")):
        place(frame, card_face(card), (250.0 + 260 * i, 360.0), 5.0 * i, 100)
    return frame


def test_a_grey_frame_is_colourless_and_a_coloured_one_is_not() -> None:
    frame = red_cards()
    assert not colourless(frame)
    assert colourless(grey(frame))
    # as JPEG too (a webcam's stream)
    _ok, enc = cv2.imencode(".jpg", grey(frame), [cv2.IMWRITE_JPEG_QUALITY, 70])
    decoded = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    assert decoded is not None and colourless(decoded)
    # a grey table with black print only, in colour: its noise decides nothing, a red
    # patch on more than COLOURLESS_SHARE of it does
    g = grey(frame).astype(np.int16)
    g += np.random.default_rng(0).integers(
        -COLOURLESS_CHROMA // 2, COLOURLESS_CHROMA // 2 + 1, g.shape, np.int16
    )
    g = np.clip(g, 0, 255).astype(np.uint8)
    assert colourless(g)
    h, w = g.shape[:2]
    side = int(np.sqrt(3 * COLOURLESS_SHARE * h * w))  # three times the share allowed
    g[:side, :side] = (40, 40, 200)
    assert not colourless(g)


def test_no_card_is_read_in_a_grey_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.reader

    frame = red_cards()
    read = {d.card for d in detect(frame)}
    assert {"AH", "AS"} <= read <= {"AH", "7D", "5H", "AS"}  # read in colour

    def looked(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("outlines looked for in a frame without colour")

    monkeypatch.setattr(vision.reader, "find_card_groups", looked)
    assert detect(grey(frame)) == []  # (the shared photos below: what it would read)


def _imread(path: Path) -> Any:
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    assert img is not None, path
    return img


#: shared photos whose grey copies were read with a wrong card before the check (a red ace
#: as AS, a KD as KS): red print grey, read as black
READ_WRONG_IN_GREY = (
    ("cards-real", "rdpong_single_AD.jpg"),
    ("cards-real", "vosloo_AH_00.jpg"),
    ("cards-table", "alk_in_3.jpg"),
    ("cards-table", "alk_in_8.jpg"),
)


@pytest.mark.slow
def test_no_shared_photo_is_colourless_and_their_grey_copies_read_no_card() -> None:
    folders = [need(PHOTOS / d) for d in ("cards-real", "cards-table", "no-cards")]
    files = [p for d in folders for p in sorted(d.glob("*.jpg"))]
    assert [p.name for p in files if colourless(_imread(p))] == []
    for folder, name in READ_WRONG_IN_GREY:
        photo = _imread(PHOTOS / folder / name)
        assert any(c in "HD" for c in (d.card[1] for d in detect(photo)))  # read in colour
        assert detect(grey(photo)) == [], name


def test_pips_of_one_colour_shaped_as_the_others_leave_a_number_card_or_an_ace_unsure() -> None:
    from vision.classic import PipRead
    from vision.suitshape import shaped_other_colour

    # a red ace under weak colour: its pip "black", shaped diamond 0.97, spade 0.82
    grey_ad = PipRead("A", {"S": 0.82, "H": 0.6, "D": 0.97, "C": 0.72, "solidity": 0.9}, False, 1, 0.0)
    assert shaped_other_colour(grey_ad, "AS")
    # a real deck's ornate AS: diamond 0.88 over spade 0.84, within the margin
    ornate = PipRead("A", {"S": 0.84, "H": 0.53, "D": 0.88, "C": 0.72, "solidity": 0.83}, False, 1, 0.0)
    assert not shaped_other_colour(ornate, "AS")
    assert shaped_other_colour(PipRead("7", {"S": 0.6, "H": 0.95, "D": 0.5, "C": 0.5}, False, 7, 0.0), "7C")
    # court cards are not judged: their picture's "symbol" may be any shape
    assert not shaped_other_colour(PipRead("F", {"S": 0.47, "H": 0.93}, False, 0, 0.0), "JS")


@pytest.mark.slow
@pytest.mark.parametrize("colour", [0.12, 0.2])
def test_red_aces_under_weak_colour_are_not_read_as_spades(colour: float) -> None:
    folder = need(PHOTOS / "cards-real")
    for name, card in (
        ("rdpong_single_AD.jpg", "AD"),
        ("vosloo_AD_00.jpg", "AD"),
        ("vosloo_AH_00.jpg", "AH"),
    ):
        img = _imread(folder / name).astype(np.float32)
        g = grey(img.astype(np.uint8)).astype(np.float32)
        weak = np.clip(g + colour * (img - g), 0, 255).astype(np.uint8)
        assert not colourless(weak)  # some colour: the frame is read
        assert {d.card for d in detect(weak)} <= {card}, name  # (AS before the veto)


def test_a_black_court_card_whose_picture_shows_no_colour_is_unsure() -> None:
    from vision.colour import GREY_PICTURE_RED, grey_court
    from vision.detector import CARD_H, CARD_W
    from vision.segment import Ink

    blank = np.zeros((CARD_H, CARD_W), np.uint8)
    red = blank.copy()
    red[CARD_H // 3 : CARD_H // 3 + 30, CARD_W // 3 : CARD_W // 3 + 30] = 255  # a red patch mid-card
    share = 900 / ((CARD_H - 2 * round(0.12 * CARD_H)) * (CARD_W - 2 * round(0.2 * CARD_W)))
    assert share > GREY_PICTURE_RED  # (the patch is enough red for a picture)
    assert grey_court(Ink(blank, blank, 0.0), "KS")  # no tint, no red: seen without colour
    assert not grey_court(Ink(blank, red, 0.0), "KS")  # red print in the picture
    assert not grey_court(Ink(blank, blank, 0.01), "KS")  # yellow or blue print
    assert not grey_court(Ink(blank, blank, 0.0), "KD")  # a red suit is not read from grey
    assert not grey_court(Ink(blank, blank, 0.0), "7S")  # nor a number card judged so


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "colour", "card"), [("alk_in_1.jpg", 0.2, "JD"), ("alk_in_8.jpg", 0.12, "KD")]
)
def test_red_court_cards_under_weak_colour_are_not_read_black(name: str, colour: float, card: str) -> None:
    img = _imread(need(PHOTOS / "cards-table") / name).astype(np.float32)
    g = grey(img.astype(np.uint8)).astype(np.float32)
    weak = np.clip(g + colour * (img - g), 0, 255).astype(np.uint8)
    _ok, enc = cv2.imencode(".jpg", weak, [cv2.IMWRITE_JPEG_QUALITY, 90])
    frame = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    assert frame is not None
    read = {d.card for d in detect(frame)}
    assert card[0] + "S" not in read and card[0] + "C" not in read  # (JS, KS before the veto)
