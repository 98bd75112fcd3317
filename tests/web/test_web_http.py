"""The web view over plain HTTP (issue 14), no browser needed: read-only (every write
method refused, the store unchanged, SQLite itself refusing the server's writes), no
path, listing or traceback in any answer, and the states folded by the engine."""

from __future__ import annotations

import http.client
import sqlite3
import time
from pathlib import Path

import pytest

from referee.session.store import Store
from referee.web.feed import Feed, ReadOnlyStore
from tests.helpers.live import PAGAT_SCRIPT
from tests.helpers.web import NAMES, SSEReader, Table, free_port, stored, wait_port

PLAYERS = ",".join(f"{k}={v}" for k, v in NAMES.items())


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _get(port: int, method: str, path: str) -> tuple[int, str, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=b"trump H" if method != "GET" else None)
    resp = conn.getresponse()
    body = resp.read(20000).decode("utf-8", "replace") if not path.startswith("/stream") else ""
    headers = {k.lower(): v for k, v in resp.getheaders()}
    conn.close()
    return resp.status, body, headers


def test_read_only_server_refuses_writes_and_hides_paths(tmp_path: Path) -> None:
    port = free_port()
    table = Table(
        tmp_path,
        [
            "start",
            "--profile",
            "pagat",
            "--dealer",
            "S",
            "--players",
            PLAYERS,
            "--serve",
            "--port",
            str(port),
        ],
    )
    try:
        wait_port(port)
        for line in PAGAT_SCRIPT[:3]:
            table.type(line, events=1 if line.startswith("trump") else 4)
        before = Store(table.db, create=False).events(1)
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            for path in ("/", "/live/1", "/api/sessions/1", "/sessions/1", "/stream/1", "/cards/AS.svg"):
                status, body, headers = _get(port, method, path)
                assert status == 405 and "GET" in headers["allow"], (method, path, status)
                assert str(tmp_path) not in body and "Traceback" not in body
        assert Store(table.db, create=False).events(1) == before  # nothing changed
        assert stored(table.db) == 9
        for path in (
            "/",
            "/sessions",
            "/sessions/1",
            "/api/sessions/1",
            "/live/1",
            "/sessions/1/deals",
            "/nothing",
            "/cards/../feed.py",
            "/static/../app.py",
            "/sessions/99",
            "/static/",
            "/cards/",
            "/api/sessions/x",
        ):
            status, body, headers = _get(port, "GET", path)
            assert str(tmp_path) not in body and "sessions.db" not in body and "Traceback" not in body
            assert "default-src 'self'" in headers["content-security-policy"]
            if path in ("/nothing", "/cards/../feed.py", "/static/../app.py", "/sessions/99"):
                assert status == 404 and body == "not found\n", (path, status, body)
        status, body, _h = _get(port, "GET", "/api/sessions/1")
        assert status == 200 and '"seq":9' in body
    finally:
        out = table.close()
    assert "web view (read-only) at http://127.0.0.1:" in out


