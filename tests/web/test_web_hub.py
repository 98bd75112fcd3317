"""The web view's store watcher (issue 14) with clients that connect before the session
is stored: each gets every event's state, in order, from the session's start, even when
another client made the feed read ahead before the watcher looked (the race seen once in
CI: a waiting client that started at seq 25)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from referee.live.controller import LiveSession
from referee.session.store import Store
from referee.web.hub import Hub
from tests.helpers.live import PAGAT_SCRIPT
from tests.helpers.web import NAMES


def _drain(q: asyncio.Queue[dict[str, Any] | None]) -> list[dict[str, Any] | None]:
    out = []
    while not q.empty():
        out.append(q.get_nowait())
    return out


def _seqs(states: list[dict[str, Any] | None]) -> list[int]:
    assert all(st is not None and "error" not in st for st in states), states
    return [st["seq"] for st in states if st is not None]


def test_clients_waiting_before_the_session_get_every_event(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    hub = Hub(db, poll=0.01)
    by_id, first1 = hub.subscribe(1)  # /stream/1 before `start` stored session 1
    newest, first2 = hub.subscribe(None)  # /stream before any session
    assert first1["empty"] and first2["empty"]
    hub.tick()  # no file yet: nothing to say
    assert by_id.empty() and newest.empty()

    s, _ = LiveSession.start(
        Store(db), profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    s.enter("trump H")
    s.enter("AH 2H 3H 4H")
    # a third client connects now, before the watcher's next look: its subscribe folds
    # the five events into the feed the waiting clients are about to join
    late, first3 = hub.subscribe(1)
    assert first3["seq"] == 5
    for line in PAGAT_SCRIPT[2:4]:
        s.enter(line)
    hub.tick()
    want = list(range(0, 14))  # the start (0), trump H (1), three tricks of four cards
    for q in (by_id, newest):
        states = _drain(q)
        assert _seqs(states) == want
        versions = [st["version"] for st in states if st is not None]
        assert versions == sorted(set(versions))  # the page never drops one as older
        # the states are the engine's: trick 1 (AH 2H 3H 4H, trumps H, S leads) to E (R4)
        assert states[5] is not None and states[5]["last"]["winner"] == "E"
        assert states[5]["said"][-1] == "  trick 1 to E Timur (NS 0, EW 1)"
        assert states[0] is not None and states[0]["turn"] is None and states[0]["deals"] == []
    assert _seqs(_drain(late)) == list(range(6, 14))

    s.enter(PAGAT_SCRIPT[4])  # all three follow on together, each once
    hub.tick()
    for q in (by_id, newest, late):
        assert _seqs(_drain(q)) == [14, 15, 16, 17]


def test_a_newer_session_switches_the_clients_of_the_newest(tmp_path: Path) -> None:
    """``/stream`` follows the newest session: a client showing session 1 is told to
    reconnect (None) when session 2 starts."""
    db = tmp_path / "sessions.db"
    store = Store(db)
    s1, _ = LiveSession.start(
        store, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    s1.enter("trump H")
    hub = Hub(db)
    showing, first = hub.subscribe(None)
    assert first["sid"] == 1 and first["seq"] == 1
    LiveSession.start(
        store, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    hub.tick()
    assert _drain(showing) == [None]
