"""Camera play on the rich screen (issue 4 §4), with a scripted keyboard instead of
the terminal: typed lines and camera entries interleave; no preview window."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from referee.live.camera import IDLE, CameraOptions, Idle, Keyboard, run_screen_camera
from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.scenes import SPOT, Scene, write_video

# renders frames and reads them (issue 13: the slow tier)
pytestmark = pytest.mark.slow


class ScriptedKeys(Keyboard):
    """Lines typed in order; then nothing while the camera runs, the end after."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def get(self, timeout: float | None) -> str | Idle | None:
        if self.lines:
            return self.lines.pop(0)
        return IDLE if timeout is not None else None  # no waiting: frames come at once


def test_screen_with_camera(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    monkeypatch.setenv("REFEREE_NO_PREVIEW", "1")
    sc = Scene().wait(2).lay("5H", "W").lay("8H", "S").lay("3D", "E", rest=3)
    sc.wait(3, hand_at=SPOT["E"]).lay("2H", "N")
    video = write_video(sc, tmp_path / "t.avi")
    out = io.StringIO()
    con = Console(file=out, width=80, color_system=None, force_terminal=False)
    with Store(tmp_path / "s.db") as store:
        s, head = LiveSession.start(
            store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
        )
        run_screen_camera(
            s, head, CameraOptions(video=str(video)), console=con, keyboard=ScriptedKeys(["trump S"])
        )
        d = s.game.current
        assert d is not None
        assert [(x.name, str(c)) for x, c in zip(d.tricks[0].seats, d.tricks[0].cards, strict=True)] == [
            ("W", "5H"),
            ("S", "8H"),
            ("E", "3D"),
            ("N", "2H"),
        ]
    text = out.getvalue()
    flat = " ".join(text.split())  # rich wraps long lines
    assert "> deal 1 trick 1: N 2H  (camera " in text
    assert "trick 1 to S (NS 1, EW 0)" in text
    assert f"camera: end of video {video} (frames read: " in flat
    assert "stays open" in text


def test_screen_without_a_camera_goes_on_by_keyboard(tmp_path: Path) -> None:
    from rich.console import Console

    out = io.StringIO()
    con = Console(file=out, width=80, color_system=None, force_terminal=False)
    with Store(tmp_path / "s.db") as store:
        s, head = LiveSession.start(
            store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
        )
        run_screen_camera(
            s,
            head,
            CameraOptions(video=str(tmp_path / "none.avi")),
            console=con,
            keyboard=ScriptedKeys(["trump S", "5H 8H 3D 2H"]),
        )
        d = s.game.current
        assert d is not None and len(d.tricks[0].cards) == 4
    text = out.getvalue()
    assert "camera: no such video file" in text
    assert "trick 1 to S (NS 1, EW 0)" in text


def test_the_keyboard_thread_hands_over_lines_then_the_end() -> None:
    lines = iter(["trump S", "5H"])

    def read() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    keys = Keyboard(read)
    assert keys.get(5) == "trump S"
    assert keys.get(5) == "5H"
    assert keys.get(5) is None
    assert keys.get(0) is IDLE  # nothing more comes


class AnswerKeys(Keyboard):
    """``trump S`` first; then, each time the camera asks, the next of ``answers``."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.first = True
        self.camera: object = None

    def get(self, timeout: float | None) -> str | Idle | None:
        if self.first:
            self.first = False
            return "trump S"
        if self.answers and getattr(self.camera, "question", None) is not None:
            return self.answers.pop(0)
        return IDLE if timeout is not None else None


def test_screen_question_answered_with_enter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At ``--threshold 0.99`` the camera asks about W's card and S's card; Enter (an empty
    line) confirms each proposal, entered as the camera's."""
    from rich.console import Console

    from referee.live import camera as cam

    monkeypatch.setenv("REFEREE_NO_PREVIEW", "1")
    keys = AnswerKeys(["", ""])
    real = cam.open_camera

    def spy(opts: CameraOptions, game: object) -> object:
        source, camera = real(opts, game)  # type: ignore[arg-type]
        keys.camera = camera
        return source, camera

    monkeypatch.setattr(cam, "open_camera", spy)
    video = write_video(Scene().wait(2).lay("5H", "W").lay("8H", "S"), tmp_path / "q.avi")
    out = io.StringIO()
    con = Console(file=out, width=100, color_system=None, force_terminal=False)
    with Store(tmp_path / "s.db") as store:
        s, head = LiveSession.start(
            store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
        )
        run_screen_camera(
            s, head, CameraOptions(video=str(video), threshold=0.99), console=con, keyboard=keys
        )
        d = s.game.current
        assert d is not None
        assert [(x.name, str(c)) for x, c in zip(d.tricks[0].seats, d.tricks[0].cards, strict=True)] == [
            ("W", "5H"),
            ("S", "8H"),
        ]
    flat = " ".join(out.getvalue().split())
    assert "camera: 5H for W? Read with confidence" in flat
    assert "> deal 1 trick 1: S 8H (camera " in flat


DEAL_1 = [
    "trump H",
    "AH 2H 3H 4H",
    "AS 2S 3S 4S",
    "AD 2D 3D 4D",
    "AC 2C 3C 4C",
    "KH 5H 6H 7H",
    "KS 5S 6S 7S",
    "KD 5D 6D 7D",
]
# deal 2 (dealer N, caller W, trumps S): S plays 2C on diamonds, then 6D proves the
# revoke: the deal ends at once, a court to EW (R43), trick 2 abandoned (R50).
DEAL_2_REVOKE = ["trump S", "2D 2C 3D AD", "4D 5D 6D"]


@pytest.mark.parametrize(("answer", "revoked"), [("", True), ("undo", False)])
def test_camera_screen_penalty_prompt_refuses_a_card(tmp_path: Path, answer: str, revoked: bool) -> None:
    """Issue 11 on the camera screen too: at the penalty prompt a card is refused with a
    reason and not entered; only Enter/yes confirms, undo takes the proving card back."""
    from rich.console import Console

    out = io.StringIO()
    con = Console(file=out, width=100, color_system=None, force_terminal=False)
    with Store(tmp_path / "s.db") as store:
        s, head = LiveSession.start(
            store, profile="pagat", players={}, dealer="S", caller=None, seed=1, duration=None, target=None
        )
        run_screen_camera(
            s,
            head,
            CameraOptions(video=str(tmp_path / "none.avi")),
            console=con,
            keyboard=ScriptedKeys([*DEAL_1, *DEAL_2_REVOKE, "7D", answer]),
        )
        deals = s.game.report()["deals"]
        assert len(deals) == 2
        d2 = s.game.current
        assert d2 is not None and d2.number == 2
        played = [str(c) for t in d2.tricks for c in t.cards]  # the open trick included
        assert "7D" not in played  # the card typed at the prompt was not entered
        if revoked:
            assert deals[1]["revoke"] is not None and deals[1]["winner"] == "EW"
            assert s.game.current is not None and not s.game.in_progress
        else:
            assert played == ["2D", "2C", "3D", "AD", "4D", "5D"]  # 6D taken back, the deal goes on
    assert "'7D' is no answer here: press Enter" in " ".join(out.getvalue().split())


def test_camera_screen_ruling_shows_the_trick_and_waits(tmp_path: Path) -> None:
    """Issue 11 on the camera screen: `revoke N 1` against a seat that followed suit (N
    played AD on the diamond lead) shows the trick's cards first; a card typed then is
    refused, `no` drops the ruling; `quit` leaves with the session open."""
    from rich.console import Console

    out = io.StringIO()
    con = Console(file=out, width=100, color_system=None, force_terminal=False)
    keys = [*DEAL_1, "trump S", "2D 2C 3D AD", "revoke N 1", "7D", "no", "quit", "4D"]
    with Store(tmp_path / "s.db") as store:
        s, head = LiveSession.start(
            store, profile="pagat", players={}, dealer="S", caller=None, seed=1, duration=None, target=None
        )
        run_screen_camera(
            s, head, CameraOptions(video=str(tmp_path / "none.avi")), console=con, keyboard=ScriptedKeys(keys)
        )
        d2 = s.game.current
        assert d2 is not None and d2.number == 2 and s.game.in_progress
        assert [str(c) for t in d2.tricks for c in t.cards] == ["2D", "2C", "3D", "AD"]  # 4D after quit
        assert s.game.report()["deals"][1]["revoke"] is None  # the ruling was dropped
    flat = " ".join(out.getvalue().split())
    assert "'7D' is no answer here: press Enter (or type `yes`) to confirm the ruling" in flat
    assert "> ruling not entered: revoke N 1" in flat
    assert "stays open" in flat
