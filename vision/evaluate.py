"""Evaluate the detector on a folder of labelled photos, or run the whole benchmark.

``python -m vision.evaluate`` (no folder) is the benchmark at the operating
point; per set it prints cards, read (right), wrong and unsure (labelled but
not reported):

* ``close-ups``: ``../shared/data/cards-real``;
* ``scaled close-ups``: the same, each image scaled by one factor so that its
  median card is 90 px wide (widths in ``vision/benchdata/cards_real_widths.csv``,
  measured once with the template reader's outlines; no pixels are stored);
* ``cards-table``: ``../shared/data/cards-table``, per-source totals only
  (``--show-misses`` prints the images' lines);
* ``no-cards``: ``../shared/data/no-cards`` (any card reported is wrong);
* ``generated piles``: ``--piles`` frames of :mod:`vision.train.scenes` with a fixed
  seed (tricks, piles, singles, backs, chips, hands); labels are the cards with an
  index fully visible; a reported card that lies in the frame with both indices
  covered counts as "unlabelled" (not wrong), one not in the frame as wrong, and so
  does one reported where it does not lie (its outline's centre outside the card's
  own: another card's index read as it, "misplaced" under ``--explain``);
* ``generated empty``: frames with backs, chips and hands only;
* ``piles, other fonts``: ``--other-fonts`` such frames (other seeds) with 70% of the
  cards' indices redrawn in the held-apart fonts of group C, which neither
  classifier saw (the CC0 art of the other sets is in their training data); needs
  Pillow and those fonts (the ``train`` extra), else skipped with a note;
* ``hands, other fonts``: ``--hands`` hold'em frames (:func:`vision.train.scenes.hand_scene`:
  five cards in a row, four hands of two cards lying partly over each other, often on
  a dark printed mat, a third seen obliquely), indices redrawn likewise;
* ``lone, jumbo indices``: ``--jumbo`` frames of ten cards lying apart
  (:func:`vision.train.scenes.lone_scene`), every index redrawn in those fonts as a
  "jumbo index" deck prints it (0.14-0.21 of the card's height: larger than the
  classifiers' corner zone holds; no such index is in their training data);
* ``courts, other pictures``: ``--courts`` frames of ten court cards lying apart
  (:func:`vision.train.scenes.court_scene`), each on the picture of another court
  card of its suit (a JD on the QD's or the KD's), indices redrawn in those fonts:
  a deck whose pictures are not the CC0 art's (every deck draws its own; the
  classifiers learnt each CC0 picture with its card);
* reader time per 13-card 1280x720 frame, one thread, median of 20 (CPU time).

``--explain`` lists each wrong card of the generated sets with its frame's seed
and what every reader made of it (:func:`describe`); ``--seed``,
``--other-fonts``, ``--hands``, ``--jumbo`` and ``--courts`` choose other and more frames (a hunt for
wrong cards).

Sets whose data is missing are skipped with a note (the generated ones need the
CC0 art cache of ``python -m vision.train``, see ``--data``).

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
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from vision.learned import CornerRead
    from vision.reader import Attempt, CardRead, GlyphRead


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


def _glyph(g: GlyphRead) -> str:
    return f"{g.label} {g.score:.2f}"


def _shapes(scores: dict[str, float] | None) -> str:
    suits = {k: v for k, v in (scores or {}).items() if k in "SHDC"}  # (not e.g. "solidity")
    if not suits:
        return "-"
    return " ".join(f"{k} {v:.2f}" for k, v in sorted(suits.items(), key=lambda kv: -kv[1])[:2])


def _corner_read(r: CornerRead) -> str:
    """A classifier's corner read: rank and suit with their probabilities; where the
    rank is no court rank, its rank head over J, Q, K and none alone after ~ (the
    court-glyph reading, :func:`vision.courtglyph.decide_court_glyph`) unless that is none."""
    out = f"{r.rank}{r.suit} {r.p_rank:.2f}/{r.p_suit:.2f}"
    if r.rank not in "JQK" and r.court != "-":
        out += f" ~{r.court} {r.p_court:.2f}"
    return out


def describe(a: Attempt) -> str:
    """One line on a reading of an outline (:class:`vision.reader.Attempt`): the pips
    (rank, F for a picture or ? when unclear; count, colour, the two best suit
    shapes; on a picture the colour of its suit symbol), the template reading of
    each corner (rank and score, its court reading after /, x where unread), the
    classifiers' corner reads (top-left then bottom-right: rank and suit, "-" for
    none, and their probabilities), the template reader's, the learned and the final
    decision ("-" for none), and a court card the picture-blind check vetoed."""

    def colour(red: bool | None) -> str:
        return "?" if red is None else "red" if red else "black"

    p = a.pips
    pips = f"pips {p.rank or '?'} n={p.count} {colour(p.red)} [{_shapes(p.suit)}]"
    if p.symbol_red is not None:
        pips += f" symbol {colour(p.symbol_red)}"
    corners = " ".join(
        "x" if c is None else _glyph(c.rank) + (f"/{_glyph(c.face)}" if c.face is not None else "")
        for c in a.corners
    )
    if a.learned is None:
        learned = "A sees no card"
    else:
        learned = " ".join(
            f"{g}[" + " ".join(_corner_read(r) for r in reads) + "]"
            for g, reads in zip("AB", a.learned, strict=True)
        )

    def card(r: CardRead | None) -> str:
        return "-" if r is None else r.card

    vetoed = "" if a.vetoed is None else f" ({a.vetoed.card} vetoed by the picture-blind check)"
    return (
        f"{pips} | template {corners} | {learned} | "
        f"decided: template {card(a.classic)}, learned {card(a.verdict)}, final {card(a.final)}{vetoed}"
    )


def evaluate(
    folder: Path,
    threshold: float,
    out: TextIO | None = None,
    scales: dict[str, float] | None = None,
    lines: bool = True,
    explain: bool = False,
) -> dict[str, Tally]:
    """Run the detector on every labelled image of ``folder``; print and return tallies.

    Prints to ``out`` (default stdout). ``scales``: image name -> resize factor
    applied before reading (images not in it are skipped). ``lines``: print one
    line per image (else only the per-source totals). ``explain``: after the line
    of an image with a card missing, one line (:func:`describe`) per outline read
    in it with an index seen whose reading was not reported. Returns {source:
    Tally} plus the key ``"total"``. Raises FileNotFoundError if ``labels.csv`` or
    an image is missing.
    """
    import cv2

    from vision.reader import detect

    out = out if out is not None else sys.stdout
    per_source: dict[str, Tally] = {}
    total = Tally()
    for name, expected in read_labels(folder):
        if scales is not None and name not in scales:
            continue
        img = cv2.imread(str(folder / name), cv2.IMREAD_COLOR)
        if img is None:
            raise FileNotFoundError(f"cannot read image {folder / name}")
        if scales is not None:
            f = scales[name]
            img = cv2.resize(
                img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR
            )
        trace: list[Attempt] | None = [] if explain else None
        t0 = time.perf_counter()
        dets = detect(img, threshold, trace)
        ms = (time.perf_counter() - t0) * 1000
        reported = [d.card for d in dets]
        t = score_image(expected, reported)
        wrong = [c for c in reported if c not in expected]
        missing = sorted((Counter(expected) - Counter(reported)).elements())
        if lines:
            print(
                f"{name}: expected {' '.join(expected) or '-'} | read {' '.join(reported) or '-'}"
                f" | right {t.right}/{t.labelled}"
                + (f" WRONG {' '.join(wrong)}" if wrong else "")
                + (f" missing {' '.join(missing)}" if missing else "")
                + f" | {ms:.0f} ms",
                file=out,
            )
        if trace and missing:
            for a in trace:
                if a.final is None or a.final.card not in reported:
                    print("    " + describe(a), file=out)
        per_source.setdefault(source_of(name), Tally()).add(t)
        total.add(t)
    if lines:
        print("", file=out)
    for src, t in sorted(per_source.items()):
        print(f"{src}: cards {t.labelled}, found {t.found}, right {t.right}, wrong {t.wrong}", file=out)
    print(f"cards found: {total.found}", file=out)
    print(f"cards read right: {total.right} of {total.labelled}", file=out)
    print(f"wrong labels: {total.wrong}", file=out)
    print(f"precision: {total.precision:.3f}", file=out)
    print(f"recall: {total.recall:.3f}", file=out)
    per_source["total"] = total
    return per_source


#: the examples the project is checked on (``records/``, ``data/``): ``../shared`` beside
#: the clone, or the folder ``$COURT_REFEREE_SHARED`` names (tests read them there too)
SHARED_ROOT = Path(os.environ.get("COURT_REFEREE_SHARED") or Path(__file__).resolve().parents[2] / "shared")
SHARED = SHARED_ROOT / "data"
WIDTHS = Path(__file__).with_name("benchdata") / "cards_real_widths.csv"
#: median card width the close-ups are scaled to (the operating point), pixels
TARGET_WIDTH = 90.0


def closeup_scales(target: float = TARGET_WIDTH) -> dict[str, float]:
    """Image name -> factor that makes its median card ``target`` px wide."""
    with WIDTHS.open(newline="") as fh:
        return {
            r["file"]: target / float(r["median_card_width_px"])
            for r in csv.DictReader(fh)
            if float(r["median_card_width_px"]) > 0
        }


def _line(name: str, t: Tally, note: str = "") -> str:
    unsure = t.labelled - t.right
    pct = 100 * t.right / t.labelled if t.labelled else 100.0
    return (
        f"{name:22s} cards {t.labelled:4d}  read {t.right:4d} ({pct:5.1f}%)  wrong {t.wrong:3d}"
        f"  unsure {unsure:4d}{note}"
    )


def frame_ms(data: Path, repeat: int = 20) -> tuple[float, float, int]:
    """(median CPU ms, median wall ms, cards read) of :func:`vision.reader.detect` on
    the 13-card 1280x720 frame of :func:`vision.bench.bench_frame`, one OpenCV thread."""
    from vision.bench import bench_frame, time_reads

    return time_reads(bench_frame(data)[0], repeat)


def benchmark(
    threshold: float,
    show_misses: bool,
    piles: int,
    seed: int,
    data: Path,
    out: TextIO | None = None,
    other_fonts: int = 100,
    explain: bool = False,
    hands: int = 40,
    jumbo: int = 40,
    courts: int = 40,
) -> dict[str, Tally]:
    """The whole benchmark (see the module docstring); returns {set: Tally}.
    ``explain``: each wrong card of the generated sets explained (:func:`vision.benchgen.generated`)."""
    from vision.benchgen import KINDS, generated, held_apart_bank

    out = out if out is not None else sys.stdout
    null = open(os.devnull, "w")  # noqa: SIM115 - closed below
    res: dict[str, Tally] = {}
    rows = []
    real = SHARED / "cards-real"
    for name, folder, kw in (
        ("close-ups", real, {}),
        ("scaled close-ups", real, {"scales": closeup_scales()}),
        ("cards-table", SHARED / "cards-table", {"lines": show_misses}),
        ("no-cards", SHARED / "no-cards", {}),
    ):
        if not (folder / "labels.csv").is_file():
            print(f"{name}: skipped ({folder / 'labels.csv'} not found)", file=out)
            continue
        sink = out if name == "cards-table" and show_misses else null
        tallies = evaluate(folder, threshold, sink, **kw)
        res[name] = tallies["total"]
        rows.append(_line(name, tallies["total"]))
        if name == "cards-table":
            rows += ["  " + _line(src, t) for src, t in sorted(tallies.items()) if src != "total"]
    null.close()
    art = None
    try:
        from vision.train.synth import load_art

        if (data / "art.npz").is_file():
            art = load_art(data / "art.npz")
    except ImportError:
        art = None
    why = out if explain else None
    if art is not None:
        t, extra = generated(seed, piles, art, threshold, why=why, name="generated piles")
        res["generated piles"] = t
        rows.append(_line("generated piles", t, f"  (+{extra} read with both indices covered)"))
        t, _ = generated(
            seed + 10_000, max(1, piles // 2), art, threshold, face_up=False, why=why, name="generated empty"
        )
        res["generated empty"] = t
        rows.append(_line("generated empty", t))
        bank, why_not = held_apart_bank(art, seed)
        if bank is None:
            rows.append(f"generated sets in other fonts: skipped ({why_not})")
        else:
            # (name, kind, frames, what the tally's note says)
            for name, kind, n, note in (
                ("piles, other fonts", "other-fonts", other_fonts, f"{other_fonts} frames; +{{}} covered"),
                ("hands, other fonts", "hands", hands, f"{hands} frames; +{{}} covered"),
                ("lone, jumbo indices", "jumbo", jumbo, f"{jumbo} frames, other fonts"),
                ("courts, other pictures", "courts", courts, f"{courts} frames, other fonts"),
            ):
                offset = KINDS[kind][0]
                t, extra = generated(
                    seed + offset, n, art, threshold, bank=bank, why=why, name=name, kind=kind
                )
                res["generated " + name] = t
                rows.append(_line(name, t, "  (" + note.format(extra) + ")"))
    else:
        rows.append(
            f"generated sets: skipped (no CC0 art cache {data / 'art.npz'}: run python -m vision.train first)"
        )
    cpu, wall, n = frame_ms(data)
    rows.append(
        f"reader time: {cpu:.1f} ms CPU ({wall:.1f} ms wall) per 13-card 1280x720 frame "
        f"({n} read), one thread, median of 20 (python -m vision.bench)"
    )
    print("\n".join(rows), file=out)
    return res


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status (2 if the folder is unusable)."""
    from vision import DEFAULT_THRESHOLD
    from vision.train.options import default_data  # stdlib only

    p = argparse.ArgumentParser(
        description="Evaluate the card detector on DIR/labels.csv, or (without DIR) run the whole benchmark."
    )
    p.add_argument("dir", type=Path, nargs="?")
    p.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    p.add_argument(
        "--show-misses", action="store_true", help="benchmark: print cards-table's per-image lines"
    )
    p.add_argument(
        "--explain",
        action="store_true",
        help="DIR: under each image with a card missing, what every reader made of each outline"
        " left unread (for cards-table: looking at its misses, say so in your note); benchmark:"
        " each wrong card of the generated sets, with its frame's seed and how it was read",
    )
    p.add_argument("--piles", type=int, default=20, help="benchmark: generated pile frames")
    p.add_argument(
        "--other-fonts", type=int, default=100, help="benchmark: generated frames in held-apart fonts"
    )
    p.add_argument(
        "--hands",
        type=int,
        default=40,
        help="benchmark: generated hold'em frames (hands of two overlapping cards) in held-apart fonts",
    )
    p.add_argument(
        "--jumbo",
        type=int,
        default=40,
        help="benchmark: generated frames of cards lying apart with jumbo indices in held-apart fonts",
    )
    p.add_argument(
        "--courts",
        type=int,
        default=40,
        help="benchmark: generated frames of court cards lying apart, each on the picture of"
        " another court card of its suit, indices in held-apart fonts",
    )
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument(
        "--data",
        type=Path,
        default=default_data(),
        help="folder with the CC0 art cache (art.npz) of python -m vision.train",
    )
    p.add_argument(
        "--models",
        type=Path,
        default=None,
        help="read with the models of this folder (a --out of python -m vision.train), not the shipped ones",
    )
    a = p.parse_args(argv)
    try:
        if a.models is not None:
            from vision.learned import use_models

            use_models(a.models)
        if a.dir is None:
            benchmark(
                a.threshold,
                a.show_misses,
                a.piles,
                a.seed,
                a.data,
                other_fonts=a.other_fonts,
                explain=a.explain,
                hands=a.hands,
                jumbo=a.jumbo,
                courts=a.courts,
            )
        else:
            evaluate(a.dir, a.threshold, explain=a.explain)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
