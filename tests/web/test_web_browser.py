"""The web view in a real browser (issue 14): headless Debian Chromium under selenium.

A scripted session is typed into ``referee start --serve`` card by card while two pages
and 18 SSE clients follow it; every entry reaches each of them in order, the page shows
each card and each trick's winner as the rules give it, and the delay from an entry's
commit to the page's update is measured (printed; ``REFEREE_WEB_BENCH=FILE`` writes the
figures). Then the TV (1920x1080) and phone (390x844) layouts in en and ru, the
page's requests (none outside 127.0.0.1), and a standalone ``referee serve`` killed and
restarted under an open page, which reconnects by itself.

``REFEREE_WEB_SHOTS=1`` saves the screenshots of docs/ (docs/web-*.png).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.live import PAGAT_DEALS, PAGAT_SCRIPT
from tests.helpers.web import (
    NAMES,
    NAMES_RU,
    Server,
    SSEReader,
    Table,
    applied,
    chromium,
    free_port,
    requested_urls,
    set_viewport,
    stored,
    wait_port,
    wait_seq,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"
PLAYERS = ",".join(f"{k}={v}" for k, v in NAMES.items())


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _pagat(port: int, players: str = PLAYERS, serve: bool = True) -> list[str]:
    args = [
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--players",
        players,
        "--seed",
        "1",
        "--duration",
        "90m",
    ]
    return [*args, "--serve", "--port", str(port)] if serve else args


def _dom(driver: Any) -> dict[str, Any]:
    out: dict[str, Any] = driver.execute_script("""
      const q = (s) => [...document.querySelectorAll(s)];
      return {
        slots: Object.fromEntries(["S","E","N","W"].map(s => [s,
          q('#slot-' + s + ' img').map(i => i.dataset.card)])),
        last: q('#last img').map(i => i.dataset.card),
        lastWinner: q('#last figure.won figcaption').map(f => f.textContent),
        log: q('#log li').map(li => li.textContent),
        deals: q('#deals li').map(li => li.textContent),
        score: document.getElementById('score').textContent,
        turn: q('.seat.turn').map(e => e.id),
      };""")
    return out


def test_scripted_session_reaches_every_page_and_client_in_order(tmp_path: Path) -> None:
    port = free_port()
    table = Table(tmp_path, _pagat(port))
    readers: list[SSEReader] = []
    try:
        wait_port(port)
        tricks = PAGAT_SCRIPT[1:8]  # deal 1: seven tricks, E leads the aces and kings
        total = 1 + 4 * len(tricks)
        readers = [SSEReader(port, 1, total) for _ in range(18)]
        for r in readers:
            r.start()
        for r in readers:
            assert r.ready.wait(10) and r.error is None, r.error
        with chromium() as drv:
            set_viewport(drv, 1920, 1080)
            url = f"http://127.0.0.1:{port}/live/1"
            drv.get(url)
            drv.switch_to.new_window("tab")
            drv.get(url)
            second = drv.current_window_handle
            first = drv.window_handles[0]
            drv.switch_to.window(first)
            wait_seq(drv, 0)
            delays: list[float] = []
            t = table.type("trump H")
            delays.append(wait_seq(drv, 1)["t"] / 1000 - t)
            seq = 1
            winners = PAGAT_DEALS[0][3]  # R4: E's aces and kings win every trick
            for k, trick in enumerate(tricks):
                cards = trick.split()
                for i, card in enumerate(cards):
                    t = table.type(card)
                    seq += 1
                    delays.append(wait_seq(drv, seq)["t"] / 1000 - t)
                    dom = _dom(drv)
                    seat = "ENWS"[i]  # the trick winner E leads (R4), then N, W, S (R1)
                    if i < 3:
                        assert dom["slots"][seat] == [card], (card, dom)
                        assert dom["turn"] == ["seat-" + "ENWS"[i + 1]]
                        if i == 2 and k == 3:  # three faces on the TV: each at least 108 px tall
                            heights = drv.execute_script(
                                "return [...document.querySelectorAll('#table img.card')]"
                                ".map(i => i.getBoundingClientRect().height)"
                            )
                            assert len(heights) == 3 and min(heights) >= 108, heights
                    else:  # the trick closes: it moves to the last trick, with its winner
                        assert dom["last"] == cards and dom["lastWinner"] == [winners[k]], dom
                        assert all(v == [] for v in dom["slots"].values()), dom
                        assert any(
                            f"trick {k + 1} to {winners[k]} {NAMES[winners[k]]}" in x for x in dom["log"]
                        ), dom["log"]
            dom = _dom(drv)
            assert any("court to EW (7:0)" in x for x in dom["deals"]), dom["deals"]
            assert dom["score"].startswith("courts  NS 0 : EW 1")
            # the second page saw every entry too, in order, without a reload
            drv.switch_to.window(second)
            for page in (second, first):
                drv.switch_to.window(page)
                seqs = [a["seq"] for a in applied(drv) if a.get("seq") is not None]
                assert seqs == sorted(seqs) and set(range(seqs[0], total + 1)) <= set(seqs), seqs
                assert all(
                    u.startswith(f"http://127.0.0.1:{port}/") or u.startswith("data:")
                    for u in requested_urls(drv)
                )
        for r in readers:
            r.join(20)
            assert r.error is None, r.error
            seen = r.seqs
            assert seen[0] == 0 and seen == sorted(seen), seen  # every entry, in order
            assert set(range(total + 1)) <= set(seen), seen
        _report(delays)
    finally:
        for r in readers:
            r.join(0.1)
        out = table.close()
    assert "trick 7 to E Timur" in out


def _report(delays: list[float]) -> None:
    """Print the commit-to-DOM delays (and write them to $REFEREE_WEB_BENCH)."""
    ds = sorted(max(d, 0.0) for d in delays)
    figures = {
        "entries": len(ds),
        "median_s": round(statistics.median(ds), 4),
        "p90_s": round(ds[int(len(ds) * 0.9) - 1], 4),
        "max_s": round(ds[-1], 4),
    }
    print(
        f"\ncommit-to-DOM delay over {figures['entries']} entries: median {figures['median_s']} s, "
        f"90% {figures['p90_s']} s, max {figures['max_s']} s"
    )
    bench = os.environ.get("REFEREE_WEB_BENCH")
    if bench:
        Path(bench).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_tv_and_phone_layouts(tmp_path: Path, lang: str) -> None:
    port = free_port()
    names = NAMES if lang == "en" else NAMES_RU
    table = Table(tmp_path, _pagat(port, ",".join(f"{k}={v}" for k, v in names.items())), lang)
    try:
        wait_port(port)
        # deal 1 (a court to EW), then deal 2: trick 1 to N, trick 2 open with N 4D, W 5D
        for line in [*PAGAT_SCRIPT[:9], "2D 2C 3D AD", "4D 5D"]:
            table.type(line, events=len(line.split()) if not line.startswith("trump") else 1)
        with chromium() as drv:
            for w, h, mobile, shot in ((1920, 1080, False, "tv"), (390, 844, True, "phone")):
                set_viewport(drv, w, h, mobile)
                drv.get(f"http://127.0.0.1:{port}/")
                wait_seq(drv, table.count)
                time.sleep(0.3)  # the card art is loaded
                geo = drv.execute_script("""
                  const r = (e) => { const b = e.getBoundingClientRect();
                    return [b.left, b.top, b.right, b.bottom, e.textContent]; };
                  return {sw: document.documentElement.scrollWidth,
                          names: ["S","E","N","W"].map(s => r(document.getElementById('name-' + s))),
                          cards: [...document.querySelectorAll('#table img.card')].map(
                            i => [i.getBoundingClientRect().height, i.complete && i.naturalWidth > 0]),
                          lang: document.documentElement.lang};""")
                assert geo["lang"] == lang
                assert geo["sw"] <= w, geo["sw"]  # no horizontal scroll
                for (left, top, right, bottom, text), seat in zip(geo["names"], "SENW", strict=True):
                    assert text == f"{seat} {names[seat]}" or text == f"{seat} {names[seat]}".strip()
                    assert left >= 0 and right <= w and top >= 0 and bottom <= h, (seat, geo)
                assert len(geo["cards"]) == 2 and all(ok for _, ok in geo["cards"]), geo["cards"]
                if shot == "tv":
                    assert min(hh for hh, _ in geo["cards"]) >= 108, geo["cards"]
                score = drv.execute_script("return document.getElementById('score').textContent")
                assert score.startswith("courts  NS 0 : EW 1" if lang == "en" else "корты  NS 0 : EW 1")
                if os.environ.get("REFEREE_WEB_SHOTS"):
                    drv.save_screenshot(str(DOCS / f"web-{shot}-{lang}.png"))
            urls = requested_urls(drv)
            assert urls and all(u.startswith(f"http://127.0.0.1:{port}/") for u in urls), urls
            drv.get(f"http://127.0.0.1:{port}/sessions/1")
            rows = drv.execute_script(
                "return [...document.querySelectorAll('#deal-table tbody tr')].map(r => r.textContent)"
            )
            points = drv.execute_script("return document.querySelectorAll('svg.chart circle').length")
            assert len(rows) == 2 and points == 4, (rows, points)  # 2 deals, NS and EW after each
            if os.environ.get("REFEREE_WEB_SHOTS") and lang == "en":
                set_viewport(drv, 1280, 800)
                drv.save_screenshot(str(DOCS / "web-session-en.png"))
    finally:
        table.close()


def test_page_reconnects_after_the_server_restarts(tmp_path: Path) -> None:
    """A standalone ``referee serve`` is killed (SIGKILL) while the table goes on: no
    entry is lost, and the open page catches up by itself when the server is back."""
    port = free_port()
    table = Table(tmp_path, _pagat(port, serve=False))
    server = None
    try:
        for line in PAGAT_SCRIPT[:3]:
            table.type(line, events=1 if line.startswith("trump") else 4)
        server = Server(tmp_path, port)
        with chromium() as drv:
            drv.get(f"http://127.0.0.1:{port}/live/1")
            wait_seq(drv, 9)
            server.kill()
            for line in PAGAT_SCRIPT[3:6]:  # typed while the server is down
                table.type(line, events=4)
            assert stored(table.db) == 21
            server = Server(tmp_path, port)
            shown = wait_seq(drv, 21, timeout=15)  # no reload: the same page's record goes on
            seqs = [a["seq"] for a in applied(drv) if a.get("seq") is not None]
            assert seqs[0] == 9 and seqs[-1] == 21 and shown["seq"] == 21
            assert _dom(drv)["lastWinner"] == ["E"]
    finally:
        if server is not None:
            server.kill()
        table.close()
