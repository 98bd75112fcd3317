"""``python -m vision.train``: build the shipped corner-index classifiers from scratch.

Steps (all seeded; torch on one thread, deterministic algorithms):

1. Render the CC0 ``@letele/playing-cards`` faces (npm + node + cairosvg, cached
   in ``--data``) and collect the fonts of ``vision.train.fonts.FONT_GROUPS`` that are installed
   (Debian packages fonts-dejavu-core, fonts-liberation, fonts-croscore,
   fonts-noto-core, tex-gyre; all under licences that allow shipping weights
   trained on renders: Bitstream Vera/public domain, SIL OFL 1.1, Apache 2.0,
   GUST font licence).
2. Generate crops (:mod:`vision.train.synth`) in chunks (``--jobs`` processes;
   each chunk depends only on the seed and its number): set A (fonts of group
   A + art) trains classifier A, set B (group B + art) trains B, and the
   held-apart set C (group C fonts, which neither classifier sees, + art, other
   seed) calibrates the thresholds.
3. Train the members of :data:`MEMBERS` of :class:`vision.train.nets.IndexNetA`
   and ``IndexNetB`` (each classifier is their ensemble,
   :class:`vision.learned.Ensemble`), export them to ONNX in ``vision/models/``,
   run the ensembles on set C through ``cv2.dnn`` (the reader's own path) and
   calibrate the thresholds (see :func:`vision.train.calibrate.calibrate`); the
   threshold of a pile's index corner read alone, ``pile_corner``, on generated
   pile frames read by the reader's own finder
   (:mod:`vision.train.calibrate_piles`, ``--pile-frames`` for each of
   ``--pile-banks`` draws of the held-apart glyph bank); those of a second reading
   from wider corner zones on set C's cards cut so (:func:`_calibrate_wide`).
4. Write ``vision/models/manifest.json`` (hashes, seeds, versions, fonts, the
   command, metrics, thresholds) and ``vision/models/check.npz`` (fixed
   generated crops with every member's logits, checked by the tests).

``--smoke`` trains A only on 2k crops for two epochs into ``--out`` (the
``train``-marked test uses it); its crops are made in ``--jobs`` processes at once.
``--calibrate`` only calibrates the models in ``--out`` again (no training).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vision.train.calibrate import calibrate, write_check
from vision.train.fonts import FONT_GROUPS, find_fonts, font_packages, group_fonts, require_fonts
from vision.train.numerics import CPU_INDEPENDENT_ENV, same_numbers_on_any_cpu
from vision.train.options import parser, recipe
from vision.train.sets import make_set

MODELS = Path(__file__).resolve().parents[1] / "models"


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def versions() -> dict[str, str]:
    """Versions of the libraries that made the models."""
    import cv2

    v = {"python": platform.python_version(), "numpy": np.__version__, "opencv": cv2.__version__}
    for mod in ("torch", "onnx", "PIL", "cairosvg"):
        try:
            v[mod] = __import__(mod).__version__
        except ImportError:  # pragma: no cover
            v[mod] = "missing"
    return v


#: cards generated for the smoke training (they give a little over SMOKE_CROPS crops)
SMOKE_CARDS = 700
SMOKE_CROPS = 2000


def _smoke(a: argparse.Namespace, t0: float) -> int:
    """``--smoke``: SMOKE_CROPS crops of set A (generated in ``a.jobs`` chunks at once),
    classifier A for two epochs, exported to ``a.out``; ``smoke.json`` holds the losses."""
    import torch

    from vision.train import nets

    chunk = -(-SMOKE_CARDS // max(1, a.jobs))
    x, r, s, _ = make_set("A", a.seed, SMOKE_CARDS, a.jobs, a.data, a.svg_dir, chunk)
    x, r, s = x[:SMOKE_CROPS], r[:SMOKE_CROPS], s[:SMOKE_CROPS]
    t_gen = time.time() - t0
    torch.manual_seed(a.seed)
    smoke = nets.IndexNetA()
    losses = nets.train(smoke, x, r, s, 2, a.seed)
    nets.export(smoke, a.out / "index_a.onnx")
    (a.out / "smoke.json").write_text(
        json.dumps(
            {
                "losses": losses,
                "crops": len(x),
                "seconds": round(time.time() - t0, 1),
                "generate_seconds": round(t_gen, 1),
            }
        )
    )
    print(f"smoke: losses {losses}, {time.time() - t0:.0f} s ({t_gen:.0f} s generating)")
    return 0


def _recalibrate(a: argparse.Namespace, argv: list[str] | None) -> int:
    """``--calibrate``: the thresholds of the models in ``a.out`` (the members its
    manifest lists) calibrated again on the held-apart set C (made again if its
    cache lacks the cards beneath the crops); the manifest's metrics from
    :func:`vision.train.calibrate.calibrate` are replaced, ``check.npz`` is written
    again and the command recorded under ``calibration``. Needs no torch (the
    models run through cv2.dnn), only what makes the crops (Pillow, the fonts,
    the art cache)."""
    t0 = time.time()
    path = a.out / "manifest.json"
    manifest = json.loads(path.read_text())
    xc, rc, sc, cc = make_set(
        "C", a.seed + 2, a.calib_cards, a.jobs, a.data, a.svg_dir, need_card=True, **recipe(a)
    )
    assert cc is not None
    manifest["metrics"].update(_calibrate_out(a.out, manifest, xc, rc, sc, cc))
    manifest["metrics"]["thresholds"].update(_calibrate_piles(a, manifest, manifest["metrics"]))
    manifest["metrics"]["thresholds"].update(_calibrate_halves(a, manifest, manifest["metrics"]))
    manifest["metrics"]["thresholds"].update(_calibrate_wide(a, manifest, manifest["metrics"]))
    manifest["check_sha256"] = sha256(a.out / "check.npz")
    manifest["calibration"] = {
        "command": "python -m vision.train " + " ".join(argv if argv is not None else sys.argv[1:]),
        "seed": a.seed + 2,
        "calib_cards": a.calib_cards,
        "pile_seed": a.seed + 3,
        "pile_frames": a.pile_frames,
        "pile_bank_seeds": pile_bank_seeds(a.seed, a.pile_banks),
        "half_seed": a.seed + 4,
        "half_frames": a.half_frames,
        "varied_glyphs": a.varied_glyphs,
        "varied_suits": a.varied_suits,
        "varied_inks": a.varied_inks,
        "jumbo_indices": a.jumbo_indices,
        "warm_blacks": a.warm_blacks,
        "drawn_queens": a.drawn_queens,
        "mirrored_courts": a.mirrored_courts,
        "swapped_pictures": a.swapped_pictures,
        "seconds": round(time.time() - t0, 1),
    }
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    print(json.dumps(manifest["metrics"]["thresholds"], indent=1))
    return 0


def _calibrate_out(
    out: Path,
    manifest: dict[str, Any],
    xc: NDArray[Any],
    rc: NDArray[Any],
    sc: NDArray[Any],
    cc: NDArray[Any],
) -> dict[str, Any]:
    """Metrics and thresholds of the ensembles in ``out`` (members as ``manifest``
    lists them) on set C, and ``out/check.npz`` written with every member's logits."""
    from vision.learned import Ensemble, IndexModel, member_files

    member_logits: dict[str, NDArray[Any]] = {}
    ens = {}
    for g in ("A", "B"):
        models = []
        for f in member_files(manifest, g):
            models.append(IndexModel(out / f))
            member_logits[f] = models[-1].logits(xc)
        ens[g] = Ensemble(models)
    write_check(out / "check.npz", xc, rc, sc, member_logits)
    return calibrate(ens["A"].logits(xc), ens["B"].logits(xc), rc, sc, cc)


