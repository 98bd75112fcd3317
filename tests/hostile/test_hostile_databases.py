"""Session files that are not ours or not whole (issue 12, item 3): two damaged and one
foreign database beside good ones, a newer schema, a bad row; and ``referee backup``
taken while a live session is being played."""

from __future__ import annotations

import os
import select
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from referee.session.store import SCHEMA_VERSION
from tests.helpers.hostile import REFEREE, assert_bounded, env, one_error, run

DEAL = [
    "trump H",
    "AH 2H 3H 4H",
    "AS 2S 3S 4S",
    "AD 2D 3D 4D",
    "AC 2C 3C 4C",
    "KH 5H 6H 7H",
    "KS 5S 6S 7S",
    "KD 5D 6D 7D",
]


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _good(folder: Path, name: str, players: str) -> Path:
    """A session file holding one pagat session of one deal (EW court)."""
    db = folder / name
    r = run(
        ["start", "--profile", "pagat", "--dealer", "S", "--players", players, "--session", str(db)],
        folder,
        "\n".join(DEAL) + "\n",
    )
    assert r.returncode == 0, r.stderr
    return db


def _damage_pages(good: Path, target: Path) -> Path:
    """A copy of ``good`` with its second page (a table's b-tree) overwritten."""
    with sqlite3.connect(good) as db:  # fold the -wal file into the database first
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(good.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    data[page : page * 2] = bytes((i * 37 + 11) % 251 for i in range(page))
    target.write_bytes(bytes(data))
    return target


def test_sessions_lists_good_files_and_names_bad_ones(tmp_path: Path) -> None:
    a = _good(tmp_path, "club-a.db", "S=Azamat")
    b = _good(tmp_path, "club-b.db", "S=Timur")
    torn = _damage_pages(a, tmp_path / "torn.db")
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"SQLite format 3\x00" + os.urandom(3000))  # a header, then noise
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes (text) VALUES ('milk')")
    files = [a, torn, foreign, b, garbage]
    r = run(["sessions", *(arg for f in files for arg in ("--session", str(f)))], tmp_path)
    assert_bounded(r)
    assert r.returncode == 1
    lines = r.err_lines
    assert len(lines) == 3, lines
    assert lines[0].startswith(f"error: {torn}: ") and "damaged" in lines[0]
    assert lines[1].startswith(f"error: {foreign}: ") and "another program" in lines[1]
    assert str(garbage) in lines[2] and ("damaged" in lines[2] or "not an SQLite" in lines[2])
    out = r.stdout
    assert f"{a}:" in out and f"{b}:" in out and "S Azamat" in out and "S Timur" in out
    assert out.count("pagat") == 2 and str(torn) not in out
    # start refuses the foreign file and leaves it as it was: no tables, no WAL
    before = foreign.read_bytes()
    one_error(
        run(["start", "--profile", "pagat", "--session", str(foreign)], tmp_path, ""),
        1,
        str(foreign),
        "another program",
    )
    assert foreign.read_bytes() == before and not Path(f"{foreign}-wal").exists()
    with sqlite3.connect(foreign) as db:
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["notes"]
    # and the damaged ones: nothing written into them
    for bad in (torn, garbage):
        before = bad.read_bytes()
        r = run(["start", "--profile", "pagat", "--session", str(bad)], tmp_path, "")
        one_error(r, 1, str(bad))
        assert bad.read_bytes() == before


def test_newer_schema_refused(tmp_path: Path) -> None:
    db = _good(tmp_path, "new.db", "S=Azamat")
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    for args in (["sessions"], ["report"], ["resume"], ["start", "--profile", "pagat"]):
        one_error(
            run([*args, "--session", str(db)], tmp_path, ""),
            1,
            str(db),
            "newer referee",
            f"schema {SCHEMA_VERSION + 1}",
        )


