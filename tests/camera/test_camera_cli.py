"""End to end (issue 4, "What it must show"): ``referee start --video`` as a subprocess,
on videos written at test time; the result is read back with ``referee report --json``
and from the stored events."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from referee.core.events import ChooseTrump, Play
from referee.session.store import Store
from tests.helpers.live import REFEREE, referee_env
from tests.helpers.scenes import OUTSIDE, SPOT, Scene, write_video

TRICK = [("W", "5H"), ("S", "8H"), ("E", "3D"), ("N", "2H")]


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _referee(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    return subprocess.run(
        [*REFEREE, *args], input=stdin, capture_output=True, text=True, env=referee_env(data), timeout=60
    )


def _start(tmp_path: Path, db: Path, *extra: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return _referee(
        tmp_path, "start", "--profile", "pagat", "--dealer", "N", "--session", str(db), *extra, stdin=stdin
    )


def _played(db: Path) -> list[tuple[str, str]]:
    """(seat, card) of every stored play, replaying the stored events."""
    from referee.live.controller import LiveSession

    with Store(db, create=False) as store:
        s = LiveSession.resume(store, None)
        events = store.events(s.header.id)
        d = s.game.current
        assert d is not None
        assert isinstance(events[0], ChooseTrump) and all(isinstance(e, Play) for e in events[1:])
        return [(seat.name, str(c)) for t in d.tricks for seat, c in zip(t.seats, t.cards, strict=True)]


def test_a_trick_played_in_front_of_the_camera(tmp_path: Path) -> None:
    sc = Scene().add("9D", OUTSIDE, 30.0).wait(3)  # a card off the play area all along
    sc.lay("5H", "W").lay("8H", "S").lay("3D", "E", rest=3)
    sc.wait(3, hand_at=SPOT["E"])  # a hand covers E's card for a moment
    sc.lay("2H", "N")
    video = write_video(sc, tmp_path / "it.avi")
    db = tmp_path / "game.db"
    proc = _start(tmp_path, db, "--video", str(video), stdin="trump S\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "> deal 1 trick 1: N 2H  (camera " in proc.stdout
    assert "  trick 1 to S (NS 1, EW 0)" in proc.stdout.splitlines()
    rep = _referee(tmp_path, "report", "--json", "--session", str(db))
    assert rep.returncode == 0, rep.stderr
    deal = json.loads(rep.stdout)["deals"][0]
    assert deal["trump"] == "S"
    assert deal["trick_winners"] == ["S"]
    assert _played(db) == TRICK


def test_a_card_seen_twice_in_one_deal_is_refused(tmp_path: Path) -> None:
    sc = Scene().wait(2)
    for seat, card in TRICK:
        sc.lay(card, seat)
    sc.gather(25).lay("5H", "S")  # S leads trick 2 with a card W played in trick 1
    video = write_video(sc, tmp_path / "twice.avi")
    db = tmp_path / "game.db"
    proc = _start(tmp_path, db, "--video", str(video), stdin="trump S\n")
    assert proc.returncode == 0, proc.stderr
    assert (
        "camera: 5H was already played in deal 1 (trick 1): not entered; type the card S "
        "played  [answer: @1.2.S]"
    ) in proc.stdout.splitlines()
    assert _played(db) == TRICK
    rep = json.loads(_referee(tmp_path, "report", "--json", "--session", str(db)).stdout)
    assert rep["deals"][0]["trick_winners"] == ["S"]


def test_a_missing_video_gives_one_line_and_keyboard_play_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    missing = tmp_path / "nowhere.avi"
    proc = _start(tmp_path, db, "--video", str(missing), stdin="trump S\n5H 8H\n3D 2H\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        f"error: camera: no such video file: {missing}; the game goes on by keyboard"
    ]
    assert "  trick 1 to S (NS 1, EW 0)" in proc.stdout.splitlines()
    assert _played(db) == TRICK


def test_camera_options_are_checked_before_anything_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    video = ["--video", str(tmp_path / "x.avi")]
    for bad in (
        ["--seats", "S=bottom,E=bottom,N=top,W=left", *video],
        ["--play-area", "0.9,0,0.1,1", *video],
        ["--threshold", "2", *video],
        ["--camera", "0", *video],
    ):
        proc = _start(tmp_path, db, *bad, stdin="")
        assert proc.returncode == 2, (bad, proc.stdout, proc.stderr)
        assert len(proc.stderr.splitlines()) == 1, proc.stderr
        assert not db.exists()


def test_the_cli_defaults_are_the_camera_defaults() -> None:
    from referee.cli import live
    from referee.live import camera

    assert live.DEFAULT_SEATS == camera.DEFAULT_SEATS
    assert live.DEFAULT_CAMERA_THRESHOLD == camera.DEFAULT_CAMERA_THRESHOLD


def test_resume_goes_on_with_the_camera(tmp_path: Path) -> None:
    """W's lead was typed; after a break, ``referee resume --video`` reads the rest of
    the trick (W's card still lying there is no new play)."""
    db = tmp_path / "game.db"
    assert _start(tmp_path, db, stdin="trump S\n5H\n").returncode == 0
    sc = Scene().add("5H", SPOT["W"], 20.0).wait(3)
    sc.lay("8H", "S").lay("3D", "E").lay("2H", "N")
    video = write_video(sc, tmp_path / "rest.avi")
    proc = _referee(tmp_path, "resume", "--session", str(db), "--video", str(video))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert _played(db) == TRICK
