"""``referee players``: the known players (issue 15). Moved out of ``referee.cli.club``
(one module per command)."""

from __future__ import annotations

import typer

from referee.cli.club import select
from referee.cli.options import LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, ngettext, render_error


def register(app: typer.Typer) -> None:
    """Add ``players`` to the ``referee`` app."""
    app.command(help=_("List the known players: sessions played, first and last session day."))(players)


def players(
    ctx: typer.Context, session_file: SessionOpt = None, store_url: StoreOpt = None, lang: LangOpt = None
) -> None:
    """List the known players."""
    from referee.cli.application import application
    from referee.cli.live import open_store
    from referee.club.names import name_key
    from referee.club.select import Criteria
    from referee.errors import RefereeError

    app = application(ctx)
    try:
        with open_store(session_file, store_url) as store:
            sessions = select(store, Criteria())
            from referee.club.db import ClubDB

            with ClubDB(store.target) as club:
                names = club.players()
    except RefereeError as exc:
        app.abort(render_error(exc))
    seen: dict[str, list[str]] = {}
    for s in sessions:
        for n in s.players.values():
            seen.setdefault(name_key(n), []).append(s.date)
    for n in names:
        days = seen.get(name_key(n), [])
        app.echo(
            ngettext(
                "{name}: {count} session, {first} to {last}",
                "{name}: {count} sessions, {first} to {last}",
                len(days),
            ).format(
                name=n, count=len(days), first=min(days) if days else "-", last=max(days) if days else "-"
            )
        )
