"""Camera play (issue 4 §4): cards laid face up in the middle of the table are
read from a webcam (or a video file, or an image sequence) and entered for the
seat whose turn it is, through the same :meth:`LiveSession.enter` as typed cards.

* :class:`FrameSource` wraps ``cv2.VideoCapture`` (a device index, a video file,
  an image sequence such as ``frame_%03d.png``); ``cv2`` is imported only when a
  source is opened. When OpenCV cannot load, the source cannot be opened or it
  stops delivering frames, :class:`CameraError` carries one line for the table
  (what happened, how to fix it) and the game goes on by keyboard.
* :class:`CameraPlay` runs the card reader (:func:`vision.reader.detect`) and the
  :class:`~vision.tracker.PlayTracker` on each frame and yields what the live
  session must do: a :class:`CameraEntry` (a card to enter, as if typed) or a
  :class:`CameraNote` (a question for the table). Rules:

  - plays are read only inside the play area (fractions of the frame, default the
    middle) and only while trumps are set (``game.phase == "play"``): a card lying
    there before (the shown 13th card, a redeal hand) is never taken for a play,
    not even once trumps are chosen, until it has left the table;
  - a card counts once it is seen steadily for a few frames (a hand passing over
    it does not restart the count); new cards are entered for the seat whose turn
    it is; two new at once are ordered by their position relative to the seats
    (``--seats``: the image edge each seat sits at);
  - a trick is closed (its cards forgotten by the tracker) when its four cards
    have been gathered, i.e. not seen for a while (about two seconds);
  - a card already played this deal, or a reading below the confidence threshold,
    is not entered: the table is asked to type the card (or confirm it by typing
    it). Until the table has entered something, the camera enters nothing more:
    cards laid meanwhile wait and are entered afterwards in the order they came
    (a waiting card the table has typed itself is dropped quietly).

* :func:`run_plain_camera` is the plain-lines mode with a camera (stdin not a
  terminal), deterministic: the stdin lines are entered first, up to the end of
  input or a line ``camera``; then every frame of the source; then the stdin lines
  after ``camera``, if any. :func:`run_screen_camera` is the rich screen with the
  keyboard read in a thread while frames are read, and a small preview window
  (when a display exists) showing the recognised cards outlined.
"""

from __future__ import annotations

import contextlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from referee.core.cards import Card
from referee.core.table import Seat
from referee.errors import RefereeError
from referee.i18n import N_, _
from referee.live import messages as M

if TYPE_CHECKING:
    from rich.console import Console

    from referee.core.deal import Deal, Trick
    from referee.core.game import Game
    from referee.live.controller import LiveSession
    from vision.tracker import Edge, PlayEvent, PlayTracker

EDGE_NAMES = ("top", "bottom", "left", "right")
DEFAULT_SEATS = "S=bottom,E=right,N=top,W=left"
DEFAULT_PLAY_AREA = (0.2, 0.15, 0.8, 0.85)
"""The middle of the frame, as fractions ``x0, y0, x1, y1`` of its width and height."""
DEFAULT_CAMERA_THRESHOLD = 0.6
"""A card read with less confidence (the lowest over the frames it was seen in) is
asked, not entered. The reader itself reports nothing under 0.5."""
MARKER = "camera"
"""In plain mode, a stdin line ``camera`` hands over to the frames (see the module docstring)."""

# messages (the table reads them); translated where they are shown
CAM_NO_CV2 = N_("camera: OpenCV (cv2) cannot be loaded ({error}); install libGL (apt-get install "
                "libgl1) or use opencv-python-headless (pip install opencv-python-headless). "
                "The game goes on by keyboard")
CAM_NO_FILE = N_("camera: no such video file: {path}; the game goes on by keyboard")
CAM_CANNOT_OPEN = N_("camera: cannot open {source}; the game goes on by keyboard")
CAM_STOPPED = N_("camera: {source} stopped delivering frames (frames read: {frames}); the game "
                 "goes on by keyboard")
CAM_ENDED = N_("camera: end of {source} (frames read: {frames})")
CAM_ALREADY = N_("camera: {card} was already played in deal {deal} (trick {trick}): not "
                 "entered; type the card {seat} played")