def test_one_bad_session_does_not_hide_the_others(tmp_path: Path) -> None:
    db = _good(tmp_path, "s.db", "S=Azamat")
    for _ in range(4):
        r = run(
            ["start", "--profile", "pagat", "--dealer", "S", "--session", str(db)],
            tmp_path,
            "\n".join(DEAL) + "\n",
        )
        assert r.returncode == 0
    with sqlite3.connect(db) as conn:  # three bad rows, as no referee writes them
        conn.execute(
            "INSERT INTO entries (session_id, seq, text, kind, events) "
            "VALUES (2, 999, 'x', 'events', '[{\"kind\": \"nonsense\"}]')"
        )
        conn.execute("UPDATE sessions SET first_caller='X' WHERE id=4")
        conn.execute("UPDATE sessions SET players=x'00ff' WHERE id=5")
    r = run(["sessions", "--session", str(db)], tmp_path)
    assert_bounded(r)
    assert r.returncode == 1
    assert [line.split(":")[0] for line in r.err_lines] == ["error"] * 3
    assert ["session 2" in r.err_lines[0], "session 4" in r.err_lines[1], "session 5" in r.err_lines[2]] == [
        True
    ] * 3, r.err_lines
    ids = [line.split()[0] for line in r.stdout.splitlines()[1:]]
    assert ids == ["1", "3"]
    one_error(run(["report", "2", "--session", str(db)], tmp_path), 1, "session 2")
    r = run(["report", "3", "--session", str(db), "--json"], tmp_path)
    assert r.returncode == 0 and '"EW": 1' in r.stdout


def test_backup_during_a_live_session(tmp_path: Path) -> None:
    """Entries typed one by one into a running ``referee start``; after the fifth is
    acknowledged (and with the session still open, its last entries only in the
    ``-wal`` file), ``referee backup`` writes one file holding all five, which
    ``report``/``export``/``replay`` read on another machine (a folder of its own)."""
    data = tmp_path / "data"
    data.mkdir()
    proc = subprocess.Popen(
        [*REFEREE, "start", "--profile", "pagat", "--dealer", "S"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(data),
    )
    assert proc.stdin is not None and proc.stdout is not None
    buf = b""
    try:
        for i, line in enumerate(DEAL[:5], 1):
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            deadline = time.monotonic() + 30
            while sum(1 for x in buf.split(b"\n") if x.startswith(b"> ")) < i:
                assert time.monotonic() < deadline, buf
                if select.select([proc.stdout], [], [], 1)[0]:
                    chunk = os.read(proc.stdout.fileno(), 65536)
                    assert chunk, buf
                    buf += chunk
        assert Path(f"{data / 'sessions.db'}-wal").stat().st_size > 0  # not all in sessions.db
        target = tmp_path / "backup.db"
        r = run(["backup", "-o", str(target)], data)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert "(1 session)" in r.stdout
        assert proc.poll() is None  # the session is still being played
    finally:
        proc.kill()
        proc.wait()
        proc.stdin.close()
        proc.stdout.close()
        assert proc.stderr is not None
        proc.stderr.close()
    away = tmp_path / "elsewhere"
    away.mkdir()
    shutil.copy(target, away / "copy.db")  # the backup alone, no -wal beside it
    copy = away / "copy.db"
    rep = run(["report", "--session", str(copy), "--json"], away)
    assert rep.returncode == 0, rep.stderr
    assert '"trump": "H"' in rep.stdout and rep.stdout.count('"trick_winners"') == 1
    assert rep.stdout.count('"E"') >= 4  # E won the four tricks typed
    out = away / "game.yaml"
    exp = run(["export", "--session", str(copy), "-o", str(out)], away)
    assert exp.returncode == 0, exp.stderr
    tricks = yaml.safe_load(out.read_text())["deals"][0]["tricks"]
    assert [str(t).split("#")[0].split() for t in tricks] == [x.split() for x in DEAL[1:5]]
    rp = run(["replay", str(out), "--json"], away)
    assert rp.returncode == 0, rp.stderr
    # refused: over the live database itself, over a FIFO, to stdout
    one_error(run(["backup", "-o", str(data / "sessions.db")], data), 1, "session database itself")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    one_error(run(["backup", "-o", str(fifo)], data), 1, "not a regular file")
    one_error(run(["backup", "-o", "-"], data), 1, "not text")
