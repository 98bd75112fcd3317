"""``python -m vision.train.compare``: whether a training run reproduces a manifest (issue
10, point 4: metrics within 0.5 points). Built on copies of the shipped manifest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vision.train.compare import POINTS, main

SHIPPED = Path(__file__).resolve().parents[2] / "vision" / "models" / "manifest.json"


def _write(tmp_path: Path, name: str, m: dict[str, Any]) -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(m))
    return p


def _manifest() -> dict[str, Any]:
    m: dict[str, Any] = json.loads(SHIPPED.read_text())
    return m


def test_a_manifest_reproduces_itself_file_for_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHIPPED), str(SHIPPED.parent)]) == 0
    out = capsys.readouterr().out
    assert "files the same, byte for byte: 7 of 7" in out  # six members and the check crops
    assert "reproduced: all" in out and "largest difference 0.00" in out


def test_a_rate_half_a_point_off_reproduces_and_more_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert POINTS == 0.5  # the limit
    m = _manifest()
    acc = m["metrics"]["A_accuracy"]
    m["metrics"]["A_accuracy"] = acc - 0.005
    assert main([str(SHIPPED), str(_write(tmp_path, "near.json", m))]) == 0
    m["metrics"]["A_accuracy"] = acc - 0.0051
    m["metrics"]["thresholds"]["pile_corner"] -= 0.02
    capsys.readouterr()
    assert main([str(SHIPPED), str(_write(tmp_path, "far.json", m))]) == 1
    out = capsys.readouterr().out
    flagged = [line.split()[0] for line in out.splitlines() if "more than the limit" in line]
    assert flagged == ["A_accuracy", "thresholds.pile_corner"]
    assert "2 of" in out and "(largest 2.00)" in out


def test_counts_and_losses_are_shown_not_judged_and_other_weights_are_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = _manifest()
    m["metrics"]["A_wrong_reads_at_argmax"] += 40
    m["metrics"]["A_losses"][-1] += 0.3
    m["models"]["B"]["members"][0]["sha256"] = "0" * 64
    assert main([str(SHIPPED), str(_write(tmp_path, "counts.json", m))]) == 0
    out = capsys.readouterr().out
    assert "A_wrong_reads_at_argmax" in out and "differs by 40 (not judged)" in out
    assert "files the same, byte for byte: 6 of 7" in out


def test_a_run_lacking_a_rate_or_a_file_without_metrics_is_not_a_reproduction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = _manifest()
    del m["metrics"]["court_recall"]
    assert main([str(SHIPPED), str(_write(tmp_path, "short.json", m))]) == 1
    assert "lacks court_recall" in capsys.readouterr().out
    assert main([str(SHIPPED), str(_write(tmp_path, "none.json", {"seed": 1}))]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "none.json" in err and len(err.splitlines()) == 1
