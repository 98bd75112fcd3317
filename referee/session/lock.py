"""One referee per session: the writer's lock (issue 11).

A ``start`` or ``resume`` holds session N's lock while it runs; a second one
refuses, naming the holder's pid and since when. The lock is a POSIX record
lock on byte N of ``<database>.lock`` beside the database (``fcntl.lockf``):
the kernel drops it when its process ends, ``kill -9`` included, so the next
``resume`` goes on by itself. Who holds it (pid, host, time, a token) is kept
in the database's ``session_locks`` table, so the refusal can name him and a
write can check that it is still the holder's (``--take-over`` hands the
session to a new referee while the old one still runs: the old one's next
write is refused).

Readers (``report``, ``log``, ``sessions``, ``export``, a web view) never touch
the lock: it guards writers only.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: the pid check alone
    fcntl = None  # type: ignore[assignment]

_FILES: dict[str, IO[bytes]] = {}
"""One open lock file per path in this process: closing any descriptor of a file
drops every POSIX lock the process holds on it, so it is opened once and kept."""


def lock_path(db: Path) -> Path:
    """``sessions.db`` -> ``sessions.db.lock``."""
    return db.with_name(db.name + ".lock")


def try_lock(db: Path, sid: int) -> bool:
    """Take the OS lock of session ``sid`` if it is free; True when this process holds it.
    Raises OSError when the lock file cannot be made."""
    if fcntl is None:  # pragma: no cover
        return True
    key = str(lock_path(db))
    f = _FILES.get(key)
    if f is None:
        f = open(key, "ab")  # noqa: SIM115 - kept open for the life of the process
        _FILES[key] = f
    try:
        fcntl.lockf(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB, 1, sid)
    except OSError:
        return False
    return True


def unlock(db: Path, sid: int) -> None:
    """Let go of the OS lock of session ``sid`` (at a clean end)."""
    f = _FILES.get(str(lock_path(db)))
    if f is not None and fcntl is not None:
        fcntl.lockf(f.fileno(), fcntl.LOCK_UN, 1, sid)


def alive(pid: int, host: str) -> bool:
    """Whether process ``pid`` on ``host`` may still run (True for another host: we
    cannot know, so it counts as running)."""
    if host and host != socket.gethostname():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def me() -> tuple[int, str]:
    """This process: (pid, host name)."""
    return os.getpid(), socket.gethostname()
