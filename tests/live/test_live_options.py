"""`referee start` options and commands around the play (issue 3): the seeded draw
(R40, R11), --target (R31), --duration (R44), --session FILE, players, declarations
offered and replaced (R24, R25, R53), and an export with an open bavyan question."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.live import KORT_SCRIPT, PAGAT_SCRIPT, Report, Run


def test_seeded_draw_of_the_first_dealer(run: Run, report: Report) -> None:
    first = run("start", "--profile", "pagat", "--seed", "42", input="").stdout
    m = re.search(r"draw for the first dealer \(seed 42\): ([SENW]) deals, ([SENW]) calls", first)
    assert m, first
    dealer, caller = m.groups()
    assert "SENW"[("SENW".index(dealer) + 1) % 4] == caller  # R40: the right-hand neighbour
    assert report()["next"] == {"dealer": dealer, "caller": caller}  # R62: no deal yet
    again = run("start", "--profile", "pagat", "--seed", "42", "--dealer", "random", input="")
    assert m.group(0) in again.stdout  # the same seed draws the same seat


def test_kort_caller_drawn_when_not_given(run: Run, report: Report) -> None:
    out = run("start", "--profile", "kort", "--seed", "7", input="").stdout
    m = re.search(r"draw for the first caller \(seed 7\): ([SENW]) calls trumps \(R11\)", out)
    assert m, out
    assert report()["next"] == {"dealer": None, "caller": m.group(1)}


def test_target_three_ends_the_match_at_six(run: Run, report: Report) -> None:
    # deal 1 of the kort script: NS 7:1, 1 win; deal 2: 7:0 and no bavyan: a court, 5 wins.
    # 6 wins reach a target of 3, not one of 7 (R31); the next match starts at 0:0 (R61).
    script = [*KORT_SCRIPT[:9], "trump C", *KORT_SCRIPT[10:17], "bavyan no"]
    out = run(
        "start", "--profile", "kort", "--caller", "S", "--target", "3", input="\n".join(script) + "\n"
    ).stdout
    assert "match target: 3 (R31)" in out
    assert "COURT to NS (7:0): 5 wins, match 6:0" in out and "MATCH to NS" in out
    rep = report()
    assert rep["match"]["target"] == 3 and rep["match"]["wins"] == {"NS": 0, "EW": 0}
    assert rep["totals"]["matches_won"] == {"NS": 1, "EW": 0}
    assert rep["totals"]["wins"] == {"NS": 6, "EW": 0}
    # R12: a court passes the trump to the caller's partner
    assert rep["next"]["caller"] == "N"


def test_bad_start_options(run: Run, data_dir: Path) -> None:
    for args, words in [
        (["--profile", "nope"], "unknown profile 'nope'"),
        (["--profile", "pagat", "--target", "3"], "no match target"),
        (["--profile", "pagat", "--dealer", "S", "--caller", "N"], "right-hand neighbour"),
        (["--profile", "kort", "--dealer", "S"], "--caller"),
        (["--profile", "kort", "--target", "0"], "at least 1"),
        (["--profile", "pagat", "--duration", "soon"], "not a duration"),
        (["--profile", "pagat", "--players", "S:Azamat"], "seat=name"),
    ]:
        proc = run("start", *args, check=False)
        assert proc.returncode in (1, 2), args
        assert proc.stderr.startswith("error: ") and words in proc.stderr, (args, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    # nothing was stored, not even an empty database file
    nothing = run("sessions", check=False)
    assert nothing.returncode == 1 and nothing.stderr.startswith("error: no session database at ")
    assert not list(data_dir.iterdir())


def test_duration_and_session_file(run: Run, tmp_path: Path, data_dir: Path) -> None:
    db = tmp_path / "elsewhere" / "table.db"
    missing = run("start", "--profile", "pagat", "--session", str(db), check=False)
    assert missing.returncode == 1 and missing.stderr.splitlines() == [
        f"error: no folder {db.parent} for the session database {db}"
    ]
    assert not db.parent.exists()  # a mistyped folder is not made
    db.parent.mkdir()
    failed = run("start", "--profile", "nope", "--session", str(db), check=False)
    assert failed.returncode == 1 and not db.exists()  # a failed start leaves no file behind
    out = run(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--duration",
        "1h30m",
        "--session",
        str(db),
        input="\n".join(PAGAT_SCRIPT[:8]) + "\n",
    ).stdout
    assert f"saved in {db}" in out and "agreed length: 90 min (R44)" in out
    assert re.search(r"time left: (90|89) min", out)  # said after the deal
    assert f"`referee resume 1 --session {db}` goes on" in out  # the hint names the file
    assert db.is_file()
    assert not list(data_dir.iterdir())  # the default file was not used
    listing = run("sessions", "--session", str(db)).stdout
    assert "pagat" in listing and "between deals" in listing
    rep = json.loads(run("report", "--session", str(db), "--json").stdout)
    assert rep["totals"]["courts"] == {"NS": 0, "EW": 1}
    resumed = run("resume", "--session", str(db), input="trump S\n").stdout
    assert "> deal 2: W calls trumps S" in resumed
    assert resumed.splitlines()[-1] == f"session 1 stays open: `referee resume 1 --session {db}` goes on"
    summary = run("report", "1", "--session", str(db)).stdout.splitlines()
    assert summary[-1] == (
        f"Saved in {db} (session 1): `referee report 1 --session {db}`, "
        f"`referee export 1 --session {db} -o FILE.yaml`"
    )
    out_yaml = tmp_path / "out" / "game.yaml"
    refused = run("export", "1", "--session", str(db), "-o", str(out_yaml), check=False)
    assert refused.returncode == 1 and refused.stderr.splitlines() == [
        f"error: no folder {out_yaml.parent} to write {out_yaml} in"
    ]
    assert not out_yaml.parent.exists()


@pytest.mark.parametrize("command", [["sessions"], ["report"], ["resume"], ["export", "-o", "OUT"]])
def test_read_commands_make_no_database(run: Run, tmp_path: Path, data_dir: Path, command: list[str]) -> None:
    command = [str(tmp_path / "x.yaml") if word == "OUT" else word for word in command]
    for db in (None, tmp_path / "typo.db", tmp_path / "no" / "such" / "dir" / "z.db"):
        extra = [] if db is None else ["--session", str(db)]
        proc = run(*command, *extra, input="", check=False)
        shown = data_dir / "sessions.db" if db is None else db
        assert proc.returncode == 1 and proc.stdout == ""
        assert proc.stderr.splitlines() == [f"error: no session database at {shown}"]
    assert not list(data_dir.iterdir()) and sorted(p.name for p in tmp_path.iterdir()) == ["data"]


@pytest.mark.parametrize(("caller", "dealer"), [("N", "E"), ("S", "W"), ("E", "S"), ("W", "N")])
def test_pagat_caller_fixes_the_dealer(run: Run, report: Report, caller: str, dealer: str) -> None:
    # R40: the caller is the dealer's right-hand neighbour, so the dealer is the player
    # before the caller (S -> E -> N -> W): every seed gives the same dealer.
    for seed in ("1", "2", "3"):
        out = run("start", "--profile", "pagat", "--caller", caller, "--seed", seed, input="").stdout
        assert f"first dealer {dealer}, {caller} calls (R40)" in out
        assert report()["next"] == {"dealer": dealer, "caller": caller}
    same = run("start", "--profile", "pagat", "--caller", caller, "--dealer", dealer, input="")
    assert f"first dealer {dealer}, {caller} calls (R40)" in same.stdout


def test_pagat_dealer_and_caller_disagree(run: Run) -> None:
    proc = run("start", "--profile", "pagat", "--dealer", "S", "--caller", "N", check=False)
    assert proc.returncode == 1 and proc.stderr.splitlines() == [
        "error: --dealer S and --caller N disagree: the first caller is the dealer's right-hand "
        "neighbour, so dealer S means caller E (R40); give one of them"
    ]
    proc = run("start", "--profile", "pagat", "--dealer", "random", "--caller", "N", check=False)
    assert proc.returncode == 1 and proc.stderr.splitlines() == [
        "error: --dealer random draws the first dealer, but --caller N fixes him (R40): give one of them"
    ]


def test_players_rename_and_swap(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    s, _ = LiveSession.start(
        store,
        profile="pagat",
        players={"S": "Azamat", "N": "Bakyt"},
        dealer="S",
        caller=None,
        seed=1,
        duration=None,
        target=None,
    )
    s.enter("trump H")
    out = s.enter("players E=Timur")  # a new name mid-deal is fine
    assert out is not None and out.echo == "> players: S Azamat, E Timur, N Bakyt"
    for line in PAGAT_SCRIPT[1:8]:
        s.enter(line)
    out = s.enter("players S=Bakyt N=Azamat")  # S and N swap seats between deals
    assert out is not None and out.echo == "> players: S Bakyt, E Timur, N Azamat"
    again = LiveSession.resume(store, s.header.id)
    assert again.players == {"S": "Bakyt", "E": "Timur", "N": "Azamat"}


def test_declarations_offered_and_replaced(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    s, _ = LiveSession.start(
        store, profile="kort", players={}, dealer=None, caller="S", seed=1, duration=None, target=None
    )
    s.enter("trump S")
    # R25: trop7 only on the deal's first lead, by the caller
    assert s.declaration_options() == [":tsar", ":trop", ":trop7"]
    assert "(trump lead: :tsar, :trop, :trop7)" in s.prompt()
    s.enter("AH 2H 3H 4H")  # S wins and leads again: no longer the first lead
    assert s.declaration_options() == [":tsar", ":trop"]
    s.enter("2S")
    assert s.declaration_options() == []  # not a lead
    s.undo()
    out = s.enter("AS:trop7 2S 3S 4S")  # R53: trop7 on a later lead is taken as trop
    assert out is not None
    assert "  S leads a trump: trop" in out.lines
    assert "  trop7 is not allowed here: taken as trop (R53)" in out.lines
    assert s.declaration_options() == []  # R22: the trop continues: a trump is owed
    assert s.game.report()["deals"][0]["flags"]  # R58: a replaced declaration is flagged


def test_export_with_open_bavyan_question(run: Run, report: Report, tmp_path: Path) -> None:
    run(
        "start",
        "--profile",
        "kort",
        "--caller",
        "S",
        input="\n".join([*KORT_SCRIPT[:9], "trump C", *KORT_SCRIPT[10:17]]) + "\n",
    )
    live = report()
    assert live["deals"][1]["bavyan"] == "pending" and live["deals"][1]["result"] == "in-progress"
    out = tmp_path / "open.yaml"
    run("export", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert "bavyan: pending" in text and "ended" not in text
    replayed = json.loads(run("replay", str(out), "--json").stdout)
    assert replayed["deals"] == live["deals"] and replayed["totals"] == live["totals"]
