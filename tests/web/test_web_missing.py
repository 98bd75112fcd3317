"""Without the web extra (no starlette or no uvicorn), ``referee serve`` and
``referee start --serve`` both say the same one line and exit 1: no traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.helpers.cli import invoke
from tests.helpers.live import PAGAT_START, referee_env

MISSING = "error: the web view needs starlette and uvicorn: pip install 'court-referee[web]'"


@pytest.mark.parametrize("module", ["uvicorn", "starlette"])
def test_serve_without_the_web_extra_says_one_line(
    module: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # `import module` raises ImportError
    for name in [m for m in sys.modules if m.startswith("referee.web")]:
        monkeypatch.delitem(sys.modules, name)
    proc = invoke("serve", "--session", str(tmp_path / "s.db"), "--port", "1", env=referee_env(tmp_path))
    assert proc.returncode == 1
    assert proc.stderr.strip() == MISSING
    assert "Traceback" not in proc.stdout + proc.stderr


def test_start_serve_without_the_web_extra_says_the_same_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    proc = invoke(
        "start",
        *PAGAT_START,
        "--serve",
        "--session",
        str(tmp_path / "s.db"),
        env=referee_env(tmp_path),
        input="",
    )
    assert proc.returncode == 1
    assert MISSING in proc.stderr.splitlines()
    assert "Traceback" not in proc.stdout + proc.stderr
