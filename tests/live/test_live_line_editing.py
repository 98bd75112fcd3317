"""Line editing at the live prompt (readline): on a terminal the arrow keys move in the
typed line; piped input is read as before, without readline."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.live import REFEREE, referee_env

pty = pytest.importorskip("pty")


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _read(fd: int, seconds: float, until: bytes = b"") -> bytes:
    out = b""
    end = time.time() + seconds
    while time.time() < end and not (until and until in out):
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def test_arrow_keys_edit_the_line_on_a_terminal(data_dir: Path) -> None:
    env = referee_env(data_dir)
    env.update(TERM="xterm", COLUMNS="80", LINES="24")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real referee on a pseudo-terminal
        os.execvpe(REFEREE[0], [*REFEREE, "start", "--profile", "pagat", "--dealer", "S"], env)
    try:
        first = _read(fd, 20, until=b"trumps?")
        assert b"trumps?" in first, first
        # "trmp H", four times the left arrow (after "tr"), "u", Enter: "trump H"
        os.write(fd, b"trmp H" + b"\x1b[D" * 4 + b"u\r")
        shown = _read(fd, 20, until=b"E to play > ")
        assert b"> deal 1: E calls trumps H" in shown, shown
        os.write(fd, b"\x04")  # Ctrl-D: leave, the session stays open
        assert b"stays open" in _read(fd, 20, until=b"stays open")
    finally:
        for _ in range(50):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, 9)
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    report = json.loads(
        subprocess.run(
            [*REFEREE, "report", "--json"], env=env, capture_output=True, text=True, check=True, timeout=60
        ).stdout
    )
    assert report["deals"][0]["trump"] == "H"


def test_piped_input_does_not_load_readline(data_dir: Path) -> None:
    code = (
        "import sys\nfrom referee.cli.main import main\n"
        "code = main(['start', '--profile', 'pagat', '--dealer', 'S'])\n"
        "print('readline' in sys.modules, code)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        input="trump H\n",
        capture_output=True,
        text=True,
        env=referee_env(data_dir),
        timeout=60,
        check=True,
    )
    assert "> deal 1: E calls trumps H" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "False 0"
