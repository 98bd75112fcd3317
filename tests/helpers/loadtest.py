"""Load test of one club database (issue 16): N table processes typing at once.

Each table is a real ``referee start --store URL`` process fed a 10-deal pagat
session (random legal play from :func:`referee.simulate.simulate_game`, one line per
trick) through a pipe: a line is written, and its commit latency is the time until
the process shows its echo (``> ...``), which it prints only after the entry is
committed (the first entry of each process, which also waits for it to start, counts
as committed but not in the latencies). Pauses between lines are seeded random 20-200 ms (``--pause``) or none
(flat out). ``--kill K`` SIGKILLs K tables at seeded, printed points (after entry n),
then ``referee resume ID --store URL`` types the rest. Every session's
``referee report --json`` must equal the simulator's own report of the same game
(the engine's fold of the same events: the expected report).

    python -m tests.helpers.loadtest URL [--tables 8] [--deals 10] [--pause] [--kill 2] [--seed 1]

prints entries committed per second and the p50/p99 commit latency.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

REFEREE = [sys.executable, "-c", "from referee.cli.main import run; run()"]


@dataclass
class Table:
    """One table's session: its script, what it measured, its session id."""

    number: int
    dealer: str
    lines: list[str]
    expected: dict[str, Any]
    kill_after: int | None = None
    sid: int | None = None
    latencies: list[float] = field(default_factory=list)
    startups: list[float] = field(default_factory=list)
    typed: int = 0
    error: str = ""


def script(deals: int, seed: int) -> tuple[str, list[str], dict[str, Any]]:
    """(first dealer, entry lines, expected report) of a simulated pagat session."""
    from referee.core.events import ChooseTrump, Play
    from referee.profiles import load_profile
    from referee.simulate import simulate_game

    game = simulate_game(load_profile("pagat"), deals=deals, seed=seed)
    lines: list[str] = []
    trick: list[str] = []
    for ev in game.events:
        if isinstance(ev, ChooseTrump):
            lines.append(f"trump {ev.suit.name}")
        elif isinstance(ev, Play):
            trick.append(str(ev.card))
            if len(trick) == 4:
                lines.append(" ".join(trick))
                trick = []
        else:  # pragma: no cover - pagat's simulator makes only these
            raise AssertionError(f"unexpected event {ev!r}")
    assert not trick and game.first_dealer is not None
    return game.first_dealer.name, lines, game.report()


def env() -> dict[str, str]:
    """The table processes' environment: English, plain lines, no colour."""
    e = dict(os.environ)
    e.update(REFEREE_LANG="en", NO_COLOR="1", COLUMNS="80", TERM="dumb", PYTHONIOENCODING="utf-8")
    e.pop("REFEREE_STORE", None)
    return e