CAM_UNSURE = N_("camera: {card} for {seat}? Read with confidence {conf}, below {threshold}: "
                "not entered; type it to confirm, or type the card {seat} played")
CAM_REFUSED = N_("camera: {card} for {seat} not entered: {reason}; type the card {seat} played")
CAM_MARK = N_("(camera {conf})")


class CameraError(Exception):
    """The camera cannot be used (any more); ``str()`` is one line for the table."""


# ------------------------------------------------------------------ options
def parse_seats(text: str) -> dict[str, Edge]:
    """``S=bottom,E=right,N=top,W=left`` -> {"S": "bottom", ...}: all four seats, each at
    its own image edge. Raises ValueError (a usage error)."""
    out: dict[str, Edge] = {}
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        seat, sep, edge = part.partition("=")
        seat, edge = seat.strip().upper(), edge.strip().lower()
        if not sep or seat not in Seat.__members__ or edge not in EDGE_NAMES:
            raise ValueError(_("--seats: not a seat and an image edge: {part!r} (e.g. "
                               "S=bottom,E=right,N=top,W=left)").format(part=part))
        out[seat] = edge  # type: ignore[assignment]
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


def load_cv2() -> Any:
    """Import cv2, or raise CameraError saying how to make it load."""
    from referee.frames import limit_decoder

    limit_decoder()  # before cv2 loads: OpenCV reads the limit once
    try:
        import cv2
    except ImportError as exc:  # e.g. libGL.so.1 missing on a server
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CameraError(_(CAM_NO_CV2).format(error=first)) from None
    return cv2


MAX_CAMERA_INDEX = 99
"""Largest ``--camera`` index (OpenCV takes 100 and more as a backend code plus an index)."""


# ------------------------------------------------------------------ frames
class FrameSource:
    """Frames from ``cv2.VideoCapture``: a camera ``index``, or a ``video`` (a file, or
    an image sequence pattern such as ``shots/img_%03d.png``)."""

    def __init__(self, *, index: int | None = None, video: str | Path | None = None) -> None:
        if (index is None) == (video is None):
            raise ValueError("give a camera index or a video, not both")
        self.index = index
        self.video = None if video is None else str(video)
        self.frames = 0
        self.skipped = 0
        """Frames not given to the reader (see :meth:`_bad_frame`)."""
        self.fps = 0.0
        self.size = (0, 0)
        self._cap: Any = None

    @property
    def live(self) -> bool:
        """True for a camera device (its frames do not simply end)."""
        return self.index is not None

    def describe(self) -> str:
        if self.index is not None:
            return _("camera {index}").format(index=self.index)
        return _("video {path}").format(path=self.video)

    def open(self) -> None:
        """Open the source and read its frame size; raises CameraError (one line)."""
        cv2 = load_cv2()
        with contextlib.suppress(Exception):  # one line of ours, not OpenCV's warnings
            cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
        if self.video is not None and not _video_exists(self.video):
            raise CameraError(_(CAM_NO_FILE).format(path=self.video))
        try:
            cap = cv2.VideoCapture(self.index if self.index is not None else self.video)
        except cv2.error:
            cap = None
        if cap is None or not cap.isOpened():
            raise CameraError(_(CAM_CANNOT_OPEN).format(source=self.describe()))
        self._cap = cap
        self.fps = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        self.size = (int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT)))

    def read(self) -> Any:
        """The next BGR frame; None at the end of a video. Raises CameraError when a
        camera stops delivering frames (or a video breaks off before it starts)."""
        if self._cap is None:
            return None
        ok, frame = self._cap.read()
        while ok and frame is not None and self._bad_frame(frame):
            ok, frame = self._cap.read()
        if ok and frame is not None:
            self.frames += 1
            if self.size == (0, 0):
                self.size = (frame.shape[1], frame.shape[0])
            return frame
        self.close()
        if self.live or self.frames == 0:
            raise CameraError(_(CAM_STOPPED).format(source=self.describe(), frames=self.frames))
        return None

    def _bad_frame(self, frame: Any) -> bool:
        """True for a frame the reader must not see (referee.frames.frame_problem); it is
        skipped, and the first one is said in one line on stderr (issue 12)."""
        from referee.frames import frame_problem

        problem = frame_problem(frame)
        if problem is None:
            return False
        self.skipped += 1
        if self.skipped == 1:
            import sys

            sys.stderr.write(_("error: {source}: frame {n} skipped: {problem}").format(
                source=self.describe(), n=self.frames + self.skipped, problem=problem) + "\n")
            sys.stderr.flush()
        return True

    def ended(self) -> str:
        """The line saying a video came to its end."""
        return _(CAM_ENDED).format(source=self.describe(), frames=self.frames)

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


