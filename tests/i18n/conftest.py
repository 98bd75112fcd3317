"""Fixtures of the language tests (issue 5): the live helpers of tests/live, fresh
compiled catalogs and the real ``referee`` command in a subprocess under a chosen
language (tests/conftest.py resets the in-process language around every test)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers.live import REFEREE, Run

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def _compile_catalogs() -> None:
    """Rebuild stale ``.mo`` files with the build hook's own function (a ``.po`` edited
    since the last install); without hatchling/babel the installed ones are used."""
    spec = importlib.util.spec_from_file_location("hatch_build", REPO / "hatch_build.py")
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError:
        return
    module.compile_catalogs(REPO)


@pytest.fixture(scope="session", autouse=True)
def catalogs() -> None:
    _compile_catalogs()


def clean_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """A subprocess environment without any language variable, plus ``extra``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LANG", "LC_MESSAGES")
    }
    env.update(
        REFEREE_DATA_DIR=str(data_dir), NO_COLOR="1", COLUMNS="80", TERM="dumb", PYTHONIOENCODING="utf-8"
    )
    env.update(extra)
    return env


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def run(data_dir: Path) -> Run:
    """``run("start", ..., input=..., env={"REFEREE_LANG": "ru"})``: the real CLI."""

    def _run(
        *args: str, input: str = "", env: dict[str, str] | None = None, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            [*REFEREE, *args],
            input=input,
            capture_output=True,
            text=True,
            env=clean_env(data_dir, **(env or {})),
            timeout=60,
        )
        if check and proc.returncode != 0:
            raise AssertionError(
                f"referee {' '.join(args)} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
            )
        return proc

    return _run
