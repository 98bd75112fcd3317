"""The compiled catalogs ship with the package (issue 5): a wheel built from a tree
without any ``.mo`` holds them (the hatch build hook compiles them), and the referee
run from the unpacked wheel speaks Russian."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def test_wheel_compiles_and_ships_the_catalogs(tmp_path: Path) -> None:
    for module in ("hatchling", "babel"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed here: the wheel is built offline (dev extra)")
    src = tmp_path / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("*.mo", "__pycache__", "*.pyc")
    for name in ("referee", "vision", "profiles"):
        shutil.copytree(REPO / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "hatch_build.py", "babel.cfg", "README.md", ".gitignore"):
        shutil.copy2(REPO / name, src / name)
    assert not list(src.rglob("*.mo"))
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            str(src),
            "-w",
            str(tmp_path / "dist"),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    wheel = next((tmp_path / "dist").glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in ("ru", "kk", "tr"):
        assert f"referee/locale/{lang}/LC_MESSAGES/referee.mo" in names, lang
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {
        **os.environ,
        "PYTHONPATH": str(site),
        "REFEREE_LANG": "ru",
        "REFEREE_DATA_DIR": str(tmp_path / "data"),
        "PYTHONIOENCODING": "utf-8",
    }
    code = (
        "import referee, sys; assert referee.__file__.startswith(sys.argv[1]), referee.__file__\n"
        "sys.argv = ['referee', 'start', '--profile', 'kort', '--caller', 'S']\n"
        "from referee.cli.main import run; run()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(site)],
        input="trump S\nТп:троп\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "> сдача 1, взятка 1: S Т♠:троп" in proc.stdout
    assert "S заходит с козыря: троп" in proc.stdout
