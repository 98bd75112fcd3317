"""Build ``vision/templates.npz`` (rank glyph and suit shape templates) from shippable data.

Sources (both free to ship in derived form):

* CC0 card art: the npm package ``@letele/playing-cards`` (CC0-1.0, 52 faces
  as React components wrapping SVG). The script installs it with ``npm`` in a
  temporary directory, renders each component to SVG text with
  ``react-dom/server`` under ``node``, and rasterises the SVGs with
  ``cairosvg``. The card corner index (rank and suit) and the large pips are cut
  out with the same segmentation the reader uses at run time.
* Index glyphs rendered from fonts: DejaVu (Bitstream Vera licence) through
  Pillow when the font files are present, and OpenCV's built-in Hershey fonts.

Requirements of the build only (not of the package): ``node`` and ``npm`` on
PATH (or ``--svg-dir`` with already rendered SVGs named like ``C10.svg``,
``Ha.svg``), and the Python packages ``cairosvg`` and ``Pillow``.

Usage: ``python -m vision.build_templates [--svg-dir DIR] [--font-dir DIR] [--out PATH]``.
The shipped file was built without ``--font-dir`` (DejaVu from the system only):
adding the STIX and Computer Modern fonts of the matplotlib wheel made index
reading on the dev photos slightly worse.
Nothing is downloaded at run time; the output is committed (~1 MB).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detector import CARD_H, CARD_W
from vision.glyphs import RANK_GRID, SUIT_GRID, TEMPLATE_FILE, aspect, crop_to_ink, glyph_vector
from vision.segment import components, in_corner, index_parts, ink_masks, rotate180

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
RANK_TEXT = {r: ("10" if r == "T" else r) for r in RANKS}
SUITS = ["S", "H", "D", "C"]
SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
ART_RANK = {"A": "a", "T": "10", "J": "j", "Q": "q", "K": "k"}

RENDER_JS = """
import * as deck from './node_modules/@letele/playing-cards/dist/index.esm.js';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import fs from 'fs';
fs.mkdirSync('svg', {recursive: true});
for (const k of Object.keys(deck)) {
  fs.writeFileSync(`svg/${k}.svg`, renderToStaticMarkup(React.createElement(deck[k])));
}
"""

FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]
FONT_FILES = [
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf",
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerifCondensed.ttf",
    "DejaVuSerifCondensed-Bold.ttf",
    "DejaVuSansMono.ttf",
    "DejaVuSansMono-Bold.ttf",
    # fonts shipped inside the matplotlib wheel (STIX: OFL; Computer Modern: BaKoMa
    # licence), used when --font-dir points at matplotlib/mpl-data/fonts/ttf
    "STIXGeneral.ttf",
    "STIXGeneralBol.ttf",
    "cmr10.ttf",
    "cmss10.ttf",
    "cmb10.ttf",
]
HERSHEY = [
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
]

Mask = NDArray[Any]


def render_svgs(workdir: Path) -> Path:
    """npm-install the CC0 deck in ``workdir`` and render its 56 SVGs; returns the SVG dir.

    Raises RuntimeError if node/npm are missing or fail.
    """
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise RuntimeError("node and npm are needed to render the CC0 card art (or pass --svg-dir)")
    subprocess.run(["npm", "init", "-y"], cwd=workdir, check=True, capture_output=True)
    subprocess.run(
        ["npm", "install", "@letele/playing-cards@0.1.0", "react@18", "react-dom@18"],
        cwd=workdir,
        check=True,
        capture_output=True,
    )
    (workdir / "render.mjs").write_text(RENDER_JS)
    subprocess.run(["node", "render.mjs"], cwd=workdir, check=True)
    return workdir / "svg"


def rasterise(svg: Path) -> NDArray[Any]:
    """An SVG card as a BGR image of the rectified card size (CARD_H, CARD_W, 3)."""
    import cairosvg

    png = cairosvg.svg2png(url=str(svg), output_width=CARD_W, output_height=CARD_H, background_color="white")
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise RuntimeError(f"cannot rasterise {svg}")
    return np.asarray(img, dtype=np.uint8)


def art_glyphs(svg_dir: Path) -> tuple[list[tuple[str, Mask]], list[tuple[str, Mask]]]:
    """Rank and suit glyph masks cut from the CC0 card faces: ([(rank, mask)], [(suit, mask)])."""
    ranks: list[tuple[str, Mask]] = []
    suits: list[tuple[str, Mask]] = []
    for s in SUITS:
        for r in RANKS:
            name = f"{s}{ART_RANK.get(r, r)}"
            card = rasterise(svg_dir / f"{name}.svg")
            for img in (card, rotate180(card)):
                comps = components(ink_masks(img))
                parts = index_parts(comps)
                if parts is None:
                    print(f"warning: no index found on {name}", file=sys.stderr)
                    continue
                ranks.append((r, crop_to_ink(parts.rank)))
                if parts.suit is not None:
                    suits.append((s, crop_to_ink(parts.suit)))
                if r in "2345678910T":
                    big = [c for c in comps if not in_corner(c) and c.area > 0.0026 * CARD_W * CARD_H]
                    for c in big:
                        m = c.mask if c.cy < CARD_H / 2 else c.mask[::-1, ::-1]
                        suits.append((s, crop_to_ink(np.ascontiguousarray(m))))
    return ranks, suits


def font_glyphs(
    font_dirs: list[Path],
) -> tuple[list[tuple[str, Mask]], list[tuple[str, Mask]]]:
    """Rank glyphs and filled suit symbols rendered from the FONT_FILES found in
    ``font_dirs`` (first hit per file name) and from OpenCV's Hershey fonts."""
    ranks: list[tuple[str, Mask]] = []
    suits: list[tuple[str, Mask]] = []
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:  # pragma: no cover - build-time only
        print("warning: Pillow missing, DejaVu glyphs skipped", file=sys.stderr)
    else:
        for fname in FONT_FILES:
            hits = [d / fname for d in font_dirs if (d / fname).exists()]
            if not hits:
                continue
            path = hits[0]
            font = ImageFont.truetype(str(path), 64)
            texts = [(r, RANK_TEXT[r]) for r in RANKS]
            if "Mono" not in fname and "DejaVu" in fname:
                texts += [(s, SUIT_CHARS[s]) for s in SUITS]
            for lab, text in texts:
                img = Image.new("L", (200, 120), 0)
                ImageDraw.Draw(img).text((10, 10), text, fill=255, font=font)
                m = (np.asarray(img) > 127).astype(np.uint8) * 255
                if m.any():
                    (ranks if lab in RANKS else suits).append((lab, crop_to_ink(m)))
    for face in HERSHEY:
        for thick in (2, 4):
            for r in RANKS:
                canvas = np.zeros((120, 200), np.uint8)
                cv2.putText(canvas, RANK_TEXT[r], (10, 90), face, 2.5, 255, thick, cv2.LINE_AA)
                m = (canvas > 127).astype(np.uint8) * 255
                ranks.append((r, crop_to_ink(m)))
    return ranks, suits


