"""Camera play (issue 4 §4, issue 9): cards laid face up in the middle of the table
are read from a webcam, a phone's stream, a video file or an image sequence, and
entered through the same :meth:`LiveSession.enter` as typed cards, each with its
origin (camera, confidence, outline). The jobs live in their own modules:

* :mod:`referee.live.cam_source`: :class:`FrameSource` (camera index, video, image
  sequence, stream URL) and :class:`CameraError` (one line for the table);
* :mod:`referee.live.cam_policy`: :class:`CameraPlay`, what camera play does with
  what it sees (position decides the seat, change finds the new card, the table
  closes a trick, doubt is a question);
* :mod:`referee.live.cam_notes`: what it says: :class:`CameraEntry` (a card to
  enter) or :class:`CameraNote` (a question), and the questions' texts;
* :mod:`referee.live.cam_preview`: the preview window;
* here: the options of ``referee start`` and the two sources' loops (stdin lines or the
  keyboard thread, then the frames), which feed the one table loop
  (:mod:`referee.live.loop`).

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
from typing import TYPE_CHECKING, TextIO

from referee.core.table import Seat
from referee.i18n import N_, _
from referee.live.cam_notes import CameraEntry, CameraNote
from referee.live.cam_policy import DEFAULT_CAMERA_THRESHOLD, DEFAULT_PLAY_AREA, CameraPlay, turn_order
from referee.live.cam_preview import Preview
from referee.live.cam_source import CameraError, FrameSource, is_url, load_cv2
from referee.live.display import PlainDisplay
from referee.live.loop import CAM_NOTHING, TableLoop

if TYPE_CHECKING:
    from rich.console import Console

    from referee.core.game import Game
    from referee.live.controller import LiveSession
    from referee.live.display import RichDisplay

__all__ = [
    "CAM_NOTHING",
    "DEFAULT_CAMERA_THRESHOLD",
    "DEFAULT_PLAY_AREA",
    "DEFAULT_SEATS",
    "MARKER",
    "CameraEntry",
    "CameraError",
    "CameraNote",
    "CameraOptions",
    "CameraPlay",
    "FrameSource",
    "Keyboard",
    "Preview",
    "open_camera",
    "parse_camera",
    "parse_play_area",
    "parse_seats",
    "run_plain_camera",
    "run_screen_camera",
    "turn_order",
]

EDGE_NAMES = ("top", "bottom", "left", "right")
DEFAULT_SEATS = "S=bottom,E=right,N=top,W=left"
MARKER = "camera"
"""In plain mode, a stdin line ``camera`` hands over to the frames (see the module docstring)."""
ANSWER = re.compile(r"^\s*@(\d+\.\d+\.[SENW])(?:\s+(.*?))?\s*$", re.IGNORECASE)
"""A scripted answer line: ``@DEAL.TRICK.SEAT ANSWER`` (no answer: Enter)."""

CAM_UNUSED = N_("camera: {count} scripted answers were not asked for: {keys}")


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
            raise ValueError(
                _(
                    "--seats: not a seat and an image edge: {part!r} (e.g. S=bottom,E=right,N=top,W=left)"
                ).format(part=part)
            )
        out[seat] = edge
    if sorted(out) != sorted(Seat.__members__) or len(set(out.values())) != 4:
        raise ValueError(
            _(
                "--seats needs the four seats S, E, N, W at four different image edges "
                "(top, bottom, left, right), got {text!r}"
            ).format(text=text)
        )
    return out


def parse_play_area(text: str) -> tuple[float, float, float, float]:
    """``x0,y0,x1,y1`` in fractions of the frame (0-1, x0 < x1, y0 < y1). Raises ValueError
    (for eight numbers, four written with decimal commas as ru/kk/tr write them, saying
    how to write them)."""
    try:
        vals = tuple(float(v) for v in text.split(","))
    except ValueError:
        vals = ()
    parts = text.split(",")
    if len(parts) == 8 and all(v.strip().isdigit() for v in parts):
        dotted = ",".join(f"{parts[i].strip()}.{parts[i + 1].strip()}" for i in range(0, 8, 2))
        raise ValueError(
            _("--play-area: write the fractions with decimal points, {dotted}; got {text!r}").format(
                dotted=dotted, text=text
            )
        )
    if (
        len(vals) != 4
        or not all(0.0 <= v <= 1.0 for v in vals)
        or not (vals[0] < vals[2] and vals[1] < vals[3])
    ):
        raise ValueError(
            _(
                "--play-area: expected x0,y0,x1,y1 as fractions of the frame with "
                "x0 < x1 and y0 < y1, e.g. 0.2,0.15,0.8,0.85; got {text!r}"
            ).format(text=text)
        )
    return vals[0], vals[1], vals[2], vals[3]


def parse_camera(text: str) -> int | str:
    """``--camera``: a camera index (``0``) or a stream URL (``http://...``,
    ``rtsp://...``). Raises ValueError naming the value."""
    t = text.strip()
    if t.isdigit():
        return int(t)
    if is_url(t):
        return t
    raise ValueError(
        _(
            "--camera: expected a camera index (0, 1, ...) or a stream URL "
            "(http://..., rtsp://...), got {text!r}"
        ).format(text=text)
    )


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
            raise ValueError(
                _("--camera: a camera number 0 to {n}, not {index}").format(
                    n=MAX_CAMERA_INDEX, index=self.index
                )
            )
        parse_seats(self.seats)
        if self.play_area is not None:
            parse_play_area(self.play_area)
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError(
                _("--threshold must be between 0 and 1, got {value}").format(value=self.threshold)
            )


def open_camera(opts: CameraOptions, game: Game) -> tuple[FrameSource, CameraPlay]:
    """Open the source and build the camera play for it; raises CameraError (one line)."""
    source = FrameSource(index=opts.index, video=opts.video, url=opts.url)
    source.open()
    size = source.size
    if size[0] <= 0 or size[1] <= 0:  # some backends tell the size only with a frame
        raise CameraError(
            _("camera: cannot open {source}; the game goes on by keyboard").format(source=source.describe())
        )
    from referee.frames import size_problem

    problem = size_problem(*size)
    if problem is not None:  # a thin or huge video: the game goes on by keyboard
        source.close()
        raise CameraError(
            _("camera: {source}: {problem}; the game goes on by keyboard").format(
                source=source.describe(), problem=problem
            )
        )
    area = parse_play_area(opts.play_area) if opts.play_area else DEFAULT_PLAY_AREA
    # a live source's stated rate is a guess (FFmpeg says 25 for any MJPEG stream)
    fps = 0.0 if source.live else source.fps
    camera = CameraPlay(
        size,
        play_area=area,
        seats=parse_seats(opts.seats),
        threshold=opts.threshold,
        clockwise=game.clockwise,
        fps=fps,
    )
    return source, camera


# ------------------------------------------------------------------ plain lines
def run_plain_camera(
    session: LiveSession, lines: Iterable[str], opts: CameraOptions, out: TextIO, err: TextIO
) -> None:
    """Plain lines with a camera: stdin lines up to the end or a line ``camera``, then
    the frames (answering questions from the ``@KEY`` lines), then the other lines
    after ``camera``, all through the table loop with the plain display. A camera
    that cannot be used gives one line on ``err`` and the game goes on by keyboard.
    ``quit`` stops (the session stays open)."""
    display = PlainDisplay(session, out, err)
    source: FrameSource | None = None
    camera: CameraPlay | None = None
    try:
        source, camera = open_camera(opts, session.game)
    except CameraError as exc:
        display.error(str(exc))
    loop = TableLoop(session, display, camera=camera)
    rest = iter(lines)
    for raw in rest:
        if raw.strip().lower() == MARKER or loop.leave:
            break
        loop.line(raw)
    after: list[str] = []
    for raw in rest:
        m = ANSWER.match(raw)
        if m:
            loop.answers.setdefault(m.group(1).upper(), []).append(m.group(2) or "")
        else:
            after.append(raw)
    if source is not None and not loop.leave:
        _plain_frames(loop, source)
    loop.camera = None  # the lines after the frames are entered as typed
    unused = [f"@{k}" for k, v in loop.answers.items() for _a in v]
    if unused and not loop.leave:
        shown = ", ".join(unused[:6]) + (", ..." if len(unused) > 6 else "")
        display.said([_(CAM_UNUSED).format(count=len(unused), keys=shown)])
    for raw in after:
        if loop.leave:
            break
        loop.line(raw)
    display.close(loop.leave)


def _plain_frames(loop: TableLoop, source: FrameSource) -> None:
    """Every frame of ``source`` through ``loop``, then what waits after the last one,
    while answers move it on."""
    try:
        while not loop.leave and (frame := source.read()) is not None:
            loop.frame(frame)
        if not loop.leave:
            loop.display.notice([source.ended()])
    except CameraError as exc:
        loop.display.error(str(exc))
    finally:
        source.close()
    for _turn in range(200):
        if loop.leave or not loop.frame(None):
            return


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


def run_screen_camera(
    session: LiveSession,
    head: list[str],
    opts: CameraOptions,
    console: Console | None = None,
    keyboard: Keyboard | None = None,
    *,
    bell: bool = True,
) -> None:
    """The rich screen with a camera: typed lines and camera entries both go through the
    table loop; a question waits for Enter (the proposal), a card or ``undo``; a
    deal-ending penalty waits for ``undo`` or Enter (R65) while the camera waits too.
    Ends at the end of input (Ctrl-D) or ``quit``. ``bell``: as for the screen."""
    from rich.console import Console

    from referee.live.display import RichDisplay

    con = console or Console(highlight=False)
    display = RichDisplay(session, con, head, bell=bell, prompt_inline=True)
    source: FrameSource | None = None
    camera: CameraPlay | None = None
    preview: Preview | None = None
    try:
        source, camera = open_camera(opts, session.game)
        preview = Preview(load_cv2())
        preview.open()
    except CameraError as exc:
        display.error(str(exc))
    play = _ScreenCamera(TableLoop(session, display, camera=camera), display, source, preview)
    try:
        play.run(keyboard or Keyboard())
    except KeyboardInterrupt:
        pass
    finally:
        play.stop()
    display.close(play.loop.leave)


class _ScreenCamera:
    """The sources of :func:`run_screen_camera`: the keyboard and the frames, in turn."""

    def __init__(
        self, loop: TableLoop, display: RichDisplay, source: FrameSource | None, preview: Preview | None
    ) -> None:
        self.loop, self.display, self.source, self.preview = loop, display, source, preview
        self.ended = False
        """The video ended: what waits goes on as the table answers."""
        self.start = time.monotonic()

    def wait(self) -> float | None:
        """How long to wait for a typed line before the next frame (None: no frames)."""
        source = self.source
        if source is None:
            return None
        # a camera delivers frames in its own time; a video is played at its rate
        due = self.start + source.frames / source.fps if not source.live and source.fps > 0 else 0.0
        return max(0.0, due - time.monotonic())

    def run(self, keys: Keyboard) -> None:
        loop = self.loop
        self.display.draw()
        while not loop.leave:
            line = keys.get(self.wait())
            if line is None:
                return
            if isinstance(line, str):
                loop.line(line)
                if loop.leave:
                    return
                if self.ended and loop.waiting is None:
                    loop.frame(None)
                self.display.draw()
            elif self.source is not None and loop.camera is not None:
                self.next_frame(self.source, loop.camera)

    def next_frame(self, source: FrameSource, camera: CameraPlay) -> None:
        """Read one frame and feed it; at the end of the frames decide on what waits."""
        loop = self.loop
        try:
            frame = source.read()
        except CameraError as exc:
            frame = None
            self.display.error(str(exc))
        if frame is None:
            if source.frames and not source.live:
                self.display.notice([source.ended()])
            self.stop()
            self.ended = True
            if loop.waiting is None:
                loop.frame(None)
            self.display.draw()
            return
        if loop.waiting is not None:  # R65: nothing new until the table has answered
            camera.detections = []
            changed = False
        else:
            changed = loop.frame(frame)
        if self.preview is not None:
            self.preview.show(frame, camera)
        if changed:
            self.display.draw()

    def stop(self) -> None:
        """Close the source and the preview (once)."""
        if self.source is not None:
            self.source.close()
            self.source = None
        if self.preview is not None:
            self.preview.close()
            self.preview = None
