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


#: ``--more-fonts``: further fonts for the training groups A and B (never C: the held-apart
#: fonts the thresholds are calibrated and the reader benchmarked on stay as they are),
#: upright text faces of other drawings than FONT_GROUPS' (typewriter and slab serifs,
#: old-style and Computer Modern romans, condensed and display sans, rounded and
#: informal ones): glyph variety. Licences: OFL-1.1 (Courier Prime, EB Garamond, Carlito,
#: Lato, Computer Modern Unicode, Linux Libertine/Biolinum, Vollkorn, Bebas Neue, League
#: Spartan, Charis SIL, Comic Neue, Yanone Kaffeesatz, Cabin, Karla, Inter, B612,
#: Anonymous Pro, GNU Typewriter), Apache-2.0 (Roboto Slab, Roboto Condensed, Open Sans,
#: Caladea, Clear Sans), BSD-3-clause (Go), MIT (Fanwood, Hack), GPL-3+ with the font
#: exception (FreeFont), public domain (Goudy Bookletter 1911): all allow shipping
#: weights trained on renders (the renders are no copy of the font software).
MORE_FONTS: dict[str, list[str]] = {
    "A": [
        "Courier Prime Bold.otf",
        "RobotoSlab-Bold.otf",
        "FreeSerifBold.ttf",
        "FreeSans.ttf",
        "EBGaramond12-Regular.otf",
        "Carlito-Bold.ttf",
        "Lato-Black.ttf",
        "OpenSans-CondBold.ttf",
        "Go-Mono-Bold.ttf",
        "cmunrm.ttf",
        "LinLibertine_RB.otf",
        "Vollkorn-Bold.ttf",
        "BebasNeue-Bold.otf",
        "CharisSIL-Bold.ttf",
        "ComicNeue-Bold.otf",
        "Fanwood.otf",
        "Inter-Bold.otf",
        "Hack-Bold.ttf",
        "RobotoCondensed-Bold.ttf",
        "GNUTypewriter.ttf",
    ],
    "B": [
        "Courier Prime.otf",
        "RobotoSlab-Regular.otf",
        "FreeSerif.ttf",
        "FreeSansBold.ttf",
        "FreeMonoBold.ttf",
        "EBGaramond12-Bold.otf",
        "Caladea-Bold.ttf",
        "Lato-Bold.ttf",
        "OpenSans-Bold.ttf",
        "Go-Bold.ttf",
        "cmunbx.ttf",
        "LinBiolinum_RB.otf",
        "Vollkorn-Regular.ttf",
        "LeagueSpartan-Bold.otf",
        "YanoneKaffeesatz-Bold.otf",
        "GoudyBookletter1911.otf",
        "Cabin-Bold.otf",
        "Karla-Bold.otf",
        "ClearSans-Bold.ttf",
        "B612-Bold.otf",
        "Anonymous Pro B.ttf",
    ],
}

#: the Debian packages that hold every font of MORE_FONTS
MORE_FONT_PACKAGES = (
    "fonts-courier-prime",
    "fonts-roboto-slab",
    "fonts-roboto-unhinted",
    "fonts-freefont-ttf",
    "fonts-ebgaramond",
    "fonts-crosextra-carlito",
    "fonts-crosextra-caladea",
    "fonts-lato",
    "fonts-open-sans",
    "fonts-go",
    "fonts-cmu",
    "fonts-linuxlibertine",
    "fonts-vollkorn",
    "fonts-bebas-neue",
    "fonts-league-spartan",
    "fonts-sil-charis",
    "fonts-comic-neue",
    "fonts-yanone-kaffeesatz",
    "fonts-goudybookletter",
    "fonts-fanwood",
    "fonts-inter",
    "fonts-karla",
    "fonts-cabin",
    "fonts-hack",
    "fonts-clear-sans",
    "fonts-b612",
    "fonts-anonymous-pro",
    "fonts-gnutypewriter",
)


