"""Trick videos for camera play (issue 9), generated at test time from a committed
seed: an overhead 1280x720 view of the middle of a table where four players lay
cards trick by trick, with the truth (which seat laid which card in which trick).

* **Card pixels** come from the CC0 deck ``@letele/playing-cards`` (the art the
  reader's templates are built from), rasterised once into ``art/letele.png`` by
  ``build_art.py``. Three decks are made from it: ``plain`` (as printed),
  ``warm`` (cream paper, brown-black ink, a 57x89 bridge card, as under warm light)
  and ``bordered`` (a grey paper rim around the face, cooler paper, a thin dark
  edge), plus ``drawn``: the number cards and aces of ``tests/vision/synth.py``
  with the CC0 court cards.
* **Surfaces**: dark green felt, wood, dark cloth, and light ones within 50 grey
  levels of the card paper (maple, laminate, linen).
* **Play**: the cards are dealt at random and played by the rules' order of play,
  following suit where the hand can (the engine decides who wins and leads next).
  A hand reaches in with each card and withdraws; cards lie in front of their
  seat, rotated anyhow, a new card overlapping older ones by up to a third of its
  area; the trick is gathered by a hand sweeping the pile off the play area.
  Hands sometimes pass over the table without laying.
* **Camera**: a little sensor noise and light flicker per frame; written as MJPG
  ``.avi`` at JPEG quality about 70.

Special moments a :class:`VideoSpec` may ask for: a card laid at another seat's
place (``wrong_place``), a card laid outside the play area so that the trick is
gathered with three cards seen (``hidden``), a trump lead under kort.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent  # tests/helpers
ART = HERE.parent / "camera" / "art" / "letele.png"
ART_W, ART_H = 160, 224
RANKS = "A23456789TJQK"
SUITS = "SHDC"
SIZE = (1280, 720)
FPS = 10.0
JPEG_QUALITY = 70
PLAY_AREA = (0.2, 0.15, 0.8, 0.85)
CENTRE = (SIZE[0] / 2, SIZE[1] / 2)
DIRECTION = {"S": (0.0, 1.0), "N": (0.0, -1.0), "W": (-1.0, 0.0), "E": (1.0, 0.0)}
"""Default --seats: S at the bottom edge, N top, W left, E right."""
LIGHT = ("maple", "laminate", "linen")
PAPER_GREY = {"plain": 252.0, "warm": 232.0, "bordered": 240.0, "drawn": 245.0}


# ------------------------------------------------------------------ decks
@lru_cache(maxsize=1)
def _sheet() -> Any:
    img = cv2.imread(str(ART), cv2.IMREAD_COLOR)
    assert img is not None, f"missing card art {ART} (python -m tests.camera.build_art)"
    return img


def art(card: str) -> Any:
    """The CC0 face of ``card`` (e.g. "TH"), (ART_H, ART_W, 3) BGR."""
    col, row = RANKS.index(card[0]), SUITS.index(card[1])
    return _sheet()[row * ART_H : (row + 1) * ART_H, col * ART_W : (col + 1) * ART_W].copy()


@lru_cache(maxsize=256)
def face(card: str, deck: str) -> Any:
    """``card`` as printed in ``deck`` (see the module docstring), BGR uint8."""
    img = art(card).astype(np.float32)
    if deck == "plain":
        return img.astype(np.uint8)
    if deck == "warm":
        ink = 255.0 - img  # darkness of the print
        paper = np.array([196, 226, 240], np.float32)  # cream (BGR)
        tint = np.array([0.85, 0.95, 1.0], np.float32)  # ink a little brown
        out = paper - ink * tint * (paper / 255.0)
        out = cv2.resize(out, (round(ART_W * 57 / 63 * 88 / 89), ART_H), interpolation=cv2.INTER_AREA)
        return np.clip(out, 0, 255).astype(np.uint8)
    if deck == "bordered":
        rim = 12
        base = np.full((ART_H + 2 * rim, ART_W + 2 * rim, 3), (246, 240, 236), np.float32)
        base[rim:-rim, rim:-rim] = img * np.array([0.97, 0.95, 0.93], np.float32)
        cv2.rectangle(base, (1, 1), (base.shape[1] - 2, base.shape[0] - 2), (90, 90, 90), 2)
        return np.clip(cv2.resize(base, (ART_W, ART_H), interpolation=cv2.INTER_AREA), 0, 255).astype(
            np.uint8
        )
    if deck == "drawn":
        if card[0] in "JQK":
            return img.astype(np.uint8)
        from tests.helpers.synth import card_face

        return cv2.resize(card_face(card), (ART_W, ART_H), interpolation=cv2.INTER_AREA)
    raise ValueError(f"unknown deck {deck!r}")


# ------------------------------------------------------------------ surfaces
def surface(kind: str, rng: np.random.Generator, size: tuple[int, int] = SIZE) -> Any:
    """A table ``kind`` (felt, wood, cloth, maple, laminate, linen), BGR uint8."""
    w, h = size
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(w, dtype=np.float32)[None, :]
    n = rng.normal(0, 1, (h, w)).astype(np.float32)
    if kind == "felt":
        img = np.stack([40 + 8 * n, 110 + 8 * n, 35 + 8 * n], axis=2)
    elif kind == "cloth":
        img = np.stack([34 + 4 * n, 28 + 4 * n, 30 + 4 * n], axis=2)
    elif kind == "wood":
        grain = 18 * np.sin(y / 9.0 + 3 * np.sin(x / 110.0)) + 5 * n
        img = np.stack([45 + 0.4 * grain, 75 + 0.7 * grain, 125 + grain], axis=2)
    elif kind == "maple":
        grain = 7 * np.sin(y / 6.0 + 2.5 * np.sin(x / 140.0)) + 3 * n
        img = np.stack([178 + 0.6 * grain, 206 + 0.8 * grain, 226 + grain], axis=2)
    elif kind == "laminate":
        img = np.stack([206 + 3 * n, 208 + 3 * n, 210 + 3 * n], axis=2)
    elif kind == "linen":
        weave = 5 * np.sin(x * 1.3) * np.sin(y * 1.3) + 3 * n
        img = np.stack([196 + weave, 212 + weave, 220 + weave], axis=2)
    else:
        raise ValueError(kind)
    # uneven light: brighter towards one corner
    light = 1.0 + 0.06 * ((x / w) - 0.5) - 0.05 * ((y / h) - 0.5)
    return np.clip(img * light[:, :, None], 0, 255).astype(np.uint8)


def grey(img: Any) -> float:
    return float(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).mean())


# ------------------------------------------------------------------ drawing
def _mask(h: int, w: int) -> Any:
    r = max(3, round(0.06 * w))
    m = np.zeros((h, w), np.uint8)
    cv2.rectangle(m, (r, 0), (w - r, h), 255, -1)
    cv2.rectangle(m, (0, r), (w, h - r), 255, -1)
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return m


def outline(center: tuple[float, float], angle: float, width: float, aspect: float) -> Any:
    """The four corners (4, 2) of a card of ``width`` px laid at ``center``, ``angle``
    degrees (counter-clockwise on screen)."""
    return cv2.boxPoints(((center[0], center[1]), (width, width * aspect), -angle)).astype(np.float32)


def put(frame: Any, img: Any, center: tuple[float, float], angle: float, width: float) -> None:
    """Paste card image ``img`` into ``frame`` (in place), ``width`` px wide, with a soft shadow."""
    h, w = img.shape[:2]
    s = width / w
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, s)
    m[0, 2] += center[0] - w / 2
    m[1, 2] += center[1] - h / 2
    r = int(width * 0.9) + 8
    x0, y0 = max(0, int(center[0]) - r), max(0, int(center[1]) - r)
    x1, y1 = min(frame.shape[1], int(center[0]) + r), min(frame.shape[0], int(center[1]) + r)
    m[0, 2] -= x0
    m[1, 2] -= y0
    roi = frame[y0:y1, x0:x1]
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpAffine(img, m, size, flags=cv2.INTER_AREA)
    wm = cv2.warpAffine(_mask(h, w), m, size, flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    sm = (
        cv2.warpAffine(
            _mask(h, w), m + np.array([[0, 0, 3], [0, 0, 4]]), size, flags=cv2.INTER_LINEAR
        ).astype(np.float32)
        / 255
    )
    sm = cv2.GaussianBlur(sm, (0, 0), 3)
    out = roi.astype(np.float32) * (1 - 0.3 * sm[:, :, None])
    out = out * (1 - wm[:, :, None]) + warped.astype(np.float32) * wm[:, :, None]
    roi[:] = np.clip(out, 0, 255).astype(np.uint8)


def felt_with(singles: tuple[str, ...], width: float = 95, first_x: float = 900) -> Any:
    """A 1280x720 felt frame (seed 5) with the cards ``singles`` of the plain deck lying
    alone along its top, ``width`` px wide, 150 px apart from ``first_x``: they give the
    frame's card size."""
    frame = surface("felt", np.random.default_rng(5), SIZE)
    for k, c in enumerate(singles):
        put(frame, face(c, "plain"), (first_x + 150 * k, 150), 5 * k, width)
    return frame


