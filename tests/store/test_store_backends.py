"""One store, two backends (issue 16): ``--store sqlite:///FILE`` and ``--store
postgresql://...`` keep the same sessions, log, players and one-referee rule."""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from pytest import MonkeyPatch

from referee.core.events import Play
from referee.session.store import SessionError, Store, store_target
from tests.helpers.live import PAGAT_DEALS, PAGAT_SCRIPT, PAGAT_START, REFEREE, Run, referee_env

FIXTURE_V0 = Path(__file__).parents[1] / "live" / "fixtures" / "sessions-v0.db"


def _sides(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def _check_pagat(rep: dict[str, Any]) -> None:
    """The report of PAGAT_SCRIPT, from the rules (see live_helpers.PAGAT_DEALS)."""
    assert len(rep["deals"]) == len(PAGAT_DEALS)
    for d, (dealer, caller, trump, winners, tricks, result, winner, courts) in zip(
        rep["deals"], PAGAT_DEALS, strict=True
    ):
        assert (d["dealer"], d["caller"], d["trump"]) == (dealer, caller, trump)
        assert d["trick_winners"] == winners
        assert d["tricks"] == _sides(tricks)
        assert (d["result"], d["winner"]) == (result, winner)
        assert d["courts"] == _sides(courts)
    assert rep["totals"]["courts"] == _sides((0, 2))
    assert rep["next"] == {"dealer": "N", "caller": "W"}


# ------------------------------------------------------------------ URLs
def test_store_target_reads_urls_files_and_the_environment(monkeypatch: MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("REFEREE_STORE", raising=False)
    assert store_target(None, None) is None
    assert store_target(f"sqlite:///{tmp_path}/a.db", None) == tmp_path / "a.db"
    assert store_target("sqlite:///rel.db", None) == Path("rel.db")
    assert store_target(None, tmp_path / "b.db") == tmp_path / "b.db"
    # --store wins over --session; REFEREE_STORE only when neither is given
    assert store_target("postgresql://u@h/db", tmp_path / "b.db") == "postgresql://u@h/db"
    monkeypatch.setenv("REFEREE_STORE", "postgresql://u@h/club")
    assert store_target(None, None) == "postgresql://u@h/club"
    assert store_target(None, tmp_path / "b.db") == tmp_path / "b.db"
    with pytest.raises(SessionError, match="mysql://x/y"):
        store_target("mysql://x/y", None)


def test_a_bad_url_is_one_line_naming_it(run: Run) -> None:
    proc = run("sessions", "--store", "mysql://club/db", check=False)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "error: not a store URL: mysql://club/db (use sqlite:///FILE or postgresql://USER@HOST/DATABASE)"
    ]


def test_an_unreachable_server_is_one_line_with_the_password_hidden(run: Run) -> None:
    proc = run("sessions", "--store", "postgresql://ref:secret@127.0.0.1:1/club", check=False)
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: cannot open the store postgresql://ref:***@127.0.0.1:1/club: "
    )
    assert "secret" not in proc.stderr and "Traceback" not in proc.stderr


# ------------------------------------------------------------- sessions
def test_a_session_typed_into_either_store_reports_by_the_rules(run: Run, store_url: str) -> None:
    """The whole PAGAT_SCRIPT through ``--store``; report, sessions, log and players
    read it back from the same store."""
    out = run(
        "start", *PAGAT_START, "--store", store_url, "--table", "3", input="\n".join(PAGAT_SCRIPT) + "\n"
    ).stdout
    assert "session 1 " in out
    _check_pagat(json.loads(run("report", "--json", "--store", store_url).stdout))
    log = json.loads(run("log", "1", "--json", "--store", store_url).stdout)
    assert [e["text"] for e in log["entries"]] == PAGAT_SCRIPT
    assert {e["origin"]["kind"] for e in log["entries"]} == {"script"}
    players = run("players", "--store", store_url).stdout
    for name in ("Azamat", "Timur", "Bakyt", "Erlan"):
        assert name in players
    table3 = run("sessions", "--table", "3", "--store", store_url).stdout
    assert "Azamat" in table3 and "ended" in table3


def test_referee_store_names_the_store_for_every_command(run: Run, store_url: str) -> None:
    env = {"REFEREE_STORE": store_url}
    run("start", *PAGAT_START, input="\n".join(PAGAT_SCRIPT[:8]) + "\n", env=env)
    rep = json.loads(run("report", "--json", env=env).stdout)
    assert [d["trick_winners"] for d in rep["deals"]] == [list("EEEEEEE")]
    # the default file was never made: the session is in the store the variable names
    assert "no session database at" in run("sessions", check=False).stderr


