"""End-to-end scripted sessions through the real ``referee start`` (issue 3): a pagat
session of 4 deals (a 7:0 court, a proven revoke) and a kort session (trop, tsar,
bavyan, a failed trop7). Expected values come from the rules (see live_helpers)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.helpers.live import (
    KORT_DEALS,
    KORT_SCRIPT,
    KORT_START,
    PAGAT_DEALS,
    PAGAT_SCRIPT,
    PAGAT_START,
    Report,
    Run,
    required,
)


def _sides(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def _export_and_replay(run: Run, tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / "session.yaml"
    run("export", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert "date:" in text and "ended: true" in text
    summary: dict[str, Any] = json.loads(run("replay", str(out), "--json").stdout)
    return summary


def test_pagat_session(run: Run, report: Report, tmp_path: Path) -> None:
    proc = run("start", *PAGAT_START, input="\n".join(PAGAT_SCRIPT) + "\n")
    assert proc.stderr == ""
    out = proc.stdout
    # R40: the first dealer is given, his right-hand neighbour calls.
    assert "first dealer S, E calls (R40)" in out
    # The revoke is announced with its evidence the moment 6D is entered (R6, R43).
    assert (
        "REVOKE: S failed to follow diamonds in trick 1; 6D in trick 2 proves it. "
        "Penalty: the deal ends, 1 court to EW (R43)"
    ) in out
    for line in (
        "deal 1: court to EW (7:0)",
        "next: N deals, W calls",
        "deal 2: court to EW: revoke by S (R43)",
        "next: S deals, E calls",
        "deal 3: NS win 7:2, streak 1",
        "next: E deals, N calls",
        "deal 4: EW win 7:1, streak 1",
        "deal 4 is finished first, then the summary (R44)",
    ):
        assert line in out, line
    summary = out[out.index("Session 1 (pagat): 4 deals") :].splitlines()
    assert " ".join(summary[1].split()) == "deal 1 S dealt, E called, trumps H: court to EW (7:0)"
    assert " ".join(summary[4].split()) == "deal 4 E dealt, N called, trumps D: EW win 7:1, streak 1"
    assert ["courts", "0", "2"] in [s.split() for s in summary]
    assert ["deals", "won", "1", "3"] in [s.split() for s in summary]
    assert ["streak", "0", "1"] in [s.split() for s in summary]
    assert "Winner: EW (Timur & Erlan)" in summary  # R44: EW ahead on courts; E Timur, W Erlan

    rep = report()
    assert len(rep["deals"]) == 4
    for d, (dealer, caller, trump, winners, tricks, result, winner, courts) in zip(
        rep["deals"], PAGAT_DEALS, strict=True
    ):
        assert (d["dealer"], d["caller"], d["trump"]) == (dealer, caller, trump)
        assert d["trick_winners"] == winners
        assert d["tricks"] == _sides(tricks)
        assert (d["result"], d["winner"]) == (result, winner)
        assert d["courts"] == _sides(courts)
        assert d["wins"] == _sides((0, 0))
        assert d["flags"] == []  # R58: under pagat a proven revoke raises no flag
    assert rep["deals"][1]["revoke"] == {"seat": "S", "trick": 1, "proven_at": 2}
    assert rep["totals"] == {
        "wins": _sides((0, 0)),
        "courts": _sides((0, 2)),
        "deals_won": _sides((1, 3)),
        "matches_won": _sides((0, 0)),
    }
    assert rep["streaks"] == _sides((0, 1))
    assert rep["next"] == {"dealer": "N", "caller": "W"}
    assert rep["leader"] == "EW"
    assert rep["ended"] is True

    replayed = _export_and_replay(run, tmp_path)
    assert required(replayed) == required(rep)


def test_kort_session(run: Run, report: Report, tmp_path: Path) -> None:
    proc = run("start", *KORT_START, input="\n".join(KORT_SCRIPT) + "\n")
    assert proc.stderr == ""
    out = proc.stdout
    for line in (
        "S leads a trump: trop",
        "S leads a trump: tsar",
        "N leads a trump: trop7",
        "NS lead 7:0: play on for bavyan? enter `bavyan yes` or `bavyan no` (R27)",
        "deal 1: NS win 7:1: 1 win, match 1:0",
        "next: S calls trumps (W deals by convention)",
        "deal 2: BAVYAN to NS (13:0): 10 wins, match 11:0",
        "MATCH to NS (11:0 in match wins)",
        "next: N calls trumps (E deals by convention)",
        "deal 3: TROP FAILED: 1 win to EW, match 0:1",
    ):
        assert line in out, line
    summary = [s.split() for s in out[out.index("Session 1 (kort): 3 deals") :].splitlines()]
    assert ["matches", "won", "1", "0"] in summary
    assert ["match", "wins", "11", "1"] in summary
    assert ["Winner:", "NS"] in summary

    rep = report()
    for d, (caller, trump, winners, tricks, result, winner, wins, courts) in zip(
        rep["deals"], KORT_DEALS, strict=True
    ):
        assert (d["dealer"], d["caller"], d["trump"]) == (None, caller, trump)
        assert d["trick_winners"] == winners
        assert d["tricks"] == _sides(tricks)
        assert (d["result"], d["winner"]) == (result, winner)
        assert d["wins"] == _sides(wins)
        assert d["courts"] == _sides(courts)
        assert d["flags"] == []  # every lead was legal (R21-R25, R54)
    assert rep["deals"][1]["bavyan"] is True
    assert rep["totals"] == {
        "wins": _sides((11, 1)),
        "courts": _sides((1, 0)),
        "deals_won": _sides((2, 1)),
        "matches_won": _sides((1, 0)),
    }
    assert rep["match"]["target"] == 7 and rep["match"]["wins"] == _sides((0, 1))
    assert rep["next"] == {"dealer": None, "caller": "W"}
    assert rep["leader"] == "NS"

    replayed = _export_and_replay(run, tmp_path)
    assert required(replayed) == required(rep)


def test_report_text_and_sessions_list(run: Run) -> None:
    run("start", *PAGAT_START, input="\n".join(PAGAT_SCRIPT[:8]) + "\n")
    run("start", *KORT_START, input="\n".join(KORT_SCRIPT[:3]) + "\n")
    listing = run("sessions").stdout.splitlines()
    assert listing[1].split()[0] == "1" and "pagat" in listing[1]
    assert "between deals" in listing[1] and "0:1" in listing[1]
    assert listing[2].split()[0] == "2" and "kort" in listing[2]
    assert "deal 1 in progress" in listing[2]
    # 80 columns: the players are cut, with an ellipsis where they are
    assert max(len(line) for line in listing) <= 80
    assert "S Azamat, E T" in listing[1] and "W Erlan" not in listing[1]
    assert re.search(r"S Azamat, E T[^ ]*…", listing[1])
    assert "(no names: se" in listing[2] and listing[2].endswith("deal 1 in progress")
    text = run("report", "1").stdout
    assert "court to EW (7:0)" in text and "Session open; ahead: EW" in text
    bad = run("report", "9", check=False)
    assert bad.returncode == 1 and bad.stderr.startswith("error: no session 9")
    assert "Traceback" not in bad.stderr


def test_sessions_lines_fit_the_width() -> None:
    from referee.live.messages import sessions_lines

    row = {
        "id": "12",
        "date": "2026-11-30 07:46",
        "profile": "kort-ranked",
        "players": "S Azamatbek, E Timurlan, N Bakytzhan, W Erlan",
        "deals": "3",
        "courts": "0:0",
        "state": "deal 4 in progress",
    }
    wide = sessions_lines([row], 120)
    assert wide[1].split("  ")[-1] == "deal 4 in progress" and row["players"] in wide[1]
    for width in (80, 90):
        lines = sessions_lines([row], width)
        assert all(len(line) <= width for line in lines), lines
        assert "S Azamatbek" in lines[1] and "…" in lines[1]
        assert lines[0].split()[:2] == ["id", "date"] and lines[1].split()[0] == "12"


def test_kort_revoke_and_lead_breach_are_announced(run: Run, report: Report) -> None:
    # E fails to follow hearts in trick 1 (2D) and plays 5H in trick 2: proven (R6), no
    # penalty under kort (R36), a flag (R58).
    out = run(
        "start", "--profile", "kort", "--caller", "S", input="trump S\nAH 2D 3H 4H\nKH 5H 6H 7H\n"
    ).stdout
    assert (
        "revoke proven: E failed to follow hearts in trick 1; 5H in trick 2 proves it. "
        "No penalty under kort: the table rules (R36)"
    ) in out
    d = report()["deals"][0]
    assert d["revoke"] == {"seat": "E", "trick": 1, "proven_at": 2} and d["flags"]
    assert d["result"] == "in-progress"
    # S wins a tsar trick (R21) and leads a trump again: flagged at once (R24 ruling);
    # his non-trump lead in trick 3 proves the breach.
    out = run(
        "start",
        "--profile",
        "kort",
        "--caller",
        "S",
        input="trump S\nAS 2S 3S 4S\nKS 5S 6S 7S\nAH 2H 3H 4H\n",
    ).stdout
    assert ("FLAG: S led KS against a tsar/trop duty: illegal unless he holds only trumps (R21-R24)") in out
    assert (
        "lead breach proven: S in trick 2; AH in trick 3 proves it. No penalty under "
        "kort: the table rules (R24, R36)"
    ) in out
    assert report("2")["deals"][0]["revoke"] == {"seat": "S", "trick": 2, "proven_at": 3}


def test_pagat_table_ruling_replaces_the_result(run: Run, report: Report) -> None:
    # After EW's 7:0 (deal 1), the table rules that E revoked in trick 3 (R43 ruling):
    # the deal's result becomes a revoke court to NS; NS are the dealer's side, so E
    # deals next and N calls (R42).
    out = run("start", *PAGAT_START, input="\n".join([*PAGAT_SCRIPT[:8], "revoke E 3"]) + "\n")
    assert "> table ruling: E revoked in trick 3 of deal 1 (R43)" in out.stdout
    assert "deal 1: court to NS: revoke by E (R43)" in out.stdout
    assert "next: E deals, N calls" in out.stdout
    rep = report()
    d = rep["deals"][0]
    assert (d["result"], d["winner"], d["revoke"]) == (
        "revoke",
        "NS",
        {"seat": "E", "trick": 3, "proven_at": None},
    )
    assert rep["totals"]["courts"] == {"NS": 1, "EW": 0}
    assert rep["next"] == {"dealer": "E", "caller": "N"}
