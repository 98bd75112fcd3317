"""Evaluate the detector on a folder of labelled photos.

``python -m vision.evaluate DIR [--threshold X]`` reads ``DIR/labels.csv``
(``file,cards``: cards are space-separated labels like ``TH``; an empty list
means no card may be reported), runs :func:`vision.reader.detect` on every
image and prints one line per image, a per-source summary (file name prefix up
to the second ``_``) and, last, the totals: cards found, cards read right,
wrong labels, precision and recall.

A reported card counts as right if its label is in the image's list (each
listed card matched at most once); any other reported card is a wrong label.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO


@dataclass
class Tally:
    """Counts over a set of images: ``labelled`` cards, ``found`` (reported), ``right``, ``wrong``."""

    labelled: int = 0
    found: int = 0
    right: int = 0
    wrong: int = 0

    def add(self, other: Tally) -> None:
        """Add another tally to this one."""
        self.labelled += other.labelled
        self.found += other.found
        self.right += other.right
        self.wrong += other.wrong

    @property
    def precision(self) -> float:
        """right / found (1.0 when nothing was found)."""
        return self.right / self.found if self.found else 1.0

    @property
    def recall(self) -> float:
        """right / labelled (1.0 when nothing is labelled)."""
        return self.right / self.labelled if self.labelled else 1.0


def read_labels(folder: Path) -> list[tuple[str, list[str]]]:
    """(file name, [card labels]) rows of ``folder/labels.csv``. Raises FileNotFoundError."""
    with (folder / "labels.csv").open(newline="") as fh:
        return [(row["file"], (row.get("cards") or "").split()) for row in csv.DictReader(fh)]


def score_image(expected: list[str], reported: list[str]) -> Tally:
    """Tally for one image given the expected and the reported card labels."""
    left = Counter(expected)
    t = Tally(labelled=len(expected), found=len(reported))
    for c in reported:
        if left[c] > 0:
            left[c] -= 1
            t.right += 1
        else:
            t.wrong += 1
    return t


def source_of(name: str) -> str:
    """Source key of a file name: its first ``_`` part, plus the second if that is a
    lower-case word (``rdpong_single_2C.jpg`` -> ``rdpong_single``, ``vosloo_9C_00`` -> ``vosloo``)."""
    parts = Path(name).stem.split("_")
    if len(parts) > 2 and parts[1].isalpha() and parts[1].islower():
        return "_".join(parts[:2])
    return parts[0]


def evaluate(folder: Path, threshold: float, out: TextIO | None = None) -> dict[str, Tally]:
    """Run the detector on every labelled image of ``folder``; print and return tallies.

    Prints to ``out`` (default stdout). Returns {source: Tally} plus the key
    ``"total"``. Raises FileNotFoundError if ``labels.csv`` or an image is missing.
    """
    import cv2

    from vision.reader import detect

    out = out if out is not None else sys.stdout
    per_source: dict[str, Tally] = {}
    total = Tally()
    for name, expected in read_labels(folder):
        img = cv2.imread(str(folder / name), cv2.IMREAD_COLOR)
        if img is None:
            raise FileNotFoundError(f"cannot read image {folder / name}")
        t0 = time.perf_counter()
        dets = detect(img, threshold)
        ms = (time.perf_counter() - t0) * 1000
        reported = [d.card for d in dets]
        t = score_image(expected, reported)
        wrong = [c for c in reported if c not in expected]
        missing = sorted((Counter(expected) - Counter(reported)).elements())
        print(f"{name}: expected {' '.join(expected) or '-'} | read {' '.join(reported) or '-'}"
              f" | right {t.right}/{t.labelled}"
              + (f" WRONG {' '.join(wrong)}" if wrong else "")
              + (f" missing {' '.join(missing)}" if missing else "")
              + f" | {ms:.0f} ms", file=out)
        per_source.setdefault(source_of(name), Tally()).add(t)
        total.add(t)
    print("", file=out)
    for src, t in sorted(per_source.items()):
        print(f"{src}: cards {t.labelled}, found {t.found}, right {t.right}, wrong {t.wrong}",
              file=out)
    print(f"cards found: {total.found}", file=out)
    print(f"cards read right: {total.right} of {total.labelled}", file=out)
    print(f"wrong labels: {total.wrong}", file=out)
    print(f"precision: {total.precision:.3f}", file=out)
    print(f"recall: {total.recall:.3f}", file=out)
    per_source["total"] = total
    return per_source


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status (2 if the folder is unusable)."""
    from vision import DEFAULT_THRESHOLD

    p = argparse.ArgumentParser(description="Evaluate the card detector on DIR/labels.csv.")
    p.add_argument("dir", type=Path)
    p.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    a = p.parse_args(argv)
    try:
        evaluate(a.dir, a.threshold)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
