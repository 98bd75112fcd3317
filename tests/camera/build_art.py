"""Build ``tests/camera/art/letele.png``: the 52 faces of the CC0 deck
``@letele/playing-cards`` (npm, CC0-1.0; the deck ``vision/build_templates.py``
builds the reader's templates from), rasterised at 160 px wide and laid out
as one sheet: 13 columns (A 2 .. 10 J Q K), 4 rows (S H D C), each cell
``ART_W`` x ``ART_H`` pixels.

Usage (needs node, npm and the Python package cairosvg; not run by the tests,
which read the committed sheet): ``python -m tests.camera.build_art [--svg-dir DIR]``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent

from vision.build_templates import ART_RANK, RANKS, SUITS, render_svgs  # noqa: E402

ART_W, ART_H = 160, 224
SHEET = HERE / "art" / "letele.png"


def rasterise(svg: Path) -> np.ndarray:
    import cairosvg

    png = cairosvg.svg2png(url=str(svg), output_width=ART_W, output_height=ART_H, background_color="white")
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise RuntimeError(f"cannot rasterise {svg}")
    return img


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--svg-dir", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        svg_dir = args.svg_dir or render_svgs(Path(tmp))
        sheet = np.full((ART_H * 4, ART_W * 13, 3), 255, np.uint8)
        for row, s in enumerate(SUITS):
            for col, r in enumerate(RANKS):
                img = rasterise(svg_dir / f"{s}{ART_RANK.get(r, r)}.svg")
                sheet[row * ART_H : (row + 1) * ART_H, col * ART_W : (col + 1) * ART_W] = img
    SHEET.parent.mkdir(exist_ok=True)
    cv2.imwrite(str(SHEET), sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    print(f"wrote {SHEET} ({SHEET.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
