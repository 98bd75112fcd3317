"""Camera play, piece by piece (issue 4 §4): the reader and tracker driven frame by
frame against a real live session, the options, and the fallback to the keyboard
when the camera cannot be used. Frames are drawn in memory or written at test time."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from referee.live.camera import (
    CameraEntry,
    CameraNote,
    CameraOptions,
    CameraPlay,
    FrameSource,
    parse_play_area,
    parse_seats,
)
from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.camera import Play
from tests.helpers.scenes import FPS, SIZE, SPOT, Scene, frames, write_video

# renders frames and reads them (issue 13: the slow tier)
pytestmark = pytest.mark.slow


@pytest.fixture
def session(tmp_path: Path) -> Any:
    with Store(tmp_path / "s.db") as store:
        s, _head = LiveSession.start(
            store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
        )
        yield s


def _feed(camera: CameraPlay, session: LiveSession, shots: list[Any]) -> list[str]:
    """Feed frames; enter what the camera yields, as the live loops do. Returns what
    happened: ``"W 5H"`` for an entered card, the note text for a question."""
    done: list[str] = []
    for frame in shots:
        for item in camera.feed(frame, session.game):
            if isinstance(item, CameraNote):
                done.append(item.text)
            else:
                assert isinstance(item, CameraEntry)
                session.enter(item.text)
                done.append(f"{item.seat} {item.text}")
    return done


def _camera(**kw: Any) -> CameraPlay:
    return CameraPlay(SIZE, fps=FPS, **kw)


def _damped(image: Any, floor: float) -> list[Any]:
    """The real reader, every confidence scaled by 0.9 (so none reaches 0.95)."""
    from dataclasses import replace

    from vision.reader import detect

    return [replace(d, confidence=d.confidence * 0.9) for d in detect(image, floor)]


def test_a_card_lying_in_the_middle_before_trumps_is_never_a_play(session: LiveSession) -> None:
    """The caller shows his 13th card in the middle before choosing trumps: it is no
    play, not even once trumps are set, while it lies there. Taken back and laid
    again later, it is W's lead."""
    camera = _camera()
    before = Scene().wait(1).lay("AD", "W", reach=0, rest=8)
    assert _feed(camera, session, frames(before)) == []
    session.enter("trump S")
    assert _feed(camera, session, frames(before)) == []  # still lying there: no play
    again = Scene().wait(22).lay("AD", "W", rest=6)  # gone (2 s), then laid for real
    assert _feed(camera, session, frames(again)) == ["W AD"]


def test_the_camera_waits_for_the_table_after_a_question(session: LiveSession) -> None:
    """A card below the threshold is asked; S's card laid meanwhile waits; once the
    table types W's card, S's card is entered for S."""
    session.enter("trump S")
    camera = _camera(threshold=0.95, detect=_damped)
    sc = Scene().wait(1).lay("5H", "W").lay("8H", "S")
    done = _feed(camera, session, frames(sc))
    assert len(done) == 1 and done[0].startswith("camera: 5H for W? Read with confidence")
    assert camera.held
    session.enter("5H")  # the table confirms
    camera.threshold = 0.5
    assert _feed(camera, session, frames(Scene().wait(1).lay("8H", "S", reach=0, rest=1))) == ["S 8H"]
    assert not camera.held


def test_a_queued_card_the_table_typed_itself_is_dropped(session: LiveSession) -> None:
    """While the camera waits, the table types both W's and S's cards: S's card, seen
    by the camera meanwhile, is not entered a second time nor asked about."""
    session.enter("trump S")
    camera = _camera(threshold=0.95, detect=_damped)
    sc = Scene().wait(1).lay("5H", "W").lay("8H", "S")
    assert len(_feed(camera, session, frames(sc))) == 1
    session.enter("5H 8H")
    camera.threshold = 0.5
    assert _feed(camera, session, frames(Scene().wait(2))) == []
    d = session.game.current
    assert d is not None and [str(c) for c in d.tricks[0].cards] == ["5H", "8H"]


