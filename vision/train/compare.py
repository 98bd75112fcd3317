"""Does a training run reproduce a manifest? (issue 10, point 4: a training from a clean
clone reproduces models whose metrics are within 0.5 points of the manifest.)

``python -m vision.train.compare SHIPPED RUN`` compares two ``manifest.json`` files of
``python -m vision.train`` (``vision/models/manifest.json`` and the ``--out`` of a new
run): every rate of ``metrics`` (a float in [0, 1]: accuracies, recalls, the calibrated
thresholds) must be within :data:`POINTS` percentage points; counts (crops, wrong reads)
and the last training losses are shown, not judged. It also says whether the model files
and the check crops' outputs are the same bytes (the recipe's numerics make them so on
any x86-64 CPU). Exit status 0 when reproduced, 1 when not, 2 for an unreadable file.
Needs no torch.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the largest difference of a rate, in percentage points, that still reproduces it
POINTS = 0.5


@dataclass(frozen=True)
class Difference:
    """One metric of both manifests: its dotted ``name``, the two values, and whether it
    is judged (a rate, compared in points) and within :data:`POINTS`."""

    name: str
    shipped: float
    run: float
    judged: bool

    @property
    def points(self) -> float:
        """|run - shipped| in percentage points (for a rate; else the plain difference)."""
        return abs(self.run - self.shipped) * (100 if self.judged else 1)

    @property
    def ok(self) -> bool:
        """True unless a judged rate is more than POINTS apart."""
        return not self.judged or self.points <= POINTS + 1e-9


def _flat(metrics: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in metrics.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{prefix}{k}."))
        elif isinstance(v, list):
            if v and all(isinstance(x, int | float) for x in v):
                out[f"{prefix}{k}[-1]"] = v[-1]  # a loss curve: its last value
        else:
            out[prefix + k] = v
    return out


def differences(shipped: dict[str, Any], run: dict[str, Any]) -> list[Difference]:
    """The metrics of two manifests (dicts of ``manifest.json``), by name: a number in both
    is compared; a float in [0, 1] in both (not a loss) is a judged rate. Raises KeyError
    if either has no ``metrics``."""
    a, b = _flat(shipped["metrics"]), _flat(run["metrics"])
    out = []
    for name in sorted(set(a) & set(b)):
        x, y = a[name], b[name]
        if (
            isinstance(x, bool)
            or isinstance(y, bool)
            or not isinstance(x, int | float)
            or not isinstance(y, int | float)
        ):
            continue
        rate = all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in (x, y)) and "loss" not in name
        out.append(Difference(name, float(x), float(y), rate))
    return out


def missing(shipped: dict[str, Any], run: dict[str, Any]) -> list[str]:
    """Judged rates of ``shipped`` that ``run`` lacks (a run of another recipe)."""
    a, b = _flat(shipped["metrics"]), _flat(run["metrics"])
    return sorted(
        k for k, v in a.items() if isinstance(v, float) and 0.0 <= v <= 1.0 and "loss" not in k and k not in b
    )


def same_files(shipped: dict[str, Any], run: dict[str, Any]) -> tuple[int, int]:
    """(model files whose sha256 is the same in both, model files of ``shipped``); the
    check crops' file counts as one more."""

    def hashes(m: dict[str, Any]) -> dict[str, str]:
        h = {x["file"]: x["sha256"] for g in m.get("models", {}).values() for x in g.get("members", [])}
        if "check_sha256" in m:
            h["check.npz"] = m["check_sha256"]
        return h

    a, b = hashes(shipped), hashes(run)
    return sum(1 for f, h in a.items() if b.get(f) == h), len(a)


def _load(path: Path) -> dict[str, Any]:
    p = path / "manifest.json" if path.is_dir() else path
    try:
        data = json.loads(p.read_text())
    except (OSError, ValueError) as exc:
        raise ValueError(f"{p}: not a readable manifest ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("metrics"), dict):
        raise ValueError(f"{p}: no metrics in it (not a manifest of python -m vision.train)")
    return data


def main(argv: list[str] | None = None) -> int:
    """Print the comparison; 0 if every rate is within POINTS, 1 if not, 2 on a bad file."""
    p = argparse.ArgumentParser(
        prog="python -m vision.train.compare",
        description=f"Does a training run reproduce a manifest (every rate within {POINTS} points)?",
    )
    p.add_argument("shipped", type=Path, help="manifest.json (or its folder) to reproduce")
    p.add_argument("run", type=Path, help="manifest.json (or the --out folder) of the new run")
    p.add_argument("--all", action="store_true", help="list every metric, not only those that differ")
    a = p.parse_args(argv)
    try:
        shipped, run = _load(a.shipped), _load(a.run)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    diffs = differences(shipped, run)
    for d in diffs:
        if a.all or d.points > 0:
            what = f"{d.points:.2f} points" if d.judged else f"differs by {d.points:g} (not judged)"
            flag = "" if d.ok else "  <- more than the limit"
            print(f"{d.name:32s} {d.shipped:>10.4f} {d.run:>10.4f}  {what}{flag}")
    same, files = same_files(shipped, run)
    print(f"files the same, byte for byte: {same} of {files} (models and check crops)")
    lacking = missing(shipped, run)
    bad = [d for d in diffs if not d.ok]
    judged = [d for d in diffs if d.judged]
    worst = max((d.points for d in judged), default=0.0)
    if lacking:
        print(f"not reproduced: the run lacks {', '.join(lacking)}")
        return 1
    if bad:
        print(f"not reproduced: {len(bad)} of {len(judged)} rates more than {POINTS} points apart", end="")
        print(f" (largest {worst:.2f})")
        return 1
    print(f"reproduced: all {len(judged)} rates within {POINTS} points (largest difference {worst:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
