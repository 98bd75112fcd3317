"""``referee detect IMAGE... [--json] [--annotate DIR] [--threshold X]``: read cards in photos.

OpenCV and NumPy are imported only when the command runs, so the rest of the
CLI works on a machine where OpenCV cannot load. The JSON report follows
``record-format.md`` ("Card detection report"): one object per image, in the
order given, with the cards read (label, confidence, four corners in image
pixels, x right and y down, clockwise from the corner nearest the top-left).
A card that cannot be read confidently is left out, never guessed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from referee.cli.application import EXIT_INVALID, Application, application
from referee.cli.options import LangOpt
from referee.i18n import N_, _, ngettext, os_reason
from referee.live.cam_notes import confidence_text
from vision import DEFAULT_THRESHOLD

CV2_HINT = N_(
    "OpenCV (cv2) cannot be loaded ({err}); on a server without a display install "
    "libGL (apt-get install libgl1) or replace opencv-python with opencv-python-headless "
    "(pip install opencv-python-headless)"
)


def _import_cv2(app: Application) -> Any:
    """Import cv2, or abort (``app``) with exit 1 and a one-line hint on how to fix it. The decoder is
    bounded first (referee.frames.limit_decoder) and OpenCV's own log lines are silenced."""
    import contextlib

    from referee.frames import limit_decoder

    limit_decoder()
    try:
        import cv2
    except ImportError as exc:  # e.g. libGL.so.1 missing
        app.abort(_(CV2_HINT).format(err=str(exc).splitlines()[0] if str(exc) else exc))
    with contextlib.suppress(Exception):
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    return cv2


def _annotated_path(folder: Path, image: Path, used: set[Path]) -> Path:
    """A new file name in ``folder`` for the annotated copy of ``image``."""
    base = folder / f"{image.stem}.annotated.jpg"
    out, n = base, 1
    while out in used:
        n += 1
        out = folder / f"{image.stem}.annotated-{n}.jpg"
    used.add(out)
    return out


def detect_command(
    ctx: typer.Context,
    images: Annotated[list[Path], typer.Argument(metavar="IMAGE", help=_("Photos or frames to read."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the JSON detection report."))] = False,
    annotate: Annotated[
        Path | None,
        typer.Option(
            "--annotate",
            metavar="DIR",
            help=_("Write each image with the outlines and labels drawn into DIR."),
        ),
    ] = None,
    threshold: Annotated[
        float,
        typer.Option(
            "--threshold",
            metavar="X",
            help=_(
                "Report only cards read with at least this confidence (0-1; 0.5 is the calibrated point: "
                "a lower value reports nothing more)."
            ),
        ),
    ] = DEFAULT_THRESHOLD,
    lang: LangOpt = None,
) -> None:
    """Find and read the playing cards in IMAGE files (face-up cards only)."""
    term = application(ctx)
    if not 0.0 <= threshold <= 1.0:
        term.usage(_("--threshold must be between 0 and 1, got {value}").format(value=f"{threshold:g}"))
    cv2 = _import_cv2(term)
    from referee.cli.options import DEFAULT_CAMERA_THRESHOLD
    from referee.frames import frame_problem, image_file_problem, unreadable_image
    from referee.live.drawing import draw_cards
    from vision.camera_check import unread_outlines
    from vision.colour import colourless
    from vision.reader import detect

    # A missing or unreadable file is reported and skipped; the others are still read
    # and the exit code is 1 at the end.
    failed = False
    loaded = []
    for path in images:
        # the header first: a PNG announcing a billion pixels is not decoded
        problem = image_file_problem(path) if path.is_file() else None
        img = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() and not problem else None
        problem = problem or (frame_problem(img) if img is not None else None)
        if problem is not None:
            failed = True
            term.error(_("{path}: {problem}: skipped").format(path=path, problem=problem))
            continue
        if img is None:
            failed = True
            term.error(unreadable_image(path))
            continue
        loaded.append((path, img))
    if not loaded:
        term.exit(EXIT_INVALID)
    if annotate is not None:
        try:
            annotate.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            # (a file of that name: mkdir says only that it exists, not that it is no folder)
            reason = _("it is a file, not a folder") if annotate.is_file() else os_reason(exc)
            term.abort(
                _("cannot create annotation folder {path}: {reason}").format(path=annotate, reason=reason)
            )

    report: list[dict[str, Any]] = []
    used: set[Path] = set()
    for path, img in loaded:
        dets = detect(img, threshold)
        cards = [
            {
                "card": d.card,
                "confidence": round(float(d.confidence), 3),
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in d.corners],
            }
            for d in dets
        ]
        report.append({"image": str(path), "cards": cards})
        grey = not dets and colourless(img)  # (no card is read in it: that is said instead)
        # outlines of cards left unread (face down, or unsure): said and drawn, never in the JSON
        unread = unread_outlines(img, dets) if not grey and (annotate is not None or not as_json) else []
        if annotate is not None:
            out = _annotated_path(annotate, path, used)
            drawn = draw_cards(cv2, img, dets, unread, DEFAULT_CAMERA_THRESHOLD)
            if not cv2.imwrite(str(out), drawn):
                term.abort(_("cannot write annotated image {path}").format(path=out))
        _say_read(term, path, dets, grey, as_json, len(unread))
    if annotate is not None and used:  # (on stderr: stdout holds the lines or the JSON alone)
        term.note(
            ngettext(
                "{n} annotated image written in {folder}",
                "{n} annotated images written in {folder}",
                len(used),
            ).format(n=len(used), folder=annotate)
        )
    if as_json:
        term.echo(json.dumps(report))
    if failed:
        term.exit(EXIT_INVALID)


def _say_read(term: Any, path: Path, dets: list[Any], grey: bool, as_json: bool, unread: int = 0) -> None:
    """One image's line: its cards read (``dets``) or "no card read", and why where the
    picture has no colour (``grey``: :func:`vision.colour.colourless`, the reader reads no
    card in it), and the card outlines found but not read (``unread``:
    :func:`vision.camera_check.unread_outlines`: a card face down, or one the reader is
    unsure of); with ``as_json`` (stdout holds the report alone) only that why, as a note
    on stderr."""
    from referee.core.cards import Card
    from referee.live.messages import card_text

    if as_json:
        if grey:
            term.note(
                _(
                    "{path}: the picture has no colour (a black-and-white camera?): no card is read in it"
                ).format(path=path)
            )
        return
    text = "  ".join(f"{card_text(Card.parse(d.card))} ({confidence_text(d.confidence)})" for d in dets)
    none = (
        _("no card read: the picture has no colour (a black-and-white camera?)")
        if grey
        else _("no card read")
    )
    more = (
        ngettext(
            "{n} card outline not read: a card face down, or unsure",
            "{n} card outlines not read: cards face down, or unsure",
            unread,
        ).format(n=unread)
        if unread
        else ""
    )
    term.line(f"{path}: {text or none}" + (f"; {more}" if more else ""))


def register(app: typer.Typer) -> None:
    """Add the ``detect`` command to the referee app."""
    app.command("detect", help=_("Find and read the playing cards in IMAGE files (face-up cards only)."))(
        detect_command
    )