def _type(table: Table, cmd: list[str], start: int, pause: bool, rng: random.Random) -> None:
    """Run ``cmd`` and type ``table.lines[start:]``, one at a time, timing each echo;
    kill it after entry ``table.kill_after`` when that is in range."""
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
        bufsize=1,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for i in range(start, len(table.lines)):
            if pause:
                time.sleep(rng.uniform(0.020, 0.200))
            t0 = time.perf_counter()
            proc.stdin.write(table.lines[i] + "\n")
            proc.stdin.flush()
            while True:
                out = proc.stdout.readline()
                if not out:
                    raise RuntimeError(
                        f"table {table.number}: the referee ended at entry {i + 1}: "
                        f"{proc.stderr.read() if proc.stderr else ''}"
                    )
                if table.sid is None:
                    m = re.match(r"session (\d+) ", out)
                    if m:
                        table.sid = int(m.group(1))
                if out.startswith("> "):
                    break
            if i > start:  # the first echo also waits for the process to start
                table.latencies.append(time.perf_counter() - t0)
            else:
                table.startups.append(time.perf_counter() - t0)
            table.typed = i + 1
            if table.kill_after is not None and table.typed == table.kill_after:
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=30)
                return
        proc.stdin.close()
        proc.wait(timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(
                f"table {table.number} exited {proc.returncode}: {proc.stderr.read() if proc.stderr else ''}"
            )
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _table(table: Table, url: str, pause: bool, seed: int) -> None:
    rng = random.Random(seed * 1000 + table.number)
    try:
        _type(
            table,
            [
                *REFEREE,
                "start",
                "--profile",
                "pagat",
                "--dealer",
                table.dealer,
                "--store",
                url,
                "--players",
                f"S=S{table.number},E=E{table.number},N=N{table.number},W=W{table.number}",
                "--new-player",
            ],
            0,
            pause,
            rng,
        )
        if table.typed < len(table.lines):  # killed: resume types the rest
            assert table.sid is not None
            table.kill_after = None
            _type(table, [*REFEREE, "resume", str(table.sid), "--store", url], table.typed, pause, rng)
    except Exception as exc:  # reported by run()
        table.error = str(exc)


def report(url: str, sid: int, *, cli: bool = True) -> dict[str, Any]:
    """``referee report ID --json --store URL``; ``cli=False``: what that command prints,
    computed in this process (``LiveSession.resume(...).game.report()``), which saves a
    process start per session in the test."""
    if not cli:
        from referee.live.controller import LiveSession
        from referee.session.store import Store

        with Store(url) as store:
            text = json.dumps(LiveSession.resume(store, sid).game.report())
    else:
        text = subprocess.run(
            [*REFEREE, "report", str(sid), "--json", "--store", url],
            capture_output=True,
            text=True,
            env=env(),
            timeout=60,
            check=True,
        ).stdout
    result: dict[str, Any] = json.loads(text)
    return result


def run(
    url: str,
    *,
    tables: int = 8,
    deals: int = 10,
    pause: bool = False,
    kill: int = 0,
    seed: int = 1,
    say: Any = print,
    cli_report: bool = True,
) -> dict[str, Any]:
    """Run the load test; returns ``{"entries", "seconds", "per_second", "p50_ms",
    "p99_ms", "killed", "mismatches", "errors"}``."""
    rng = random.Random(seed)
    work: list[Table] = []
    for n in range(1, tables + 1):
        dealer, lines, expected = script(deals, seed * 100 + n)
        work.append(Table(n, dealer, lines, expected))
    for t in rng.sample(work, kill):
        t.kill_after = rng.randint(2, len(t.lines) - 2)
        say(f"table {t.number}: SIGKILL after entry {t.kill_after} of {len(t.lines)}")
    killed = {t.number: t.kill_after for t in work if t.kill_after is not None}
    threads = [threading.Thread(target=_table, args=(t, url, pause, seed)) for t in work]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    seconds = time.perf_counter() - t0
    errors = [t.error for t in work if t.error]
    mismatches = []
    for t in work:
        if t.error or t.sid is None:
            continue
        if report(url, t.sid, cli=cli_report) != json.loads(json.dumps(t.expected)):
            mismatches.append(t.number)
    lat = sorted(x for t in work for x in t.latencies)
    entries = len(lat) + sum(len(t.startups) for t in work)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else 0.0

    return {
        "entries": entries,
        "seconds": round(seconds, 2),
        "per_second": round(entries / seconds, 1) if seconds else 0.0,
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "killed": killed,
        "mismatches": mismatches,
        "errors": errors,
        "sessions": [t.sid for t in work],
    }


def main(argv: list[str] | None = None) -> int:
    """The benchmark's command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("url")
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--pause", action="store_true", help="seeded random 20-200 ms between entries")
    ap.add_argument("--kill", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    res = run(a.url, tables=a.tables, deals=a.deals, pause=a.pause, kill=a.kill, seed=a.seed)
    print(json.dumps(res, indent=2))
    return 1 if res["mismatches"] or res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
