"""The fonts the index glyphs are drawn in, by group: A and B train the two
classifiers, C (fonts neither sees) makes the held-apart crops and scenes that the
thresholds are calibrated and the reader benchmarked on. All are Debian packages
under licences that allow shipping weights trained on renders (see
``python -m vision.train``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

FONT_ROOTS = [Path("/usr/share/fonts"), Path("/usr/share/texmf/fonts/opentype/public/tex-gyre")]

#: the Debian packages that hold every font of FONT_GROUPS
FONT_PACKAGES = (
    "fonts-dejavu-core",
    "fonts-dejavu-extra",
    "fonts-liberation",
    "fonts-croscore",
    "fonts-noto-core",
    "tex-gyre",
)

#: font files per group (file names; found under FONT_ROOTS)
FONT_GROUPS: dict[str, list[str]] = {
    "A": [
        "DejaVuSans-Bold.ttf",
        "DejaVuSans.ttf",
        "DejaVuSerif-Bold.ttf",
        "DejaVuSerif.ttf",
        "DejaVuSansCondensed-Bold.ttf",
        "LiberationSans-Bold.ttf",
        "LiberationSans-Regular.ttf",
        "LiberationSerif-Bold.ttf",
        "LiberationSerif-Regular.ttf",
        "LiberationSansNarrow-Bold.ttf",
        "Tinos-Bold.ttf",
        "Tinos-Regular.ttf",
        "texgyreheros-bold.otf",
        "texgyretermes-bold.otf",
        "texgyretermes-regular.otf",
        "texgyreschola-bold.otf",
        "texgyreschola-regular.otf",
        "NotoSerifDisplay-Bold.ttf",
    ],
    "B": [
        "NotoSans-Bold.ttf",
        "NotoSans-Regular.ttf",
        "NotoSerif-Bold.ttf",
        "NotoSerif-Regular.ttf",
        "NotoSansDisplay-Bold.ttf",
        "Arimo-Bold.ttf",
        "Arimo-Regular.ttf",
        "texgyreadventor-bold.otf",
        "texgyreadventor-regular.otf",
        "texgyrebonum-bold.otf",
        "texgyrebonum-regular.otf",
        "texgyrepagella-bold.otf",
        "texgyrepagella-regular.otf",
        "texgyreheroscn-bold.otf",
        "texgyrecursor-bold.otf",
        "LiberationMono-Bold.ttf",
        "Cousine-Bold.ttf",
        "NotoSansSymbols2-Regular.ttf",
    ],
    "C": [
        "DejaVuSerifCondensed-Bold.ttf",
        "DejaVuSansMono-Bold.ttf",
        "LiberationSansNarrow-Regular.ttf",
        "texgyreheros-regular.otf",
        "NotoSerifDisplay-Regular.ttf",
        "NotoSansDisplay-Regular.ttf",
        "Cousine-Regular.ttf",
        "texgyrecursor-regular.otf",
        "DejaVuSerifCondensed.ttf",
    ],
}


def find_fonts(names: list[str]) -> list[Path]:
    """Installed font files with these names (first hit each), in list order."""
    index: dict[str, Path] = {}
    for root in FONT_ROOTS:
        if root.is_dir():
            for p in sorted(root.rglob("*")):
                index.setdefault(p.name, p)
    return [index[n] for n in names if n in index]


def missing_fonts(groups: str = "ABC") -> list[str]:
    """File names of the fonts of ``groups`` (of FONT_GROUPS) not installed under
    FONT_ROOTS, in group order. A glyph bank is drawn from the fonts found, so one
    missing would change the crops (and the models trained, the thresholds
    calibrated, the benchmark's held-apart sets) without a word: the training and
    the benchmark refuse instead (:func:`require_fonts`)."""
    wanted = [n for g in groups for n in FONT_GROUPS[g]]
    found = {p.name for p in find_fonts(wanted)}
    return [n for n in wanted if n not in found]


def require_fonts(groups: str = "ABC") -> None:
    """Raise ValueError naming the missing fonts of ``groups`` (:func:`missing_fonts`)
    and the Debian packages that hold them; return None when all are installed."""
    missing = missing_fonts(groups)
    if missing:
        raise ValueError(
            f"fonts not installed: {', '.join(missing)} (apt-get install {' '.join(FONT_PACKAGES)})"
        )


def group_bank(group: str, art: dict[str, Any], seed: int, more_suits: bool = False) -> Any:
    """The glyph bank (:class:`vision.train.synth.GlyphBank`) of the installed fonts of
    ``group`` ("A", "B" or "C") with the CC0 ``art``'s suit shapes, seeded by ``seed``;
    ``more_suits``: with the drawn designs of :func:`vision.train.suits.varied_suits`
    (``--varied-suits``). Needs Pillow (the ``train`` extra): raises ImportError without it."""
    from vision.train import synth

    rng = np.random.default_rng([seed, 999])
    return synth.build_bank(find_fonts(FONT_GROUPS[group]), art, rng, more_suits=more_suits)
