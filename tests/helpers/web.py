"""Helpers of the web-view tests (issue 14): the referee as a subprocess (the table with
``--serve``, or a standalone ``referee serve``), a free port, an SSE reader, and headless
Debian Chromium driven by selenium (never downloaded: /usr/bin/chromium and chromedriver)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REFEREE = [sys.executable, "-c", "from referee.cli.main import run; run()"]
CHROME_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-features=Translate,MediaRouter,OptimizationHints",
    "--disable-client-side-phishing-detection",
    "--no-default-browser-check",
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--hide-scrollbars",
    "--font-render-hinting=none",
]
NAMES = {"S": "Azamat", "E": "Timur", "N": "Bakyt", "W": "Erlan"}
NAMES_RU = {"S": "Азамат", "E": "Тимур", "N": "Бакыт", "W": "Ерлан"}


def env(data_dir: Path, lang: str | None = "en") -> dict[str, str]:
    """A subprocess's environment; ``lang=None``: no language asked (LANG=C.UTF-8)."""
    out = dict(os.environ)
    out.update(
        REFEREE_DATA_DIR=str(data_dir),
        NO_COLOR="1",
        COLUMNS="80",
        TERM="dumb",
        PYTHONIOENCODING="utf-8",
        PYTHONUNBUFFERED="1",
    )
    for name in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        out.pop(name, None)
    out["LANG"] = "C.UTF-8"
    if lang is not None:
        out["REFEREE_LANG"] = lang
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


def stored(db: Path | str) -> int:
    """How many effective events session 1 holds, read like the server does (``db`` a
    file or a PostgreSQL URL)."""
    from referee.session.store import SessionError
    from referee.web.feed import ReadOnlyStore

    if isinstance(db, Path) and not db.exists():
        return 0
    try:
        with ReadOnlyStore(db) as st:
            return len(st.events(1)) if st.latest() else 0
    except SessionError:  # the file is being made: no table yet
        return 0


class Table:
    """``referee start ... [--serve]`` fed line by line on stdin (plain mode, as a
    script or a second keyboard would): :meth:`type` returns when the entry is
    committed, with the time the commit was first seen in the store."""

    def __init__(self, data_dir: Path, args: list[str], lang: str = "en", store: str | None = None) -> None:
        self.db: Path | str = data_dir / "sessions.db"
        if store is not None:  # a club's PostgreSQL database (issue 16)
            self.db = store
            args = [*args, "--store", store]
        self.proc = subprocess.Popen(
            [*REFEREE, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env(data_dir, lang),
        )
        self.count = 0

    def type(self, line: str, events: int = 1, timeout: float = 20.0) -> float:
        """Type ``line`` (adding ``events`` events); the wall-clock time of the commit."""
        assert self.proc.stdin is not None
        want = self.count + events
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        end = time.monotonic() + timeout
        while True:
            n = stored(self.db)
            if n >= want:
                t = time.time()
                self.count = n
                return t
            if time.monotonic() > end or self.proc.poll() is not None:
                raise AssertionError(f"{line!r} not stored ({n} events): {self.close()}")
            time.sleep(0.001)

    def close(self) -> str:
        if self.proc.poll() is None and self.proc.stdin is not None:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        out = (self.proc.stdout.read() if self.proc.stdout else "") + (
            self.proc.stderr.read() if self.proc.stderr else ""
        )
        return out


class Server:
    """A standalone ``referee serve`` on ``port`` (killed with SIGKILL by :meth:`kill`)."""

    def __init__(self, data_dir: Path, port: int, lang: str | None = "en", store: str | None = None) -> None:
        where = ["--store", store] if store is not None else []
        self.proc = subprocess.Popen(
            [*REFEREE, "serve", "--port", str(port), *where],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env(data_dir, lang),
        )
        wait_port(port)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


class SSEReader(threading.Thread):
    """One SSE client of ``/stream/{sid}`` (``/stream`` for None): records the ``seq`` of
    every state it gets, and the states."""

    def __init__(self, port: int, sid: int | None, until: int) -> None:
        super().__init__(daemon=True)
        self.port, self.sid, self.until = port, sid, until
        self.seqs: list[int] = []
        self.states: list[dict[str, Any]] = []
        self.ready = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            conn.request("GET", "/stream" if self.sid is None else f"/stream/{self.sid}")
            resp = conn.getresponse()
            assert resp.status == 200, resp.status
            self.ready.set()
            for raw in resp:
                line = raw.decode()
                if line.startswith("data: "):
                    st = json.loads(line[6:])
                    if "seq" in st:
                        self.seqs.append(int(st["seq"]))
                        self.states.append(st)
                        if st["seq"] >= self.until:
                            break
            conn.close()
        except BaseException as exc:
            self.error = exc
            self.ready.set()


def chromium_paths() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None
    )
    return (browser, driver) if browser and driver else None


@contextlib.contextmanager
def chromium(width: int = 1920, height: int = 1080) -> Iterator[Any]:
    """Headless Debian Chromium under selenium (skipped, visibly, where it is not
    installed; in CI, where .ci/run installs it, its absence fails the test)."""
    paths = chromium_paths()
    if paths is None:
        if os.environ.get("CI"):
            pytest.fail("chromium and chromium-driver are missing in CI (.ci/run installs them)")
        pytest.skip(
            "Debian chromium + chromium-driver not installed (apt-get install chromium chromium-driver)"
        )
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("selenium not installed (pip install -e '.[dev]')")
    opts = webdriver.ChromeOptions()
    opts.binary_location = paths[0]
    for flag in CHROME_FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--window-size={width},{height}")
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=paths[1]), options=opts)
    try:
        yield driver
    finally:
        driver.quit()


def set_viewport(driver: Any, width: int, height: int, mobile: bool = False) -> None:
    """Emulate the viewport exactly (CSS pixels), as a TV or a phone shows the page."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )


def requested_urls(driver: Any) -> list[str]:
    """Every URL the browser asked for since the last call (Chrome's performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.requestWillBeSent":
            urls.append(msg["params"]["request"]["url"])
    return urls


def applied(driver: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = driver.execute_script("return window.referee ? window.referee.applied : []")
    return out


def wait_seq(driver: Any, seq: int, timeout: float = 10.0) -> dict[str, Any]:
    """Wait until the page has shown the state of event ``seq``; that apply record."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for a in applied(driver):
            if a.get("seq") == seq:
                return a
        time.sleep(0.005)
    raise AssertionError(f"the page never showed event {seq}: {applied(driver)[-3:]}")