def test_the_callers_shown_13th_card_in_another_seats_play_is_asked(tmp_path: Path) -> None:
    """Under kort, S calls "trump 13 7D": the shown 7D is S's own card (R59). E's card
    read as 7D is asked, not entered; N's card laid meanwhile is entered, for N, only
    after the table has typed E's card."""
    with Store(tmp_path / "k.db") as store:
        s, _head = LiveSession.start(
            store, profile="kort", players={}, dealer=None, caller="S", seed=1, duration=None, target=None
        )
        s.enter("trump 13 7D")
        camera = _camera()
        sc = Scene().wait(1).lay("5H", "S").lay("7D", "E")
        done = _feed(camera, s, frames(sc))
        assert done == [
            "S 5H",
            "camera: 7D is the 13th card S showed, read in E's play: not entered; type the card E played",
        ]
        assert camera.held and camera.question is not None and camera.question.key == "1.1.E"
        more = Scene(lying=list(sc.lying)).lay("6H", "N", reach=0, rest=4)
        assert _feed(camera, s, frames(more)) == []
        s.enter("8H")  # the table types E's card
        assert _feed(camera, s, frames(Scene(lying=list(more.lying)).wait(3))) == ["N 6H"]


def test_a_card_out_of_sight_for_long_is_not_asked_about(session: LiveSession) -> None:
    """An arm lies over W's card for three seconds: the card counts as gone, but seen
    again it is a card of the trick on the table, not a second play: nothing is asked
    and E's card is entered for E."""
    session.enter("trump S")
    camera = _camera()
    sc = Scene().wait(1).lay("5H", "W").lay("8H", "S")
    sc.wait(30, hand_at=SPOT["W"])
    sc.wait(4).lay("3D", "E")
    assert _feed(camera, session, frames(sc)) == ["W 5H", "S 8H", "E 3D"]
    assert not camera.held


def test_frames_of_the_hand_alone_give_nothing(session: LiveSession) -> None:
    session.enter("trump S")
    camera = _camera()
    assert _feed(camera, session, frames(Scene().wait(6, hand_at=SPOT["S"]))) == []


def test_seats_option() -> None:
    assert parse_seats("S=bottom,E=right,N=top,W=left") == {
        "S": "bottom",
        "E": "right",
        "N": "top",
        "W": "left",
    }
    assert parse_seats("s=top, e=left, n=bottom, w=right")["S"] == "top"
    for bad in [
        "S=bottom,E=right,N=top",
        "S=bottom,E=bottom,N=top,W=left",
        "S=down,E=right,N=top,W=left",
        "X=bottom,E=right,N=top,W=left",
        "S",
    ]:
        with pytest.raises(ValueError, match="--seats"):
            parse_seats(bad)


def test_play_area_option() -> None:
    assert parse_play_area("0.1,0.2,0.9,0.8") == (0.1, 0.2, 0.9, 0.8)
    for bad in ["0.1,0.2,0.9", "0.9,0.2,0.1,0.8", "0,0,1,1.5", "a,b,c,d"]:
        with pytest.raises(ValueError, match="--play-area"):
            parse_play_area(bad)
    with pytest.raises(ValueError, match="not both"):
        CameraOptions(index=0, video="x.avi").check()
    with pytest.raises(ValueError, match="--threshold"):
        CameraOptions(video="x.avi", threshold=1.5).check()


# ------------------------------------------------------------ the keyboard goes on
KEYS = ["trump S", "5H", "8H 3D", "2H"]


def _keyboard_only(p: Any) -> None:
    """The typed trick is all there, as if no camera had been asked for."""
    assert p.tricks() == [[("W", "5H"), ("S", "8H"), ("E", "3D"), ("N", "2H")]]
    assert "  trick 1 to S (NS 1, EW 0)" in p.out.splitlines()


def test_a_video_that_does_not_exist_gives_one_line_and_the_keyboard_goes_on(
    tmp_path: Path, play: Play
) -> None:
    p = play(KEYS, video=str(tmp_path / "nowhere.avi"))
    assert p.err.splitlines() == [
        f"error: camera: no such video file: {tmp_path / 'nowhere.avi'}; the game goes on by keyboard"
    ]
    _keyboard_only(p)


