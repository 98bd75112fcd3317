"""Hunting wrong cards on generated frames (``python -m vision.hunt``): one frame read
again with what every reader made of each outline (``frame``), the cards the reader
reports on a run of the benchmark's generated frames saved as JSON (``dump``), and two
such files compared frame by frame (``compare``): where the benchmark's totals only
give the sum, this says which cards a change to the reader gains or loses.

To compare two readers, ``dump`` the same frames once with each: an older one from a
``git worktree`` of its commit, run with ``PYTHONPATH`` set to that worktree. The frames
are the benchmark's for the same ``--seed`` (:func:`vision.evaluate.benchmark`): those
of each kind at SEED plus the kind's offset (:data:`vision.benchgen.KINDS`) plus i, the
held-apart kinds' indices redrawn by the glyph bank of SEED.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

from vision.benchgen import KINDS, scene


def read_frame(s: Any, threshold: float, out: TextIO | None = None) -> dict[str, list[str]]:
    """The reader on scene ``s``: {"labels", "cards", "read", "misplaced"} (card codes;
    ``misplaced``: cards of the frame reported where they do not lie, wrong cards as the
    benchmark counts them). ``out``: also print the labels, the cards read, and one line
    per outline read (:func:`vision.evaluate.describe` and the verdict's path), the
    reported ones marked "right" or "WRONG"."""
    from vision.benchgen import placed
    from vision.evaluate import describe
    from vision.reader import Attempt, detect

    trace: list[Attempt] = []
    dets = detect(s.frame, threshold, trace)
    read = [d.card for d in dets]
    misplaced = [d.card for d in dets if d.card in s.cards and not placed(d, s.outlines[d.card])]
    if out is not None:
        print(f"labels {' '.join(s.labels) or '-'}", file=out)
        print(f"read {' '.join(read) or '-'}", file=out)
        for a in trace:
            card = a.final.card if a.final is not None else None
            path = a.final.details.get("path", "template") if a.final is not None else "-"
            mark = "" if card not in read else (" right" if card in s.cards else " WRONG")
            print(f"    {describe(a)} | path {path}{mark}", file=out)
    return {"labels": list(s.labels), "cards": list(s.cards), "read": read, "misplaced": misplaced}


def dump(
    seed: int, counts: dict[str, int], art: Any, bank: Any, threshold: float
) -> dict[str, dict[str, list[str]]]:
    """{"KIND FRAME_SEED": :func:`read_frame`} over ``counts[kind]`` frames of each kind
    (the benchmark's frames for ``seed``: :data:`vision.benchgen.KINDS`, :func:`vision.benchgen.scene`)."""
    res = {}
    for kind, n in counts.items():
        offset = KINDS[kind][0]
        for i in range(n):
            fs = seed + offset + i
            res[f"{kind} {fs}"] = read_frame(scene(kind, fs, art, bank), threshold)
    return res


def _kind_of(card: str, frame: dict[str, list[str]]) -> str:
    if card not in frame["cards"] or card in frame["misplaced"]:
        return "WRONG"
    return "right" if card in frame["labels"] else "covered"  # a covered index read: no error


def compare(old: dict[str, Any], new: dict[str, Any], out: TextIO) -> dict[str, int]:
    """Print each card one dump (:func:`dump`) reports on a frame and the other does not,
    "right", "covered" (a card of the frame whose index is covered: no wrong card) or
    "WRONG", and a last line of totals; return those totals (``right_lost``,
    ``right_gained``, ``wrong_old``, ``wrong_new``). Raises ValueError if the two hold
    other frames (other seeds or counts)."""
    if sorted(old) != sorted(new):
        raise ValueError("the two dumps hold other frames: dump both with the same --seed and counts")
    t = {"right_lost": 0, "right_gained": 0, "wrong_old": 0, "wrong_new": 0}
    for key in old:
        a, b = old[key], new[key]
        t["wrong_old"] += sum(_kind_of(c, a) == "WRONG" for c in a["read"])
        t["wrong_new"] += sum(_kind_of(c, b) == "WRONG" for c in b["read"])
        for side, frame, cards in (
            ("old", a, Counter(a["read"]) - Counter(b["read"])),
            ("new", b, Counter(b["read"]) - Counter(a["read"])),
        ):
            for c in sorted(cards.elements()):
                kind = _kind_of(c, frame)
                print(f"only {side}: {key} {c} {kind}", file=out)
                if kind == "right":
                    t["right_lost" if side == "old" else "right_gained"] += 1
    print(
        f"right lost {t['right_lost']}, right gained {t['right_gained']}, "
        f"wrong {t['wrong_old']} -> {t['wrong_new']} ({len(old)} frames)",
        file=out,
    )
    return t


def art_and_bank(data: Path, bank_seed: int | None) -> tuple[Any, Any]:
    """(the CC0 art of ``data``'s ``art.npz``, the held-apart glyph bank of ``bank_seed``
    or None without one). Raises FileNotFoundError when the art cache or the held-apart
    fonts are missing."""
    from vision.benchgen import held_apart_bank
    from vision.train.synth import load_art

    if not (data / "art.npz").is_file():
        raise FileNotFoundError(f"no CC0 art cache {data / 'art.npz'}: run python -m vision.train first")
    art = load_art(data / "art.npz")
    if bank_seed is None:
        return art, None
    bank, why_not = held_apart_bank(art, bank_seed)
    if bank is None:
        raise FileNotFoundError(why_not)
    return art, bank


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status (2 for unusable input)."""
    from vision import DEFAULT_THRESHOLD
    from vision.train.options import default_data  # stdlib only

    p = argparse.ArgumentParser(
        prog="python -m vision.hunt", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    reads = argparse.ArgumentParser(add_help=False)  # the options of the commands that read frames
    reads.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    reads.add_argument(
        "--data", type=Path, default=default_data(), help="folder with the CC0 art cache (art.npz)"
    )
    sub = p.add_subparsers(dest="command", required=True)
    f = sub.add_parser("frame", parents=[reads], help="read one generated frame: what each reader made of it")
    f.add_argument("kind", choices=list(KINDS))
    f.add_argument("frame_seed", type=int)
    f.add_argument("--bank-seed", type=int, help="the run's seed (its glyph bank): needed but for piles")
    f.add_argument("--save", type=Path, help="write the frame to this image file")
    d = sub.add_parser(
        "dump", parents=[reads], help="the cards read on the benchmark's frames of --seed, as JSON"
    )
    d.add_argument("out", type=Path)
    d.add_argument("--seed", type=int, default=1000)
    for kind in KINDS:
        d.add_argument(f"--{kind}", type=int, default=0, help=f"{kind} frames")
    c = sub.add_parser("compare", help="the cards two dumps of the same frames read differently")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    a = p.parse_args(argv)
    try:
        if a.command == "compare":
            compare(json.loads(a.old.read_text()), json.loads(a.new.read_text()), sys.stdout)
        elif a.command == "frame":
            art, bank = art_and_bank(a.data, a.bank_seed)
            s = scene(a.kind, a.frame_seed, art, bank)
            read_frame(s, a.threshold, sys.stdout)
            if a.save is not None:
                import cv2

                cv2.imwrite(str(a.save), s.frame)
        else:
            counts = {k: getattr(a, k.replace("-", "_")) for k in KINDS}
            held = any(n and KINDS[k][1] for k, n in counts.items())
            art, bank = art_and_bank(a.data, a.seed if held else None)
            res = dump(a.seed, counts, art, bank, a.threshold)
            # a frame a line: two dumps compare line by line too (diff)
            a.out.write_text(
                "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in res.items()) + "\n}\n"
            )
            wrong = sum(_kind_of(x, fr) == "WRONG" for fr in res.values() for x in fr["read"])
            right = sum(_kind_of(x, fr) == "right" for fr in res.values() for x in fr["read"])
            print(f"{len(res)} frames: {right} right, {wrong} wrong -> {a.out}")
    except (OSError, ValueError) as exc:  # a file missing, unreadable or unwritable; bad JSON
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