def pile_bank_seeds(seed: int, banks: int) -> list[int]:
    """The seeds of the ``banks`` group-C glyph-bank draws the pile-corner threshold is
    calibrated on (:func:`vision.train.fonts.group_bank`): ``seed + 3``, then every
    1000 on (the first is the one a single draw always had)."""
    return [seed + 3 + 1000 * j for j in range(banks)]


def _calibrate_piles(
    a: argparse.Namespace, manifest: dict[str, Any], metrics: dict[str, Any]
) -> dict[str, float]:
    """The pile-corner threshold of the ensembles in ``a.out`` on ``a.pile_frames``
    generated pile frames for each of ``a.pile_banks`` glyph-bank draws
    (:mod:`vision.train.calibrate_piles`; frame seeds from ``(a.seed + 3) * 10000``
    on, each draw its own run of them; bank seeds :func:`pile_bank_seeds`); its
    metrics are added to ``metrics``. Returns ``{"pile_corner": t, "pile_corner_templated": t3}``
    (:func:`vision.train.calibrate_piles.pile_metrics`).

    Several draws: one draw's frames held the threshold (0.9989) on 2000 more of its
    own frames, yet another draw's frames gave a wrong agreeing read at 0.99969
    (a TS where a TC's index lies half cut): the drawn suit shapes and the frames
    differ, and the zero-wrong point must hold for a deck the draw did not make. That
    read came from a pile outline sized smaller than its card, since mended
    (:func:`vision.piles.corner_hypotheses`); with the mend, the models shipped until
    December 4th 2026 on
    three draws (3000 frames) have their zero-wrong point at 0.9987, under one draw's
    ``pile_corner`` (0.9989), which so has no wrong agreeing read on any of the three
    (three draws would set ``pile_corner`` 0.9994: cards-table 218 instead of 219,
    generated piles 94 instead of 98, measured before the mend), and they keep the
    one draw's threshold. Other models need not hold so: the same recipe trained
    with the CPU-independent numerics (seed 20261202) had its one draw's
    ``pile_corner`` at 0.9945, yet three draws put its zero-wrong point at 0.9991
    (a wrong agreeing read above the one draw's threshold). So three draws are the
    default for models trained from now on."""
    from vision.learned import member_files
    from vision.train.calibrate_piles import pile_corner_reads, pile_metrics

    ts = time.time()
    base = (a.seed + 3) * 10_000
    members = {g: [a.out / f for f in member_files(manifest, g)] for g in ("A", "B")}
    parts = []
    for j, bank_seed in enumerate(pile_bank_seeds(a.seed, a.pile_banks)):
        first = base + j * a.pile_frames
        parts.append(
            pile_corner_reads(
                list(range(first, first + a.pile_frames)), a.data, a.svg_dir, members, bank_seed, a.jobs
            )
        )
    conf, agree, wrong, backed = (np.concatenate([p[k] for p in parts]) for k in range(4))
    frames = a.pile_frames * a.pile_banks
    m = pile_metrics(conf, agree, wrong, frames, metrics["thresholds"]["pair_covered"], backed)
    m["pile_banks"] = a.pile_banks
    t = {k: m.pop(k) for k in ("pile_corner", "pile_corner_templated")}
    metrics.update(m)
    print(f"pile corners: {m} ({time.time() - ts:.0f} s)", flush=True)
    return t


