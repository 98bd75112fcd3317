"""The CC0 ``@letele/playing-cards`` faces: rendered once (npm, node, cairosvg) and
cached as an .npz of BGRA arrays (:func:`load_art`); the deck's names and the face
size the training code draws on; a court card's face on another's picture
(:func:`other_picture`).
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

RANKS = "A23456789TJQK"
SUITS = "SHDC"
ART_NAME = {"A": "a", "T": "10", "J": "j", "Q": "q", "K": "k"}

#: hi-res face size (width, height) the glyphs are drawn on
FW, FH = 300, 420

#: the CC0 art's corner index box (fractions of the face), painted over on font faces
ART_INDEX = (0.0, 0.0, 0.16, 0.27)

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


def render_svgs(workdir: Path) -> Path:
    """npm-install the CC0 deck (pinned) in ``workdir`` and render its SVGs; the SVG dir."""
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


def load_art(cache: Path, svg_dir: Path | None = None) -> dict[str, NDArray[np.uint8]]:
    """The 52 CC0 faces and the 2 backs as BGRA (FH, FW, 4) arrays, keyed ``"TH"``,
    ``"B1"``; rendered once (npm, node, cairosvg) and cached in ``cache`` (.npz)."""
    if cache.is_file():
        with np.load(cache) as z:
            return {k: z[k] for k in z.files}
    import cairosvg

    with tempfile.TemporaryDirectory() as tmp:
        sdir = svg_dir if svg_dir is not None else render_svgs(Path(tmp))
        out: dict[str, NDArray[np.uint8]] = {}
        names = [(f"{r}{s}", f"{s}{ART_NAME.get(r, r)}") for s in SUITS for r in RANKS]
        names += [("B1", "B1"), ("B2", "B2")]
        for key, name in names:
            png = cairosvg.svg2png(url=str(sdir / f"{name}.svg"), output_width=FW, output_height=FH)
            img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
            out[key] = np.asarray(img, np.uint8)
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(cache, **out)  # type: ignore[arg-type]
    return out


#: the court ranks
COURTS = "JQK"
#: the twelve court cards of the CC0 art, whose pictures :func:`other_picture` lends
COURT_CARDS = [r + s for r in COURTS for s in SUITS]


def other_picture(art: dict[str, NDArray[np.uint8]], card: str, picture: str) -> NDArray[np.uint8]:
    """The CC0 face of ``card`` (BGRA (FH, FW, 4)) with everything but its two index
    corners (top left, bottom right: :data:`ART_INDEX`) taken from the face of
    ``picture`` (``--swapped-pictures``): the art has one picture a court card, so a
    classifier trained on it can tell a court card by the piece of its picture beside
    the index and never look at the index; every deck draws its own pictures."""
    if picture == card:
        return art[card]
    out = art[picture].copy()
    x1, y1 = round(ART_INDEX[2] * FW), round(ART_INDEX[3] * FH)
    out[:y1, :x1] = art[card][:y1, :x1]
    out[FH - y1 :, FW - x1 :] = art[card][FH - y1 :, FW - x1 :]
    return out
