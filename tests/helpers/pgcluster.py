"""A throwaway PostgreSQL cluster for the store tests (issue 16).

``python tests/helpers/pgcluster.py start DIR`` runs Debian's ``initdb`` into DIR as a
non-root user (``postgres`` via runuser when run as root), starts it with ``pg_ctl``
on a free port of 127.0.0.1 (trust authentication, the socket in DIR) and prints the
URL (``postgresql://referee@127.0.0.1:PORT/referee``); ``stop DIR`` stops it. The
tests use ``$REFEREE_TEST_PG`` when set (``.ci/run`` sets it), else start one here.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path


def bindir() -> Path | None:
    """The newest ``/usr/lib/postgresql/N/bin`` with ``initdb``, or one on PATH."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def start(directory: Path) -> str:
    """Make and start a cluster in ``directory``; returns its URL. Raises RuntimeError
    with the reason when no server can be started."""
    bins = bindir()
    if bins is None:
        raise RuntimeError(
            "no PostgreSQL server installed (initdb not found; Debian: apt-get install postgresql)"
        )
    directory.mkdir(parents=True, exist_ok=True)
    data = directory / "data"
    if os.geteuid() == 0:
        shutil.chown(directory, "postgres")
        for parent in directory.resolve().parents:  # the postgres user must reach it
            mode = parent.stat().st_mode
            if not mode & stat.S_IXOTH:
                parent.chmod(mode | stat.S_IXOTH)
    port = _free_port()

    def run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(_as_user(cmd), capture_output=True, text=True, timeout=120, cwd="/")

    r = run(
        [str(bins / "initdb"), "-D", str(data), "-U", "referee", "--auth=trust", "-E", "UTF8", "--no-locale"]
    )
    if r.returncode != 0:
        raise RuntimeError(f"initdb failed: {r.stderr.strip() or r.stdout.strip()}")
    opts = (
        f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={directory} "
        "-c fsync=on -c max_connections=100"
    )
    r = run(
        [
            str(bins / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            opts,
            "-l",
            str(directory / "log"),
            "-w",
            "-t",
            "60",
            "start",
        ]
    )
    if r.returncode != 0:
        log = (directory / "log").read_text() if (directory / "log").exists() else ""
        raise RuntimeError(f"pg_ctl start failed: {r.stderr.strip()} {log[-500:]}")
    r = run([str(bins / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "referee", "referee"])
    if r.returncode != 0:
        raise RuntimeError(f"createdb failed: {r.stderr.strip()}")
    return f"postgresql://referee@127.0.0.1:{port}/referee"


def stop(directory: Path) -> None:
    """Stop the cluster in ``directory`` (fast shutdown)."""
    bins = bindir()
    if bins is not None and (directory / "data").exists():
        subprocess.run(
            _as_user([str(bins / "pg_ctl"), "-D", str(directory / "data"), "-m", "fast", "stop"]),
            capture_output=True,
            timeout=60,
        )


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        sys.exit("usage: pgcluster.py start|stop DIR")
    if sys.argv[1] == "start":
        try:
            print(start(Path(sys.argv[2])))
        except RuntimeError as exc:
            sys.exit(str(exc))
    else:
        stop(Path(sys.argv[2]))