def augment(mask: Mask) -> list[Mask]:
    """The glyph plus thinner, bolder and low-resolution variants (cropped masks)."""
    out = [mask]
    k = np.ones((3, 3), np.uint8)
    big = cv2.resize(mask, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)
    big = cv2.copyMakeBorder(big, 6, 6, 6, 6, cv2.BORDER_CONSTANT, value=0)
    for op in (cv2.erode, cv2.dilate):
        m = op(big, k, iterations=2)
        if m.any():
            out.append(crop_to_ink(m))
    h, w = mask.shape
    for height in (10, 14):
        sc = height / max(1, h)
        small = cv2.resize(mask, (max(2, round(w * sc)), height), interpolation=cv2.INTER_AREA)
        back = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
        m = (back > 110).astype(np.uint8) * 255
        if m.any():
            out.append(crop_to_ink(m))
    return out


def pack(
    items: list[tuple[str, Mask]], grid: tuple[int, int]
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.str_]]:
    """Vectors (N, w*h), aspects (N,) and labels (N,) of augmented glyph masks."""
    vecs: list[NDArray[np.float32]] = []
    asps: list[float] = []
    labs: list[str] = []
    for lab, m in items:
        for a in augment(m):
            v = glyph_vector(a, grid)
            if float(np.linalg.norm(v)) < 0.5:
                continue  # a uniform block (over-thickened variant): no shape left
            asp = aspect(a)
            # skip near-duplicates (the same pip on many cards): keeps the set small
            same = [i for i, lb in enumerate(labs) if lb == lab]
            if same:
                sims = np.stack([vecs[i] for i in same]) @ v
                close = [same[j] for j in np.nonzero(sims > 0.97)[0]]
                if any(abs(np.log(asp / asps[i])) < 0.05 for i in close):
                    continue
            vecs.append(v)
            asps.append(asp)
            labs.append(lab)
    order = np.argsort(np.array(labs), kind="stable")
    return (np.stack(vecs)[order], np.array(asps, np.float32)[order], np.array(labs)[order])


def build(svg_dir: Path | None, out: Path, font_dirs: list[Path]) -> None:
    """Build the template file ``out`` (rendering the CC0 art first if ``svg_dir`` is None),
    with glyphs of the fonts found in ``font_dirs``."""
    with tempfile.TemporaryDirectory() as tmp:
        sdir = svg_dir if svg_dir is not None else render_svgs(Path(tmp))
        ar, asu = art_glyphs(sdir)
    fr, fs = font_glyphs(font_dirs)
    rv, ra, rl = pack(ar + fr, RANK_GRID)
    sv, sa, sl = pack(asu + fs, SUIT_GRID)
    np.savez_compressed(
        out,
        rank_vectors=rv.astype(np.float16),
        rank_aspects=ra,
        rank_labels=rl,
        suit_vectors=sv.astype(np.float16),
        suit_aspects=sa,
        suit_labels=sl,
    )
    print(
        f"wrote {out}: {len(rl)} rank templates, {len(sl)} suit templates ({out.stat().st_size // 1024} KiB)"
    )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--svg-dir",
        type=Path,
        default=None,
        help="already rendered @letele/playing-cards SVGs (skip npm/node)",
    )
    p.add_argument("--out", type=Path, default=TEMPLATE_FILE)
    p.add_argument(
        "--font-dir",
        type=Path,
        action="append",
        default=[],
        help="extra folder with .ttf fonts (e.g. matplotlib/mpl-data/fonts/ttf)",
    )
    a = p.parse_args(argv)
    build(a.svg_dir, a.out, [*a.font_dir, *FONT_DIRS])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
