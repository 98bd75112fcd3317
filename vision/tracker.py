"""Turn per-frame card detections into "card X newly laid at position P" events.

Pure logic (no OpenCV, no NumPy): the caller runs the detector on each frame
and feeds what it found to :meth:`PlayTracker.update`.

Rules:

* Only detections whose centre lies inside the play-area polygon (image
  pixels, x right, y down) count; the shown trump card, cards in players'
  hands or a redeal lying outside it are ignored.
* A detection below the confidence threshold is never turned into an event.
* A card becomes a play once it has been seen in ``stable_frames`` frames
  without a gap longer than ``max_gap`` frames (a hand passing over it for a
  frame or two does not restart the count).
* A card is announced once: it can be seen again later (still lying there,
  or uncovered after a hand moved away) without a new event, until
  :meth:`PlayTracker.forget` is called for it (trick gathered, deal over).
* Cards that become stable in the same frame are ordered by turn: each is
  given to the seat whose image edge (``top``, ``bottom``, ``left``,
  ``right``) it lies towards (see :meth:`PlayTracker.seat_of`), and events
  are sorted in seat order starting at the seat whose turn it is.
* A card announced earlier that has not been seen for ``gone_frames`` frames
  is reported in :attr:`FrameResult.gone` (the trick was gathered).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

Edge = Literal["top", "bottom", "left", "right"]
Point = tuple[float, float]
EDGES: tuple[Edge, ...] = ("top", "bottom", "left", "right")


@dataclass(frozen=True)
class Seen:
    """One detection in one frame: ``card`` label (e.g. "TH"), ``confidence`` in [0, 1]
    and ``center`` (x, y) in image pixels."""

    card: str
    confidence: float
    center: Point


@dataclass(frozen=True)
class PlayEvent:
    """A card newly laid: ``card``, its ``position`` (x, y) in image pixels (mean over
    the frames it was seen), the ``frame`` number at which it became stable, the
    lowest ``confidence`` seen, and the ``seat`` it is nearest to (None without seats)."""

    card: str
    position: Point
    frame: int
    confidence: float
    seat: str | None


@dataclass(frozen=True)
class FrameResult:
    """What one frame changed: new ``plays`` (in turn order) and cards ``gone``."""

    plays: list[PlayEvent]
    gone: list[str]


@dataclass
class _Track:
    first: int
    last: int
    frames: int
    xs: float
    ys: float
    min_conf: float
    announced: bool = False


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """True if ``p`` is inside (or on the edge of) the simple polygon ``polygon`` (>= 3 points)."""
    x, y = p
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        # on the edge
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) < 1e-9 and min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2):
            return True
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                inside = not inside
    return inside


@dataclass
class PlayTracker:
    """Stateful tracker; see the module docstring for the rules.

    ``frame_size``: (width, height) of the frames, pixels.
    ``play_area``: polygon (image pixels) where plays are read; None = whole frame.
    ``seats``: seat name -> image edge that seat sits at; ``turn_order``: seat names
    in playing order (defaults to the order of ``seats``).
    Raises ValueError on an unknown edge, a polygon with fewer than 3 points,
    or non-positive frame counts.
    """

    frame_size: tuple[int, int]
    play_area: Sequence[Point] | None = None
    seats: Mapping[str, Edge] = field(default_factory=dict)
    turn_order: Sequence[str] | None = None
    threshold: float = 0.5
    stable_frames: int = 5
    max_gap: int = 3
    gone_frames: int = 15
    _frame: int = field(default=-1, init=False, repr=False)
    _tracks: dict[str, _Track] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.play_area is not None and len(self.play_area) < 3:
            raise ValueError("the play area needs at least 3 points")
        for seat, edge in self.seats.items():
            if edge not in EDGES:
                raise ValueError(f"seat {seat!r}: unknown image edge {edge!r} (use {EDGES})")
        if self.stable_frames < 1 or self.max_gap < 0 or self.gone_frames < 1:
            raise ValueError("stable_frames and gone_frames must be >= 1, max_gap >= 0")
        if self.turn_order is None:
            self.turn_order = list(self.seats)
        unknown = [s for s in self.turn_order if s not in self.seats]
        if unknown:
            raise ValueError(f"turn order names seats without an edge: {unknown}")

    def seat_of(self, p: Point) -> str | None:
        """The seat whose image edge point ``p`` lies towards (None without seats).

        Offsets from the frame centre are scaled by the half width / half height,
        so a wide frame does not favour the top and bottom seats.
        """
        if not self.seats:
            return None
        w, h = self.frame_size
        dx = (p[0] - w / 2) / (w / 2)
        dy = (p[1] - h / 2) / (h / 2)
        toward = {"top": -dy, "bottom": dy, "left": -dx, "right": dx}
        return max(self.seats, key=lambda s: toward[self.seats[s]])

    def _turn_key(self, seat: str | None, next_seat: str | None) -> int:
        order = list(self.turn_order or [])
        if seat is None or seat not in order:
            return len(order)
        start = order.index(next_seat) if next_seat in order else 0
        return (order.index(seat) - start) % len(order)

    def update(self, detections: Iterable[Seen], next_seat: str | None = None) -> FrameResult:
        """Feed the detections of the next frame; returns the plays it completes.

        ``next_seat``: the seat whose turn it is (orders cards that become stable
        in the same frame); None starts at the first seat of the turn order.
        """
        self._frame += 1
        f = self._frame
        seen_now: dict[str, Seen] = {}
        for d in detections:
            if d.confidence < self.threshold:
                continue
            if self.play_area is not None and not point_in_polygon(d.center, self.play_area):
                continue
            prev = seen_now.get(d.card)
            if prev is None or d.confidence > prev.confidence:
                seen_now[d.card] = d
        for card, d in seen_now.items():
            t = self._tracks.get(card)
            if t is None or (not t.announced and f - t.last > self.max_gap + 1):
                self._tracks[card] = _Track(f, f, 1, d.center[0], d.center[1], d.confidence)
                continue
            t.last = f
            t.frames += 1
            t.xs += d.center[0]
            t.ys += d.center[1]
            t.min_conf = min(t.min_conf, d.confidence)
        plays = []
        for card, t in self._tracks.items():
            if not t.announced and t.last == f and t.frames >= self.stable_frames:
                t.announced = True
                pos = (t.xs / t.frames, t.ys / t.frames)
                plays.append(PlayEvent(card, pos, f, t.min_conf, self.seat_of(pos)))
        plays.sort(key=lambda e: (self._turn_key(e.seat, next_seat), e.position))
        gone = []
        for card, t in list(self._tracks.items()):
            if t.announced and f - t.last >= self.gone_frames:
                gone.append(card)
                del self._tracks[card]
            elif not t.announced and f - t.last > self.max_gap + 1:
                del self._tracks[card]
        return FrameResult(plays, sorted(gone))

    def forget(self, cards: Iterable[str]) -> None:
        """Drop what is known about ``cards`` (e.g. a gathered trick): if seen
        again, they are announced again after ``stable_frames`` frames."""
        for c in cards:
            self._tracks.pop(c, None)

    @property
    def on_table(self) -> list[str]:
        """Cards announced and not yet gone or forgotten, sorted."""
        return sorted(c for c, t in self._tracks.items() if t.announced)
