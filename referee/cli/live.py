"""``referee start | resume | sessions | report | export | log``: the live table (issues 3, 11).

Imports nothing heavy at module level (rich, sqlite3, yaml load inside the
commands), so ``referee --help`` stays fast.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from referee.cli import club as club_opts
from referee.cli.serve import DEFAULT_HOST, DEFAULT_PORT, HostOpt, PortOpt
from referee.i18n import _, render_error

if TYPE_CHECKING:
    from referee.live.camera import CameraOptions
    from referee.live.controller import LiveSession
    from referee.session.store import Store


# Help texts are translated when this module is imported: ``referee.cli.main`` chooses
# the language (referee.i18n.setup) before it imports the command modules.
_SessionOpt = Annotated[Path | None, typer.Option(
    "--session", help=_("Session database file (default: the user data dir, or $REFEREE_DATA_DIR)."))]
_StoreOpt = Annotated[str | None, typer.Option(
    "--store", metavar="URL", help=_("The store: sqlite:///FILE (as --session FILE) or a club's "
                                     "postgresql://USER@HOST/DB (default: $REFEREE_STORE)."))]
_IdArg = Annotated[int | None, typer.Argument(metavar="ID", help=_("Session id (default: latest)."))]
_CameraOpt = Annotated[str | None, typer.Option(
    "--camera", metavar="INDEX|URL",
    help=_("Read the cards from camera INDEX (0: the first camera) or a stream URL (a phone: "
           "http://..., rtsp://...); the keyboard stays available."))]
_VideoOpt = Annotated[Path | None, typer.Option(
    "--video", metavar="FILE", help=_("Read the cards from a video file or an image sequence."))]
_SeatsOpt = Annotated[str, typer.Option(
    "--seats", metavar="SEAT=EDGE,...", show_default=False,
    help=_("Which image edge each seat sits at, for the camera: S=bottom,E=right,N=top,W=left."))]
_AreaOpt = Annotated[str | None, typer.Option(
    "--play-area", metavar="X0,Y0,X1,Y1",
    help=_("Where the camera reads plays: x0,y0,x1,y1 as fractions of the frame (default "
           "0.2,0.15,0.8,0.85, the middle)."))]
_ThresholdOpt = Annotated[float, typer.Option(
    "--threshold", metavar="X", show_default=False,
    help=_("Confidence a card read by the camera needs to be entered without asking (0-1, "
           "default 0.6)."))]
_ServeOpt = Annotated[bool, typer.Option(
    "--serve", help=_("Also serve the read-only live web view (see `referee serve`)."))]
_BellOpt = Annotated[bool, typer.Option(
    "--bell/--no-bell", help=_("Ring the terminal bell when an entry is refused."))]
DEFAULT_SEATS = "S=bottom,E=right,N=top,W=left"  # referee.live.camera.DEFAULT_SEATS
DEFAULT_CAMERA_THRESHOLD = 0.6  # referee.live.camera.DEFAULT_CAMERA_THRESHOLD
_LangOpt = Annotated[str | None, typer.Option(
    "--lang", help=_("Language of the referee: en, ru, kk or tr (default: $REFEREE_LANG, then "
                     "LANGUAGE, LC_ALL, LANG)."))]
_TakeOverOpt = Annotated[bool, typer.Option(
    "--take-over", help=_("Take the session over from another referee that still has it open "
                          "(that one stops writing)."))]
_RSeatsOpt = Annotated[str | None, typer.Option(
    "--seats", metavar="SEAT=EDGE,...", show_default=False,
    help=_("Which image edge each seat sits at, for the camera (default: as the session was "
           "started)."))]
_RThresholdOpt = Annotated[float | None, typer.Option(
    "--threshold", metavar="X", show_default=False,
    help=_("Confidence a card read by the camera needs (0-1; default: as the session was "
           "started)."))]


def session_language(header_language: str | None) -> None:
    """Speak the session's language (issue 11) unless ``--lang`` or ``REFEREE_LANG``
    chose one: the order is --lang, REFEREE_LANG, the session's, LANGUAGE/LC_ALL/LANG."""
    from referee import i18n

    if header_language and i18n.ASKED is None and header_language != i18n.language():
        i18n.setup(header_language)


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
        raise typer.BadParameter(_("{value!r} is not a language of the referee (use {choices})").format(
            value=value, choices=", ".join(LANGUAGES)), param_hint="--lang")
    return setup(code)


