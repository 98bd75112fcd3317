"""``referee serve``: the read-only live web view of the session store (issue 14).

Starlette and uvicorn are imported inside the command only, so ``referee --help``
stays as fast as before. ``referee start/resume --serve`` run the same server in a
thread beside the table (:func:`start_background`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.i18n import _

if TYPE_CHECKING:
    from referee.web.server import Background

DEFAULT_HOST = "127.0.0.1"  # referee.web.server.DEFAULT_HOST
DEFAULT_PORT = 8000  # referee.web.server.DEFAULT_PORT

HostOpt = Annotated[str, typer.Option(
    "--host", help=_("Address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (the TV and "
                     "phones on the local network)."))]
PortOpt = Annotated[int, typer.Option("--port", help=_("Port of the web view."))]


def _web_missing() -> str:
    return _("the web view needs starlette and uvicorn: pip install 'court-referee[web]'")


def start_background(path: Path | str, host: str, port: int) -> tuple[Background, str]:
    """Start the web view beside the table; returns it and the line that says where it
    is. Raises OSError (the port cannot be bound) or ImportError (no starlette/uvicorn)
    for the caller to report."""
    from referee.web.server import Background, url

    bg = Background(path, host, port)
    bg.start()
    return bg, _("web view (read-only) at {url}").format(url=url(host, port))


def register(app: typer.Typer) -> None:
    """Add ``referee serve`` to the app."""

    @app.command(help=_("Serve a read-only live view of the sessions for a TV or phones (web page)."))
    def serve(
        session_file: Annotated[Path | None, typer.Option("--session", help=_(
            "Session database file (default: the user data dir, or $REFEREE_DATA_DIR)."))] = None,
        store_url: Annotated[str | None, typer.Option(
            "--store", metavar="URL", help=_("The store: sqlite:///FILE (as --session FILE) or a club's "
                                             "postgresql://USER@HOST/DB (default: $REFEREE_STORE)."))] = None,
        host: HostOpt = DEFAULT_HOST,
        port: PortOpt = DEFAULT_PORT,
        lang: Annotated[str | None, typer.Option("--lang", help=_(
            "Language of the referee: en, ru, kk or tr (default: $REFEREE_LANG, then "
            "LANGUAGE, LC_ALL, LANG)."))] = None,
    ) -> None:
        """Serve a read-only live view of the sessions for a TV or phones (web page)."""
        from referee.cli.live import use_language
        from referee.cli.terminal import terminal
        from referee.errors import RefereeError
        from referee.i18n import render_error
        from referee.session.store import default_path, store_target

        term = terminal()
        if lang is not None:
            use_language(lang)
        try:  # --store, else --session, else $REFEREE_STORE, else the default file (issue 16)
            path = store_target(store_url, session_file) or default_path()
            if isinstance(path, str):  # a club's server: said now when it cannot be reached
                from referee.web.feed import ReadOnlyStore

                ReadOnlyStore(path).close()
        except RefereeError as exc:
            term.abort(render_error(exc))
        try:
            from referee.web.server import serve as run_server
            from referee.web.server import url
        except ImportError:
            term.abort(_web_missing())
        try:
            run_server(path, host, port, lambda: typer.echo(
                _("web view (read-only) at {url}").format(url=url(host, port))))
        except OSError:
            term.abort(_("cannot listen on {host}:{port} (is another server using it?)").format(
                host=host, port=port))
