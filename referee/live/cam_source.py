"""Where camera frames come from (issue 4 §4, issue 9 §7): ``cv2.VideoCapture`` on a
camera index, a video file, an image sequence (``frame_%03d.png``) or a stream URL
(``http://``, ``https://``, ``rtsp://``: a phone as the overhead camera).

``cv2`` is imported only when a source is opened. When OpenCV cannot load, the
source cannot be opened or it stops delivering frames, :class:`CameraError`
carries one line for the table (what happened, how to fix it) and the game goes
on by keyboard.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from referee.i18n import N_, _

URL_SCHEMES = ("http://", "https://", "rtsp://", "rtsps://")
OPEN_TIMEOUT_MS = 5000
READ_TIMEOUT_MS = 3000
"""A stream that sends nothing for this long has dropped."""

CAM_NO_CV2 = N_(
    "camera: OpenCV (cv2) cannot be loaded ({error}); install libGL (apt-get install "
    "libgl1) or use opencv-python-headless (pip install opencv-python-headless). "
    "The game goes on by keyboard"
)
CAM_NO_FILE = N_("camera: no such video file: {path}; the game goes on by keyboard")
CAM_CANNOT_OPEN = N_("camera: cannot open {source}; the game goes on by keyboard")
CAM_STOPPED = N_(
    "camera: {source} stopped delivering frames (frames read: {frames}); the game goes on by keyboard"
)
CAM_ENDED = N_("camera: end of {source} (frames read: {frames})")
CAM_NO_COLOUR = N_(
    "camera: {source} gives a picture without colour (a black-and-white or night mode?): no card "
    "is read in it; switch the camera to colour"
)
COLOURLESS_FRAMES = 10
"""Frames in a row without colour (:func:`vision.colour.colourless`) after which one line says
so: the reader reads no card in them (a black-and-white camera makes red print grey)."""


class CameraError(Exception):
    """The camera cannot be used (any more); ``str()`` is one line for the table."""


def is_url(text: str) -> bool:
    """True for a stream address ``cv2.VideoCapture`` opens (http, https, rtsp)."""
    return text.strip().lower().startswith(URL_SCHEMES)


def load_cv2() -> Any:
    """Import cv2, or raise CameraError saying how to make it load."""
    from referee.frames import limit_decoder

    limit_decoder()  # before cv2 loads: OpenCV reads the limit once (issue 12)
    # FFmpeg's own log lines (a stream that ends, ...) would draw over the table
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
    try:
        import cv2
    except ImportError as exc:  # e.g. libGL.so.1 missing on a server
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CameraError(_(CAM_NO_CV2).format(error=first)) from None
    return cv2


class FrameSource:
    """Frames from ``cv2.VideoCapture``: a camera ``index``, a ``video`` (a file, or an
    image sequence pattern such as ``shots/img_%03d.png``) or a stream ``url``.
    Exactly one of them; ValueError otherwise."""

    def __init__(
        self, *, index: int | None = None, video: str | Path | None = None, url: str | None = None
    ) -> None:
        if sum(x is not None for x in (index, video, url)) != 1:
            raise ValueError("give one of a camera index, a video or a stream URL")
        self.index = index
        self.video = None if video is None else str(video)
        self.url = url
        self.frames = 0
        self.fps = 0.0
        self.size = (0, 0)
        self.skipped = 0
        """Frames not given to the reader (see :meth:`_bad_frame`)."""
        self._cap: Any = None
        self._grey = 0
        """Frames in a row without colour so far; -1 once colour was seen or it was said."""

    @property
    def live(self) -> bool:
        """True for a camera device or a stream (their frames do not simply end)."""
        return self.index is not None or self.url is not None

    def describe(self) -> str:
        if self.index is not None:
            return _("camera {index}").format(index=self.index)
        if self.url is not None:
            return _("stream {url}").format(url=self.url)
        return _("video {path}").format(path=self.video)

    def open(self) -> None:
        """Open the source and read its frame size; raises CameraError (one line)."""
        cv2 = load_cv2()
        with contextlib.suppress(Exception):  # one line of ours, not OpenCV's warnings
            cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
        if self.video is not None and not _video_exists(self.video):
            raise CameraError(_(CAM_NO_FILE).format(path=self.video))
        try:
            if self.url is not None:
                cap = cv2.VideoCapture(
                    self.url,
                    cv2.CAP_FFMPEG,
                    [
                        cv2.CAP_PROP_OPEN_TIMEOUT_MSEC,
                        OPEN_TIMEOUT_MS,
                        cv2.CAP_PROP_READ_TIMEOUT_MSEC,
                        READ_TIMEOUT_MS,
                    ],
                )
            else:
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
        camera or stream stops delivering frames (or a video breaks off before it starts)."""
        if self._cap is None:
            return None
        try:
            ok, frame = self._cap.read()
            while ok and frame is not None and self._bad_frame(frame):
                ok, frame = self._cap.read()
        except Exception:  # cv2.error from a broken stream
            ok, frame = False, None
        if ok and frame is not None:
            self.frames += 1
            if self.size == (0, 0):
                self.size = (frame.shape[1], frame.shape[0])
            self._watch_colour(frame)
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

            sys.stderr.write(
                _("error: {source}: frame {n} skipped: {problem}").format(
                    source=self.describe(), n=self.frames + self.skipped, problem=problem
                )
                + "\n"
            )
            sys.stderr.flush()
        return True

    def _watch_colour(self, frame: Any) -> None:
        """Say once, in one line on stderr, that the source gives no colour, after
        COLOURLESS_FRAMES frames in a row without it (the first ones only are looked at)."""
        if self._grey < 0:
            return  # (said, or colour seen)
        from vision.colour import colourless

        grey = frame.ndim == 2 or frame.shape[2] == 1 or colourless(frame[..., :3])
        self._grey = self._grey + 1 if grey else -1
        if self._grey == COLOURLESS_FRAMES:
            import sys

            sys.stderr.write(_(CAM_NO_COLOUR).format(source=self.describe()) + "\n")
            sys.stderr.flush()
            self._grey = -1

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