def _calibrate_halves(
    a: argparse.Namespace, manifest: dict[str, Any], metrics: dict[str, Any]
) -> dict[str, float]:
    """The hand-half corner threshold of the ensembles in ``a.out`` on ``a.half_frames``
    generated hold'em frames for each glyph-bank draw of the pile calibration
    (:func:`vision.train.calibrate_piles.half_corner_reads`; frame seeds from
    ``(a.seed + 4) * 10000`` on, each draw its own run of them), read by the reader
    with those models and ``metrics``' thresholds (the pile ones included: they decide
    which outlines are read whole, so which are split into a hand's halves); its
    metrics are added to ``metrics``. Returns ``{"half_corner": t}``
    (:func:`vision.train.calibrate_piles.half_metrics`)."""
    import tempfile

    from vision.learned import member_files
    from vision.train.calibrate_piles import half_corner_reads, half_metrics

    ts = time.time()
    base = (a.seed + 4) * 10_000
    th = metrics["thresholds"]
    parts = []
    with tempfile.TemporaryDirectory() as tmp:
        # the models as the reader loads them (vision.learned.use_models), with these thresholds
        folder = Path(tmp)
        for f in (f for g in ("A", "B") for f in member_files(manifest, g)):
            (folder / f).symlink_to((a.out / f).resolve())
        text = json.dumps({"models": manifest["models"], "metrics": {"thresholds": th}})
        (folder / "manifest.json").write_text(text)
        for j, bank_seed in enumerate(pile_bank_seeds(a.seed, a.pile_banks)):
            first = base + j * a.half_frames
            seeds = list(range(first, first + a.half_frames))
            parts.append(half_corner_reads(seeds, a.data, a.svg_dir, folder, bank_seed, a.jobs))
    conf, agree, wrong = (np.concatenate([p[k] for p in parts]) for k in range(3))
    frames = a.half_frames * a.pile_banks
    m = half_metrics(conf, agree, wrong, frames, th["pair_covered"], th["pile_corner"])
    t = {"half_corner": m.pop("half_corner")}
    metrics.update(m)
    print(f"hand-half corners: {m} ({time.time() - ts:.0f} s)", flush=True)
    return t


