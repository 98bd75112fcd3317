"""Fixtures shared by every test folder."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once per test run offline (``--no-build-isolation``),
    so packaging tests look at what ``pip install .`` would install. Skips visibly
    when it cannot be built here."""
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("hatchling is not installed here: the wheel is built offline "
                    "(--no-build-isolation); install the dev extras")
    dist = tmp_path_factory.mktemp("dist")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         str(REPO), "-w", str(dist)],
        capture_output=True, text=True, check=False, timeout=300,
    )
    if build.returncode != 0:
        pytest.skip(f"cannot build a wheel offline here: {build.stderr.strip()[-300:]}")
    return next(dist.glob("*.whl"))
