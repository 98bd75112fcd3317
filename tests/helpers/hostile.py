"""Helpers of the hostile-input suite (issue 12): run ``referee`` in a child bounded in
memory (RLIMIT_DATA) and measured in CPU time and peak RSS, and check its one-line error."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REFEREE = [sys.executable, "-m", "referee"]
MEMORY = 500 * 1024 * 1024
"""RLIMIT_DATA of each child (RLIMIT_AS would not do: importing cv2 maps more)."""
CPU_SECONDS = 5.0
WALL_SECONDS = 60
"""A hang guard only: the CPU time is what is asserted (the CI machine is shared)."""


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    cpu: float
    """CPU seconds (user + system) of the child."""
    peak_mb: float
    """The child's peak resident memory in MB (without GNU time: of the largest child
    reaped so far, an upper bound)."""

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.strip()]


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_DATA, (MEMORY, MEMORY))


def env(data_dir: Path) -> dict[str, str]:
    """English, no colour, 80 columns, a data dir of its own, one BLAS thread."""
    e = dict(os.environ)
    e.update(
        REFEREE_DATA_DIR=str(data_dir),
        NO_COLOR="1",
        COLUMNS="80",
        TERM="dumb",
        PYTHONIOENCODING="utf-8",
        REFEREE_LANG="en",
        OPENBLAS_NUM_THREADS="1",
        OMP_NUM_THREADS="1",
        REFEREE_NO_PREVIEW="1",
    )
    return e


TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
"""GNU time, where present, measures each child alone (else the children's rusage)."""


def run(
    args: list[str], data_dir: Path, stdin: str | bytes | None = None, cmd: list[str] | None = None
) -> Run:
    """Run ``referee ARGS`` (or ``cmd``) under the memory limit; returns what it did.
    ``$HOSTILE_MEASURE`` names a file to append ``cpu peak_mb args`` lines to."""
    import tempfile

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    data = stdin.encode() if isinstance(stdin, str) else stdin
    full = [*(cmd or REFEREE), *args]
    with tempfile.NamedTemporaryFile("r", suffix=".time") as stats:
        if TIME is not None:
            full = [TIME, "-q", "-f", "%U %S %M", "-o", stats.name, *full]
        proc = subprocess.run(
            full,
            input=data if data is not None else b"",
            capture_output=True,
            env=env(data_dir),
            timeout=WALL_SECONDS,
            preexec_fn=_limit,
            check=False,
        )
        measured = stats.read().split() if TIME is not None else []
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if len(measured) >= 3:
        cpu, peak = float(measured[-3]) + float(measured[-2]), int(measured[-1]) / 1024
    else:
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        peak = after.ru_maxrss / 1024
    log = os.environ.get("HOSTILE_MEASURE")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{cpu:5.2f} s {peak:6.0f} MB  {' '.join(a[:40] for a in args)[:100]!r}\n")
    return Run(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
        cpu,
        peak,
    )


def assert_bounded(r: Run) -> None:
    """No traceback, within the CPU time and the memory."""
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    assert r.cpu < CPU_SECONDS, f"{r.cpu:.1f} s of CPU"
    assert r.peak_mb < MEMORY / 2**20, f"peak {r.peak_mb:.0f} MB"


def one_error(r: Run, code: int, *needles: str) -> str:
    """Exit ``code``, exactly one stderr line ``error: ...`` holding every needle, short."""
    assert_bounded(r)
    assert r.returncode == code, (r.returncode, r.stderr[-2000:])
    lines = r.err_lines
    assert len(lines) == 1, lines[:5]
    line = lines[0]
    assert line.startswith("error: "), line
    assert len(line) < 400, f"{len(line)} characters"
    for needle in needles:
        assert needle in line, (needle, line)
    return line


def live_errors(r: Run, refused: int) -> list[str]:
    """A live session from a script: exit 0, one ``error: line N:`` per refused entry and
    the count line last."""
    assert_bounded(r)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.err_lines
    assert len(lines) == refused + 1, lines
    word = "entry was" if refused == 1 else "entries were"
    assert lines[-1] == f"{refused} {word} refused", lines[-1]
    for line in lines[:-1]:
        assert line.startswith("error: line "), line
        assert len(line) < 400
    return lines[:-1]
