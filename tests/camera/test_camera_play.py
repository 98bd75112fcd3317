"""Camera play in the plain-lines mode, in process (issue 4 §4): videos written at
test time are read by the real card reader and tracker, and the cards go through
``LiveSession.enter`` into a real SQLite session.

The sessions are pagat with N dealing: W calls trumps (``trump S``) and leads; play
goes W -> S -> E -> N. The trick used, W 5H, S 8H, E 3D, N 2H, goes to S (8H is the
highest heart; no trump was played)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.camera import Play
from tests.helpers.scenes import OUTSIDE, SPOT, Scene, write_video

TRICK = [("W", "5H"), ("S", "8H"), ("E", "3D"), ("N", "2H")]


# renders frames and reads them (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _trick_video(path: Path) -> Path:
    """The trick card by card; a hand passes over E's card while N reaches in; the
    shown 9D lies outside the play area all along."""
    sc = Scene().add("9D", OUTSIDE, 30.0).wait(3)
    sc.lay("5H", "W").lay("8H", "S").lay("3D", "E", rest=3)
    sc.wait(3, hand_at=SPOT["E"])  # E's card covered for 3 frames
    sc.lay("2H", "N", rest=6)
    return write_video(sc, path)


def test_a_trick_is_entered_card_by_card_for_the_seats_in_turn(tmp_path: Path, play: Play) -> None:
    video = _trick_video(tmp_path / "trick.avi")
    p = play(["trump S"], video=str(video))
    assert p.err == ""
    assert p.tricks() == [TRICK]
    lines = p.out.splitlines()
    assert "> deal 1: W calls trumps S" in lines
    cams = [ln for ln in lines if "(camera " in ln]
    assert [ln.split("  (camera")[0] for ln in cams] == [
        "> deal 1 trick 1: W 5H",
        "> deal 1 trick 1: S 8H",
        "> deal 1 trick 1: E 3D",
        "> deal 1 trick 1: N 2H",
    ]
    assert "  trick 1 to S (NS 1, EW 0)" in lines
    assert lines[-2].startswith(f"camera: end of video {video} (frames read: ")
    # stored like typed entries: a resumed session has the same trick, and undo works
    assert len(p.session.store.events(p.session.header.id)) == 5
    p.session.undo()
    assert p.tricks() == [TRICK[:3]]


def test_two_cards_laid_at_once_are_ordered_by_the_seats_they_lie_towards(tmp_path: Path, play: Play) -> None:
    """E (right) and N (top) lay at the same moment: each is the card of the seat at
    whose place it lies, E's first (E is to play). With the image mirrored (``--seats``
    E=left, W=right) W's lead lies at E's place: position decides the seat, so it is
    not entered for W, the table is asked, and nothing after it is entered."""
    sc = Scene().wait(2).lay("5H", "W").lay("8H", "S")
    sc.lying += [("3D", SPOT["E"], 75.0), ("2H", SPOT["N"], 5.0)]
    sc.wait(8)
    video = write_video(sc, tmp_path / "both.avi")
    p = play(["trump S"], video=str(video))
    assert p.tricks() == [TRICK]
    mirrored = play(["trump S"], video=str(video), seats="S=bottom,E=left,N=top,W=right")
    assert mirrored.tricks() == []
    asks = [ln for ln in mirrored.out.splitlines() if ln.startswith("camera: a card at")]
    assert asks == [
        "camera: a card at E's place (5H), but W is to play: not entered; Enter: it "
        "is W's card; or type the card W played  [answer: @1.1.W]"
    ]


def test_only_cards_in_the_play_area_are_plays(tmp_path: Path, play: Play) -> None:
    """W lays its card near the corner of the frame, outside the default play area:
    nothing is entered; with ``--play-area 0,0,1,1`` (the whole frame) it is."""
    sc = Scene().wait(2).lay("5H", "W", spot=OUTSIDE).wait(3)
    video = write_video(sc, tmp_path / "outside.avi")
    p = play(["trump S"], video=str(video))
    assert p.tricks() == []
    assert "(camera" not in p.out
    whole = play(["trump S"], video=str(video), play_area="0,0,1,1")
    assert whole.tricks() == [[("W", "5H")]]


def test_a_reading_below_the_threshold_is_asked_not_entered(tmp_path: Path, play: Play) -> None:
    """At ``--threshold 0.99`` no reading is sure enough: the table is asked, the camera
    waits (S's card laid meanwhile is not entered for W), and the typed card goes in."""
    sc = Scene().wait(2).lay("5H", "W").lay("8H", "S")
    video = write_video(sc, tmp_path / "unsure.avi")
    p = play(["trump S", "camera", "5H"], video=str(video), threshold=0.99)
    lines = p.out.splitlines()
    asks = [ln for ln in lines if ln.startswith("camera: 5H for W? Read with confidence")]
    assert len(asks) == 1, p.out
    assert asks[0].endswith("below 0.99: Enter confirms, or type the card W played  [answer: @1.1.W]")
    assert "(camera" not in p.out
    assert p.tricks() == [[("W", "5H")]]  # typed after the frames
    assert lines.index(asks[0]) < lines.index("> deal 1 trick 1: W 5H")


def test_a_card_already_played_this_deal_is_refused(tmp_path: Path, play: Play) -> None:
    """After the trick is gathered, S (who won it) lays 5H, played by W in trick 1:
    not entered, the table is asked; E's 7H laid meanwhile is not entered for S."""
    sc = Scene().wait(2)
    for seat, card in TRICK:
        sc.lay(card, seat)
    sc.gather(25).lay("5H", "S").lay("7H", "E")
    video = write_video(sc, tmp_path / "twice.avi")
    p = play(["trump S"], video=str(video))
    assert p.tricks() == [TRICK]
    asks = [ln for ln in p.out.splitlines() if ln.startswith("camera: 5H")]
    assert asks == [
        "camera: 5H was already played in deal 1 (trick 1): not entered; "
        "type the card S played  [answer: @1.2.S]"
    ]
    assert "7H" not in p.out