def _calibrate_wide(
    a: argparse.Namespace, manifest: dict[str, Any], metrics: dict[str, Any]
) -> dict[str, float]:
    """The thresholds of the readings of the wide zones (:mod:`vision.wide`) of the
    ensembles in ``a.out``: set C's cards (seed ``a.seed + 2``, the recipe's options, a
    quarter of the indices drawn large as ``--jumbo-indices`` draws them) cut from the
    wide zones (:data:`vision.corners.WIDE_ZOOM`), through ``cv2.dnn``
    (:func:`vision.train.calibrate.calibrate_wide`); its metrics are added to
    ``metrics``. Returns ``{"wide_a": t, "wide_b": t}``."""
    from vision.corners import WIDE_ZOOM
    from vision.learned import Ensemble, IndexModel, member_files
    from vision.train.calibrate import calibrate_wide

    ts = time.time()
    opts = {**recipe(a), "jumbo": True}
    x, r, s, c = make_set(
        "C", a.seed + 2, a.calib_cards, a.jobs, a.data, a.svg_dir, need_card=True, zoom=WIDE_ZOOM, **opts
    )
    assert c is not None
    ens = {g: Ensemble([IndexModel(a.out / f) for f in member_files(manifest, g)]) for g in ("A", "B")}
    m = calibrate_wide(ens["A"].logits(x), ens["B"].logits(x), r, s, c)
    t: dict[str, float] = m.pop("thresholds")
    metrics.update(m)
    print(f"wide zones: {t} {m} ({time.time() - ts:.0f} s)", flush=True)
    return t


#: the members of each classifier's ensemble: (file suffix, epochs of A, epochs of B,
#: whether batches are varied afresh (:func:`vision.train.nets.augment`)); each
#: member starts from the same seeded weights and sees the same crops (with
#: ``--member-sets``: its own, :func:`member_seed`)
MEMBERS: tuple[tuple[str, int, int, bool], ...] = (
    ("", 5, 12, False),
    ("1", 12, 20, False),
    ("2", 8, 16, True),
)


def member_index(suffix: str) -> int:
    """Place in MEMBERS of the member with file suffix ``suffix``; ValueError if none."""
    return [m[0] for m in MEMBERS].index(suffix)


def member_offset(k: int, own: bool) -> int:
    """What member ``k`` adds to the seeds of its training set and of its initial
    weights: 100 k with sets of its own (``python -m vision.train --member-sets``), else 0
    (every member starts from its classifier's weights and learns from its set)."""
    return 100 * k if own else 0