def _open(session_file: Path | None, store_url: str | None = None, *, create: bool = False,
          readonly: bool = False) -> Store:
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
        raise SessionError(_("no folder {folder} for the session database {path}").format(
            folder=session_file.parent, path=session_file))
    return Store(session_file, create=create, readonly=readonly)


def _session_row(store: Store, sid: int) -> dict[str, str]:
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
    return {"id": str(h.id), "date": h.created[:16].replace("T", " "),
            "profile": M.printable(h.profile_name), "players": M.players_text(h.players),
            "deals": str(len(g.deals)), "courts": f"{g.score.courts[0]}:{g.score.courts[1]}",
            "state": state}


def _stdout_or_file(output: Path) -> bool:
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


def _camera_options(camera: str | int | None, video: Path | None, seats: str, play_area: str | None,
                    threshold: float) -> CameraOptions | None:
    """The camera options, checked (ValueError: a usage error); None without a camera."""
    from referee.live.camera import CameraOptions, parse_camera

    where = parse_camera(str(camera)) if camera is not None else None
    opts = CameraOptions(index=where if isinstance(where, int) else None,
                         url=where if isinstance(where, str) else None,
                         video=str(video) if video is not None else None, seats=seats,
                         play_area=play_area, threshold=threshold)
    opts.check()
    return opts if opts.wanted else None


def _web(store: Store, serve: bool, host: str, port: int, head: list[str]) -> None:
    """With ``--serve``: start the read-only web view beside the table and say where."""
    if not serve:
        return
    from referee.cli.serve import _web_missing, start_background

    try:
        _bg, line = start_background(store.target, host, port)
    except ImportError:
        from referee.errors import RefereeError

        raise RefereeError(_web_missing()) from None
    except OSError:
        from referee.errors import RefereeError

        raise RefereeError(_("cannot listen on {host}:{port} (is another server using it?)").format(
            host=host, port=port)) from None
    head.append(line)


def _run(session: LiveSession, head: list[str], camera: CameraOptions | None = None,
         bell: bool = True) -> None:
    """Run the entries: the rich screen on a terminal, plain lines otherwise; with a
    camera, its cards go through the same entries (referee.live.camera). Typed entries
    are stored with the origin ``keyboard`` on a terminal, ``script`` otherwise."""
    import sys

    from referee.session.origin import KEYBOARD, SCRIPT

    session.default_origin = KEYBOARD if sys.stdin.isatty() else SCRIPT

    if sys.stdin.isatty() and sys.stdout.isatty():
        if camera is not None:
            from referee.live.camera import run_screen_camera

            run_screen_camera(session, head, camera)
            return
        from referee.live.screen import run_screen

        run_screen(session, head, bell=bell)
        return
    from referee.live.plain import run_plain

    def plain(out: TextIO) -> None:
        if camera is not None:
            from referee.live.camera import run_plain_camera

            run_plain_camera(session, sys.stdin, camera, out, sys.stderr)
        else:
            run_plain(session, sys.stdin, out, sys.stderr)

    try:
        sys.stdout.write("\n".join(head) + "\n")
        sys.stdout.flush()
        plain(sys.stdout)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None  # every accepted entry is already stored
    except BrokenPipeError:
        # The reader went away (``| head``): the entry being shown is stored; take the
        # rest of the input silently, as a script expects all of it to be entered.
        import io
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        plain(io.StringIO())


