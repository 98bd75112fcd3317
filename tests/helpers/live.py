"""Helpers of the live-table tests (issue 3): paths, the referee subprocess, and turning
a record (record-format.md) into the entry script a table would type."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.shared import RECORDS

REPO = Path(__file__).resolve().parents[2]

REFEREE = [sys.executable, "-c", "from referee.cli.main import run; run()"]

Run = Callable[..., subprocess.CompletedProcess[str]]
"""The ``run`` fixtures: ``run("start", ..., input=...)`` runs the real CLI."""
Report = Callable[..., dict[str, Any]]
"""The ``report`` fixture: the ``referee report --json`` of a session."""


def referee_env(data_dir: Path) -> dict[str, str]:
    """The environment of a test subprocess: its own data dir, no colour, 80 columns, and
    English whatever the machine's locale (the live tests read the English lines)."""
    env = dict(os.environ)
    env.update(
        REFEREE_DATA_DIR=str(data_dir),
        NO_COLOR="1",
        COLUMNS="80",
        TERM="dumb",
        PYTHONIOENCODING="utf-8",
        REFEREE_LANG="en",
    )
    return env


def needs_shared() -> None:
    """Skip visibly when ../shared (the spec's records) is not beside the repository."""
    if not RECORDS.is_dir():
        pytest.skip(f"shared records not found at {RECORDS}")


def _tokens(trick: Any) -> list[str]:
    return [str(t) for t in trick] if isinstance(trick, list) else str(trick).split()


def record_script(record: dict[str, Any], expected: dict[str, Any]) -> tuple[list[str], list[str]]:
    """``(start options, entry lines)`` that type ``record`` at the live table.

    Tricks become card lines as written (declarations included), ``redeals: n``
    becomes n times ``trump X`` + ``redeal`` (R13), ``revoke`` a ruling line,
    ``ended`` the ``end`` entry. The kort bavyan question (R27) is asked after the
    trick that makes 7:0: the expected report's ``trick_winners`` say which one,
    and the record's ``bavyan`` key gives the answer (none while ``pending``).
    """
    profile = str(record["profile"])
    opts = ["--profile", profile]
    if record.get("first_dealer"):
        opts += ["--dealer", str(record["first_dealer"])]
    elif record.get("first_caller"):
        opts += ["--caller", str(record["first_caller"])]
    if record.get("target") is not None:
        opts += ["--target", str(record["target"])]
    if record.get("players"):
        opts += ["--players", ",".join(f"{k}={v}" for k, v in record["players"].items())]
    kort = "kort" in profile
    lines: list[str] = []
    for i, deal in enumerate(record.get("deals") or []):
        trump = str(deal["trump"])
        choose = f"trump 13 {deal['thirteenth']}" if trump == "13" else f"trump {trump}"
        for _ in range(int(deal.get("redeals") or 0)):
            lines += [choose, "redeal"]
        lines.append(choose)
        winners = expected["deals"][i]["trick_winners"] if i < len(expected["deals"]) else []
        won = {"NS": 0, "EW": 0}
        bavyan = deal.get("bavyan", False)
        for k, trick in enumerate(deal.get("tricks") or []):
            lines.append(" ".join(_tokens(trick)))
            if kort and k < len(winners):
                won["NS" if winners[k] in "NS" else "EW"] += 1
                if sorted(won.values()) == [0, 7] and bavyan != "pending":
                    lines.append("bavyan yes" if bavyan is True else "bavyan no")
        if deal.get("revoke"):
            lines.append(f"revoke {deal['revoke']['seat']} {deal['revoke']['trick']}")
    if record.get("ended"):
        lines.append("end")
    return opts, lines


DEAL_KEYS = (
    "number",
    "dealer",
    "caller",
    "trump",
    "trick_winners",
    "tricks",
    "result",
    "winner",
    "wins",
    "courts",
    "revoke",
)
TOP_KEYS = ("profile", "totals", "streaks", "match", "next", "leader")


def required(report: dict[str, Any]) -> dict[str, Any]:
    """The report's required keys (record-format.md); ``flags`` only as "has flags"."""
    out = {k: report[k] for k in TOP_KEYS}
    out["match"] = {k: report["match"][k] for k in ("target", "wins")}
    out["deals"] = [{**{k: d[k] for k in DEAL_KEYS}, "flagged": bool(d["flags"])} for d in report["deals"]]
    return out


# A pagat session of 4 deals, first dealer S (so E calls, R40); play goes S -> E -> N -> W.
# Every trick but one is of one suit, so its winner is the highest card (R4).
PAGAT_START = ["--profile", "pagat", "--dealer", "S", "--players", "S=Azamat,E=Timur,N=Bakyt,W=Erlan"]
PAGAT_SCRIPT = [
    # deal 1: dealer S, caller E, trumps H. E leads the ace each time and wins: 7:0,
    # a court for EW, the caller's side (R41); next the dealer's partner N deals (R42).
    "trump H",
    "AH 2H 3H 4H",
    "AS 2S 3S 4S",
    "AD 2D 3D 4D",
    "AC 2C 3C 4C",
    "KH 5H 6H 7H",
    "KS 5S 6S 7S",
    "KD 5D 6D 7D",
    # deal 2: dealer N, caller W, trumps S. Trick 1: S plays 2C on diamonds (void, R6);
    # N's AD wins. Trick 2: S plays 6D: the revoke is proven, the deal ends at once and
    # EW, S's opponents, get a court (R43); trick 2 is abandoned (R50). EW are the caller's
    # side and got a court, so the dealer's partner S deals next (R42), E calls.
    "trump S",
    "2D 2C 3D AD",
    "4D 5D 6D",
    # deal 3: dealer S, caller E, trumps C (never played). NS win 7:2, streak 1 (R41);
    # the dealer's side won, so E deals next and N calls (R42).
    "trump C",
    "2H AH 3H 4H",
    "2D 3D AD 4D",
    "2S 3S AS 4S",
    "5H 6H 7H KH",
    "5D 6D KD 7D",
    "5S KS 6S 7S",
    "8H 9H QH TH",
    "8D 9D QD TD",
    "8S 9S QS TS",
    # deal 4: dealer E, caller N, trumps D. The end signal comes in trick 4 (R44);
    # EW win 7:1, streak 1, NS streak 0; the dealer's side won: N deals, W calls.
    "trump D",
    "2H AH 3H 4H",
    "2S 3S AS 4S",
    "2C 3C AC 4C",
    "end",
    "5H KH 6H 7H",
    "5S KS 6S 7S",
    "5C 6C KC 7C",
    "8H 9H QH TH",
    "8S 9S QS TS",
]

