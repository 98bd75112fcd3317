"""Crash test (issues 3, 11): the scripted pagat session, with undos (``undo``,
``undo 2``) and a ``fix``, killed with SIGKILL at 20 points, each right after an entry
was acknowledged; ``referee resume`` finishes it and the effective events (in order)
and the final report are identical to the uninterrupted one every time."""

from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from referee.live.controller import LiveSession
from referee.session.codec import encode
from referee.session.store import Store
from tests.helpers.live import PAGAT_SCRIPT, PAGAT_START, REFEREE, crash_script, referee_env

SCRIPT = crash_script()


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _final_report(data_dir: Path) -> dict[str, Any]:
    """The report and the effective events (canonical text) of the stored session."""
    with Store(data_dir / "sessions.db") as store:
        rep = LiveSession.resume(store, None).game.report()
        rep["effective events"] = [encode(ev) for ev in store.events(1)]
        return rep


def _acks(buf: bytes) -> int:
    return sum(1 for line in buf.split(b"\n") if line.startswith(b"> "))


def _start_and_kill(data_dir: Path, k: int) -> None:
    """Feed the first ``k`` entries one by one, wait for each acknowledgement, kill -9."""
    proc = subprocess.Popen(
        [*REFEREE, "start", *PAGAT_START],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=referee_env(data_dir),
    )
    assert proc.stdin is not None and proc.stdout is not None
    buf = b""
    fd = proc.stdout.fileno()
    try:
        for i, line in enumerate(SCRIPT[:k], 1):
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            deadline = time.monotonic() + 20
            while _acks(buf) < i:
                left = deadline - time.monotonic()
                assert left > 0, f"no acknowledgement of entry {i}: {buf!r}"
                if not select.select([fd], [], [], left)[0]:
                    continue
                chunk = os.read(fd, 65536)
                assert chunk, f"referee ended early: {buf!r}"
                buf += chunk
    finally:
        proc.kill()  # SIGKILL: no cleanup, no flush, no commit of anything pending
        proc.wait()
        proc.stdin.close()
        proc.stdout.close()
        assert proc.stderr is not None
        proc.stderr.close()
    assert proc.returncode == -9


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    data = tmp_path_factory.mktemp("whole")
    proc = subprocess.run(
        [*REFEREE, "start", *PAGAT_START],
        input="\n".join(SCRIPT) + "\n",
        capture_output=True,
        text=True,
        env=referee_env(data),
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    rep = _final_report(data)
    assert rep["ended"] and len(rep["deals"]) == 4
    assert "fix 2 E 4D" in SCRIPT and "undo 2" in SCRIPT
    return rep


def test_mistakes_corrected_give_the_clean_report(tmp_path: Path, uninterrupted: dict[str, Any]) -> None:
    """The script with its undos and fix ends exactly as the one typed without mistakes."""
    proc = subprocess.run(
        [*REFEREE, "start", *PAGAT_START],
        input="\n".join(PAGAT_SCRIPT) + "\n",
        capture_output=True,
        text=True,
        env=referee_env(tmp_path),
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    assert _final_report(tmp_path) == uninterrupted


POINTS = sorted({1 + round(i * (len(SCRIPT) - 2) / 19) for i in range(20)})


def test_twenty_points() -> None:
    assert len(POINTS) == 20 and POINTS[-1] < len(SCRIPT)


@pytest.mark.parametrize("k", POINTS)
def test_kill_resume_finish(k: int, tmp_path: Path, uninterrupted: dict[str, Any]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    _start_and_kill(data, k)
    proc = subprocess.run(
        [*REFEREE, "resume"],
        input="\n".join(SCRIPT[k:]) + "\n",
        capture_output=True,
        text=True,
        env=referee_env(data),
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # every remaining entry fits exactly where the kill left off
    assert proc.stdout.startswith("resuming session 1 (pagat)")
    assert _final_report(data) == uninterrupted


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> list[list[Any]]:
    """The session's event list after each entry of the script (index 0: none yet)."""
    with Store(tmp_path_factory.mktemp("bounds") / "s.db") as store:
        s, _ = LiveSession.start(
            store, profile="pagat", players={}, dealer="S", caller=None, seed=0, duration=None, target=None
        )
        out: list[list[Any]] = [[]]
        for line in SCRIPT:
            s.enter(line)
            out.append(list(s.game.events))
        return out


@pytest.mark.parametrize("delay", [0.001, 0.004, 0.008, 0.012, 0.018])
def test_kill_at_any_moment_keeps_whole_entries(
    delay: float, tmp_path: Path, uninterrupted: dict[str, Any], snapshots: list[Any]
) -> None:
    """Killed without waiting for an acknowledgement, while entries stream in: what is
    stored is always the events of whole entries (one transaction per entry)."""
    data = tmp_path / "data"
    data.mkdir()
    proc = subprocess.Popen(
        [*REFEREE, "start", *PAGAT_START],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=referee_env(data),
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        ready = select.select([proc.stdout], [], [], 20)[0]
        assert ready and proc.stdout.readline().startswith(b"session 1 (pagat)")
        proc.stdin.write(("\n".join(SCRIPT) + "\n").encode())
        proc.stdin.flush()
        time.sleep(delay)
    finally:
        proc.kill()
        proc.wait()
        proc.stdin.close()
        proc.stdout.close()
    with Store(data / "sessions.db") as store:
        stored = store.events(1)
    assert stored in snapshots  # the events of whole entries, never part of one
    k = snapshots.index(stored)
    rest = subprocess.run(
        [*REFEREE, "resume"],
        input="\n".join(SCRIPT[k:]) + "\n",
        capture_output=True,
        text=True,
        env=referee_env(data),
        timeout=60,
    )
    assert rest.returncode == 0 and rest.stderr == ""
    assert _final_report(data) == uninterrupted
    print(f"killed after entry {k} of {len(SCRIPT)}")