def _video_exists(video: str) -> bool:
    """A video file that exists, or an image sequence (``img_%03d.png``) whose first
    image does (numbered from 0 to 4, as FFmpeg looks for it)."""
    if "%" not in video:
        return Path(video).is_file()
    for first in range(5):
        try:
            name = video % first
        except (TypeError, ValueError):
            return False
        if Path(name).is_file():
            return True
    return False


# ------------------------------------------------------------------ reading plays
@dataclass(frozen=True)
class CameraEntry:
    """A card to enter for ``seat`` (the seat whose turn it is): ``text`` is the entry
    line (``5H``), ``confidence`` the lowest the reader gave it."""

    text: str
    seat: str
    confidence: float

    def mark(self) -> str:
        """``(camera 0.93)``: appended to the echo line of the entry."""
        return _(CAM_MARK).format(conf=f"{self.confidence:.2f}")


@dataclass(frozen=True)
class CameraNote:
    """A line for the table: a card the camera did not enter and asks about."""

    text: str


@dataclass(frozen=True)
class _Waiting:
    event: PlayEvent
    during_hold: bool


def turn_order(clockwise: bool) -> list[str]:
    """Seat names in playing order from S (R1)."""
    seats = [Seat.S]
    while len(seats) < 4:
        seats.append(seats[-1].next(clockwise))
    return [s.name for s in seats]