def register(app: typer.Typer) -> None:
    """Add the live-table commands to the ``referee`` app."""

    @app.command(help=_("Start a session at the table: type each card (or pipe a file of entries)."))
    def start(
        profile: Annotated[str, typer.Option(
            "--profile", help=_("Built-in profile name or a profile YAML."))],
        players: Annotated[str, typer.Option(
            "--players", help=_("Names by seat: S=Azamat,E=Timur,..."))] = "",
        dealer: Annotated[str | None, typer.Option("--dealer", help=_(
            "First dealer S|E|N|W or random (pagat, R40; drawn at random when neither "
            "--dealer nor --caller is given)."))] = None,
        caller: Annotated[str | None, typer.Option("--caller", help=_(
            "First trump caller (kort R11; drawn at random when not given). Under pagat "
            "the first dealer is the player before him (R40)."))] = None,
        seed: Annotated[int | None, typer.Option(
            "--seed", help=_("Seed of the draw for the first seat."))] = None,
        duration: Annotated[str | None, typer.Option(
            "--duration", help=_("Agreed length, e.g. 90m (R44)."))] = None,
        target: Annotated[int | None, typer.Option(
            "--target", help=_("Match wins to win a match (kort R31)."))] = None,
        session_file: _SessionOpt = None,
        store_url: _StoreOpt = None,
        lang: _LangOpt = None,
        camera: _CameraOpt = None,
        video: _VideoOpt = None,
        seats: _SeatsOpt = DEFAULT_SEATS,
        play_area: _AreaOpt = None,
        threshold: _ThresholdOpt = DEFAULT_CAMERA_THRESHOLD,
        table: Annotated[str | None, typer.Option(
            "--table", metavar="NAME", help=_("The table this session is played at (e.g. 3)."))] = None,
        new_player: Annotated[bool, typer.Option("--new-player", help=_(
            "Take a name close to a known player's as a new player."))] = False,
        serve: _ServeOpt = False,
        host: HostOpt = DEFAULT_HOST,
        port: PortOpt = DEFAULT_PORT,
        bell: _BellOpt = True,
    ) -> None:
        """Start a session at the table: type each card (or pipe a file of entries)."""
        from referee.cli import club
        from referee.cli.terminal import EXIT_USAGE, terminal
        from referee.club.names import NearNameError
        from referee.errors import RefereeError
        from referee.live.controller import LiveSession
        from referee.live.entry import parse_players

        term = terminal()
        if lang is not None:
            use_language(lang)
        try:
            minutes = parse_duration(duration) if duration else None
            names = parse_players([players]) if players else {}
            cam = _camera_options(camera, video, seats, play_area, threshold)
            with _open(session_file, store_url, create=True) as store:
                names = club.known_players(store, names, new_player=new_player)
                web: list[str] = []
                _web(store, serve, host, port, web)  # before the session: a busy port stores nothing
                session, head = LiveSession.start(
                    store, profile=profile, players=names, dealer=dealer, caller=caller,
                    seed=seed, duration=minutes, target=target, settings=camera_settings(cam))
                store.acquire(session.header.id)
                club.link_session(store, session.header.id, names, table)
                head.append(session.where())
                _run(session, head + web, cam, bell)
        except NearNameError as exc:
            term.abort(render_error(exc), EXIT_USAGE)
        except RefereeError as exc:
            term.abort(render_error(exc))
        except ValueError as exc:
            term.abort(render_error(exc), 2)

    @app.command(help=_("Continue a session exactly where it stopped (the open trick included)."))
    def resume(
        session_id: _IdArg = None,
        session_file: _SessionOpt = None,
        store_url: _StoreOpt = None,
        take_over: _TakeOverOpt = False,
        camera: _CameraOpt = None,
        video: _VideoOpt = None,
        seats: _RSeatsOpt = None,
        play_area: _AreaOpt = None,
        threshold: _RThresholdOpt = None,
        lang: _LangOpt = None,
        serve: _ServeOpt = False,
        host: HostOpt = DEFAULT_HOST,
        port: PortOpt = DEFAULT_PORT,
        bell: _BellOpt = True,
    ) -> None:
        """Continue a session exactly where it stopped (the open trick included)."""
        from referee.cli.terminal import terminal
        from referee.errors import RefereeError
        from referee.live import messages as M
        from referee.live.controller import LiveSession

        if lang is not None:
            use_language(lang)
        try:
            with _open(session_file, store_url) as store:
                sid = store.resolve(session_id)
                header = store.header(sid)
                session_language(header.language)
                saved = dict(header.settings.get("camera") or {})
                try:
                    cam = _camera_options(
                        camera if camera is not None or video is not None
                        else saved.get("index", saved.get("url")),
                        video,
                        seats if seats is not None else str(saved.get("seats", DEFAULT_SEATS)),
                        play_area if play_area is not None else saved.get("play_area"),
                        threshold if threshold is not None else float(
                            saved.get("threshold", DEFAULT_CAMERA_THRESHOLD)))
                except ValueError as exc:
                    terminal().abort(render_error(exc), 2)
                store.acquire(sid, take_over=take_over)
                session = LiveSession.resume(store, sid)
                h = session.header
                remembered = camera_settings(cam)
                if remembered and remembered != {k: v for k, v in h.settings.items() if k == "camera"}:
                    store.set_settings(sid, settings={**h.settings, **remembered})
                head = [_(M.RESUMED).format(sid=h.id, profile=M.printable(h.profile_name),
                                            path=store.path),
                        _(M.PLAYERS_LINE).format(players=M.players_text(h.players)),
                        session.where()]
                _web(store, serve, host, port, head)
                _run(session, head, cam, bell)
        except RefereeError as exc:
            terminal().abort(render_error(exc))

    @app.command(help=_("List the stored sessions: date, profile, players, deals, courts, state."))
    def sessions(
        session_files: Annotated[list[Path] | None, typer.Option(
            "--session", help=_("Session database file (default: the user data dir, or "
                                "$REFEREE_DATA_DIR); may be given several times."))] = None,
        store_url: _StoreOpt = None,
        player: club_opts.PlayerOpt = None,
        pair: club_opts.PairOpt = None,
        table: club_opts.TableOpt = None,
        since: club_opts.SinceOpt = None,
        until: club_opts.UntilOpt = None,
        lang: _LangOpt = None,
    ) -> None:
        """List the stored sessions: date, profile, players, deals, courts, state.

        A file that cannot be read (not a session database, damaged, newer) and a
        session that cannot be rebuilt are each named in one ``error:`` line; the
        others are listed, and the exit code is 1."""
        import sys

        from referee.cli import club
        from referee.cli.terminal import terminal
        from referee.errors import RefereeError
        from referee.live import messages as M

        crit = club.criteria(player, pair, table, since, until)
        files: list[tuple[Path | None, str | None]] = [(f, None) for f in session_files or ()]
        if store_url:
            files.append((None, store_url))
        files = files or [(None, None)]
        bad = 0
        width = terminal().out.width if sys.stdout.isatty() else 80
        for file, url in files:
            try:
                with _open(file, url, readonly=True) as store:
                    ids = store.session_ids()
                    title = M.printable(str(store.path))
                    if len(files) > 1:
                        typer.echo(f"{title}:")
                    if not ids:
                        typer.echo(_(M.SESSIONS_NONE).format(path=title))
                        continue
                    if not crit.empty:
                        chosen = {s.id for s in club.select(store, crit)}
                        ids = [sid for sid in ids if sid in chosen]
                        if not ids:
                            typer.echo(_("no session in {path} matches the filters").format(
                                path=title))
                            continue
                    rows: list[dict[str, str]] = []
                    for sid in ids:
                        try:
                            rows.append(_session_row(store, sid))
                        except RefereeError as exc:
                            bad += 1
                            terminal().error(M.printable(render_error(exc)))
                    if rows:
                        typer.echo("\n".join(M.sessions_lines(rows, width)))
            except RefereeError as exc:
                bad += 1
                terminal().error(M.printable(render_error(exc)))
        if bad:
            raise typer.Exit(1)

    @app.command(help=_("Print the session summary: courts and totals, each deal's result."))
    def report(
        session_id: _IdArg = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("The replay --json summary report."))] = False,
        session_file: _SessionOpt = None,
        store_url: _StoreOpt = None,
        player: club_opts.PlayerOpt = None,
        pair: club_opts.PairOpt = None,
        table: club_opts.TableOpt = None,
        since: club_opts.SinceOpt = None,
        until: club_opts.UntilOpt = None,
        lang: _LangOpt = None,
    ) -> None:
        """Print the session summary: courts and totals, each deal's result."""
        import json

        from referee.cli import club
        from referee.cli.terminal import EXIT_USAGE, terminal
        from referee.errors import RefereeError
        from referee.live.controller import LiveSession, summary_lines

        crit = club.criteria(player, pair, table, since, until)
        if not crit.empty:
            if session_id is not None:
                terminal().abort(_("give a session ID or filters, not both"), EXIT_USAGE)
            try:
                with _open(session_file, store_url) as store:
                    club.report_selected(store, crit, as_json=as_json)
            except RefereeError as exc:
                terminal().abort(render_error(exc))
            return
        try:
            with _open(session_file, store_url, readonly=True) as store:
                session = LiveSession.resume(store, session_id)
                session_language(session.header.language)
                if as_json:
                    typer.echo(json.dumps(session.game.report(), indent=2))
                else:
                    typer.echo("\n".join(summary_lines(session)))
        except RefereeError as exc:
            terminal().abort(render_error(exc))

    @app.command(help=_("Write the session as a record (record-format.md) that `referee replay` reads."))
    def export(
        output: Annotated[Path, typer.Option("-o", "--output", help=_("The record file to write (YAML)."))],
        session_id: _IdArg = None,
        session_file: _SessionOpt = None,
        store_url: _StoreOpt = None,
        lang: _LangOpt = None,
    ) -> None:
        """Write the session as a record (record-format.md) that `referee replay` reads."""
        from referee.cli.terminal import terminal
        from referee.errors import RefereeError
        from referee.live import messages as M
        from referee.live.controller import LiveSession

        term = terminal()
        try:
            from referee.records import dump_record, write_text_atomic
        except ImportError:
            term.abort(_(M.EXPORT_NEEDS_RECORDS))
        try:
            to_stdout = _stdout_or_file(output)
            with _open(session_file, store_url, readonly=True) as store:
                session = LiveSession.resume(store, session_id)
                h = session.header
                text = dump_record(session.game, profile=h.profile, players=h.players or None,
                                   date=h.created[:10], duration=h.duration)
            if to_stdout:
                typer.echo(text, nl=False)
                return
            write_text_atomic(output, text)
            typer.echo(M.exported(output, h.id, len(session.game.deals)))
        except RefereeError as exc:
            term.abort(render_error(exc))
        except OSError as exc:
            term.abort(_("cannot write {path}: {reason}").format(path=output,
                                                                 reason=exc.strerror or exc))

    @app.command(help=_("The session's whole history: every entry typed, when, from where, what was "
                        "undone or fixed and by which entry."))
    def log(
        session_id: _IdArg = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("The history as JSON."))] = False,
        session_file: _SessionOpt = None,
        store_url: _StoreOpt = None,
        lang: _LangOpt = None,
    ) -> None:
        """The session's whole history (issue 11): never changed, only appended to."""
        import json

        from referee.cli.terminal import terminal
        from referee.errors import RefereeError
        from referee.live.history import log_json, log_lines

        try:
            with _open(session_file, store_url) as store:
                sid = store.resolve(session_id)
                session_language(store.header(sid).language)
                entries = store.log(sid)
                if as_json:
                    typer.echo(json.dumps(log_json(sid, entries), indent=2, ensure_ascii=False))
                else:
                    typer.echo("\n".join(log_lines(sid, entries)))
        except RefereeError as exc:
            terminal().abort(render_error(exc))

    @app.command(help=_("Copy the session database into one file (every entry stored so far), "
                        "also while a session is being played."))
    def backup(
        output: Annotated[Path, typer.Option("-o", "--output", help=_(
            "The backup file to write (a new file, or one to replace)."))],
        session_file: _SessionOpt = None,
        store_url: _StoreOpt = None,
    ) -> None:
        """Copy the session database into one file with SQLite's backup API.

        Copying ``sessions.db`` alone is not enough while (or after) a session runs: the
        latest entries are in the ``-wal`` file beside it. The backup is one consistent
        file that ``--session FILE`` opens."""
        from referee.cli.terminal import terminal
        from referee.errors import RefereeError
        from referee.records import check_output

        term = terminal()
        try:
            if str(output) == "-":
                raise RefereeError(_("a backup is a database file, not text: give a file name"))
            check_output(output)
            if not output.parent.is_dir():
                from referee.live import messages as M

                raise RefereeError(_(M.NO_FOLDER).format(folder=output.parent, path=output))
            with _open(session_file, store_url, readonly=True) as store:
                if output.exists() and output.resolve() == store.path.resolve():
                    raise RefereeError(_("{path} is the session database itself").format(path=output))
                count = len(store.session_ids())
                store.backup(output)
                typer.echo(_("wrote {target}: a backup of {path} ({count} sessions); open it with "
                             "--session {target}").format(target=output, path=store.path, count=count))
        except RefereeError as exc:
            term.abort(render_error(exc))
        except OSError as exc:
            term.abort(_("cannot write {path}: {reason}").format(path=output,
                                                                 reason=exc.strerror or exc))
