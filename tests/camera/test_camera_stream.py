"""``--camera URL`` (issue 9 §7): a phone as the overhead camera. A local MJPEG server
(``tests/helpers/mjpeg_server.py``, 127.0.0.1 only) serves a video's frames; ``referee start
--camera http://127.0.0.1:PORT/stream`` plays the trick from it; a server killed
mid-trick gives one line and keyboard entry goes on."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.core.events import Play
from referee.session.store import Store
from tests.helpers.live import REFEREE, referee_env
from tests.helpers.scenes import Scene, write_video

SERVER = Path(__file__).resolve().parents[1] / "helpers" / "mjpeg_server.py"
TRICK = [("W", "5H"), ("S", "8H"), ("E", "3D"), ("N", "2H")]


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[object]:
    procs: list[subprocess.Popen[str]] = []

    def _serve(video: Path, *extra: str) -> str:
        proc = subprocess.Popen(
            [sys.executable, str(SERVER), str(video), *extra], stdout=subprocess.PIPE, text=True
        )
        procs.append(proc)
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        return f"http://127.0.0.1:{port}/stream"

    yield _serve
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


def _trick_video(tmp_path: Path) -> Path:
    sc = Scene().wait(3)
    for seat, card in TRICK:
        sc.lay(card, seat)
    return write_video(sc.wait(3), tmp_path / "trick.avi")


def _start(tmp_path: Path, url: str, stdin: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    db = tmp_path / "game.db"
    proc = subprocess.run(
        [*REFEREE, "start", "--profile", "pagat", "--dealer", "N", "--session", str(db), "--camera", url],
        input=stdin,
        capture_output=True,
        text=True,
        env=referee_env(data),
        timeout=120,
    )
    return proc, db


def _plays(db: Path) -> list[tuple[str, str]]:
    from referee.live.controller import LiveSession

    with Store(db, create=False) as store:
        s = LiveSession.resume(store, None)
        assert all(isinstance(e, Play) for e in store.events(s.header.id)[1:])
        d = s.game.current
        assert d is not None
        return [(x.name, str(c)) for t in d.tricks for x, c in zip(t.seats, t.cards, strict=True)]


def test_a_trick_played_from_a_stream(tmp_path: Path, serve: object) -> None:
    """The server's stream ends after the last frame (as a phone app that stops): one
    line says so; the trick came from the camera (a card it asks about is answered)."""
    url = serve(_trick_video(tmp_path))  # type: ignore[operator]
    answers = "".join(f"@1.1.{seat} {card}\n" for seat, card in TRICK)  # what the reader misses
    proc, db = _start(tmp_path, url, "trump S\ncamera\n" + answers)
    assert _plays(db) == TRICK, proc.stdout
    assert proc.stdout.count("(camera ") >= 2, proc.stdout
    assert "  trick 1 to S (NS 1, EW 0)" in proc.stdout.splitlines()
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"error: camera: stream {url} stopped delivering frames"
    ), proc.stderr


def test_a_stream_killed_mid_trick_gives_one_line_and_the_keyboard_goes_on(
    tmp_path: Path, serve: object
) -> None:
    """The server is killed (SIGKILL) after W's and S's cards: one line on stderr; the
    typed lines after ``camera`` finish the trick."""
    frames_two_cards = 3 + 2 * 8 + 2
    url = serve(_trick_video(tmp_path), "--die-after", str(frames_two_cards))  # type: ignore[operator]
    proc, db = _start(tmp_path, url, "trump S\ncamera\n@1.1.W 5H\n@1.1.S 8H\n3D 2H\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        f"error: camera: stream {url} stopped delivering frames (frames read: "
        f"{frames_two_cards}); the game goes on by keyboard"
    ]
    assert _plays(db) == TRICK
    out = proc.stdout.splitlines()
    assert "(camera " in proc.stdout  # W's and S's cards came through the stream
    assert "> deal 1 trick 1: E 3D, N 2H" in out


def test_a_url_that_answers_nothing_gives_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/stream"
    proc, db = _start(tmp_path, url, "trump S\n5H 8H 3D 2H\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        f"error: camera: cannot open stream {url}; the game goes on by keyboard"
    ]
    assert _plays(db) == TRICK


def test_camera_option_takes_an_index_or_a_url(tmp_path: Path) -> None:
    from referee.live.camera import parse_camera

    assert parse_camera("0") == 0
    assert parse_camera("rtsp://10.0.0.5/live") == "rtsp://10.0.0.5/live"
    with pytest.raises(ValueError, match="--camera"):
        parse_camera("webcam")
    proc, db = _start(tmp_path, "ftp://x", "")
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1
    assert "ftp://x" in proc.stderr and not db.exists()
