"""Camera play (issue 4 §4, issue 9): cards laid face up in the middle of the table
are read from a webcam, a phone's stream, a video file or an image sequence, and
entered through the same :meth:`LiveSession.enter` as typed cards, each with its
origin (camera, confidence, outline). The jobs live in their own modules:

* :mod:`referee.live.cam_source`: :class:`FrameSource` (camera index, video, image
  sequence, stream URL) and :class:`CameraError` (one line for the table);
* :mod:`referee.live.cam_policy`: :class:`CameraPlay`, what camera play does with
  what it sees (position decides the seat, change finds the new card, the table
  closes a trick, doubt is a question);
* :mod:`referee.live.cam_preview`: the preview window;
* here: the options of ``referee start`` and the two loops.

:func:`run_plain_camera` is the plain-lines mode (stdin not a terminal),
deterministic: the stdin lines are entered first, up to the end of input or a
line ``camera``; then every frame of the source; then the other stdin lines
after ``camera``. Lines ``@DEAL.TRICK.SEAT ANSWER`` after ``camera`` are scripted
answers: when the camera asks the question with that key (shown with it), the
answer is given as if typed (an empty answer is Enter: it confirms the camera's
proposal). :func:`run_screen_camera` is the rich screen with the keyboard read in
a thread while frames are read; while a question is open, Enter confirms the
proposal shown, a card typed replaces it, ``undo`` takes back the last entry.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from referee.core.table import Seat
from referee.errors import RefereeError
from referee.i18n import N_, _, render_error
from referee.live import messages as M
from referee.live.cam_policy import (
    DEFAULT_CAMERA_THRESHOLD,
    DEFAULT_PLAY_AREA,
    CameraEntry,
    CameraNote,
    CameraPlay,
    key_hint,
    turn_order,
)
from referee.live.cam_preview import Preview
from referee.live.cam_source import CameraError, FrameSource, is_url, load_cv2

if TYPE_CHECKING:
    from rich.console import Console

    from referee.core.game import Game
    from referee.live.controller import LiveSession

__all__ = [
    "DEFAULT_CAMERA_THRESHOLD", "DEFAULT_PLAY_AREA", "DEFAULT_SEATS", "MARKER", "CameraEntry",
    "CameraError", "CameraNote", "CameraOptions", "CameraPlay", "FrameSource", "Keyboard",
    "Preview", "open_camera", "parse_camera", "parse_play_area", "parse_seats",
    "run_plain_camera", "run_screen_camera", "turn_order",
]

EDGE_NAMES = ("top", "bottom", "left", "right")
DEFAULT_SEATS = "S=bottom,E=right,N=top,W=left"
MARKER = "camera"
"""In plain mode, a stdin line ``camera`` hands over to the frames (see the module docstring)."""
ANSWER = re.compile(r"^\s*@(\d+\.\d+\.[SENW])(?:\s+(.*?))?\s*$", re.IGNORECASE)
"""A scripted answer line: ``@DEAL.TRICK.SEAT ANSWER`` (no answer: Enter)."""

CAM_UNUSED = N_("camera: {count} scripted answers were not asked for: {keys}")
CAM_NOTHING = N_("camera: nothing to confirm; type the card {seat} played")


# ------------------------------------------------------------------ options
def parse_seats(text: str) -> dict[str, str]:
    """``S=bottom,E=right,N=top,W=left`` -> {"S": "bottom", ...}: all four seats, each at
    its own image edge. Raises ValueError (a usage error)."""
    out: dict[str, str] = {}
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        seat, sep, edge = part.partition("=")
        seat, edge = seat.strip().upper(), edge.strip().lower()
        if not sep or seat not in Seat.__members__ or edge not in EDGE_NAMES:
            raise ValueError(_("--seats: not a seat and an image edge: {part!r} (e.g. "
                               "S=bottom,E=right,N=top,W=left)").format(part=part))
        out[seat] = edge
    if sorted(out) != sorted(Seat.__members__) or len(set(out.values())) != 4:
        raise ValueError(_("--seats needs the four seats S, E, N, W at four different image edges "
                           "(top, bottom, left, right), got {text!r}").format(text=text))
    return out


def parse_play_area(text: str) -> tuple[float, float, float, float]:
    """``x0,y0,x1,y1`` in fractions of the frame (0-1, x0 < x1, y0 < y1). Raises ValueError."""
    try:
        vals = tuple(float(v) for v in text.split(","))
    except ValueError:
        vals = ()
    if (len(vals) != 4 or not all(0.0 <= v <= 1.0 for v in vals)
            or not (vals[0] < vals[2] and vals[1] < vals[3])):
        raise ValueError(_("--play-area: expected x0,y0,x1,y1 as fractions of the frame with "
                           "x0 < x1 and y0 < y1, e.g. 0.2,0.15,0.8,0.85; got {text!r}").format(text=text))
    return vals[0], vals[1], vals[2], vals[3]


def parse_camera(text: str) -> int | str:
    """``--camera``: a camera index (``0``) or a stream URL (``http://...``,
    ``rtsp://...``). Raises ValueError naming the value."""
    t = text.strip()
    if t.isdigit():
        return int(t)
    if is_url(t):
        return t
    raise ValueError(_("--camera: expected a camera index (0, 1, ...) or a stream URL "
                       "(http://..., rtsp://...), got {text!r}").format(text=text))


MAX_CAMERA_INDEX = 99
"""Largest ``--camera`` index (OpenCV takes 100 and more as a backend code plus an index)."""


@dataclass
class CameraOptions:
    """The camera options of ``referee start`` / ``resume``: ``index`` (a camera
    device), ``url`` (a stream) or ``video`` (a file or image sequence)."""

    index: int | None = None
    video: str | None = None
    seats: str = DEFAULT_SEATS
    play_area: str | None = None
    threshold: float = DEFAULT_CAMERA_THRESHOLD
    url: str | None = None

    @property
    def wanted(self) -> bool:
        return self.index is not None or self.video is not None or self.url is not None

    def check(self) -> None:
        """Raise ValueError for a usage error (before anything is stored)."""
        if (self.index is not None or self.url is not None) and self.video is not None:
            raise ValueError(_("give --camera or --video, not both"))
        if self.index is not None and not 0 <= self.index <= MAX_CAMERA_INDEX:
            # OpenCV crashes on negative indices and reads 100 and more as backend codes
            raise ValueError(_("--camera: a camera number 0 to {n}, not {index}").format(
                n=MAX_CAMERA_INDEX, index=self.index))
        parse_seats(self.seats)
        if self.play_area is not None:
            parse_play_area(self.play_area)
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError(_("--threshold must be between 0 and 1, got {value}").format(
                value=self.threshold))


def open_camera(opts: CameraOptions, game: Game) -> tuple[FrameSource, CameraPlay]:
    """Open the source and build the camera play for it; raises CameraError (one line)."""
    source = FrameSource(index=opts.index, video=opts.video, url=opts.url)
    source.open()
    size = source.size
    if size[0] <= 0 or size[1] <= 0:  # some backends tell the size only with a frame
        raise CameraError(_("camera: cannot open {source}; the game goes on by keyboard").format(
            source=source.describe()))
    from referee.frames import size_problem

    problem = size_problem(*size)
    if problem is not None:  # a thin or huge video: the game goes on by keyboard
        source.close()
        raise CameraError(_("camera: {source}: {problem}; the game goes on by keyboard").format(
            source=source.describe(), problem=problem))
    area = parse_play_area(opts.play_area) if opts.play_area else DEFAULT_PLAY_AREA
    # a live source's stated rate is a guess (FFmpeg says 25 for any MJPEG stream)
    fps = 0.0 if source.live else source.fps
    camera = CameraPlay(size, play_area=area, seats=parse_seats(opts.seats),
                        threshold=opts.threshold, clockwise=game.clockwise, fps=fps)
    return source, camera


# ------------------------------------------------------------------ plain lines
class _Plain:
    """The plain-lines output of :func:`run_plain_camera` (as :mod:`referee.live.plain`)."""

    def __init__(self, session: LiveSession, out: TextIO, err: TextIO) -> None:
        self.session, self.out, self.err = session, out, err
        self.number = 0
        self.answers: dict[str, list[str]] = {}

    def error(self, text: str) -> None:
        self.err.write(_(M.REFUSED).format(text=text) + "\n")
        self.err.flush()

    def say(self, lines: list[str]) -> None:
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def typed(self, raw: str) -> None:
        self.number += 1
        try:
            outcome = self.session.enter(raw)
        except RefereeError as exc:
            self.session.refused += 1
            self.error(_(M.LINE_ERROR).format(number=self.number, text=render_error(exc)))
            return
        if outcome is not None:
            self.say([outcome.echo, *outcome.lines])

    def camera_entry(self, camera: CameraPlay, item: CameraEntry) -> None:
        try:
            outcome = self.session.enter(item.text, origin=item.origin)
        except RefereeError as exc:
            self.question(camera, camera.refused(item, render_error(exc), self.session.game))
            return
        if outcome is not None:
            self.say([f"{outcome.echo}  {item.mark()}", *outcome.lines])

    def question(self, camera: CameraPlay, note: CameraNote) -> None:
        self.say([f"{note.text}  {key_hint(note)}" if note.key else note.text])
        waiting = self.answers.get(note.key.upper())
        if not waiting:
            return
        answer = waiting.pop(0)
        self.say([f"@{note.key} {answer}".rstrip()])
        meant = camera.answer(answer)
        if isinstance(meant, CameraEntry):
            self.camera_entry(camera, meant)
        elif meant:
            self.typed(meant)
        else:
            seat = self.session.game.to_play
            self.say([_(CAM_NOTHING).format(seat=seat.name if seat else "?")])

    def run(self, camera: CameraPlay, frame: Any) -> bool:
        """Feed one frame (None: none); True if anything happened."""
        happened = False
        for item in camera.feed(frame, self.session.game):
            happened = True
            if isinstance(item, CameraNote):
                self.question(camera, item)
            else:
                self.camera_entry(camera, item)
        return happened

    def drain(self, camera: CameraPlay) -> None:
        """Go on with what waits after the last frame, while answers move it on."""
        for _turn in range(200):
            if not self.run(camera, None):
                return


def run_plain_camera(session: LiveSession, lines: Iterable[str], opts: CameraOptions,
                     out: TextIO, err: TextIO) -> None:
    """Plain lines with a camera: stdin lines up to the end or a line ``camera``, then
    the frames (answering questions from the ``@KEY`` lines), then the other lines
    after ``camera``. A camera that cannot be used gives one line on ``err`` and the
    game goes on by keyboard."""
    p = _Plain(session, out, err)
    source: FrameSource | None = None
    camera: CameraPlay | None = None
    try:
        source, camera = open_camera(opts, session.game)
    except CameraError as exc:
        p.error(str(exc))
    rest = iter(lines)
    for raw in rest:
        if raw.strip().lower() == MARKER:
            break
        p.typed(raw)
    after: list[str] = []
    for raw in rest:
        m = ANSWER.match(raw)
        if m:
            p.answers.setdefault(m.group(1).upper(), []).append(m.group(2) or "")
        else:
            after.append(raw)
    if source is not None and camera is not None:
        try:
            while (frame := source.read()) is not None:
                p.run(camera, frame)
            p.say([source.ended()])
        except CameraError as exc:
            p.error(str(exc))
        finally:
            source.close()
        p.drain(camera)
    unused = [f"@{k}" for k, v in p.answers.items() for _a in v]
    if unused:
        shown = ", ".join(unused[:6]) + (", ..." if len(unused) > 6 else "")
        p.say([_(CAM_UNUSED).format(count=len(unused), keys=shown)])
    for raw in after:
        p.typed(raw)
    if not session.game.over:
        p.say([M.stays_open(session.header.id, session.store.session_option)])
    if session.refused:
        err.write(M.refused_count(session.refused) + "\n")
        err.flush()


# ------------------------------------------------------------------ the screen
class Idle:
    """What :meth:`Keyboard.get` returns when no line came in time."""


IDLE = Idle()


class Keyboard:
    """Lines typed on the terminal, read in a thread (with readline's editing where
    Python has it) while the main thread reads frames. :meth:`get` waits up to
    ``timeout`` seconds (None: until a line comes): a line ("" for Enter alone),
    :data:`IDLE` when none came, None at the end of input (Ctrl-D)."""

    def __init__(self, read: Callable[[], str] | None = None) -> None:
        if read is None:
            from referee.live.screen import _line_editor

            editor = _line_editor()

            def read() -> str:
                return editor("")  # the prompt is drawn with the screen

        self._read = read
        self._q: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while True:
            try:
                line: str | None = self._read()
            except (EOFError, OSError, ValueError, KeyboardInterrupt):
                line = None
            self._q.put(line)
            if line is None:
                return

    def get(self, timeout: float | None) -> str | Idle | None:
        try:
            return self._q.get(timeout=timeout) if timeout != 0 else self._q.get_nowait()
        except queue.Empty:
            return IDLE


def run_screen_camera(session: LiveSession, head: list[str], opts: CameraOptions,
                      console: Console | None = None, keyboard: Keyboard | None = None) -> None:
    """The rich screen with a camera: typed lines and camera entries both go to
    :meth:`LiveSession.enter`; a question waits for Enter (the proposal), a card or
    ``undo``; a deal-ending penalty waits for ``undo`` or Enter (R65) while the camera
    waits too. Ends at the end of input (Ctrl-D)."""
    from rich.console import Console

    from referee.live.screen import confirm_answer, render

    con = console or Console(highlight=False)
    glyphs = con.encoding.lower().startswith("utf")
    messages = list(head)
    source: FrameSource | None = None
    camera: CameraPlay | None = None
    preview: Preview | None = None
    try:
        source, camera = open_camera(opts, session.game)
        preview = Preview(load_cv2())
        preview.open()
    except CameraError as exc:
        messages.append(_(M.REFUSED).format(text=exc))
    keys = keyboard or Keyboard()
    penalty = False

    help_lines: list[str] | None = None

    def draw() -> None:
        con.clear()
        con.print(render(session, messages, glyphs=glyphs, penalty=penalty, help_lines=help_lines))
        con.print(_(M.CONFIRM_PENALTY) + " > " if penalty else f"{session.prompt()} > ", end="")

    leave = False  # `quit` typed: the session stays open (issue 11)
    ruling: tuple[str, list[str]] | None = None  # a typed ruling waiting for its confirmation

    def accepted(outcome: Any, mark: str = "") -> None:
        nonlocal messages, penalty, help_lines, leave
        leave = leave or bool(outcome.quit)
        messages = [f"{outcome.echo}  {mark}".rstrip(), *outcome.lines]
        help_lines = None
        if outcome.help:  # in place of the table, until the next entry
            messages, help_lines = [outcome.echo], outcome.lines
        penalty = bool(outcome.penalty)

    def enter(item: CameraEntry | str) -> bool:
        """Enter a typed line or a camera entry; False (and the reason shown) if refused."""
        nonlocal messages
        try:
            if isinstance(item, CameraEntry):
                outcome = session.enter(item.text, origin=item.origin)
            else:
                outcome = session.enter(item)
        except RefereeError as exc:
            if isinstance(item, CameraEntry) and camera is not None:
                messages = [camera.refused(item, render_error(exc), session.game).text]
            else:
                messages = [*([camera.question.text] if camera is not None and camera.question
                               else []), _(M.REFUSED).format(text=render_error(exc))]
            return False
        if outcome is not None:
            accepted(outcome, item.mark() if isinstance(item, CameraEntry) else "")
        return True

    def camera_items(frame: Any) -> bool:
        """Feed ``frame`` (None: the source has ended) and enter or show what comes."""
        nonlocal messages
        assert camera is not None
        changed = False
        for item in camera.feed(frame, session.game):
            changed = True
            if isinstance(item, CameraNote):
                messages = [item.text]
                continue
            enter(item)
            if penalty:
                break
        return changed

    ended = False  # the video ended: what waits goes on as the table answers
    draw()
    start = time.monotonic()
    try:
        while True:
            wait: float | None = None
            if source is not None:
                # a camera delivers frames in its own time; a video is played at its rate
                due = start + source.frames / source.fps if not source.live and source.fps > 0 else 0.0
                wait = max(0.0, due - time.monotonic())
            line = keys.get(wait)
            if line is None:
                break
            if isinstance(line, str):
                if ruling is not None:  # issue 11: the trick's cards were shown; confirm or drop
                    verdict = confirm_answer(line)
                    typed, evidence = ruling
                    if verdict is None:
                        messages = [*evidence, _(M.REFUSED).format(
                            text=_(M.RULING_ANSWER).format(text=line.strip())), _(M.CONFIRM_RULING)]
                        con.bell()
                    else:
                        ruling = None
                        if verdict:
                            enter(typed)
                        else:
                            messages = [_(M.RULING_DROPPED).format(text=typed.strip())]
                    draw()
                    continue
                if penalty:  # issue 11: only Enter/yes confirms, undo/no takes back
                    verdict = confirm_answer(line)
                    if verdict is None:
                        messages = [*messages[-3:], _(M.REFUSED).format(
                            text=_(M.PENALTY_ANSWER).format(text=line.strip()))]
                        con.bell()
                        draw()
                        continue
                    penalty = False
                    if not verdict:
                        undone = session.undo()
                        messages = [undone.echo, *undone.lines]
                    draw()
                    continue
                help_lines = None
                if camera is not None and camera.question is not None:
                    meant = camera.answer(line)
                    if meant is None:
                        seat = session.game.to_play
                        messages = [camera.question.text,
                                    _(CAM_NOTHING).format(seat=seat.name if seat else "?")]
                    elif enter(meant):
                        camera.question = None  # answered: the camera goes on
                elif line.strip():
                    shown: list[str] | None = None
                    try:
                        shown = session.ruling_evidence(line)
                    except RefereeError as exc:
                        messages = [_(M.REFUSED).format(text=render_error(exc))]
                        line = ""
                    if shown is not None:
                        ruling = (line, shown)
                        messages = [*shown, _(M.CONFIRM_RULING)]
                    elif line:
                        enter(line)
                if leave:
                    break
                if ended and camera is not None and not penalty:
                    camera_items(None)
                draw()
                continue
            if source is None or camera is None:
                continue
            try:
                frame = source.read()
            except CameraError as exc:
                frame = None
                messages = [*messages[-3:], _(M.REFUSED).format(text=exc)]
            if frame is None:
                if source.frames and not source.live:
                    messages = [*messages[-3:], source.ended()]
                source = None
                ended = True
                if preview is not None:
                    preview.close()
                if not penalty:
                    camera_items(None)
                draw()
                continue
            if penalty:  # R65: nothing new until the table has confirmed or undone
                camera.detections = []
                if preview is not None:
                    preview.show(frame, camera)
                continue
            changed = camera_items(frame)
            if preview is not None:
                preview.show(frame, camera)
            if changed:
                draw()
    except KeyboardInterrupt:
        pass
    finally:
        if source is not None:
            source.close()
        if preview is not None:
            preview.close()
    con.print()
    if session.game.over:
        from referee.live.controller import summary_lines

        con.print("\n".join(summary_lines(session)), markup=False, highlight=False)
    else:
        con.print(M.stays_open(session.header.id, session.store.session_option), markup=False)