def member_seed(seed: int, group: str, k: int, own: bool = True) -> int:
    """Seed of the training set of member ``k`` (its place in MEMBERS) of classifier
    ``group`` ("A" or "B") for the run's ``seed``: ``seed`` for A and ``seed + 1`` for B,
    plus :func:`member_offset` (so the first member's is that in either case)."""
    return seed + (group == "B") + member_offset(k, own)


#: the training sets of the members being trained (read by the forked workers of
#: :func:`_train_members`, which so need no copy of them)
_sets: dict[str, Any] = {}


def _train_member(task: tuple[str, str, int, bool, int, Path]) -> tuple[list[float], int, float]:
    """Train and export one member, ``(group, file suffix, epochs, varied, seed, out)``,
    on ``_sets[group]`` (``_sets[group + suffix]`` where that is made: ``--member-sets``);
    returns (loss per epoch, parameters, seconds). Its weights depend on the task alone
    (the seeds are set here), not on what else a process ran."""
    from vision.train import nets

    torch = same_numbers_on_any_cpu()
    g, suffix, ep, vary, seed, out = task
    ts = time.time()
    name = f"index_{g.lower()}{suffix}.onnx"
    own = g + suffix in _sets  # --member-sets: a set and initial weights of its own
    torch.manual_seed(seed + ord(g) + member_offset(member_index(suffix), own))  # the initial weights
    model: Any = nets.IndexNetA() if g == "A" else nets.IndexNetB()
    x, r, s, _ = _sets[g + suffix if own else g]
    print(f"training {name} ({nets.n_params(model)} params, {ep} epochs) on {len(x)} crops", flush=True)
    losses = nets.train(
        model, x, r, s, ep, seed + ord(g), vary=vary, log=lambda m: print(f"{name}{m}", flush=True)
    )
    nets.export(model, out / name)
    return losses, nets.n_params(model), round(time.time() - ts, 1)


