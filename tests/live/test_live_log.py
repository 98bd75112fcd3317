"""The append-only log and the corrections (issue 11), through the real ``referee``
command: ``referee log``, ``undo N``, ``fix TRICK SEAT CARD``, seat-tagged cards, one
referee per session, the session's language, the migration of a schema-0 database."""

from __future__ import annotations

import json
import os
import select
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from referee.session.store import SCHEMA_VERSION
from tests.helpers.live import PAGAT_SCRIPT, PAGAT_START, REFEREE, Report, Run, crash_script, referee_env

FIXTURE = Path(__file__).parent / "fixtures" / "sessions-v0.db"


def _log(run: Run, *args: str) -> dict[str, Any]:
    log: dict[str, Any] = json.loads(run("log", *args, "--json").stdout)
    return log


def _tricks(data_dir: Path, sid: int = 1, deal: int = 1, db: Path | None = None) -> list[list[str]]:
    """The cards of each trick of ``deal`` as stored (the effective entries)."""
    from referee.live.controller import LiveSession
    from referee.session.store import Store

    with Store(db or data_dir / "sessions.db") as store:
        g = LiveSession.resume(store, sid).game
    d = g.deals[deal - 1] if len(g.deals) >= deal else None
    return [[str(c) for c in t.cards] for t in d.tricks] if d is not None else []


def _texts(log: dict[str, Any]) -> list[str]:
    return [e["text"] for e in log["entries"]]


# ---------------------------------------------------------------- the log itself
def test_log_holds_every_entry_typed_in_order_with_time_and_origin(run: Run, report: Report) -> None:
    """After a scripted session with undos and a fix, ``referee log --json`` holds each
    line typed, in order, with its UTC ms time and origin ``script``; the report is that
    of the same session typed without the mistakes."""
    script = crash_script()
    before = time.time_ns() // 1_000_000
    run("start", *PAGAT_START, input="\n".join(script) + "\n")
    after = time.time_ns() // 1_000_000
    log = _log(run)
    assert log["schema"] == SCHEMA_VERSION == 1
    assert _texts(log) == script  # every line typed, in order (players set at start: none)
    times = [e["time_ms"] for e in log["entries"]]
    assert times == sorted(times) and before <= times[0] and times[-1] <= after
    assert all(e["time"].endswith("Z") and len(e["time"]) == 24 for e in log["entries"])
    assert {e["origin"]["kind"] for e in log["entries"]} == {"script"}
    kinds = [e["kind"] for e in log["entries"]]
    assert kinds.count("undo") == 3 and kinds.count("fix") == 1
    fix = next(e for e in log["entries"] if e["kind"] == "fix")
    assert fix["fix"] | {} == {
        "deal": 3,
        "trick": 2,
        "seat": "E",
        "card": "4D",
        "decl": None,
        "was": "9C",
        "entry": fix["fix"]["entry"],
        "index": 3,
    }
    fixed = next(e for e in log["entries"] if e["seq"] == fix["fix"]["entry"])
    assert fixed["text"] == "2D 3D AD 9C" and fixed["events"][3]["fixed_by"] == [fix["seq"]]
    undo2 = next(e for e in log["entries"] if e["text"] == "undo 2")
    typo = next(e for e in log["entries"] if e["text"] == "5C 6C")
    assert undo2["retracts"] == [{"entry": typo["seq"], "index": 1}, {"entry": typo["seq"], "index": 0}]
    assert [x["undone_by"] for x in typo["events"]] == [undo2["seq"], undo2["seq"]]
    assert typo["effective"] is False
    mistaken = report()
    run("start", *PAGAT_START, input="\n".join(PAGAT_SCRIPT) + "\n")
    assert report("2") == mistaken
    # the text form names what was undone and fixed, and by which entry
    text = run("log", "1").stdout
    assert f"#{typo['seq']} 5C, #{typo['seq']} 6C" not in text  # newest first
    assert f"takes back #{typo['seq']} 6C, #{typo['seq']} 5C" in text
    assert f"in #{fixed['seq']}: E 9C -> 4D" in text
    assert f"9C: fixed by #{fix['seq']}" in text


