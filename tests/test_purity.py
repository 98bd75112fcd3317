"""The rules engine stays pure (STYLE.md, issue 2): ``referee.core`` imports no
typer, rich, cv2, sqlite3 or yaml, nor the language machinery (referee.i18n, gettext;
ruff's banned-api checks it statically too), and does no file I/O. ``referee --help`` imports
nothing heavy either."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[1] / "referee" / "core"
BANNED_CORE = (
    "typer",
    "rich",
    "cv2",
    "sqlite3",
    "yaml",
    "numpy",
    "referee.i18n",
    "gettext",
)  # issue 8: no language machinery in the engine


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def imported_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_core_imports_nothing_impure() -> None:
    modules = sorted(p.stem for p in CORE.glob("*.py") if p.stem != "__init__")
    assert "game" in modules
    code = "\n".join(f"import referee.core.{m}" for m in modules)
    loaded = imported_after(code)
    for name in BANNED_CORE:
        assert not any(m == name or m.startswith(name + ".") for m in loaded), name


def test_core_does_no_file_io() -> None:
    pattern = re.compile(
        r"\bopen\(|\.read_text\(|\.write_text\(|\bPath\(|import os\b|"
        r"from os\b|import io\b|import pathlib"
    )
    for path in CORE.glob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            assert not pattern.search(code), f"{path.name}:{n}: {line.strip()}"


def test_cli_start_up_is_light() -> None:
    """``referee --help`` must not import yaml, pydantic, numpy, cv2 or the engine."""
    code = (
        "import sys\nsys.argv = ['referee', '--help']\nfrom referee.cli import main\n"
        "try:\n    main.app()\nexcept SystemExit:\n    pass"
    )
    loaded = imported_after(code)
    for name in ("yaml", "pydantic", "numpy", "cv2", "referee.core.game", "referee.records"):
        assert name not in loaded, name