PAGAT_DEALS = [  # (dealer, caller, trump, trick winners, NS:EW tricks, result, winner, courts NS:EW)
    ("S", "E", "H", list("EEEEEEE"), (0, 7), "court", "EW", (0, 1)),
    ("N", "W", "S", ["N"], (1, 0), "revoke", "EW", (0, 1)),
    ("S", "E", "C", list("NSNEWSNSN"), (7, 2), "win", "NS", (0, 0)),
    ("E", "N", "D", list("WEWSEWEW"), (1, 7), "win", "EW", (0, 0)),
]

# A kort session, first caller S (target 7). Deal 1, trumps S: S declares trop and leads
# three trumps (R22), then a side suit as R23 requires; E wins trick 5; S leads JS as
# a tsar (R21) and wins, then a non-trump: NS 7:1, 1 win; S keeps the trump (R12).
# Deal 2, trumps C: NS reach 7:0 and play on (R27); in bavyan S may declare trop (R54):
# 13:0, bavyan, 10 wins; NS reach 11 and win the match (R31); N calls next (R12).
# Deal 3, trumps H: N declares trop7 (R25), W wins trick 2: TROP FAILED, 1 win to EW;
# the caller's side lost, so W calls next (R12). Then the end signal (R44).
KORT_START = ["--profile", "kort", "--caller", "S"]
KORT_SCRIPT = [
    "trump S",
    "AS:trop 2S 3S 4S",
    "KS 5S 6S 7S",
    "QS 8S 9S TS",
    "AH 2H 3H 4H",
    "2D AD 3D 4D",
    "5D 6D 7D KD",
    "JS:tsar 5H 6H 7H",
    "KH 8H 9H TH",
    "trump C",
    "AH 2H 3H 4H",
    "KH 5H 6H 7H",
    "QH 8H 9H TH",
    "AD 2D 3D 4D",
    "KD 5D 6D 7D",
    "QD 8D 9D TD",
    "AS 2S 3S 4S",
    "bavyan yes",
    "KS 5S 6S 7S",
    "QS 8S 9S TS",
    "AC:trop 2C 3C 4C",
    "KC 5C 6C 7C",
    "QC 8C 9C TC",
    "JH JD JC JS",
    "trump H",
    "AH:trop7 2H 3H 4H",
    "5H KH 6H 7H",
    "end",
]

KORT_DEALS = [  # (caller, trump, trick winners, NS:EW tricks, result, winner, wins NS:EW, courts)
    ("S", "S", list("SSSSESSS"), (7, 1), "win", "NS", (1, 0), (0, 0)),
    ("S", "C", list("SSSSSSSSSSSSN"), (13, 0), "bavyan", "NS", (10, 0), (1, 0)),
    ("N", "H", ["N", "W"], (1, 1), "trop-failed", "EW", (0, 1), (0, 0)),
]


def crash_script() -> list[str]:
    """PAGAT_SCRIPT with some tricks typed card by card, undos and a fix, so kill
    points fall inside open tricks and right after undos and fixes too (R65, issue 11).
    The same effective entries, so the same final state.

    Deal 3 (dealer S, caller E, trumps C): trick 1 E 2H N AH W 3H S 4H, N wins; trick 2
    is typed with E's 4D mistyped as 9C, a trump: E would win it and lead trick 3
    (E 2S N 3S W AS S 4S: W wins). ``fix 2 E 4D`` after trick 3 puts it right: S's AD
    wins trick 2, S leads trick 3 (S 2S E 3S N AS W 4S) and N wins it (R4)."""
    out: list[str] = []
    deal = 0
    for line in PAGAT_SCRIPT:
        if line.startswith("trump"):
            deal += 1
        if line == "2H AH 3H 4H":  # deal 3 trick 1 (and deal 4 trick 1): card by card
            out += line.split()
        elif line == "KH 5H 6H 7H":  # deal 1 trick 5: a mistyped 6H 7H taken back
            out += ["KH 5H 7H", "undo", "undo", "5H", "6H 7H"]
        elif line == "2D 3D AD 4D" and deal == 3:
            out += ["2D 3D AD 9C"]
        elif line == "2S 3S AS 4S" and deal == 3:
            out += [line, "fix 2 E 4D"]
        elif line == "2C 3C AC 4C":  # deal 4 trick 3: two cards mistyped, `undo 2`
            out += ["2C 3C", "5C 6C", "undo 2", "AC 4C"]
        else:
            out.append(line)
    return out
