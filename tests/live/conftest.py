"""Fixtures for the live-table tests (issue 3): an isolated data dir and the ``referee``
command, run in process (tests.helpers.cli; a subprocess where a test gives ``cwd``).
The console script itself is started by the slow smoke tests (test_live_crash, test_live_pty,
tests/test_cli_usage.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import invoke
from tests.helpers.live import REFEREE, Report, Run, referee_env


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def run(data_dir: Path) -> Run:
    """``run("start", "--profile", "pagat", input="...")``: the referee command."""

    def _run(
        *args: str, input: str | None = None, check: bool = True, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        if cwd is None:
            proc = invoke(*args, env=referee_env(data_dir), input=input or "")
        else:
            proc = subprocess.run(
                [*REFEREE, *args],
                input=input if input is not None else "",
                capture_output=True,
                text=True,
                env=referee_env(data_dir),
                timeout=60,
                cwd=cwd,
            )
        if check and proc.returncode != 0:
            raise AssertionError(
                f"referee {' '.join(args)} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
            )
        return proc

    return _run


@pytest.fixture
def report(run: Run) -> Report:
    """The ``referee report --json`` of the latest (or a given) session."""

    def _report(*args: str) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(run("report", *args, "--json").stdout)
        return out

    return _report