class CameraPlay:
    """Frames in, entries and questions out (see the module docstring).

    ``frame_size`` (width, height) in pixels; ``play_area`` fractions ``x0, y0, x1, y1``;
    ``seats`` seat name -> image edge; ``threshold`` the confidence a card needs to be
    entered without asking; ``clockwise`` the profile's direction of play;
    ``stable_frames``, ``max_gap``, ``gone_frames`` as in :class:`PlayTracker` (default:
    from ``fps``: a quarter second steady, two seconds gone); ``detect`` the reader
    (default :func:`vision.reader.detect`, called as ``detect(frame, floor)``).
    """

    def __init__(self, frame_size: tuple[int, int], *,
                 play_area: Sequence[float] = DEFAULT_PLAY_AREA,
                 seats: dict[str, Edge] | None = None,
                 threshold: float = DEFAULT_CAMERA_THRESHOLD, clockwise: bool = False,
                 fps: float = 0.0, stable_frames: int | None = None, max_gap: int | None = None,
                 gone_frames: int | None = None,
                 detect: Callable[[Any, float], list[Any]] | None = None) -> None:
        from vision import DEFAULT_THRESHOLD
        from vision.tracker import PlayTracker

        if not 0.0 <= threshold <= 1.0:
            raise ValueError(_("--threshold must be between 0 and 1, got {value}").format(value=threshold))
        w, h = frame_size
        x0, y0, x1, y1 = play_area
        self.frame_size = frame_size
        self.area = [(x0 * w, y0 * h), (x1 * w, y0 * h), (x1 * w, y1 * h), (x0 * w, y1 * h)]
        self.threshold = threshold
        self.floor = min(threshold, DEFAULT_THRESHOLD)
        rate = fps if 1.0 <= fps <= 240.0 else 15.0
        self.tracker: PlayTracker = PlayTracker(
            frame_size=frame_size, play_area=self.area,
            seats=seats or parse_seats(DEFAULT_SEATS), turn_order=turn_order(clockwise),
            threshold=self.floor,
            stable_frames=stable_frames or max(3, round(rate * 0.25)),
            max_gap=max_gap if max_gap is not None else max(2, round(rate * 0.2)),
            gone_frames=gone_frames or max(5, round(rate * 2.0)))
        if detect is None:
            from vision.reader import detect as read_cards

            detect = read_cards
        self._detect = detect
        self.detections: list[Any] = []
        """What the reader found in the last frame (for the preview)."""
        self._waiting: list[_Waiting] = []
        self._left: set[str] = set()
        """Cards of this deal that left the table (not seen for ``gone_frames``)."""
        self._deal = 0
        self._hold: _Progress | None = None

    @property
    def held(self) -> bool:
        """True while a question waits for the table (the camera enters nothing)."""
        return self._hold is not None

    def feed(self, frame: Any, game: Game) -> Iterator[CameraEntry | CameraNote]:
        """Read one frame. Yields the entries to make, one at a time: the caller enters
        each :class:`CameraEntry` (``session.enter(entry.text)``) before asking for the
        next item, as the seat and the checks of the next card depend on it."""
        from vision.tracker import Seen

        dets = self._detect(frame, self.floor)
        self.detections = dets
        seen = [Seen(d.card, float(d.confidence),
                     (float(d.corners[:, 0].mean()), float(d.corners[:, 1].mean()))) for d in dets]
        to_play = game.to_play
        result = self.tracker.update(seen, to_play.name if to_play is not None else None)
        if result.gone:
            self.tracker.forget(result.gone)  # a gathered trick: seen again, it is new
            self._left.update(result.gone)
        d = game.current
        if d is not None and d.number != self._deal:
            self._deal = d.number
            self._left.clear()
        if game.phase != "play":
            # Before trumps (or while the bavyan question is open): cards lying in the
            # middle now are no plays, and are not taken for plays while they stay.
            self._waiting.clear()
            self._hold = None
            return
        self._waiting += [_Waiting(ev, self._hold is not None) for ev in result.plays]
        if self._hold is not None:
            if self._hold == _progress(game):
                return
            self._hold = None  # the table has entered something: go on
        while self._waiting and self._hold is None and game.phase == "play":
            yield from self._one(self._waiting.pop(0), game)
        if game.phase != "play":
            self._waiting.clear()

    def _one(self, w: _Waiting, game: Game) -> Iterator[CameraEntry | CameraNote]:
        ev = w.event
        card = Card.parse(ev.card)
        seat = game.to_play
        d = game.current
        assert seat is not None and d is not None
        shown = M.card_text(card)
        trick = next((t for t in d.tricks if card in t.cards), None)
        if trick is not None:
            where = trick.number
            if w.during_hold:
                return  # the table typed it while the camera waited
            if self._still_lying(d, trick):
                return  # a card of the trick on the table, out of sight for a while
            self._hold = _progress(game)
            yield CameraNote(_(CAM_ALREADY).format(card=shown, deal=d.number, trick=where,
                                                      seat=seat.name))
            return
        if ev.confidence < self.threshold:
            self._hold = _progress(game)
            yield CameraNote(_(CAM_UNSURE).format(card=shown, seat=seat.name,
                                                     conf=f"{ev.confidence:.2f}",
                                                     threshold=f"{self.threshold:.2f}"))
            return
        before = _progress(game)
        self._left.discard(str(card))
        yield CameraEntry(str(card), seat.name, ev.confidence)
        if _progress(game) == before:  # the rules refused it: the table decides
            self._hold = before

    def _still_lying(self, d: Deal, trick: Trick) -> bool:
        """True if ``trick`` may still lie on the table: one of the last two tricks of
        the deal, not all of whose cards have left it (a card out of sight for a while,
        under an arm, is seen again: no new play, nothing to ask)."""
        recent = any(trick is t for t in d.tricks[-2:])
        return recent and not all(str(c) in self._left for c in trick.cards)

    def refused(self, entry: CameraEntry, reason: str) -> CameraNote:
        """The question for a camera entry the rules refused."""
        return CameraNote(_(CAM_REFUSED).format(card=M.card_text(Card.parse(entry.text)),
                                                   seat=entry.seat, reason=reason))


class _Progress:
    """Where the game stands, to notice any entry accepted or undone since: the number
    of events and the last event object itself (held, so it is compared by identity)."""

    __slots__ = ("count", "last")

    def __init__(self, game: Game) -> None:
        self.count = len(game.events)
        self.last = game.events[-1] if game.events else None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _Progress) and self.count == other.count
                and self.last is other.last)

    __hash__ = None  # type: ignore[assignment]


