"""Benchmark: ``python -m referee.bench [--deals 10000] [--seed 1]``.

For each profile (pagat, kort) it generates a record of ``--deals`` random legal
deals (:mod:`referee.simulate`) in a temporary folder, then prints:

- engine tricks per second: the record's events pre-parsed, then applied to a
  fresh :class:`~referee.core.game.Game` (YAML excluded);
- the wall time of the whole ``referee replay FILE --json`` subprocess;
- the wall time of ``referee --help``;
- undo (R65) of the last event of a ``--undo-deals`` (200) deal session: a pop of
  the frame the game keeps per event, beside the fold of all its events that undo
  used to replay.

Targets (issue 2, one core): >= 60,000 tricks/s, a 10,000-deal replay < 3 s,
``referee --help`` < 0.25 s; (issue 8) undo of the last event < 1 ms. Not a test:
it only prints.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _referee_cmd() -> list[str]:
    exe = shutil.which("referee")
    return [exe] if exe else [sys.executable, "-m", "referee.cli.main"]


def _timed(cmd: list[str], repeat: int = 1) -> tuple[float, int]:
    best = float("inf")
    code = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        best = min(best, time.perf_counter() - t0)
        code = proc.returncode
        if code:
            sys.stderr.write(proc.stderr.decode(errors="replace"))
    return best, code


def bench_profile(name: str, deals: int, seed: int, folder: Path) -> None:
    """Generate, time the engine, time the CLI replay; print one block."""
    from referee.core.game import Game
    from referee.profiles import load_profile
    from referee.records import dump_record, load_record, replay
    from referee.simulate import simulate_game

    prof = load_profile(name)
    t0 = time.perf_counter()
    game = simulate_game(prof, deals=deals, seed=seed)
    path = folder / f"bench-{name}-{deals}.yaml"
    path.write_text(dump_record(game), encoding="utf-8")
    gen = time.perf_counter() - t0

    t0 = time.perf_counter()
    rec = load_record(path)
    load_s = time.perf_counter() - t0
    events = replay(rec).events  # pre-parsed events, validated once
    tricks = sum(len(d.tricks) for d in game.deals)

    def engine(gc_on: bool) -> tuple[float, Game]:
        best = float("inf")
        for _ in range(3):
            if not gc_on:
                gc.disable()
            t0 = time.perf_counter()
            g = Game.from_events(
                prof,
                events,
                first_dealer=game.first_dealer,
                first_caller=None if game.first_dealer is not None else game.first_caller,
            )
            best = min(best, time.perf_counter() - t0)
            gc.enable()
        return best, g

    best, g = engine(True)
    best_nogc, g = engine(False)
    t0 = time.perf_counter()
    g.report()
    report_s = time.perf_counter() - t0
    cli_s, code = _timed([*_referee_cmd(), "replay", str(path), "--json"])
    print(
        f"[{name}] {deals} deals, {tricks} tricks, {len(events)} events, "
        f"{path.stat().st_size / 1e6:.1f} MB (generated in {gen:.1f} s)"
    )
    print(f"  engine:        {tricks / best:,.0f} tricks/s ({best:.3f} s for all events; target >= 60,000)")
    print(
        f"  engine, GC off (as in `referee replay`): {tricks / best_nogc:,.0f} tricks/s ({best_nogc:.3f} s)"
    )
    print(f"  load_record:   {load_s:.3f} s (YAML + tokens + profile)")
    print(f"  report():      {report_s:.3f} s")
    print(f"  referee replay --json: {cli_s:.2f} s end to end (exit {code}; target < 3 s)")


def bench_undo(name: str, deals: int, seed: int, repeat: int = 2000) -> None:
    """Time :meth:`Game.undo` of the last event of a ``deals``-deal session (each undo
    re-applied untimed), and one fold of all its events for comparison; print a line."""
    from referee.core.game import Game
    from referee.profiles import load_profile
    from referee.simulate import simulate_game

    prof = load_profile(name)
    game = simulate_game(prof, deals=deals, seed=seed, in_progress=True)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        ev = game.undo()
        times.append(time.perf_counter() - t0)
        game.apply(ev)
    times.sort()
    t0 = time.perf_counter()
    Game.from_events(
        prof,
        game.events,
        first_dealer=game.first_dealer,
        first_caller=None if game.first_dealer is not None else game.first_caller,
    )
    fold_s = time.perf_counter() - t0
    print(
        f"[{name}] undo of the last event, {deals}-deal session ({len(game.events)} events): "
        f"median {times[len(times) // 2] * 1e6:.1f} us, 99th percentile "
        f"{times[len(times) * 99 // 100] * 1e6:.1f} us (target < 1 ms); a fold of all its "
        f"events (the old undo): {fold_s * 1e3:.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit code."""
    ap = argparse.ArgumentParser(prog="python -m referee.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, help="deals per record (default 10000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--profiles", default="pagat,kort", help="comma-separated (default pagat,kort)")
    ap.add_argument(
        "--undo-deals",
        type=int,
        default=200,
        help="deals of the session whose last event is undone (default 200)",
    )
    args = ap.parse_args(argv)
    try:
        import yaml

        print(
            f"python {sys.version.split()[0]}, libyaml C loader: "
            f"{'yes' if hasattr(yaml, 'CSafeLoader') else 'no'}"
        )
    except ImportError:  # pragma: no cover
        pass
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        for name in args.profiles.split(","):
            bench_profile(name.strip(), args.deals, args.seed, Path(tmp))
    for name in args.profiles.split(","):
        bench_undo(name.strip(), args.undo_deals, args.seed)
    help_s, _ = _timed([*_referee_cmd(), "--help"], repeat=5)
    print(f"referee --help: {help_s:.3f} s (best of 5; target < 0.25 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
