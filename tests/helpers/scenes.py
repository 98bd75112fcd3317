"""Deterministic overhead videos of a trick being played, built at test time.

A scene is a list of :class:`Shot` (what lies on the table, and maybe a hand,
held for some frames); :func:`write_video` draws each shot with the synthetic
cards of ``tests/vision/synth.py`` on a table texture and writes an MJPG ``.avi``
(``cv2.VideoWriter``). Red cards are used: the drawn black suits are crude, and
the reader leaves most of them unread (it never guesses).

Geometry (960x540 frame, the default ``--seats``): S lays its card below the
centre, N above, W left and E right of it, all inside the default play area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2

from tests.helpers.synth import card_face, hand, place, table

SIZE = (960, 540)
FPS = 10.0
CARD_WIDTH = 95
CENTRE = (SIZE[0] / 2, SIZE[1] / 2)
SPOT = {
    "S": (CENTRE[0], CENTRE[1] + 110),
    "N": (CENTRE[0], CENTRE[1] - 110),
    "W": (CENTRE[0] - 150, CENTRE[1]),
    "E": (CENTRE[0] + 150, CENTRE[1]),
}
ANGLE = {"S": -8.0, "E": 75.0, "N": 5.0, "W": 20.0}
OUTSIDE = (70.0, 460.0)
"""A spot near the bottom-left corner, outside the default play area."""


@dataclass(frozen=True)
class Shot:
    """``cards`` lying on the table: (card, centre, angle); a ``hand`` (centre, size)
    drawn over them; held for ``frames`` frames."""

    cards: tuple[tuple[str, tuple[float, float], float], ...]
    frames: int
    hand: tuple[tuple[int, int], int] | None = None


@dataclass
class Scene:
    """Builds a list of shots: cards are laid and gathered as the trick goes."""

    shots: list[Shot] = field(default_factory=list)
    lying: list[tuple[str, tuple[float, float], float]] = field(default_factory=list)

    def wait(self, frames: int, hand_at: tuple[float, float] | None = None) -> Scene:
        h = None if hand_at is None else ((round(hand_at[0]), round(hand_at[1])), 120)
        self.shots.append(Shot(tuple(self.lying), frames, h))
        return self

    def lay(
        self, card: str, seat: str, *, reach: int = 2, rest: int = 6, spot: tuple[float, float] | None = None
    ) -> Scene:
        """``seat`` lays ``card``: for ``reach`` frames a hand holds it down (half of it
        covered), then it lies alone for ``rest`` frames."""
        at = spot or SPOT[seat]
        self.lying.append((card, at, ANGLE.get(seat, 0.0)))
        if reach:
            self.wait(reach, hand_at=(at[0], at[1] + 40))
        return self.wait(rest)

    def gather(self, frames: int) -> Scene:
        """The trick is gathered: every card in the play area leaves the table."""
        self.lying = [c for c in self.lying if c[1] not in SPOT.values()]
        return self.wait(frames)

    def add(self, card: str, at: tuple[float, float], angle: float = 0.0) -> Scene:
        """A card that lies there from now on (a 13th card shown, a card off the play area)."""
        self.lying.append((card, at, angle))
        return self


@lru_cache(maxsize=4)
def _table(kind: str, size: tuple[int, int]) -> Any:
    return table(kind, size, seed=2)


def draw(shot: Shot, size: tuple[int, int] = SIZE, kind: str = "wood") -> Any:
    frame = _table(kind, size).copy()
    for card, at, angle in shot.cards:
        place(frame, card_face(card), at, angle, CARD_WIDTH)
    if shot.hand is not None:
        hand(frame, shot.hand[0], shot.hand[1])
    return frame


def write_video(scene: Scene, path: Path, fps: float = FPS, kind: str = "wood") -> Path:
    """Write the scene as an MJPG .avi; returns ``path``."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, SIZE)
    assert writer.isOpened(), "cv2.VideoWriter cannot write MJPG .avi here"
    try:
        for shot in scene.shots:
            frame = draw(shot, SIZE, kind)
            for _ in range(shot.frames):
                writer.write(frame)
    finally:
        writer.release()
    return path


def frame_count(scene: Scene) -> int:
    return sum(s.frames for s in scene.shots)


def frames(scene: Scene, kind: str = "wood") -> list[Any]:
    """The scene's frames in memory (no video file, no compression)."""
    out = []
    for shot in scene.shots:
        frame = draw(shot, SIZE, kind)
        out += [frame] * shot.frames
    return out
