"""README states each command's ``--threshold`` default as the code has it: ``detect``
reports from vision.DEFAULT_THRESHOLD (0.5, the calibrated point), the camera at the
table (``start``) enters without asking from DEFAULT_CAMERA_THRESHOLD (0.6)."""

from __future__ import annotations

import re
from pathlib import Path

from referee.live.cam_policy import DEFAULT_CAMERA_THRESHOLD
from tests.helpers.cli import invoke
from vision import DEFAULT_THRESHOLD

README = Path(__file__).resolve().parents[1] / "README.md"
DEFAULTS = {"detect": DEFAULT_THRESHOLD, "start": DEFAULT_CAMERA_THRESHOLD}


def test_readme_names_the_command_of_each_threshold_default() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    said = re.findall(r"`([a-z ]*)--threshold`[^()`]*\(default ([0-9.]+)", text)
    assert said, "README states no --threshold default"
    for command, value in said:
        assert command.strip() in DEFAULTS, f"'--threshold (default {value})' names no command"
        assert float(value) == DEFAULTS[command.strip()], (command, value)
    assert {c.strip() for c, _v in said} == set(DEFAULTS)


def test_help_states_the_same_defaults(tmp_path: Path) -> None:
    env = {
        "REFEREE_DATA_DIR": str(tmp_path),
        "NO_COLOR": "1",
        "COLUMNS": "200",
        "TERM": "dumb",
        "REFEREE_LANG": "en",
    }
    for command, value in DEFAULTS.items():
        out = " ".join(invoke(command, "--help", env=env).stdout.split())
        tail = out[out.index("--threshold") :]
        assert re.search(rf"default:? {value}\b", tail[:400]), (command, tail[:400])