def group_fonts(group: str, more: bool = False) -> list[str]:
    """The font file names of ``group`` (FONT_GROUPS), with ``more`` (``--more-fonts``)
    followed by its MORE_FONTS (none for C)."""
    return FONT_GROUPS[group] + (MORE_FONTS.get(group, []) if more else [])


def find_fonts(names: list[str]) -> list[Path]:
    """Installed font files with these names (first hit each), in list order."""
    index: dict[str, Path] = {}
    for root in FONT_ROOTS:
        if root.is_dir():
            for p in sorted(root.rglob("*")):
                index.setdefault(p.name, p)
    return [index[n] for n in names if n in index]


def missing_fonts(groups: str = "ABC", more: bool = False) -> list[str]:
    """File names of the fonts of ``groups`` (of FONT_GROUPS; with ``more`` also their
    MORE_FONTS) not installed under FONT_ROOTS, in group order. A glyph bank is drawn
    from the fonts found, so one missing would change the crops (and the models trained, the thresholds
    calibrated, the benchmark's held-apart sets) without a word: the training and
    the benchmark refuse instead (:func:`require_fonts`)."""
    wanted = [n for g in groups for n in group_fonts(g, more)]
    found = {p.name for p in find_fonts(wanted)}
    return [n for n in wanted if n not in found]


def require_fonts(groups: str = "ABC", more: bool = False) -> None:
    """Raise ValueError naming the missing fonts of ``groups`` (:func:`missing_fonts`,
    with ``more`` their MORE_FONTS too) and the Debian packages that hold them; return
    None when all are installed."""
    missing = missing_fonts(groups, more)
    if missing:
        packages = FONT_PACKAGES + (MORE_FONT_PACKAGES if more else ())
        raise ValueError(f"fonts not installed: {', '.join(missing)} (apt-get install {' '.join(packages)})")


#: drawn playing-card Qs added to a bank with ``--drawn-queens`` (the groups' fonts give
#: about 18 Qs each: about a third of a bank's Qs are then drawn)
DRAWN_QUEENS = 8


def group_bank(
    group: str,
    art: dict[str, Any],
    seed: int,
    more_suits: bool = False,
    more_fonts: bool = False,
    queens: bool = False,
) -> Any:
    """The glyph bank (:class:`vision.train.synth.GlyphBank`) of the installed fonts of
    ``group`` ("A", "B" or "C") with the CC0 ``art``'s suit shapes, seeded by ``seed``;
    ``more_suits``: with the drawn designs of :func:`vision.train.suits.varied_suits`
    (``--varied-suits``); ``more_fonts``: with the group's MORE_FONTS (``--more-fonts``;
    drawn after FONT_GROUPS' fonts: a bank without them is the bank before); ``queens``:
    with DRAWN_QUEENS drawn playing-card Qs (``--drawn-queens``, :mod:`vision.train.letters`;
    drawn last: a bank without them is the bank before). Needs
    Pillow (the ``train`` extra): raises ImportError without it."""
    from vision.train import synth

    rng = np.random.default_rng([seed, 999])
    return synth.build_bank(
        find_fonts(group_fonts(group, more_fonts)),
        art,
        rng,
        more_suits=more_suits,
        queens=DRAWN_QUEENS if queens else 0,
    )


def font_packages(paths: list[Path]) -> dict[str, str]:
    """Debian package and version of each font file (dpkg -S / dpkg-query), best effort."""
    import subprocess

    out: dict[str, str] = {}
    for p in paths:
        try:
            pkg = subprocess.run(
                ["dpkg", "-S", str(p)], capture_output=True, text=True, check=True
            ).stdout.split(":")[0]
            ver = subprocess.run(
                ["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True, check=True
            ).stdout
            out[p.name] = f"{pkg} {ver}"
        except (OSError, subprocess.CalledProcessError):
            out[p.name] = "unknown"
    return out
