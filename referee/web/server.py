"""Running the web view under uvicorn: in the foreground (``referee serve``) or in a
daemon thread beside the table (``referee start/resume --serve``).

Binds ``127.0.0.1`` unless ``host`` says otherwise (``0.0.0.0`` for a TV and phones
on the local network). uvicorn's own logging is kept off the page and, beside the
table, off the terminal (it would draw over the screen).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def _config(target: Path | str, host: str, port: int, quiet: bool) -> Any:
    import uvicorn

    from referee.web.app import build_app

    if quiet:
        for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "starlette"):
            log = logging.getLogger(name)
            log.handlers = [logging.NullHandler()]
            log.propagate = False
    return uvicorn.Config(
        build_app(target),
        host=host,
        port=port,
        log_config=None,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=1,
        server_header=False,
    )


def url(host: str, port: int) -> str:
    """The address to open: ``http://127.0.0.1:8000/`` (``0.0.0.0`` is shown as the
    host's own name, which the TV and phones use)."""
    if host in ("0.0.0.0", "::"):
        import socket

        host = socket.gethostname()
    return f"http://{host}:{port}/"


def serve(
    target: Path | str,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    announce: Callable[[], None] | None = None,
) -> None:
    """Serve the store at ``target`` (a file or a ``postgresql://`` URL) until interrupted
    (Ctrl-C); ``announce`` is called once the port is known to be free. Raises OSError
    when it cannot be bound."""
    import socket

    import uvicorn

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))  # OSError now, said in one line, rather than uvicorn's exit
    if announce is not None:
        announce()
    server = uvicorn.Server(_config(target, host, port, quiet=False))
    server.run()
    if not server.started:
        raise OSError(f"{host}:{port}")


class Background:
    """The web view in a daemon thread beside the table (``--serve``); it reads the
    same store through its own read-only connection. :meth:`start` waits until the
    port is bound (raises OSError when it cannot be)."""

    def __init__(self, target: Path | str, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
        import uvicorn

        self.host, self.port = host, port
        self.server = uvicorn.Server(_config(target, host, port, quiet=True))
        self.thread = threading.Thread(target=self.server.run, name="referee-serve", daemon=True)

    def start(self, timeout: float = 10.0) -> None:
        import time

        self.thread.start()
        end = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > end:
                raise OSError(f"{self.host}:{self.port}")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=3)