def _train_members(
    tasks: list[tuple[str, str, int, bool, int, Path]], sets: dict[str, Any], jobs: int
) -> list[tuple[list[float], int, float]]:
    """:func:`_train_member` of each task, in ``jobs`` forked processes at once (one
    torch thread each), most epochs first; results in the order of ``tasks``."""
    import multiprocessing

    _sets.clear()
    _sets.update(sets)
    order = sorted(range(len(tasks)), key=lambda i: -tasks[i][2])
    if jobs <= 1:
        done = [_train_member(tasks[i]) for i in order]
    else:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(jobs, mp_context=ctx) as ex:
            done = list(ex.map(_train_member, [tasks[i] for i in order]))
    out: list[Any] = [None] * len(tasks)
    for i, res in zip(order, done, strict=True):
        out[i] = res
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    p = parser(MODELS)
    a = p.parse_args(argv)
    try:  # the glyph banks of the fonts found would make other crops, silently
        require_fonts("A" if a.smoke else "C" if a.calibrate else "ABC", a.more_fonts and not a.calibrate)
    except ValueError as exc:
        p.error(str(exc))
    import cv2

    cv2.setNumThreads(1)
    a.data.mkdir(parents=True, exist_ok=True)
    if a.calibrate:
        return _recalibrate(a, argv)
    same_numbers_on_any_cpu()
    a.out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    if a.smoke:
        return _smoke(a, t0)
    sets = {}
    made = [
        (g + m[0], g, member_seed(a.seed, g, k), a.cards)
        for k, m in enumerate(MEMBERS if a.member_sets else MEMBERS[:1])
        for g in "AB"
    ]
    for key, g, seed, n in [*made, ("C", "C", a.seed + 2, a.calib_cards)]:
        ts = time.time()
        sets[key] = make_set(g, seed, n, a.jobs, a.data, a.svg_dir, need_card=g == "C", **recipe(a))
        print(f"set {key} (seed {seed}): {len(sets[key][0])} crops ({time.time() - ts:.0f} s)", flush=True)
    t_gen = time.time() - t0
    metrics: dict[str, Any] = {}
    train_s = {}
    members: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
    tasks = [
        (g, suffix, ep, vary, a.seed, a.out)
        for suffix, ep_a, ep_b, vary in MEMBERS
        for g, ep in (("A", ep_a), ("B", ep_b))
    ]
    for (g, suffix, ep, vary, _, _), (losses, params, seconds) in zip(
        tasks, _train_members(tasks, sets, a.jobs), strict=True
    ):
        name = f"index_{g.lower()}{suffix}.onnx"
        metrics[f"{g}{suffix}_losses"] = [round(v, 4) for v in losses]
        metrics[f"{g}_params"] = params
        train_s[name] = seconds
        members[g].append(
            {
                "file": name,
                "sha256": sha256(a.out / name),
                "epochs": ep,
                "varied": vary,
                "set_seed": member_seed(a.seed, g, member_index(suffix), a.member_sets),
            }
        )
    models_entry = {
        g: {
            "file": members[g][0]["file"],
            "sha256": members[g][0]["sha256"],
            "params": metrics[f"{g}_params"],
            "input": "crops (N, 3, 48, 24) vision.corners.to_blob",
            "output": "logits (N, 19): rank A23456789TJQK+none, suit SHDC+none",
            "members": members[g],
        }
        for g in ("A", "B")
    }
    xc, rc, sc, cc = sets["C"]
    assert cc is not None
    metrics.update(_calibrate_out(a.out, {"models": models_entry}, xc, rc, sc, cc))
    metrics["thresholds"].update(_calibrate_piles(a, {"models": models_entry}, metrics))
    metrics["thresholds"].update(_calibrate_halves(a, {"models": models_entry}, metrics))
    metrics["thresholds"].update(_calibrate_wide(a, {"models": models_entry}, metrics))
    fonts = {g: find_fonts(group_fonts(g, a.more_fonts)) for g in FONT_GROUPS}
    allf = [f for fs in fonts.values() for f in fs]
    manifest = {
        "command": "python -m vision.train " + " ".join(argv if argv is not None else sys.argv[1:]),
        "seed": a.seed,
        "cards_per_set": a.cards,
        "calib_cards": a.calib_cards,
        "pile_frames": a.pile_frames,
        "pile_bank_seeds": pile_bank_seeds(a.seed, a.pile_banks),
        "half_frames": a.half_frames,
        "varied_glyphs": a.varied_glyphs,
        "varied_suits": a.varied_suits,
        "varied_inks": a.varied_inks,
        "more_fonts": a.more_fonts,
        "jumbo_indices": a.jumbo_indices,
        "warm_blacks": a.warm_blacks,
        "drawn_queens": a.drawn_queens,
        "mirrored_courts": a.mirrored_courts,
        "swapped_pictures": a.swapped_pictures,
        "member_sets": a.member_sets,
        "members": [{"suffix": m[0], "epochs": {"A": m[1], "B": m[2]}, "varied": m[3]} for m in MEMBERS],
        "art": "@letele/playing-cards@0.1.0 (CC0-1.0), react@18, react-dom@18",
        "fonts": {g: [f.name for f in fs] for g, fs in fonts.items()},
        "font_sha256": {f.name: sha256(f) for f in allf},
        "font_packages": font_packages(allf),
        "versions": versions(),
        "models": models_entry,
        "check_sha256": sha256(a.out / "check.npz"),
        "metrics": metrics,
        "seconds": {"generate": round(t_gen, 1), "train": train_s, "total": round(time.time() - t0, 1)},
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus, torch threads 1",
        "numerics": {**CPU_INDEPENDENT_ENV, "mkldnn": False, "nnpack": False},
    }
    (a.out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(json.dumps(metrics, indent=1))
    print(f"done in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