def hand_of_two(
    singles: tuple[str, ...], lower: str, upper: str, step: float, angle: float = 0.0, width: float = 95
) -> Any:
    """:func:`felt_with` ``singles``, and a hand of two: ``lower`` upright at (400, 400),
    ``upper`` over it ``step`` card widths to the right, turned ``angle`` degrees."""
    frame = felt_with(singles, width)
    put(frame, face(lower, "plain"), (400, 400), 0, width)
    put(frame, face(upper, "plain"), (400 + step * width, 400), angle, width)
    return frame


def hand(frame: Any, at: tuple[float, float], towards: tuple[float, float], size: int = 110) -> None:
    """A skin-coloured hand and forearm reaching to ``at`` from direction ``towards``
    (the seat's edge), drawn in place."""
    skin = (105, 150, 205)
    cx, cy = at
    dx, dy = towards
    arm_end = (int(cx + dx * 900), int(cy + dy * 900))
    cv2.line(frame, (int(cx), int(cy)), arm_end, (90, 130, 185), int(size * 0.7))
    cv2.ellipse(
        frame,
        (int(cx), int(cy)),
        (size // 2, int(size * 0.42)),
        float(np.degrees(np.arctan2(dy, dx))),
        0,
        360,
        skin,
        -1,
        cv2.LINE_AA,
    )
    for k in (-1.5, -0.5, 0.5, 1.5):
        fx = cx - dx * size * 0.55 + dy * k * size * 0.2
        fy = cy - dy * size * 0.55 - dx * k * size * 0.2
        cv2.circle(frame, (int(fx), int(fy)), size // 9, skin, -1, cv2.LINE_AA)


# ------------------------------------------------------------------ the play
@dataclass(frozen=True)
class Laid:
    """One card of the truth: ``seat`` laid ``card`` in ``trick`` of deal ``deal``;
    ``seen`` False when it was laid outside the play area (the camera cannot see it);
    ``place``: the seat whose place it lies at (another seat's for ``wrong_place``)."""

    deal: int
    trick: int
    seat: str
    card: str
    seen: bool = True
    place: str = ""
    overlap: float = 0.0
    declared: str | None = None

    @property
    def typed(self) -> str:
        """The card as the table types it (``7H:trop`` for a declared trump lead)."""
        return f"{self.card}:{self.declared}" if self.declared else self.card


@dataclass(frozen=True)
class VideoSpec:
    """What to generate: ``tricks`` tricks of a new session under ``profile`` (pagat with
    dealer N: W calls and leads; kort with caller S) on ``surface`` with ``deck``, from
    ``seed``. ``wrong_place``: (trick, k): the k-th card of the trick (0: the lead) is
    laid at the next-but-one seat's place; ``hidden``: (trick, k): that card is laid
    outside the play area (k = 3: the trick is gathered with three cards seen);
    ``trump_lead``: the caller leads a trump in trick 1 (kort: tsar or trop?)."""

    name: str
    seed: int
    surface: str
    deck: str
    tricks: int = 3
    profile: str = "pagat"
    card_width: float = 90.0
    wrong_place: tuple[int, int] | None = None
    hidden: tuple[int, int] | None = None
    trump_lead: bool = False
    passes: int = 1


@dataclass
class Truth:
    """What a video shows: the trumps chosen (``trump`` line typed before it), every
    card laid (:class:`Laid`), the frame count and the session's first seat."""

    spec: VideoSpec
    trump_line: str
    laid: list[Laid] = field(default_factory=list)
    frames: int = 0

    def script(self, answers: bool = True) -> list[str]:
        """stdin for ``referee start``: the trump line, ``camera``, and (``answers``) one
        scripted answer per card keyed to the question that would ask for it
        (``@DEAL.TRICK.SEAT CARD``), the card as the table would type it."""
        lines = [self.trump_line, "camera"]
        if answers:
            lines += [f"@{c.deal}.{c.trick}.{c.seat} {c.typed}" for c in self.laid]
        return lines

    def start_args(self) -> list[str]:
        if self.spec.profile == "kort":
            return ["--profile", "kort", "--caller", "S"]
        return ["--profile", "pagat", "--dealer", "N"]


def _deal(rng: np.random.Generator) -> dict[str, list[str]]:
    cards = [r + s for s in SUITS for r in RANKS]
    order = rng.permutation(52)
    return {seat: [cards[i] for i in order[k * 13 : (k + 1) * 13]] for k, seat in enumerate("SWNE")}


def _game(profile: str) -> Any:
    from referee.core.game import Game
    from referee.core.table import Seat
    from referee.profiles import load_profile

    prof = load_profile(profile)
    if prof.rotation == "dealer":
        return Game(prof, first_dealer=Seat.N)
    return Game(prof, first_caller=Seat.S)


def plan(spec: VideoSpec) -> tuple[str, list[Laid]]:
    """The trump line and the cards of ``spec.tricks`` tricks, in order of play."""
    from referee.core.cards import Card
    from referee.core.events import ChooseTrump, Play

    rng = np.random.default_rng(spec.seed)
    hands = _deal(rng)
    g = _game(spec.profile)
    caller = g.score.caller.name
    counts = {s: sum(c[1] == s for c in hands[caller][:5]) for s in SUITS}
    trump = max(SUITS, key=lambda s: (counts[s], rng.random()))
    g.apply(ChooseTrump(Card.parse("2" + trump).suit))
    laid: list[Laid] = []
    for trick in range(1, spec.tricks + 1):
        led: str | None = None
        for k in range(4):
            seat = g.to_play.name
            hand_ = hands[seat]
            if k == 0:
                trumps = [c for c in hand_ if c[1] == trump]
                if spec.trump_lead and trick == 1 and trumps:
                    pool = trumps
                else:
                    pool = [c for c in hand_ if c[1] != trump] or hand_
            else:
                pool = [c for c in hand_ if c[1] == led] or hand_
            card = pool[int(rng.integers(len(pool)))]
            if k == 0:
                led = card[1]
            decl = "trop" if spec.trump_lead and trick == 1 and k == 0 and card[1] == trump else None
            hand_.remove(card)
            order = _order(g, seat)
            g.apply(Play(Card.parse(card), decl))  # type: ignore[arg-type]
            place = seat
            if spec.wrong_place == (trick, k):
                place = order[2].name
            seen = spec.hidden != (trick, k)
            laid.append(Laid(1, trick, seat, card, seen, place, declared=decl))
    return f"trump {trump}", laid


def _order(g: Any, seat: str) -> list[Any]:
    from referee.core.table import Seat

    s = Seat[seat]
    out = [s]
    while len(out) < 4:
        out.append(out[-1].next(g.clockwise))
    return out


def _spot(
    place: str, rng: np.random.Generator, width: float, out: float = 0.0
) -> tuple[tuple[float, float], float]:
    dx, dy = DIRECTION[place]
    near = (0.6 if dx == 0 else 0.72) + out
    dist = width * (near + 0.25 * rng.random())
    side = width * 0.18 * (rng.random() * 2 - 1)
    cx = CENTRE[0] + dx * dist + dy * side
    cy = CENTRE[1] + dy * dist + dx * side
    base = 0.0 if dx == 0 else 90.0
    return (cx, cy), base + float(rng.normal(0, 14))


def _overlap(a: Any, b: Any) -> float:
    inter, _pts = cv2.intersectConvexConvex(a, b)
    return float(inter) / float(cv2.contourArea(a))


class Video:
    """Frames of one video and its truth (see the module docstring)."""

    def __init__(self, spec: VideoSpec) -> None:
        self.spec = spec
        self.rng = np.random.default_rng(spec.seed + 1000)
        trump_line, laid = plan(spec)
        self.truth = Truth(spec, trump_line)
        self._laid = laid
        self.table = surface(spec.surface, self.rng)
        self.aspect = face("AS", spec.deck).shape[0] / face("AS", spec.deck).shape[1]
        self.frames: list[Any] = []  # (image, repeat) pairs

    def _emit(self, img: Any, n: int = 1) -> None:
        self.frames.append((img.copy(), n))

    def build(self) -> Video:
        spec, rng = self.spec, self.rng
        w = spec.card_width
        self._emit(self.table, 6)
        lying: list[tuple[Any, Any]] = []  # (outline, laid)
        pile = self.table.copy()
        passes = set(
            rng.choice(len(self._laid), size=min(spec.passes, len(self._laid)), replace=False).tolist()
        )
        for i, c in enumerate(self._laid):
            if not c.seen:
                far = DIRECTION[c.seat]  # at the player's edge, outside the play area
                at, angle = (CENTRE[0] + far[0] * 520, CENTRE[1] + far[1] * 330), 10.0
                ov = 0.0
            else:
                for _try in range(200):
                    at, angle = _spot(c.place, rng, w, out=0.004 * _try)
                    quad = outline(at, angle, w, self.aspect)
                    ov = max((_overlap(quad, q) for q, _ in lying), default=0.0)
                    if ov <= 1 / 3:
                        break
                lying.append((outline(at, angle, w, self.aspect), c))
            self.truth.laid.append(Laid(c.deal, c.trick, c.seat, c.card, c.seen, c.place, ov, c.declared))
            self._lay(pile, c, at, angle)
            if i in passes:  # a hand passes over the table and goes
                for t in (0.2, 0.5, 0.8):
                    f = pile.copy()
                    hand(f, (CENTRE[0] - 250 + 500 * t, CENTRE[1] + 60), (0.0, 1.0))
                    self._emit(f)
                self._emit(pile, 3)
            if i % 4 == 3:
                pile = self._gather(pile, lying)
                lying = []
        self._emit(pile, 5)
        self.truth.frames = sum(n for _img, n in self.frames)
        return self

    def _lay(self, pile: Any, c: Laid, at: tuple[float, float], angle: float) -> None:
        d = DIRECTION[c.seat]
        put(pile, face(c.card, self.spec.deck), at, angle, self.spec.card_width)
        for reach in (1.6, 0.7, 0.5, 1.5):  # the hand comes in with the card, goes
            f = pile.copy()
            hand(f, (at[0] + d[0] * 60 * reach, at[1] + d[1] * 60 * reach), d)
            self._emit(f)
        self._emit(pile, 5)

    def _gather(self, pile: Any, lying: list[tuple[Any, Any]]) -> Any:
        """The winner's hand sweeps the pile off the play area."""
        ws = self.rng.choice(list(DIRECTION))
        d = DIRECTION[str(ws)]
        for k in range(1, 4):
            f = self.table.copy()
            for q, c in lying:
                centre = q.mean(axis=0)
                shift = (centre[0] + d[0] * 150 * k, centre[1] + d[1] * 110 * k)
                put(f, face(c.card, self.spec.deck), shift, 10.0 * k, self.spec.card_width)
            hand(f, (CENTRE[0] + d[0] * 120 * k, CENTRE[1] + d[1] * 90 * k), d)
            self._emit(f)
        empty = self.table.copy()
        self._emit(empty, 5)
        return empty

    def iter_frames(self) -> Iterator[Any]:
        """Every frame with sensor noise and light flicker (before compression)."""
        shape = (SIZE[1], SIZE[0], 3)
        noise = []
        for _ in range(3):
            n = self.rng.normal(0, 2.0, shape[:2])
            up = np.clip(np.round(n), 0, 255).astype(np.uint8)
            down = np.clip(np.round(-n), 0, 255).astype(np.uint8)
            noise.append((cv2.merge([up] * 3), cv2.merge([down] * 3)))
        k = 0
        for img, n in self.frames:
            for _ in range(n):
                gain = 1.0 + 0.01 * float(self.rng.normal())
                f = cv2.convertScaleAbs(img, alpha=gain)
                lift, drop = noise[k % 3]
                yield cv2.subtract(cv2.add(f, lift), drop)
                k += 1

    def write(self, path: Path) -> Path:
        """The video as MJPG ``.avi`` at JPEG quality ``JPEG_QUALITY``."""
        writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), FPS, SIZE)
        assert writer.isOpened(), "cv2.VideoWriter cannot write MJPG .avi here"
        writer.set(cv2.VIDEOWRITER_PROP_QUALITY, JPEG_QUALITY)
        try:
            for f in self.iter_frames():
                writer.write(f)
        finally:
            writer.release()
        return path


