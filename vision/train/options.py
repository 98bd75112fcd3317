"""The command line of ``python -m vision.train``: its options (:func:`parser`) and
the recipe options of the generated crop sets they give (:func:`recipe`)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any


def default_data() -> Path:
    """The folder of the generated training data and the CC0 art cache (``--data`` of
    ``python -m vision.train``, ``vision.evaluate`` and ``vision.bench``): the
    environment's REFEREE_TRAIN_DATA, else ``~/.cache/court-referee-train``."""
    return Path(os.environ.get("REFEREE_TRAIN_DATA", Path.home() / ".cache" / "court-referee-train"))


def _bounded(cast: type[float] | type[int], lo: float, hi: float, expected: str) -> Any:
    """An argparse type: ``cast`` of the text from ``lo`` to ``hi``, else argparse's
    one-line usage error naming the text and ``expected``."""

    def parse(text: str) -> float | int:
        try:
            x = cast(text)
        except ValueError:
            x = None
        if x is None or not lo <= x <= hi:
            raise argparse.ArgumentTypeError(f"{text!r}: expected {expected}")
        return x

    return parse


#: --pile-banks: a whole number >= 1
_at_least_one = _bounded(int, 1, float("inf"), "a whole number of at least 1")
#: --warm-blacks: a share of the paper's level
_share = _bounded(float, 0.0, 1.0, "a number from 0 to 1")


def parser(models: Path) -> argparse.ArgumentParser:
    """The options of ``python -m vision.train`` (``--out`` defaults to ``models``, the
    shipped models' folder)."""
    p = argparse.ArgumentParser(
        prog="python -m vision.train", description="Train the corner-index classifiers."
    )
    p.add_argument(
        "--data",
        type=Path,
        default=default_data(),
    )
    p.add_argument("--svg-dir", type=Path, default=None, help="already rendered CC0 SVGs")
    p.add_argument("--out", type=Path, default=models)
    # 20261201 made the models shipped until December 4th 2026, before the CPU-independent
    # numerics; the shipped ones: --seed 20261206 --varied-glyphs (docs/card-reader.md,
    # "Training the classifiers")
    p.add_argument("--seed", type=int, default=20261201)
    p.add_argument("--cards", type=int, default=10000, help="generated cards per training set")
    p.add_argument("--calib-cards", type=int, default=3000)
    p.add_argument(
        "--pile-frames",
        type=int,
        default=1000,
        help="generated pile frames calibrating pile_corner, per glyph-bank draw",
    )
    p.add_argument(
        "--pile-banks",
        type=_at_least_one,
        default=3,
        help="glyph-bank draws (group C) calibrating pile_corner (the models shipped until December 2026: 1)",
    )
    p.add_argument(
        "--half-frames",
        type=_at_least_one,
        default=300,
        help="generated hold'em frames calibrating half_corner, per glyph-bank draw",
    )
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument(
        "--varied-glyphs",
        action="store_true",
        help="bend half the redrawn index glyphs of sets A, B and C (vision.train.synth.vary_glyph)",
    )
    p.add_argument(
        "--varied-suits",
        action="store_true",
        help="glyph banks of sets A, B and C with more drawn suit designs (vision.train.suits.varied_suits)",
    )
    p.add_argument(
        "--varied-inks",
        action="store_true",
        help="sets A, B and C with dark and pale red and grey index inks (vision.train.synth.ink_colour)",
    )
    p.add_argument(
        "--more-fonts",
        action="store_true",
        help="glyph banks of sets A and B with more fonts (vision.train.fonts.MORE_FONTS; set C as without)",
    )
    p.add_argument(
        "--jumbo-indices",
        action="store_true",
        help="a quarter of the redrawn indices of sets A, B and C drawn large (vision.train.synth.font_face)",
    )
    p.add_argument(
        "--drawn-queens",
        action="store_true",
        help="glyph banks of sets A and B with drawn playing-card Qs, a narrow bowl crossed by a straight "
        "tail (vision.train.letters; set C as without)",
    )
    p.add_argument(
        "--mirrored-courts",
        action="store_true",
        help="sets A, B and C with half the J, Q and K faces turned over left to right: the picture's "
        "suit symbol beside the index (vision.train.synth.font_face)",
    )
    p.add_argument(
        "--swapped-pictures",
        action="store_true",
        help="sets A, B and C with every J, Q and K drawn on the picture of a court card drawn at random: "
        "the classifiers must read the index, not tell the card by its picture "
        "(vision.train.art.other_picture)",
    )
    p.add_argument(
        "--warm-blacks",
        type=_share,
        default=0.0,
        metavar="RED",
        help="sets A, B and C with 60%% of the scenes under a warm veil of up to RED (a share of the "
        "paper's level) in red: black print warm against the paper (vision.train.scene.light)",
    )
    p.add_argument(
        "--member-sets",
        action="store_true",
        help="each member of an ensemble its own training set and initial weights",
    )
    p.add_argument("--smoke", action="store_true", help="2k crops, model A, two epochs")
    p.add_argument(
        "--calibrate",
        action="store_true",
        help="only calibrate the models in --out again (no training, no torch)",
    )
    return p


def recipe(a: argparse.Namespace) -> dict[str, Any]:
    """The recipe options of the crop sets (:func:`vision.train.sets.make_set`)."""
    return {
        "vary_glyphs": a.varied_glyphs,
        "vary_suits": a.varied_suits,
        "vary_inks": a.varied_inks,
        "more_fonts": a.more_fonts,
        "jumbo": a.jumbo_indices,
        "warm": a.warm_blacks,
        "queens": a.drawn_queens,
        "mirror": a.mirrored_courts,
        "swap": a.swapped_pictures,
    }
