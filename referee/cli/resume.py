"""``referee resume [ID]``: continue a session exactly where it stopped (issue 3).

The camera options are the group shared with ``start``; what is not typed is taken
as the session was started (its header's ``camera`` settings).
"""

from __future__ import annotations

import typer

from referee.cli.options import (
    NO_CAMERA,
    BellOpt,
    CameraArgs,
    IdArg,
    LangOpt,
    ServeOpt,
    SessionOpt,
    StoreOpt,
    TakeOverOpt,
    camera_options,
)
from referee.cli.serve import DEFAULT_HOST, DEFAULT_PORT, HostOpt, PortOpt
from referee.i18n import _, render_error


def register(app: typer.Typer) -> None:
    """Add ``resume`` to the ``referee`` app."""
    app.command("resume", help=_("Continue a session exactly where it stopped (the open trick included)."))(
        resume
    )


@camera_options(resume=True)
def resume(
    ctx: typer.Context,
    session_id: IdArg = None,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    take_over: TakeOverOpt = False,
    camera: CameraArgs = NO_CAMERA,
    lang: LangOpt = None,
    serve: ServeOpt = False,
    host: HostOpt = DEFAULT_HOST,
    port: PortOpt = DEFAULT_PORT,
    bell: BellOpt = True,
) -> None:
    """Continue a session exactly where it stopped (the open trick included).

    Exit 2 for a bad camera option, 1 for a missing session or one another referee
    holds (without ``--take-over``)."""
    from referee.cli.application import EXIT_USAGE, application
    from referee.cli.live import (
        camera_settings,
        open_store,
        run_table,
        session_language,
        start_web,
    )
    from referee.errors import RefereeError
    from referee.live import messages as M
    from referee.live.controller import LiveSession

    app = application(ctx)
    try:
        with open_store(session_file, store_url) as store:
            sid = store.resolve(session_id)
            header = store.header(sid)
            lang = session_language(header.language)
            try:
                cam = camera.over(dict(header.settings.get("camera") or {})).options()
            except ValueError as exc:
                app.abort(render_error(exc), EXIT_USAGE)
            store.acquire(sid, take_over=take_over)
            session = LiveSession.resume(store, sid, lang=lang)
            h = session.header
            remembered = camera_settings(cam)
            if remembered and remembered != {k: v for k, v in h.settings.items() if k == "camera"}:
                store.set_settings(sid, settings={**h.settings, **remembered})
            head = [
                _(M.RESUMED).format(sid=h.id, profile=M.printable(h.profile_name), path=store.path),
                _(M.PLAYERS_LINE).format(players=M.players_text(h.players)),
                session.where(),
            ]
            start_web(store, serve, host, port, head)
            run_table(app, session, head, cam, bell)
    except RefereeError as exc:
        app.abort(render_error(exc))
