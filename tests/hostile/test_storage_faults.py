"""Storage faults after opening (issue 12, item 3): a wrapped connection fails commits,
syncs, writes and locks at chosen entries of a scripted pagat session. Whatever fails:
one ``error: line N:`` line naming the file, no traceback, the session goes on; what
is stored is exactly the entries that were shown (none lost, none shown without being
stored), and ``resume`` finishes the session after the fault clears with the report of
the uninterrupted session."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.live.controller import LiveSession
from referee.live.plain import run_plain
from referee.session.store import Store, StoreError
from tests.helpers.live import crash_script

SCRIPT = crash_script()


def _fault(name: str, code: int, text: str) -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError(text)
    exc.sqlite_errorname = name
    exc.sqlite_errorcode = code
    return exc


class Fault:
    """Which fault, and whether it is on (``armed``) or has cleared."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.armed = False
        self.synced_once = False
        self.failures = 0


class FaultyConnection:
    """A sqlite3 connection that fails while its ``fault`` is armed, in one way:

    - ``full``: every INSERT/DELETE/UPDATE raises SQLITE_FULL before it runs;
    - ``commit``: every COMMIT raises SQLITE_IOERR before it runs;
    - ``sync``: the first COMMIT runs and then raises SQLITE_IOERR_FSYNC (the pages are
      in the file, the sync failed), every later one fails before it runs;
    - ``locked``: every BEGIN raises SQLITE_BUSY (another program holds the file).
    """

    def __init__(self, conn: sqlite3.Connection, fault: Fault) -> None:
        self._conn = conn
        self.fault = fault

    def _check(self, sql: str, run: Any) -> Any:
        word = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
        f = self.fault
        if f.armed:
            if f.mode == "full" and word in ("INSERT", "DELETE", "UPDATE"):
                f.failures += 1
                raise _fault("SQLITE_FULL", 13, "database or disk is full")
            if f.mode == "commit" and word == "COMMIT":
                f.failures += 1
                raise _fault("SQLITE_IOERR", 10, "disk I/O error")
            if f.mode == "sync" and word == "COMMIT":
                f.failures += 1
                if not f.synced_once:
                    f.synced_once = True
                    run()
                    raise _fault("SQLITE_IOERR_FSYNC", 1034, "disk I/O error")
                raise _fault("SQLITE_IOERR", 10, "disk I/O error")
            if f.mode == "locked" and word == "BEGIN":
                f.failures += 1
                raise _fault("SQLITE_BUSY", 5, "database is locked")
        return run()

    def execute(self, sql: str, *args: Any) -> Any:
        return self._check(sql, lambda: self._conn.execute(sql, *args))

    def executemany(self, sql: str, rows: Any) -> Any:
        return self._check(sql, lambda: self._conn.executemany(sql, rows))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def faulty(monkeypatch: pytest.MonkeyPatch, s: LiveSession, mode: str) -> Fault:
    """Put ``s``'s store on a faulty connection, and every connection it opens again."""
    fault = Fault(mode)
    real = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        return FaultyConnection(real(*args, **kwargs), fault)

    monkeypatch.setattr(sqlite3, "connect", connect)
    s.store._conn = FaultyConnection(s.store._db, fault)  # type: ignore[assignment]
    return fault


class ArmAt:
    """The entry lines, arming the connection just before line ``at`` (1-based)."""

    def __init__(self, lines: list[str], fault: Fault, at: int) -> None:
        self.lines, self.fault, self.at = lines, fault, at

    def __iter__(self) -> Any:
        for i, line in enumerate(self.lines, 1):
            if i == self.at:
                self.fault.armed = True
            yield line + "\n"


def _start(path: Path) -> LiveSession:
    store = Store(path)
    s, _ = LiveSession.start(
        store, profile="pagat", players={}, dealer="S", caller=None, seed=0, duration=None, target=None
    )
    return s


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> list[list[Any]]:
    """The events after each entry of the script, and the uninterrupted final report last."""
    s = _start(tmp_path_factory.mktemp("whole") / "s.db")
    out: list[list[Any]] = [[]]
    for line in SCRIPT:
        s.enter(line)
        out.append(list(s.game.events))
    out.append([s.game.report()])
    s.store.close()
    return out


POINTS = [1, 2, 9, len(SCRIPT) // 2, len(SCRIPT) - 1]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["full", "commit", "sync", "locked"])
@pytest.mark.parametrize("at", POINTS)
def test_fault_then_resume(
    tmp_path: Path, mode: str, at: int, snapshots: list[list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "s.db"
    s = _start(db)
    fault = faulty(monkeypatch, s, mode)
    out, err = io.StringIO(), io.StringIO()
    run_plain(s, ArmAt(SCRIPT, fault, at), out, err)  # raises nothing: no traceback
    shown = sum(1 for line in out.getvalue().splitlines() if line.startswith("> "))
    errors = err.getvalue().splitlines()
    # the sync fault stores entry ``at`` (its pages are there) and shows it; the others
    # store and show the entries before it
    stored_entries = at if mode == "sync" else at - 1
    assert shown == stored_entries
    refused = len(SCRIPT) - stored_entries
    assert len(errors) == refused + 1 and errors[-1].endswith("refused")
    first = errors[0]
    assert first.startswith(f"error: line {stored_entries + 1}: {db}: ") and "not stored" in first
    assert fault.failures >= 1
    assert "Traceback" not in err.getvalue()
    assert s.game.events == snapshots[stored_entries]  # the game is what is stored
    s.store.close()
    fault.armed = False
    # the fault clears: resume from the file, type the rest
    with Store(db, create=False) as store:
        assert store.events(1) == snapshots[stored_entries]  # nothing lost, nothing half
        again = LiveSession.resume(store, 1)
        out2, err2 = io.StringIO(), io.StringIO()
        run_plain(again, [line + "\n" for line in SCRIPT[stored_entries:]], out2, err2)
        assert err2.getvalue() == ""
        assert again.game.report() == snapshots[-1][0]


def test_undo_and_players_fail_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = _start(tmp_path / "s.db")
    for line in SCRIPT[:3]:
        s.enter(line)
    events = list(s.game.events)
    conn = faulty(monkeypatch, s, "full")
    conn.armed = True
    with pytest.raises(StoreError, match="the disk is full"):
        s.enter("undo")
    with pytest.raises(StoreError, match="the disk is full"):
        s.enter("players S=Azamat")
    assert s.game.events == events and s.players == {}
    assert s.store.events(s.header.id) == events
    conn.armed = False  # the fault clears: the same entries work
    s.enter("undo")
    s.enter("players S=Azamat")
    assert s.store.events(s.header.id) == s.game.events == events[:-1]
    assert s.store.header(s.header.id).players == {"S": "Azamat"}


def test_faults_from_the_file_system(tmp_path: Path) -> None:
    """A real error, not a wrapped one: the database turned read-only under the session."""
    db = tmp_path / "s.db"
    s = _start(db)
    s.enter(SCRIPT[0])
    s.store.close()
    ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None)
    s.store._conn = ro
    with pytest.raises(RefereeError) as info:
        s.enter(SCRIPT[1])
    assert str(info.value).startswith(f"{db}: the file or its folder is read-only")
    assert len(s.game.events) == 1
    ro.close()
