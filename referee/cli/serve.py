"""``referee serve``: the read-only live web view of the session store (issue 14).

Starlette and uvicorn are imported inside the command only, so ``referee --help``
stays as fast as before. ``referee start/resume --serve`` run the same server in a
thread beside the table (:func:`start_background`).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.options import LangOpt, SessionOpt, StoreOpt
from referee.i18n import _

if TYPE_CHECKING:
    from referee.web.server import Background

DEFAULT_HOST = "127.0.0.1"  # referee.web.server.DEFAULT_HOST
DEFAULT_PORT = 8000  # referee.web.server.DEFAULT_PORT

HostOpt = Annotated[
    str,
    typer.Option(
        "--host",
        help=_(
            "Address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (the TV and "
            "phones on the local network)."
        ),
    ),
]
PortOpt = Annotated[int, typer.Option("--port", help=_("Port of the web view."))]


def _web_missing() -> str:
    return _("the web view needs starlette and uvicorn: pip install 'court-referee[web]'")


def web_server() -> ModuleType:
    """``referee.web.server``, once starlette and uvicorn are known to be installed: the
    one check behind ``referee serve`` and ``start/resume --serve``. Raises
    :class:`referee.errors.RefereeError` with the one line that says what to install
    when either is missing (the server imports them lazily, so importing the module
    alone proves nothing)."""
    from referee.errors import RefereeError

    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401

        from referee.web import server
    except ImportError:
        raise RefereeError(_web_missing()) from None
    return server


def start_background(path: Path | str, host: str, port: int) -> tuple[Background, str]:
    """Start the web view beside the table; returns it and the line that says where it
    is. Raises OSError (the port cannot be bound) or RefereeError (no starlette/uvicorn,
    :func:`web_server`) for the caller to report."""
    server = web_server()
    bg: Background = server.Background(path, host, port)
    bg.start()
    return bg, _("web view (read-only) at {url}").format(url=server.url(host, port))


def register(app: typer.Typer) -> None:
    """Add ``referee serve`` to the app."""
    app.command(
        "serve", help=_("Serve a read-only live view of the sessions for a TV or phones (web page).")
    )(serve)


def serve(
    ctx: typer.Context,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    host: HostOpt = DEFAULT_HOST,
    port: PortOpt = DEFAULT_PORT,
    lang: LangOpt = None,
) -> None:
    """Serve a read-only live view of the sessions for a TV or phones (web page).

    The store is ``--store URL``, else ``--session FILE``, else ``$REFEREE_STORE``, else
    the default file (issue 16). Exit 1 without starlette/uvicorn, when the port cannot
    be bound, or when a PostgreSQL server cannot be reached (one line)."""
    from referee.cli.application import application
    from referee.errors import RefereeError
    from referee.i18n import render_error
    from referee.session.store import default_path, store_target

    app = application(ctx)
    try:
        path = store_target(store_url, session_file) or default_path()
        if isinstance(path, str):  # a club's server: said now when it cannot be reached
            from referee.web.feed import ReadOnlyStore

            ReadOnlyStore(path).close()
        server = web_server()
    except RefereeError as exc:
        app.abort(render_error(exc))
    try:
        server.serve(
            path,
            host,
            port,
            lambda: app.echo(_("web view (read-only) at {url}").format(url=server.url(host, port))),
        )
    except OSError:
        app.abort(
            _("cannot listen on {host}:{port} (is another server using it?)").format(host=host, port=port)
        )
