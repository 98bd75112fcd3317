"""``referee start --profile P``: start a session at the table (issue 3).

Type each card, or pipe a file of entries; with the camera options (the group shared
with ``resume``, :func:`referee.cli.options.camera_options`) the camera reads them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.options import (
    NO_CAMERA,
    BellOpt,
    CameraArgs,
    LangOpt,
    ProfileOpt,
    ServeOpt,
    SessionOpt,
    StoreOpt,
    camera_options,
)
from referee.cli.serve import DEFAULT_HOST, DEFAULT_PORT, HostOpt, PortOpt
from referee.i18n import _, language, render_error


def register(app: typer.Typer) -> None:
    """Add ``start`` to the ``referee`` app."""
    app.command("start", help=_("Start a session at the table: type each card (or pipe a file of entries)."))(
        start
    )


@camera_options()
def start(
    ctx: typer.Context,
    profile: ProfileOpt,
    players: Annotated[str, typer.Option("--players", help=_("Names by seat: S=Azamat,E=Timur,..."))] = "",
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            help=_(
                "First dealer S|E|N|W or random (pagat, R40; drawn at random when neither "
                "--dealer nor --caller is given)."
            ),
        ),
    ] = None,
    caller: Annotated[
        str | None,
        typer.Option(
            "--caller",
            help=_(
                "First trump caller (kort R11; drawn at random when not given). Under pagat "
                "the first dealer is the player before him (R40)."
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help=_("Seed of the draw for the first seat."))
    ] = None,
    duration: Annotated[
        str | None, typer.Option("--duration", help=_("Agreed length, e.g. 90m (R44)."))
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", help=_("Match wins to win a match (kort R31)."))
    ] = None,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    lang: LangOpt = None,
    camera: CameraArgs = NO_CAMERA,
    table: Annotated[
        str | None,
        typer.Option("--table", metavar="NAME", help=_("The table this session is played at (e.g. 3).")),
    ] = None,
    new_player: Annotated[
        bool, typer.Option("--new-player", help=_("Take a name close to a known player's as a new player."))
    ] = False,
    serve: ServeOpt = False,
    host: HostOpt = DEFAULT_HOST,
    port: PortOpt = DEFAULT_PORT,
    bell: BellOpt = True,
) -> None:
    """Start a session at the table: type each card (or pipe a file of entries).

    Exit 2 for a usage error (a bad duration, seat map or camera option, a name one
    letter off a known player's), 1 for a refused profile or store; nothing is stored
    before the first session is."""
    from referee.cli import club
    from referee.cli.application import EXIT_USAGE, application
    from referee.cli.live import camera_settings, open_store, parse_duration, run_table, start_web
    from referee.club.names import NearNameError
    from referee.errors import RefereeError
    from referee.live.controller import LiveSession
    from referee.live.entry import parse_players

    app = application(ctx)
    try:
        minutes = parse_duration(duration) if duration else None
        names = parse_players([players]) if players else {}
        cam = camera.options()
        with open_store(session_file, store_url, create=True) as store:
            names = club.known_players(store, names, new_player=new_player)
            web: list[str] = []
            start_web(store, serve, host, port, web)  # before the session: a busy port stores nothing
            session, head = LiveSession.start(
                store,
                profile=profile,
                players=names,
                dealer=dealer,
                caller=caller,
                seed=seed,
                duration=minutes,
                target=target,
                settings=camera_settings(cam),
                lang=language(),
            )
            store.acquire(session.header.id)
            club.link_session(store, session.header.id, names, table)
            head.append(session.where())
            run_table(app, session, head + web, cam, bell)
    except NearNameError as exc:
        app.abort(render_error(exc), EXIT_USAGE)
    except RefereeError as exc:
        app.abort(render_error(exc))
    except ValueError as exc:
        app.abort(render_error(exc), EXIT_USAGE)
