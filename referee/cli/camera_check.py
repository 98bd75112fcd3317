"""``referee camera check [IMAGE] [--camera INDEX] [--seats ...]``: is the camera set up?

Reads one photo, or one frame from a camera (a few frames are dropped first
while it adjusts its exposure), and prints what :func:`vision.camera_check.check_frame`
measured (cards found and read, card width, play area, seat edges, card/table
contrast, focus, glare) and a verdict with what to change. Exit 0 when nothing
needs changing, 1 when something does or the image cannot be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from referee.cli.application import EXIT_INVALID, EXIT_USAGE, application
from referee.cli.options import LangOpt
from referee.i18n import _, ngettext

DEFAULT_SEATS = "S=bottom,E=right,N=top,W=left"


def _reading_text(code: str, r: Any) -> str | None:
    """The sentence for the frame size and the cards read (``small_frame``, ``none_read``,
    ``few_read`` of :data:`vision.camera_check.ADVICE_CODES`); None for another code."""
    if code == "small_frame":
        return _(
            "the frame is {w}x{h} px: set the camera to 1280x720, the size the reader is built for, "
            "and check again (the cards' width changes with it)"
        ).format(w=r.size[0], h=r.size[1])
    if code == "none_read":
        return ngettext(
            "{n} card outline found but no card read: lay the cards face up with their "
            "corners in view, and light the table evenly",
            "{n} card outlines found but no card read: lay the cards face up with their "
            "corners in view, and light the table evenly",
            r.outlines,
        ).format(n=r.outlines)
    if code == "few_read":
        return ngettext(
            "only {k} of {n} card read: lay the cards face up with their corners in view, "
            "and light the table evenly",
            "only {k} of {n} cards read: lay the cards face up with their corners in view, "
            "and light the table evenly",
            r.outlines,
        ).format(k=len(r.cards), n=r.outlines)
    return None


def _advice_text(code: str, value: float, r: Any) -> str:
    """The sentence for one advice code of :data:`vision.camera_check.ADVICE_CODES`;
    ``r``: the :class:`vision.camera_check.FrameCheck` it comes from."""
    from vision.camera_check import MAX_WIDTH, MIN_WIDTH, is_small

    reading = _reading_text(code, r)
    if reading is not None:
        return reading
    if code == "colourless":
        return _(
            "the picture has no colour (a black-and-white or night mode?): the reader cannot tell "
            "red suits from black without it, and reads no card; switch the camera to colour"
        )
    if code == "no_cards":
        return _("no card found: put a few cards face up in the middle of the table and check again")
    small = is_small(r.size)
    if code == "too_small" and small:  # (the width it would have at 1280x720)
        return _(
            "at 1280x720 cards would be about {px} px wide: move the camera down (or zoom in) until "
            "they are {least}-{most} px wide"
        ).format(px=round(value), least=round(MIN_WIDTH), most=round(MAX_WIDTH))
    if code == "too_small":
        return _(
            "cards are {px} px wide: move the camera down (or zoom in) until they are {least}-{most} px wide"
        ).format(px=round(value), least=round(MIN_WIDTH), most=round(MAX_WIDTH))
    if code == "too_large" and small:
        return _(
            "at 1280x720 cards would be about {px} px wide: move the camera up so that it sees the "
            "whole table"
        ).format(px=round(value))
    if code == "too_large":
        return _("cards are {px} px wide: move the camera up so that it sees the whole table").format(
            px=round(value)
        )
    if code == "black":
        return _("the picture is black: uncover the lens (or open the camera's shutter), or light the table")
    if code == "overexposed":
        return _(
            "the picture is over-exposed ({pct} of it white): lower the camera's exposure or dim the light"
        ).format(pct=f"{100 * value:.0f}%")
    if code == "dark":
        return _(
            "the picture is too dark (card paper {paper} of 255): light the table or raise the "
            "camera's exposure"
        ).format(paper=round(value))
    if code == "outside_area":
        return ngettext(
            "{n} card read lies outside the play area, where plays are not read: centre the camera "
            "over the middle of the table, or set --play-area",
            "{n} cards read lie outside the play area, where plays are not read: centre the camera "
            "over the middle of the table, or set --play-area",
            round(value),
        ).format(n=round(value))
    if code == "pale_table":
        return _("the table is nearly as white as the cards: put a dark cloth down")
    if code == "blurred":
        return _("the picture is blurred: focus the camera or clean its lens")
    if code == "glare":
        return _("glare on {pct} of the picture: move the lamp or tilt the camera").format(
            pct=f"{100 * value:.1f}%"
        )
    return _("the camera is set up well")


def _grab(where: int | str) -> Any:
    """The 15th frame of camera ``where`` (an index or a stream URL: exposure settles
    meanwhile), or the last it gave before it stopped; None where it cannot be opened or
    gives none."""
    from referee.live.cam_source import CameraError, FrameSource

    source = FrameSource(index=where) if isinstance(where, int) else FrameSource(url=where)
    frame = None
    try:
        source.open()
        for _i in range(15):
            frame = source.read()
    except CameraError:
        pass  # (the last frame it gave, if any)
    finally:
        source.close()
    return frame


def _checked_options(
    camera: str | None, seats: str, play_area: str | None
) -> tuple[int | str | None, tuple[float, float, float, float]]:
    """(``--camera`` as an index or a stream URL (None: not given), ``--play-area`` as
    fractions x0, y0, x1, y1, its default where not given), with ``--seats``, checked as
    ``referee start`` checks them; raises ValueError (a usage error)."""
    from referee.live.camera import DEFAULT_PLAY_AREA, CameraOptions, parse_camera, parse_play_area

    where = parse_camera(camera) if camera is not None else None
    CameraOptions(
        index=where if isinstance(where, int) else None,
        url=where if isinstance(where, str) else None,
        seats=seats,
    ).check()
    return where, parse_play_area(play_area) if play_area is not None else DEFAULT_PLAY_AREA


def check_command(
    ctx: typer.Context,
    image: Annotated[
        Path | None, typer.Argument(metavar="IMAGE", help=_("A photo taken by the camera."))
    ] = None,
    camera: Annotated[
        str | None,
        typer.Option(
            "--camera",
            metavar="INDEX|URL",
            help=_(
                "Check a frame from camera INDEX or a stream URL (http://..., rtsp://...) instead of a photo."
            ),
        ),
    ] = None,
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            metavar="MAP",
            help=_("Which image edge each seat sits at, for the camera: S=bottom,E=right,N=top,W=left."),
        ),
    ] = DEFAULT_SEATS,
    play_area: Annotated[
        str | None,
        typer.Option(
            "--play-area",
            metavar="x0,y0,x1,y1",
            help=_(
                "Where plays are read, fractions of the frame, as for referee start (default "
                "0.2,0.15,0.8,0.85): the cards read outside it are counted."
            ),
        ),
    ] = None,
    annotate: Annotated[
        Path | None,
        typer.Option(
            "--annotate",
            metavar="FILE",
            help=_(
                "Also write the frame to FILE (an image: .jpg, .png) with the play area, the seats "
                "and the cards read (green; orange under 0.6) and left unread (red) drawn on it."
            ),
        ),
    ] = None,
    lang: LangOpt = None,
) -> None:
    """Check a camera (or one of its photos): card size, contrast, focus, glare."""
    term = application(ctx)
    if image is None and camera is None:
        term.usage(_("give either an IMAGE or --camera INDEX|URL"))
    if image is not None and camera is not None:
        term.usage(_("give an IMAGE or --camera INDEX|URL, not both"))
    try:
        where, area = _checked_options(camera, seats, play_area)
    except ValueError as exc:
        term.abort(str(exc), EXIT_USAGE)
    if annotate is not None and not _image_path_ok(annotate):
        term.usage(
            _("--annotate: give an image file to write (.jpg or .png), got {path}").format(path=annotate)
        )
    from referee.cli.detect import _import_cv2
    from referee.frames import frame_problem, unreadable_image

    cv2 = _import_cv2(term)
    if image is not None:
        frame = cv2.imread(str(image), cv2.IMREAD_COLOR) if image.is_file() else None
        if frame is None:
            term.abort(unreadable_image(image))
        problem = frame_problem(frame)
        if problem is not None:
            term.abort(f"{image}: {problem}")
    else:
        assert where is not None
        frame = _grab(where)
        if frame is None:
            term.abort(_("camera {index} gives no picture").format(index=where))
    from vision.camera_check import check_frame

    r = check_frame(frame, area)
    _print_measures(term, r, area, seats)
    if annotate is not None:
        _write_annotated(term, cv2, frame, r, area, seats, annotate)
    for code, value in r.advice:
        term.line(_("verdict: {text}").format(text=_advice_text(code, value, r)))
    if r.advice[0][0] != "ok":
        term.exit(EXIT_INVALID)


def _print_measures(term: Any, r: Any, area: tuple[float, float, float, float], seats: str) -> None:
    """The check's measures, one plain line each (no markup, never wrapped): ``r`` a
    :class:`vision.camera_check.FrameCheck`, ``area`` the play area (fractions x0, y0, x1,
    y1), ``seats`` as typed."""
    from vision.camera_check import MAX_GLARE, MAX_WIDTH, MIN_FOCUS, MIN_WIDTH, at_frame_size, is_small

    p = term.line  # one plain line each: no markup, never wrapped
    p(_("frame: {w}x{h} px").format(w=r.size[0], h=r.size[1]))
    p(
        ngettext(
            "cards: {n} outline found, {k} read", "cards: {n} outlines found, {k} read", r.outlines
        ).format(n=r.outlines, k=len(r.cards))
    )
    if r.cards:
        from referee.core.cards import Card
        from referee.live.messages import card_text

        p(_("read: {cards}").format(cards="  ".join(card_text(Card.parse(c)) for c in r.cards)))
    if r.card_width is not None:
        p(
            _("card width: {px} px (best {least}-{most})").format(
                px=round(r.card_width), least=round(MIN_WIDTH), most=round(MAX_WIDTH)
            )
            + (
                _("; about {px} px at 1280x720").format(px=round(at_frame_size(r.card_width, r.size)))
                if is_small(r.size)
                else ""
            )
        )
    if r.play_area is not None:
        x0, y0, x1, y1 = r.play_area
        p(
            _("cards lie in: x {x0:.2f}-{x1:.2f}, y {y0:.2f}-{y1:.2f} of the frame").format(
                x0=x0, x1=x1, y0=y0, y1=y1
            )
        )
    x0, y0, x1, y1 = area
    p(
        ngettext(
            "play area: x {x0:.2f}-{x1:.2f}, y {y0:.2f}-{y1:.2f}; {n} card read lies outside it",
            "play area: x {x0:.2f}-{x1:.2f}, y {y0:.2f}-{y1:.2f}; {n} cards read lie outside it",
            r.outside,
        ).format(x0=x0, x1=x1, y0=y0, y1=y1, n=r.outside)
    )
    p(_("seat edges: {seats}").format(seats=seats))
    if r.contrast is not None:
        c = round(r.contrast)
        p(
            ngettext(
                "card/table contrast: {c} grey level (table {t})",
                "card/table contrast: {c} grey levels (table {t})",
                c,
            ).format(c=c, t=round(r.table_white))
        )
    glare = {"g": f"{100 * r.glare:.1f}%", "most": f"{100 * MAX_GLARE:g}%"}
    if r.card_width is None:  # focus is judged on cards only (a bare table shows few edges)
        p(_("glare: {g} of the picture (at most {most})").format(**glare))
    elif "dark" in [code for code, _v in r.advice]:  # (the focus measure falls with the light)
        p(
            _(
                "focus: not judged, the picture is too dark; glare: {g} of the picture (at most {most})"
            ).format(**glare)
        )
    else:
        p(
            _("focus: {f} (sharp from {sharp}); glare: {g} of the picture (at most {most})").format(
                f=round(r.focus), sharp=round(MIN_FOCUS), **glare
            )
        )


def _write_annotated(
    term: Any,
    cv2: Any,
    frame: Any,
    r: Any,
    area: tuple[float, float, float, float],
    seats: str,
    path: Path,
) -> None:
    """Write ``frame`` to ``path`` with what the check ``r`` found drawn on it, the play
    area ``area`` (fractions x0, y0, x1, y1) and the seats' letters at their edges
    (``seats``, checked already); a line saying where, or one saying why it could not
    be written (exit 1)."""
    from referee.cli.options import DEFAULT_CAMERA_THRESHOLD
    from referee.live.camera import parse_seats
    from referee.live.drawing import draw_cards, draw_play_area, play_area_corners

    h, w = frame.shape[:2]
    out = frame.copy()
    draw_play_area(cv2, out, play_area_corners(area, (w, h)), parse_seats(seats))
    out = draw_cards(cv2, out, r.detections, r.unread, DEFAULT_CAMERA_THRESHOLD)  # (over the area's lines)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)  # (as detect --annotate makes its folder)
        written = bool(cv2.imwrite(str(path), out))
    except (OSError, cv2.error):
        written = False
    if not written:
        term.abort(_("cannot write annotated image {path}").format(path=path))
    term.line(_("annotated frame: {path}").format(path=path))


#: image files ``--annotate`` writes (OpenCV picks the format by the suffix)
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


def _image_path_ok(path: Path) -> bool:
    """True if ``path`` can name an image to write: an image suffix, no folder of that
    name (its folders are made as needed)."""
    return path.suffix.lower() in IMAGE_SUFFIXES and not path.is_dir()


def register(app: typer.Typer) -> None:
    """Add the ``camera`` command group (``camera check``) to the referee app."""
    from referee.cli.app import RefereeTyper

    group = RefereeTyper(name="camera", help=_("Set up the camera."), no_args_is_help=True)
    group.command(
        "check", help=_("Check a camera (or one of its photos): card size, contrast, focus, glare.")
    )(check_command)
    app.add_typer(group, name="camera")