def _progress(game: Game) -> _Progress:
    """Compares unequal to any earlier one once an entry is accepted or undone."""
    return _Progress(game)


# ------------------------------------------------------------------ preview
class Preview:
    """A small window showing the frame, the play area and the recognised cards
    outlined, to aim the camera. Only where a display exists (never in tests/CI)."""

    TITLE = "court-referee camera"

    def __init__(self, cv2: Any) -> None:
        self.cv2 = cv2
        self.on = False

    @staticmethod
    def display_available() -> bool:
        """A display to open windows on: X11/Wayland on Linux; macOS and Windows always."""
        if os.environ.get("REFEREE_NO_PREVIEW"):
            return False
        if sys.platform.startswith("linux") or "bsd" in sys.platform:
            return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        return True

    def open(self) -> bool:
        """Open the window if possible (a headless OpenCV build has no GUI)."""
        if not self.display_available():
            return False
        # OpenCV's Qt window logs warnings (missing fonts, ...) to stderr, which would
        # draw over the live screen in the terminal: silence Qt's logging unless set.
        os.environ.setdefault("QT_LOGGING_RULES", "*=false")
        try:
            self.cv2.namedWindow(self.TITLE, self.cv2.WINDOW_NORMAL)
            self.cv2.resizeWindow(self.TITLE, 480, 270)
        except Exception:  # cv2.error: "The function is not implemented" (headless)
            return False
        self.on = True
        return True

    def show(self, frame: Any, camera: CameraPlay) -> None:
        """Show ``frame`` with what ``camera`` found in it (when the window is open)."""
        if not self.on:
            return
        try:
            self.cv2.imshow(self.TITLE, self.annotate(frame, camera))
            self.cv2.waitKey(1)
        except Exception:
            self.on = False

    def annotate(self, frame: Any, camera: CameraPlay) -> Any:
        """A copy of ``frame`` with the play area (blue) and the cards read outlined:
        green when sure enough to be entered, orange below the threshold."""
        import numpy as np

        cv2 = self.cv2
        out = frame.copy()
        area = np.round(np.array(camera.area)).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [area], True, (255, 160, 0), 2)
        for d in camera.detections:
            pts = np.round(d.corners).astype(np.int32).reshape(-1, 1, 2)
            good = d.confidence >= camera.threshold
            cv2.polylines(out, [pts], True, (0, 220, 0) if good else (0, 160, 255), 3)
            x, y = (int(v) for v in d.corners[0])
            cv2.putText(out, f"{d.card} {d.confidence:.2f}", (x, max(14, y - 6)),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 255, 255), 2, cv2.LINE_AA)
        return out

    def close(self) -> None:
        if self.on:
            with contextlib.suppress(Exception):
                self.cv2.destroyWindow(self.TITLE)
            self.on = False


# ------------------------------------------------------------------ setting up
@dataclass
class CameraOptions:
    """The camera options of ``referee start``."""

    index: int | None = None
    video: str | None = None
    seats: str = DEFAULT_SEATS
    play_area: str | None = None
    threshold: float = DEFAULT_CAMERA_THRESHOLD

    @property
    def wanted(self) -> bool:
        return self.index is not None or self.video is not None

    def check(self) -> None:
        """Raise ValueError for a usage error (before anything is stored)."""
        if self.index is not None and self.video is not None:
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
    """Open the source and build the reader for it; raises CameraError (one line)."""
    source = FrameSource(index=opts.index, video=opts.video)
    source.open()
    size = source.size
    if size[0] <= 0 or size[1] <= 0:  # some backends tell the size only with a frame
        raise CameraError(_(CAM_CANNOT_OPEN).format(source=source.describe()))
    from referee.frames import size_problem

    problem = size_problem(*size)
    if problem is not None:  # a thin or huge video: the game goes on by keyboard
        source.close()
        raise CameraError(_("camera: {source}: {problem}; the game goes on by keyboard").format(
            source=source.describe(), problem=problem))
    area = parse_play_area(opts.play_area) if opts.play_area else DEFAULT_PLAY_AREA
    camera = CameraPlay(size, play_area=area, seats=parse_seats(opts.seats),
                        threshold=opts.threshold, clockwise=game.clockwise, fps=source.fps)
    return source, camera