def test_a_file_that_is_no_video_gives_one_line(tmp_path: Path, play: Play) -> None:
    bad = tmp_path / "bad.avi"
    bad.write_bytes(b"not a video" * 100)
    p = play(KEYS, video=str(bad))
    assert p.err.splitlines() == [f"error: camera: cannot open video {bad}; the game goes on by keyboard"]
    _keyboard_only(p)


def test_an_image_sequence_is_a_video(tmp_path: Path, play: Play) -> None:
    import cv2

    for i, frame in enumerate(frames(Scene().wait(1).lay("5H", "W", reach=0, rest=10))):
        cv2.imwrite(str(tmp_path / f"f_{i:03d}.png"), frame)
    p = play(["trump S"], video=str(tmp_path / "f_%03d.png"))
    assert p.err == ""
    assert p.tricks() == [[("W", "5H")]]
    missing = play(["trump S"], video=str(tmp_path / "g_%03d.png"))
    assert "no such video file" in missing.err


def test_opencv_that_cannot_load_gives_the_fix_and_the_keyboard_goes_on(
    tmp_path: Path, play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    video = write_video(Scene().wait(2), tmp_path / "v.avi")
    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 raises ImportError
    p = play(KEYS, video=str(video))
    lines = p.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: camera: OpenCV (cv2) cannot be loaded")
    assert "apt-get install libgl1" in lines[0] and "opencv-python-headless" in lines[0]
    _keyboard_only(p)


def test_a_camera_that_stops_delivering_frames(tmp_path: Path) -> None:
    """A source that opened but yields no frame (a camera unplugged) is an error with
    one line; a video that ends after frames is just its end."""
    from referee.live.camera import CameraError

    video = write_video(Scene().wait(3), tmp_path / "v.avi")
    src = FrameSource(video=video)
    src.open()
    assert src.size == SIZE
    n = 0
    while src.read() is not None:
        n += 1
    assert n == 3 and src.ended().endswith("(frames read: 3)")
    cam = FrameSource(index=0)
    cam._cap = _DeadCapture()
    with pytest.raises(CameraError, match=r"camera 0 stopped delivering frames \(frames read: 0\)"):
        cam.read()


class _DeadCapture:
    """What cv2.VideoCapture does when the camera is unplugged: read() fails."""

    def read(self) -> tuple[bool, None]:
        return False, None

    def release(self) -> None:
        pass


def test_the_preview_outlines_the_cards_and_the_play_area(monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview image (the window itself needs a display, never opened in tests)."""
    import cv2
    import numpy as np

    from referee.live.camera import Preview
    from vision.reader import detect

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    if sys.platform.startswith("linux"):
        assert not Preview.display_available()
        assert not Preview(cv2).open()
    frame = frames(Scene().wait(1).lay("5H", "W", reach=0, rest=1))[-1]
    camera = _camera()
    camera.detections = detect(frame)
    assert [d.card for d in camera.detections] == ["5H"]
    corners = camera.detections[0].corners
    from referee.live.drawing import AREA, ASKED, READ

    sure, unsure = READ, ASKED
    # green when the card is sure enough to be entered, orange below the camera's threshold
    for threshold, colour, other in ((0.5, sure, unsure), (1.01, unsure, sure)):
        camera.threshold = threshold
        out = Preview(cv2).annotate(frame, camera)
        drawn = np.all(out == colour, axis=2)
        _ys, xs = np.nonzero(drawn)
        assert drawn.sum() > 200, threshold
        assert not np.all(out == other, axis=2).any(), threshold
        assert corners[:, 0].min() - 5 <= xs.min() and xs.max() <= corners[:, 0].max() + 5
    assert np.all(out[int(camera.area[0][1]), 400] == AREA)  # the play area's top edge
    # each seat's letter inside the play area at its edge (S at the bottom: blue there)
    (x0, _y0), (x1, y1) = camera.area[0], camera.area[2]
    bottom = np.all(
        out[int(y1) - 40 : int(y1) - 2, int((x0 + x1) / 2) - 20 : int((x0 + x1) / 2) + 20] == AREA, axis=2
    )
    assert bottom.sum() > 20
    assert np.array_equal(frame, frames(Scene().wait(1).lay("5H", "W", reach=0, rest=1))[-1])