def test_the_log_is_append_only(run: Run, data_dir: Path) -> None:
    run("start", "--profile", "pagat", "--dealer", "S", input="trump H\nAH\nundo\n")
    db = sqlite3.connect(data_dir / "sessions.db")
    for sql in ("DELETE FROM entries", "UPDATE entries SET text='x'"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute(sql)
    assert db.execute("SELECT text, kind FROM entries ORDER BY seq").fetchall() == [
        ("trump H", "events"),
        ("AH", "events"),
        ("undo", "undo"),
    ]
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    db.close()


# ---------------------------------------------------------------- corrections
# Pagat, first dealer S: E calls and leads. Deal 1, trumps S (spades):
#   trick 1: E 2H  N 3H  W AH  S 4H  -> W (ace of the led suit, R4)
#   trick 2: W 2D  S 3D  E 4D  N 5D  -> N
#   trick 3: N 2C  W 3C  S 4C  E KC  -> E
#   trick 4: E 6D  N 7D  W 8D  S 9D  -> S
FOUR = ["trump S", "2H 3H AH 4H", "2D 3D 4D 5D", "2C 3C 4C KC", "6D 7D 8D 9D"]


def test_fix_three_tricks_back_moves_the_winner(run: Run, report: Report) -> None:
    """``fix 1 S 2S`` (S trumped trick 1 with the 2 of spades): S wins trick 1 and leads
    trick 2 (R4), so the cards typed for trick 2 are S 2D  E 3D  N 4D  W 5D -> W,
    trick 3 W 2C  S 3C  E 4C  N KC -> N, and trick 4 N 6D  W 7D  S 8D  E 9D -> E:
    every winner moves, and the screen says so."""
    proc = run("start", "--profile", "pagat", "--dealer", "S", input="\n".join([*FOUR, "fix 1 S 2S"]) + "\n")
    out = proc.stdout
    assert "> fixed: deal 1 trick 1: S played 2S, not 4H" in out
    for line in (
        "trick 1 now to S (was W)",
        "trick 2 now to W (was N)",
        "trick 3 now to N (was E)",
        "trick 4 now to E (was S)",
    ):
        assert f"  {line}\n" in out
    assert proc.stderr == ""
    winners = report()["deals"][0]["trick_winners"]
    assert winners == ["S", "W", "N", "E"]
    # the same deal typed right from the start gives the same report
    run(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        input="trump S\n2H 3H AH 2S\n2D 3D 4D 5D\n2C 3C 4C KC\n6D 7D 8D 9D\n",
    )
    assert report("2") == report("1")


def test_fix_that_makes_a_later_card_a_duplicate_is_refused_naming_it(run: Run, report: Report) -> None:
    before_lines = [*FOUR]
    proc = run(
        "start", "--profile", "pagat", "--dealer", "S", input="\n".join([*before_lines, "fix 1 W 7D"]) + "\n"
    )
    err = proc.stderr.splitlines()
    # entry #5 is `6D 7D 8D 9D` (#1 trump S, #2..#5 the tricks): its 7D is now twice
    assert err[0].startswith(
        "error: line 6: fix refused: entry #5 `6D 7D 8D 9D` no longer fits: "
        "7D was already played in deal 1 (trick 1)"
    ), err
    assert report()["deals"][0]["trick_winners"] == ["W", "N", "E", "S"]  # unchanged
    assert [e["kind"] for e in _log(run)["entries"]] == ["events"] * 5  # nothing stored


def test_fix_that_ends_the_deal_earlier_is_refused_naming_the_entry(run: Run, report: Report) -> None:
    """``fix 2 S 5S``: S trumps trick 2 (void in diamonds, R6) and wins it, leads trick 3
    (S 2C E 3C N 4C W KC -> W); in trick 4 W 6D, S 7D: S's diamond proves the revoke and
    the deal ends there (R43, R50), so the rest of entry #5 no longer fits."""
    proc = run("start", "--profile", "pagat", "--dealer", "S", input="\n".join([*FOUR, "fix 2 S 5S"]) + "\n")
    assert (
        "error: line 6: fix refused: entry #5 `6D 7D 8D 9D` no longer fits: deal 1 is over (revoke)"
    ) in proc.stderr
    assert report()["deals"][0]["trick_winners"] == ["W", "N", "E", "S"]
    # a new card the rules refuse is refused as itself: 2H is E's card of trick 1
    proc = run("resume", input="fix 2 N 2H\n")
    assert proc.stderr.startswith("error: line 1: 2H was already played in deal 1 (trick 1)")


def test_undo_three(run: Run, report: Report, data_dir: Path) -> None:
    proc = run(
        "start", "--profile", "pagat", "--dealer", "S", input="trump S\n2H 3H AH 4H\n2D 3D 4D\nundo 3\n"
    )
    assert (
        "> undone (3): E 4D (deal 1, trick 2); S 3D (deal 1, trick 2); W 2D (deal 1, trick 2)" in proc.stdout
    )
    rep = report()
    assert _tricks(data_dir) == [["2H", "3H", "AH", "4H"]]
    log = _log(run)
    assert log["entries"][-1]["kind"] == "undo" and len(log["entries"][-1]["retracts"]) == 3
    # too many is refused, and nothing is taken back
    more = run("resume", input="undo 9\n")
    assert "only 5 entries to undo, not 9" in more.stderr
    assert report() == rep


def test_undo_takes_back_a_fix_whole(run: Run, report: Report) -> None:
    run("start", "--profile", "pagat", "--dealer", "S", input="\n".join([*FOUR, "fix 1 S 2S", "undo"]) + "\n")
    assert report()["deals"][0]["trick_winners"] == ["W", "N", "E", "S"]
    log = _log(run)
    fix = log["entries"][-2]
    assert fix["kind"] == "fix" and fix["effective"] is False
    assert fix["undone_by"] == log["entries"][-1]["seq"]


# ---------------------------------------------------------------- seat-tagged entry
def test_seat_tagged_card_for_the_wrong_seat_is_refused(run: Run, data_dir: Path) -> None:
    proc = run("start", "--profile", "pagat", "--dealer", "S", input="trump S\nE 2H\nW 3D\nn3h\nw AH S 4H\n")
    err = proc.stderr.splitlines()
    assert err[0] == "error: line 3: W 3D: it is N's turn to play, not W's (deal 1, trick 1)"
    assert len(err) == 2  # and the count
    assert _tricks(data_dir) == [["2H", "3H", "AH", "4H"]]
    log = _log(run)
    assert [e["events"][0]["seat"] for e in log["entries"][1:]] == ["E", "N", "W"]
    assert [x["seat"] for x in log["entries"][-1]["events"]] == ["W", "S"]
    # W won trick 1 and leads trick 2
    proc = run("resume", input="E 3D\n")
    assert "error: line 1: E 3D: it is W's turn to play, not E's (deal 1, trick 2)" in proc.stderr


def test_w3d_when_e_is_to_play_is_refused(run: Run, data_dir: Path) -> None:
    proc = run("start", "--profile", "pagat", "--dealer", "S", input="trump S\nW 3D\nw3d\n")
    assert proc.stderr.splitlines()[:2] == [
        "error: line 2: W 3D: it is E's turn to play, not W's (deal 1, trick 1)",
        "error: line 3: W 3D: it is E's turn to play, not W's (deal 1, trick 1)",
    ]
    assert _tricks(data_dir) == []


def test_bare_answers_and_quit(run: Run, report: Report, data_dir: Path) -> None:
    proc = run("start", "--profile", "kort", "--caller", "S", input="H\nquit\nAH\n")
    assert "> deal 1: S calls trumps H" in proc.stdout
    assert "> quit: session 1 stays open (`referee resume 1` goes on)" in proc.stdout
    assert _tricks(data_dir) == []  # AH after quit was not read
    proc = run("--lang", "ru", "start", "--profile", "kort", "--caller", "S", input="ч\n")
    assert "ч" not in proc.stderr and proc.stderr == ""
    assert report("2")["deals"][0]["trump"] == "H"


# ---------------------------------------------------------------- whole-trick line
def test_whole_trick_line_with_the_proving_card_scripted(run: Run, report: Report, data_dir: Path) -> None:
    """Deal 2 of the README session: S failed to follow diamonds in trick 1; in trick 2
    ``4D 5D 6D 7D`` enters N 4D, W 5D, S 6D (the proof: the deal ends, R43, R50) and
    names 7D as not entered (R65: scripted, the penalty stands at once)."""
    proc = run(
        "start", *PAGAT_START, input="\n".join([*PAGAT_SCRIPT[:9], "2D 2C 3D AD", "4D 5D 6D 7D"]) + "\n"
    )
    assert proc.stderr == ""
    assert "  not entered: 7D (deal 2 ended with 6D)\n" in proc.stdout
    deal = report()["deals"][1]
    assert deal["result"] == "revoke" and _tricks(data_dir, deal=2)[-1] == ["4D", "5D", "6D"]
    log = _log(run)
    assert log["entries"][-1]["text"] == "4D 5D 6D 7D" and len(log["entries"][-1]["events"]) == 3


# ---------------------------------------------------------------- one referee per session
def _open_referee(data_dir: Path, *args: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [*REFEREE, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=referee_env(data_dir),
    )
    assert proc.stdout is not None
    ready = select.select([proc.stdout], [], [], 30)[0]
    assert ready, "the referee did not start"
    return proc


def _say(proc: subprocess.Popen[bytes], line: str) -> str:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line.encode() + b"\n")
    proc.stdin.flush()
    buf = b""
    deadline = time.monotonic() + 20
    while b"\n> " not in b"\n" + buf or not buf.endswith(b"\n"):
        assert time.monotonic() < deadline, buf
        if select.select([proc.stdout], [], [], 1)[0]:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, buf
            buf += chunk
    return buf.decode()


def test_second_referee_on_one_session_refuses_and_the_log_stays_intact(run: Run, data_dir: Path) -> None:
    first = _open_referee(data_dir, "start", "--profile", "pagat", "--dealer", "S")
    try:
        _say(first, "trump H")
        _say(first, "AH 2H")
        second = run("resume", "1", input="3H 4H\n", check=False)
        assert second.returncode == 1
        assert second.stdout == ""
        msg = second.stderr.strip()
        assert msg.startswith(f"error: session 1 is open in another referee, pid {first.pid}, since ")
        assert "--take-over" in msg
        # readers need no lock
        assert run("report", "1").returncode == 0
        assert _texts(_log(run)) == ["trump H", "AH 2H"]
        _say(first, "3H 4H")  # the first referee goes on
    finally:
        first.kill()  # SIGKILL: the lock dies with the process
        first.wait()
        for f in (first.stdin, first.stdout, first.stderr):
            assert f is not None
            f.close()
    assert _texts(_log(run)) == ["trump H", "AH 2H", "3H 4H"]
    again = run("resume", "1", input="AS 2S 3S 4S\n")  # by itself: the holder is dead
    assert again.stderr == "" and "trick 2 to E" in again.stdout
    assert _texts(_log(run)) == ["trump H", "AH 2H", "3H 4H", "AS 2S 3S 4S"]


def test_take_over_a_live_referee(run: Run, data_dir: Path) -> None:
    first = _open_referee(data_dir, "start", "--profile", "pagat", "--dealer", "S")
    try:
        _say(first, "trump H")
        taken = run("resume", "1", "--take-over", input="AH 2H 3H 4H\n")
        assert taken.stderr == "" and "trick 1 to E" in taken.stdout
        assert first.stdin is not None and first.stderr is not None
        first.stdin.write(b"AS\n")
        first.stdin.flush()
        assert first.wait(timeout=20) == 1  # it stops: nothing more is written by it
        err = first.stderr.read().decode()
        assert err.startswith("error: session 1 was taken over by another referee (pid ")
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        for f in (first.stdin, first.stdout, first.stderr):
            assert f is not None
            f.close()
    assert _texts(_log(run)) == ["trump H", "AH 2H 3H 4H"]


# ---------------------------------------------------------------- language and settings
def test_resume_of_a_ru_session_speaks_russian_and_accepts_cyrillic_cards(run: Run, data_dir: Path) -> None:
    run("start", "--profile", "pagat", "--dealer", "S", "--lang", "ru", input="trump п\n")
    env = referee_env(data_dir)
    del env["REFEREE_LANG"]
    env.update(LANG="C.UTF-8", LANGUAGE="", LC_ALL="")
    proc = subprocess.run(
        [*REFEREE, "resume"], input="Тп\n", capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert "> сдача 1, взятка 1: E Т♠" in proc.stdout
    # --lang and REFEREE_LANG still come first
    env["REFEREE_LANG"] = "en"
    proc = subprocess.run(
        [*REFEREE, "resume"], input="2S\n", capture_output=True, text=True, env=env, timeout=60
    )
    assert "> deal 1 trick 1: N 2S" in proc.stdout
    proc = subprocess.run(
        [*REFEREE, "report", "--lang", "tr"], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0 and proc.stdout.startswith("Oturum 1"), proc.stdout


def test_resume_remembers_the_camera_settings(run: Run, data_dir: Path) -> None:
    from referee.session.store import Store

    run(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--camera",
        "7",
        "--seats",
        "S=top,E=left,N=bottom,W=right",
        "--threshold",
        "0.8",
        input="",
        check=False,
    )
    with Store(data_dir / "sessions.db") as store:
        h = store.header(1)
    assert h.settings == {"camera": {"index": 7, "seats": "S=top,E=left,N=bottom,W=right", "threshold": 0.8}}
    assert h.language == "en"


# ---------------------------------------------------------------- migration
def test_schema_0_database_opens_migrates_and_resumes(run: Run, tmp_path: Path, report: Report) -> None:
    """sessions-v0.db was written by the referee before the log (make_v0_db.py): it
    opens, is migrated to the log (each stored event one entry, no time), and its
    open deal goes on: deal 2, trumps S, E won trick 1 and led 3H in trick 2."""
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone() == (0,)
    old_events = con.execute("SELECT event FROM events WHERE session_id=1 ORDER BY seq").fetchall()
    con.close()
    proc = run("resume", "1", "--session", str(db), input="5H 6H 7H\n")
    assert proc.stderr == ""
    assert "deal 2, trick 2, trumps S: E 3H; N to play" in proc.stdout
    assert "> deal 2 trick 2: N 5H, W 6H, S 7H\n  trick 2 to S Azamat (NS 1, EW 1)" in proc.stdout
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert "events" not in {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    con.close()
    log = json.loads(run("log", "1", "--session", str(db), "--json").stdout)
    migrated = log["entries"][: len(old_events)]
    assert [json.dumps(e["events"][0]["event"], separators=(",", ":")) for e in migrated] == [
        r[0] for r in old_events
    ]
    assert all(e["time"] is None and e["origin"] == {"kind": "keyboard"} for e in migrated)
    assert migrated[0]["text"] == "trump H" and migrated[1]["text"] == "AH"
    assert log["entries"][-1]["text"] == "5H 6H 7H" and log["entries"][-1]["time"] is not None
    rep = json.loads(run("report", "1", "--session", str(db), "--json").stdout)
    assert rep["deals"][0]["result"] == "court" and rep["deals"][1]["trick_winners"] == ["E", "S"]
    assert _tricks(tmp_path, sid=2, db=db) == [["AS", "2S", "3S", "4S"]]


def test_someone_elses_database_is_left_untouched(tmp_path: Path) -> None:
    from referee.session.store import SessionError, Store

    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (text TEXT)")
    con.commit()
    con.close()
    with pytest.raises(SessionError, match="not a session database"):
        Store(path)
    con = sqlite3.connect(path)
    assert con.execute("SELECT name FROM sqlite_master").fetchall() == [("notes",)]
    assert con.execute("PRAGMA user_version").fetchone() == (0,)
    con.close()
