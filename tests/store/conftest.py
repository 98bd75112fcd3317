"""Fixtures of the store tests (issue 16): each runs against SQLite and PostgreSQL.

PostgreSQL is ``$REFEREE_TEST_PG`` (``.ci/run`` starts a cluster and sets it), else a
cluster this session starts itself from Debian's ``initdb`` (:mod:`pgcluster`). When
none can be started the PostgreSQL cases skip with the reason, except under CI
(``CI=true``), where that is a failure. Each test gets a database of its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tests.helpers.cli import invoke
from tests.helpers.live import Run, referee_env


def _no_server(reason: str) -> NoReturn:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI: no PostgreSQL server for the store tests: {reason}")
    pytest.skip(f"no PostgreSQL server: {reason}")


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a PostgreSQL server's ``referee`` database (admin connection)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _no_server("psycopg is not installed (pip install 'psycopg[binary]')")
    url = os.environ.get("REFEREE_TEST_PG")
    if url:
        yield url
        return
    from tests.helpers import pgcluster

    # not under pytest's basetemp: another pytest run of the same user prunes old
    # basetemps, and with them a running cluster's files
    where = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    try:
        url = pgcluster.start(where / "cluster")
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        shutil.rmtree(where, ignore_errors=True)
        _no_server(str(exc))
    try:
        yield url
    finally:
        pgcluster.stop(where / "cluster")
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh, empty database on the server, dropped after the test."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    base, _, _ = pg_server.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """``sqlite:///tmp/.../club.db`` or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'club.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def run(tmp_path: Path) -> Run:
    """``run("start", ..., input=...)``: the referee command, in process (tests.helpers.cli)."""
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)

    def _run(
        *args: str, input: str | None = None, check: bool = True, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        e = referee_env(data)
        e.pop("REFEREE_STORE", None)
        e.update(env or {})
        proc = invoke(*args, env=e, input=input or "")
        if check and proc.returncode != 0:
            raise AssertionError(
                f"referee {' '.join(args)} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
            )
        return proc

    return _run
