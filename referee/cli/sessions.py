"""``referee sessions``: list the stored sessions (issues 3, 15, 16)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from referee.cli import club as club_opts
from referee.cli.options import LangOpt, SessionsOpt, StoreOpt
from referee.i18n import _, render_error

if TYPE_CHECKING:
    from referee.cli.application import Application
    from referee.club.select import Criteria


def register(app: typer.Typer) -> None:
    """Add ``sessions`` to the ``referee`` app."""
    app.command(
        "sessions", help=_("List the stored sessions: date, profile, players, deals, courts, state.")
    )(sessions)


def sessions(
    ctx: typer.Context,
    session_files: SessionsOpt = None,
    store_url: StoreOpt = None,
    player: club_opts.PlayerOpt = None,
    pair: club_opts.PairOpt = None,
    table: club_opts.TableOpt = None,
    since: club_opts.SinceOpt = None,
    until: club_opts.UntilOpt = None,
    lang: LangOpt = None,
) -> None:
    """List the stored sessions: date, profile, players, deals, courts, state.

    A file that cannot be read (not a session database, damaged, newer) and a
    session that cannot be rebuilt are each named in one ``error:`` line; the
    others are listed, and the exit code is 1."""
    from referee.cli import club
    from referee.cli.application import EXIT_INVALID, application

    app = application(ctx)
    crit = club.criteria(app, player, pair, table, since, until)
    files: list[tuple[Path | None, str | None]] = [(f, None) for f in session_files or ()]
    if store_url:
        files.append((None, store_url))
    files = files or [(None, None)]
    bad = sum(_list_store(app, file, url, crit, titled=len(files) > 1) for file, url in files)
    if bad:
        app.exit(EXIT_INVALID)


def _list_store(app: Application, file: Path | None, url: str | None, crit: Criteria, *, titled: bool) -> int:
    """List the sessions of one store (``titled``: under its name); returns how many
    could not be read (the store itself counts one)."""
    from referee.cli import club
    from referee.cli.live import open_store, session_row
    from referee.errors import RefereeError
    from referee.live import messages as M

    bad = 0
    try:
        with open_store(file, url, readonly=True) as store:
            ids = store.session_ids()
            title = M.printable(str(store.path))
            if titled:
                app.echo(f"{title}:")
            if not ids:
                app.echo(_(M.SESSIONS_NONE).format(path=title))
                return 0
            if not crit.empty:
                chosen = {s.id for s in club.select(store, crit)}
                ids = [sid for sid in ids if sid in chosen]
                if not ids:
                    app.echo(_("no session in {path} matches the filters").format(path=title))
                    return 0
            rows: list[dict[str, str]] = []
            for sid in ids:
                try:
                    rows.append(session_row(store, sid))
                except RefereeError as exc:
                    bad += 1
                    app.error(M.printable(render_error(exc)))
            if rows:
                app.echo("\n".join(M.sessions_lines(rows, app.width())))
    except RefereeError as exc:
        bad += 1
        app.error(M.printable(render_error(exc)))
    return bad