def make(spec: VideoSpec, path: Path) -> Truth:
    """Generate ``spec`` into ``path`` (an .avi); returns its truth."""
    v = Video(spec).build()
    v.write(path)
    return v.truth


# ------------------------------------------------------------------ the committed set
VIDEOS: tuple[VideoSpec, ...] = (
    VideoSpec("felt-plain", seed=11, surface="felt", deck="plain", tricks=3, card_width=92),
    VideoSpec(
        "maple-warm", seed=23, surface="maple", deck="warm", tricks=3, card_width=86, wrong_place=(2, 1)
    ),
    VideoSpec(
        "laminate-bordered",
        seed=37,
        surface="laminate",
        deck="bordered",
        tricks=3,
        card_width=96,
        hidden=(2, 3),
    ),
    VideoSpec("wood-drawn", seed=41, surface="wood", deck="drawn", tricks=3, card_width=100),
    VideoSpec("cloth-warm", seed=53, surface="cloth", deck="warm", tricks=2, card_width=82),
    VideoSpec(
        "linen-plain-kort",
        seed=71,
        surface="linen",
        deck="plain",
        tricks=2,
        profile="kort",
        trump_lead=True,
        card_width=92,
    ),
)
"""The videos the tests play (names are their ids); the seed fixes every pixel."""
