"""The Starlette application of ``referee serve`` (issue 14): read-only pages and SSE.

Routes (GET and HEAD only; any other method is refused with 405 before routing):

- ``/`` the live view of the newest session, ``/live/N`` of session N;
- ``/sessions`` the stored sessions, ``/sessions/N`` one session deal by deal with
  a chart of the score (``/sessions/N/deals`` is that part alone, for the page to
  refresh);
- ``/stream`` and ``/stream/N``: Server-Sent Events, one ``state`` event per stored
  event (its ``seq`` the number of events folded), in order, for every client;
- ``/api/sessions/N``: the state as JSON; ``/cards/AS.svg``, ``/static/...``: the
  CC0 card art and the page's own script and style (nothing from elsewhere).

Errors are one plain line (``not found``); no path, listing or traceback reaches a
page. The :class:`~referee.web.hub.Hub` looks at the store every ``poll`` seconds on
its read-only connection (an SQLite file or a club's PostgreSQL database) and fans the
new states out to the clients' queues.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from referee.i18n import N_, _, language
from referee.web.feed import Feed, speaking
from referee.web.hub import PAGE_ERROR, PAGE_NO_SESSION, POLL, Hub

HERE = Path(__file__).parent
CARDS = {p.stem: p for p in (HERE / "cards").glob("*.svg")}
STATIC = {"app.js": "text/javascript", "app.css": "text/css", "session.js": "text/javascript"}

# ------------------------------------------------------------------ page words
PAGE_LIVE = N_("Live table")
PAGE_SESSIONS = N_("Sessions")
PAGE_NOT_FOUND = N_("not found")
PAGE_READ_ONLY = N_("read-only: this server never changes a session")
PAGE_RECONNECTING = N_("reconnecting…")
PAGE_LAST_TRICK = N_("Last trick")
PAGE_DEALS = N_("Deals")
PAGE_LOG = N_("Announcements")
PAGE_SCORE = N_("Score")
PAGE_CHART = N_("Score over the deals")
PAGE_DEAL = N_("deal")
PAGE_DEALER = N_("dealer")
PAGE_CALLER = N_("caller")
PAGE_TRUMPS = N_("trumps")
PAGE_TRICKS = N_("tricks NS:EW")
PAGE_RESULT = N_("result")
PAGE_AFTER = N_("score NS:EW")
PAGE_COURTS_AXIS = N_("courts")
PAGE_WINS_AXIS = N_("match wins")
PAGE_LIVE_LINK = N_("live view")

PAGE_NO_DEALS = N_("no deal yet")


_SECURITY = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class ReadOnly:
    """ASGI middleware: only GET and HEAD reach the application; any other method
    gets ``405 read-only`` and changes nothing. Every answer carries the security
    headers (a Content-Security-Policy that lets the page load nothing from
    elsewhere)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in _SECURITY.items()]
                message = {**message, "headers": headers}
            await send(message)

        if scope["method"] not in ("GET", "HEAD"):
            resp = PlainTextResponse(
                _(PAGE_READ_ONLY) + "\n", status_code=405, headers={"Allow": "GET, HEAD"}
            )
            await resp(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


# ------------------------------------------------------------------ pages
def _page(title: str, body: str, script: str = "", data: dict[str, str] | None = None) -> HTMLResponse:
    attrs = "".join(f' data-{k}="{html.escape(v)}"' for k, v in (data or {}).items())
    js = f'<script src="/static/{script}"></script>' if script else ""
    text = (
        f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/app.css">'
        f'<link rel="icon" href="/cards/back.svg"></head><body{attrs}>{body}{js}</body></html>'
    )
    return HTMLResponse(text)


def _labels() -> dict[str, str]:
    return {"reconnecting": _(PAGE_RECONNECTING), "noDeals": _(PAGE_NO_DEALS)}


def live_page(sid: int | None) -> HTMLResponse:
    """The live view (TV and phone layouts, one page; the CSS picks by width)."""
    seats = "".join(
        f'<div class="seat" id="seat-{s}"><div class="name" id="name-{s}">{s}</div>'
        f'<div class="slot" id="slot-{s}"></div></div>'
        for s in "NWES"
    )
    body = (
        '<header id="top"><h1 id="title"></h1><div id="info"></div><div id="trump"></div>'
        '<span id="badge" class="badge" hidden></span><span id="bavyan" class="badge" hidden></span>'
        '<span id="thirteenth" hidden></span><span id="conn"></span></header>'
        f'<main id="table">{seats}<div id="centre"><div id="tricks"></div><div id="flash"></div></div></main>'
        '<aside id="side">'
        f'<section id="scorebox"><h2>{html.escape(_(PAGE_SCORE))}</h2><div id="score"></div>'
        '<div id="seatsline"></div><div id="time"></div><div id="winner"></div></section>'
        '<section id="hintbox"><div id="prompt"></div><div id="hint"></div></section>'
        f'<section id="lastbox"><h2>{html.escape(_(PAGE_LAST_TRICK))}</h2><div id="last"></div></section>'
        f'<section id="dealsbox"><h2>{html.escape(_(PAGE_DEALS))}</h2><ol id="deals"></ol></section>'
        f'<section id="logbox"><h2>{html.escape(_(PAGE_LOG))}</h2><ul id="log"></ul></section>'
        f'<nav><a id="deals-link" href="/sessions">{html.escape(_(PAGE_SESSIONS))}</a></nav>'
        '</aside><div id="empty" hidden></div>'
    )
    stream = "/stream" if sid is None else f"/stream/{sid}"
    return _page(
        _(PAGE_LIVE), body, "app.js", {"stream": stream, "labels": json.dumps(_labels(), ensure_ascii=False)}
    )


def chart_svg(deals: list[dict[str, Any]], match: bool) -> str:
    """An inline SVG line chart of the session score after each deal: NS and EW, courts
    (pagat) or match wins over the session (kort). Empty string without deals."""
    if not deals:
        return ""
    w, h, pad = 640, 240, 36
    ns = [0, *(d["score"]["chart"][0] for d in deals)]
    ew = [0, *(d["score"]["chart"][1] for d in deals)]
    top = max(1, *ns, *ew)
    n = len(ns) - 1

    def xy(i: int, v: int) -> tuple[float, float]:
        return pad + (w - 2 * pad) * (i / max(n, 1)), h - pad - (h - 2 * pad) * (v / top)

    grid = "".join(
        f'<line x1="{pad}" x2="{w - pad}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
        f'<text x="{pad - 6}" y="{y + 4:.1f}" class="ylab">{v}</text>'
        for v in sorted({0, top // 2, top})
        for y in [xy(0, v)[1]]
    )
    xl = "".join(
        f'<text x="{xy(i, 0)[0]:.1f}" y="{h - pad + 16}" class="xlab">{i}</text>' for i in range(1, n + 1)
    )
    axis = html.escape(_(PAGE_WINS_AXIS if match else PAGE_COURTS_AXIS))
    parts = []
    for cls, vals in (("ns", ns), ("ew", ew)):
        pts = [xy(i, v) for i, v in enumerate(vals)]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        parts.append(f'<polyline class="line {cls}" points="{points}"/>')
        parts += [f'<circle class="dot {cls}" cx="{x:.1f}" cy="{y:.1f}" r="4"/>' for x, y in pts[1:]]
        parts.append(f'<text class="key {cls}" x="{w - pad + 4}" y="{pts[-1][1]:.1f}">{cls.upper()}</text>')
    lines = "".join(parts)
    return (
        f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{html.escape(_(PAGE_CHART))}">'
        f'<text x="{pad}" y="16" class="ylab axis">{axis}</text>{grid}{xl}{lines}</svg>'
    )


def deals_fragment(f: Feed) -> str:
    """The session page's table (one row per deal) and chart, as HTML."""
    from referee.web.feed import deal_list

    deals = deal_list(f.game)
    if not deals:
        return f'<p class="none">{html.escape(_(PAGE_NO_DEALS))}</p>'
    match = f.game.profile.is_match
    heads = "".join(
        f"<th>{html.escape(_(w))}</th>"
        for w in (PAGE_DEAL, PAGE_DEALER, PAGE_CALLER, PAGE_TRUMPS, PAGE_TRICKS, PAGE_RESULT, PAGE_AFTER)
    )
    rows = "".join(
        f'<tr class="{"done" if d["done"] else "open"}"><td>{d["number"]}</td><td>{d["dealer"]}</td>'
        f"<td>{d['caller']}</td><td>{html.escape(d['trump'])}</td>"
        f"<td>{d['tricks'][0]}:{d['tricks'][1]}</td><td>{html.escape(d['text'])}</td>"
        f"<td>{d['score']['chart'][0]}:{d['score']['chart'][1]}</td></tr>"
        for d in deals
    )
    return (
        f"<h2>{html.escape(_(PAGE_CHART))}</h2>{chart_svg(deals, match)}"
        f'<table id="deal-table"><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>'
    )


# ------------------------------------------------------------------ handlers
def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _not_found() -> PlainTextResponse:
    return PlainTextResponse(_(PAGE_NOT_FOUND) + "\n", status_code=404)


def _language_of(hub: Hub, sid: int | None) -> str | None:
    real = hub.resolve(sid)
    f = hub.feed(real) if real is not None else None
    return f.language if f is not None else None


async def _home(request: Request) -> Response:
    with speaking(_language_of(_hub(request), None)):
        return live_page(None)


async def _live(request: Request) -> Response:
    sid = int(request.path_params["sid"])
    with speaking(_language_of(_hub(request), sid)):
        return live_page(sid)


async def _sessions(request: Request) -> Response:
    from referee.live import messages as M

    store = _hub(request).open()
    infos = store.sessions() if store is not None else []
    items = ""
    for info in reversed(infos):
        h = info.header
        what = " · ".join(
            [str(h.id), h.created[:16].replace("T", " "), h.profile_name, M.players_text(h.players)]
        )
        items += (
            f'<li><a href="/sessions/{h.id}">{html.escape(what)}</a> · '
            f'<a href="/live/{h.id}">{html.escape(_(PAGE_LIVE_LINK))}</a></li>'
        )
    body = (
        f'<main class="doc"><h1>{html.escape(_(PAGE_SESSIONS))}</h1>'
        f'<ul id="sessions">{items or html.escape(_(PAGE_NO_SESSION))}</ul></main>'
    )
    return _page(_(PAGE_SESSIONS), body)


def _session_html(f: Feed) -> Response:
    st = f.state()
    body = (
        f'<main class="doc"><h1>{html.escape(st["title"])}</h1>'
        f'<p><a href="/live/{f.sid}">{html.escape(_(PAGE_LIVE_LINK))}</a> · '
        f'<a href="/sessions">{html.escape(_(PAGE_SESSIONS))}</a></p>'
        f'<p id="score" class="score">{html.escape(st["score"])}</p>'
        f'<p id="winner">{html.escape(st["winner"])}</p>'
        f'<div id="deals-part">{deals_fragment(f)}</div></main>'
    )
    return _page(
        st["title"], body, "session.js", {"stream": f"/stream/{f.sid}", "part": f"/sessions/{f.sid}/deals"}
    )


async def _session_page(request: Request) -> Response:
    f = _hub(request).feed(int(request.path_params["sid"]))
    if f is None:
        return _not_found()
    with speaking(f.language):
        return _session_html(f)


async def _session_part(request: Request) -> Response:
    f = _hub(request).feed(int(request.path_params["sid"]))
    if f is None:
        return _not_found()
    with speaking(f.language):
        return HTMLResponse(deals_fragment(f))


async def _api_state(request: Request) -> Response:
    f = _hub(request).feed(int(request.path_params["sid"]))
    return JSONResponse(f.state()) if f is not None else _not_found()


async def _stream(request: Request) -> Response:
    hub = _hub(request)
    raw = request.path_params.get("sid")
    q, first = hub.subscribe(int(raw) if raw is not None else None)

    async def events() -> AsyncIterator[str]:
        try:
            yield "retry: 1000\n\n"
            yield _sse(first)
            while True:
                try:
                    st = await asyncio.wait_for(q.get(), timeout=15)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if st is None:
                    yield "event: switch\ndata: {}\n\n"
                    return
                yield _sse(st)
        finally:
            hub.unsubscribe(q)

    return StreamingResponse(events(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})


async def _card(request: Request) -> Response:
    p = CARDS.get(request.path_params["name"])
    if p is None:
        return _not_found()
    return Response(p.read_bytes(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


async def _static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return _not_found()
    return Response((HERE / "static" / name).read_bytes(), media_type=STATIC[name])


async def _favicon(request: Request) -> Response:
    return Response(status_code=204)


async def _missing(request: Request, exc: Exception) -> Response:
    return _not_found()


async def _failed(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(_(PAGE_ERROR) + "\n", status_code=500)


ROUTES = [
    Route("/", _home),
    Route("/live/{sid:int}", _live),
    Route("/sessions", _sessions),
    Route("/sessions/{sid:int}", _session_page),
    Route("/sessions/{sid:int}/deals", _session_part),
    Route("/api/sessions/{sid:int}", _api_state),
    Route("/stream", _stream),
    Route("/stream/{sid:int}", _stream),
    Route("/cards/{name:str}.svg", _card),
    Route("/static/{name:str}", _static),
    Route("/favicon.ico", _favicon),
]


def build_app(target: Path | str, poll: float = POLL) -> Starlette:
    """The application serving the store at ``target`` (a file, or a ``postgresql://``
    URL) read-only; its :class:`~referee.web.hub.Hub` is ``app.state.hub``."""
    hub = Hub(target, poll)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(hub.run())
        try:
            yield
        finally:
            task.cancel()

    app = Starlette(
        routes=ROUTES,
        middleware=[Middleware(ReadOnly)],
        lifespan=lifespan,
        exception_handlers={404: _missing, 405: _missing, 500: _failed, Exception: _failed},
    )
    app.state.hub = hub
    return app


def _sse(st: dict[str, Any]) -> str:
    seq = st.get("seq")
    head = f"id: {seq}\n" if seq is not None else ""
    return f"event: state\n{head}data: {json.dumps(st, ensure_ascii=False)}\n\n"
