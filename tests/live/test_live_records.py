"""Every valid shared record typed at the live table (scripted) gives its expected report
(issue 3: "every valid record in ../shared/records/ turned into an entry script")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.helpers.live import Report, Run, needs_shared, record_script, required
from tests.helpers.shared import RECORDS


def _valid_records() -> list[Path]:
    if not RECORDS.is_dir():
        return []
    out = []
    for path in sorted(RECORDS.glob("*.yaml")):
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        if not expected.get("error"):
            out.append(path)
    return out


@pytest.mark.parametrize("path", _valid_records() or [None], ids=lambda p: p.stem if p else "none")
def test_record_played_live_gives_expected_report(path: Path | None, run: Run, report: Report) -> None:
    needs_shared()
    assert path is not None, "no valid record in shared/records"
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    opts, lines = record_script(record, expected)
    proc = run("start", *opts, input="\n".join(lines) + "\n")
    assert proc.stderr == "", proc.stderr  # every entry accepted
    assert required(report()) == required(expected)
