"""Questions answered in one keystroke (issue 9 §4, §5): Enter confirms the camera's
proposal, a card replaces it, ``undo`` takes back the last entry; a reading that
differs between frames is asked, never chosen; scripted answers keyed to the
question."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.live.camera import CameraEntry, CameraNote, CameraPlay
from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.camera import Play, event_origins
from tests.helpers.scenes import FPS, SIZE, Scene, frames, write_video

# renders frames and reads them (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _unsure_video(tmp_path: Path) -> Path:
    return write_video(Scene().wait(2).lay("5H", "W").lay("8H", "S"), tmp_path / "unsure.avi")


def test_enter_confirms_the_proposal_shown_with_its_seat(tmp_path: Path, play: Play) -> None:
    p = play(["trump S", "camera", "@1.1.W", "@1.1.S 8H"], video=str(_unsure_video(tmp_path)), threshold=0.99)
    lines = p.out.splitlines()
    ask = next(ln for ln in lines if ln.startswith("camera: 5H for W? Read with confidence"))
    assert ask.endswith("Enter confirms, or type the card W played  [answer: @1.1.W]")
    assert lines[lines.index(ask) + 1] == "@1.1.W"
    assert lines[lines.index(ask) + 2].startswith("> deal 1 trick 1: W 5H  (camera ")
    assert p.tricks() == [[("W", "5H"), ("S", "8H")]]
    origins: list[Any] = event_origins(p.session.store, p.session.header.id)
    assert origins[1].kind == "camera"
    assert origins[1].outline is not None and len(origins[1].outline) == 4
    assert origins[2].kind != "camera"  # S's card was typed (as the answer)


def test_a_typed_card_replaces_the_proposal(tmp_path: Path, play: Play) -> None:
    p = play(["trump S", "camera", "@1.1.W 6H"], video=str(_unsure_video(tmp_path)), threshold=0.99)
    assert p.tricks()[0][0] == ("W", "6H")
    assert "> deal 1 trick 1: W 6H" in p.out.splitlines()


def test_undo_takes_back_the_last_entry_and_the_camera_waits(tmp_path: Path, play: Play) -> None:
    """W's card confirmed with Enter, then S's question answered ``undo``: W's card is
    taken back; S's card lies at S's place while W is to play, so the camera asks
    again and enters nothing."""
    p = play(
        ["trump S", "camera", "@1.1.W", "@1.1.S undo"], video=str(_unsure_video(tmp_path)), threshold=0.99
    )
    lines = p.out.splitlines()
    assert "@1.1.S undo" in lines
    assert lines[lines.index("@1.1.S undo") + 1] == "> undone: W 5H (deal 1, trick 1)"
    assert p.tricks() == []
    assert any(ln.startswith("camera: a card at S's place, but W is to play") for ln in lines)
    assert "camera: 1 scripted answers" not in p.out


def test_an_answer_for_a_question_never_asked_is_reported(tmp_path: Path, play: Play) -> None:
    p = play(["trump S", "camera", "@1.3.E 9C"], video=str(_unsure_video(tmp_path)))
    assert "camera: 1 scripted answers were not asked for: @1.3.E" in p.out.splitlines()


# ------------------------------------------------------------ a reader that flickers
class Flicker:
    """The real reader, but every other call reads the other red suit."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, image: Any, floor: float) -> list[Any]:
        from dataclasses import replace

        from vision.reader import detect

        self.calls += 1
        found = detect(image, floor)
        if self.calls % 2 == 0:
            swap = {"H": "D", "D": "H"}
            found = [replace(d, card=d.card[0] + swap.get(d.card[1], d.card[1])) for d in found]
        return found


def _feed(camera: CameraPlay, session: LiveSession, shots: list[Any]) -> list[str]:
    done: list[str] = []
    for frame in shots:
        for item in camera.feed(frame, session.game):
            if isinstance(item, CameraNote):
                done.append(item.text)
            else:
                assert isinstance(item, CameraEntry)
                session.enter(item.text, origin=item.origin)
                done.append(f"{item.seat} {item.text}")
    return done


def test_a_reading_that_differs_between_frames_is_asked(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        s, _h = LiveSession.start(
            store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
        )
        s.enter("trump S")
        flicker = Flicker()
        camera = CameraPlay(SIZE, fps=FPS, detect=flicker)
        done = _feed(camera, s, frames(Scene().wait(1).lay("5H", "W", rest=8)))
        assert done == [
            "camera: the card at W's place was read as 5D, 5H: not entered; type the card W played"
        ]
        assert flicker.calls == 3
        assert camera.question is not None and camera.question.key == "1.1.W"
        assert camera.answer("") is None  # nothing to confirm
        assert camera.answer("5H") == "5H"


class Told:
    """A reader that reads, in turn, the cards it is told (three reads each, surely),
    as a quad in the middle of the image it is given: the policy with any reader."""

    def __init__(self, cards: list[str]) -> None:
        self.cards = cards
        self.calls = 0

    def __call__(self, image: Any, floor: float) -> list[Any]:
        import numpy as np

        from vision.reader import Detection

        card = self.cards[min(self.calls // 3, len(self.cards) - 1)]
        self.calls += 1
        h, w = image.shape[:2]
        c = np.array(
            [
                [w / 2 - 10, h / 2 - 14],
                [w / 2 + 10, h / 2 - 14],
                [w / 2 + 10, h / 2 + 14],
                [w / 2 - 10, h / 2 + 14],
            ],
            np.float32,
        )
        return [Detection(card, 0.95, c)]


def test_a_revoke_read_surely_is_entered_as_typed(tmp_path: Path) -> None:
    """Legality never picks a reading: S holds hearts? The camera cannot know and does
    not care: S's 3D on W's heart lead, read surely, is entered exactly as typed (the
    engine keeps what it proves later)."""
    with Store(tmp_path / "s.db") as store:
        s, _h = LiveSession.start(
            store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
        )
        s.enter("trump S")
        camera = CameraPlay(SIZE, fps=FPS, detect=Told(["5H", "3D"]))
        done = _feed(camera, s, frames(Scene().wait(1).lay("5H", "W").lay("3D", "S")))
        assert done == ["W 5H", "S 3D"]
        d = s.game.current
        assert d is not None and [str(c) for c in d.tricks[0].cards] == ["5H", "3D"]
