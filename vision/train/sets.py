"""The generated crop sets the classifiers learn from and are calibrated on: made in
chunks by worker processes (each chunk depends only on the seed, its number and the
recipe options), cached in the training data folder (``python -m vision.train``)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vision.train.fonts import MORE_FONTS, group_bank

_art: Any = None
_banks: dict[str, Any] = {}


def _init(data: str, svg_dir: str | None) -> None:
    global _art
    from vision.train import synth

    _art = synth.load_art(Path(data) / "art.npz", Path(svg_dir) if svg_dir else None)


def _chunk(
    args: tuple[str, int, int, int, bool, bool, bool, bool, bool, float, bool, bool, bool, float],
) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]]:
    group, seed, chunk, n, vary, suits, inks, fonts, jumbo, warm, queens, mirror, swap, zoom = args
    from vision.train import synth

    key = f"{group} {seed} {suits} {fonts} {queens}"
    if key not in _banks:
        _banks[key] = group_bank(group, _art, seed, more_suits=suits, more_fonts=fonts, queens=queens)
    s = synth.generate(
        seed,
        chunk,
        n,
        _art,
        _banks[key],
        vary_glyphs=vary,
        vary_inks=inks,
        jumbo=jumbo,
        warm=warm,
        mirror=mirror,
        swap=swap,
        zoom=zoom,
    )
    return s.crops, s.rank, s.suit, s.card


def make_set(
    group: str,
    seed: int,
    n_cards: int,
    jobs: int,
    data: Path,
    svg_dir: Path | None,
    chunk: int = 500,
    need_card: bool = False,
    vary_glyphs: bool = False,
    vary_suits: bool = False,
    vary_inks: bool = False,
    more_fonts: bool = False,
    jumbo: bool = False,
    warm: float = 0.0,
    queens: bool = False,
    mirror: bool = False,
    swap: bool = False,
    zoom: float = 1.0,
) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any] | None]:
    """Crops, rank and suit labels and the card beneath each crop (see
    :class:`vision.train.synth.Sample`; None when read from a cache written before
    it was kept, unless ``need_card``: then the set is made again) of ``n_cards``
    generated cards with the fonts of ``group``, cached as
    ``data/set_{group}_{seed}_{n_cards}.npz`` (``..._c{chunk}.npz`` for another
    chunk size than 500: the chunks, not only the seed, decide the samples;
    ``..._bent.npz`` with ``vary_glyphs``, :func:`vision.train.synth.generate`;
    ``..._suits.npz`` with ``vary_suits``, the banks' more drawn suit designs,
    :func:`vision.train.suits.varied_suits`; ``..._inks.npz`` with ``vary_inks``, the
    wider index inks of :func:`vision.train.synth.ink_colour`; ``..._fonts.npz`` with
    ``more_fonts`` for groups A and B, their banks with
    :data:`vision.train.fonts.MORE_FONTS`; set C is the same with it or without;
    ``..._jumbo.npz`` with ``jumbo``, a share of the indices drawn large,
    :func:`vision.train.synth.font_face`; ``..._warm0.2.npz`` with ``warm`` 0.2, a
    share of the scenes under a warm veil of up to 0.2 of the paper's level in red,
    :func:`vision.train.scene.light`; ``..._queens.npz`` with ``queens`` for groups A and
    B, their banks with drawn playing-card Qs, :mod:`vision.train.letters`; set C is the
    same with it or without; ``..._mirror.npz`` with ``mirror``, half the court faces
    turned over, :func:`vision.train.synth.font_face`; ``..._swap.npz`` with ``swap``, each
    court card on a picture of a court card drawn at random,
    :func:`vision.train.art.other_picture`; ``..._wide1.3.npz`` with ``zoom`` 1.3, the
    crops cut from zones 1.3 times larger, :func:`vision.corners.corner_crops`)."""
    tail = "" if chunk == 500 else f"_c{chunk}"
    more_fonts = more_fonts and group in MORE_FONTS
    queens = queens and group in "AB"
    options = (
        ("_bent", vary_glyphs),
        ("_suits", vary_suits),
        ("_inks", vary_inks),
        ("_fonts", more_fonts),
        ("_jumbo", jumbo),
        ("_queens", queens),
        ("_mirror", mirror),
        ("_swap", swap),
    )
    tail += "".join(name for name, on in options if on) + (f"_warm{warm:g}" if warm > 0 else "")
    tail += f"_wide{zoom:g}" if zoom != 1.0 else ""
    cache = data / f"set_{group}_{seed}_{n_cards}{tail}.npz"
    if cache.is_file():
        with np.load(cache) as z:
            if "card" in z.files or not need_card:
                return z["x"], z["rank"], z["suit"], z["card"] if "card" in z.files else None
    tasks = [
        (
            group,
            seed,
            i,
            min(chunk, n_cards - i * chunk),
            vary_glyphs,
            vary_suits,
            vary_inks,
            more_fonts,
            jumbo,
            warm,
            queens,
            mirror,
            swap,
            zoom,
        )
        for i in range((n_cards + chunk - 1) // chunk)
    ]
    with ProcessPoolExecutor(
        jobs, initializer=_init, initargs=(str(data), str(svg_dir) if svg_dir else None)
    ) as ex:
        parts = list(ex.map(_chunk, tasks))
    x, r, s, c = (np.concatenate([p[k] for p in parts]) for k in range(4))
    np.savez(cache, x=x, rank=r, suit=s, card=c)
    return x, r, s, c
