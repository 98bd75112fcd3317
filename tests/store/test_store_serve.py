"""``referee serve --store postgresql://...`` (issue 16): the read-only web view of a
club's database, fed live as the tables type, with clients that connect before the
session is stored (each still gets every entry, in order), through a connection the
server itself keeps read-only."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.live import PAGAT_SCRIPT, PAGAT_START, Run
from tests.helpers.web import Server, SSEReader, Table, free_port, wait_port

FIRST_DEAL = 1 + 4 * 7
"""Events of PAGAT_SCRIPT[:8]: trump H and seven tricks of four cards."""


def _get(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    resp = conn.getresponse()
    body = resp.read().decode()
    conn.close()
    return resp.status, body


def _check_first_deal(st: dict[str, Any]) -> None:
    """The state after PAGAT_SCRIPT's first deal, from the rules (live_helpers): E wins
    all seven tricks, a court to EW, the caller's side (R41); N deals next (R42)."""
    assert st["seq"] == FIRST_DEAL
    assert st["deals"][0]["text"] == "court to EW (7:0)"
    assert st["deals"][0]["score"]["courts"] == [0, 1]
    assert st["seats_line"] == "dealer N · caller W"


def test_serve_follows_a_postgresql_store_from_before_the_session(tmp_path: Path, pg_url: str) -> None:
    port = free_port()
    server = Server(tmp_path, port, store=pg_url)
    table = None
    try:
        readers = [SSEReader(port, 1, FIRST_DEAL), SSEReader(port, None, FIRST_DEAL)]
        for r in readers:
            r.start()
        for r in readers:
            assert r.ready.wait(10) and r.error is None  # connected: no session stored yet
        table = Table(tmp_path, ["start", *PAGAT_START], store=pg_url)
        for line in PAGAT_SCRIPT[:8]:
            table.type(line, events=1 if line.startswith("trump") else 4)
        for r in readers:
            r.join(30)
            assert r.error is None and r.seqs == list(range(FIRST_DEAL + 1)), r.seqs
            _check_first_deal(r.states[-1])
            assert r.states[5]["said"][-1] == "  trick 1 to E Timur (NS 0, EW 1)"
        status, body = _get(port, "/api/sessions/1")
        assert status == 200
        _check_first_deal(json.loads(body))
        status, body = _get(port, "/sessions")
        assert status == 200 and "Azamat" in body and "***" not in body and "postgresql" not in body
    finally:
        if table is not None:
            table.close()
        server.kill()


def test_start_serve_on_postgresql_every_client_sees_every_entry(tmp_path: Path, pg_url: str) -> None:
    """``start --serve --store URL``: the server thread reads the club database (the
    URL, with its password, not the one shown in messages); clients that connect at
    once, some before the session is stored, each get every event in order."""
    port = free_port()
    table = Table(tmp_path, ["start", *PAGAT_START, "--serve", "--port", str(port)], store=pg_url)
    try:
        wait_port(port)
        readers = [SSEReader(port, 1, FIRST_DEAL) for _ in range(3)] + [SSEReader(port, None, FIRST_DEAL)]
        for r in readers:
            r.start()
        for r in readers:
            assert r.ready.wait(10) and r.error is None
        for line in PAGAT_SCRIPT[:8]:
            table.type(line, events=1 if line.startswith("trump") else 4)
        for r in readers:
            r.join(30)
            assert r.error is None and r.seqs == list(range(FIRST_DEAL + 1)), r.seqs
            _check_first_deal(r.states[-1])
    finally:
        out = table.close()
    assert "web view (read-only) at http://127.0.0.1:" in out


def test_the_servers_postgresql_connection_cannot_write(run: Run, pg_url: str) -> None:
    from referee.session.store import Store, StoreError
    from referee.web.feed import ReadOnlyStore

    run("start", *PAGAT_START, "--store", pg_url, input="trump H\n")
    with ReadOnlyStore(pg_url) as ro:
        events = ro.events(1)
        assert len(events) == 1
        with pytest.raises(StoreError, match="read-only"):
            ro.append(1, events)
        import psycopg

        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):  # the server refuses it
            ro._db.execute("INSERT INTO entries (session_id, seq, text, kind) VALUES (1, 9, 'x', 'events')")
    with Store(pg_url, create=False, readonly=True) as store:
        assert len(store.log(1)) == 1


def test_serve_says_an_unreachable_server_in_one_line(run: Run) -> None:
    proc = run(
        "serve",
        "--store",
        "postgresql://ref:secret@127.0.0.1:1/club",
        "--port",
        str(free_port()),
        check=False,
    )
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: cannot open the store postgresql://ref:***@127.0.0.1:1/club: "
    ), lines
    assert "secret" not in proc.stderr + proc.stdout and "web view" not in proc.stdout


def test_the_change_value_follows_the_log_and_new_sessions(pg_url: str) -> None:
    """What the server polls on PostgreSQL: it moves with every entry of a followed
    session (an undo is an entry too, R65) and with every new session, and not
    otherwise."""
    from referee.live.controller import LiveSession
    from referee.session.store import Store
    from referee.web.feed import ReadOnlyStore
    from tests.helpers.web import NAMES

    writer = Store(pg_url)
    s, _ = LiveSession.start(
        writer, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    with ReadOnlyStore(pg_url) as ro:
        none, one = ro.changes([]), ro.changes([1])
        assert ro.changes([]) == none and ro.changes([1]) == one  # nothing new: the same
        s.enter("trump H")
        assert ro.changes([1]) != one and ro.changes([]) == none
        one = ro.changes([1])
        s.undo()
        assert ro.changes([1]) != one
        LiveSession.start(
            writer,
            profile="pagat",
            players=NAMES,
            dealer="S",
            caller=None,
            seed=1,
            duration=None,
            target=None,
        )
        assert ro.changes([]) != none
    writer.close()


def test_a_hub_on_postgresql_gives_waiting_clients_every_event(pg_url: str) -> None:
    """The watcher on a club database, clients connected before the session exists and
    one that made the feed read ahead (as tests/web/test_web_hub.py does on SQLite)."""
    from referee.live.controller import LiveSession
    from referee.session.store import Store
    from referee.web.hub import Hub
    from tests.helpers.web import NAMES

    hub = Hub(pg_url)
    waiting, first = hub.subscribe(1)
    newest, first2 = hub.subscribe(None)
    assert first["empty"] and first2["empty"]
    hub.tick()
    writer = Store(pg_url)
    s, _ = LiveSession.start(
        writer, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    s.enter("trump H")
    s.enter("AH 2H 3H 4H")
    late, first3 = hub.subscribe(1)
    assert first3["seq"] == 5
    s.enter("AS 2S 3S 4S")
    hub.tick()
    for q in (waiting, newest):
        seqs = []
        while not q.empty():
            st = q.get_nowait()
            assert st is not None
            seqs.append(st["seq"])
        assert seqs == list(range(10))
    later = []
    while not late.empty():
        st = late.get_nowait()
        assert st is not None
        later.append(st["seq"])
    assert later == [6, 7, 8, 9]
    writer.close()
    assert hub.store is not None
    hub.store.close()
