"""The camera preview (issue 4 §4): a small window showing the frame, the play
area and the cards read outlined, to aim the camera. Only where a display exists
(never in tests or CI); a headless OpenCV build simply has no window."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TYPE_CHECKING, Any

from referee.live.drawing import draw_cards, draw_play_area

if TYPE_CHECKING:
    from referee.live.cam_policy import CameraPlay


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
        """A copy of ``frame`` with the play area (blue, each seat's letter at its edge) and
        the cards read outlined: green when sure enough to be entered, orange below the
        threshold (:mod:`referee.live.drawing`)."""
        out = frame.copy()
        draw_play_area(self.cv2, out, camera.area, camera.seats)
        return draw_cards(self.cv2, out, camera.detections, threshold=camera.threshold)  # (over the area)

    def close(self) -> None:
        if self.on:
            with contextlib.suppress(Exception):
                self.cv2.destroyWindow(self.TITLE)
            self.on = False