def test_the_servers_connection_cannot_write(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    from referee.live.controller import LiveSession

    s, _ = LiveSession.start(
        Store(db), profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    s.enter("trump H")
    ro = ReadOnlyStore(db)
    from referee.session.store import StoreError  # sqlite3 errors become one line (issue 12)

    with pytest.raises((sqlite3.OperationalError, StoreError), match=r"readonly|read-only"):
        ro.append(1, Store(db).events(1))
    assert len(Store(db).events(1)) == 1


def test_feed_folds_each_event_with_the_engine(tmp_path: Path) -> None:
    """One state per stored event, in order; an undo (R65) rebuilds and says so; the
    trick winners and the result are the engine's (R4, R41)."""
    from referee.live.controller import LiveSession

    db = tmp_path / "s.db"
    s, _ = LiveSession.start(
        Store(db), profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    feed = Feed(ReadOnlyStore(db), 1)
    assert feed.refresh() == []
    s.enter("trump H")
    s.enter("AH 2H 3H 4H")
    states = feed.refresh()
    assert [st["seq"] for st in states] == [1, 2, 3, 4, 5]
    assert states[3]["seats"][3]["card"] == {"id": "3H", "text": "3♥"}  # W's card, before S's
    assert states[4]["last"]["winner"] == "E" and states[4]["said"][-1] == "  trick 1 to E Timur (NS 0, EW 1)"
    assert states[4]["turn"] == "E"  # the winner leads (R4)
    s.undo()
    (st,) = feed.refresh()
    assert st["seq"] == 4 and st["reset"] and st["said"] == ["> undone: S 4H (deal 1, trick 1)"]
    assert st["turn"] == "S" and st["last"] is None
    for line in ["4H", *PAGAT_SCRIPT[2:8]]:
        s.enter(line)
    st = feed.refresh()[-1]
    assert st["deals"][0]["text"] == "court to EW (7:0)" and st["deals"][0]["score"]["courts"] == [0, 1]
    assert st["seats_line"] == "dealer N · caller W"  # R42: the dealer's partner deals next


def test_eighteen_clients_see_every_entry_in_order(tmp_path: Path) -> None:
    """A bounded load test on 127.0.0.1: 18 SSE clients on one session while whole
    tricks are typed (four events in one commit): each gets every event, in order."""
    port = free_port()
    table = Table(tmp_path, ["start", "--profile", "pagat", "--dealer", "S", "--serve", "--port", str(port)])
    try:
        wait_port(port)
        # the server starts before the session is stored (a busy port must store nothing);
        # (clients connected before it exists may miss early events: a known gap, noted)
        deadline = time.monotonic() + 20
        while _get(port, "GET", "/api/sessions/1")[0] != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        total = 1 + 4 * 7
        readers = [SSEReader(port, 1, total) for _ in range(18)]
        for r in readers:
            r.start()
        for r in readers:
            assert r.ready.wait(10) and r.error is None
        for line in PAGAT_SCRIPT[:8]:
            table.type(line, events=1 if line.startswith("trump") else 4)
        for r in readers:
            r.join(20)
            assert r.error is None and r.seqs == list(range(total + 1)), r.seqs
    finally:
        table.close()


def test_a_busy_port_is_one_line_and_stores_nothing(tmp_path: Path) -> None:
    import socket
    import subprocess

    from tests.helpers.web import REFEREE, env

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        for args in (
            ["start", "--profile", "pagat", "--serve", "--port", str(port)],
            ["serve", "--port", str(port)],
        ):
            proc = subprocess.run(
                [*REFEREE, *args],
                input="trump H\n",
                capture_output=True,
                text=True,
                env=env(tmp_path),
                timeout=60,
            )
            assert proc.returncode == 1, proc
            assert proc.stderr == f"error: cannot listen on 127.0.0.1:{port} (is another server using it?)\n"
            assert "web view" not in proc.stdout
    assert not (tmp_path / "sessions.db").exists()  # the start stored no empty session


def test_standalone_serve_speaks_the_sessions_language(tmp_path: Path) -> None:
    """A session played in Russian is shown in Russian by a ``referee serve`` asked for no
    language (issue 11: the session keeps its language); ``--lang`` would override it."""
    from tests.helpers.web import Server

    table = Table(tmp_path, ["start", "--profile", "pagat", "--dealer", "S"], lang="ru")
    port = free_port()
    server = None
    try:
        table.type("trump H")
        server = Server(tmp_path, port, lang=None)
        status, body, _h = _get(port, "GET", "/api/sessions/1")
        assert status == 200 and '"lang":"ru"' in body and "сессия 1" in body, body[:300]
        status, body, _h = _get(port, "GET", "/live/1")
        assert '<html lang="ru">' in body and "Последняя взятка" in body
    finally:
        if server is not None:
            server.kill()
        table.close()
