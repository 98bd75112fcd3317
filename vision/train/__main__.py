"""``python -m vision.train``: build the shipped corner-index classifiers from scratch.

Steps (all seeded; torch on one thread, deterministic algorithms):

1. Render the CC0 ``@letele/playing-cards`` faces (npm + node + cairosvg, cached
   in ``--data``) and collect the fonts of FONT_GROUPS that are installed
   (Debian packages fonts-dejavu-core, fonts-liberation, fonts-croscore,
   fonts-noto-core, tex-gyre; all under licences that allow shipping weights
   trained on renders: Bitstream Vera/public domain, SIL OFL 1.1, Apache 2.0,
   GUST font licence).
2. Generate crops (:mod:`vision.train.synth`) in chunks (``--jobs`` processes;
   each chunk depends only on the seed and its number): set A (fonts of group
   A + art) trains classifier A, set B (group B + art) trains B, and the
   held-apart set C (group C fonts, which neither classifier sees, + art, other
   seed) calibrates the thresholds.
3. Train :class:`vision.train.nets.IndexNetA` and ``IndexNetB``, export them to
   ONNX in ``vision/models/``, run them on set C through ``cv2.dnn`` (the
   reader's own path) and calibrate the thresholds (see :func:`calibrate`).
4. Write ``vision/models/manifest.json`` (hashes, seeds, versions, fonts, the
   command, metrics, thresholds) and ``vision/models/check.npz`` (fixed
   generated crops with the shipped models' logits, checked by the tests).

``--smoke`` trains A only on 2k crops for two epochs into ``--out`` (the
``train``-marked test uses it); its crops are made in ``--jobs`` processes at once.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

FONT_ROOTS = [Path("/usr/share/fonts"), Path("/usr/share/texmf/fonts/opentype/public/tex-gyre")]

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

MODELS = Path(__file__).resolve().parents[1] / "models"

_art: Any = None
_banks: dict[str, Any] = {}


def find_fonts(names: list[str]) -> list[Path]:
    """Installed font files with these names (first hit each), in list order."""
    index: dict[str, Path] = {}
    for root in FONT_ROOTS:
        if root.is_dir():
            for p in sorted(root.rglob("*")):
                index.setdefault(p.name, p)
    return [index[n] for n in names if n in index]


def _init(data: str, svg_dir: str | None) -> None:
    global _art
    from vision.train import synth

    _art = synth.load_art(Path(data) / "art.npz", Path(svg_dir) if svg_dir else None)


def _chunk(args: tuple[str, int, int, int]) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]]:
    group, seed, chunk, n = args
    from vision.train import synth

    if group not in _banks:
        _banks[group] = synth.build_bank(
            find_fonts(FONT_GROUPS[group]), _art, np.random.default_rng([seed, 999])
        )
    s = synth.generate(seed, chunk, n, _art, _banks[group])
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
) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any] | None]:
    """Crops, rank and suit labels and the card beneath each crop (see
    :class:`vision.train.synth.Sample`; None when read from a cache written before
    it was kept, unless ``need_card``: then the set is made again) of ``n_cards``
    generated cards with the fonts of ``group``, cached as
    ``data/set_{group}_{seed}_{n_cards}.npz`` (``..._c{chunk}.npz`` for another
    chunk size than 500: the chunks, not only the seed, decide the samples)."""
    tail = "" if chunk == 500 else f"_c{chunk}"
    cache = data / f"set_{group}_{seed}_{n_cards}{tail}.npz"
    if cache.is_file():
        with np.load(cache) as z:
            if "card" in z.files or not need_card:
                return z["x"], z["rank"], z["suit"], z["card"] if "card" in z.files else None
    tasks = [(group, seed, i, min(chunk, n_cards - i * chunk)) for i in range((n_cards + chunk - 1) // chunk)]
    with ProcessPoolExecutor(
        jobs, initializer=_init, initargs=(str(data), str(svg_dir) if svg_dir else None)
    ) as ex:
        parts = list(ex.map(_chunk, tasks))
    x, r, s, c = (np.concatenate([p[k] for p in parts]) for k in range(4))
    np.savez(cache, x=x, rank=r, suit=s, card=c)
    return x, r, s, c


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def softmax_reads(logits: NDArray[Any]) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]]:
    """(rank argmax, rank prob, suit argmax, suit prob) from (N, 19) logits."""
    from vision.learned import split_probs

    pr, ps = split_probs(logits)
    return pr.argmax(1), pr.max(1), ps.argmax(1), ps.max(1)


def _zero_wrong_threshold(conf: NDArray[Any], wrong: NDArray[Any], rate: float = 0.0) -> float:
    """Smallest threshold t such that among reads with conf >= t the share of wrong
    ones is at most ``rate`` (0: none at all)."""
    if len(conf) == 0:
        return 1.0
    order = np.argsort(-conf)
    c, w = conf[order], wrong[order].astype(np.float64)
    cw = np.cumsum(w)
    n = np.arange(1, len(c) + 1)
    ok = cw <= rate * n
    if rate == 0:
        first_bad = np.flatnonzero(~ok)
        return float(c[first_bad[0]] + 1e-6) if len(first_bad) else float(c[-1])
    last_ok = np.flatnonzero(ok)
    return float(c[last_ok[-1]]) if len(last_ok) else 1.0


def _up(t: float) -> float:
    """``t`` rounded up to 4 decimals (at most 1.0)."""
    return min(1.0, math.ceil(t * 10_000 - 1e-9) / 10_000)


def calibrate(
    la: NDArray[Any], lb: NDArray[Any], rank: NDArray[Any], suit: NDArray[Any], card: NDArray[Any]
) -> dict[str, Any]:
    """Thresholds and metrics from the logits of A and B on the held-apart set.

    A "read" is a crop whose rank and suit argmax are both not none; its
    confidence is min(rank prob, suit prob). It is right if both match the label,
    harmless if it names ``card``, the card the crop was cut from (a covered index,
    a turned corner or an inner outline of that very card, labelled none: reporting
    it is no wrong report, though it counts for no recall), else wrong. Thresholds:

    * ``index_pips``, ``index_pips_b``: A alone, B alone: at most 1% wrong reads on
      the held-apart set (the pips must agree too, an independent reading);
    * ``pair``: A and B agree and both have confidence >= t: zero wrong;
    * ``pair_court``: as ``pair``, counting only reads of J, Q or K on crops of court
      cards or none crops (for information: the court rule uses the next two);
    * ``court_a``, ``court_b``: each classifier alone, its reads of J, Q or K on the
      crops of court cards or none crops: zero wrong (the court rule needs both,
      agreeing, and the card's picture, so it never sees a number card's corner);
    * ``court_rank_a``, ``court_rank_b``: the same for the rank alone (its
      probability), for a court card whose picture's suit symbol says the suit;
    * ``dissent_a``, ``dissent_b``: a classifier's read of another card vetoes a
      card from this confidence on (its own 1%-wrong point);
    * ``pair_covered``: as ``pair``, with half the remaining doubt again
      (t + (1 - t) / 2): an index alone, nothing else to agree with.
    """
    from vision.train.synth import NONE_RANK, NONE_SUIT

    out: dict[str, Any] = {}
    ra, pa, sa, qa = softmax_reads(la)
    rb, pb, sb, qb = softmax_reads(lb)
    truth_card = (rank != NONE_RANK) & (suit != NONE_SUIT)

    def wrong_of(r: NDArray[Any], s: NDArray[Any]) -> NDArray[Any]:
        w: NDArray[Any] = ~((r == rank) & (s == suit)) & (4 * r + s != card)
        return w

    for name, r, p, s, q in (("A", ra, pa, sa, qa), ("B", rb, pb, sb, qb)):
        read = (r != NONE_RANK) & (s != NONE_SUIT)
        correct = (r == rank) & (s == suit)
        out[f"{name}_accuracy"] = round(float(correct.mean()), 4)
        out[f"{name}_card_accuracy"] = round(float(correct[truth_card].mean()), 4)
        conf = np.minimum(p, q)[read]
        wrong = wrong_of(r, s)[read]
        out[f"{name}_wrong_reads_at_argmax"] = int(wrong.sum())
        out[f"{name}_t_zero_wrong"] = round(_zero_wrong_threshold(conf, wrong), 4)
        out[f"{name}_t_1pct"] = round(_zero_wrong_threshold(conf, wrong, 0.01), 4)
    t_ip = out["A_t_1pct"]
    read_a = (ra != NONE_RANK) & (sa != NONE_SUIT)
    acc = read_a & (np.minimum(pa, qa) >= t_ip)
    out["index_pips_recall"] = round(float((acc & (ra == rank) & (sa == suit))[truth_card].mean()), 4)
    agree = read_a & (ra == rb) & (sa == sb)
    both = np.minimum(np.minimum(pa, qa), np.minimum(pb, qb))
    wrong_pair = wrong_of(ra, sa)
    t_pair = _zero_wrong_threshold(both[agree], wrong_pair[agree])
    out["pair_wrong_at_argmax"] = int(wrong_pair[agree].sum())
    acc = agree & (both >= t_pair)
    out["pair_recall"] = round(float((acc & (ra == rank) & (sa == suit))[truth_card].mean()), 4)
    court = np.isin(rank, [10, 11, 12, NONE_RANK])
    agree_c = agree & np.isin(ra, [10, 11, 12]) & court
    t_court = _zero_wrong_threshold(both[agree_c], wrong_pair[agree_c])
    acc_c = agree_c & (both >= t_court)
    is_court = np.isin(rank, [10, 11, 12])
    out["pair_court_recall"] = round(float((acc_c & (ra == rank) & (sa == suit))[is_court].mean()), 4)
    # each classifier alone on the court cards' corners (and none crops): zero wrong
    t_each = {}
    for name, r, p, s, q in (("a", ra, pa, sa, qa), ("b", rb, pb, sb, qb)):
        reads = (s != NONE_SUIT) & np.isin(r, [10, 11, 12]) & court
        t_each[name] = _zero_wrong_threshold(np.minimum(p, q)[reads], wrong_of(r, s)[reads])
    # the rank alone (the suit said by the picture's own suit symbol): each classifier's
    # rank probability on its J, Q, K reads of court corners and none crops
    t_rank = {}
    for name, r, p, s in (("a", ra, pa, sa), ("b", rb, pb, sb)):
        reads = (s != NONE_SUIT) & np.isin(r, [10, 11, 12]) & court
        wrong_r = (r != rank) & ((card < 0) | (r != card // 4))
        t_rank[name] = _zero_wrong_threshold(p[reads], wrong_r[reads])
    conf_a, conf_b = np.minimum(pa, qa), np.minimum(pb, qb)
    acc_e = agree & (conf_a >= t_each["a"]) & (conf_b >= t_each["b"])
    out["court_recall"] = round(float((acc_e & (ra == rank) & (sa == suit))[is_court].mean()), 4)
    out["thresholds"] = {  # rounded up: a rounded-down threshold could let the wrong read in
        "index_pips": _up(t_ip),
        "index_pips_b": _up(out["B_t_1pct"]),
        "pair": _up(t_pair),
        "pair_court": _up(t_court),
        "court_a": _up(t_each["a"]),
        "court_b": _up(t_each["b"]),
        "court_rank_a": _up(t_rank["a"]),
        "court_rank_b": _up(t_rank["b"]),
        "pair_covered": _up(t_pair + (1 - t_pair) / 2),
        "dissent_a": _up(out["A_t_1pct"]),
        "dissent_b": _up(out["B_t_1pct"]),
    }
    out["held_apart_crops"] = len(rank)
    return out


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
    """``--calibrate``: the thresholds of the models in ``a.out`` calibrated again on the
    held-apart set C (made again if its cache lacks the cards beneath the crops);
    the manifest's metrics from :func:`calibrate` are replaced and the command
    recorded under ``calibration``. Needs no torch (the models run through cv2.dnn),
    only what makes the crops (Pillow, the fonts, the art cache)."""
    from vision.learned import IndexModel

    t0 = time.time()
    path = a.out / "manifest.json"
    manifest = json.loads(path.read_text())
    xc, rc, sc, cc = make_set("C", a.seed + 2, a.calib_cards, a.jobs, a.data, a.svg_dir, need_card=True)
    assert cc is not None
    la = IndexModel(a.out / "index_a.onnx").logits(xc)
    lb = IndexModel(a.out / "index_b.onnx").logits(xc)
    metrics = calibrate(la, lb, rc, sc, cc)
    manifest["metrics"].update(metrics)
    manifest["calibration"] = {
        "command": "python -m vision.train " + " ".join(argv if argv is not None else sys.argv[1:]),
        "seed": a.seed + 2,
        "calib_cards": a.calib_cards,
        "seconds": round(time.time() - t0, 1),
    }
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    print(json.dumps(metrics, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    p = argparse.ArgumentParser(description="Train the corner-index classifiers.")
    p.add_argument(
        "--data",
        type=Path,
        default=Path(os.environ.get("REFEREE_TRAIN_DATA", Path.home() / ".cache" / "court-referee-train")),
    )
    p.add_argument("--svg-dir", type=Path, default=None, help="already rendered CC0 SVGs")
    p.add_argument("--out", type=Path, default=MODELS)
    p.add_argument("--seed", type=int, default=20261201)
    p.add_argument("--cards", type=int, default=10000, help="generated cards per training set")
    p.add_argument("--calib-cards", type=int, default=3000)
    p.add_argument("--epochs-a", type=int, default=5)
    p.add_argument("--epochs-b", type=int, default=12)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--smoke", action="store_true", help="2k crops, model A, two epochs")
    p.add_argument(
        "--calibrate",
        action="store_true",
        help="only calibrate the models in --out again (no training, no torch)",
    )
    a = p.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    a.data.mkdir(parents=True, exist_ok=True)
    if a.calibrate:
        return _recalibrate(a, argv)
    import torch

    from vision.learned import IndexModel
    from vision.train import nets

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    a.out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    if a.smoke:
        return _smoke(a, t0)
    sets = {}
    for g, seed, n in (("A", a.seed, a.cards), ("B", a.seed + 1, a.cards), ("C", a.seed + 2, a.calib_cards)):
        ts = time.time()
        sets[g] = make_set(g, seed, n, a.jobs, a.data, a.svg_dir, need_card=g == "C")
        print(f"set {g}: {len(sets[g][0])} crops ({time.time() - ts:.0f} s)", flush=True)
    t_gen = time.time() - t0
    metrics: dict[str, Any] = {}
    train_s = {}
    for g, cls, ep in (("A", nets.IndexNetA, a.epochs_a), ("B", nets.IndexNetB, a.epochs_b)):
        ts = time.time()
        torch.manual_seed(a.seed + ord(g))  # the initial weights
        model: Any = cls()
        x, r, s, _ = sets[g]
        print(f"training {g} ({nets.n_params(model)} params) on {len(x)} crops", flush=True)
        losses = nets.train(model, x, r, s, ep, a.seed + ord(g))
        nets.export(model, a.out / f"index_{g.lower()}.onnx")
        metrics[f"{g}_losses"] = [round(v, 4) for v in losses]
        metrics[f"{g}_params"] = nets.n_params(model)
        train_s[g] = round(time.time() - ts, 1)
    xc, rc, sc, cc = sets["C"]
    assert cc is not None
    la = IndexModel(a.out / "index_a.onnx").logits(xc)
    lb = IndexModel(a.out / "index_b.onnx").logits(xc)
    metrics.update(calibrate(la, lb, rc, sc, cc))
    # fixed generated check crops: 2 per class of set C (and some none), with logits
    pick = []
    for k in range(14):
        pick += list(np.flatnonzero(rc == k)[:3])
    pick_a = np.array(pick)
    np.savez_compressed(
        a.out / "check.npz",
        crops=xc[pick_a],
        rank=rc[pick_a],
        suit=sc[pick_a],
        logits_a=la[pick_a],
        logits_b=lb[pick_a],
    )
    fonts = {g: find_fonts(n) for g, n in FONT_GROUPS.items()}
    allf = [f for fs in fonts.values() for f in fs]
    manifest = {
        "command": "python -m vision.train " + " ".join(argv if argv is not None else sys.argv[1:]),
        "seed": a.seed,
        "cards_per_set": a.cards,
        "calib_cards": a.calib_cards,
        "epochs": {"A": a.epochs_a, "B": a.epochs_b},
        "art": "@letele/playing-cards@0.1.0 (CC0-1.0), react@18, react-dom@18",
        "fonts": {g: [f.name for f in fs] for g, fs in fonts.items()},
        "font_sha256": {f.name: sha256(f) for f in allf},
        "font_packages": font_packages(allf),
        "versions": versions(),
        "models": {
            g: {
                "file": f"index_{g.lower()}.onnx",
                "sha256": sha256(a.out / f"index_{g.lower()}.onnx"),
                "params": metrics[f"{g}_params"],
                "input": "crops (N, 3, 48, 24) vision.corners.to_blob",
                "output": "logits (N, 19): rank A23456789TJQK+none, suit SHDC+none",
            }
            for g in ("A", "B")
        },
        "check_sha256": sha256(a.out / "check.npz"),
        "metrics": metrics,
        "seconds": {"generate": round(t_gen, 1), "train": train_s, "total": round(time.time() - t0, 1)},
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus, torch threads 1",
    }
    (a.out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(json.dumps(metrics, indent=1))
    print(f"done in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