# ------------------------------------------------------------------ plain lines
class _Plain:
    """The plain-lines output of :func:`run_plain_camera` (as :mod:`referee.live.plain`)."""

    def __init__(self, session: LiveSession, out: TextIO, err: TextIO) -> None:
        self.session, self.out, self.err = session, out, err
        self.number = 0

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
            self.error(_(M.LINE_ERROR).format(number=self.number, text=exc))
            return
        if outcome is not None:
            self.say([outcome.echo, *outcome.lines])

    def frame(self, camera: CameraPlay, frame: Any) -> None:
        items = camera.feed(frame, self.session.game)
        for item in items:
            if isinstance(item, CameraNote):
                self.say([item.text])
                continue
            try:
                outcome = self.session.enter(item.text)
            except RefereeError as exc:
                self.say([camera.refused(item, str(exc)).text])
                continue
            if outcome is not None:
                self.say([f"{outcome.echo}  {item.mark()}", *outcome.lines])


def run_plain_camera(session: LiveSession, lines: Iterable[str], opts: CameraOptions,
                     out: TextIO, err: TextIO) -> None:
    """Plain lines with a camera: stdin lines up to the end or a line ``camera``, then
    the frames, then the lines after ``camera``. A camera that cannot be used gives
    one line on ``err`` and the game goes on by keyboard."""
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
    if source is not None and camera is not None:
        try:
            while (frame := source.read()) is not None:
                p.frame(camera, frame)
            p.say([source.ended()])
        except CameraError as exc:
            p.error(str(exc))
        finally:
            source.close()
    for raw in rest:
        p.typed(raw)
    if not session.game.over:
        p.say([M.stays_open(session.header.id, session.store.session_option)])
    if session.refused:
        err.write(M.refused_count(session.refused) + "\n")
        err.flush()


# ------------------------------------------------------------------ the screen
class Keyboard:
    """Lines typed on the terminal, read in a thread (with readline's editing where
    Python has it) while the main thread reads frames. :meth:`get` waits up to
    ``timeout`` seconds (None: until a line comes): a line, "" when none came, None at
    the end of input (Ctrl-D)."""

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

    def get(self, timeout: float | None) -> str | None:
        try:
            return self._q.get(timeout=timeout) if timeout != 0 else self._q.get_nowait()
        except queue.Empty:
            return ""


def run_screen_camera(session: LiveSession, head: list[str], opts: CameraOptions,
                      console: Console | None = None, keyboard: Keyboard | None = None) -> None:
    """The rich screen with a camera: typed lines and camera entries both go to
    :meth:`LiveSession.enter`; a deal-ending penalty waits for ``undo`` or Enter (R65)
    while the camera waits too. Ends at the end of input (Ctrl-D)."""
    from rich.console import Console

    from referee.live.screen import render

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

    def accepted(outcome: Any, mark: str = "") -> None:
        nonlocal messages, penalty, help_lines
        messages = [f"{outcome.echo}  {mark}".rstrip(), *outcome.lines]
        help_lines = None
        if outcome.help:  # in place of the table, until the next entry
            messages, help_lines = [outcome.echo], outcome.lines
        penalty = bool(outcome.penalty)

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
            if line:
                if penalty:
                    penalty = False
                    if line.strip().lower() == "undo":
                        undone = session.undo()
                        messages = [undone.echo, *undone.lines]
                    draw()
                    continue
                help_lines = None
                try:
                    outcome = session.enter(line)
                except RefereeError as exc:
                    messages = [_(M.REFUSED).format(text=exc)]
                    draw()
                    continue
                if outcome is not None:
                    accepted(outcome)
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
                if preview is not None:
                    preview.close()
                draw()
                continue
            if penalty:  # R65: nothing new until the table has confirmed or undone
                camera.detections = []
                if preview is not None:
                    preview.show(frame, camera)
                continue
            changed = False
            for item in camera.feed(frame, session.game):
                changed = True
                if isinstance(item, CameraNote):
                    messages = [item.text]
                    continue
                try:
                    outcome = session.enter(item.text)
                except RefereeError as exc:
                    messages = [camera.refused(item, str(exc)).text]
                    continue
                if outcome is not None:
                    accepted(outcome, item.mark())
                if penalty:
                    break
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
