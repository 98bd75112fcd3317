"""The template set ships inside the wheel and is loaded from an installed copy
(nothing is downloaded or built at run time)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_wheel_ships_the_templates_and_reads_a_card_from_them(built_wheel: Path, tmp_path: Path) -> None:
    wheel = built_wheel
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "vision/templates.npz" in names
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (
        "import sys\n"
        "import vision.glyphs as g, vision.reader as r\n"
        "from tests.helpers.synth import card_face, place, table\n"
        "f = table('felt'); place(f, card_face('9D'), (640.0, 360.0), 30.0, 120)\n"
        "print(g.TEMPLATE_FILE.parent.parent == __import__('pathlib').Path(sys.argv[2]))\n"
        "print([d.card for d in r.detect(f)])\n"
    )
    # the wheel's copy first; the repository only for the tests.helpers package
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(REPO)])}
    run = subprocess.run(
        [sys.executable, "-c", code, "", str(target)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "['9D']"]
