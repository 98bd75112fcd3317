"""Real failed syncs and writes (issue 12, item 3), where ``strace -e inject`` works: the
referee process itself gets EIO or ENOSPC from fsync/fdatasync/pwrite from the N-th call
on. No traceback, a refused entry is one ``error: line N:`` line, and after the fault
(the process ends, the disk is fine again) ``resume`` goes on: what is stored is the
events of whole entries, at least every entry that was shown."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.hostile import REFEREE, env
from tests.helpers.live import PAGAT_START, crash_script

SCRIPT = crash_script()


def _strace_works() -> bool:
    if shutil.which("strace") is None:
        return False
    probe = subprocess.run(["strace", "-qq", "-e", "trace=none", "true"], capture_output=True, check=False)
    return probe.returncode == 0


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not _strace_works(), reason="strace is missing or may not trace here (ptrace)"),
]


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> list[list[Any]]:
    with Store(tmp_path_factory.mktemp("whole") / "s.db") as store:
        s, _ = LiveSession.start(
            store, profile="pagat", players={}, dealer="S", caller=None, seed=0, duration=None, target=None
        )
        out: list[list[Any]] = [[]]
        for line in SCRIPT:
            s.enter(line)
            out.append(list(s.game.events))
        out.append([s.game.report()])
    return out


def _calls(calls: str, tmp_path: Path) -> int:
    """How many ``calls`` the whole scripted session makes (a run without faults), so the
    fault can be put at a fraction of them whatever the start-up does."""
    data = tmp_path / "count"
    data.mkdir()
    trace = tmp_path / "count.trace"
    subprocess.run(
        ["strace", "-f", "-qq", "-o", str(trace), "-e", f"trace={calls}", *REFEREE, "start", *PAGAT_START],
        input="\n".join(SCRIPT) + "\n",
        capture_output=True,
        text=True,
        env=env(data),
        timeout=120,
        check=True,
    )
    names = tuple(f"{c}(" for c in calls.split(","))
    return sum(1 for line in trace.read_text().splitlines() if any(n in line for n in names))


# pwrite64 is what SQLite writes its files with (write(2) would also hit the output)
@pytest.mark.parametrize(
    ("calls", "errno", "fraction"),
    [
        ("fsync,fdatasync", "EIO", 0.5),
        ("fsync,fdatasync", "EIO", 0.8),
        ("pwrite64", "ENOSPC", 0.3),
        ("pwrite64", "EIO", 0.6),
    ],
)
def test_injected_fault_then_resume(
    tmp_path: Path, calls: str, errno: str, fraction: float, snapshots: list[list[Any]]
) -> None:
    total = _calls(calls, tmp_path)
    assert total > 10
    when = max(1, int(total * fraction))
    data = tmp_path / "data"
    data.mkdir()
    cmd = [
        "strace",
        "-f",
        "-qq",
        "-o",
        os.devnull,
        "-e",
        f"trace={calls}",
        "-e",
        f"inject={calls}:error={errno}:when={when}+",
        *REFEREE,
        "start",
        *PAGAT_START,
    ]
    proc = subprocess.run(
        cmd,
        input="\n".join(SCRIPT) + "\n",
        capture_output=True,
        text=True,
        env=env(data),
        timeout=120,
        check=False,
    )
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    shown = sum(1 for line in proc.stdout.splitlines() if line.startswith("> "))
    errors = [line for line in proc.stderr.splitlines() if line.strip()]
    if proc.returncode != 0:  # the fault came before the session was stored: one line
        print(f"{calls}={errno} from call {when}: start refused: {errors}")
        assert len(errors) == 1 and errors[0].startswith("error: "), errors
        assert shown == 0
        return
    if errors:  # refused entries, then the count
        assert all(e.startswith("error: line ") for e in errors[:-1]), errors
        assert errors[-1].endswith("refused"), errors
    with Store(data / "sessions.db", create=False) as store:
        stored = store.events(1)
    assert stored in snapshots  # whole entries only
    k = snapshots.index(stored)
    # the entries shown are exactly the ones stored: a failed sync whose pages reached the
    # file counts as stored (and is shown); one said "not stored" is not there
    assert k == shown
    rest = subprocess.run(
        [*REFEREE, "resume"],
        input="\n".join(SCRIPT[k:]) + "\n",
        capture_output=True,
        text=True,
        env=env(data),
        timeout=60,
        check=False,
    )
    assert rest.returncode == 0 and rest.stderr == "", rest.stderr
    with Store(data / "sessions.db", create=False) as store:
        assert LiveSession.resume(store, 1).game.report() == snapshots[-1][0]
    print(f"{calls}={errno} from call {when}: {shown} shown, {k} stored, {max(len(errors) - 1, 0)} refused")
