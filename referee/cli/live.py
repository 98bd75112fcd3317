"""The live table's plumbing, shared by ``start``, ``resume``, ``sessions``, ``report``,
``export``, ``log`` and ``backup`` (one module each under ``referee/cli/``; issues 3, 11):
opening the store, the session's language, running the table loop of
:mod:`referee.live` with the streams of the :class:`~referee.cli.application.Application`.

Imports nothing heavy at module level (rich, sqlite3, yaml load inside the
functions), so ``referee --help`` stays fast.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import typer

from referee.cli.application import EXIT_INTERRUPTED
from referee.cli.options import DEFAULT_CAMERA_THRESHOLD, DEFAULT_SEATS
from referee.i18n import _

if TYPE_CHECKING:
    from referee.cli.application import Application
    from referee.live.camera import CameraOptions
    from referee.live.controller import LiveSession
    from referee.session.store import Store

__all__ = [
    "DEFAULT_CAMERA_THRESHOLD",
    "DEFAULT_SEATS",
    "camera_settings",
    "open_store",
    "parse_duration",
    "run_table",
    "session_language",
    "use_language",
]


def session_language(header_language: str | None) -> str:
    """Speak the session's language (issue 11) unless ``--lang`` or ``REFEREE_LANG``
    chose one: the order is --lang, REFEREE_LANG, the session's, LANGUAGE/LC_ALL/LANG.
    Returns the language chosen, for the live session to be given (issue 8)."""
    from referee import i18n

    if header_language and i18n.ASKED is None and header_language != i18n.language():
        i18n.setup(header_language)
    return i18n.language()


def camera_settings(opts: CameraOptions | None) -> dict[str, object]:
    """The camera options a session remembers for ``resume`` (not a video file: it
    would be read again from its start)."""
    if opts is None:
        return {}
    cam: dict[str, object] = {"seats": opts.seats, "threshold": opts.threshold}
    if opts.index is not None:
        cam["index"] = opts.index
    if opts.url is not None:
        cam["url"] = opts.url
    if opts.play_area is not None:
        cam["play_area"] = opts.play_area
    return {"camera": cam}


def parse_duration(text: str) -> int:
    """``90m``, ``1h30m``, ``2h`` or ``90`` -> minutes. Raises ValueError."""
    t = text.strip().lower().replace(" ", "")
    if t.isdigit():
        minutes = int(t)
    else:
        m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)(?:m|min))?", t)
        if not m or not (m.group(1) or m.group(2)):
            raise ValueError(_("not a duration: {text!r} (e.g. 90m, 1h30m, 2h)").format(text=text))
        minutes = int(m.group(1) or 0) * 60 + int(m.group(2) or 0)
    if minutes <= 0:
        raise ValueError(_("not a duration: {text!r} (must be positive)").format(text=text))
    return minutes


def use_language(value: str) -> str:
    """Switch to language ``value`` (``--lang``); a usage error for one we do not have."""
    from referee.i18n import LANGUAGES, normalise_language, setup

    code = normalise_language(value)
    if code is None:
        raise typer.BadParameter(
            _("{value!r} is not a language of the referee (use {choices})").format(
                value=value, choices=", ".join(LANGUAGES)
            ),
            param_hint="--lang",
        )
    return setup(code)


def open_store(
    session_file: Path | None, store_url: str | None = None, *, create: bool = False, readonly: bool = False
) -> Store:
    """The session database. Only ``start`` passes ``create``; the other commands get a
    SessionError when it is missing. A ``--session`` file's folder must exist (only the
    default data dir is made). Nothing is written before the first session is stored.
    ``readonly``: the commands that only read (sessions, report, export, backup) work on a
    file in a read-only folder too (and write nothing to a PostgreSQL store).
    ``--store URL`` (else ``--session``, else ``$REFEREE_STORE``) may name a club's
    PostgreSQL database instead (issue 16)."""
    from referee.session.store import SessionError, Store, store_target

    target = store_target(store_url, session_file)
    if isinstance(target, str):
        return Store(target, create=create, readonly=readonly)
    session_file = target
    if create and session_file is not None and not session_file.parent.is_dir():
        raise SessionError(
            _("no folder {folder} for the session database {path}").format(
                folder=session_file.parent, path=session_file
            )
        )
    return Store(session_file, create=create, readonly=readonly)


def session_row(store: Store, sid: int) -> dict[str, str]:
    """One row of ``referee sessions``. Raises RefereeError for an unreadable session."""
    from referee.live import messages as M
    from referee.live.controller import LiveSession

    s = LiveSession.resume(store, sid)
    g = s.game
    h = s.header
    if g.over:
        state = _(M.STATE_ENDED)
    elif g.in_progress and g.current is not None:
        state = _(M.STATE_PLAYING).format(deal=g.current.number)
    else:
        state = _(M.STATE_BETWEEN) if g.deals else _(M.STATE_NEW)
    return {
        "id": str(h.id),
        "date": h.created[:16].replace("T", " "),
        "profile": M.printable(h.profile_name),
        "players": M.players_text(h.players),
        "deals": str(len(g.deals)),
        "courts": f"{g.score.courts[0]}:{g.score.courts[1]}",
        "state": state,
    }


def stdout_or_file(output: Path) -> bool:
    """True for ``-o -`` (the standard output); else check that ``output`` may be written:
    its folder exists and it is a regular file or nothing (RefereeError)."""
    from referee.errors import RefereeError
    from referee.live import messages as M
    from referee.records import check_output

    if str(output) == "-":
        return True
    check_output(output)
    if not output.parent.is_dir():
        raise RefereeError(_(M.NO_FOLDER).format(folder=output.parent, path=output))
    return False


def start_web(store: Store, serve: bool, host: str, port: int, head: list[str]) -> None:
    """With ``--serve``: start the read-only web view beside the table and say where."""
    if not serve:
        return
    from referee.cli.serve import start_background

    try:
        _bg, line = start_background(store.target, host, port)  # RefereeError: no web extra
    except OSError:
        from referee.errors import RefereeError

        raise RefereeError(
            _("cannot listen on {host}:{port} (is another server using it?)").format(host=host, port=port)
        ) from None
    head.append(line)


def run_table(
    app: Application,
    session: LiveSession,
    head: list[str],
    camera: CameraOptions | None = None,
    bell: bool = True,
) -> None:
    """Run the entries: the rich screen on a terminal, plain lines otherwise (``app``'s
    streams); with a camera, its cards go through the same entries
    (referee.live.camera). Typed entries are stored with the origin ``keyboard`` on a
    terminal, ``script`` otherwise. Ctrl-C: exit 130 (every accepted entry is stored)."""
    from referee.session.origin import KEYBOARD, SCRIPT

    session.default_origin = KEYBOARD if app.stdin.isatty() else SCRIPT

    if app.interactive:
        if camera is not None:
            from referee.live.camera import run_screen_camera

            run_screen_camera(session, head, camera, bell=bell)
            return
        from referee.live.screen import run_screen

        run_screen(session, head, bell=bell)
        return
    from referee.live.plain import run_plain

    def plain(out: TextIO) -> None:
        if camera is not None:
            from referee.live.camera import run_plain_camera

            run_plain_camera(session, app.stdin, camera, out, app.stderr)
        else:
            run_plain(session, app.stdin, out, app.stderr)

    try:
        app.write("\n".join(head) + "\n")
        plain(app.stdout)
    except KeyboardInterrupt:
        app.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (``| head``): the entry being shown is stored; take the
        # rest of the input silently, as a script expects all of it to be entered.
        import io
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), app.stdout.fileno())
        plain(io.StringIO())


_open = open_store
"""The old name of :func:`open_store` (``referee.cli.club`` uses it)."""