def test_the_log_is_append_only_in_both_backends(store_url: str) -> None:
    target = store_target(store_url, None)
    assert target is not None
    from referee.live.controller import LiveSession

    with Store(target) as store:
        s, _ = LiveSession.start(
            store, profile="pagat", players={}, dealer="S", caller=None, seed=None, duration=None, target=None
        )
        s.enter("trump H")
        s.enter("AH 2H 3H 4H")
        s.enter("undo")
        assert [e.kind for e in store.log(s.header.id)] == ["events", "events", "undo"]
        with pytest.raises(Exception, match="append-only"):
            store._db.execute("UPDATE entries SET text='x'")
        with pytest.raises(Exception, match="append-only"):
            store._db.execute("DELETE FROM entries")
    with Store(target) as store:
        # undo takes back the last card (R65): trump and three cards stay effective
        plays = [str(e.card) for e in store.events(1)[1:] if isinstance(e, Play)]
        assert len(store.log(1)) == 3 and plays == ["AH", "2H", "3H"]
        assert len(store.events(1)) == 4


# ------------------------------------------------------------------ lock
def _start_waiting(store_url: str, data: Path) -> subprocess.Popen[str]:
    """A referee on session 1 that has typed one line and waits for more."""
    proc = subprocess.Popen(
        [*REFEREE, "resume", "1", "--store", store_url],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=referee_env(data),
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("AS 2S 3S 4S\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1)
        if ready and proc.stdout.readline().startswith("> "):
            return proc
    proc.kill()
    raise AssertionError("the first referee never showed its entry")


def test_a_second_referee_on_the_session_refuses_and_the_first_goes_on(
    run: Run, store_url: str, tmp_path: Path
) -> None:
    run("start", *PAGAT_START, "--store", store_url, input="trump H\nAH 2H 3H 4H\n")
    first = _start_waiting(store_url, tmp_path)
    try:
        second = run("resume", "1", "--store", store_url, input="AD 2D 3D 4D\n", check=False)
        assert second.returncode == 1
        assert "session 1 is open in another referee, pid " in second.stderr
        option = "--store" if store_url.startswith("postgresql") else "--session"
        assert "--take-over" in second.stderr and option in second.stderr
        # a reader needs no lock
        assert run("report", "1", "--store", store_url).returncode == 0
    finally:
        assert first.stdin is not None
        first.stdin.close()
        first.wait(timeout=60)
    assert first.returncode == 0
    texts = [e["text"] for e in json.loads(run("log", "--json", "--store", store_url).stdout)["entries"]]
    assert texts == ["trump H", "AH 2H 3H 4H", "AS 2S 3S 4S"]  # the refused one wrote nothing


def test_a_killed_referee_frees_the_session_at_once(run: Run, store_url: str, tmp_path: Path) -> None:
    """SIGKILL: no clean release; the server (PostgreSQL) or the kernel (SQLite)
    drops the lock with the process, so resume goes on without --take-over."""
    run("start", *PAGAT_START, "--store", store_url, input="trump H\nAH 2H 3H 4H\n")
    first = _start_waiting(store_url, tmp_path)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    deadline = time.monotonic() + 30
    while True:  # the server notices the closed connection within moments
        proc = run("resume", "1", "--store", store_url, input="AD 2D 3D 4D\n", check=False)
        if proc.returncode == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(run("report", "--json", "--store", store_url).stdout)
    assert rep["deals"][0]["trick_winners"] == ["E", "E", "E"]


def test_take_over_stops_the_old_referee(run: Run, store_url: str, tmp_path: Path) -> None:
    run("start", *PAGAT_START, "--store", store_url, input="trump H\nAH 2H 3H 4H\n")
    first = _start_waiting(store_url, tmp_path)
    try:
        run("resume", "1", "--store", store_url, "--take-over", input="AD 2D 3D 4D\n")
        assert first.stdin is not None
        first.stdin.write("AC 2C 3C 4C\n")
        first.stdin.close()
        first.wait(timeout=60)
        assert first.returncode == 1
        assert "taken over" in (first.stderr.read() if first.stderr else "")
    finally:
        if first.poll() is None:
            first.kill()
    texts = [e["text"] for e in json.loads(run("log", "--json", "--store", store_url).stdout)["entries"]]
    assert texts == ["trump H", "AH 2H 3H 4H", "AS 2S 3S 4S", "AD 2D 3D 4D"]


# ------------------------------------------------------- copy, migration
def test_store_copy_moves_a_laptop_file_once(run: Run, pg_url: str, tmp_path: Path) -> None:
    laptop = tmp_path / "laptop.db"
    run("start", *PAGAT_START, "--session", str(laptop), "--table", "2", input="\n".join(PAGAT_SCRIPT) + "\n")
    run(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--session",
        str(laptop),
        input="trump H\nAH 2H 3H 4H\n",
    )
    first = run("store", "copy", str(laptop), pg_url).stdout
    assert f"{laptop}: 2 imported, 0 with new deals, 0 already here" in first
    again = run("store", "copy", str(laptop), pg_url).stdout
    assert f"{laptop}: 0 imported, 0 with new deals, 2 already here" in again
    assert "2 sessions" in again
    _check_pagat(json.loads(run("report", "1", "--json", "--store", pg_url).stdout))
    assert "Azamat" in run("sessions", "--table", "2", "--store", pg_url).stdout
    # the laptop's session went on after the copy: a new copy brings only the new deals
    run("resume", "2", "--session", str(laptop), input="AS 2S 3S 4S\n")
    third = run("store", "copy", str(laptop), pg_url).stdout
    assert f"{laptop}: 0 imported, 1 with new deals, 1 already here" in third
    rep = json.loads(run("report", "2", "--json", "--store", pg_url).stdout)
    assert rep["deals"][0]["trick_winners"] == ["E", "E"]


def test_a_schema_0_file_still_opens_and_copies_into_postgresql(
    run: Run, pg_url: str, tmp_path: Path
) -> None:
    """Today's files (schema 1) and those from before the log (schema 0) open; the
    schema-0 fixture's session arrives in the club database with its events."""
    old = tmp_path / "old.db"
    shutil.copy(FIXTURE_V0, old)
    here = json.loads(run("report", "--json", "--session", str(old)).stdout)
    assert here["deals"]
    run("store", "copy", str(old), pg_url)
    there = json.loads(run("report", "--json", "--store", pg_url).stdout)
    assert there == here


def test_postgresql_schema_is_versioned_and_a_newer_one_refused(pg_url: str) -> None:
    import psycopg

    from referee.session import pg

    with Store(pg_url) as store:
        assert store.sessions() == []
    with psycopg.connect(pg_url, autocommit=True) as db:
        assert db.execute("SELECT version FROM referee_schema").fetchall() == [(pg.SCHEMA_VERSION,)]
        tables = {r[0] for r in db.execute("SELECT tablename FROM pg_tables WHERE schemaname='public'")}
        assert {
            "sessions",
            "entries",
            "session_locks",
            "club_players",
            "club_session_players",
            "club_session_tables",
            "club_imports",
        } <= tables
        db.execute("UPDATE referee_schema SET version = %s", (pg.SCHEMA_VERSION + 1,))
    # refused as a newer SQLite file is (issue 12), and left as it was
    with pytest.raises(
        SessionError,
        match=rf"written by a newer referee \(schema "
        rf"{pg.SCHEMA_VERSION + 1}; this one reads up to "
        rf"{pg.SCHEMA_VERSION}\): update court-referee",
    ):
        Store(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as db:
        assert db.execute("SELECT version FROM referee_schema").fetchall() == [(pg.SCHEMA_VERSION + 1,)]


@pytest.mark.slow
def test_sqlite_needs_no_psycopg() -> None:
    """``referee --help`` and a SQLite store import neither psycopg nor the pg module."""
    code = (
        "import sys; from referee.cli.main import main\n"
        "try:\n    main(['sessions'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if 'psycopg' in m or m == 'referee.session.pg' "
        "or m.startswith('sqlalchemy')))"
    )
    env = dict(os.environ)
    env.pop("REFEREE_STORE", None)
    out = subprocess.run([REFEREE[0], "-c", code], capture_output=True, text=True, env=env, timeout=60).stdout
    assert out.strip().splitlines()[-1] == "[]"


# ------------------------------------------- issue 12's failures, PostgreSQL too
def test_backup_of_a_postgresql_store_is_refused_in_one_line(run: Run, pg_url: str, tmp_path: Path) -> None:
    """``referee backup`` copies a session file; a server's database is pg_dump's job:
    one line, no file written, the password never shown."""
    out = tmp_path / "copy.db"
    proc = run("backup", "-o", str(out), "--store", pg_url, check=False)
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "pg_dump" in lines[0]
    assert "Traceback" not in proc.stderr and not out.exists()


def test_a_lost_server_connection_is_one_store_error_line(pg_url: str) -> None:
    """After opening, a server error (here: the server ends the connection) is one
    StoreError line naming the store, like a failing SQLite file (issue 12)."""
    import psycopg

    from referee.session.store import StoreError

    with Store(pg_url) as store:
        assert store.latest() is None
        pid = store._pg._conn.info.backend_pid
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(StoreError) as err:
            store.latest()
    text = str(err.value)
    assert "\n" not in text and text.startswith("cannot read the store postgresql://")


def test_readonly_commands_read_a_postgresql_store(run: Run, pg_url: str) -> None:
    """``sessions``, ``report`` and ``export`` open read-only (issue 12); on PostgreSQL
    that writes nothing and reads the same sessions, also beside ``--session`` files."""
    run("start", *PAGAT_START, "--store", pg_url, input="\n".join(PAGAT_SCRIPT) + "\n")
    _check_pagat(json.loads(run("report", "--json", "--store", pg_url).stdout))
    listing = run("sessions", "--store", pg_url).stdout
    assert "Azamat" in listing and "ended" in listing
    with Store(pg_url, readonly=True) as store:
        from referee.session.store import StoreError

        with pytest.raises(StoreError, match="read-only"):
            store.set_settings(1, language="ru")
